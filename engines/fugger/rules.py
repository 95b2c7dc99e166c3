"""The rules of Fugger, Welser, Medici as pure functions over a JSON state.

The game runs as a stack of tasks (``state["agenda"]``, top = last item). ``run``
pops and performs tasks until one of them needs a player's answer; that answer
is described by ``state["pending"]`` (never holding a sealed price: sealed prices
arrive all together in one ``apply`` and are resolved at once).

Money changes only through ``pay``; every change is booked under a named reason
in ``state["ledger"]`` so that cash == START_CASH + sum of the seat's ledger.
Wares enter play only from offers (``flow.bought``) and leave through demands,
forced sales and losses (``flow.sold`` / ``flow.lost``).
"""

from __future__ import annotations

import json

from engines.i18n import message, term
from engines.rng import Rng

from . import board as B
from . import data as D
from . import nobility as NB
from . import nobility_data as ND
from .common import (  # the helpers the variants share, kept readable here as R.<name>
    CAL, PL, PN, WHY, W, active_reps, all_places, card, card_lines, counted, deal_count, deal_target, empty_wares,
    flow, lines_msg, liquid_value, n_wares, pay, place_wares, places_at, present, rep, say, seat_order, second_marker,
    semi, set_off_boom, site_count, sname, variant, wealth,
)
from .common import MONEY_REASONS as MONEY_REASONS  # read as R.<name> by the engine, the bots and the tests
from .common import PLACES as PLACES
from .common import place_location as place_location
from .common import total_wares as total_wares

VARIANTS = NB.VARIANTS


# --- queues at a space --------------------------------------------------------------


def queue_leave(S: dict, seat: int, space: str) -> None:
    if not places_at_reps(S, seat, space):
        q = S["queue"].get(space)
        if q and seat in q:
            q.remove(seat)
            if not q:
                del S["queue"][space]


def places_at_reps(S: dict, seat: int, space: str) -> list[int]:
    return [r for r in active_reps(S, seat) if rep(S, seat, r)["at"] == space]


def queue_arrive(S: dict, seat: int, space: str) -> None:
    q = S["queue"].setdefault(space, [])
    if seat not in q:
        q.append(seat)


# --- setup ---------------------------------------------------------------------------


def setup(players: int, seed: int, options: dict | None) -> dict:
    options = dict(options or {})
    variant = options.get("variant", "trading")
    if variant not in VARIANTS:
        raise ValueError(f"unknown variant {variant!r}; implemented: {', '.join(VARIANTS)}")
    rng = Rng.from_seed(seed)
    # who starts: everyone rolls a die, the highest starts (ties roll again)
    rolls_log = []
    contenders = list(range(players))
    while True:
        rolls = {s: rng.die() for s in contenders}
        rolls_log.append({str(s): v for s, v in rolls.items()})
        top = max(rolls.values())
        contenders = [s for s in contenders if rolls[s] == top]
        if len(contenders) == 1:
            break
    start = contenders[0]

    if variant != "trading":
        dealt = NB.deal_cards(players, variant, rng)
        table, pack, markets, unused = dealt["table"], dealt["pack"], [dealt["market"]], dealt["unused"]
    else:
        demands = rng.shuffled([c["id"] for c in D.DEMANDS])
        offers = rng.shuffled([c["id"] for c in D.OFFERS])
        markets = rng.shuffled([c["id"] for c in D.MARKETS])
        n_off = D.TRADING_OFFERS_USED[players]
        used_d, unused_d = demands[: D.TRADING_DEMANDS_USED], demands[D.TRADING_DEMANDS_USED :]
        used_o, unused_o = offers[:n_off], offers[n_off:]
        table = []
        for cid in used_d[:2]:
            table.append({"card": cid, "time": D.START_TERMIN_OFFSET + card(cid)["plus"], "drawn": 0})
        second_n = sorted(e["time"] for e in table)[1]
        for cid in used_o[:2]:
            table.append({"card": cid, "time": second_n + card(cid)["plus"], "drawn": 0})
        pack = used_d[2:] + used_o[2:] + [c["id"] for c in D.CHANCES]
        rng.shuffle(pack)
        unused = {"demand": unused_d, "offer": unused_o, "market": markets[1:]}

    S = {
        "variant": variant,
        "players": players,
        "t": 0,
        "round": 1,
        "start": start,
        "start_rolls": rolls_log,
        "over": False,
        "seats": [
            {
                "home": None,
                "cash": D.START_CASH,
                "lager": dict(D.START_WARES),
                "reps": {"1": None, "2": None, "3": None},
                "son_lost": False,
                "notes": 0,
            }
            for _ in range(players)
        ],
        "ledger": [{} for _ in range(players)],
        "flow": {"bought": empty_wares(), "sold": empty_wares(), "lost": empty_wares()},
        "queue": {},
        "table": table,
        "market": markets[0],
        "market_done": -1,
        "pack": pack,
        "unused": unused,
        "out": [],
        "robbers": [],
        "black_sheep": None,
        "blockade": False,
        "boom": 0,
        "pending": None,
        "agenda": [{"do": "round_start"}] + [{"do": "homebase", "seat": s} for s in reversed(seat_order_from(start, players))],
        "rng": rng.state,
    }
    if variant != "trading":
        S["stock"] = dealt["stock"]
        S["nob"] = NB.new_nob(players)
    run(S, [])
    return S


def seat_order_from(start: int, n: int) -> list[int]:
    return [(start + i) % n for i in range(n)]


# --- the task runner ----------------------------------------------------------------


def run(S: dict, ev: list) -> None:
    while S["pending"] is None and not S["over"]:
        if not S["agenda"]:
            S["agenda"].append({"do": "round_start"})
        task = S["agenda"].pop()
        TASKS[task["do"]](S, task, ev)


def t_homebase(S, task, ev):
    S["pending"] = {"kind": "home", "seat": task["seat"]}


def t_round_start(S, task, ev):
    t = S["t"]
    ev.append(say("calendar", "ev.calendar", {"round": S["round"], "cal": CAL(t), "player": PN(S["start"])},
                  round=S["round"], t=t))
    if B.is_winter(t):
        for seat in range(S["players"]):
            for r in active_reps(S, seat):
                R = rep(S, seat, r)
                if B.is_sea(R["at"]):
                    lose_rep(S, seat, r, ev, R["at"])
    if variant(S) and B.cal_index(t) == ND.RENT_SPACE:
        NB.rent(S, ev)
    tasks = [{"do": "trades"}]
    if B.cal_index(t) == D.PAYDAY_SPACE:
        tasks += [{"do": "payday_turn", "seat": s} for s in seat_order(S)] + [{"do": "payday_pay"}]
    tasks += [{"do": "move_turn", "seat": s, "moved": []} for s in seat_order(S)]
    tasks += [{"do": "round_end"}]
    S["agenda"].extend(reversed(tasks))


def lose_rep(S, seat, r, ev, space):
    R = rep(S, seat, r)
    for w, n in R["wares"].items():
        if n:
            flow(S, "lost", w, n)
    at = R["at"]
    S["seats"][seat]["reps"][str(r)] = None
    if r == D.SON:
        S["seats"][seat]["son_lost"] = True
    queue_leave(S, seat, at)
    lost = counted(R["wares"]) or term("render.no_wares")
    ev.append(say("rep_lost", "ev.rep_lost_son" if r == D.SON else "ev.rep_lost",
                  {"player": PN(seat), "rep": r, "space": sname(space), "lost": lost}, seat=seat, rep=r))


def t_round_end(S, task, ev):
    for rb in S["robbers"]:
        (S["stock"] if variant(S) else S["out"]).append(rb["card"])
    if S["robbers"]:
        ev.append(say("robbers_gone", "ev.robbers_gone"))
    S["robbers"] = []
    S["t"] += 1
    S["round"] += 1
    S["start"] = (S["start"] + 1) % S["players"]
    if variant(S) and B.cal_year(S["t"]) > ND.YEARS_LIMIT:
        NB.finish(S, ev, message("end.years", years=ND.YEARS_LIMIT))
        return
    S["agenda"].append({"do": "round_start"})


# --- phase 1: trades ----------------------------------------------------------------


def urgent_ready(S: dict, entry: dict) -> bool:
    c = card(entry["card"])
    if not c.get("urgent") or entry["time"] <= S["t"] or entry["drawn"] >= S["round"] or entry.get("declined") == S["round"]:
        return False
    town = c["town"]
    wares = {ln[0] for ln in c["lines"]}
    for seat in range(S["players"]):
        for r in places_at_reps(S, seat, town):
            if c["kind"] == "offer" or any(rep(S, seat, r)["wares"][w] for w in wares):
                return True
    return False


def next_due(S: dict) -> tuple[str, bool] | None:
    """The next trade of this phase 1: urgent, demands, market, offers."""
    t = S["t"]
    table = sorted(S["table"], key=lambda e: (e["time"], e["card"]))
    for e in table:
        if urgent_ready(S, e):
            return e["card"], True
    for e in table:
        if e["time"] == t and card(e["card"])["kind"] == "demand":
            return e["card"], False
    if S["market"] and B.cal_index(t) == D.MARKET_SPACE and S["market_done"] != S["round"]:
        return S["market"], False
    for e in table:
        if e["time"] == t and card(e["card"])["kind"] == "estate":
            return e["card"], False
    for e in table:
        if e["time"] == t and NB.deal_kind(e["card"]) == "offer":
            return e["card"], False
    return None


def t_trades(S, task, ev):
    due = next_due(S)
    if due is None:
        return
    cid, early = due
    c = card(cid)
    if c["kind"] == "estate":
        ev.append(say("deal", "ev.estate_sale", {"card": cid, "name": c["name"], "min": c["min"]}, card=cid))
        S["agenda"].append({"do": "trades"})
        S["agenda"].append({"do": "estate_sale", "card": cid})
        return
    what = {"demand": "demand", "offer": "offer", "market": "market", "chance": "offer"}[c["kind"]]
    ev.append(say("deal", f"ev.{'urgent' if early else 'deal'}_{what}", {"card": cid, "town": sname(c["town"])},
                  card=cid, early=early))
    if c["kind"] == "market":
        S["market_done"] = S["round"]
    S["agenda"].append({"do": "trades"})
    S["agenda"].append({"do": "deal", "card": cid, "step": 0, "early": early, "any": False})


def line_seats(S: dict, cid: str, part: str, ware: str) -> list[int]:
    town = card(cid)["town"]
    out = []
    for seat in seat_order(S):
        if part == "demand":
            if site_count(S, seat, town, ware) > 0:
                out.append(seat)
        elif present(S, seat, town):
            out.append(seat)
    return out


def t_deal(S, task, ev):
    cid, step = task["card"], task["step"]
    lines = card_lines(cid)
    if step >= len(lines):
        S["agenda"].append({"do": "deal_done", "card": cid, "early": task["early"], "any": task["any"],
                            "got": task.get("got", {})})
        return
    part, ware, qty, price = lines[step]
    seats = line_seats(S, cid, part, ware)
    if not seats:
        S["agenda"].append(dict(task, step=step + 1))
        return
    S["pending"] = {
        "kind": "deal", "card": cid, "step": step, "part": part, "ware": ware, "qty": qty, "price": price,
        "seats": seats, "early": task["early"], "any": task["any"], "got": task.get("got", {}),
    }


def sell_limit(S: dict, pend: dict, seat: int) -> int:
    if pend["part"] == "demand":
        return min(pend["qty"], site_count(S, seat, card(pend["card"])["town"], pend["ware"]))
    return pend["qty"]


def queue_order(S: dict, town: str, seats: list[int], rng: Rng, ev: list) -> list[int]:
    homes = [s for s in seats if S["seats"][s]["home"] == town]
    if len(homes) > 1:
        while True:
            rolls = {s: rng.die() for s in homes}
            if len(set(rolls.values())) == len(homes):
                break
        homes.sort(key=lambda s: -rolls[s])
        ev.append(say("queue_dice", "ev.queue_dice", {"town": sname(town), "rolls": [
            message("ev.score", player=PN(s), score=rolls[s]) for s in homes]}, rolls={str(s): rolls[s] for s in homes}))
    q = [s for s in S["queue"].get(town, []) if s in seats and s not in homes]
    rest = [s for s in seats if s not in homes and s not in q]
    order = homes + q + rest
    sheep = S["black_sheep"]
    if sheep is not None and sheep in order:
        order.remove(sheep)
        order.append(sheep)
    return order


def resolve_demand(S: dict, town: str, ware: str, qty: int, maxp: int, prices: dict[int, list[int]], order: list[int]):
    """Who sells which unit at what price: cheapest first, ties by the queue."""
    rank = {s: i for i, s in enumerate(order)}
    entries = [(p, rank[s], s) for s in order for p in prices.get(s, []) if p <= maxp]
    entries.sort(key=lambda e: (e[0], e[1]))
    return [(s, p) for p, _, s in entries[:qty]]


def resolve_offer(qty: int, minp: int, prices: dict[int, list[int]], order: list[int], capacity: dict[int, int]):
    """Who buys which unit at what price: highest first, ties by the queue. A
    buyer who cannot pay (cash plus forced sales) keeps what he could pay for;
    the rest is sold again without his bids, and he is fined."""
    rank = {s: i for i, s in enumerate(order)}
    pool = [(p, rank[s], s) for s in order for p in prices.get(s, []) if p >= minp]
    pool.sort(key=lambda e: (-e[0], e[1]))
    sold: list[tuple[int, int]] = []
    spent = {s: 0 for s in order}
    failed: list[int] = []
    for p, _, s in pool:
        if len(sold) >= qty:
            break
        if s in failed:
            continue
        if spent[s] + p > capacity[s]:
            failed.append(s)
            continue
        spent[s] += p
        sold.append((s, p))
    return sold, failed


def take_from_site(S: dict, seat: int, town: str, ware: str) -> str:
    for p in places_at(S, seat, town):
        wares = place_wares(S, seat, p)
        if wares[ware] > 0:
            wares[ware] -= 1
            return p
    raise AssertionError("no ware to take")


def give_at_site(S: dict, seat: int, town: str, ware: str) -> str:
    p = places_at(S, seat, town)[0]
    place_wares(S, seat, p)[ware] += 1
    return p


def resolve_deal(S: dict, moves: dict[int, dict], ev: list) -> None:
    pend = S["pending"]
    S["pending"] = None
    cid, part, ware, qty, price = pend["card"], pend["part"], pend["ware"], pend["qty"], pend["price"]
    town = card(cid)["town"]
    prices = {s: list(moves[s]["prices"]) for s in pend["seats"]}
    rng = Rng(S["rng"])
    order = queue_order(S, town, pend["seats"], rng, ev)
    S["rng"] = rng.state
    anyone = pend["any"] or any(prices[s] for s in pend["seats"])
    written = semi([message("ev.written", player=PN(s), prices=prices[s] or "-") for s in order])
    ev.append(say(
        "prices", f"ev.prices_{part}", {"card": cid, "qty": qty, "ware": W(ware), "price": price,
                                        "town": sname(town), "queue": [PN(s) for s in order], "written": written},
        card=cid, part=part, ware=ware, prices={str(s): prices[s] for s in order}, queue=order,
    ))
    got = dict(pend.get("got", {}))
    nxt = {"do": "deal", "card": cid, "step": pend["step"] + 1, "early": pend["early"], "any": anyone, "got": got}
    if part == "demand":
        sold = resolve_demand(S, town, ware, qty, price, prices, order)
        for s, p in sold:
            take_from_site(S, s, town, ware)
            flow(S, "sold", ware, 1)
            pay(S, s, p, "demand")
            got[str(s)] = got.get(str(s), 0) + p
        text = semi([message("ev.sells_one", player=PN(s), ware=W(ware), price=p) for s, p in sold]) \
            or term("ev.nothing_sold")
        ev.append(say("sold", "ev.card_result", {"card": cid, "text": text}, card=cid, sales=[[s, p] for s, p in sold]))
        S["agenda"].append(nxt)
        return
    capacity = {s: S["seats"][s]["cash"] + liquid_value(S, s) for s in order}
    sold, failed = resolve_offer(qty, price, prices, order, capacity)
    cost: dict[int, int] = {}
    for s, p in sold:
        give_at_site(S, s, town, ware)
        flow(S, "bought", ware, 1)
        cost[s] = cost.get(s, 0) + p
        got[str(s)] = got.get(str(s), 0) + p
    text = semi([message("ev.buys_one", player=PN(s), ware=W(ware), price=p) for s, p in sold]) \
        or term("ev.nothing_bought")
    ev.append(say("bought", "ev.card_result", {"card": cid, "text": text}, card=cid, sales=[[s, p] for s, p in sold]))
    S["agenda"].append(nxt)
    tasks = []
    for s in order:
        if s in cost:
            tasks.append({"do": "collect", "seat": s, "amount": cost[s], "reason": "offer"})
    for s in failed:
        ev.append(say("nonpayer", "ev.nonpayer", {"player": PN(s), "fine": D.NONPAYER_FINE}, seat=s))
        tasks.append({"do": "collect", "seat": s, "amount": D.NONPAYER_FINE, "reason": "fine"})
    S["agenda"].extend(reversed(tasks))


def t_deal_done(S, task, ev):
    cid = task["card"]
    c = card(cid)
    if c["kind"] == "market":
        ev.append(say("market_stays", "ev.market_stays", {"town": sname(c["town"])}, card=cid))
        return
    if task["early"] and not task["any"]:
        for e in S["table"]:
            if e["card"] == cid:
                e["declined"] = S["round"]
        return
    S["table"] = [e for e in S["table"] if e["card"] != cid]
    if S.get("boom"):
        # "The next Deal card to come up is not replaced, so returning the number of Deals on the table to 4"
        S["boom"] = 0
        ev.append(say("boom_over", "ev.boom_over", {"card": cid, "count": term(f"ev.num.{deal_count(S)}")}, card=cid))
    if variant(S):
        S["agenda"].append({"do": "check_end"})
        S["agenda"].append({"do": "refill"})
        fate = NB.after_deal(S, task, ev)
        (S["stock"] if fate == "stock" else S["out"]).append(cid)
        return
    S["out"].append(cid)
    S["agenda"].append({"do": "check_end"})
    S["agenda"].append({"do": "refill"})


def t_refill(S, task, ev):
    target = deal_target(S)
    if variant(S) and deal_count(S) < target:
        NB.refill_from_stock(S, ev)
    if deal_count(S) >= target or not S["pack"]:
        return
    cid = S["pack"].pop(0)
    c = card(cid)
    if c["kind"] == "chance":
        ev.append(say("chance", "ev.chance", {"name": c["name"]}, card=cid))
        S["agenda"].append(dict(task))
        S["agenda"].append({"do": "chance", "card": cid})
        return
    if c["kind"] == "offer" and S["blockade"] and c["town"] in card(S["blockade"])["towns"]:
        ev.append(say("blockade", "ev.blockade_hit", {"card": cid, "town": sname(c["town"])}, card=cid))
        S["stock" if variant(S) else "out"] += [cid, S["blockade"]]
        S["blockade"] = False
        S["agenda"].append(dict(task))
        return
    time = second_marker(S) + c["plus"]
    S["table"].append({"card": cid, "time": time, "drawn": S["round"]})
    if c["kind"] == "estate":
        ev.append(say("new_deal", "ev.new_estate", {"card": cid, "name": c["name"], "min": c["min"], "rent": c["rent"],
                                                     "cal": CAL(time)}, card=cid, time=time))
        S["agenda"].append(dict(task))
        return
    kind = "demand" if c["kind"] == "demand" else "offer"
    ev.append(say("new_deal", f"ev.new_{kind}", {"card": cid, "town": sname(c["town"]), "cal": CAL(time),
                                                "lines": lines_msg(cid)}, card=cid, time=time))
    S["agenda"].append(dict(task))


def t_check_end(S, task, ev):
    if variant(S):
        NB.check_end(S, ev)
        return
    if S["pack"]:
        return
    if any(card(e["card"])["kind"] == "demand" for e in S["table"]):
        return
    S["over"] = True
    S["agenda"] = []
    S["pending"] = None
    scores = [wealth(S, s) for s in range(S["players"])]
    ev.append(say("game_over", "ev.game_over", {"scores": semi([
        message("ev.score", player=PN(s), score=scores[s]) for s in range(S["players"])])}, scores=scores))


# --- chance cards ----------------------------------------------------------------


def t_chance(S, task, ev):
    """A chance card drawn, in every variant. The Trading Game's six cards act
    alike in all of them, but in the Nobility, Country Estate and Full games a
    card (and a blockaded offer) goes to the stock, to be drawn again, not out
    of the game, their events say so, and a noble check follows; America and
    the sealed auctions are theirs alone."""
    cid = task["card"]
    c = card(cid)
    eff = c["effect"]
    nob = variant(S)
    gone_to = S["stock"] if nob else S["out"]
    if nob:
        S["agenda"].append({"do": "noble_check"})
    if eff == "robbers":
        S["robbers"].append({"card": cid, "attacked": []})
        ev.append(say("robbers", "ev.nob_robbers" if nob else "ev.robbers", {"name": c["name"], "areas": list(c["areas"])},
                      card=cid))
    elif eff == "black_sheep":
        S["pending"] = {"kind": "sheep", "seat": S["start"], "stake": 0, "passes": 0, "card": cid}
    elif eff == "boom":
        gone_to.append(cid)
        set_off_boom(S, ev)
    elif eff == "lottery":
        S["pending"] = {"kind": "lottery", "seat": S["start"], "numbers": {}, "passes": 0, "card": cid}
    elif eff == "blockade":
        hit = sorted((e for e in S["table"] if NB.deal_kind(e["card"]) == "offer" and card(e["card"])["town"] in c["towns"]),
                     key=lambda e: (e["time"], e["card"]))
        if hit:
            gone = hit[0]["card"]
            S["table"] = [e for e in S["table"] if e["card"] != gone]
            gone_to += [gone, cid]
            ev.append(say("blockade", "ev.nob_blockade_now" if nob else "ev.blockade_now",
                          {"card": gone, "town": sname(card(gone)["town"])}, card=gone))
        else:
            S["blockade"] = cid
            ev.append(say("blockade", "ev.nob_blockade_next" if nob else "ev.blockade_next"))
    elif eff == "america":
        time = second_marker(S) + c["plus"]
        S["table"].append({"card": cid, "time": time, "drawn": S["round"]})
        ev.append(say("new_deal", "ev.america", {"town": sname(c["town"]), "cal": CAL(time), "lines": lines_msg(cid)},
                      card=cid, time=time))
    elif eff in ND.AUCTION_MIN:
        lots = {"army": S["players"] - 1, "coronation": S["players"] // 2}.get(eff, 1)
        ev.append(say("auction", "ev.auction", {"name": c["name"], "lot": message(f"lot.{eff}", count=lots),
                                                 "min": ND.AUCTION_MIN[eff]}, card=cid))
        S["agenda"].append({"do": "auction", "card": cid, "lot": 0, "lots": lots, "won": {}})
    else:  # pragma: no cover
        raise AssertionError(eff)


def sheep_cost(passes: int) -> int:
    """What the next passer adds: 20, then the stake doubles ("the third player paying 40Fl. the fourth 80"),
    so 20, 20, 40, 80 ... and the stake is 20, 40, 80, 160 ..."""
    return D.SHEEP_FIRST_STAKE * (2 ** max(0, passes - 1))


def lottery_next(S: dict, pend: dict, ev: list) -> None:
    n = S["players"]
    if len(pend["numbers"]) >= 6 or pend["passes"] >= n:
        rng = Rng(S["rng"])
        roll = rng.die()
        S["rng"] = rng.state
        winner = pend["numbers"].get(str(roll))
        (S["stock"] if variant(S) else S["out"]).append(pend["card"])
        S["pending"] = None
        if winner is None:
            ev.append(say("lottery", "ev.lottery_none", {"roll": roll}, roll=roll))
        else:
            ev.append(say("lottery", "ev.lottery_won", {"roll": roll, "player": PN(winner)}, roll=roll, winner=winner))
            if variant(S):
                NB.lottery_won(S, winner, ev)
            else:
                S["seats"][winner]["notes"] += 1
        return
    pend["seat"] = (pend["seat"] + 1) % n


# --- payday -------------------------------------------------------------------------


def max_active(S: dict, seat: int) -> int:
    return 2 if S["seats"][seat]["son_lost"] else 3


def can_hire(S: dict, seat: int) -> bool:
    P = S["seats"][seat]
    free = [r for r in (2, 3) if P["reps"][str(r)] is None]
    return bool(free) and len(active_reps(S, seat)) < max_active(S, seat)


def employees(S: dict, seat: int) -> list[int]:
    return [r for r in active_reps(S, seat) if r != D.SON]


def t_payday_turn(S, task, ev):
    S["pending"] = {"kind": "payday", "seat": task["seat"], "fired": False}


def t_payday_pay(S, task, ev):
    ev.append(say("payday", "ev.payday"))
    tasks = []
    for seat in seat_order(S):
        P = S["seats"][seat]
        rate = NB.note_interest(S, seat) if variant(S) else D.NOTE_INTEREST
        if P["notes"]:
            pay(S, seat, P["notes"] * rate, "interest")
            ev.append(say("interest", "ev.interest", {"player": PN(seat), "amount": P["notes"] * rate}, seat=seat))
        wages = sum(D.WAGES[str(r)] for r in active_reps(S, seat))
        if wages:
            tasks.append({"do": "collect", "seat": seat, "amount": wages, "reason": "wages"})
        if variant(S) and not NB.pays_taxes(S, seat):
            why = "ev.no_taxes_estate" if NB.first_owner(S) == seat else "ev.no_taxes_corruption"
            ev.append(say("no_taxes", why, {"player": PN(seat)}, seat=seat))
            continue
        tax = {"do": "collect", "seat": seat, "amount": D.TAXES[P["home"]], "reason": "taxes"}
        if variant(S) and NB.first_owner(S) is not None:
            tax["to"] = NB.first_owner(S)
        tasks.append(tax)
    S["agenda"].extend(reversed(tasks))


# --- paying what is owed ---------------------------------------------------------------


def t_collect(S, task, ev):
    seat, amount, reason = task["seat"], task["amount"], task["reason"]
    P = S["seats"][seat]
    if P["cash"] >= amount:
        pay(S, seat, -amount, reason)
        ev.append(say("paid", "ev.paid", {"player": PN(seat), "amount": amount, "reason": term(f"reason.{reason}")},
                      seat=seat, amount=amount, reason=reason))
        if task.get("to") is not None:
            pay(S, task["to"], amount, "tax_income")
            ev.append(say("tax_income", "ev.tax_income", {"player": PN(task["to"])}, seat=task["to"]))
        return
    if P["cash"] + liquid_value(S, seat) >= amount:
        S["agenda"].append(dict(task))
        S["pending"] = {"kind": "raise", "seat": seat, "amount": amount, "reason": reason}
        ev.append(say("short", "ev.short", {"player": PN(seat), "amount": amount, "reason": term(f"reason.{reason}"),
                                             "cash": P["cash"]}, seat=seat))
        return
    # even selling everything is not enough: all is sold, all cash paid, the rest is let go
    for p in all_places(S, seat):
        wares = place_wares(S, seat, p)
        for w in D.WARES:
            while wares[w]:
                forced_sale(S, seat, p, w, 1)
    while P["notes"]:
        P["notes"] -= 1
        pay(S, seat, D.NOTE_SALE_VALUE, "note_sale")
    paid = P["cash"]
    pay(S, seat, -paid, reason)
    if task.get("to") is not None:
        pay(S, task["to"], paid, "tax_income")
    ev.append(say("bankrupt", "ev.bankrupt", {"player": PN(seat), "paid": paid, "amount": amount,
                                               "reason": term(f"reason.{reason}")}, seat=seat, amount=paid, reason=reason))


def forced_sale(S: dict, seat: int, place: str, ware: str, count: int) -> int:
    wares = place_wares(S, seat, place)
    assert wares[ware] >= count
    wares[ware] -= count
    flow(S, "sold", ware, count)
    amount = D.FORCED_PRICE[ware] * count
    pay(S, seat, amount, "forced_sale")
    return amount


# --- phase 2: movement ------------------------------------------------------------------


def t_move_turn(S, task, ev):
    S["pending"] = {"kind": "move", "seat": task["seat"], "moved": list(task["moved"])}


def tolls_for(S: dict, seat: int, start: str, path: list[str], laden: bool) -> list[tuple[str, int]]:
    if variant(S):
        return NB.passage_tolls(S, seat, start, path, laden)
    return B.path_tolls(start, path, laden)


def plan_cost(S: dict, seat: int, r: int, path: list[str]) -> int:
    R = rep(S, seat, r)
    laden = n_wares(R["wares"]) > 0
    fees = NB.fees_cost(S, seat, path) if variant(S) else 0
    return B.move_cost(laden, len(path)) + sum(a for _, a in tolls_for(S, seat, R["at"], path, laden)) + fees


def robber_cards_for(S: dict, spaces: list[str]) -> list[dict]:
    regions = {B.region(sp) for sp in spaces}
    return [rb for rb in S["robbers"] if regions & set(card(rb["card"])["areas"])]


def do_move(S: dict, seat: int, r: int, path: list[str], ev: list) -> None:
    pend = S["pending"]
    R = rep(S, seat, r)
    start = R["at"]
    laden = n_wares(R["wares"]) > 0
    broke = False
    roll = None
    if laden:
        rng = Rng(S["rng"])
        roll = sum(rng.dice(2))
        S["rng"] = rng.state
        broke = roll <= D.ACCIDENT_MAX_ROLL[len(path)]
    actual = path[:1] if broke else list(path)
    cost = B.move_cost(laden, len(actual))
    tolls = tolls_for(S, seat, start, actual, laden)
    pay(S, seat, -cost, "travel")
    pay(S, seat, -sum(a for _, a in tolls), "toll")
    R["at"] = actual[-1]
    queue_leave(S, seat, start)
    queue_arrive(S, seat, R["at"])
    route = " - ".join(sname(sp) for sp in [start, *actual])
    paid = cost + sum(a for _, a in tolls)
    args = {"player": PN(seat), "rep": r, "route": route, "paid": paid,
            "dice": message("ev.dice", roll=roll) if roll is not None else "", "accident": "", "after": ""}
    tasks = []
    if broke:
        what = "storm at sea" if B.is_sea(actual[-1]) else "broken axle"
        args["accident"] = message("ev.storm" if what == "storm at sea" else "ev.axle", space=sname(actual[-1]))
        excess = n_wares(R["wares"]) - D.ACCIDENT_KEEP
        if variant(S) and excess > 0 and NB.axle_protected(S, seat, actual[-1]):
            args["after"] = term("ev.free_here")
        elif not B.is_town(actual[-1]) and excess > 0:
            args["after"] = message("ev.keeps", keep=D.ACCIDENT_KEEP)
            tasks.append({"do": "lose", "seat": seat, "rep": r, "count": excess, "why": what})
    ev.append(say("move", "ev.move", args, seat=seat, rep=r, path=actual, cost=paid, dice=roll, accident=broke))
    pend["moved"].append(r)
    if variant(S):
        tasks += NB.charge_fees(S, seat, actual, ev)
    for rb in robber_cards_for(S, [start, *actual]):
        key = f"{seat}:{r}"
        if key not in rb["attacked"]:
            rb["attacked"].append(key)
            regs = sorted({B.region(sp) for sp in [start, *actual]} & set(card(rb["card"])["areas"]))
            tasks.append({"do": "attack", "seat": seat, "rep": r, "card": rb["card"], "regions": regs})
    if tasks:
        S["pending"] = None
        S["agenda"].append({"do": "move_turn", "seat": seat, "moved": pend["moved"]})
        S["agenda"].extend(reversed(tasks))


def t_lose(S, task, ev):
    seat, r, count = task["seat"], task["rep"], task["count"]
    R = rep(S, seat, r)
    if R is None:
        return
    count = min(count, n_wares(R["wares"]))
    if count <= 0:
        return
    kinds = [w for w in D.WARES if R["wares"][w]]
    if len(kinds) == 1 or count == n_wares(R["wares"]):
        lost = []
        for w in kinds:
            k = min(count - len(lost), R["wares"][w])
            lost += [w] * k
        drop_wares(S, seat, r, lost, task["why"], ev)
        return
    S["pending"] = {"kind": "lose", "seat": seat, "rep": r, "count": count, "why": task["why"]}


def drop_wares(S, seat, r, lost, why, ev):
    R = rep(S, seat, r)
    for w in lost:
        R["wares"][w] -= 1
        flow(S, "lost", w, 1)
    ev.append(say("wares_lost", "ev.wares_lost", {"player": PN(seat), "rep": r, "wares": [W(w) for w in lost],
                                                   "why": term(WHY[why])}, seat=seat, rep=r, wares=lost))


def t_attack(S, task, ev):
    seat, r = task["seat"], task["rep"]
    R = rep(S, seat, r)
    if R is None or n_wares(R["wares"]) == 0:
        return
    name = card(task["card"])["name"]
    bonus = NB.robber_bonus(S, seat, task.get("regions", [])) if variant(S) else 0
    if S["seats"][seat]["cash"] >= D.BRIBE_PER_POINT:
        S["pending"] = {"kind": "bribe", "seat": seat, "rep": r, "card": task["card"]}
        if bonus:
            S["pending"]["bonus"] = bonus
        ev.append(say("attack", "ev.attack", {"name": name, "player": PN(seat), "rep": r}, seat=seat, rep=r))
        return
    robbery(S, seat, r, 0, task["card"], ev, bonus)


def robbery(S, seat, r, points, cid, ev, bonus=0):
    rng = Rng(S["rng"])
    dice = rng.dice(2)
    S["rng"] = rng.state
    total = sum(dice) + points + bonus
    stolen = next(k for top, k in D.ROBBER_TABLE if total <= top)
    ev.append(say("robbery", "ev.robbery", {
        "player": PN(seat), "rep": r, "d1": dice[0], "d2": dice[1], "total": total,
        "bought": message("ev.points_bought", points=points) if points else "",
        "free": message("ev.points_free", bonus=bonus) if bonus else "",
        "result": message("ev.stolen", count=stolen) if stolen else term("ev.nothing_stolen")},
                    seat=seat, rep=r, dice=dice, points=points, stolen=stolen))
    if stolen:
        S["agenda"].append({"do": "lose", "seat": seat, "rep": r, "count": stolen, "why": "robbed"})


def t_sweep(S, task, ev):
    """At the end of a player's movement, robbers attack his laden representatives standing in their areas."""
    seat = task["seat"]
    for r in active_reps(S, seat):
        R = rep(S, seat, r)
        for rb in robber_cards_for(S, [R["at"]]):
            key = f"{seat}:{r}"
            if key in rb["attacked"]:
                continue
            rb["attacked"].append(key)
            if n_wares(R["wares"]) == 0:
                continue
            S["agenda"].append(dict(task))
            regs = [B.region(R["at"])] if B.region(R["at"]) in card(rb["card"])["areas"] else []
            S["agenda"].append({"do": "attack", "seat": seat, "rep": r, "card": rb["card"], "regions": regs})
            return


TASKS = {
    "homebase": t_homebase,
    "round_start": t_round_start,
    "round_end": t_round_end,
    "trades": t_trades,
    "deal": t_deal,
    "deal_done": t_deal_done,
    "refill": t_refill,
    "check_end": t_check_end,
    "chance": t_chance,
    "payday_turn": t_payday_turn,
    "payday_pay": t_payday_pay,
    "collect": t_collect,
    "move_turn": t_move_turn,
    "lose": t_lose,
    "attack": t_attack,
    "sweep": t_sweep,
    **NB.TASKS,
}


# --- applying answers -----------------------------------------------------------------------


def apply(S0: dict, moves: dict[int, dict]) -> dict:
    S = json.loads(json.dumps(S0))
    ev: list = []
    pend = S["pending"]
    if pend["kind"] == "deal":
        resolve_deal(S, moves, ev)
    elif pend["kind"] == "auction" and pend["what"] == "estate":
        NB.resolve_estate(S, moves, ev)
    elif pend["kind"] == "auction":
        NB.resolve_auction(S, moves, ev)
    else:
        seat = pend["seat"]
        act(S, seat, moves[seat], ev)
    run(S, ev)
    return {"state": S, "events": ev}


def act(S: dict, seat: int, a: dict, ev: list) -> None:
    pend = S["pending"]
    kind = pend["kind"]
    typ = a["type"]
    P = S["seats"][seat]
    if kind == "home":
        town = a["town"]
        P["home"] = town
        NB.set_home(S, seat, town)
        for r in D.START_REPS:
            P["reps"][str(r)] = {"at": town, "wares": empty_wares()}
        ev.append(say("home", "ev.home", {"player": PN(seat), "town": sname(town)}, seat=seat, town=town))
        S["pending"] = None
        return
    if typ == "transfer":
        src, dst = place_wares(S, seat, a["from"]), place_wares(S, seat, a["to"])
        src[a["ware"]] -= a["count"]
        dst[a["ware"]] += a["count"]
        ev.append(say("transfer", "ev.transfer", {"player": PN(seat), "count": a["count"], "ware": W(a["ware"]),
                                                   "src": PL(a["from"]), "dst": PL(a["to"])}, seat=seat))
        return
    if typ == "sellforced":
        amount = forced_sale(S, seat, a["from"], a["ware"], a["count"])
        ev.append(say("forced_sale", "ev.forced_sale", {"player": PN(seat), "count": a["count"], "ware": W(a["ware"]),
                                                         "src": PL(a["from"]), "amount": amount}, seat=seat, amount=amount))
        after_raise(S, seat)
        return
    if typ == "sellnote":
        P["notes"] -= a["count"]
        pay(S, seat, a["count"] * D.NOTE_SALE_VALUE, "note_sale")
        ev.append(say("note_sale", "ev.note_sale", {"player": PN(seat), "count": a["count"],
                                                     "amount": a["count"] * D.NOTE_SALE_VALUE}, seat=seat))
        after_raise(S, seat)
        return
    if kind == "cube":
        S["pending"] = None
        NB.place_cube(S, seat, pend["what"], a["area"], ev)
        return
    if kind == "fee":
        S["pending"] = None
        NB.pay_fee(S, seat, a["player"] - 1, pend["region"], ev)
        return
    if kind == "donate":
        S["pending"] = None
        NB.do_donate(S, seat, a["amount"], ev)
        return
    if kind == "move" and typ == "trade":
        S["pending"] = {"kind": "trade", "seat": seat, "moved": pend["moved"]}
        return
    if kind == "trade" and typ == "back":
        S["pending"] = {"kind": "move", "seat": seat, "moved": pend["moved"]}
        return
    if kind in ("move", "trade"):
        if typ == "move":
            do_move(S, seat, a["rep"], a["path"], ev)
        elif typ == "offer_note":
            buyer = a["player"] - 1
            S["pending"] = {"kind": "accept", "seat": buyer, "offer": dict(a, seller=seat)}
            S["agenda"].append({"do": "move_turn", "seat": seat, "moved": pend["moved"]})
            ev.append(say("sale_offer", "ev.note_offer", {"player": PN(seat), "buyer": PN(buyer), "count": a["count"],
                                                           "price": a["price"]}, seat=seat))
        elif typ == "offer":
            buyer = a["player"] - 1
            S["pending"] = {"kind": "accept", "seat": buyer, "offer": dict(a, seller=seat)}
            S["agenda"].append({"do": "move_turn", "seat": seat, "moved": pend["moved"]})
            ev.append(say("sale_offer", "ev.ware_offer", {"player": PN(seat), "buyer": PN(buyer), "count": a["count"],
                                                           "ware": W(a["ware"]), "src": PL(a["from"]), "dst": PL(a["to"]),
                                                           "price": a["price"]}, seat=seat))
        elif typ == "done":
            S["pending"] = None
            S["agenda"].append({"do": "sweep", "seat": seat})
        return
    if kind == "accept":
        o = pend["offer"]
        seller = o["seller"]
        S["pending"] = None
        if typ == "accept" and o["type"] == "offer_note":
            S["seats"][seller]["notes"] -= o["count"]
            S["seats"][seat]["notes"] += o["count"]
            pay(S, seat, -o["price"], "player_sale")
            pay(S, seller, o["price"], "player_sale")
            ev.append(say("sale", "ev.note_bought", {"player": PN(seat), "count": o["count"], "seller": PN(seller),
                                                      "price": o["price"]}, seat=seat))
        elif typ == "accept":
            place_wares(S, seller, o["from"])[o["ware"]] -= o["count"]
            place_wares(S, seat, o["to"])[o["ware"]] += o["count"]
            pay(S, seat, -o["price"], "player_sale")
            pay(S, seller, o["price"], "player_sale")
            ev.append(say("sale", "ev.ware_bought", {"player": PN(seat), "count": o["count"], "ware": W(o["ware"]),
                                                      "seller": PN(seller), "price": o["price"]}, seat=seat))
        else:
            ev.append(say("sale_declined", "ev.declined", {"player": PN(seat), "seller": PN(seller)}, seat=seat))
        return
    if kind == "payday":
        if typ == "hire":
            r = next(x for x in (2, 3) if P["reps"][str(x)] is None)
            P["reps"][str(r)] = {"at": P["home"], "wares": empty_wares()}
            ev.append(say("hire", "ev.hire", {"player": PN(seat), "rep": r, "town": sname(P["home"])}, seat=seat))
        elif typ == "fire":
            r = a["rep"]
            R = rep(S, seat, r)
            for w, n in R["wares"].items():
                if n:
                    flow(S, "lost", w, n)
            P["reps"][str(r)] = None
            queue_leave(S, seat, R["at"])
            pend["fired"] = True
            lost = counted(R["wares"])
            ev.append(say("fire", "ev.fire_lost" if lost else "ev.fire", {"player": PN(seat), "rep": r, "lost": lost},
                          seat=seat))
        elif typ == "done":
            S["pending"] = None
        return
    if kind == "lose":
        S["pending"] = None
        drop_wares(S, seat, pend["rep"], a["wares"], pend["why"], ev)
        return
    if kind == "bribe":
        S["pending"] = None
        pts = a["points"]
        pay(S, seat, -pts * D.BRIBE_PER_POINT, "bribe")
        robbery(S, seat, pend["rep"], pts, pend["card"], ev, pend.get("bonus", 0))
        return
    if kind == "sheep":
        if typ == "keep":
            pay(S, seat, pend["stake"], "black_sheep")
            S["black_sheep"] = seat
            S["out"].append(pend["card"])
            S["pending"] = None
            ev.append(say("black_sheep", "ev.sheep_keep_stake" if pend["stake"] else "ev.sheep_keep",
                          {"player": PN(seat), "stake": pend["stake"]}, seat=seat))
            if variant(S):
                NB.sheep_kept(S, seat, ev)
        else:
            cost = sheep_cost(pend["passes"])
            pay(S, seat, -cost, "black_sheep")
            pend["stake"] += cost
            pend["passes"] += 1
            pend["seat"] = a["player"] - 1
            ev.append(say("black_sheep", "ev.sheep_pass", {"player": PN(seat), "to": PN(pend["seat"]), "cost": cost,
                                                            "stake": pend["stake"]}, seat=seat))
        return
    if kind == "lottery":
        nums = sorted(a["numbers"])
        if nums:
            pay(S, seat, -len(nums) * D.LOTTERY_PRICE, "lottery")
            for x in nums:
                pend["numbers"][str(x)] = seat
            pend["passes"] = 0
            ev.append(say("lottery_buy", "ev.lottery_buy", {"player": PN(seat), "numbers": list(nums)}, seat=seat))
        else:
            pend["passes"] += 1
            ev.append(say("lottery_pass", "ev.lottery_pass", {"player": PN(seat)}, seat=seat))
        lottery_next(S, pend, ev)
        return
    raise AssertionError(f"unhandled {kind}/{typ}")


def after_raise(S: dict, seat: int) -> None:
    pend = S["pending"]
    if pend and pend["kind"] == "raise" and S["seats"][seat]["cash"] >= pend["amount"]:
        S["pending"] = None


def place_label(place: str) -> str:
    return "the warehouse" if place == "home" else f"representative {place}"


# --- the end -------------------------------------------------------------------------------


def scores(S: dict) -> list[int]:
    return [wealth(S, s) for s in range(S["players"])]
