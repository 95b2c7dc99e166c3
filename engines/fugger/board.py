"""Derived lookups over data.py: adjacency, calendar arithmetic, costs."""

from __future__ import annotations

from . import data as D

ADJ: dict[str, dict[str, dict]] = {s: {} for s in D.SPACES}
for _r in D.ROADS:
    ADJ[_r["a"]][_r["b"]] = {"bridge": _r["bridge"], "sea": False}
    ADJ[_r["b"]][_r["a"]] = {"bridge": _r["bridge"], "sea": False}
for _a, _b in D.SHIP_LANES:
    ADJ[_a][_b] = {"bridge": None, "sea": True}
    ADJ[_b][_a] = {"bridge": None, "sea": True}

SPACE_IDS = tuple(D.SPACES)
YEAR = len(D.CALENDAR)


def is_sea(space: str) -> bool:
    return D.SPACES[space]["kind"] == "sea"


def is_town(space: str) -> bool:
    return D.SPACES[space]["kind"] == "town"


def region(space: str) -> str:
    return D.SPACES[space]["region"]


def cal_index(t: int) -> int:
    return (D.START_SPACE + t) % YEAR


def cal_year(t: int) -> int:
    return 1 + (D.START_SPACE + t) // YEAR


def cal_name(t: int) -> str:
    return f"{D.CALENDAR[cal_index(t)]['name']} (year {cal_year(t)})"


def is_winter(t: int) -> bool:
    return cal_index(t) in D.WINTER_SPACES


def move_cost(laden: bool, spaces: int) -> int:
    return (D.MOVE_COST_LADEN if laden else D.MOVE_COST_UNLADEN)[spaces]


def toll(laden: bool) -> int:
    return D.TOLL["laden" if laden else "unladen"]


def path_tolls(start: str, path: list[str], laden: bool) -> list[tuple[str, int]]:
    """The tolls of a walk: (what, amount) for Köln, each bridge and each ship space entered."""
    out = []
    prev = start
    for sp in path:
        edge = ADJ[prev][sp]
        if sp in D.TOWN_TOLL:
            out.append((f"town toll {D.SPACES[sp]['name']}", toll(laden)))
        if edge["bridge"]:
            out.append((f"bridge {D.SPACES[prev]['name']}-{D.SPACES[sp]['name']}", toll(laden)))
        if is_sea(sp):
            out.append((f"ship {D.SPACES[sp]['name']}", toll(laden)))
        prev = sp
    return out


def distances_from(target: str, winter: bool = False) -> dict[str, int]:
    """Steps to ``target`` from every space (breadth first), avoiding sea when ``winter``."""
    dist = {target: 0}
    frontier = [target]
    while frontier:
        nxt = []
        for sp in frontier:
            for nb in ADJ[sp]:
                if nb in dist or (winter and is_sea(nb)):
                    continue
                dist[nb] = dist[sp] + 1
                nxt.append(nb)
        frontier = nxt
    return dist


_DIST_CACHE: dict[tuple[str, bool], dict[str, int]] = {}


def dist_to(target: str, winter: bool = False) -> dict[str, int]:
    key = (target, winter)
    if key not in _DIST_CACHE:
        _DIST_CACHE[key] = distances_from(target, winter)
    return _DIST_CACHE[key]
