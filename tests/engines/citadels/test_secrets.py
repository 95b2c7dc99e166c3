"""Events are the single source of what each seat learns of another's move
(issue 17): the service builds history and mails from the events `apply`
returns and their `to`, never from raw actions. So no event a seat receives
may tell it a secret of another seat: a character picked and not yet called,
a face-down character it did not see, the card another player kept, another
hand. Whole games for every player count, bots and random-legal players
mixed so that every ability and purple district turns up."""

import json
import re

import pytest

from engines.citadels import ENGINE
from engines.citadels import data as D
from engines.citadels import rules as R
from engines.citadels.botmatch import random_legal
from engines.rng import Rng

from .helpers import play, position

CARD_TEXT = {c: R.card_name(c) for c in D.DISTRICTS}
CHAR_WORDS = {c: re.compile(rf"\b({D.CHAR_EN[c]}|{D.CHAR_DE[c]}|{D.CHAR_IT[c]})\b") for c in D.CHAR_IDS}
PRIVATE_CARD_EVENTS = ("draw", "keep", "smithy")  # the cards these name belong to one seat alone


def _held(state: dict, s: int) -> set[str]:
    return set(state["chars"][s])


def _called(before: dict, after: dict, events: list) -> set[str]:
    ranks = {c["rank"] for c in before["calls"]} | {c["rank"] for c in after["calls"]}
    ranks |= {e["data"]["rank"] for e in events if e["type"] in ("call", "reveal")}
    return {D.CHAR_BY_RANK[r] for r in ranks}


def secret_chars(before: dict, after: dict, events: list, seat: int | None) -> set[str]:
    """Characters whose whereabouts ``seat`` may not learn from this step."""
    n = before["players"]
    secret: set[str] = set()
    for st in (before, after):
        for s in range(n):
            if s != seat:
                secret |= _held(st, s)
        secret |= {e["char"] for e in st["aside_down"] if seat is None or e["by"] != seat}
    for st in (before, after):
        if seat is not None:
            secret -= _held(st, seat)
            if st["draft"] is not None and R.draft_chooser(st) == seat:
                secret -= set(st["draft"]["pile"])  # offered to this seat: seen
        # named in public: the Assassin's and the Thief's targets, the face-up ones
        secret -= {st["killed"], st["robbed"], *st["aside_up"]}
    return secret - _called(before, after, events)


def public_cards(before: dict, after: dict, seat: int | None) -> set[str]:
    cards: set[str] = set()
    for st in (before, after):
        for city in st["cities"]:
            cards |= {b["card"] for b in city}
        cards |= set(st["discard"])
        if st["graveyard"] is not None:
            cards.add(st["graveyard"]["card"])
        if seat is not None:
            cards |= set(st["hands"][seat])
            if st["turn"] is not None and st["turn"]["seat"] == seat:
                cards |= set(st["turn"]["drawn"])
    return cards


def check_step(before: dict, after: dict, events: list) -> None:
    n = before["players"]
    for seat in [None, *range(n)]:
        mine = [e for e in events if e["to"] == "all" or (seat is not None and seat in e["to"])]
        hidden = secret_chars(before, after, events, seat)
        allowed_cards = public_cards(before, after, seat)
        for e in mine:
            data = json.dumps(e["data"])
            for c in hidden:
                assert f'"{c}"' not in data, (seat, c, e)
                assert not CHAR_WORDS[c].search(e["text"]), (seat, c, e)
            named = {c for c, text in CARD_TEXT.items() if text in e["text"]}
            named |= {v for k in ("card", "cards") for v in ([e["data"][k]] if isinstance(e["data"].get(k), str) else e["data"].get(k, []))}
            assert named <= allowed_cards, (seat, named - allowed_cards, e)
            if e["type"] in PRIVATE_CARD_EVENTS and e["to"] != [seat]:
                assert not named and "card" not in e["data"] and "cards" not in e["data"], (seat, e)


def play_checked(players: int, seed: int) -> int:
    state = ENGINE.setup(players, seed)
    rng = Rng.from_seed(seed)
    randoms = {s for s in range(players) if (s + seed) % 2}
    steps = 0
    while ENGINE.decisions(state):
        (d,) = ENGINE.decisions(state)
        seat = d["seat"]
        action = random_legal(state, seat, rng) if seat in randoms else ENGINE.bot(state, seat, rng)
        step = ENGINE.apply(state, {seat: action})
        check_step(state, step["state"], step["events"])
        state = step["state"]
        steps += 1
    return steps


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6, 7])
def test_no_event_tells_a_seat_what_it_may_not_know(players):
    for seed in range(1, 5):
        assert play_checked(players, seed) > 20


def test_the_check_catches_a_pick_told_to_all():
    state = ENGINE.setup(3, 1)
    seat = R.draft_chooser(state)
    cid = state["draft"]["pile"][0]
    step = ENGINE.apply(state, {seat: {"type": "pick", "character": cid}})
    check_step(state, step["state"], step["events"])
    leaky = [dict(e, to="all") for e in step["events"]]
    with pytest.raises(AssertionError):
        check_step(state, step["state"], leaky)


def test_pick_discard_and_keep_tell_others_only_that_they_happened():
    state = ENGINE.setup(2, 3)
    a = R.draft_chooser(state)
    b = 1 - a
    pile = list(state["draft"]["pile"])
    step = ENGINE.apply(state, {a: {"type": "pick", "character": pile[0]}})
    public = [e for e in step["events"] if e["to"] == "all"]
    assert [e["text"] for e in public] == [f"seat {a + 1} chooses a character."]
    assert [{k: v for k, v in e["data"].items() if k != "msg"} for e in step["events"] if e["to"] == [a]] == [
        {"character": pile[0]}]
    assert pile[0] not in str(public)  # not in the text kept for other languages either
    state = step["state"]
    state = ENGINE.apply(state, {b: {"type": "pick", "character": state["draft"]["pile"][0]}})["state"]
    hidden = state["draft"]["pile"][0]
    step = ENGINE.apply(state, {b: {"type": "discard", "character": hidden}})
    assert [e["text"] for e in step["events"] if e["to"] == "all"] == [f"seat {b + 1} sets a character aside face down."]
    assert all(e["to"] == [b] for e in step["events"] if "character" in e["data"])
    # keep: the others learn that one card was kept, never which
    state = position(4, {0: ["king"], 1: ["bishop"], 2: ["merchant"], 3: ["warlord"]}, deck_top=["palace", "temple"])
    state, _ = play(state, (0, "draw"))
    step = ENGINE.apply(state, {0: {"type": "keep", "card": "palace"}})
    to_all = [e for e in step["events"] if e["to"] == "all"]
    assert [e["text"] for e in to_all] == ["seat 1 keeps a card and puts 1 under the deck."]
    assert [e["to"] for e in step["events"] if "Palace" in e["text"]] == [[0]]
