"""Every decision of Fugger, Welser, Medici made by tapping the board (issue 28).

At every decision of bot games of each variant at 2 to 6 players, the page's
forms and the board's actions are built as the game page builds them
(``spec_form``, ``board_acts``) and the bot's move is looked for on the board:
a play on a component or a button, values to tick, or amounts (asking
prices, bids, auction bids) set with the board's price steps and sent with
its send button; an offer to another player has its price set with the
steps and its wares and buyer chosen in the form's drop-downs. The
price steps offer the engine's legal amounts and no other: every one of
them is accepted by ``validate``, one grid step past either end is refused
(the conformance checks' style), and the board has a line for every price
the card lets the seat write. In every language the steps are labelled in
the reader's words, every button at least a phone's touch target."""

import json
import re

import pytest
from django.utils import translation

import boards
from boards.draw import MIN_TEXT, PHONE_TEXT
from engines.base import IllegalAction
from engines.fugger import ENGINE
from engines.rng import Rng
from pbem.web.forms import spec_form
from pbem.web.selectors import board_acts

VARIANTS = ["trading", "nobility", "country_estate", "full"]
# the 2-player games whole (a second each); of the others their first 260 steps, in which every kind of
# decision comes up (their whole games, 2 to 7 s each, were checked the same way: docs/benchmarks.md)
STEPS = {2: 5000}


def _board(state, seat, lang="en"):
    with translation.override(lang):
        specs = ENGINE.actions(state, seat, lang=lang)
        choices = ENGINE.choices(state, seat, lang=lang)
        forms = [spec_form(s, 1, c) for s, c in zip(specs, choices)]
        return specs, forms, board_acts(choices=choices, forms=forms)


def _tappable(move: dict, forms: list[dict], acts: list[dict]) -> str | None:
    """How ``move`` is made on the board ('play', 'ticks', 'steps'), or None."""
    ons = {a["on"] for a in acts if a.get("on")}
    form = next(f for f in forms if f["type"] == move["type"])
    if form["plays"]:
        value = json.dumps(move, sort_keys=True)
        for i, p in enumerate(form["plays"]):
            if p["value"] == value:
                return "play" if (p["on"] or f"do:{move['type']}:{i}") in ons else None
        return None
    if f"send:{move['type']}" in ons:
        stepped = {a["row"].rsplit(":", 2)[1] for a in acts if a.get("on", "").startswith(f"step:{move['type']}:")}
        for param in form["params"]:
            value = move[param["name"]]
            values = value if isinstance(value, list) else [value]
            if param["kind"] == "number":  # a number field set with the steps, within its bounds
                if param["name"] not in stepped or not param["min"] <= value <= param["max"]:
                    return None
                continue
            legal = {v for v, _label, _on in param["options"]}
            lines = len(param["slots"]) if param["kind"] == "pickers" else 1
            if not {str(v) for v in values} <= legal or len(values) > lines:
                return None
        return "steps"
    boxes = [p for p in form["params"] if p["kind"] == "checkboxes"]
    if boxes and all(on in ons for p in boxes for v, _label, on in p["options"] if on) and all(
            on for p in boxes for _v, _label, on in p["options"]):
        return "ticks"
    return None


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_every_decision_can_be_made_by_tapping_the_board(variant, players):
    state = ENGINE.setup(players, players * 7 + len(variant), {"variant": variant})
    rng = Rng.from_seed(players)
    made: dict[str, int] = {}
    for _ in range(STEPS.get(players, 260)):
        decisions = ENGINE.decisions(state)
        if not decisions:
            break
        moves = {}
        for d in decisions:
            seat = d["seat"]
            _specs, forms, acts = _board(state, seat)
            assert acts, f"{d['kind']}: nothing on the board to tap"
            move = ENGINE.bot(state, seat, rng)
            how = _tappable(move, forms, acts)
            assert how, f"{d['kind']}: {move} cannot be made on the board"
            made[how] = made.get(how, 0) + 1
            moves[seat] = move
        state = ENGINE.apply(state, moves)["state"]
    assert made.get("steps") and made.get("play"), f"no prices were set on the board: {made}"
    assert players > 2 or state["over"], "the game did not end"


def _asked_prices(variant="trading", players=3, seed=5):
    """The states of a bot game where a seat is asked for prices or an auction bid (seat, state)."""
    state = ENGINE.setup(players, seed, {"variant": variant})
    rng = Rng.from_seed(seed)
    while decisions := ENGINE.decisions(state):
        for d in decisions:
            if d["kind"] in ("sell", "bid", "auction"):
                yield d["seat"], state
        state = ENGINE.apply(state, {d["seat"]: ENGINE.bot(state, d["seat"], rng) for d in decisions})["state"]


def test_the_price_steps_offer_the_engines_legal_amounts_and_no_other():
    seen = set()
    for seat, state in _asked_prices(variant="full"):
        specs, forms, acts = _board(state, seat)
        (spec,), (form,) = specs, forms
        kind = spec["type"]
        lines = [a for a in acts if a.get("panel") and "on" not in a]
        assert f"send:{kind}" in {a.get("on") for a in acts}
        if kind == "auction" and form["plays"]:
            continue  # a few amounts: a button each
        (param,) = [p for p in form["params"] if p["kind"] in ("select", "pickers")] if kind == "auction" else [
            p for p in form["params"] if p["name"] == "prices"]
        amounts = [int(v) for v, _label, _on in param["options"]]
        grid = 20
        assert len(lines) == (spec["params"]["prices"]["maxItems"] if kind != "auction" else 1)

        def move(value, n=1):
            if kind == "auction":
                return {"type": "auction", "amount": value}
            return {"type": kind, "ware": spec["params"]["ware"]["enum"][0], "prices": [value] * n}

        for value in amounts:
            ENGINE.validate(state, seat, move(value))  # raises if a step reaches an amount the engine refuses
        if kind != "auction":
            ENGINE.validate(state, seat, move(amounts[0], len(lines)))  # every line filled
            # the first amount listed is where an empty line starts: the card's own price
            assert amounts[0] == (max(amounts) if kind == "sell" else min(amounts))
        for outside in (min(amounts) - grid, max(amounts) + grid):
            if kind == "auction" and outside < 0:
                continue
            with pytest.raises(IllegalAction):
                ENGINE.validate(state, seat, move(outside))
        between = sorted(set(range(min(a for a in amounts if a), max(amounts) + 1, grid)))
        assert set(between) <= set(amounts), "an amount the engine allows is missing from the steps"
        seen.add(kind)
        if seen >= {"sell", "bid", "auction"}:
            break
    assert seen >= {"sell", "bid"}, seen


@pytest.mark.parametrize("lang, less, more, send", [("en", "less", "more", "Send"), ("de", "weniger", "mehr", "Senden"),
                                                    ("it", "in meno", "in più", "Invia"), ("fr", "de moins", "de plus", "Envoyer")])
def test_the_price_steps_are_drawn_in_the_readers_words_and_big_enough_to_tap(lang, less, more, send):
    seat, state = next((s, st) for s, st in _asked_prices() if ENGINE.decisions(st)[0]["kind"] in ("sell", "bid"))
    _specs, _forms, acts = _board(state, seat, lang)
    svg = boards.svg("fugger", ENGINE.view(state, seat), seat=seat, acts=acts, lang=lang)
    labels = re.findall(r'<a href="#act" class="act act-step" data-on="([^"]+)" aria-label="([^"]+)"', svg)
    steps = [label for on, label in labels if on.startswith("step:")]
    assert steps and all(label.endswith((f"20 {less}", f"100 {less}", f"20 {more}", f"100 {more}")) for label in steps), steps
    assert any(on.startswith("send:") for on, _label in labels) and f">{send}</text>" in svg
    # every button of the panel at least 44 px on a phone (the board is drawn at 12/9 there)
    for w, h in re.findall(r'class="act act-step"[^>]*><title>[^<]*</title><rect x="[^"]+" y="[^"]+" width="([^"]+)" height="([^"]+)"', svg):
        assert min(float(w), float(h)) * PHONE_TEXT / MIN_TEXT >= 44
    # the amounts shown on the board, one per line, empty until set
    assert len(re.findall(r'data-shows="[^"]+">—</text>', svg)) == sum(1 for a in acts if a.get("panel") and "on" not in a)


def test_an_offer_to_another_player_has_its_price_set_with_the_steps():
    state = ENGINE.setup(3, 4, {"variant": "trading"})
    rng = Rng.from_seed(4)
    for _ in range(400):
        d = ENGINE.decisions(state)[0]
        if d["kind"] == "move" and ENGINE._offer_targets(state, d["seat"]):
            break
        state = ENGINE.apply(state, {x["seat"]: ENGINE.bot(state, x["seat"], rng) for x in ENGINE.decisions(state)})["state"]
    else:
        pytest.fail("no seat could offer wares")
    seat = d["seat"]
    state = ENGINE.apply(state, {seat: {"type": "trade"}})["state"]
    _specs, forms, acts = _board(state, seat)
    form = next(f for f in forms if f["type"] == "offer")
    rows = {a["row"] for a in acts if a.get("panel") == "offer" and "on" not in a}
    assert rows == {"offer:price:0"}, rows  # the price alone: count, ware, places and buyer are the form's drop-downs
    assert {a.get("on") for a in acts if a.get("panel") == "offer"} >= {"step:offer:price:0:20", "step:offer:price:0:100",
                                                                      "step:offer:price:0:-100", "send:offer"}
    chosen = {p["name"]: p["options"][0][0] for p in form["params"] if p["kind"] == "select"}
    move = {"type": "offer", **{k: int(v) if k in ("count", "player") else v for k, v in chosen.items()}, "price": 600}
    ENGINE.validate(state, seat, move)
    assert _tappable(move, forms, acts) == "steps"
