"""The orders endpoints: a seat's own orders, standing orders, taking back;
documented in the schema; nobody else reads them."""

from engines.base import canonical
from pbem.models import Game, Move


def test_orders_by_api(api, alice, bob, carol):
    from tests.pbem.test_orders import to_bidding, waiting

    game = to_bidding(alice, bob)
    opener = waiting(game)[0].seat
    me, other = api(opener.player), api(bob if opener.player == alice else alice)
    url = f"/api/games/{game.pk}/orders/"

    got = me.get(url).json()
    assert [s["type"] for s in got["standing_specs"]] == ["limit", "pass_except"] and got["take_back"] is False
    r = me.post(url + "standing/", {"order": "limit maximilien 4"}, format="json")
    assert r.status_code == 201 and r.json()["standing"][0]["command"] == "limit maximilien 4"
    bad = me.post(url + "standing/", {"order": {"type": "limit", "noble": "kaiser", "notes": 4}}, format="json")
    assert bad.status_code == 400 and "limit maximilien 3" in bad.json()["detail"]
    # the other seat's orders are its own: bob sees none of alice's, an outsider has no seat
    assert other.get(url).json()["standing"] == []
    assert api(carol).get(url).status_code in (403, 404)

    # candidates for the decision open now are played at once
    before = canonical(Game.objects.get(pk=game.pk).state)
    r = me.put(url, {"candidates": ["raise 9", "pass"]}, format="json")
    assert r.status_code == 200 and r.json()["next"] == []
    assert Move.objects.filter(game=game, seat=opener.index, source="order", action={"type": "pass"}).exists()
    from pbem import services

    services.game_advance(game_id=game.pk)
    assert me.get(url).json()["take_back"] is True
    r = me.post(f"/api/games/{game.pk}/take-back/")
    assert r.status_code == 200, r.json()
    assert canonical(Game.objects.get(pk=game.pk).state) == before
    assert me.post(f"/api/games/{game.pk}/take-back/").status_code == 409

    order_id = me.get(url).json()["standing"][0]["id"]
    assert other.delete(f"{url}standing/{order_id}/").status_code == 400  # not bob's to withdraw
    assert me.delete(f"{url}standing/{order_id}/").status_code == 204
    assert me.get(url).json()["standing"] == []
    schema = api().get("/api/schema/").content.decode()
    assert "/api/games/{game_id}/orders/standing/" in schema and "/api/games/{game_id}/take-back/" in schema
