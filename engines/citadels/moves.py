"""Who must act now, what they may send (ActionSpecs) and what validate refuses."""

from __future__ import annotations

from engines.base import IllegalAction, check_against_specs, decision, describe_actions, enum, spec, subset

from . import data as D
from . import rules as R


def decisions(state: dict) -> list[dict]:
    phase = state["phase"]
    if phase == R.PHASE_OVER:
        return []
    if phase == R.PHASE_DRAFT:
        seat = R.draft_chooser(state)
        dr = state["draft"]
        if dr["discard_pending"]:
            return [decision(seat, "set aside a character", "Set one of the remaining characters aside face down.")]
        return [decision(seat, "choose a character", f"Choose your character from the {len(dr['pile'])} offered to you.")]
    if phase == R.PHASE_GRAVEYARD:
        gy = state["graveyard"]
        return [decision(gy["seat"], "graveyard", f"Pay {D.GRAVEYARD_PRICE} gold at your Graveyard to take the destroyed {R.card_name(gy['card'])} into your hand, or decline.")]
    turn = state["turn"]
    cid = turn["char"]
    if turn["drawn"]:
        return [decision(turn["seat"], "keep a card", f"Keep {turn['keep_left']} of the cards you drew.")]
    if not turn["resource"]:
        prompt = f"Play the {R.char_name(cid)}: take 2 gold or draw cards, use your ability, then build."
    else:
        prompt = f"Play the {R.char_name(cid)}: build, use your ability, then end your turn."
    return [decision(turn["seat"], f"play the {D.CHAR_EN[cid]}", prompt)]


def _chars(ids) -> dict:
    return enum(*sorted(ids, key=D.RANK.get))


def actions(state: dict, seat: int) -> list[dict]:
    phase = state["phase"]
    if phase == R.PHASE_OVER:
        return []
    if phase == R.PHASE_DRAFT:
        if seat != R.draft_chooser(state):
            return []
        dr = state["draft"]
        if dr["discard_pending"]:
            return [spec("discard", "set a character aside face down", f"discard {dr['pile'][0]}", character=_chars(dr["pile"]))]
        return [spec("pick", "choose a character", f"pick {dr['pile'][0]}", character=_chars(dr["pile"]))]
    if phase == R.PHASE_GRAVEYARD:
        if seat != state["graveyard"]["seat"]:
            return []
        return [
            spec("graveyard", f"pay {D.GRAVEYARD_PRICE} gold and take the destroyed district", "graveyard"),
            spec("decline", "leave the destroyed district on the discard pile", "decline"),
        ]
    turn = state["turn"]
    if seat != turn["seat"]:
        return []
    if turn["drawn"]:
        cards = sorted(set(turn["drawn"]))
        return [spec("keep", "keep one of the drawn cards", f"keep {cards[0]}", card=enum(*cards))]
    out = []
    cid = turn["char"]
    hand = state["hands"][seat]
    gold = state["gold"][seat]
    if not turn["resource"]:
        out.append(spec("gold", "take 2 gold from the bank", "gold"))
        out.append(spec("draw", "draw district cards and keep one", "draw"))
    if not turn["ability"]:
        if cid == "assassin":
            out.append(spec("kill", "murder a character", "kill 4", character=_chars(D.CHAR_IDS[1:])))
        elif cid == "thief":
            allowed = [c for c in D.CHAR_IDS[2:] if c != state["killed"]]
            out.append(spec("rob", "rob a character", f"rob {allowed[-1]}", character=_chars(allowed)))
        elif cid == "magician":
            others = [s for s in range(state["players"]) if s != seat]
            out.append(spec("swap", "swap hands with a player", f"swap {others[0] + 1}", seat=enum(*others)))
            if hand:
                out.append(spec("redraw", "discard cards and draw as many", f"redraw {hand[0]}",
                                cards=subset(*sorted(set(hand)), min_items=1, max_items=len(hand), unique=False)))
    if D.INCOME_COLOUR.get(cid) and not turn["income"]:
        out.append(spec("income", f"collect gold for your {D.INCOME_COLOUR[cid]} districts", "income"))
    if turn["resource"] and turn["built"] < R.builds_allowed(turn):
        city = R.city_ids(state, seat)
        buildable = sorted({c for c in hand if c not in city and D.DISTRICTS[c]["cost"] <= gold})
        if buildable:
            out.append(spec("build", "build a district", f"build {buildable[0]}", card=enum(*buildable)))
    if R.has(state, seat, "laboratory") and not turn["laboratory"] and hand:
        out.append(spec("laboratory", f"discard a card at the Laboratory for {D.LABORATORY_GOLD} gold", f"laboratory {hand[0]}",
                        card=enum(*sorted(set(hand)))))
    if R.has(state, seat, "smithy") and not turn["smithy"] and gold >= D.SMITHY_PRICE:
        out.append(spec("smithy", f"pay {D.SMITHY_PRICE} gold at the Smithy to draw {D.SMITHY_CARDS} cards", "smithy"))
    if turn["resource"]:
        if cid == "warlord":
            targets = R.destroy_targets(state, seat)
            if targets:
                seats = sorted(targets)
                cards = sorted({c for cs in targets.values() for c in cs})
                out.append(spec("destroy", "destroy a district and end your turn",
                                f"destroy {targets[seats[0]][0]} of seat {seats[0] + 1}",
                                card=enum(*cards), seat=enum(*seats)))
        out.append(spec("end", "end your turn", "end"))
    return out


def validate(state: dict, seat: int, action: dict) -> None:
    specs = actions(state, seat)
    if not specs:
        raise IllegalAction("It is not your turn: nothing is asked of you now.")
    kind = action.get("type") if isinstance(action, dict) else None
    # friendlier messages for the usual mistakes, before the schema check
    if state["phase"] == R.PHASE_TURN and isinstance(action, dict):
        turn = state["turn"]
        hand = state["hands"][seat]
        if kind == "build" and isinstance(action.get("card"), str) and action["card"] in D.DISTRICTS:
            card = action["card"]
            if turn["drawn"]:
                raise IllegalAction("First keep one of the cards you drew. " + describe_actions(specs))
            if not turn["resource"]:
                raise IllegalAction("Take 2 gold or draw cards before you build. " + describe_actions(specs))
            if turn["built"] >= R.builds_allowed(turn):
                raise IllegalAction(f"You may build only {R.builds_allowed(turn)} district(s) this turn. " + describe_actions(specs))
            if card not in hand:
                raise IllegalAction(f"{R.card_name(card)} is not in your hand. " + describe_actions(specs))
            if card in R.city_ids(state, seat):
                raise IllegalAction(f"Your city already has {R.card_name(card)}: no duplicates. " + describe_actions(specs))
            cost = D.DISTRICTS[card]["cost"]
            if cost > state["gold"][seat]:
                raise IllegalAction(f"{R.card_name(card)} costs {cost} gold; you have {state['gold'][seat]}. " + describe_actions(specs))
        if kind in ("gold", "draw") and turn["resource"]:
            raise IllegalAction("You have already taken gold or cards this turn. " + describe_actions(specs))
        if kind == "end" and not turn["resource"]:
            raise IllegalAction("Take 2 gold or draw cards before you end your turn. " + describe_actions(specs))
        if kind in ("kill", "rob", "swap", "redraw") and turn["ability"]:
            raise IllegalAction("You have already used your character's ability this turn. " + describe_actions(specs))
        if kind == "rob" and action.get("character") in ("assassin", "thief"):
            raise IllegalAction("The Thief cannot rob the Assassin or himself. " + describe_actions(specs))
        if kind == "rob" and action.get("character") == state["killed"] and state["killed"]:
            raise IllegalAction("The Thief cannot rob the murdered character. " + describe_actions(specs))
        if kind == "destroy" and turn["char"] == "warlord" and isinstance(action.get("seat"), int):
            _check_destroy(state, seat, action, specs)
    check_against_specs(specs, action)
    if kind == "redraw" and not R.redraw_ok(state["hands"][seat], action["cards"]):
        raise IllegalAction("You can only discard cards you hold (each copy once). " + describe_actions(specs))
    if kind == "destroy":
        targets = R.destroy_targets(state, seat)
        if action["card"] not in targets.get(action["seat"], []):
            raise IllegalAction(f"{R.seat_name(action['seat'])} has no {R.card_name(action['card'])} you may destroy. " + describe_actions(specs))


def _check_destroy(state: dict, seat: int, action: dict, specs) -> None:
    target = action["seat"]
    card = action.get("card")
    if not (0 <= target < state["players"]) or card not in D.DISTRICTS:
        return
    if not state["turn"]["resource"]:
        raise IllegalAction("Take 2 gold or draw cards first; the Warlord destroys at the end of his turn. " + describe_actions(specs))
    if target == state["bishop_seat"]:
        raise IllegalAction("The Bishop's city cannot be attacked by the Warlord. " + describe_actions(specs))
    if R.complete(state, target):
        raise IllegalAction(f"The city of {R.seat_name(target)} is complete and cannot be attacked. " + describe_actions(specs))
    if card == "keep":
        raise IllegalAction("The Keep (Wehrturm) cannot be destroyed by the Warlord. " + describe_actions(specs))
    if card not in R.city_ids(state, target):
        raise IllegalAction(f"{R.seat_name(target)} has no {R.card_name(card)}. " + describe_actions(specs))
    price = R.destroy_price(card)
    if price > state["gold"][seat]:
        raise IllegalAction(f"Destroying {R.card_name(card)} costs {price} gold; you have {state['gold'][seat]}. " + describe_actions(specs))
