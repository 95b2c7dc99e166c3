"""What is legal now, in the game's words, for the forms and the board
(``Engine.choices``): the offices free and affordable as complete plays
(region, office, figure), chests and privileges by what they do, each placed
on the board (``office:<region>:<n>``, ``space:<n>``, ``chest:<id>``); every
label in the reader's language (``choice.*`` in lang/<code>.py)."""

from __future__ import annotations

from engines.base import choices_adjust, choices_from_specs

from . import data as D
from . import rules as R
from .i18n import CATALOG, t


def name(param: str, value, lang: str = "en") -> str:
    """The printed name of a param's value in ``lang`` (the namer of check_against_specs too)."""
    if param == "region" and value in D.REGION_NAMES:
        return t(lang, f"region.{value}")
    if param == "chest":
        key = f"choice.chest.{value}"
        return t(lang, key) if CATALOG.has(key) else str(value).replace("-", " ")
    if param == "number" and value in D.PRIVILEGE_TEXT:
        return t(lang, "choice.privilege", number=value, text=t(lang, f"privilege.{value}"))
    if param in ("space", "chests"):
        return t(lang, "choice.space", number=value)
    if param == "figure" and value in ("envoy", "noble"):
        return t(lang, f"choice.figure_{value}")
    if param == "office":
        return t(lang, "choice.office_number", number=value)
    return str(value).replace("_", " ")


def _office(state: dict, region: str, office: int, lang: str) -> str:
    o = state["offices"][region][office - 1]
    key = "choice.office_nobles" if o["noble"] else "choice.office"
    return t(lang, key, region={"term": f"region.{region}"}, office=office, value=o["value"])


def choices(state: dict, seat: int, specs: list[dict], lang: str = "en") -> list[dict]:
    kinds = {s["type"] for s in specs}
    plays: dict = {}
    options: dict = {}
    if "place" in kinds or "place_double" in kinds:
        legal = R.legal_placements(state, seat)
        plays["place"] = [
            ({"type": "place", "region": p["region"], "office": p["office"], "figure": p["figure"]},
             t(lang, "choice.place", office=_office(state, p["region"], p["office"], lang),
               figure=name("figure", p["figure"], lang), cost=p["cost"]))
            for p in legal if not p["double"]
        ]
        plays["place_double"] = [
            ({"type": "place_double", "region": p["region"], "office": p["office"]},
             t(lang, "choice.place_double", office=_office(state, p["region"], p["office"], lang), cost=p["cost"]))
            for p in legal if p["double"]
        ]
        for kind in ("place", "place_double"):
            acts = [a for a, _ in plays[kind]]
            options[kind] = {"region": list(dict.fromkeys(a["region"] for a in acts)),
                             "office": sorted({a["office"] for a in acts})}
    if "immune" in kinds:
        targets = R.immunity_targets(state, seat)
        plays["immune"] = [({"type": "immune", "region": r, "office": o, "slot": sl},
                            t(lang, "choice.immune", office=_office(state, r, o, lang), slot=sl)) for r, o, sl in targets]
        options["immune"] = {"region": sorted({t[0] for t in targets}), "office": sorted({t[1] for t in targets}),
                             "slot": sorted({t[2] for t in targets})}
    if "resources_swap" in kinds:
        with_chests = [i + 1 for i, c in enumerate(state["res_chests"]) if c]
        plays["resources_swap"] = [
            ({"type": "resources_swap", "space": sp, "chests": ch}, t(lang, "choice.resources_swap", space=sp, chests=ch))
            for sp in range(1, 6) for ch in with_chests if ch != sp
        ]
    out = choices_from_specs(specs, lambda param, value: name(param, value, lang), on=_on, options=options, plays=plays)

    def office(a: dict) -> str:
        return f"office:{a['region']}:{a['office']}"

    return choices_adjust(
        out,
        labels={"resources": CATALOG.around(lang, "choice.resources"), "take": CATALOG.around(lang, "choice.take"), "chest": CATALOG.around(lang, "choice.use")},
        on={"place": office, "place_double": office, "immune": office, "resources_swap": lambda a: None},
    )


def _on(param: str, value):
    if param == "space":
        return f"space:{value}"
    if param == "chest":
        return f"chest:{value}"
    return None
