"""default_action (the safe choice on a timeout) and a simple trading bot."""

from __future__ import annotations

from . import board as B
from . import data as D
from . import nobility as NB
from . import rules as R

CHEAP_FIRST = sorted(D.WARES, key=lambda w: D.FORCED_PRICE[w])


def _cheapest(wares: dict, n: int) -> list[str]:
    out = []
    for w in CHEAP_FIRST:
        k = min(n - len(out), wares[w])
        out += [w] * k
    return out


def _raise_action(S, seat):
    for p in R.all_places(S, seat):
        wares = R.place_wares(S, seat, p)
        for w in CHEAP_FIRST:
            if wares[w]:
                return {"type": "sellforced", "ware": w, "count": 1, "from": p}
    return {"type": "sellnote", "count": 1}


def default_action(engine, S, seat):
    pend = engine._pending_for(S, seat)
    k = pend["kind"]
    if k == "home":
        return {"type": "home", "town": D.HOME_BASES[0]}
    if k == "deal":
        return {"type": "sell" if pend["part"] == "demand" else "bid", "ware": pend["ware"], "prices": []}
    if k in ("move", "payday"):
        return {"type": "done"}
    if k == "trade":
        return {"type": "back"}
    if k == "raise":
        return _raise_action(S, seat)
    if k == "accept":
        return {"type": "decline"}
    if k == "lose":
        return {"type": "lose", "wares": _cheapest(R.rep(S, seat, pend["rep"])["wares"], pend["count"])}
    if k == "bribe":
        return {"type": "bribe", "points": 0}
    if k == "sheep":
        return {"type": "keep"}
    if k == "lottery":
        return {"type": "lottery", "numbers": []}
    if k == "auction":
        return {"type": "auction", "amount": 0}
    if k == "donate":
        return {"type": "donate", "amount": "none"}
    if k == "cube":
        return {"type": "cube", "area": NB.cube_options(S, seat, pend["what"])[0]}
    if k == "fee":
        return {"type": "payfee", "player": pend["owners"][0] + 1}
    raise AssertionError(k)


def _auction_bid(engine, S, seat, pend, rng):
    P = S["seats"][seat]
    cap = engine._auction_cap(S, seat, pend)
    what = pend["what"]
    if what == "estate":
        if cap < pend["min"]:
            return 0
        step = D.PRICE_STEP * rng.randint(0, 10)
        return min(cap, pend["min"] + step)
    if what in ("army", "coronation"):
        if P["cash"] < 4000 or rng.below(3) == 0:
            return 0
        return min(cap, pend["min"] + D.PRICE_STEP * rng.randint(0, 10))
    if P["cash"] < 2000 or rng.below(3) == 0:
        return 0
    return min(cap, pend["min"] + D.PRICE_STEP * rng.randint(0, 8))


def bot(engine, S, seat, rng):
    pend = engine._pending_for(S, seat)
    k = pend["kind"]
    P = S["seats"][seat]
    if k == "home":
        return {"type": "home", "town": rng.choice(D.HOME_BASES)}
    if k == "deal":
        return _deal(S, seat, pend, rng)
    if k == "move":
        return _move(engine, S, seat, pend, rng)
    if k == "trade":
        targets = engine._offer_targets(S, seat)
        if engine._note_offer_spec(S, seat) and (not targets or rng.below(2) == 0):
            others = [s + 1 for s in range(S["players"]) if s != seat]
            return {"type": "offer_note", "count": 1, "player": rng.choice(others), "price": D.NOTE_SALE_VALUE + 60}
        if targets and rng.below(2) == 0:
            a, player, b = rng.choice(targets)
            wares = R.place_wares(S, seat, a)
            w = next(x for x in D.WARES if wares[x])
            return {"type": "offer", "count": 1, "ware": w, "from": a, "player": player, "to": b,
                    "price": D.FORCED_PRICE[w] + 100}
        return {"type": "back"}
    if k == "raise":
        return _raise_action(S, seat)
    if k == "accept":
        o = pend["offer"]
        if o["type"] == "offer_note":  # a note pays 200 a year and sells for 300
            return {"type": "accept" if P["cash"] >= o["price"] + 2000 and o["price"] <= 500 * o["count"]
                    else "decline"}
        fair = D.FORCED_PRICE[o["ware"]] * o["count"] * 3 // 2
        ok = P["cash"] >= o["price"] + 1000 and o["price"] <= fair
        return {"type": "accept" if ok else "decline"}
    if k == "payday":
        # another representative costs wages every year: worth it only with money to trade with
        if R.can_hire(S, seat) and not pend["fired"] and P["cash"] > 12000 and len(R.active_reps(S, seat)) < 2:
            return {"type": "hire"}
        emp = R.employees(S, seat)
        if P["cash"] < 1500 and emp:
            idle = [r for r in emp if R.n_wares(R.rep(S, seat, r)["wares"]) == 0]
            if idle:
                return {"type": "fire", "rep": idle[-1]}
        return {"type": "done"}
    if k == "lose":
        return {"type": "lose", "wares": _cheapest(R.rep(S, seat, pend["rep"])["wares"], pend["count"])}
    if k == "bribe":
        # 2 dice: 6 or less loses 2 wares, 7-9 one; 4 points (400) save about one ware on average
        value = sum(D.FORCED_PRICE[w] * n for w, n in R.rep(S, seat, pend["rep"])["wares"].items())
        pts = 4 if value >= 1500 else 2 if value >= 800 else 0
        return {"type": "bribe", "points": min(pts, P["cash"] // D.BRIBE_PER_POINT, D.MAX_BRIBE)}
    if k == "sheep":
        # being last in every queue costs sales later: pass it on while passing is cheap
        cost = R.sheep_cost(pend["passes"])
        if engine._may_pass_sheep(S, pend) and cost <= 80 and P["cash"] >= cost + 1000:
            others = [s + 1 for s in range(S["players"]) if s != seat]
            return {"type": "pass_on", "player": rng.choice(others)}
        return {"type": "keep"}
    if k == "lottery":
        # a number costs 100 for a 1 in 6 chance of a note worth 300 (+200 a payday): worth it only where the
        # note also moves the player up the nobility table
        free = [x for x in range(1, 7) if str(x) not in pend["numbers"]]
        mine = any(v == seat for v in pend["numbers"].values())
        if R.variant(S) and free and not mine and P["cash"] > 3000:
            return {"type": "lottery", "numbers": [free[0]]}
        return {"type": "lottery", "numbers": []}
    if k == "auction":
        return {"type": "auction", "amount": _auction_bid(engine, S, seat, pend, rng)}
    if k == "donate":
        opts = NB.donation_options(S, seat, pend["got"])
        if "trick" in opts:
            return {"type": "donate", "amount": "trick"}
        if "1000" in opts and P["cash"] > 6000 and rng.below(2) == 0:
            return {"type": "donate", "amount": "1000"}
        return {"type": "donate", "amount": "500" if "500" in opts and P["cash"] > 1500 else "none"}
    if k == "cube":
        return {"type": "cube", "area": rng.choice(NB.cube_options(S, seat, pend["what"]))}
    if k == "fee":
        return {"type": "payfee", "player": rng.choice(pend["owners"]) + 1}
    raise AssertionError(k)


def best_demand(S, ware, after):
    """The highest price a demand on the table (or the market) pays for ``ware`` later than ``after``, and how
    many it wants."""
    best, qty = 0, 0
    cards = [e["card"] for e in S["table"] if e["time"] > after and NB.deal_kind(e["card"]) == "demand"]
    for cid in cards + ([S["market"]] if S["market"] else []):
        for w, q, p in R.card(cid)["lines"]:
            if w == ware and p > best:
                best, qty = p, q
    return best, qty


def _deal(S, seat, pend, rng):
    limit = R.sell_limit(S, pend, seat)
    ware = pend["ware"]
    rivals = len(pend["seats"]) - 1
    if pend["part"] == "demand":
        # alone: the card's maximum; against others a little under it (the cheapest sells first), never under
        # what the bank pays for the ware
        top = pend["price"] // D.PRICE_STEP * D.PRICE_STEP
        prices = [max(D.FORCED_PRICE[ware], top - D.PRICE_STEP * (rng.randint(1, 4) if rivals else 0))
                  for _ in range(limit)]
        return {"type": "sell", "ware": ware, "prices": sorted(prices)}
    # buy only what a demand on the table pays clearly more for, and no more than it wants
    low = -(-pend["price"] // D.PRICE_STEP) * D.PRICE_STEP
    resale, wanted = best_demand(S, ware, S["t"])
    have = R.total_wares(S, seat)[ware]
    margin = resale - low
    if margin < 200 or wanted <= have:
        return {"type": "bid", "ware": ware, "prices": []}
    budget = S["seats"][seat]["cash"] - 2000
    prices = []
    for _ in range(min(limit, wanted - have)):
        p = low + (D.PRICE_STEP * rng.randint(1, min(10, margin // 2 // D.PRICE_STEP)) if rivals else 0)
        if p > budget:
            break
        budget -= p
        prices.append(p)
    return {"type": "bid", "ware": ware, "prices": sorted(prices, reverse=True)}


def _targets(S, seat, r):
    """Deals this representative could reach in time, with a rough value: a demand for what he carries, an offer
    (when he is empty) of wares a later demand pays more for."""
    Rp = R.rep(S, seat, r)
    winter_soon = B.is_winter(S["t"]) or B.is_winter(S["t"] + 1)
    cash = S["seats"][seat]["cash"]
    out = []
    for e in S["table"]:
        c = R.card(e["card"])
        town = c["town"]
        rounds = e["time"] - S["t"]
        if rounds < 1:
            continue
        dist = B.dist_to(town, winter_soon and not B.is_sea(Rp["at"])).get(Rp["at"])
        if dist is None or -(-dist // D.MAX_MOVE) > rounds:
            continue
        kind = NB.deal_kind(e["card"])
        value = 0
        if kind == "demand":
            value = sum(min(q, Rp["wares"][w]) * (p - D.FORCED_PRICE[w]) for w, q, p in c["lines"])
            if NB.is_noble_card(e["card"]) and value > 0:
                value += 500
        elif kind == "offer" and cash > 4000 and R.n_wares(Rp["wares"]) == 0:
            for _, w, q, p in R.card_lines(e["card"]):
                resale, wanted = best_demand(S, w, e["time"])
                value += max(0, resale - p - 100) * min(q, wanted)
        if value > 0:
            out.append((value - 40 * dist, -dist, town))
    return out


def _move(engine, S, seat, pend, rng):
    P = S["seats"][seat]
    movable = [r for r in R.active_reps(S, seat) if r not in pend["moved"]]
    demanded = {ln[0] for e in S["table"] if R.card(e["card"])["kind"] == "demand" for ln in R.card(e["card"])["lines"]}
    # load wares at home onto an idle representative about to travel
    for r in movable:
        Rp = R.rep(S, seat, r)
        if Rp["at"] == P["home"] and R.n_wares(Rp["wares"]) < 3:
            for w in D.WARES:
                if w in demanded and P["lager"][w] > 0:
                    n = min(P["lager"][w], 3 - R.n_wares(Rp["wares"]))
                    return {"type": "transfer", "count": n, "ware": w, "from": "home", "to": str(r)}
    if not pend["moved"] and rng.below(40) == 0 and (engine._offer_targets(S, seat) or engine._note_offer_spec(S, seat)):
        return {"type": "trade"}  # now and then, sell a ware to a colleague on the same space
    winter_soon = B.is_winter(S["t"]) or B.is_winter(S["t"] + 1)
    for r in movable:
        targets = _targets(S, seat, r)
        if not targets:
            continue
        targets.sort(reverse=True)
        _, _, town = targets[0] if len(targets) == 1 or rng.below(4) else targets[1]
        Rp = R.rep(S, seat, r)
        if Rp["at"] == town:
            continue  # already there: wait for the deal
        dist = B.dist_to(town, winter_soon and not B.is_sea(Rp["at"]))
        path = []
        here = Rp["at"]
        while len(path) < D.MAX_MOVE and dist[here] > 0:
            here = min(nb for nb in B.ADJ[here] if dist.get(nb) == dist[here] - 1)
            path.append(here)
        while path and R.plan_cost(S, seat, r, path) > P["cash"] // 3:
            path.pop()
        if winter_soon:
            while path and B.is_sea(path[-1]):
                path.pop()
        if path:
            return {"type": "move", "rep": r, "path": path}
    return {"type": "done"}
