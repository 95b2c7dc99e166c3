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
