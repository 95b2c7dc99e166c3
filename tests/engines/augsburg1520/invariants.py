"""Invariants of Augsburg 1520 checked after every step of bot games."""

from collections import Counter

import json

from engines.augsburg1520 import ENGINE
from engines.augsburg1520 import data as D
from engines.augsburg1520 import rules as R

STATE_KEYS = {
    "players", "options", "round", "rounds", "step", "buy_context", "money", "bank", "prestige", "hands", "offers",
    "deck", "discard", "levels", "supply", "stacks", "owned", "privileges", "marker", "noble", "winners", "auction",
    "showdown", "use", "give", "rng",
}


def invariant(state: dict, before: dict | None) -> None:
    n = state["players"]
    # no sealed choice is ever kept in the state: its keys are a fixed set
    assert set(state) == STATE_KEYS, set(state) ^ STATE_KEYS
    # money: conserved with the bank, never negative
    assert all(m >= 0 for m in state["money"]), state["money"]
    assert state["bank"] + sum(state["money"]) == D.BANK_TOTAL
    # the 80 notes and jokers: each exactly once
    cards = state["deck"] + state["discard"] + sum(state["hands"], []) + sum(state["offers"], [])
    assert sorted(cards) == sorted(D.ALL_CARDS), Counter(cards) - Counter(D.ALL_CARDS)
    # level cards conserved; a player holds each size at most once and never a 3 with a 4
    for cat in R.CATS:
        for lv in ("2", "3", "4"):
            held = sum(state["levels"][cat][t].count(int(lv)) for t in range(n))
            assert held + state["supply"][cat][lv] == D.LEVEL_SUPPLY[str(n)][lv], (cat, lv)
            assert state["supply"][cat][lv] >= 0
        for t in range(n):
            cards_held = state["levels"][cat][t]
            assert len(set(cards_held)) == len(cards_held)
            assert not (3 in cards_held and 4 in cards_held)
            if cards_held:
                assert 2 in cards_held
    # rights tiles conserved; one per space
    for tile in R.TILES:
        owned = [state["owned"][t][tile] for t in range(n) if state["owned"][t][tile] is not None]
        assert sorted(owned + state["stacks"][tile]) == sorted(D.TILE_STACKS[tile]), tile
        assert state["stacks"][tile] == sorted(state["stacks"][tile], reverse=True)
    # privilege cards: all ten somewhere
    p = state["privileges"]
    in_use = [state["use"]["card"]] if state["use"] and state["use"]["card"] is not None else []
    assert sorted(p["row"] + p["hidden"] + p["used"] + p["aside"] + in_use) == list(range(1, 11))
    # prestige: never negative, within the caps, never falls
    for t in range(n):
        limit = R.cap(state, t)
        assert state["prestige"][t] >= 0
        assert limit is None or state["prestige"][t] <= limit, (t, state["prestige"][t], limit)
        if before is not None:
            assert state["prestige"][t] >= before["prestige"][t]
            # rights tiles are never lost (note 12)
            for tile in R.TILES:
                if before["owned"][t][tile] is not None:
                    assert state["owned"][t][tile] == before["owned"][t][tile]
    assert 1 <= state["round"] <= state["rounds"] == n + 2
    # hands and offers are hidden from every other view
    for seat in [None, *range(n)]:
        text = json.dumps(ENGINE.view(state, seat))
        assert state["rng"] not in text
        for other in range(n):
            if other != seat:
                for card in state["hands"][other] + state["offers"][other]:
                    assert f'"{card}"' not in text, (seat, other, card)
