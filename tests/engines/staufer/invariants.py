"""Invariants checked after every step of the conformance games."""

from engines.staufer import ENGINE
from engines.staufer import data as D


def figures(state, seat):
    total = [0, 0]
    for where in (state["province"][seat], state["court"][seat]):
        total[0] += where[0]
        total[1] += where[1]
    for r in state["regions"]:
        pay = state["payment"][r][seat]
        total[0] += pay[0]
        total[1] += pay[1]
        for o in state["offices"][r]:
            for s, k in o["occ"]:
                if s == seat:
                    total[0 if k == "envoy" else 1] += 1
    return total


def chests(state):
    n = len(state["draw"]) + len(state["discard"])
    n += sum(len(c) for c in state["res_chests"])
    n += sum(len(o["chests"]) for r in state["regions"] for o in state["offices"][r])
    n += sum(sum(h.values()) for h in state["held"])
    n += sum(len(p["options"]) for p in state["pending"] if p["kind"] == "pick")
    return n


def invariant(state, previous):
    n = state["players"]
    over = state["stage"] == "over"
    for seat in range(n):
        f = figures(state, seat)
        if not over:
            assert f == [D.ENVOYS_PER_COLOUR, D.NOBLES_PER_COLOUR], (seat, f)
        else:
            assert f[0] <= D.ENVOYS_PER_COLOUR and f[1] <= D.NOBLES_PER_COLOUR
        for where in (state["province"][seat], state["court"][seat]):
            assert min(where) >= 0
        assert all(c > 0 for c in state["held"][seat].values())
        assert state["score"][seat] >= 0
        if previous is not None:
            assert state["score"][seat] >= previous["score"][seat]
        assert len(set(state["privileges"][seat])) == len(state["privileges"][seat])
        assert sum(1 for p in state["privileges"][seat] if p == 1) <= 1
    for r in state["regions"]:
        for o in state["offices"][r]:
            assert len(o["occ"]) <= D.MAX_PER_OFFICE
            if o["occ"] and o["noble"]:
                assert o["occ"][0][1] == "noble"
    assert chests(state) == sum(D.CHEST_COUNTS.values())
    assert min(state["priv_supply"].values(), default=0) >= 0
    # objectives hidden from every other seat until the end
    for seat in [None, *range(n)]:
        view = ENGINE.view(state, seat)
        for other in range(n):
            if other != seat and not over:
                assert view["objectives"][other] is None
            if over:
                assert view["objectives"][other] == state["objectives"][other]
        assert "objective_box" not in view
        assert isinstance(view["draw"], int)
    assert len(state["order"]) + len(state["res_track"]) + len(state["place_track"]) == 3 * n
