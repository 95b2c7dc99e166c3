"""Orders given in advance, standing orders and taking a move back, through
the services (issue 25): the same games by orders as by hand, illegal
candidates skipped, a spent standing order dropped with a note, take-backs
refused and accepted with the state restored byte for byte."""

import pytest

from engines import registry
from engines.base import canonical
from engines.rng import Rng
from notifications.models import Notification
from pbem import errors, selectors, services
from pbem.models import Game, Move, PendingAction, StandingOrder
from tests.support.rendered import rendered_everything

# A standing order per engine that answers some decisions of a bot game.
STANDING = {
    "augsburg1520": "pass except maximilien",
    "citadels": "draft king merchant architect warlord bishop magician thief assassin",
    "fugger": "no lottery",
    "staufer": "chest order brown purple",
}
STEPS = 60  # decisions per game: enough for every kind of the first rounds, lean for the suite


def two_players(alice, bob, slug: str, seed: int = 7) -> Game:
    game = services.game_create(creator=alice, engine=slug, players=2, seed=seed)
    services.game_join(game_id=game.pk, user=bob)
    services.game_start(game_id=game.pk, user=alice)
    game.refresh_from_db()
    return game


def waiting(game: Game) -> list[PendingAction]:
    game.refresh_from_db()
    return list(
        PendingAction.objects.filter(game=game, version=game.version, closed_at__isnull=True, submitted_at__isnull=True)
        .select_related("seat").order_by("seat__index")
    )


def log_of(game: Game) -> list:
    return [(m.version, m.seat, m.action) for m in Move.objects.filter(game=game, status=Move.Status.APPLIED).order_by("version", "seat")]


@pytest.mark.parametrize("slug", sorted(registry.ENGINES))
def test_a_game_played_from_orders_is_the_game_played_by_hand(slug, alice, bob, carol):
    engine = registry.get(slug)
    by_orders = two_players(alice, bob, slug)
    for seat in (0, 1):
        services.standing_order_add(game_id=by_orders.pk, seat=seat, order=STANDING[slug])
    services.game_advance(game_id=by_orders.pk)
    rng = Rng.from_seed(5)
    for _ in range(STEPS):
        pending = waiting(by_orders)
        if by_orders.status != Game.Status.ACTIVE or not pending:
            break
        for p in pending:
            seat = p.seat.index
            action = engine.bot(by_orders.state, seat, rng)
            # two candidates no engine takes, then the choice as a mail command: the first legal one is played
            candidates = ["xyzzy plugh", {"type": "__no_such_action__"}, engine.command(by_orders.state, seat, action)]
            assert services.orders_set(game_id=by_orders.pk, seat=seat, candidates=candidates)["played"]
        services.game_advance(game_id=by_orders.pk)
    played = Move.objects.filter(game=by_orders).exclude(status=Move.Status.SUPERSEDED)
    assert played.count() > 10 and set(played.values_list("source", flat=True)) == {Move.Source.ORDER}
    assert PendingAction.objects.filter(game=by_orders).exclude(answer="").exclude(answer="on_time").count() == 0

    # the same choices sent by hand give the same game, byte for byte
    by_hand = two_players(carol, bob, slug)
    for version, seat, action in log_of(by_orders):
        by_hand.refresh_from_db()
        services.move_submit(game_id=by_hand.pk, seat=seat, action=action, source="web")
        services.game_advance(game_id=by_hand.pk)
    by_orders.refresh_from_db()
    by_hand.refresh_from_db()
    assert [(s, a) for _, s, a in log_of(by_hand)] == [(s, a) for _, s, a in log_of(by_orders)]
    assert canonical(by_hand.state) == canonical(by_orders.state)


def test_orders_meant_for_another_decision_wait_for_it(alice, bob):
    game = two_players(alice, bob, "citadels")
    chooser = waiting(game)[0].seat.index
    other = 1 - chooser
    # the other seat orders its pick now: kept until its draft decision opens, then played
    services.orders_set(game_id=game.pk, seat=other, candidates=["pick king", "else merchant", "architect"])
    assert selectors.orders_of(game=game, seat=game.seats.get(index=other))["next"]
    services.orders_set(game_id=game.pk, seat=chooser, candidates=["pick assassin", "thief", "magician", "king", "bishop"])
    services.game_advance(game_id=game.pk)
    picked = Move.objects.get(game=game, seat=other, source=Move.Source.ORDER)
    assert picked.action["type"] in ("pick", "discard")
    rendered_everything()  # the mails as their delivery renders them
    note = Notification.objects.get(game=game, seat=other, kind=Notification.Kind.NOTICE)
    assert "Played for you from your orders" in note.body_text
    assert not Notification.objects.filter(game=game, seat=chooser, body_text__contains="pick king").exists()


def test_orders_none_legal_are_dropped_and_the_seat_asked(alice, bob):
    game = two_players(alice, bob, "citadels")
    seat = waiting(game)[0].seat.index
    out = services.orders_set(game_id=game.pk, seat=seat, candidates=["pick nobody", {"type": "pick", "character": "queen"}])
    assert out["played"] is None
    # an action object of the right type that is illegal: meant for this decision, so dropped with a note
    services.orders_set(game_id=game.pk, seat=seat, candidates=[{"type": "pick", "character": "queen"}])
    assert not selectors.orders_of(game=game, seat=game.seats.get(index=seat))["next"]
    rendered_everything()  # the mails as their delivery renders them
    assert Notification.objects.filter(game=game, seat=seat, body_text__contains="could be played now").count() == 1
    assert waiting(game)[0].seat.index == seat


def test_a_standing_order_that_cannot_apply_any_more_is_dropped_with_a_note(alice, bob):
    game = two_players(alice, bob, "augsburg1520")
    state = dict(game.state, round=game.state["rounds"], noble=2)  # Philippe's last visit is over
    Game.objects.filter(pk=game.pk).update(state=state)
    services.standing_order_add(game_id=game.pk, seat=0, order={"type": "limit", "noble": "philippe", "notes": 3})
    assert not StandingOrder.objects.filter(game=game).exists()
    rendered_everything()  # the mails as their delivery renders them
    note = Notification.objects.get(game=game, seat=0, kind=Notification.Kind.NOTICE)
    assert "`limit philippe 3` can no longer apply and is dropped" in note.body_text
    assert not Notification.objects.filter(game=game, seat=1, kind=Notification.Kind.NOTICE).exists()


def test_a_bad_standing_order_is_refused_with_what_is_offered(alice, bob):
    game = two_players(alice, bob, "augsburg1520")
    with pytest.raises(errors.InvalidRequest, match="limit maximilien 3"):
        services.standing_order_add(game_id=game.pk, seat=0, order="limit kaiser 3")
    with pytest.raises(errors.InvalidRequest):
        services.standing_order_add(game_id=game.pk, seat=0, order={"type": "limit", "noble": "leo", "notes": 99})
    assert not StandingOrder.objects.exists()


# --- taking back ------------------------------------------------------------------------


def to_bidding(alice, bob) -> Game:
    """An Augsburg game of alice and bob at the first auction (both bought nothing)."""
    game = two_players(alice, bob, "augsburg1520")
    for p in waiting(game):
        services.move_submit(game_id=game.pk, seat=p.seat.index, action={"type": "buy", "cards": []}, source="web")
    services.game_advance(game_id=game.pk)
    game.refresh_from_db()
    assert game.state["step"] == "bid"
    return game


def test_a_bid_is_taken_back_until_the_next_seat_acts(alice, bob):
    game = to_bidding(alice, bob)
    opener = waiting(game)[0].seat.index
    before, version = canonical(game.state), game.version
    with pytest.raises(errors.Conflict, match="own last move"):
        services.move_take_back(game_id=game.pk, seat=opener)  # the last move was a sealed buy of both
    services.move_submit(game_id=game.pk, seat=opener, action={"type": "pass"}, source="web")
    services.game_advance(game_id=game.pk)
    asked = Notification.objects.get(game=game, seat=1 - opener, kind=Notification.Kind.YOUR_MOVE, version=version + 1)
    Notification.objects.filter(pk=asked.pk).update(sent_at=asked.created_at)  # it went out
    with pytest.raises(errors.Conflict):
        services.move_take_back(game_id=game.pk, seat=1 - opener)

    services.move_take_back(game_id=game.pk, seat=opener)
    game.refresh_from_db()
    assert canonical(game.state) == before and game.version == version + 2
    assert Move.objects.get(game=game, version=version).status == Move.Status.TAKEN_BACK
    assert waiting(game)[0].seat.index == opener
    rendered_everything()  # the mails as their delivery renders them
    told = Notification.objects.filter(game=game, seat=1 - opener, kind=Notification.Kind.NOTICE)
    assert told.count() == 1 and "Never mind" in told.get().body_text
    assert game.seats.get(index=opener).player.username in told.get().body_text
    with pytest.raises(errors.Conflict):
        services.move_take_back(game_id=game.pk, seat=opener)  # nothing of hers left to take back

    # once the next seat has acted, it is too late
    services.move_submit(game_id=game.pk, seat=opener, action={"type": "pass"}, source="web")
    services.game_advance(game_id=game.pk)
    services.move_submit(game_id=game.pk, seat=1 - opener, action={"type": "pass"}, source="web")
    with pytest.raises(errors.Conflict, match="own last move"):  # bob's answer is applied first, then refused
        services.move_take_back(game_id=game.pk, seat=opener)
    rendered_everything()  # the mails as their delivery renders them
    assert Notification.objects.filter(game=game, kind=Notification.Kind.NOTICE, body_text__contains="Never mind").count() == 1


def citadels_turn(alice, bob) -> tuple[Game, int]:
    """A Citadels game at the first character's turn (the draft by default actions)."""
    game = two_players(alice, bob, "citadels", seed=3)
    engine = registry.get("citadels")
    while game.state["phase"] != "turn":
        (p,) = waiting(game)
        services.move_submit(game_id=game.pk, seat=p.seat.index, action=engine.default_action(game.state, p.seat.index), source="web")
        services.game_advance(game_id=game.pk)
        game.refresh_from_db()
    return game, waiting(game)[0].seat.index


def test_within_a_turn_any_number_of_actions_are_taken_back_but_not_a_draw(alice, bob):
    game, seat = citadels_turn(alice, bob)
    engine = registry.get("citadels")
    start = canonical(game.state)
    services.move_submit(game_id=game.pk, seat=seat, action={"type": "gold"}, source="web")
    services.game_advance(game_id=game.pk)
    game.refresh_from_db()
    build = next((s for s in engine.actions(game.state, seat) if s["type"] == "build"), None)
    if build is not None:
        services.move_submit(game_id=game.pk, seat=seat, action={"type": "build", "card": build["params"]["card"]["enum"][0]}, source="web")
        services.game_advance(game_id=game.pk)
        services.move_take_back(game_id=game.pk, seat=seat)
    services.move_take_back(game_id=game.pk, seat=seat)
    game.refresh_from_db()
    assert canonical(game.state) == start
    services.move_submit(game_id=game.pk, seat=seat, action={"type": "draw"}, source="web")
    services.game_advance(game_id=game.pk)
    with pytest.raises(errors.Conflict, match="drew a card"):
        services.move_take_back(game_id=game.pk, seat=seat)
    # the record leaves taken-back moves out and still replays to the state
    applied = log_of(game)
    state = engine.setup(2, game.seed, game.options)
    for _, s, a in applied:
        state = engine.apply(state, {s: a})["state"]
    game.refresh_from_db()
    assert canonical(state) == canonical(game.state)


def test_orders_are_private_to_their_seat(alice, bob, carol, api):
    game = to_bidding(alice, bob)
    opener = waiting(game)[0].seat.index
    idle = 1 - opener  # orders while it is not its turn: kept, unplayed
    owner = game.seats.get(index=idle).player
    services.standing_order_add(game_id=game.pk, seat=idle, order="limit maximilien 17")
    services.orders_set(game_id=game.pk, seat=idle, candidates=["raise 13", "hold"])
    assert selectors.orders_of(game=game, seat=game.seats.get(index=idle))["standing"][0]["command"] == "limit maximilien 17"
    for user in (game.seats.get(index=opener).player, carol):
        client = api(user)
        for path in ("", "orders/", "moves/"):
            text = client.get(f"/api/games/{game.pk}/{path}").content.decode()
            assert "maximilien 17" not in text and "raise 13" not in text and '"notes": 17' not in text
    rendered_everything()  # the mails as their delivery renders them
    for n in Notification.objects.exclude(recipient=owner):
        assert "maximilien 17" not in n.body_text + n.body_html and "raise 13" not in n.body_text


def test_commands_meant_for_this_decision_that_cannot_be_played_are_dropped(alice, bob):
    game = two_players(alice, bob, "citadels")
    seat = waiting(game)[0].seat.index
    pile = set(game.state["draft"]["pile"])
    gone = next(c for c in ("assassin", "thief", "magician", "king", "bishop", "merchant", "architect", "warlord") if c not in pile)
    out = services.orders_set(game_id=game.pk, seat=seat, candidates=[f"pick {gone}"])
    assert out["played"] is None
    assert not selectors.orders_of(game=game, seat=game.seats.get(index=seat))["next"]
    rendered_everything()  # the mails as their delivery renders them
    assert Notification.objects.filter(game=game, seat=seat, body_text__contains="could be played now").count() == 1


def test_a_your_move_mail_not_yet_sent_is_held_back_instead_of_a_never_mind(alice, bob):
    game = to_bidding(alice, bob)
    opener = waiting(game)[0].seat.index
    services.move_submit(game_id=game.pk, seat=opener, action={"type": "pass"}, source="web")
    services.game_advance(game_id=game.pk)
    asked = Notification.objects.get(game=game, seat=1 - opener, kind=Notification.Kind.YOUR_MOVE, version=game.version + 1)
    assert asked.sent_at is None  # no worker here: still in the outbox
    services.move_take_back(game_id=game.pk, seat=opener)
    asked.refresh_from_db()
    assert asked.sent_at is not None and "taken back" in asked.last_error  # never sent
    told = Notification.objects.get(game=game, seat=1 - opener, kind=Notification.Kind.NOTICE)
    assert "Never mind" not in told.body_text
