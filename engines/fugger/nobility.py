"""The Nobility, Country Estate and Full games on top of the Trading Game rules.

State added for these variants (``state["variant"] != "trading"``):
- ``stock``: the stock pack (Vorrat), face down; becomes the game pack, shuffled,
  when the game pack runs out.
- ``nob``: ``pos`` (nobility table position per seat), ``sea`` / ``free`` (the
  areas / regions where a seat has a cube), ``nobles`` (seats in the order they
  reached the shield), ``issued`` (debt notes ever given out by the bank),
  ``trick`` (the seat holding the Rechentrick card), ``corrupt`` (the seat holding
  the Korruption card), ``estates`` ([seat, card] in the order bought).

Debt notes: ``issued`` minus the notes sold back to the bank (the ``note_sale``
ledger / 300) equals the notes held; trades between players move them.
"""

from __future__ import annotations

from engines.i18n import message, term
from engines.rng import Rng

from . import board as B
from . import common as C
from . import data as D
from . import nobility_data as N
from .common import PN, card, say

VARIANTS = ("trading", "nobility", "country_estate", "full")
ENABLED = ("trading", "nobility", "country_estate", "full")  # the values offered in options_schema: each once it passes conformance




def is_noble_card(cid: str) -> bool:
    c = card(cid)
    return c["kind"] == "demand" and (c.get("noble", False) or cid in N.NOBLE_SET1)


def pile_kind(cid: str) -> str:
    """The kind a card is sorted by: noble, demand, offer, chance, market, estate."""
    return "noble" if is_noble_card(cid) else card(cid)["kind"]


def deal_kind(cid: str) -> str:
    """How a card on the table trades: demand, offer (America too), market, estate."""
    c = card(cid)
    if c["kind"] == "chance":
        return "offer"
    return c["kind"]


# --- setup --------------------------------------------------------------------------------


def deal_cards(players: int, variant: str, rng: Rng) -> dict:
    sets = N.NOBILITY_SETS if variant == "nobility" else N.ESTATE_SETS
    split = (N.NOBILITY_SPLIT if variant == "nobility" else N.ESTATE_SPLIT)[players]
    pools: dict[str, list[str]] = {}
    for cid, c in N.ALL_CARDS.items():
        if c["set"] in sets:
            pools.setdefault(pile_kind(cid), []).append(cid)
    pack, stock, unused = [], [], {}
    for kind in ("noble", "demand", "offer", "chance"):
        pool = rng.shuffled(sorted(pools.get(kind, [])))
        s, v = split[kind]
        pack += pool[:s]
        stock += pool[s:s + v]
        unused[kind] = pool[s + v:]
    markets = rng.shuffled(sorted(pools["market"]))
    unused["market"] = markets[1:]
    stock += sorted(pools.get("estate", []))
    rng.shuffle(pack)
    table = []
    rest = []
    for cid in pack:
        if len([e for e in table if deal_kind(e["card"]) == "demand"]) < 2 and card(cid)["kind"] == "demand":
            table.append({"card": cid, "time": D.START_TERMIN_OFFSET + card(cid)["plus"], "drawn": 0})
        else:
            rest.append(cid)
    second_n = sorted(e["time"] for e in table)[1]
    rest2 = []
    for cid in rest:
        if len(table) < 4 and card(cid)["kind"] == "offer":
            table.append({"card": cid, "time": second_n + card(cid)["plus"], "drawn": 0})
        else:
            rest2.append(cid)
    rng.shuffle(rest2)
    return {"table": table, "pack": rest2, "stock": stock, "market": markets[0], "unused": unused}


def new_nob(players: int) -> dict:
    return {"pos": [0] * players, "sea": [[] for _ in range(players)], "free": [[] for _ in range(players)],
            "nobles": [], "issued": 0, "trick": None, "corrupt": None, "estates": []}


def set_home(S: dict, seat: int, town: str) -> None:
    if "nob" in S:
        S["nob"]["pos"][seat] = N.START_POSITION[town]


# --- the nobility table -------------------------------------------------------------------


def is_noble(S: dict, seat: int) -> bool:
    return seat in S["nob"]["nobles"]


def advance(S: dict, seat: int, steps: int, ev: list, why: str) -> None:
    nob = S["nob"]
    if is_noble(S, seat):
        return
    old = nob["pos"][seat]
    new = max(0, min(N.SHIELD, old + steps))
    nob["pos"][seat] = new
    ev.append(say("nobility", "ev.nob_moves" if steps >= 0 else "ev.nob_falls",
                  {"player": PN(seat), "count": abs(new - old), "why": why, "pos": new, "shield": N.SHIELD},
                  seat=seat, position=new, steps=new - old))
    if new >= N.SHIELD:
        nob["nobles"].append(seat)
        ev.append(say("noble", "ev.noble", {"player": PN(seat)}, seat=seat))


def give_notes(S: dict, seat: int, k: int, ev: list, why: str) -> None:
    S["seats"][seat]["notes"] += k
    S["nob"]["issued"] += k
    ev.append(say("notes", "ev.notes", {"player": PN(seat), "count": k, "why": why}, seat=seat, count=k))
    advance(S, seat, N.ADVANCE["note"] * k, ev, message("why.notes", count=k))


def cubes_left(S: dict, seat: int) -> int:
    nob = S["nob"]
    return N.CUBES_PER_PLAYER - len(nob["sea"][seat]) - len(nob["free"][seat])


def cube_options(S: dict, seat: int, what: str) -> list[str]:
    if cubes_left(S, seat) <= 0:
        return []
    nob = S["nob"]
    if what == "sea":
        return [a for a in D.SEA_AREAS if a not in nob["sea"][seat]]
    return [r for r in D.LAND_REGIONS if r not in nob["free"][seat]]


def place_cube(S: dict, seat: int, what: str, area: str, ev: list) -> None:
    S["nob"][what][seat].append(area)
    ev.append(say("cube", f"ev.cube_{what}", {"player": PN(seat), "area": area}, seat=seat, kind=what, area=area))


def ask_cube(S: dict, seat: int, what: str, ev: list) -> None:
    """Queue the choice of a sea area / land region for a new cube (none if no cube or area is left)."""
    opts = cube_options(S, seat, what)
    if not opts:
        ev.append(say("cube", f"ev.no_cube_{what}", {"player": PN(seat)}))
        return
    S["agenda"].append({"do": "cube", "seat": seat, "what": what})


def t_cube(S, task, ev):
    seat, what = task["seat"], task["what"]
    opts = cube_options(S, seat, what)
    if not opts:
        return
    if len(opts) == 1:
        place_cube(S, seat, what, opts[0], ev)
        return
    S["pending"] = {"kind": "cube", "seat": seat, "what": what}


def table_roll(S: dict, seat: int, given: int, doubled: bool, ev: list) -> str:
    """One roll on the column above the seat's position, and its result."""
    rng = Rng(S["rng"])
    dice = rng.dice(2)
    S["rng"] = rng.state
    pos = S["nob"]["pos"][seat]
    result = N.column_for(pos)["results"][str(sum(dice))]
    ev.append(say("nobility_roll", "ev.nob_roll", {"player": PN(seat), "d1": dice[0], "d2": dice[1], "pos": pos,
                                                    "result": term(f"roll.{result}")},
                  seat=seat, dice=dice, position=pos, result=result))
    if result == "honour":
        advance(S, seat, N.ADVANCE["honour"], ev, term("why.honour"))
    elif result == "note":
        give_notes(S, seat, 2 if doubled else 1, ev, term("why.noble_client"))
    else:
        advance(S, seat, N.ADVANCE[result], ev, term("why.sea" if result == "sea" else "why.free"))
        ask_cube(S, seat, result, ev)
    return result


# --- noble demands: donations ---------------------------------------------------------------


def donation_options(S: dict, seat: int, got: int) -> list[str]:
    out = ["none"]
    for amount in N.DONATIONS:
        if got >= amount:
            out.append(str(amount))
    if S["nob"]["trick"] == seat and got >= N.TRICK_DONATION:
        out.append("trick")
    return out


def t_donate(S, task, ev):
    seat = task["seat"]
    if is_noble(S, seat) or task["got"] < N.DONATIONS[0]:
        return
    S["pending"] = {"kind": "donate", "seat": seat, "card": task["card"], "got": task["got"]}


def do_donate(S: dict, seat: int, choice: str, ev: list) -> None:
    if choice == "none":
        ev.append(say("donation", "ev.keeps_price", {"player": PN(seat)}, seat=seat))
        return
    if choice == "trick":
        given, doubled = N.TRICK_DONATION, True
        S["nob"]["trick"] = None
        ev.append(say("rechentrick", "ev.rechentrick", {"player": PN(seat), "given": given}, seat=seat))
    else:
        given = int(choice)
        doubled = given >= N.DONATIONS[1]
    C.pay(S, seat, -given, "donation")
    ev.append(say("donation", "ev.donation", {"player": PN(seat), "given": given}, seat=seat, amount=given))
    table_roll(S, seat, given, doubled, ev)


def after_deal(S: dict, task: dict, ev: list) -> str:
    """Where the traded card goes, and the donation turns of a noble demand. Returns 'stock' or 'out'."""
    cid = task["card"]
    got = task.get("got", {})
    c = card(cid)
    if not got:
        fate = "stock"
    elif c["kind"] == "chance":
        fate = "out"  # America: discarded once used
    else:
        fate = "stock" if c.get("reuse") else "out"
    tasks = []
    if got and is_noble_card(cid):
        for seat in R_order(S):
            if str(seat) in got:
                tasks.append({"do": "donate", "seat": seat, "card": cid, "got": got[str(seat)]})
    if got and c["kind"] == "chance" and c["effect"] == "america":
        for seat in R_order(S):
            if str(seat) in got:
                tasks.append({"do": "america_cube", "seat": seat})
    tasks.append({"do": "noble_check"})
    S["agenda"].extend(reversed(tasks))
    return fate


def t_america_cube(S, task, ev):
    seat = task["seat"]
    advance(S, seat, N.ADVANCE["free"], ev, term("why.america"))
    ask_cube(S, seat, "free", ev)


def R_order(S):
    n = S["players"]
    return [(S["start"] + i) % n for i in range(n)]


def to_stock(S: dict, cid: str, ev: list | None = None) -> None:
    S["stock"].append(cid)


def refill_from_stock(S: dict, ev: list) -> bool:
    if S["pack"] or not S["stock"]:
        return False
    rng = Rng(S["rng"])
    S["pack"] = rng.shuffled(S["stock"])
    S["rng"] = rng.state
    S["stock"] = []
    ev.append(say("reshuffle", "ev.reshuffle", {"count": len(S["pack"])}))
    return True


# --- the end --------------------------------------------------------------------------------


def standing(S: dict, seat: int) -> int:
    nob = S["nob"]
    owners = [s for s, _ in nob["estates"]]
    return N.SHIELD + 1 if seat in owners else nob["pos"][seat]


def estate_value(S: dict, seat: int) -> int:
    return sum(card(c)["min"] for s, c in S["nob"]["estates"] if s == seat)


def final_wealth(S: dict, seat: int) -> int:
    return C.wealth(S, seat) + (estate_value(S, seat) if S["variant"] == "full" else 0)


def finish(S: dict, ev: list, why: str) -> None:
    S["over"] = True
    S["agenda"] = []
    S["pending"] = None
    n = S["players"]
    w = [final_wealth(S, s) for s in range(n)]
    st = [standing(S, s) for s in range(n)]
    best = max(range(n), key=lambda s: (st[s], w[s]))
    ev.append(say("game_over", "ev.nob_over", {"why": why, "scores": C.semi([
        message("ev.standing", player=PN(s), table=st[s] if st[s] <= N.SHIELD else term("render.estate_word"), wealth=w[s])
        for s in range(n)]), "winner": PN(best)}, standing=st, wealth=w))


def t_noble_check(S, task, ev):
    nob = S["nob"]
    if S["variant"] == "nobility" and nob["nobles"]:
        finish(S, ev, message("end.nobles", names=[PN(s) for s in nob["nobles"]]))


def check_end(S: dict, ev: list) -> None:
    """The variants end by nobility or estates; if every card is used up for good (none in the game pack,
    the stock or on the table) the game ends there as well (assumed: nothing could happen any more)."""
    if S["pack"] or S["stock"] or any(deal_kind(e["card"]) in ("demand", "offer") for e in S["table"]):
        return
    finish(S, ev, term("end.no_cards"))


# --- chance cards ------------------------------------------------------------------------------


def chance_done(S: dict, cid: str) -> None:
    fate = N.CHANCE_FATE[card(cid)["effect"]]
    if fate == "stock":
        S["stock"].append(cid)
    else:
        S["out"].append(cid)


def sheep_kept(S: dict, seat: int, ev: list) -> None:
    if not is_noble(S, seat) and S["nob"]["pos"][seat] > 0:
        advance(S, seat, -1, ev, term("why.sheep"))


def lottery_won(S: dict, seat: int, ev: list) -> None:
    give_notes(S, seat, 1, ev, term("why.lottery"))


# --- sealed auctions ---------------------------------------------------------------------------


def auction_seats(S: dict, eff: str, won: dict) -> list[int]:
    m = N.AUCTION_MIN[eff]
    out = []
    for seat in R_order(S):
        if S["seats"][seat]["cash"] < m:
            continue
        if eff in ("army", "coronation") and won.get(str(seat), 0) >= N.MAX_NOTES_PER_AUCTION:
            continue
        out.append(seat)
    return out


def t_auction(S, task, ev):
    cid = task["card"]
    eff = card(cid)["effect"]
    if task["lot"] >= task["lots"]:
        chance_done(S, cid)
        return
    seats = auction_seats(S, eff, task["won"])
    if not seats:
        ev.append(say("auction", "ev.auction_none", {"name": card(cid)["name"], "min": N.AUCTION_MIN[eff]}, card=cid))
        chance_done(S, cid)
        return
    S["pending"] = {"kind": "auction", "card": cid, "what": eff, "seats": seats, "min": N.AUCTION_MIN[eff],
                    "lot": task["lot"], "lots": task["lots"], "won": dict(task["won"])}


def break_tie(S: dict, tied: list[int], rng: Rng, ev: list) -> int:
    """Ties go to the player lower on the nobility table, then to the dice."""
    low = min(S["nob"]["pos"][s] for s in tied)
    tied = [s for s in tied if S["nob"]["pos"][s] == low]
    if len(tied) == 1:
        return tied[0]
    return _dice_only(tied, rng, ev)


def resolve_auction(S: dict, moves: dict, ev: list) -> None:
    pend = S["pending"]
    S["pending"] = None
    cid, eff = pend["card"], pend["what"]
    bids = {s: int(moves[s]["amount"]) for s in pend["seats"]}
    ev.append(say("bids", "ev.bids", {"name": card(cid)["name"], "bids": [
        message("ev.score", player=PN(s), score=bids[s] or "-") for s in pend["seats"]]},
        card=cid, bids={str(s): bids[s] for s in pend["seats"]}))
    rng = Rng(S["rng"])
    winner = None
    valid = {s: b for s, b in bids.items() if b >= pend["min"]}
    if eff == "corruption":
        values = sorted(set(valid.values()), reverse=True)
        for v in values:
            who = [s for s, b in valid.items() if b == v]
            if len(who) == 1:
                winner = who[0]
                break
    elif valid:
        top = max(valid.values())
        winner = break_tie(S, [s for s, b in valid.items() if b == top], rng, ev)
    S["rng"] = rng.state
    nxt = {"do": "auction", "card": cid, "lot": pend["lot"] + 1, "lots": pend["lots"], "won": dict(pend["won"])}
    if eff in ("fuggerei", "corruption"):
        for s, b in valid.items():
            C.pay(S, s, -b, "auction")
    elif winner is not None:
        C.pay(S, winner, -valid[winner], "auction")
    if winner is None:
        ev.append(say("auction_result", "ev.no_winner", {"name": card(cid)["name"]}, card=cid))
        S["agenda"].append(nxt)
        return
    price = valid[winner]
    ev.append(say("auction_result", "ev.winner", {"name": card(cid)["name"], "player": PN(winner), "price": price},
                  card=cid, winner=winner, price=price))
    if eff in ("army", "coronation"):
        nxt["won"][str(winner)] = nxt["won"].get(str(winner), 0) + 1
        S["agenda"].append(nxt)
        give_notes(S, winner, 1, ev, card(cid)["name"])
        return
    S["agenda"].append(nxt)
    if eff == "rechentrick":
        S["nob"]["trick"] = winner
    elif eff == "fuggerei":
        area = card(cid)["region"]
        advance(S, winner, N.ADVANCE["free"], ev, term("why.kurrhein"))
        if area not in S["nob"]["free"][winner] and cubes_left(S, winner) > 0:
            place_cube(S, winner, "free", area, ev)
    elif eff == "corruption":
        S["nob"]["corrupt"] = winner
        advance(S, winner, 1, ev, term("why.corruption"))


# --- movement with passages ----------------------------------------------------------------------


def passage_tolls(S: dict, seat: int, start: str, path: list[str], laden: bool) -> list[tuple[str, int]]:
    """The tolls of a walk for ``seat``: no bridge toll in a region with his free passage (Köln's town toll
    is still paid), no ship cost in a sea area with his sea passage."""
    nob = S["nob"]
    out = []
    prev = start
    for sp in path:
        edge = B.ADJ[prev][sp]
        if sp in D.TOWN_TOLL:
            out.append((f"town toll {D.SPACES[sp]['name']}", B.toll(laden)))
        if edge["bridge"] and edge["bridge"] not in nob["free"][seat]:
            out.append((f"bridge {D.SPACES[prev]['name']}-{D.SPACES[sp]['name']}", B.toll(laden)))
        if B.is_sea(sp) and B.region(sp) not in nob["sea"][seat]:
            out.append((f"ship {D.SPACES[sp]['name']}", B.toll(laden)))
        prev = sp
    return out


def fee_regions(S: dict, seat: int, path: list[str]) -> list[tuple[str, list[int]]]:
    """(region, owners) for each land region entered where others have free passage and ``seat`` has none."""
    nob = S["nob"]
    out = []
    seen = set()
    for sp in path:
        reg = B.region(sp)
        if B.is_sea(sp) or reg in seen:
            continue
        seen.add(reg)
        if reg in nob["free"][seat]:
            continue
        owners = [s for s in range(S["players"]) if s != seat and reg in nob["free"][s]]
        if owners:
            out.append((reg, owners))
    return out


def fees_cost(S: dict, seat: int, path: list[str]) -> int:
    return N.RIGHT_OF_WAY_FEE * len(fee_regions(S, seat, path))


def charge_fees(S: dict, seat: int, path: list[str], ev: list) -> list[dict]:
    """Pays the fees with one owner at once; returns the choice tasks for the others."""
    tasks = []
    for reg, owners in fee_regions(S, seat, path):
        if len(owners) == 1:
            pay_fee(S, seat, owners[0], reg, ev)
        else:
            tasks.append({"do": "fee", "seat": seat, "region": reg, "owners": owners})
    return tasks


def pay_fee(S: dict, seat: int, owner: int, reg: str, ev: list) -> None:
    amount = min(N.RIGHT_OF_WAY_FEE, S["seats"][seat]["cash"])
    C.pay(S, seat, -amount, "right_of_way")
    C.pay(S, owner, amount, "right_of_way")
    ev.append(say("right_of_way", "ev.right_of_way", {"player": PN(seat), "amount": amount, "region": reg,
                                                       "owner": PN(owner)}, seat=seat, owner=owner, region=reg, amount=amount))


def t_fee(S, task, ev):
    S["pending"] = {"kind": "fee", "seat": task["seat"], "region": task["region"], "owners": task["owners"]}


def axle_protected(S: dict, seat: int, space: str) -> bool:
    return not B.is_sea(space) and B.region(space) in S["nob"]["free"][seat]


def robber_bonus(S: dict, seat: int, regions: list[str]) -> int:
    return N.FREE_PASSAGE_ROBBER_BONUS if set(regions) & set(S["nob"]["free"][seat]) else 0


# --- payday and the estates ----------------------------------------------------------------------


def first_owner(S: dict) -> int | None:
    if S["variant"] != "full" or not S["nob"]["estates"]:
        return None
    return S["nob"]["estates"][0][0]


def note_interest(S: dict, seat: int) -> int:
    return N.FIRST_OWNER_INTEREST if first_owner(S) == seat else D.NOTE_INTEREST


def pays_taxes(S: dict, seat: int) -> bool:
    return S["nob"]["corrupt"] != seat and first_owner(S) != seat


def rent(S: dict, ev: list) -> None:
    owner = first_owner(S)
    if owner is None:
        return
    cid = S["nob"]["estates"][0][1]
    amount = card(cid)["rent"]
    C.pay(S, owner, amount, "rent")
    ev.append(say("rent", "ev.rent", {"player": PN(owner), "amount": amount, "name": card(cid)["name"]}, seat=owner))


def estate_bidders(S: dict, cid: str) -> list[int]:
    owners = {s for s, _ in S["nob"]["estates"]}
    return [s for s in R_order(S) if is_noble(S, s) and s not in owners
            and S["seats"][s]["cash"] + C.liquid_value(S, s) >= card(cid)["min"]]


def t_estate_sale(S, task, ev):
    cid = task["card"]
    seats = estate_bidders(S, cid)
    if not seats:
        S["table"] = [e for e in S["table"] if e["card"] != cid]
        S["stock"].append(cid)
        ev.append(say("estate_unsold", "ev.estate_no_noble", {"name": card(cid)["name"]}, card=cid))
        return
    S["pending"] = {"kind": "auction", "card": cid, "what": "estate", "seats": seats, "min": card(cid)["min"],
                    "lot": 0, "lots": 1, "won": {}}


def resolve_estate(S: dict, moves: dict, ev: list) -> None:
    pend = S["pending"]
    S["pending"] = None
    cid = pend["card"]
    bids = {s: int(moves[s]["amount"]) for s in pend["seats"]}
    ev.append(say("bids", "ev.bids", {"name": card(cid)["name"], "bids": [
        message("ev.score", player=PN(s), score=bids[s] or "-") for s in pend["seats"]]},
        card=cid, bids={str(s): bids[s] for s in pend["seats"]}))
    S["table"] = [e for e in S["table"] if e["card"] != cid]
    valid = {s: b for s, b in bids.items() if b >= pend["min"]}
    if not valid:
        S["stock"].append(cid)
        ev.append(say("estate_unsold", "ev.estate_no_bid", {"name": card(cid)["name"]}, card=cid))
        return
    top = max(valid.values())
    rng = Rng(S["rng"])
    tied = [s for s, b in valid.items() if b == top]
    winner = tied[0] if len(tied) == 1 else _dice_only(tied, rng, ev)
    S["rng"] = rng.state
    S["out"].append(cid)
    S["nob"]["estates"].append([winner, cid])
    ev.append(say("estate", "ev.estate_bought", {"player": PN(winner), "name": card(cid)["name"], "price": top},
                  seat=winner, card=cid, price=top))
    S["agenda"].append({"do": "estate_end"})
    S["agenda"].append({"do": "collect", "seat": winner, "amount": top, "reason": "estate"})


def _dice_only(tied: list[int], rng: Rng, ev: list) -> int:
    """Roll among the tied until one is highest."""
    while True:
        rolls = {s: rng.die() for s in tied}
        top = max(rolls.values())
        best = [s for s in tied if rolls[s] == top]
        ev.append(say("tie_dice", "ev.tie_dice", {"rolls": [message("ev.score", player=PN(s), score=rolls[s]) for s in tied]},
                      rolls={str(s): rolls[s] for s in tied}))
        if len(best) == 1:
            return best[0]
        tied = best


def t_estate_end(S, task, ev):
    est = S["nob"]["estates"]
    if S["variant"] == "country_estate" and est:
        finish(S, ev, message("end.first_estate", player=PN(est[0][0])))
    elif S["variant"] == "full" and len(est) >= 2:
        finish(S, ev, term("end.second_estate"))
    elif S["variant"] == "full":
        ev.append(say("first_estate", "ev.first_estate", {"player": PN(est[0][0])}))


TASKS = {
    "cube": t_cube,
    "donate": t_donate,
    "america_cube": t_america_cube,
    "noble_check": t_noble_check,
    "auction": t_auction,
    "fee": t_fee,
    "estate_sale": t_estate_sale,
    "estate_end": t_estate_end,
}
