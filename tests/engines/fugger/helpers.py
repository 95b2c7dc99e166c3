"""Building exact situations for the rule tests."""

from engines.fugger import ENGINE
from engines.fugger import rules as R
from engines.rng import Rng


def started(players=3, homes=None, seed=1):
    """A game after the home bases are chosen (default all Augsburg), at round 1 movement."""
    S = ENGINE.setup(players, seed)
    homes = homes or ["augsburg"] * players
    while S["pending"]["kind"] == "home":
        seat = S["pending"]["seat"]
        S = ENGINE.apply(S, {seat: {"type": "home", "town": homes[seat]}})["state"]
    return S


def put_rep(S, seat, r, at, **wares):
    R.queue_leave(S, seat, at)  # no-op unless moving
    old = S["seats"][seat]["reps"][str(r)]
    S["seats"][seat]["reps"][str(r)] = {"at": at, "wares": {**R.empty_wares(), **wares}}
    if old:
        R.queue_leave(S, seat, old["at"])
    R.queue_arrive(S, seat, at)


def clear_wares(S):
    """Take every ware out of play (booked as sold so the ware invariant still holds)."""
    for s in range(S["players"]):
        for p in R.all_places(S, s):
            for w, n in R.place_wares(S, s, p).items():
                R.flow(S, "sold", w, n)
                R.place_wares(S, s, p)[w] = 0


def give(S, seat, place, **wares):
    for w, n in wares.items():
        R.place_wares(S, seat, place)[w] += n
        R.flow(S, "bought", w, n)


def rng_giving(sums):
    """A generator state whose next 2d6 rolls have these sums."""
    for i in range(1, 200000):
        r = Rng.from_seed(i)
        if all(sum(r.dice(2)) == s for s in sums):
            return Rng.from_seed(i).state
    raise AssertionError(sums)


def start_deal(S, cid, early=False):
    """Put the deal ``cid`` up for trading now (the current calendar space)."""
    S["pending"] = None
    S["agenda"] = [{"do": "round_end"}, {"do": "deal", "card": cid, "step": 0, "early": early, "any": False}]
    ev = []
    R.run(S, ev)
    return ev


def move_turn(S, seat):
    S["pending"] = {"kind": "move", "seat": seat, "moved": []}
    S["agenda"] = [{"do": "round_end"}]
