"""Default actions (safe on timeout) and a simple, sensible bot."""

from __future__ import annotations

from engines.base import IllegalAction

from . import data as D
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


# Privileges the bot prefers: points at once, then cheaper placement and movement, then
# the rest (an assumed order of strength, not from the rulebook).
PRIVILEGE_ORDER = (1, 4, 5, 10, 11, 12, 2, 13, 3, 14, 15, 6, 9, 7, 8, 16)
CHEST_ORDER = ("orange-vp5", "orange-vp4", "brown", "orange-noble", "orange-envoy3", "orange-vp3", "orange-envoy2",
               "purple", "turquoise-move", "turquoise-place", "turquoise-immunity", "orange-vp2", "turquoise-resources",
               "orange-envoy1", "orange-first")
FIGURE_VP = 1.3  # what a figure spent is worth, in victory points (assumed, tuned by botmatch)


def _chest_value(chest: str) -> float:
    if chest.startswith("orange-vp"):
        return float(chest[-1])
    return {"brown": 2.5, "purple": 1.5, "orange-noble": 2.5, "orange-first": 0.5}.get(
        chest, 1.0 + 0.5 * int(chest[-1]) if chest.startswith("orange-envoy") else 1.2)


def _placed_points(state: dict, region: str, seat: int) -> float:
    """The tile points ``seat`` would score in ``region`` as the offices stand."""
    ranks = rules.ranking(state, region)
    if seat not in ranks:
        return 0.0
    pos = ranks.index(seat)
    tile = state["tiles"][region]
    if pos < 2 or (pos == 2 and state["players"] >= 4 and len(tile) > 2):
        return float(tile[pos])
    return 0.0


def _objectives(state: dict, seat: int) -> float:
    o = state["objectives"][seat]
    if not o:
        return 0.0
    return (rules.region_objective_points(state, seat, o["region"]) if rules.ranking(state, o["region"]) else 0) \
        + rules.path_points(state, seat, o["path"])[0] \
        + rules.office_card_points(o["office"], rules.office_values(state, seat))


def _worth(state: dict, seat: int, plan: dict) -> float:
    """Victory points a placement is expected to bring, less the figures it costs: the
    tile points of a region scored this round (or later, discounted), what it adds to
    the objective cards if the figure stays to the end, and the chests under the office."""
    region, office = plan["region"], state["offices"][plan["region"]][plan["office"] - 1]
    rnd = state["round"] - 1
    now = rules.regions_to_score(state)
    later = state["rows"]["A"][rnd + 1:]
    before_pts, before_obj = _placed_points(state, region, seat), _objectives(state, seat)
    added = [[seat, plan["figure"]]] + ([[seat, "envoy"]] if plan["double"] else [])
    office["occ"].extend(added)
    try:
        gain_pts = _placed_points(state, region, seat) - before_pts
        gain_obj = _objectives(state, seat) - before_obj
    finally:
        del office["occ"][-len(added):]
    worth = 0.0
    if region in now:
        worth += gain_pts
    elif region in later:
        worth += 0.5 * gain_pts
    # figures on an office scored before the end go home at the restoration
    stays = rnd + 1 >= len(state["rows"]["A"]) or (region not in now and region not in later)
    worth += gain_obj * (1.0 if stays else 0.25)
    worth += sum(_chest_value(c) for c in office["chests"])
    return worth - FIGURE_VP * plan["cost"]


def _resource_worth(state: dict, space: int, chests_from: int | None = None) -> float:
    e, n = D.RESOURCE_SPACES[space - 1]
    chests = state["res_chests"][(chests_from or space) - 1]
    return FIGURE_VP * (e + 2 * n) + sum(_chest_value(c) for c in chests)


def bot(state: dict, seat: int, rng) -> dict:
    if state["pending"]:
        item = state["pending"][0]
        if item["kind"] == "pick":
            opts = set(item["options"])
            return {"type": "take", "chest": next(c for c in CHEST_ORDER if c in opts)}
        if item["kind"] == "purple":
            avail = rules.available_privileges(state, seat)
            return {"type": "privilege", "number": min(avail, key=PRIVILEGE_ORDER.index)}
        # keep the figure on the dearest office: it counts for the objectives
        targets = rules.immunity_targets(state, seat)
        r, o, sl = max(targets, key=lambda t: (state["offices"][t[0]][t[1] - 1]["value"], rng.below(100)))
        return {"type": "immune", "region": r, "office": o, "slot": sl}
    plans = rules.legal_placements(state, seat)
    best = None
    if plans:
        scored = [(_worth(state, seat, p) + rng.below(100) / 200, i) for i, p in enumerate(plans)]
        value, i = max(scored)
        best = plans[i]
    # a movement or placement chest is armed when it makes the best placement cheaper
    arm = [c for c in rules.armable(state, seat) if c != "orange-first"]
    if best is not None and arm:
        for chest in arm:
            armed = dict(state, turn={"armed": state["turn"]["armed"] + [chest]})
            try:
                plan = rules.plan_placement(armed, seat, best["region"], best["office"], best["figure"], best["double"])
            except IllegalAction:
                continue
            if plan["cost"] < best["cost"]:
                return {"type": "chest", "chest": chest}
    options = [({"type": "resources", "space": sp}, _resource_worth(state, sp)) for sp in range(1, 6)]
    if held(state, seat, "turquoise-resources"):
        for src in range(1, 6):
            if state["res_chests"][src - 1]:
                options.append(({"type": "resources_swap", "space": 1 if src != 1 else 3, "chests": src},
                                _resource_worth(state, 1 if src != 1 else 3, src) - 1.2))
    action, res_value = max(options, key=lambda o: o[1] + rng.below(100) / 200)
    # place when the office pays for its figures, or when the court is full enough that
    # more figures are worth less than an office
    court = sum(state["court"][seat])
    if best is not None and (value > 0 or (court >= 6 and value > -2)):
        if best["double"]:
            return {"type": "place_double", "region": best["region"], "office": best["office"]}
        return {"type": "place", "region": best["region"], "office": best["office"], "figure": best["figure"]}
    return action
