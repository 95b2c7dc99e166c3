"""The rules of Ohne Furcht und Adel as pure functions over a JSON state.

State (all seats are 0-based here; text shows them 1-based as "seat N"):

    players, options {city_size, crown_variant}, rng, round, phase
    bank, gold[seat], hands[seat] (sorted district ids), cities[seat] ([{card, round}])
    deck (index 0 = top), discard (face up)
    crown                      seat holding the crown
    chars[seat]                characters held this round (hidden until revealed)
    aside_up                   characters set aside face up
    aside_down                 [{char, by}] face down; ``by`` = the seat that saw it, or None
    draft                      {steps [[seat, mode]], i, pile, discard_pending} while drafting
    calls                      [{rank, result, seat?}] the characters called so far this round
    next_rank, killed, robbed, bishop_seat
    turn                       the turn being played (see start_turn)
    graveyard                  {seat, card, warlord} while a Friedhof owner decides
    first_complete, last_round, winner info at the end
"""

from __future__ import annotations

from engines.base import ranked_outcome
from engines.rng import Rng

from . import data as D
from . import i18n as I

PHASE_DRAFT, PHASE_TURN, PHASE_GRAVEYARD, PHASE_OVER = "draft", "turn", "graveyard", "over"


# --- small helpers -------------------------------------------------------------


def clone(state: dict) -> dict:
    """A deep copy of a state (its shape is known: much faster than copy.deepcopy)."""
    s = dict(state)
    s["options"] = dict(state["options"])
    s["gold"] = list(state["gold"])
    s["hands"] = [list(h) for h in state["hands"]]
    s["cities"] = [[dict(b) for b in c] for c in state["cities"]]
    s["deck"] = list(state["deck"])
    s["discard"] = list(state["discard"])
    s["chars"] = [list(c) for c in state["chars"]]
    s["aside_up"] = list(state["aside_up"])
    s["aside_down"] = [dict(e) for e in state["aside_down"]]
    s["calls"] = [dict(c) for c in state["calls"]]
    if state["draft"] is not None:
        d = dict(state["draft"])
        d["steps"] = [list(x) for x in d["steps"]]
        d["pile"] = list(d["pile"])
        s["draft"] = d
    if state["turn"] is not None:
        t = dict(state["turn"])
        t["drawn"] = list(t["drawn"])
        s["turn"] = t
    if state["graveyard"] is not None:
        s["graveyard"] = dict(state["graveyard"])
    return s



def seat_name(seat: int) -> str:
    return f"seat {seat + 1}"


def char_name(cid: str) -> str:
    return f"{D.CHAR_EN[cid]} ({D.CHAR_DE[cid]}, {D.RANK[cid]})"


def card_name(did: str) -> str:
    d = D.DISTRICTS[did]
    return f"{d['en']} ({d['de']})"


def city_size(state: dict) -> int:
    return state["options"]["city_size"]


def city_ids(state: dict, seat: int) -> list[str]:
    return [b["card"] for b in state["cities"][seat]]


def has(state: dict, seat: int, did: str) -> bool:
    return any(b["card"] == did for b in state["cities"][seat])


def complete(state: dict, seat: int) -> bool:
    return len(state["cities"][seat]) >= city_size(state)


def holder(state: dict, cid: str) -> int | None:
    for s, chars in enumerate(state["chars"]):
        if cid in chars:
            return s
    return None


def revealed_seat(state: dict, cid: str) -> int | None:
    rank = D.RANK[cid]
    for c in state["calls"]:
        if c["rank"] == rank and c["result"] == "revealed":
            return c["seat"]
    return None


def pay_out(state: dict, seat: int, amount: int) -> int:
    """The bank pays ``amount`` to ``seat``, or what it has left; returns what was paid."""
    paid = max(0, min(amount, state["bank"]))
    state["bank"] -= paid
    state["gold"][seat] += paid
    return paid


def pay_in(state: dict, seat: int, amount: int) -> None:
    assert state["gold"][seat] >= amount
    state["gold"][seat] -= amount
    state["bank"] += amount


def draw_cards(state: dict, rng: Rng, k: int, events: list) -> list[str]:
    """The top ``k`` cards of the deck; an empty deck is refilled from the
    shuffled discard pile (README: the rulebook is silent)."""
    out = []
    for _ in range(k):
        if not state["deck"] and state["discard"]:
            pile = sorted(state["discard"])
            rng.shuffle(pile)
            state["deck"] = pile
            state["discard"] = []
            events.append(I.say("reshuffle", "ev.reshuffle"))
        if not state["deck"]:
            break
        out.append(state["deck"].pop(0))
    return out


def add_to_hand(state: dict, seat: int, cards: list[str]) -> None:
    state["hands"][seat] = sorted(state["hands"][seat] + list(cards))


def remove_from_hand(state: dict, seat: int, cards: list[str]) -> None:
    hand = list(state["hands"][seat])
    for c in cards:
        hand.remove(c)
    state["hands"][seat] = hand


def names(cards: list[str]) -> str:
    return ", ".join(card_name(c) for c in cards) if cards else "nothing"


# --- setup -----------------------------------------------------------------------


def setup(players: int, seed: int, options: dict) -> dict:
    rng = Rng.from_seed(seed)
    deck = D.full_deck()
    rng.shuffle(deck)
    state: dict = {
        "players": players,
        "options": options,
        "round": 0,
        "phase": PHASE_DRAFT,
        "bank": D.BANK_GOLD,
        "gold": [0] * players,
        "hands": [[] for _ in range(players)],
        "cities": [[] for _ in range(players)],
        "deck": deck,
        "discard": [],
        # the oldest player holds the crown first: the service seats players so
        # that seat 1 is the oldest (README)
        "crown": 0,
        "chars": [[] for _ in range(players)],
        "aside_up": [],
        "aside_down": [],
        "draft": None,
        "calls": [],
        "next_rank": 1,
        "killed": None,
        "robbed": None,
        "bishop_seat": None,
        "turn": None,
        "graveyard": None,
        "first_complete": None,
        "last_round": False,
        "rng": rng.state,
    }
    for s in range(players):
        pay_out(state, s, D.START_GOLD)
        add_to_hand(state, s, draw_cards(state, rng, D.START_CARDS, []))
    start_round(state, rng, [])
    state["rng"] = rng.state
    return state


# --- the draft --------------------------------------------------------------------


def draft_steps(players: int, crown: int) -> list[list]:
    order = [(crown + k) % players for k in range(players)]
    if players == 2:
        a, b = order
        return [[a, "pick"], [b, "pick_discard"], [a, "pick_discard"], [b, "pick_last"]]
    if players == 3:
        return [[s, "pick"] for s in order] + [[s, "pick"] for s in order[:-1]] + [[order[-1], "pick_last"]]
    return [[s, "pick"] for s in order[:-1]] + [[order[-1], "pick_last"]]


def start_round(state: dict, rng: Rng, events: list) -> None:
    n = state["players"]
    state["round"] += 1
    state["phase"] = PHASE_DRAFT
    state["chars"] = [[] for _ in range(n)]
    state["calls"] = []
    state["next_rank"] = 1
    state["killed"] = None
    state["robbed"] = None
    state["bishop_seat"] = None
    state["turn"] = None
    up_count, down_count = D.ASIDE[n]
    chars = list(D.CHAR_IDS)
    rng.shuffle(chars)
    down = [chars.pop() for _ in range(down_count)]
    up: list[str] = []
    while len(up) < up_count:
        c = chars.pop()
        if c == "king":
            # the King is never set aside face up: replace it and shuffle it back
            nxt = chars.pop()
            chars.append(c)
            rng.shuffle(chars)
            c = nxt
        up.append(c)
    state["aside_up"] = sorted(up, key=D.RANK.get)
    state["aside_down"] = [{"char": c, "by": None} for c in down]
    state["draft"] = {
        "steps": draft_steps(n, state["crown"]),
        "i": 0,
        "pile": sorted(chars, key=D.RANK.get),
        "discard_pending": False,
    }
    args = {"round": state["round"], "seat": I.seat(state["crown"]), "down": down_count}
    if up:
        args["up"] = [I.char(c) for c in state["aside_up"]]
    events.append(I.say("round", "ev.round_up" if up else "ev.round", args, round=state["round"],
                        aside_up=state["aside_up"]))
    prepare_draft_step(state)


def prepare_draft_step(state: dict) -> None:
    dr = state["draft"]
    seat, mode = dr["steps"][dr["i"]]
    if mode == "pick_last" and state["players"] == 7:
        # the seventh player also gets the card set aside face down at the start
        for entry in state["aside_down"]:
            dr["pile"].append(entry["char"])
        state["aside_down"] = []
        dr["pile"].sort(key=D.RANK.get)


def draft_chooser(state: dict) -> int:
    dr = state["draft"]
    return dr["steps"][dr["i"]][0]


def do_pick(state: dict, seat: int, cid: str, rng: Rng, events: list) -> None:
    dr = state["draft"]
    _, mode = dr["steps"][dr["i"]]
    dr["pile"].remove(cid)
    state["chars"][seat] = sorted(state["chars"][seat] + [cid], key=D.RANK.get)
    events.append(I.say("pick", "ev.pick", {"seat": I.seat(seat)}))
    events.append(I.say("pick", "ev.picked", {"char": I.char(cid)}, [seat], character=cid))
    if mode == "pick_discard":
        dr["discard_pending"] = True
        return
    if mode == "pick_last":
        for c in dr["pile"]:
            state["aside_down"].append({"char": c, "by": seat})
            events.append(I.say("aside", "ev.left_over", {"char": I.char(c)}, [seat], character=c))
        if dr["pile"]:
            events.append(I.say("aside", "ev.aside_last", {"seat": I.seat(seat)}))
        dr["pile"] = []
    next_draft_step(state, rng, events)


def do_draft_discard(state: dict, seat: int, cid: str, rng: Rng, events: list) -> None:
    dr = state["draft"]
    dr["pile"].remove(cid)
    dr["discard_pending"] = False
    state["aside_down"].append({"char": cid, "by": seat})
    events.append(I.say("aside", "ev.aside", {"seat": I.seat(seat)}))
    events.append(I.say("aside", "ev.aside_yours", {"char": I.char(cid)}, [seat], character=cid))
    next_draft_step(state, rng, events)


def next_draft_step(state: dict, rng: Rng, events: list) -> None:
    dr = state["draft"]
    dr["i"] += 1
    if dr["i"] < len(dr["steps"]):
        prepare_draft_step(state)
        return
    state["draft"] = None
    state["phase"] = PHASE_TURN
    events.append(I.say("calling", "ev.calling", {"seat": I.seat(state["crown"])}))
    advance_calls(state, rng, events)


# --- calling the characters -----------------------------------------------------


def advance_calls(state: dict, rng: Rng, events: list) -> None:
    while state["next_rank"] <= 8:
        rank = state["next_rank"]
        cid = D.CHAR_BY_RANK[rank]
        state["next_rank"] += 1
        if cid == state["killed"]:
            state["calls"].append({"rank": rank, "result": "murdered"})
            events.append(I.say("call", "ev.call_murdered", {"char": I.char(cid)}, rank=rank))
            continue
        seat = holder(state, cid)
        if seat is None:
            state["calls"].append({"rank": rank, "result": "absent"})
            events.append(I.say("call", "ev.call_nobody", {"char": I.char(cid)}, rank=rank))
            continue
        start_turn(state, seat, cid, rng, events)
        return
    end_round(state, rng, events)


def start_turn(state: dict, seat: int, cid: str, rng: Rng, events: list) -> None:
    rank = D.RANK[cid]
    state["calls"].append({"rank": rank, "result": "revealed", "seat": seat})
    events.append(I.say("reveal", "ev.reveal", {"char": I.char(cid), "seat": I.seat(seat)}, rank=rank, seat=seat))
    if state["robbed"] == cid:
        thief = revealed_seat(state, "thief")
        amount = state["gold"][seat]
        if thief is not None and thief != seat:
            state["gold"][seat] -= amount
            state["gold"][thief] += amount
            events.append(I.say("robbed", "ev.robbed", {"thief": I.seat(thief), "amount": amount, "seat": I.seat(seat)}, amount=amount))
        else:
            events.append(I.say("robbed", "ev.robbed_self", {"seat": I.seat(seat)}, amount=0))
    if cid == "king":
        state["crown"] = seat
        events.append(I.say("crown", "ev.crown", {"seat": I.seat(seat)}))
    if cid == "bishop":
        state["bishop_seat"] = seat
    if cid == "merchant":
        got = pay_out(state, seat, D.MERCHANT_BONUS)
        events.append(I.say("gold", "ev.merchant", {"amount": got}, amount=got))
    if cid == "architect":
        cards = draw_cards(state, rng, D.ARCHITECT_CARDS, events)
        add_to_hand(state, seat, cards)
        events.append(I.say("draw", "ev.architect", {"count": len(cards)}))
        events.append(I.say("draw", "ev.you_draw", {"cards": I.cards(cards)}, [seat], cards=cards))
    state["turn"] = {
        "seat": seat,
        "char": cid,
        "resource": False,
        "drawn": [],
        "keep_left": 0,
        "built": 0,
        "ability": False,
        "income": False,
        "laboratory": False,
        "smithy": False,
    }


def end_round(state: dict, rng: Rng, events: list) -> None:
    if state["last_round"]:
        state["phase"] = PHASE_OVER
        state["turn"] = None
        state["draft"] = None
        out = final_scores(state)
        scores = [I.message("score", seat=I.seat(s), points=out["scores"][s]) for s in range(state["players"])]
        events.append(I.say("game_over", "ev.game_over", {"scores": scores}, scores=out["scores"], ranks=out["ranks"]))
        return
    if state["options"]["crown_variant"] and state["killed"] == "king":
        king = holder(state, "king")
        if king is not None and king != state["crown"]:
            state["crown"] = king
            events.append(I.say("crown", "ev.crown_murdered_king", {"seat": I.seat(king)}))
    start_round(state, rng, events)


# --- a character's turn --------------------------------------------------------


def income_amount(state: dict, seat: int, cid: str) -> int:
    colour = D.INCOME_COLOUR.get(cid)
    if colour is None:
        return 0
    n = sum(1 for b in state["cities"][seat] if D.DISTRICTS[b["card"]]["colour"] == colour)
    if has(state, seat, "school_of_magic"):
        n += 1  # Hexenschule: counts as the colour that pays this character
    return n


def collect_income(state: dict, seat: int, events: list) -> None:
    turn = state["turn"]
    cid = turn["char"]
    due = income_amount(state, seat, cid)
    got = pay_out(state, seat, due)
    turn["income"] = True
    args = {"char": I.char_short(cid), "seat": I.seat(seat), "amount": got, "colour": I.colour(D.INCOME_COLOUR[cid])}
    events.append(I.say("income", "ev.income_short" if got < due else "ev.income", args, amount=got, due=due))


def builds_allowed(turn: dict) -> int:
    return D.ARCHITECT_BUILDS if turn["char"] == "architect" else 1


def destroy_price(did: str) -> int:
    return max(0, D.DISTRICTS[did]["cost"] - D.DESTROY_DISCOUNT)


def destroy_targets(state: dict, warlord: int) -> dict[int, list[str]]:
    """seat -> districts the Warlord may destroy there now (affordable ones)."""
    out: dict[int, list[str]] = {}
    gold = state["gold"][warlord]
    for s in range(state["players"]):
        if complete(state, s) or s == state["bishop_seat"]:
            continue
        cards = sorted({b["card"] for b in state["cities"][s] if b["card"] != "keep" and destroy_price(b["card"]) <= gold})
        if cards:
            out[s] = cards
    return out


def redraw_ok(hand: list[str], cards: list[str]) -> bool:
    left = list(hand)
    for c in cards:
        if c not in left:
            return False
        left.remove(c)
    return True


def finish_turn(state: dict, rng: Rng, events: list) -> None:
    state["turn"] = None
    if state["graveyard"] is not None:
        state["phase"] = PHASE_GRAVEYARD
        return
    advance_calls(state, rng, events)


def apply_turn_action(state: dict, seat: int, action: dict, rng: Rng, events: list) -> None:
    turn = state["turn"]
    kind = action["type"]
    me = I.seat(seat)
    if kind == "gold":
        turn["resource"] = True
        got = pay_out(state, seat, D.GOLD_TAKEN)
        events.append(I.say("gold", "ev.gold_short" if got < D.GOLD_TAKEN else "ev.gold", {"seat": me, "amount": got},
                            amount=got))
    elif kind == "draw":
        turn["resource"] = True
        n = D.OBSERVATORY_DRAW if has(state, seat, "observatory") else D.CARDS_DRAWN
        keep = 2 if has(state, seat, "library") else 1
        cards = draw_cards(state, rng, n, events)
        if len(cards) <= keep:
            add_to_hand(state, seat, cards)
            events.append(I.say("draw", "ev.draw_keep_all", {"seat": me, "count": len(cards)}))
            events.append(I.say("draw", "ev.you_draw_keep", {"cards": I.cards(cards)}, [seat], cards=cards))
        else:
            turn["drawn"] = sorted(cards)
            turn["keep_left"] = keep
            events.append(I.say("draw", "ev.draw_to_keep", {"seat": me, "count": len(cards), "keep": keep}))
            events.append(I.say("draw", "ev.you_draw_to_keep", {"cards": I.cards(turn["drawn"]), "keep": keep}, [seat],
                                cards=turn["drawn"]))
    elif kind == "keep":
        card = action["card"]
        turn["drawn"].remove(card)
        add_to_hand(state, seat, [card])
        turn["keep_left"] -= 1
        events.append(I.say("keep", "ev.you_keep", {"card": I.card(card)}, [seat], card=card))
        if turn["keep_left"] == 0:
            back = turn["drawn"]
            state["deck"].extend(back)
            turn["drawn"] = []
            events.append(I.say("keep", "ev.keep", {"seat": me, "count": len(back)}))
    elif kind == "build":
        card = action["card"]
        remove_from_hand(state, seat, [card])
        pay_in(state, seat, D.DISTRICTS[card]["cost"])
        state["cities"][seat].append({"card": card, "round": state["round"]})
        turn["built"] += 1
        events.append(I.say("build", "ev.build", {"seat": me, "card": I.card(card), "cost": D.DISTRICTS[card]["cost"]}, card=card))
        if complete(state, seat) and state["first_complete"] is None:
            state["first_complete"] = seat
            state["last_round"] = True
            events.append(I.say("complete", "ev.complete", {"seat": me, "count": len(state["cities"][seat])}))
    elif kind == "income":
        collect_income(state, seat, events)
    elif kind == "kill":
        turn["ability"] = True
        state["killed"] = action["character"]
        events.append(I.say("kill", "ev.kill", {"char": I.char(action["character"])}, character=action["character"]))
    elif kind == "rob":
        turn["ability"] = True
        state["robbed"] = action["character"]
        events.append(I.say("rob", "ev.rob", {"char": I.char(action["character"])}, character=action["character"]))
    elif kind == "swap":
        turn["ability"] = True
        other = action["seat"]
        mine, theirs = state["hands"][seat], state["hands"][other]
        state["hands"][seat], state["hands"][other] = theirs, mine
        events.append(I.say("swap", "ev.swap", {"seat": me, "mine": len(mine), "theirs": len(theirs), "other": I.seat(other)},
                            seat=other))
        events.append(I.say("swap", "ev.you_hold", {"cards": I.cards(theirs)}, [seat], cards=theirs))
        events.append(I.say("swap", "ev.swapped", {"cards": I.cards(mine)}, [other], cards=mine))
    elif kind == "redraw":
        turn["ability"] = True
        cards = list(action["cards"])
        remove_from_hand(state, seat, cards)
        state["discard"].extend(sorted(cards))
        new = draw_cards(state, rng, len(cards), events)
        add_to_hand(state, seat, new)
        events.append(I.say("redraw", "ev.redraw", {"seat": me, "cards": I.cards(cards), "count": len(new)}, cards=cards))
        events.append(I.say("redraw", "ev.you_draw", {"cards": I.cards(new)}, [seat], cards=new))
    elif kind == "laboratory":
        turn["laboratory"] = True
        card = action["card"]
        remove_from_hand(state, seat, [card])
        state["discard"].append(card)
        got = pay_out(state, seat, D.LABORATORY_GOLD)
        events.append(I.say("laboratory", "ev.laboratory", {"seat": me, "card": I.card(card), "amount": got}, card=card,
                            amount=got))
    elif kind == "smithy":
        turn["smithy"] = True
        pay_in(state, seat, D.SMITHY_PRICE)
        cards = draw_cards(state, rng, D.SMITHY_CARDS, events)
        add_to_hand(state, seat, cards)
        events.append(I.say("smithy", "ev.smithy", {"seat": me, "price": D.SMITHY_PRICE, "count": len(cards)}))
        events.append(I.say("smithy", "ev.you_draw", {"cards": I.cards(cards)}, [seat], cards=cards))
    elif kind in ("end", "destroy", "forgo"):
        if kind == "forgo":
            events.append(I.say("forgo", "ev.forgo", {"seat": me, "char": I.char_short(turn["char"])}))
        elif D.INCOME_COLOUR.get(turn["char"]) and not turn["income"]:
            collect_income(state, seat, events)  # `end` collects what was not declined (README)
        if kind == "destroy":
            destroy(state, seat, action["seat"], action["card"], events)
        events.append(I.say("end", "ev.end", {"seat": me, "char": I.char_short(turn["char"])}))
        finish_turn(state, rng, events)
    else:  # pragma: no cover - validate refuses it first
        raise ValueError(kind)


def destroy(state: dict, warlord: int, target: int, card: str, events: list) -> None:
    price = destroy_price(card)
    pay_in(state, warlord, price)
    city = state["cities"][target]
    for i, b in enumerate(city):
        if b["card"] == card:
            del city[i]
            break
    events.append(I.say("destroy", "ev.destroy", {"seat": I.seat(warlord), "card": I.card(card), "target": I.seat(target),
                                        "price": price}, seat=target, card=card, price=price))
    owner = None
    for s in range(state["players"]):
        if s != warlord and has(state, s, "graveyard") and state["gold"][s] >= D.GRAVEYARD_PRICE:
            owner = s
    if owner is not None:
        state["graveyard"] = {"seat": owner, "card": card, "warlord": warlord}
        events.append(I.say("graveyard", "ev.graveyard_may", {"seat": I.seat(owner), "price": D.GRAVEYARD_PRICE,
                                                 "card": I.card(card)}))
    else:
        state["discard"].append(card)


def apply_graveyard(state: dict, seat: int, action: dict, rng: Rng, events: list) -> None:
    gy = state["graveyard"]
    card = gy["card"]
    if action["type"] == "graveyard":
        pay_in(state, seat, D.GRAVEYARD_PRICE)
        add_to_hand(state, seat, [card])
        events.append(I.say("graveyard", "ev.graveyard_take", {"seat": I.seat(seat), "price": D.GRAVEYARD_PRICE,
                                                  "card": I.card(card)}, card=card))
    else:
        state["discard"].append(card)
        events.append(I.say("graveyard", "ev.graveyard_leave", {"seat": I.seat(seat), "card": I.card(card)}, card=card))
    state["graveyard"] = None
    state["phase"] = PHASE_TURN
    advance_calls(state, rng, events)


# --- apply ----------------------------------------------------------------------------


def apply(state: dict, moves: dict) -> dict:
    state = clone(state)
    rng = Rng(state["rng"])
    events: list = []
    ((seat, action),) = moves.items()
    seat = int(seat)
    kind = action["type"]
    if state["phase"] == PHASE_DRAFT:
        if kind == "pick":
            do_pick(state, seat, action["character"], rng, events)
        else:
            do_draft_discard(state, seat, action["character"], rng, events)
    elif state["phase"] == PHASE_GRAVEYARD:
        apply_graveyard(state, seat, action, rng, events)
    else:
        apply_turn_action(state, seat, action, rng, events)
    state["rng"] = rng.state
    return {"state": state, "events": events}


# --- scoring -------------------------------------------------------------------------


def score_detail(state: dict, seat: int) -> dict:
    city = state["cities"][seat]
    districts = sum(D.DISTRICTS[b["card"]]["points"] for b in city)
    colours = set()
    wild = False
    for b in city:
        if b["card"] == "haunted_city" and b["round"] != state["round"]:
            wild = True  # Geisterstadt: any colour, unless built in the last round
        else:
            colours.add(D.DISTRICTS[b["card"]]["colour"])
    five = len(colours) == 5 or (wild and len(colours) >= 4)
    colour_bonus = D.ALL_COLOURS_BONUS if five else 0
    if state["first_complete"] == seat:
        complete_bonus = D.FIRST_COMPLETE_BONUS
    elif len(city) >= city_size(state):
        complete_bonus = D.OTHER_COMPLETE_BONUS
    else:
        complete_bonus = 0
    return {
        "districts": districts,
        "colours": colour_bonus,
        "complete": complete_bonus,
        "total": districts + colour_bonus + complete_bonus,
    }


def final_scores(state: dict) -> dict:
    details = [score_detail(state, s) for s in range(state["players"])]
    return ranked_outcome(
        [d["total"] for d in details],
        tiebreak=[d["districts"] for d in details],
        detail={"seats": details, "tiebreak": "district points alone"},
    )
