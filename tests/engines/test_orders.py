"""Orders given in advance at the engine level (issue 25), for every game:
what a step called reversible never is (chance used, a card drawn, sealed,
something hidden shown), that some steps are, and that the standing orders
read back from their text and play legal actions."""

import pytest

from engines import orders as O
from engines import registry
from engines.base import SPENT, canonical
from engines.rng import Rng

# Steps that draw a card or call the next character (showing who holds it): never taken back.
NEVER = {"citadels": {"draw", "keep", "end", "swap", "redraw", "smithy"}, "augsburg1520": {"draw"}}


@pytest.mark.parametrize("slug", sorted(registry.ENGINES))
def test_reversible_steps_use_no_chance_and_show_nothing(slug):
    engine = registry.get(slug)
    state, rng = engine.setup(engine.min_players, 11), Rng.from_seed(3)
    reversible = chance = 0
    for _ in range(400):
        decisions = engine.decisions(state)
        if not decisions:
            break
        moves = {d["seat"]: engine.bot(state, d["seat"], rng) for d in decisions}
        after = engine.apply(state, moves)["state"]
        called = engine.reversible(state, moves, after)
        if state.get("rng") != after.get("rng"):
            chance += 1
            assert not called, f"a step that used chance is reversible: {moves}"
        if any(d["sealed"] for d in decisions):
            assert not called
        if called:
            reversible += 1
            ((seat, action),) = moves.items()
            assert action["type"] not in NEVER.get(slug, set())
            assert O.reversible_problem(engine, state, seat, action, after, Rng.from_seed(reversible)) is None
        state = after
    assert reversible > 0 and chance > 0


@pytest.mark.parametrize("slug", sorted(registry.ENGINES))
def test_standing_orders_read_back_and_play_legal_actions(slug):
    engine = registry.get(slug)
    state, rng = engine.setup(engine.min_players, 5), Rng.from_seed(8)
    played = 0
    for _ in range(300):
        decisions = engine.decisions(state)
        if not decisions:
            break
        for d in decisions:
            specs = engine.standing_specs(state, d["seat"])
            assert specs
            for sp in specs:
                wording = O.wording_of(engine)
                order = O.standing_parse(specs, sp["example"], wording=wording)
                assert O.standing_parse(specs, O.standing_command(order, wording=wording), wording=wording) == order
                got = engine.standing_action(state, d["seat"], order)
                if isinstance(got, dict):
                    engine.validate(state, d["seat"], got)
                    played += 1
                else:
                    assert got in (None, SPENT)
        state = engine.apply(state, {d["seat"]: engine.bot(state, d["seat"], rng) for d in decisions})["state"]
    assert played > 0 or slug == "fugger"  # Fugger's examples name a deal card that may not come up early
    assert canonical(state)


def test_a_deal_limit_is_spent_once_its_card_has_left_the_table():
    engine = registry.get("fugger")
    state, rng = engine.setup(2, 5), Rng.from_seed(8)
    seen: dict[str, dict] = {}
    for _ in range(2000):
        for sp in engine.standing_specs(state, 0):
            if sp["type"] == "deal_limit":
                for card in sp["params"]["card"]["enum"]:
                    seen.setdefault(card, {"type": "deal_limit", "card": card, "florins": 800})
        gone = [o for c, o in seen.items() if c not in engine.standing_specs(state, 0)[0]["params"].get("card", {}).get("enum", [])]
        if gone and engine.decisions(state):
            assert engine.standing_action(state, 0, gone[0]) == SPENT
            return
        decisions = engine.decisions(state)
        state = engine.apply(state, {d["seat"]: engine.bot(state, d["seat"], rng) for d in decisions})["state"]
    raise AssertionError("no deal card left the table")


def test_augsburg_limit_bids_up_to_its_notes_and_is_spent_after_the_last_visit():
    engine = registry.get("augsburg1520")
    state = engine.setup(2, 7)
    state = dict(state, step="bid", noble=4, auction={"opener": 0, "turn": 0, "high": 0, "leader": None, "bids": [0, 0], "out": []})
    order = {"type": "limit", "noble": "maximilien", "notes": 2}
    assert engine.standing_action(state, 0, {"type": "pass_except", "noble": "maximilien"}) is None
    assert engine.standing_action(state, 1, order) is None  # not its turn
    first = engine.standing_action(state, 0, order)
    assert first in ({"type": "bid", "count": 1}, {"type": "pass"})  # pass only without a valid note
    last = dict(state, round=state["rounds"], noble=4, step="choose")
    assert engine.standing_action(last, 0, order) == SPENT


GAME_SLUGS = ("augsburg1520", "citadels", "fugger", "staufer")


@pytest.mark.parametrize("slug", GAME_SLUGS)
def test_standing_order_labels_are_in_every_language(slug):
    """Each standing order is offered in the reader's language: the same
    orders, a label and an example of its own in German, Italian, French."""
    engine = registry.get(slug)
    state = engine.setup(engine.min_players, 5)
    english = engine.standing_specs(state, 0)
    assert english
    def untitled(params: dict) -> dict:
        return {name: {k: v for k, v in schema.items() if k != "title"} for name, schema in params.items()}

    for lang in ("de", "it", "fr"):
        specs = engine.standing_specs(state, 0, lang=lang)
        assert [(s["type"], untitled(s["params"])) for s in specs] == [(s["type"], untitled(s["params"])) for s in english]
        for mine, theirs in zip(specs, english):
            assert mine["label"] and mine["label"] != theirs["label"], (lang, mine["label"])
            assert mine["example"] != theirs["example"], (lang, mine["example"])  # in the reader's words


@pytest.mark.parametrize(
    ("lang", "words"),
    [("en", ("standing", "Offered", "For example")), ("de", ("dauerauftrag", "Angeboten", "Zum Beispiel")),
     ("it", ("permanente", "Offerti", "Per esempio")), ("fr", ("permanent", "Proposés", "Par exemple"))],
)
def test_a_standing_order_that_cannot_be_read_is_refused_in_the_readers_language(lang, words):
    engine = registry.get("augsburg1520")
    state = engine.setup(3, 5)
    specs = engine.standing_specs(state, 0, lang=lang)
    word, offered, example = words
    with pytest.raises(O.ParseError) as empty:
        O.standing_parse(specs, "", lang)
    assert f"`{word}`" in empty.value.message and offered in empty.value.message
    assert specs[0]["label"] in empty.value.message  # what each offered order does, in the reader's words
    wording = O.wording_of(engine)
    with pytest.raises(O.ParseError) as unknown:
        O.standing_parse(specs, "limit kaiser 3", lang, wording)
    assert "kaiser" in unknown.value.message and f"`{word} {specs[0]['example']}`" in unknown.value.message
    assert example in unknown.value.message
    with pytest.raises(O.ParseError) as short:
        O.standing_parse(specs, "limit maria", lang, wording)
    assert specs[0]["label"] in short.value.message and example in short.value.message
    with pytest.raises(O.IllegalAction) as too_high:
        O.standing_check(specs, {"type": "limit", "noble": "maria", "notes": 99}, lang, wording)
    assert f"`{word} {specs[1]['example']}`" in too_high.value.message
