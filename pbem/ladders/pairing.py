"""Tournament tables and standings for N-player tables (pure: no database).

- Placement points: a table of n players gives place p ``3 * (n - p) / (n - 1)``
  points by default (4 players: 3, 2, 1, 0; 3 players: 3, 1.5, 0; 2 players:
  3, 0), so a win is worth the same at a smaller table. A tournament may set
  its own list per table size. Tied places share the mean of the places they
  cover. A bye scores the mean of a full table's points (1.5 at 4 players).
- Standings: points, then opponents' points (the sum of the points of every
  opponent met, once per meeting), then score ratio (points over the points a
  first place would have given in the same games), then the rating at the start.
- Swiss: players in standings order; each table takes the highest unseated
  player and fills up from the next few, preferring players not met before;
  then tables swap players with their neighbours while that lowers the number
  of repeat meetings; small fields (up to 64) then get an exact, bounded
  search, with the byes, so that no round has a repeat it could avoid. Round
  1 is seeded by rating in a snake, so every table gets a strong and a weak
  player.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field

TOP = 3.0


def place_points(table_size: int, custom: dict | None = None) -> list[float]:
    custom = custom or {}
    given = custom.get(str(table_size))
    if given:
        return [float(x) for x in given]
    if table_size == 1:
        return [TOP]
    return [round(TOP * (table_size - p) / (table_size - 1), 4) for p in range(1, table_size + 1)]


def points_for(places: list[int], custom: dict | None = None) -> list[float]:
    """Points per seat from places (1 = first; ties share the mean)."""
    per_place = place_points(len(places), custom)
    out = []
    for p in places:
        tied = places.count(p)
        span = per_place[p - 1 : p - 1 + tied]
        out.append(round(sum(span) / len(span), 4))
    return out


def bye_points(table_size: int, custom: dict | None = None) -> float:
    per_place = place_points(table_size, custom)
    return round(sum(per_place) / len(per_place), 4)


@dataclass
class Line:
    player: int
    points: float = 0.0
    max_points: float = 0.0
    games: int = 0
    byes: int = 0
    opponents: list[int] = field(default_factory=list)
    opp_points: float = 0.0
    ratio: float = 0.0
    seed: float = 0.0
    rank: int = 0


def standings(players: dict[int, float], tables: list[list[tuple[int, float | None, float | None]]], byes: list[tuple[int, float, float]]) -> list[Line]:
    """``players``: player -> seed ordinal. ``tables``: per finished table,
    (player, points, max points). ``byes``: (player, points, max points)."""
    lines = {p: Line(player=p, seed=seed) for p, seed in players.items()}
    for table in tables:
        for p, pts, top in table:
            if p not in lines or pts is None:
                continue
            line = lines[p]
            line.points += pts
            line.max_points += top or 0.0
            line.games += 1
            line.opponents += [q for q, _, _ in table if q != p]
    for p, pts, top in byes:
        if p in lines:
            lines[p].points += pts
            lines[p].max_points += top
            lines[p].byes += 1
    for line in lines.values():
        line.opp_points = round(sum(lines[q].points for q in line.opponents if q in lines), 4)
        line.ratio = round(line.points / line.max_points, 4) if line.max_points else 0.0
        line.points = round(line.points, 4)
    order = sorted(lines.values(), key=lambda x: (-x.points, -x.opp_points, -x.ratio, -x.seed, x.player))
    for i, line in enumerate(order, 1):
        line.rank = i
    return order


def sizes_for(n: int, table_size: int, min_size: int, remainder: str) -> tuple[list[int], int]:
    """Table sizes for ``n`` players and how many sit out with a bye."""
    if n < min_size:
        return [], n
    k, r = divmod(n, table_size)
    if r == 0:
        return [table_size] * k, 0
    if remainder == "smaller":
        tables = k + 1
        smaller = tables * table_size - n
        if smaller <= tables and table_size - 1 >= min_size:
            return [table_size] * (tables - smaller) + [table_size - 1] * smaller, 0
    if k == 0:
        return [n], 0
    return [table_size] * k, r


def byes_choose(order: list[int], count: int, byes_had: dict[int, int]) -> list[int]:
    """The lowest-placed players with the fewest byes so far."""
    if count <= 0:
        return []
    bottom_up = list(reversed(order))
    ranked = sorted(range(len(bottom_up)), key=lambda i: (byes_had.get(bottom_up[i], 0), i))
    return [bottom_up[i] for i in ranked[:count]]


def _repeats(table: list[int], met: dict[int, dict[int, int]]) -> int:
    return sum(met.get(a, {}).get(b, 0) for i, a in enumerate(table) for b in table[i + 1 :])


def snake(order: list[int], sizes: list[int]) -> list[list[int]]:
    """Deal players to tables like cards, back and forth: round 1's seeding."""
    tables: list[list[int]] = [[] for _ in sizes]
    i, step, t = 0, 1, 0
    while i < len(order):
        if len(tables[t]) < sizes[t]:
            tables[t].append(order[i])
            i += 1
        nt = t + step
        if nt < 0 or nt >= len(sizes):
            step = -step
        else:
            t = nt
    return tables


def tables_pair(
    order: list[int], met: dict[int, dict[int, int]], sizes: list[int], *, ahead: int = 0, look: int = 3, reach: int = 4
) -> list[list[int]]:
    """Tables of the given sizes from players in standings order, avoiding
    repeat meetings as far as possible; ``ahead`` rounds still to come are
    kept possible without repeats where the search can see it."""
    waiting = list(order)
    rank = {p: i for i, p in enumerate(order)}
    tables: list[list[int]] = []
    for size in sizes:
        chosen = [waiting[0]]
        window = waiting[1 : 1 + look * size]
        while len(chosen) < size:
            best = min(
                (c for c in window if c not in chosen),
                key=lambda c: (sum(met.get(c, {}).get(x, 0) for x in chosen), rank[c]),
            )
            chosen.append(best)
        taken = set(chosen)
        waiting = [p for p in waiting if p not in taken]
        tables.append(chosen)
    _improve(tables, met, rank, reach)
    if len(order) <= EXACT_UP_TO and (repeat_count(tables, met) or ahead):
        exact = _search_widening(order, met, sizes, ahead)
        if exact is not None:
            tables = exact
    return _in_order(tables, rank)


def round_pair(
    order: list[int], met: dict[int, dict[int, int]], sizes: list[int], *, bye_count: int = 0,
    byes_had: dict[int, int] | None = None, ahead: int = 0,
) -> tuple[list[list[int]], list[int]]:
    """One Swiss round: (tables, byes) for ``order`` (standings order, everyone
    still in). The byes go to the lowest placed with the fewest byes so far;
    when those byes would force a repeat meeting that another choice, as
    fair (the same earlier byes among those sitting out), avoids, the lowest
    placed such choice sits out instead (with 8 players at 3-player tables,
    the two lowest without a bye in round 3 can leave six who cannot sit
    at two tables without a repeat; tests/ladders/test_pairing.py)."""
    byes_had = byes_had or {}
    byes = byes_choose(order, bye_count, byes_had)
    tables = tables_pair([p for p in order if p not in byes], met, sizes, ahead=ahead)
    if not byes or len(order) > EXACT_UP_TO or not repeat_count(tables, met):
        return tables, byes
    rank = {p: i for i, p in enumerate(order)}
    budget = [ALTERNATIVE_BUDGET]
    for other in _byes_alternatives(order, byes, byes_had):
        found = _search([p for p in order if p not in other], met, sizes, 0, budget)
        if found is not None:
            return _in_order(found, rank), other
        if budget[0] < 0:
            break
    return tables, byes


def _in_order(tables: list[list[int]], rank: dict[int, int]) -> list[list[int]]:
    """Players within a table, and tables by their best player, in standings order."""
    return sorted((sorted(t, key=rank.__getitem__) for t in tables), key=lambda t: rank[t[0]])


def _byes_alternatives(order: list[int], first: list[int], byes_had: dict[int, int]):
    """Other bye sets as fair as ``first`` (the same count of earlier byes
    among them, so nobody sits out twice while another has not), lowest
    placed first."""
    bottom_up = list(reversed(order))
    had = sorted(byes_had.get(p, 0) for p in first)
    pool = [p for p in bottom_up if byes_had.get(p, 0) <= had[-1]]
    for combo in itertools.combinations(pool, len(first)):
        if sorted(byes_had.get(p, 0) for p in combo) == had and list(combo) != first:
            yield list(combo)


# Fields up to this size get a depth-first search for tables without a
# repeat whose next round can be repeat-free too (greedy choices can paint
# the last round into a corner: 16 players at 4-player tables have a
# repeat-free 4th round only if the 3rd round left one). Bounded; when the
# next round cannot be kept repeat-free within the budget, this round alone
# is; the greedy tables stand only when not even this round has repeat-free
# tables the search can find.
EXACT_UP_TO = 64
SEARCH_BUDGET = 200_000
ALTERNATIVE_BUDGET = 200_000
# Rounds looked ahead: one (the 16-at-4 case needs it; over 5-40 players at
# tables of 3-5 in 4 and 6 rounds it saves 6% of the repeats); looking
# further saved none there.
LOOK_AHEAD = 1


def _search_widening(order: list[int], met: dict[int, dict[int, int]], sizes: list[int], ahead: int) -> list[list[int]] | None:
    look = [SEARCH_BUDGET]  # shared by the look-ahead levels
    for level in range(min(ahead, LOOK_AHEAD), 0, -1):
        found = _search(order, met, sizes, level, look)
        if found is not None:
            return found
        if look[0] < 0:
            break
    return _search(order, met, sizes, 0, [SEARCH_BUDGET])


def _search(order: list[int], met: dict[int, dict[int, int]], sizes: list[int], ahead: int, budget: list[int]) -> list[list[int]] | None:
    """The first repeat-free tables in standings order that leave ``ahead``
    more repeat-free rounds possible, or None (also when ``budget``, a count
    of search steps shared with the caller, runs out)."""
    met_sets = {p: {q for q, k in m.items() if k} for p, m in met.items()}
    return _search_sets(order, met_sets, sizes, ahead, budget)


def _search_sets(order: list[int], met: dict[int, set[int]], sizes: list[int], ahead: int, budget: list[int]) -> list[list[int]] | None:
    tables: list[list[int]] = []
    used: set[int] = set()
    none: set[int] = set()

    def fill(size: int, left: list[int], chosen: list[int], start: int) -> bool:
        budget[0] -= 1
        if budget[0] < 0:
            return False
        need = size - len(chosen)
        if need == 0:
            tables.append(chosen)
            if left:
                if open_table(left):
                    return True
            elif not ahead or _search_sets(order, _plus_sets(met, tables), sizes, ahead - 1, budget) is not None:
                return True
            tables.pop()
            return False
        # only players who met nobody at the table yet can join it; too few left: no table here
        blocked = used.union(*(met.get(x, none) for x in chosen))
        fits = [i for i in range(start, len(order)) if order[i] not in blocked]
        if len(fits) < need:
            return False
        for i in fits:
            c = order[i]
            used.add(c)
            if fill(size, left, chosen + [c], i + 1):
                return True
            used.discard(c)
            if budget[0] < 0:
                return False
        return False

    def open_table(left: list[int]) -> bool:
        """The player with the fewest others left whom they have not met (the
        highest placed of those) opens a table of each size still to fill in
        turn (with mixed sizes, a repeat-free round may need them at the
        smaller table). Seating the hardest player first finds a repeat-free
        round in far fewer steps, and fails early when there is none."""
        free = [p for p in order if p not in used]
        free_set = set(free)
        room = [len(free) - 1 - len(met.get(p, none) & free_set) for p in free]
        if min(room) < min(left) - 1:
            return False  # someone cannot fill even the smallest table left
        anchor = free[room.index(min(room))]
        used.add(anchor)
        for size in dict.fromkeys(left):
            rest = list(left)
            rest.remove(size)
            if fill(size, rest, [anchor], 0):
                return True
            if budget[0] < 0:
                break
        used.discard(anchor)
        return False

    return tables if open_table(list(sizes)) else None


def _plus_sets(met: dict[int, set[int]], tables: list[list[int]]) -> dict[int, set[int]]:
    out = {p: set(m) for p, m in met.items()}
    for t in tables:
        for a in t:
            out.setdefault(a, set()).update(b for b in t if b != a)
    return out


def _improve(tables: list[list[int]], met: dict[int, dict[int, int]], rank: dict[int, int], reach: int) -> None:
    """Swap players between nearby tables while that lowers the repeats
    (nearest tables first, so players stay in their score group if they can)."""
    for _ in range(4):
        changed = False
        for ti in range(len(tables)):
            if _repeats(tables[ti], met) == 0:
                continue
            near = sorted(
                (tj for tj in range(max(0, ti - reach), min(len(tables), ti + reach + 1)) if tj != ti),
                key=lambda tj: abs(tj - ti),
            )
            done = False
            for tj in near:
                before = _repeats(tables[ti], met) + _repeats(tables[tj], met)
                for a in list(tables[ti]):
                    for b in list(tables[tj]):
                        t = [b if x == a else x for x in tables[ti]]
                        u = [a if x == b else x for x in tables[tj]]
                        if _repeats(t, met) + _repeats(u, met) < before:
                            tables[ti], tables[tj] = t, u
                            done = changed = True
                            break
                    if done:
                        break
                if done:
                    break
        if not changed:
            return


def meetings(tables: list[list[int]]) -> dict[int, dict[int, int]]:
    met: dict[int, dict[int, int]] = {}
    for t in tables:
        for a in t:
            for b in t:
                if a != b:
                    met.setdefault(a, {})
                    met[a][b] = met[a].get(b, 0) + 1
    return met


def repeat_count(tables: list[list[int]], met: dict[int, dict[int, int]]) -> int:
    return sum(_repeats(t, met) for t in tables)
