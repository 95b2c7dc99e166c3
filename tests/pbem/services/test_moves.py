"""The one way a move enters a game, and the one way a decision is applied."""

import pytest

from engines.base import canonical
from pbem import errors, selectors, services
from pbem.models import Game, Move, PendingAction, SealedMove
from notifications.models import Notification


def snapshot(game_id):
    g = Game.objects.get(pk=game_id)
    return (
        canonical(g.state or {}),
        g.version,
        g.status,
        list(Move.objects.filter(game=g).values_list("pk", "status")),
        list(PendingAction.objects.filter(game=g).values_list("pk", "submitted_at", "closed_at")),
    )


def bid(game, seat, amount, key=None, **kw):
    return services.move_submit(
        game_id=game.pk, seat=seat, action={"type": "bid", "amount": amount}, source="api", idempotency_key=key, **kw
    )


def test_create_join_start_opens_sealed_decisions_for_every_seat(started_game):
    open_ = list(selectors.open_decisions(game=started_game))
    assert [(p.seat.index, p.kind, p.sealed) for p in open_] == [(0, "bid", True), (1, "bid", True)]
    assert all(p.deadline is not None for p in open_)
    assert started_game.status == "active" and started_game.version == 0
    # both players are told it is their move, in the outbox
    assert sorted(Notification.objects.filter(kind="your_move").values_list("to_email", flat=True)) == [
        "alice@example.org",
        "bob@example.org",
    ]


def test_sealed_move_is_stored_sealed_with_a_commitment_and_resolves_with_the_last(started_game):
    first = bid(started_game, 0, 7, key="k1")
    assert first.sealed and first.status == "accepted" and len(first.commitment) == 64
    move = Move.objects.get(pk=first.move_id)
    assert move.action is None  # the log row never holds the secret
    assert SealedMove.objects.get(move=move).content == {"type": "bid", "amount": 7}
    assert services.game_advance(game_id=started_game.pk) == 0  # bob has not answered
    bid(started_game, 1, 3, key="k2")
    assert services.game_advance(game_id=started_game.pk) == 1
    game = Game.objects.get(pk=started_game.pk)
    assert game.version == 1 and game.state["winner"] == 0 and game.state["coins"] == [3, 10]
    move.refresh_from_db()
    assert move.action == {"type": "bid", "amount": 7} and move.status == "applied"
    # the salt now checks against the commitment published before
    secret = move.secret
    assert services.commitment_of(game_id=game.pk, version=0, seat=0, action=move.action, salt=secret.salt) == first.commitment
    # digest, the default mail preference, leaves the reveal to the next "your move" mail
    assert Notification.objects.filter(kind="resolution").count() == 0


def test_a_sealed_move_can_be_replaced_until_the_decision_resolves(started_game):
    a = bid(started_game, 0, 9, key="a")
    b = bid(started_game, 0, 2, key="b")
    assert a.commitment != b.commitment
    old = Move.objects.get(pk=a.move_id)
    assert old.status == "superseded" and old.secret.content is None
    bid(started_game, 1, 5, key="c")
    services.game_advance(game_id=started_game.pk)
    game = Game.objects.get(pk=started_game.pk)
    assert game.state["winner"] == 1 and game.state["coins"] == [10, 5]


def test_same_idempotency_key_twice_gives_one_move(started_game):
    one = bid(started_game, 0, 4, key="same")
    two = bid(started_game, 0, 4, key="same")
    assert one.move_id == two.move_id and two.duplicate and not one.duplicate
    assert Move.objects.filter(game=started_game).count() == 1


def test_idempotency_key_of_another_seat_is_refused(started_game):
    bid(started_game, 0, 4, key="same")
    before = snapshot(started_game.pk)
    with pytest.raises(errors.Conflict):
        bid(started_game, 1, 4, key="same")
    assert snapshot(started_game.pk) == before


@pytest.mark.parametrize(
    "kwargs, error",
    [
        ({"action": {"type": "bid", "amount": 11}}, errors.IllegalMove),  # more than 10 coins
        ({"action": {"type": "claim", "take": "points"}}, errors.IllegalMove),  # not asked now
        ({"action": "bid 3"}, errors.IllegalMove),
        ({"action": {"type": "bid", "amount": 1}, "version": 5}, errors.StaleVersion),
        ({"action": {"type": "bid", "amount": 1}, "seat": 7}, errors.NotYourTurn),
        ({"action": {"type": "bid", "amount": 1}, "source": "carrier-pigeon"}, errors.InvalidRequest),
    ],
)
def test_every_refusal_changes_nothing(started_game, kwargs, error):
    before = snapshot(started_game.pk)
    args = {"game_id": started_game.pk, "seat": 0, "source": "api", "idempotency_key": "x"} | kwargs
    with pytest.raises(error) as info:
        services.move_submit(**args)
    assert info.value.message
    assert snapshot(started_game.pk) == before


def test_illegal_move_message_says_what_is_allowed(started_game):
    with pytest.raises(errors.IllegalMove) as info:
        bid(started_game, 0, 99)
    # the move by its label, what it may be instead and an example; never the param's own name
    assert "from 0 to 10" in info.value.message and "`bid" in info.value.message and "amount" not in info.value.message


def test_unsealed_turn_of_several_actions(started_game):
    bid(started_game, 0, 1, key="a")
    bid(started_game, 1, 0, key="b")
    services.game_advance(game_id=started_game.pk)
    peek = services.move_submit(game_id=started_game.pk, seat=0, action={"type": "peek"}, source="api", idempotency_key="p")
    assert peek.status == "accepted" and not peek.sealed
    # the next action of the same turn is taken even before a worker applied the peek
    claim = services.move_submit(
        game_id=started_game.pk, seat=0, action={"type": "claim", "take": "points"}, source="api", idempotency_key="c"
    )
    assert claim.version == peek.version + 1
    # a second claim for the same decision is stale: the claim was applied and a new round opened
    with pytest.raises(errors.StaleVersion):
        services.move_submit(
            game_id=started_game.pk, seat=0, action={"type": "claim", "take": "coins"}, source="api", version=claim.version
        )


def test_advance_is_idempotent(started_game):
    bid(started_game, 0, 1)
    bid(started_game, 1, 2)
    assert services.game_advance(game_id=started_game.pk) == 1
    state = snapshot(started_game.pk)
    assert services.game_advance(game_id=started_game.pk) == 0
    assert snapshot(started_game.pk) == state


def test_a_whole_game_with_a_bot_ends_with_an_outcome(alice):
    game = services.game_create(creator=alice, engine="sealedbid", players=2, bots=1, seed=3)
    services.game_start(game_id=game.pk, user=alice)
    for _ in range(20):
        game.refresh_from_db()
        if game.status == "finished":
            break
        services.game_advance(game_id=game.pk)  # lets the bot act
        mine = PendingAction.objects.filter(game=game, seat__index=0, closed_at__isnull=True, submitted_at__isnull=True).first()
        if mine:
            game.refresh_from_db()
            action = {"type": "bid", "amount": 1} if mine.kind == "bid" else {"type": "claim", "take": "points"}
            services.move_submit(game_id=game.pk, seat=0, action=action, source="web")
    game.refresh_from_db()
    assert game.status == "finished" and game.finished_at is not None
    assert sorted(game.outcome["ranks"])[0] == 1 and len(game.outcome["scores"]) == 2
    assert Notification.objects.filter(kind="game_over", recipient=alice).count() == 1
    assert not PendingAction.objects.filter(game=game, closed_at__isnull=True).exists()


def test_create_refuses_wrong_counts_and_options(alice):
    with pytest.raises(errors.InvalidRequest, match="2-4 players"):
        services.game_create(creator=alice, engine="sealedbid", players=9)
    with pytest.raises(errors.InvalidRequest, match="Options"):
        services.game_create(creator=alice, engine="sealedbid", players=2, options={"rounds": 99})
    with pytest.raises(errors.NotFound, match="No game called"):
        services.game_create(creator=alice, engine="chess", players=2)
    with pytest.raises(errors.InvalidRequest, match="bots"):
        services.game_create(creator=alice, engine="sealedbid", players=2, bots=2)
    assert not Game.objects.exists()


def test_join_and_start_rules(alice, bob, carol):
    game = services.game_create(creator=alice, engine="sealedbid", players=2)
    with pytest.raises(errors.Conflict, match="already have a seat"):
        services.game_join(game_id=game.pk, user=alice)
    with pytest.raises(errors.NotYourSeat):
        services.game_start(game_id=game.pk, user=bob)
    with pytest.raises(errors.Conflict, match="empty"):
        services.game_start(game_id=game.pk, user=alice, fill_with_bots=False)
    services.game_join(game_id=game.pk, user=bob)
    with pytest.raises(errors.Conflict, match="taken"):
        services.game_join(game_id=game.pk, user=carol)
    services.game_start(game_id=game.pk, user=alice)
    with pytest.raises(errors.Conflict, match="started"):
        services.game_join(game_id=game.pk, user=carol)
    with pytest.raises(errors.Conflict):
        services.game_start(game_id=game.pk, user=alice)


def test_replay_of_the_record_gives_the_final_state(alice):
    from engines.base import canonical as c
    from tests.support.sealedbid import ENGINE

    game = services.game_create(creator=alice, engine="sealedbid", players=3, bots=2, seed=5)
    services.game_start(game_id=game.pk, user=alice)
    while True:
        services.game_advance(game_id=game.pk)
        game.refresh_from_db()
        if game.status == "finished":
            break
        services.move_submit(game_id=game.pk, seat=0, action=ENGINE.default_action(game.state, 0), source="api")
    record = selectors.game_record(game=game)
    state = ENGINE.setup(record["players"], record["seed"], record["options"])
    for step in record["steps"]:
        for seat, m in step["moves"].items():
            if "salt" in m:
                assert services.commitment_of(game_id=game.pk, version=step["version"], seat=int(seat), action=m["action"], salt=m["salt"]) == m["commitment"]
        state = ENGINE.apply(state, {int(k): v["action"] for k, v in step["moves"].items()})["state"]
    assert c(state) == c(game.state)
