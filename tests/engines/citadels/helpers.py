"""Shared test helpers: the invariants and a way to build exact positions."""

from __future__ import annotations

import json
from collections import Counter

from engines.citadels import ENGINE
from engines.citadels import data as D
from engines.citadels import rules as R

FULL_DECK = Counter(D.full_deck())
ALL_CHARS = sorted(D.CHAR_IDS)
PUBLIC_CHAR_FIELDS = ("aside_up", "killed", "robbed", "calls")


def all_cards(state: dict) -> Counter:
    cards = Counter(state["deck"]) + Counter(state["discard"])
    for hand in state["hands"]:
        cards += Counter(hand)
    for city in state["cities"]:
        cards += Counter(b["card"] for b in city)
    if state["turn"] is not None:
        cards += Counter(state["turn"]["drawn"])
    if state["graveyard"] is not None:
        cards += Counter([state["graveyard"]["card"]])
    return cards


def invariant(state: dict, previous: dict | None) -> None:
    n = state["players"]
    # gold is conserved against the bank of 30
    assert state["bank"] + sum(state["gold"]) == D.BANK_GOLD == 30
    assert state["bank"] >= 0 and all(g >= 0 for g in state["gold"])
    # the 65 district cards are all somewhere, exactly once
    assert all_cards(state) == FULL_DECK
    assert sum(FULL_DECK.values()) == 65
    # no duplicate district in a city
    for city in state["cities"]:
        ids = [b["card"] for b in city]
        assert len(ids) == len(set(ids)), ids
    # the eight characters are all somewhere, exactly once
    chars = list(state["aside_up"]) + [e["char"] for e in state["aside_down"]]
    for cs in state["chars"]:
        chars += cs
    if state["draft"] is not None:
        chars += state["draft"]["pile"]
    if state["phase"] != R.PHASE_OVER:
        assert sorted(chars) == ALL_CHARS, chars
        assert "king" not in state["aside_up"]
    # views: hands and hidden characters of others are absent
    for seat in [None, *range(n)]:
        v = ENGINE.view(state, seat)
        if seat is None:
            assert "hand" not in v and "my_characters" not in v
        else:
            assert v["hand"] == state["hands"][seat]
            assert v["my_characters"] == state["chars"][seat]
        known = set(v.get("my_characters", [])) | set(v.get("aside_down_known", []))
        known |= set(v.get("draft", {}).get("offered", []))
        private = {k: val for k, val in v.items() if k not in PUBLIC_CHAR_FIELDS}
        private["seats"] = [{k: val for k, val in st.items() if k != "characters"} for st in v["seats"]]
        text = json.dumps(private)
        for other in range(n):
            if other == seat:
                continue
            shown = {D.CHAR_BY_RANK[c["rank"]] for c in state["calls"] if c["result"] == "revealed"}
            for c in state["chars"][other]:
                if c not in shown and c not in known:
                    assert f'"{c}"' not in text, (seat, other, c)
        if state["turn"] is not None and state["turn"]["seat"] != seat:
            assert "drawn" not in v["turn"]


def play(state: dict, *lines: tuple[int, str]) -> tuple[dict, list]:
    """Apply email commands in order: (seat, "command") pairs."""
    events = []
    for seat, line in lines:
        (action,) = ENGINE.parse(state, seat, line)
        step = ENGINE.apply(state, {seat: action})
        invariant(step["state"], state)
        state = step["state"]
        events += step["events"]
    return state, events


def position(
    players: int,
    chars: dict[int, list[str]],
    *,
    hands: dict[int, list[str]] | None = None,
    cities: dict[int, list[str]] | None = None,
    gold: dict[int, int] | None = None,
    deck_top: list[str] | None = None,
    crown: int = 0,
    options: dict | None = None,
    killed: str | None = None,
    robbed: str | None = None,
    city_round: int = 1,
    seed: int = 1,
) -> dict:
    """A state at the calling of the characters: ``chars`` says who holds what
    (the rest are set aside face down), hands/cities/gold are exact, the deck
    holds every other card with ``deck_top`` on top. Characters are then called
    from 1 up to the first one held, as in play."""
    from engines.rng import Rng

    state = ENGINE.setup(players, seed, options)
    hands = hands or {}
    cities = cities or {}
    gold = gold or {}
    state["hands"] = [sorted(hands.get(s, [])) for s in range(players)]
    state["cities"] = [[{"card": c, "round": city_round} for c in cities.get(s, [])] for s in range(players)]
    used = Counter()
    for s in range(players):
        used += Counter(state["hands"][s]) + Counter(cities.get(s, []))
    used += Counter(deck_top or [])
    rest = list((FULL_DECK - used).elements())
    assert sum(used.values()) + len(rest) == 65, "a position uses more copies than the game has"
    state["deck"] = list(deck_top or []) + rest
    state["discard"] = []
    state["gold"] = [gold.get(s, 0) for s in range(players)]
    state["bank"] = 30 - sum(state["gold"])
    state["crown"] = crown
    state["chars"] = [sorted(chars.get(s, []), key=D.RANK.get) for s in range(players)]
    held = {c for cs in chars.values() for c in cs}
    state["aside_up"] = []
    state["aside_down"] = [{"char": c, "by": None} for c in D.CHAR_IDS if c not in held]
    state["draft"] = None
    state["phase"] = R.PHASE_TURN
    state["calls"] = []
    state["next_rank"] = 1
    state["killed"] = killed
    state["robbed"] = robbed
    state["round"] = city_round + 1
    rng = Rng(state["rng"])
    R.advance_calls(state, rng, [])
    state["rng"] = rng.state
    invariant(state, None)
    return state


def act(state: dict, seat: int, action: dict) -> tuple[dict, list]:
    ENGINE.validate(state, seat, action)
    step = ENGINE.apply(state, {seat: action})
    invariant(step["state"], state)
    return step["state"], step["events"]


def turn_of(state: dict) -> tuple[int, str]:
    return state["turn"]["seat"], state["turn"]["char"]
