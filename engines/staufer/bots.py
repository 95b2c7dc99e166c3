"""Default actions (safe on timeout) and a simple, sensible bot."""

from __future__ import annotations

from . import rules
from .rules import held


def default_action(state: dict, seat: int) -> dict:
    if state["pending"]:
        item = state["pending"][0]
        if item["kind"] == "pick":
            return {"type": "take", "chest": sorted(set(item["options"]))[0]}
        if item["kind"] == "purple":
            return {"type": "keep"}
        return {"type": "pass"}
    return {"type": "resources", "space": 1}


def _office_worth(state: dict, plan: dict) -> float:
    o = state["offices"][plan["region"]][plan["office"] - 1]
    worth = 2.0 if plan["figure"] == "noble" else 1.0
    worth += 0.5 * len(o["chests"])
    if plan["double"]:
        worth += 1.0
    rnd = state["round"] - 1
    if plan["region"] == state["rows"]["A"][rnd]:
        worth += 1.0
    return worth


def bot(state: dict, seat: int, rng) -> dict:
    if state["pending"]:
        item = state["pending"][0]
        if item["kind"] == "pick":
            opts = sorted(set(item["options"]))
            return {"type": "take", "chest": rng.choice(opts)}
        if item["kind"] == "purple":
            avail = rules.available_privileges(state, seat)
            if rng.below(4):
                return {"type": "privilege", "number": rng.choice(avail)}
            return {"type": "keep"}
        targets = rules.immunity_targets(state, seat)
        if rng.below(3):
            r, o, s = rng.choice(targets)
            return {"type": "immune", "region": r, "office": o, "slot": s}
        return {"type": "pass"}
    arm = rules.armable(state, seat)
    if arm and rng.below(3) == 0:
        return {"type": "chest", "chest": rng.choice(arm)}
    plans = rules.legal_placements(state, seat)
    court = sum(state["court"][seat])
    if plans and (court >= 4 or rng.below(3)):
        best = max(_office_worth(state, p) / p["cost"] for p in plans)
        good = [p for p in plans if _office_worth(state, p) / p["cost"] >= best * 0.7]
        p = rng.choice(good)
        if p["double"]:
            return {"type": "place_double", "region": p["region"], "office": p["office"]}
        return {"type": "place", "region": p["region"], "office": p["office"], "figure": p["figure"]}
    if held(state, seat, "turquoise-resources") and rng.below(2):
        others = [i + 1 for i, c in enumerate(state["res_chests"]) if c]
        if others:
            chests = rng.choice(others)
            space = rng.choice([i for i in range(1, 6) if i != chests])
            return {"type": "resources_swap", "space": space, "chests": chests}
    weights = [(i + 1, len(c)) for i, c in enumerate(state["res_chests"])]
    space = rng.choice([1, 1, 2, 3, 3, 4] + [i for i, c in weights if c])
    return {"type": "resources", "space": space}
