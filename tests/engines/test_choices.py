"""Every choice a form or a board link offers is accepted by the engine, at
every step of a bot game per engine (issue 28): each play validates, each
option is a value its spec allows, every label is a printed name."""

import pytest

from engines import registry
from engines.base import IllegalAction
from engines.rng import Rng

GAMES = {
    "augsburg1520": (3, None),
    "citadels": (4, None),
    "fugger": (3, {"variant": "full"}),
    "staufer": (3, None),
}


@pytest.mark.parametrize("slug", sorted(GAMES))
def test_every_offered_choice_is_accepted_at_every_step(slug):
    engine = registry.get(slug)
    players, options = GAMES[slug]
    state = engine.setup(players, 5, options)
    rng = Rng.from_seed(5)
    plays = steps = 0
    while decisions := engine.decisions(state):
        moves = {}
        for d in decisions:
            seat = d["seat"]
            specs = engine.actions(state, seat)
            choices = engine.choices(state, seat)
            assert [c["type"] for c in choices] == [s["type"] for s in specs]
            for c in choices:
                for p in c["plays"]:
                    try:
                        engine.validate(state, seat, p["action"])
                    except IllegalAction as e:  # pragma: no cover - the failure message is the point
                        pytest.fail(f"step {steps}: offered {p['label']!r} = {p['action']} is refused: {e.message}")
                    plays += 1
                for opts in c["options"].values():
                    assert all(o["label"] and "_" not in o["label"] for o in opts), opts
            moves[seat] = engine.bot(state, seat, rng)
        state = engine.apply(state, moves)["state"]
        steps += 1
    assert engine.outcome(state) is not None
    assert plays > steps  # something was offered at (nearly) every step


def test_a_schema_refusal_is_in_words():
    """The refusal of a move the schema refuses says what to do, never the JSON Schema's text."""
    engine = registry.get("augsburg1520")
    state = engine.setup(3, 1)
    seat = engine.decisions(state)[0]["seat"]
    offer = state["offers"][seat]
    with pytest.raises(IllegalAction) as refused:
        engine.validate(state, seat, {"type": "buy", "cards": list(offer) + list(offer)})
    assert "is too long" not in refused.value.message and "[" not in refused.value.message
    # how many may be chosen, of which (by their printed names), and how many were sent
    assert "0 to 7" in refused.value.message and "(you chose 14)" in refused.value.message
    assert "-" not in refused.value.message.split("Example")[0]  # no card id (philippe-6)
