"""The safe choice on timeout, and a simple bot that plays sensibly and only
uses what its seat may know (its hand, its characters, public information)."""

from __future__ import annotations

from . import data as D
from . import rules as R


def default_action(state: dict, seat: int) -> dict:
    phase = state["phase"]
    if phase == R.PHASE_DRAFT:
        dr = state["draft"]
        return {"type": "discard" if dr["discard_pending"] else "pick", "character": dr["pile"][0]}
    if phase == R.PHASE_GRAVEYARD:
        return {"type": "decline"}
    turn = state["turn"]
    if turn["drawn"]:
        return {"type": "keep", "card": turn["drawn"][0]}
    if not turn["resource"]:
        return {"type": "gold"}
    return {"type": "end"}


def _weighted(rng, items: list, weights: list[int]):
    total = sum(weights)
    x = rng.below(total)
    for item, w in zip(items, weights):
        if x < w:
            return item
        x -= w
    return items[-1]  # pragma: no cover


def _colour_count(state: dict, seat: int, colour: str) -> int:
    return sum(1 for c in R.city_ids(state, seat) if D.DISTRICTS[c]["colour"] == colour)


def _draft_choice(state: dict, seat: int, rng) -> str:
    pile = state["draft"]["pile"]
    hand = state["hands"][seat]
    weights = []
    for c in pile:
        w = 3
        if c in D.INCOME_COLOUR:
            w += 2 * _colour_count(state, seat, D.INCOME_COLOUR[c])
        if c == "architect" and len(hand) >= 2 and state["gold"][seat] >= 4:
            w += 4
        if c == "magician" and not hand:
            w += 6
        if c == "king" and state["crown"] != seat:
            w += 1
        weights.append(w)
    return _weighted(rng, pile, weights)


def bot(state: dict, seat: int, rng) -> dict:
    phase = state["phase"]
    if phase == R.PHASE_DRAFT:
        dr = state["draft"]
        if dr["discard_pending"]:
            return {"type": "discard", "character": rng.choice(dr["pile"])}
        return {"type": "pick", "character": _draft_choice(state, seat, rng)}
    if phase == R.PHASE_GRAVEYARD:
        card = state["graveyard"]["card"]
        if card not in R.city_ids(state, seat) and rng.below(4) != 0:
            return {"type": "graveyard"}
        return {"type": "decline"}
    turn = state["turn"]
    cid = turn["char"]
    hand = state["hands"][seat]
    gold = state["gold"][seat]
    city = R.city_ids(state, seat)
    mine = set(state["chars"][seat])
    if turn["drawn"]:
        return {"type": "keep", "card": max(turn["drawn"], key=lambda c: ((c not in city and c not in hand), D.DISTRICTS[c]["cost"] <= gold + 2, D.DISTRICTS[c]["cost"], c))}
    if not turn["ability"]:
        if cid == "assassin" and rng.below(5) != 0:
            choices = [c for c in D.CHAR_IDS[1:] if c not in mine and c not in state["aside_up"]]
            if choices:
                return {"type": "kill", "character": rng.choice(choices)}
        if cid == "thief" and rng.below(5) != 0:
            choices = [c for c in D.CHAR_IDS[2:] if c != state["killed"] and c not in mine and c not in state["aside_up"]]
            if choices:
                return {"type": "rob", "character": rng.choice(choices)}
        if cid == "magician":
            sizes = [(len(state["hands"][s]), s) for s in range(state["players"]) if s != seat]
            best, target = max(sizes)
            if best >= len(hand) + 2:
                return {"type": "swap", "seat": target}
            useless = [c for c in hand if c in city]
            if useless:
                return {"type": "redraw", "cards": useless}
    buildable = sorted({c for c in hand if c not in city})
    income = R.income_amount(state, seat, cid) if (D.INCOME_COLOUR.get(cid) and not turn["income"]) else 0
    if not turn["resource"]:
        affordable = [c for c in buildable if D.DISTRICTS[c]["cost"] <= gold + income + 2]
        if not buildable or (not affordable and len(hand) <= 1) or rng.below(8) == 0:
            return {"type": "draw"}
        return {"type": "gold"}
    if R.has(state, seat, "laboratory") and not turn["laboratory"]:
        useless = [c for c in hand if c in city]
        if useless:
            return {"type": "laboratory", "card": useless[0]}
    if R.has(state, seat, "smithy") and not turn["smithy"] and gold >= D.SMITHY_PRICE + 4 and len(hand) <= 1:
        return {"type": "smithy"}
    if turn["built"] < R.builds_allowed(turn):
        affordable = [c for c in buildable if D.DISTRICTS[c]["cost"] <= gold]
        if affordable:
            return {"type": "build", "card": max(affordable, key=lambda c: (D.DISTRICTS[c]["cost"], c))}
        if income and any(D.DISTRICTS[c]["cost"] <= gold + min(income, state["bank"]) for c in buildable):
            return {"type": "income"}
    if income:
        return {"type": "income"}
    if cid == "warlord" and rng.below(2) == 0:
        targets = R.destroy_targets(state, seat)
        rivals = [s for s in targets if s != seat]
        if rivals:
            victim = max(rivals, key=lambda s: (len(state["cities"][s]), s))
            card = min(targets[victim], key=lambda c: (R.destroy_price(c), c))
            return {"type": "destroy", "seat": victim, "card": card}
    return {"type": "end"}
