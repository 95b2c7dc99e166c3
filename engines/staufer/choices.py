"""What is legal now, in the game's words, for the forms and the board
(``Engine.choices``): the offices free and affordable as complete plays
(region, office, figure), chests and privileges by what they do, each placed
on the board (``office:<region>:<n>``, ``space:<n>``, ``chest:<id>``)."""

from __future__ import annotations

from engines.base import choices_from_specs

from . import data as D
from . import rules as R

CHEST_TEXT = {
    "orange-vp2": "orange chest: 2 victory points", "orange-vp3": "orange chest: 3 victory points",
    "orange-vp4": "orange chest: 4 victory points", "orange-vp5": "orange chest: 5 victory points",
    "orange-envoy1": "orange chest: 1 envoy", "orange-envoy2": "orange chest: 2 envoys",
    "orange-envoy3": "orange chest: 3 envoys", "orange-noble": "orange chest: 1 noble",
    "orange-first": "orange chest: first space of the resource track",
    "turquoise-resources": "turquoise chest: take the chests of another resource space",
    "turquoise-move": "turquoise chest: free movement", "turquoise-place": "turquoise chest: cheaper placement",
    "turquoise-immunity": "turquoise chest: immunity in a scoring",
    "purple": "purple chest (2 of them buy a privilege)", "brown": "brown chest (sets score at the end)",
}


def name(param: str, value) -> str:
    """The printed name of a param's value (the namer of check_against_specs too)."""
    if param == "region" and value in D.REGION_NAMES:
        return R.rname(value)
    if param == "chest":
        return CHEST_TEXT.get(value, str(value).replace("-", " "))
    if param == "number" and value in D.PRIVILEGE_TEXT:
        return f"Privilege {value}: {D.PRIVILEGE_TEXT[value]}"
    if param in ("space", "chests"):
        return f"resource space {value}"
    if param == "figure":
        return {"envoy": "an envoy", "noble": "a noble"}.get(value, str(value))
    if param == "office":
        return f"office {value}"
    return str(value).replace("_", " ")


def _office(state: dict, region: str, office: int) -> str:
    o = state["offices"][region][office - 1]
    return f"{R.rname(region)}, office {office} (value {o['value']}{', nobles only' if o['noble'] else ''})"


def choices(state: dict, seat: int, specs: list[dict]) -> list[dict]:
    kinds = {s["type"] for s in specs}
    plays: dict = {}
    options: dict = {}
    if "place" in kinds or "place_double" in kinds:
        legal = R.legal_placements(state, seat)
        plays["place"] = [
            ({"type": "place", "region": p["region"], "office": p["office"], "figure": p["figure"]},
             f"{_office(state, p['region'], p['office'])}: {name('figure', p['figure'])}, paying {p['cost']} figure(s)")
            for p in legal if not p["double"]
        ]
        plays["place_double"] = [
            ({"type": "place_double", "region": p["region"], "office": p["office"]},
             f"{_office(state, p['region'], p['office'])}: two envoys, paying {p['cost']} figure(s)")
            for p in legal if p["double"]
        ]
        for kind in ("place", "place_double"):
            acts = [a for a, _ in plays[kind]]
            options[kind] = {"region": list(dict.fromkeys(a["region"] for a in acts)),
                             "office": sorted({a["office"] for a in acts})}
    if "immune" in kinds:
        targets = R.immunity_targets(state, seat)
        plays["immune"] = [({"type": "immune", "region": r, "office": o, "slot": sl},
                            f"Keep your figure in {_office(state, r, o)}, place {sl}") for r, o, sl in targets]
        options["immune"] = {"region": sorted({t[0] for t in targets}), "office": sorted({t[1] for t in targets}),
                             "slot": sorted({t[2] for t in targets})}
    if "resources_swap" in kinds:
        with_chests = [i + 1 for i, c in enumerate(state["res_chests"]) if c]
        plays["resources_swap"] = [
            ({"type": "resources_swap", "space": sp, "chests": ch},
             f"Figures of resource space {sp}, chests of resource space {ch}")
            for sp in range(1, 6) for ch in with_chests if ch != sp
        ]
    out = choices_from_specs(specs, name, on=_on, options=options, plays=plays)
    for c in out:
        if c["type"] in ("place", "place_double", "immune"):
            for p in c["plays"]:
                p["on"] = f"office:{p['action']['region']}:{p['action']['office']}"
        if c["type"] == "resources_swap":
            for p in c["plays"]:
                p["on"] = None
        if c["type"] == "resources":
            for p in c["plays"]:
                p["label"] = f"Resource action: {p['label']}"
        if c["type"] in ("take", "chest"):
            for p in c["plays"]:
                p["label"] = ("Take the " if c["type"] == "take" else "Use the ") + p["label"]
    return out


def _on(param: str, value):
    if param == "space":
        return f"space:{value}"
    if param == "chest":
        return f"chest:{value}"
    return None
