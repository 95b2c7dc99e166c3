"""Forming tables from waiting players (pure: no database).

Players are kept in rating order. The longest-waiting player not yet seated
anchors a table (equal waits: the higher rating first, so a crowd that seeks
at once is cut into tables from the top down); the table is filled with the
players nearest in rating within the anchor's window, which widens the longer
the anchor has waited. Players who sat at a player's last table are passed
over while anyone else fits ("not the same opponents twice in a row, where it
can"). Each step looks at a bounded number of neighbours, so 10,000 seekers
take a few tens of milliseconds (bench/matchmaking.py).
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Seeker:
    key: int  # the caller's id (the seek)
    player: int
    ordinal: float
    waited_hours: float
    recent: frozenset[int] = field(default_factory=frozenset)  # opponents at the player's last table


def _clash(a: Seeker, b: Seeker) -> bool:
    return a.player in b.recent or b.player in a.recent


def tables_form(
    seekers: list[Seeker],
    *,
    min_size: int,
    max_size: int,
    window_base: float,
    window_per_hour: float,
    look: int = 4,
) -> list[list[Seeker]]:
    """Tables of ``min_size``-``max_size`` players (as large as the window
    allows); whoever does not fit waits for the next run."""
    order = sorted(seekers, key=lambda s: (-s.ordinal, s.player))
    n = len(order)
    prev = list(range(-1, n - 1))
    nxt = list(range(1, n + 1))
    alive = [True] * n
    pos = {id(s): i for i, s in enumerate(order)}

    def unlink(i: int) -> None:
        alive[i] = False
        if prev[i] >= 0:
            nxt[prev[i]] = nxt[i]
        if nxt[i] < n:
            prev[nxt[i]] = prev[i]

    anchors = sorted(order, key=lambda s: (-int(s.waited_hours), -s.ordinal, s.player))
    tables: list[list[Seeker]] = []
    for anchor in anchors:
        a = pos[id(anchor)]
        if not alive[a]:
            continue
        window = window_base + window_per_hour * max(0.0, anchor.waited_hours)
        # the nearest alive neighbours within the window, nearest first
        near: list[int] = []
        left, right = prev[a], nxt[a]
        while len(near) < look * max_size:
            dl = anchor.ordinal - order[left].ordinal if left >= 0 else None
            dr = order[right].ordinal - anchor.ordinal if right < n else None
            dl = abs(dl) if dl is not None else None
            dr = abs(dr) if dr is not None else None
            if dl is not None and dl <= window and (dr is None or dl <= dr or dr > window):
                near.append(left)
                left = prev[left]
            elif dr is not None and dr <= window:
                near.append(right)
                right = nxt[right]
            else:
                break
        if len(near) + 1 < min_size:
            continue
        chosen = [a]
        passed_over: list[int] = []
        for j in near:
            if len(chosen) == max_size:
                break
            if any(_clash(order[j], order[c]) for c in chosen):
                passed_over.append(j)
            else:
                chosen.append(j)
        for j in passed_over:  # a repeat only when the table cannot be made without one
            if len(chosen) >= min_size:
                break
            chosen.append(j)
        if len(chosen) < min_size:
            continue
        for i in chosen:
            unlink(i)
        tables.append(sorted((order[i] for i in chosen), key=lambda s: (-s.ordinal, s.player)))
    return tables
