"""Augsburg 1520: setup and the rules as pure functions over a JSON state.

Steps (``state["step"]``) and who acts:

- ``buy``        sealed: every seat with dealt notes buys any of them (setup, phase 2)
- ``give``       sealed: shortage of notes (note 15): every seat with a hand gives one card
- ``bid``        the bidder whose turn it is: bid / hold / raise / pass
- ``pay``        the sole highest bidder shows (and discards) the cards of his bid
- ``reveal``     sealed: the tied highest bidders choose the cards they show
- ``choose``     the auction winner picks a face-up privilege card
- ``use``        the winner uses or forgoes privileges (two steps), Baumeister bonus
- ``discard``    after drawing two notes: discard one card (not one just drawn)
- ``compensate`` a player whose level card was taken: 100 florins or 1 prestige
- ``finish``     both privileges done, the Baumeister bonus still possible: build or done
- ``over``       the game has ended

The deck's top card is its LAST element; "under the deck" is index 0.
"""

from __future__ import annotations

import json

from engines.rng import Rng

from . import data as D
from . import i18n as I

CATS = list(D.CATEGORIES)
TILES = ["kirche", "dom", "wappen", "adelsbrief", "muenzmeister", "baumeister"]
BUILDINGS = ["kirche", "dom"]
# which privilege kind an action uses
TILE_KIND = {"wappen": "orange", "adelsbrief": "orange", "muenzmeister": "purple", "baumeister": "purple"}


# --- small helpers -------------------------------------------------------------


def clone(state: dict) -> dict:
    """A deep copy of a JSON state (much faster than copy.deepcopy)."""
    return json.loads(json.dumps(state))


def pname(seat: int) -> str:
    return f"P{seat + 1}"


def seat_of(name: str) -> int:
    return int(name[1:]) - 1


def is_joker(card: str) -> bool:
    return card.startswith("joker")


def noble_of(card: str) -> str | None:
    return None if is_joker(card) else card.split("-")[0]


def value_of(card: str) -> int:
    return 0 if is_joker(card) else int(card.split("-")[1])


def card_key(card: str, noble: str) -> tuple[int, int]:
    """Strength of one card at a showdown (jokers have none)."""
    if is_joker(card):
        return (-1, -1)
    tie = D.MAXIMILIEN_TIEBREAK[noble_of(card)] if noble == "maximilien" else 0
    return (value_of(card), tie)


def sort_cards(cards: list[str]) -> list[str]:
    order = {n: i for i, n in enumerate(D.NOTE_NOBLES)}

    def key(c):
        if is_joker(c):
            return (9, int(c.split("-")[1]))
        return (order[noble_of(c)], value_of(c))

    return sorted(cards, key=key)


def notes(count: int) -> str:
    return f"{count} note" if count == 1 else f"{count} notes"


def level(s: dict, seat: int, cat: str) -> int:
    return max([1, *s["levels"][cat][seat]])


def cap(s: dict, seat: int) -> int | None:
    owned = s["owned"][seat]
    if owned["kirche"] is None:
        return D.CHURCH_CAP
    if owned["dom"] is None:
        return D.CATHEDRAL_CAP
    return None


def gain(s: dict, seat: int, points: int) -> int:
    """Adds prestige under the 25/45 caps (note 9); returns what was really gained."""
    before = s["prestige"][seat]
    limit = cap(s, seat)
    after = before + points if limit is None else min(before + points, max(limit, before))
    s["prestige"][seat] = after
    return after - before


def pay(s: dict, seat: int, amount: int) -> None:
    s["money"][seat] -= amount
    s["bank"] += amount


def receive(s: dict, seat: int, amount: int) -> None:
    s["money"][seat] += amount
    s["bank"] -= amount


def noble(s: dict) -> str:
    return D.NOBLES[s["noble"]]


def valid_cards(s: dict, seat: int, nob: str) -> list[str]:
    hand = s["hands"][seat]
    if nob == "maximilien":
        return list(hand)
    return [c for c in hand if is_joker(c) or noble_of(c) == nob]


def max_bid(s: dict, seat: int, nob: str) -> int:
    cards = valid_cards(s, seat, nob)
    return len(cards) if any(not is_joker(c) for c in cards) else 0


def draws(s: dict, seat: int) -> tuple[int, int]:
    """(free cards, cards offered for purchase) in phase 2."""
    free, offered = D.NOTE_DRAWS[level(s, seat, "purple") - 1]
    if s["owned"][seat]["muenzmeister"] is not None:
        free += D.MUENZMEISTER_FREE
    return free, offered


def draw_card(s: dict, rng: Rng, ev: list) -> str | None:
    """The top card of the deck; an empty deck is made anew from the discard (note 14)."""
    if not s["deck"]:
        if not s["discard"]:
            return None
        s["deck"] = s["discard"]
        s["discard"] = []
        rng.shuffle(s["deck"])
        ev.append(I.say("reshuffle", "ev.reshuffle", {"count": len(s["deck"])}))
    return s["deck"].pop()


# --- setup -------------------------------------------------------------------


def setup(players: int, seed: int, options: dict) -> dict:
    rng = Rng.from_seed(seed)
    start_jokers = D.ALL_JOKERS[: D.START_JOKERS * players]
    deck = D.ALL_NOTES + D.ALL_JOKERS[D.START_JOKERS * players :]
    rng.shuffle(deck)
    privs = list(range(1, len(D.PRIVILEGE_CARDS) + 1))
    rng.shuffle(privs)
    s: dict = {
        "players": players,
        "options": dict(options),
        "round": 1,
        "rounds": players + D.EXTRA_ROUNDS,
        "step": "buy",
        "buy_context": "setup",
        "money": [D.START_MONEY] * players,
        "bank": D.BANK_TOTAL - D.START_MONEY * players,
        "prestige": [0] * players,
        "hands": [start_jokers[i * D.START_JOKERS : (i + 1) * D.START_JOKERS] for i in range(players)],
        "offers": [[] for _ in range(players)],
        "deck": deck,
        "discard": [],
        "levels": {cat: [[] for _ in range(players)] for cat in CATS},
        "supply": {cat: dict(D.LEVEL_SUPPLY[str(players)]) for cat in CATS},
        "stacks": {t: list(D.TILE_STACKS[t]) for t in TILES},
        "owned": [{t: None for t in TILES} for _ in range(players)],
        "privileges": {"row": privs[: D.PRIVILEGE_ROW], "hidden": sorted(privs[D.PRIVILEGE_ROW :]), "used": [], "aside": []},
        "marker": 0,
        "noble": 0,
        "winners": [None] * len(D.NOBLES),
        "auction": None,
        "showdown": None,
        "use": None,
        "give": None,
        "rng": "",
    }
    ev: list = []
    for _ in range(D.START_DEAL):
        for seat in range(players):
            s["offers"][seat].append(draw_card(s, rng, ev))
    s["rng"] = rng.state
    return s


# --- the flow -------------------------------------------------------------------


def start_auction(s: dict, ev: list) -> None:
    n = s["players"]
    s["auction"] = {"opener": s["marker"], "turn": s["marker"], "high": 0, "leader": None, "bids": [0] * n, "out": []}
    s["step"] = "bid"
    ev.append(I.say("visit", "ev.visit", {"noble": I.noble(noble(s)), "player": I.player(s["marker"])},
                    noble=noble(s), opener=s["marker"]))


def next_active(s: dict, after: int) -> int | None:
    a = s["auction"]
    n = s["players"]
    for i in range(1, n + 1):
        seat = (after + i) % n
        if seat not in a["out"]:
            return seat
    return None


def after_bid(s: dict, rng: Rng, ev: list) -> None:
    a = s["auction"]
    nxt = next_active(s, a["turn"])
    if nxt is None:
        ev.append(I.say("no_winner", "ev.no_winner", {"noble": I.noble(noble(s))}, noble=noble(s)))
        s["auction"] = None
        next_visit(s, rng, ev)
        return
    if a["leader"] is not None and nxt == a["leader"]:
        resolve_auction(s, rng, ev)
        return
    a["turn"] = nxt


def resolve_auction(s: dict, rng: Rng, ev: list) -> None:
    a = s["auction"]
    n = s["players"]
    leader = a["leader"]
    tied = [(leader + i) % n for i in range(n) if (leader + i) % n not in a["out"] and a["bids"][(leader + i) % n] == a["high"]]
    s["showdown"] = {"seats": tied, "count": a["high"]}
    if len(tied) == 1:
        s["step"] = "pay"
        ev.append(I.say("sole_bid", "ev.sole_bid", {"player": I.player(leader), "count": a["high"], "noble": I.noble(noble(s))},
                        seat=leader, count=a["high"]))
    else:
        s["step"] = "reveal"
        ev.append(I.say("showdown", "ev.showdown", {"players": I.players(tied), "count": a["high"], "noble": I.noble(noble(s))},
                        seats=tied, count=a["high"]))


def apply_bid(s: dict, seat: int, action: dict, rng: Rng, ev: list) -> None:
    a = s["auction"]
    kind = action["type"]
    nob = I.noble(noble(s))
    if kind == "pass":
        a["out"].append(seat)
        ev.append(I.say("pass", "ev.pass", {"player": I.player(seat), "noble": nob}, seat=seat))
    elif kind == "hold":
        a["bids"][seat] = a["high"]
        ev.append(I.say("hold", "ev.hold", {"player": I.player(seat), "count": a["high"], "noble": nob}, seat=seat, count=a["high"]))
    else:  # bid or raise
        a["bids"][seat] = a["high"] = action["count"]
        a["leader"] = seat
        ev.append(I.say(kind, f"ev.{kind}", {"player": I.player(seat), "count": action["count"], "noble": nob},
                        seat=seat, count=action["count"]))
    after_bid(s, rng, ev)


def apply_pay(s: dict, seat: int, action: dict, rng: Rng, ev: list) -> None:
    cards = action["cards"]
    for c in cards:
        s["hands"][seat].remove(c)
    s["discard"].extend(cards)
    ev.append(I.say("won", "ev.won_sole", {"player": I.player(seat), "noble": I.noble(noble(s)), "cards": I.cards(sort_cards(cards))},
                    seat=seat, cards=sort_cards(cards)))
    win(s, seat, rng, ev)


def showdown_order(revealed: dict[int, list[str]], nob: str) -> list[int]:
    """Tied seats from the highest single card down."""
    best = {seat: max(card_key(c, nob) for c in cards) for seat, cards in revealed.items()}
    return sorted(revealed, key=lambda seat: best[seat], reverse=True)


def apply_reveal(s: dict, moves: dict[int, dict], rng: Rng, ev: list) -> None:
    nob = noble(s)
    revealed = {seat: list(moves[seat]["cards"]) for seat in s["showdown"]["seats"]}
    order = showdown_order(revealed, nob)
    shown = [I.message("shown", player=I.player(t), cards=I.cards(sort_cards(revealed[t]))) for t in order]
    ev.append(I.say("reveal", "ev.reveal", {"noble": I.noble(nob), "shown": shown},
                    revealed={str(t): sort_cards(revealed[t]) for t in order}, order=order))
    winner = order[0]
    for c in revealed[winner]:
        s["hands"][winner].remove(c)
    s["discard"].extend(revealed[winner])
    ev.append(I.say("won", "ev.won_showdown", {"player": I.player(winner), "noble": I.noble(nob)},
                    seat=winner, cards=sort_cards(revealed[winner])))
    for place, amount in zip(order[1:], D.SHOWDOWN_COMPENSATION):
        receive(s, place, amount)
        ev.append(I.say("compensation", "ev.compensation", {"player": I.player(place), "florins": amount}, seat=place, florins=amount))
    win(s, winner, rng, ev)


def win(s: dict, seat: int, rng: Rng, ev: list) -> None:
    s["auction"] = None
    s["showdown"] = None
    s["marker"] = seat
    s["winners"][s["noble"]] = seat
    s["use"] = {"seat": seat, "card": None, "left": [], "steps": D.PRIVILEGES_USED, "bonus": False, "drawn": [], "victim": None}
    row = s["privileges"]["row"]
    if len(row) == 1:
        take_card(s, row[0], rng, ev)
    else:
        s["step"] = "choose"


def take_card(s: dict, card: int, rng: Rng, ev: list) -> None:
    u = s["use"]
    s["privileges"]["row"].remove(card)
    u["card"] = card
    u["left"] = list(D.PRIVILEGE_CARDS[str(card)])
    ev.append(I.say("privilege", "ev.privilege", {"player": I.player(u["seat"]), "card": card,
                                          "privileges": [I.term(f"priv.{x}") for x in u["left"]]},
                    seat=u["seat"], card=card))
    continue_use(s, rng, ev)


def bonus_builds(s: dict, seat: int) -> list[str]:
    """What the Baumeister may build now as his extra privilege."""
    u = s["use"]
    if u is None or u["bonus"] or s["owned"][seat]["baumeister"] is None:
        return []
    return build_options(s, seat)


def build_options(s: dict, seat: int) -> list[str]:
    return [t for t in BUILDINGS if s["owned"][seat][t] is None and s["stacks"][t] and s["stacks"][t][0] <= s["money"][seat]]


def continue_use(s: dict, rng: Rng, ev: list) -> None:
    u = s["use"]
    if u["victim"] is not None:
        s["step"] = "compensate"
    elif u["drawn"]:
        s["step"] = "discard"
    elif u["steps"] > 0:
        s["step"] = "use"
    elif bonus_builds(s, u["seat"]):
        s["step"] = "finish"
    else:
        end_use(s, rng, ev)


def end_use(s: dict, rng: Rng, ev: list) -> None:
    u = s["use"]
    s["privileges"]["used"].append(u["card"])
    s["use"] = None
    next_visit(s, rng, ev)


def next_visit(s: dict, rng: Rng, ev: list) -> None:
    s["noble"] += 1
    if s["noble"] < len(D.NOBLES):
        start_auction(s, ev)
    else:
        phase2(s, rng, ev)


# --- privileges ----------------------------------------------------------------


def climb_sources(s: dict, seat: int, cat: str) -> list[str]:
    lvl = level(s, seat, cat)
    if lvl >= 4:
        return []
    target = lvl + 1
    if s["supply"][cat][str(target)] > 0:
        return ["supply"]
    return [pname(v) for v in range(s["players"]) if v != seat and level(s, v, cat) == target and target in s["levels"][cat][v]]


def tile_allowed(s: dict, seat: int, tile: str) -> bool:
    cat, minimum = D.TILE_RULES[tile]
    return level(s, seat, cat) >= minimum and s["owned"][seat][tile] is None and bool(s["stacks"][tile])


def use_options(s: dict, seat: int) -> dict:
    """Every privilege action open now: type -> list of its legal parameter dicts."""
    u = s["use"]
    left = u["left"]
    out: dict[str, list[dict]] = {}
    if u["steps"] > 0:
        if "gold" in left:
            out["gold"] = [{}]
        if "prestige6" in left or "prestige7" in left:
            out["prestige"] = [{}]
        if "draw" in left and (s["deck"] or s["discard"]):
            out["draw"] = [{}]
        climbs = [{"category": cat, "source": src} for cat in CATS if cat in left for src in climb_sources(s, seat, cat)]
        if climbs:
            out["climb"] = climbs
        if "yellow" in left and level(s, seat, "yellow") >= D.CASH_MIN_LEVEL:
            out["cash"] = [{}]
        tiles = [{"tile": t} for t, kind in TILE_KIND.items() if kind in left and tile_allowed(s, seat, t)]
        if tiles:
            out["tile"] = tiles
        if "purple" in left:
            builds = [{"tile": t} for t in build_options(s, seat)]
            if builds:
                out["build"] = builds
        out["forgo"] = [{}]
    bonus = bonus_builds(s, seat)
    if bonus:
        out["architect"] = [{"tile": t} for t in bonus]
    if u["steps"] == 0:
        out["done"] = [{}]
    return out


def _spend(u: dict, kind: str | None) -> None:
    if kind is not None:
        u["left"].remove(kind)
    u["steps"] -= 1


def build(s: dict, seat: int, tile: str) -> int:
    cost = s["stacks"][tile].pop(0)
    pay(s, seat, cost)
    s["owned"][seat][tile] = cost
    return cost


def apply_use(s: dict, seat: int, action: dict, rng: Rng, ev: list) -> None:
    u = s["use"]
    kind = action["type"]
    who = I.player(seat)
    if kind == "gold":
        _spend(u, "gold")
        receive(s, seat, D.PRIVILEGE_GOLD)
        ev.append(I.say("gold", "ev.gold", {"player": who, "florins": D.PRIVILEGE_GOLD}, seat=seat))
    elif kind == "prestige":
        which = "prestige7" if "prestige7" in u["left"] else "prestige6"
        points = 7 if which == "prestige7" else 6
        _spend(u, which)
        got = gain(s, seat, points)
        ev.append(I.say("prestige", "ev.prestige", {"player": who, "got": got, "points": points, "total": s["prestige"][seat]},
                        seat=seat, points=got))
    elif kind == "forgo":
        _spend(u, None)
        got = gain(s, seat, D.FORGO_PRESTIGE)
        ev.append(I.say("forgo", "ev.forgo", {"player": who, "got": got, "total": s["prestige"][seat]}, seat=seat, points=got))
    elif kind == "draw":
        _spend(u, "draw")
        drawn = []
        for _ in range(D.PRIVILEGE_DRAW):
            c = draw_card(s, rng, ev)
            if c is not None:
                drawn.append(c)
        s["hands"][seat].extend(drawn)
        u["drawn"] = drawn
        ev.append(I.say("draw", "ev.draw", {"player": who, "count": len(drawn)}, seat=seat, count=len(drawn)))
        ev.append(I.say("drawn", "ev.drawn", {"cards": I.cards(drawn)}, to=[seat], cards=drawn))
    elif kind == "cash":
        _spend(u, "yellow")
        receive(s, seat, D.CASH_RIGHT)
        ev.append(I.say("cash", "ev.cash", {"player": who, "florins": D.CASH_RIGHT}, seat=seat))
    elif kind == "tile":
        tile = action["tile"]
        _spend(u, TILE_KIND[tile])
        value = s["stacks"][tile].pop(0)
        s["owned"][seat][tile] = value
        key = "ev.tile_worth" if tile in ("wappen", "adelsbrief") else "ev.tile"
        ev.append(I.say("tile", key, {"player": who, "tile": I.tile(tile), "value": value}, seat=seat, tile=tile, value=value))
    elif kind == "build":
        _spend(u, "purple")
        cost = build(s, seat, action["tile"])
        ev.append(I.say("build", "ev.build", {"player": who, "tile": I.tile(action["tile"]), "florins": cost},
                        seat=seat, tile=action["tile"], cost=cost))
    elif kind == "architect":
        u["bonus"] = True
        cost = build(s, seat, action["tile"])
        ev.append(I.say("architect", "ev.architect", {"player": who, "tile": I.tile(action["tile"]), "florins": cost},
                        seat=seat, tile=action["tile"], cost=cost))
    elif kind == "climb":
        cat = action["category"]
        _spend(u, cat)
        climb(s, seat, cat, action["source"], ev)
    elif kind == "done":
        pass
    if kind == "done":
        end_use(s, rng, ev)
    else:
        continue_use(s, rng, ev)


def climb(s: dict, seat: int, cat: str, src: str, ev: list) -> None:
    target = level(s, seat, cat) + 1
    held = s["levels"][cat][seat]
    name = I.level(cat, target)
    if src == "supply":
        s["supply"][cat][str(target)] -= 1
        held.append(target)
        if target == 4 and 3 in held:
            held.remove(3)
            s["supply"][cat]["3"] += 1
        ev.append(I.say("climb", "ev.climb", {"player": I.player(seat), "cat": I.cat(cat), "level": target, "name": name},
                        seat=seat, category=cat, level=target))
    else:
        victim = seat_of(src)
        vheld = s["levels"][cat][victim]
        vheld.remove(target)
        held.append(target)
        key = "ev.steal"
        if target == 4 and 3 in held:
            held.remove(3)
            vheld.append(3)
            key = "ev.steal_give"
        vheld.sort()
        s["use"]["victim"] = victim
        ev.append(I.say("steal", key, {"player": I.player(seat), "cat": I.cat(cat), "level": target, "name": name,
                                       "victim": I.player(victim)},
                        seat=seat, victim=victim, category=cat, level=target))
    held.sort()


def apply_compensate(s: dict, seat: int, action: dict, rng: Rng, ev: list) -> None:
    if action["kind"] == "money":
        receive(s, seat, D.STEAL_MONEY)
        ev.append(I.say("compensated", "ev.compensated_money", {"player": I.player(seat), "florins": D.STEAL_MONEY}, seat=seat))
    else:
        got = gain(s, seat, D.STEAL_PRESTIGE)
        ev.append(I.say("compensated", "ev.compensated_prestige", {"player": I.player(seat), "got": got}, seat=seat, points=got))
    s["use"]["victim"] = None
    continue_use(s, rng, ev)


def discard_options(s: dict, seat: int) -> list[str]:
    u = s["use"]
    others = list(s["hands"][seat])
    for c in u["drawn"]:
        others.remove(c)
    return others if others else list(u["drawn"])


def apply_discard(s: dict, seat: int, action: dict, rng: Rng, ev: list) -> None:
    card = action["card"]
    s["hands"][seat].remove(card)
    s["discard"].append(card)
    s["use"]["drawn"] = []
    ev.append(I.say("discard", "ev.discard", {"player": I.player(seat), "card": I.card(card)}, seat=seat, card=card))
    continue_use(s, rng, ev)


# --- phase 2 -------------------------------------------------------------------


def phase2(s: dict, rng: Rng, ev: list) -> None:
    n = s["players"]
    last = s["round"] == s["rounds"]
    s["noble"] = len(D.NOBLES) - 1
    s["step"] = "phase2"
    if not last:
        for seat in range(n):
            amount = D.INCOME[level(s, seat, "yellow") - 1]
            receive(s, seat, amount)
            ev.append(I.say("income", "ev.income", {"player": I.player(seat), "florins": amount}, seat=seat, florins=amount))
    for seat in range(n):
        points = round_prestige(s, seat)
        got = gain(s, seat, points)
        args = {"player": I.player(seat), "points": points, "total": s["prestige"][seat]}
        if got != points:
            args.update(cap=cap(s, seat), tile=I.tile("kirche" if cap(s, seat) == D.CHURCH_CAP else "dom"))
        ev.append(I.say("round_prestige", "ev.round_prestige" if got == points else "ev.round_prestige_capped", args,
                        seat=seat, points=points, gained=got))
    if last:
        s["step"] = "over"
        ev.append(I.say("game_over", "ev.game_over", {"scores": [I.message("score", player=I.player(t), points=s["prestige"][t])
                                                        for t in range(n)]}))
        return
    prepare_deal(s, rng, ev)


def round_prestige(s: dict, seat: int) -> int:
    owned = s["owned"][seat]
    return D.LEVEL_PRESTIGE[level(s, seat, "orange") - 1] + (owned["wappen"] or 0) + (owned["adelsbrief"] or 0)


def prepare_deal(s: dict, rng: Rng, ev: list) -> None:
    n = s["players"]
    needed = sum(sum(draws(s, seat)) for seat in range(n))
    available = len(s["deck"]) + len(s["discard"])
    if available < needed:
        givers = [seat for seat in range(n) if s["hands"][seat]]
        if givers:
            s["give"] = {"seats": givers}
            s["step"] = "give"
            ev.append(I.say("shortage", "ev.shortage", {"available": available, "needed": needed}, needed=needed, available=available))
            return
    s["give"] = None
    deal(s, rng, ev)


def apply_give(s: dict, moves: dict[int, dict], rng: Rng, ev: list) -> None:
    given = []
    for seat in s["give"]["seats"]:
        card = moves[seat]["card"]
        s["hands"][seat].remove(card)
        given.append(card)
        # which card went under the deck is the giver's secret; everybody knows one was given
        ev.append(I.say("gave_card", "ev.gave_card", {"card": I.card(card)}, to=[seat], card=card))
    rng.shuffle(given)
    s["deck"][:0] = given
    ev.append(I.say("given", "ev.given", {"count": len(given)}, count=len(given)))
    prepare_deal(s, rng, ev)


def deal(s: dict, rng: Rng, ev: list) -> None:
    n = s["players"]
    for i in range(n):
        seat = (s["marker"] + i) % n
        free, offered = draws(s, seat)
        got_free = []
        for _ in range(free):
            c = draw_card(s, rng, ev)
            if c is not None:
                got_free.append(c)
        s["hands"][seat].extend(got_free)
        for _ in range(offered):
            c = draw_card(s, rng, ev)
            if c is not None:
                s["offers"][seat].append(c)
        ev.append(I.say("deal", "ev.deal", {"player": I.player(seat), "free": len(got_free), "offered": len(s["offers"][seat])},
                        seat=seat, free=len(got_free), offered=len(s["offers"][seat])))
        if got_free:
            ev.append(I.say("free_notes", "ev.free_notes", {"cards": I.cards(got_free)}, to=[seat], cards=got_free))
    s["buy_context"] = "round"
    if any(s["offers"]):
        s["step"] = "buy"
    else:
        next_round(s, rng, ev)


def apply_buy(s: dict, moves: dict[int, dict], rng: Rng, ev: list) -> None:
    hide = s["options"].get("hide_hand_sizes", True)
    for seat in range(s["players"]):
        offer = s["offers"][seat]
        if not offer:
            continue
        bought = list(moves[seat]["cards"])
        cost = sum(D.note_price(c) for c in bought)
        pay(s, seat, cost)
        s["hands"][seat].extend(bought)
        s["discard"].extend(c for c in offer if c not in bought)
        s["offers"][seat] = []
        args = {"player": I.player(seat), "florins": cost}
        if not hide:
            args.update(count=len(bought), offered=len(offer))
        ev.append(I.say("bought", "ev.bought" if hide else "ev.bought_count", args, seat=seat, florins=cost,
                        **({} if hide else {"count": len(bought)})))
        ev.append(I.say("bought_cards", "ev.bought_cards", {"cards": I.cards(sort_cards(bought))}, to=[seat], cards=sort_cards(bought)))
    if s["buy_context"] == "setup":
        s["buy_context"] = "round"
        s["noble"] = 0
        start_auction(s, ev)
    else:
        next_round(s, rng, ev)


def next_round(s: dict, rng: Rng, ev: list) -> None:
    s["round"] += 1
    p = s["privileges"]
    p["aside"].extend(p["row"])
    p["row"] = []
    if p["hidden"]:
        p["row"], p["hidden"] = p["hidden"], []
    else:
        cards = sorted(p["used"] + p["aside"])
        rng.shuffle(cards)
        p["row"], p["hidden"] = cards[: D.PRIVILEGE_ROW], sorted(cards[D.PRIVILEGE_ROW :])
        p["used"], p["aside"] = [], []
        ev.append(I.say("privileges_shuffled", "ev.privileges_shuffled"))
    s["noble"] = 0
    s["winners"] = [None] * len(D.NOBLES)
    ev.append(I.say("round", "ev.round", {"round": s["round"], "rounds": s["rounds"], "cards": [str(c) for c in p["row"]]},
                    round=s["round"]))
    start_auction(s, ev)


# --- apply ---------------------------------------------------------------------


def apply(state: dict, moves: dict[int, dict]) -> dict:
    s = clone(state)
    rng = Rng(s["rng"])
    ev: list = []
    step = s["step"]
    if step == "buy":
        apply_buy(s, moves, rng, ev)
    elif step == "give":
        apply_give(s, moves, rng, ev)
    elif step == "reveal":
        apply_reveal(s, moves, rng, ev)
    else:
        ((seat, action),) = moves.items()
        seat = int(seat)
        if step == "bid":
            apply_bid(s, seat, action, rng, ev)
        elif step == "pay":
            apply_pay(s, seat, action, rng, ev)
        elif step == "choose":
            take_card(s, action["card"], rng, ev)
        elif step in ("use", "finish"):
            apply_use(s, seat, action, rng, ev)
        elif step == "discard":
            apply_discard(s, seat, action, rng, ev)
        elif step == "compensate":
            apply_compensate(s, seat, action, rng, ev)
        else:
            raise ValueError(f"no move is expected at step {step}")
    s["rng"] = rng.state
    return {"state": s, "events": ev}


def acting_seats(s: dict) -> list[int]:
    step = s["step"]
    if step == "buy":
        return [seat for seat in range(s["players"]) if s["offers"][seat]]
    if step == "give":
        return list(s["give"]["seats"])
    if step == "reveal":
        return list(s["showdown"]["seats"])
    if step == "bid":
        return [s["auction"]["turn"]]
    if step == "pay":
        return [s["showdown"]["seats"][0]]
    if step in ("choose", "use", "discard", "finish"):
        return [s["use"]["seat"]]
    if step == "compensate":
        return [s["use"]["victim"]]
    return []
