"""What a seat learns of another seat's move is what the engine's events tell
it: the history, the commitments, the game resource and the resolution mails
are built from the events addressed to that seat, never from raw actions; the
seed and the salts are published only with the finished game's record."""

import hashlib
import json

import pytest

from engines.base import canonical
from notifications.models import Notification
from pbem import errors, selectors, services
from pbem.models import Game
from tests.support.rendered import rendered


def play_round(game, bids=(4, 1)):
    for seat, amount in enumerate(bids):
        services.move_submit(game_id=game.pk, seat=seat, action={"type": "bid", "amount": amount}, source="api")
    services.game_advance(game_id=game.pk)
    game.refresh_from_db()


def test_history_shows_only_your_own_actions_and_the_events_for_your_seat(started_game, alice, bob, carol):
    play_round(started_game)
    services.move_submit(game_id=started_game.pk, seat=0, action={"type": "peek"}, source="api")
    services.game_advance(game_id=started_game.pk)
    started_game.refresh_from_db()
    mine = selectors.game_history(game=started_game, user=alice)
    theirs = selectors.game_history(game=started_game, user=bob)
    outsider = selectors.game_history(game=started_game, user=carol)
    assert [m.get("action") for m in mine[0]["moves"]] == [{"type": "bid", "amount": 4}, None]
    assert [m.get("action") for m in theirs[0]["moves"]] == [None, {"type": "bid", "amount": 1}]
    assert all("action" not in m for step in outsider for m in step["moves"])
    # the engine says the amounts of a resolved bid: that is how the others learn them
    assert theirs[0]["events"][0]["data"]["bids"] == {"0": 4, "1": 1}
    # the peek: its value only to alice, and her action to nobody else
    assert any(e["type"] == "peek" for e in mine[1]["events"])
    assert not any(e["type"] == "peek" for e in theirs[1]["events"] + outsider[1]["events"])
    assert "peek" not in json.dumps([m for m in theirs[1]["moves"]])


def test_commitments_carry_no_content_and_no_salt_until_the_game_is_finished(started_game, alice, bob):
    services.move_submit(game_id=started_game.pk, seat=0, action={"type": "bid", "amount": 4}, source="api")
    before = selectors.game_detail(game=started_game, user=bob)["commitments"]
    assert before == [{"version": 0, "seat": 0, "commitment": before[0]["commitment"], "resolved": False}]
    services.move_submit(game_id=started_game.pk, seat=1, action={"type": "bid", "amount": 1}, source="api")
    services.game_advance(game_id=started_game.pk)
    started_game.refresh_from_db()
    after = selectors.game_detail(game=started_game, user=bob)["commitments"]
    assert {tuple(sorted(c)) for c in after} == {("commitment", "resolved", "seat", "version")}
    assert all(c["resolved"] for c in after)


def test_another_seats_prompt_is_not_shown(started_game, alice, bob):
    detail = selectors.game_detail(game=started_game, user=bob)
    prompts = {d["seat"]: d["prompt"] for d in detail["decisions"]}
    assert prompts[0] is None and prompts[1].startswith("Bid for the prize")


def test_the_resolution_mail_tells_each_seat_what_the_events_tell_it(started_game, alice, bob):
    from pbem.services.preferences import preference_set

    for user in (alice, bob):  # the resolution mail goes to players on every-move mail (digest is the default)
        preference_set(user=user, mode="every_move")
    play_round(started_game)
    mails = {n.seat: rendered(n).body_text for n in Notification.objects.filter(game=started_game, kind=Notification.Kind.RESOLUTION)}
    assert set(mails) == {0, 1}
    assert "alice wins the prize" in mails[1]  # players by name, as the page and the digest say them
    assert "Your answer: 1\n" in mails[1]  # in the game's words (the engine's label for the play), not the raw action
    assert '"amount":4' not in mails[1]  # alice's raw answer is not in bob's mail
    from pbem.models import SealedMove

    for secret in SealedMove.objects.filter(move__game=started_game):
        assert secret.salt not in mails[0] + mails[1]


def test_seed_is_secret_until_the_end_and_matches_its_commitment(alice):
    game = services.game_create(creator=alice, engine="sealedbid", players=2, bots=1)
    services.game_start(game_id=game.pk, user=alice)
    game.refresh_from_db()
    detail = selectors.game_detail(game=game, user=alice)
    assert str(game.seed) not in json.dumps(detail, default=str)
    with pytest.raises(errors.Conflict):
        selectors.game_record(game=game)
    while game.status != Game.Status.FINISHED:
        services.move_submit(game_id=game.pk, seat=0, action={"type": "bid", "amount": 0} if game.state["phase"] == "bid" else {"type": "claim", "take": "coins"}, source="api")
        services.game_advance(game_id=game.pk)
        game.refresh_from_db()
    record = selectors.game_record(game=game, user=alice)
    assert hashlib.sha256(f"{record['seed']}:{record['seed_salt']}".encode()).hexdigest() == detail["seed_commitment"]
    assert selectors.game_detail(game=game, user=alice)["commitments"][0]["salt"]


def test_seeds_come_from_the_secure_source(alice):
    seeds = {services.game_create(creator=alice, engine="sealedbid", players=2).seed for _ in range(5)}
    salts = {g.seed_salt for g in Game.objects.all()}
    assert len(seeds) == 5 and len(salts) == 5


def test_a_private_game_shows_only_to_its_players_and_invitees(alice, bob, carol, make_user):
    from notifications.models import Invitation

    game = services.game_create(creator=alice, engine="sealedbid", players=3, visibility="private")
    for reader in (bob, carol):
        with pytest.raises(errors.NotFound):
            selectors.game_detail(game=game, user=reader)
        with pytest.raises(errors.NotFound):
            selectors.game_get(game_id=game.pk, user=reader)
    with pytest.raises(errors.NotFound):
        services.game_join(game_id=game.pk, user=bob)
    with pytest.raises(errors.NotFound):
        services.game_join(game_id=game.pk, user=bob, code="wrong")
    services.game_join(game_id=game.pk, user=bob, code=game.invite_code)
    assert selectors.game_detail(game=game, user=bob)["your_seat"] == 1
    Invitation.objects.create(game=game, email=carol.email, invited_by=alice)
    assert selectors.game_visible(game=game, user=carol)
    services.game_join(game_id=game.pk, user=carol)  # invited by address: no code needed
    dave = make_user("dave")
    assert not selectors.game_visible(game=game, user=dave)
    with pytest.raises(errors.NotFound):
        selectors.game_history(game=game, user=dave)


def test_a_public_game_shows_the_spectator_view_but_not_its_invite_code(alice, bob):
    game = services.game_create(creator=alice, engine="sealedbid", players=2)
    assert selectors.game_detail(game=game, user=bob)["invite_code"] is None
    assert selectors.game_detail(game=game, user=alice)["invite_code"] == game.invite_code
    services.game_join(game_id=game.pk, user=bob)  # a public game needs no code


def test_visibility_is_checked(alice):
    with pytest.raises(errors.InvalidRequest, match="visibility"):
        services.game_create(creator=alice, engine="sealedbid", players=2, visibility="secret")


def test_the_record_of_a_finished_game_checks_against_its_commitments(alice):
    game = services.game_create(creator=alice, engine="sealedbid", players=2, bots=1, seed=3)
    services.game_start(game_id=game.pk, user=alice)
    game.refresh_from_db()
    while game.status != Game.Status.FINISHED:
        action = {"type": "bid", "amount": 1} if game.state["phase"] == "bid" else {"type": "claim", "take": "points"}
        services.move_submit(game_id=game.pk, seat=0, action=action, source="api")
        services.game_advance(game_id=game.pk)
        game.refresh_from_db()
    published = {(c["version"], c["seat"]): c for c in selectors.game_detail(game=game, user=alice)["commitments"]}
    for step in selectors.game_record(game=game)["steps"]:
        for seat, m in step["moves"].items():
            if "salt" in m:
                c = published[(step["version"], int(seat))]
                assert c["salt"] == m["salt"]
                body = canonical({"action": m["action"], "game": game.pk, "salt": m["salt"], "seat": int(seat), "version": step["version"]})
                assert hashlib.sha256(body.encode()).hexdigest() == c["commitment"]
