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


def _card_word(did: str) -> str:
    return D.DISTRICTS[did]["en"].lower()


def command(action: dict) -> str:
    """The email command for an action: what examples show and what parse reads back."""
    kind = action["type"]
    if kind in ("pick", "discard", "kill", "rob"):
        return f"{kind} {D.CHAR_EN[action['character']].lower()}"
    if kind in ("keep", "build", "laboratory"):
        return f"{kind} {_card_word(action['card'])}"
    if kind == "swap":
        return f"swap {action['seat'] + 1}"
    if kind == "redraw":
        return "redraw " + ", ".join(_card_word(c) for c in action["cards"])
    if kind == "destroy":
        return f"destroy {_card_word(action['card'])} of seat {action['seat'] + 1}"
    if kind == "forgo":
        return "end without income"
    return kind


def _spec(kind: str, label: str, example: dict | None = None, **params: dict) -> dict:
    """A spec whose example is the command of a legal action of that kind."""
    return spec(kind, label, command(example or {"type": kind}), **params)


def income_matters(state: dict, seat: int) -> bool:
    """Whether the seat's district income this turn would go to a Thief: he robbed
    a later character of the same player (2-3 players), and is another seat."""
    robbed = state["robbed"]
    if robbed is None or robbed not in state["chars"][seat] or state["turn"] is None:
        return False
    thief = R.revealed_seat(state, "thief")
    return D.RANK[robbed] > D.RANK[state["turn"]["char"]] and thief is not None and thief != seat


def actions(state: dict, seat: int) -> list[dict]:
    phase = state["phase"]
    if phase == R.PHASE_OVER:
        return []
    if phase == R.PHASE_DRAFT:
        if seat != R.draft_chooser(state):
            return []
        dr = state["draft"]
        if dr["discard_pending"]:
            return [_spec("discard", "set a character aside face down", {"type": "discard", "character": dr["pile"][0]},
                          character=_chars(dr["pile"]))]
        return [_spec("pick", "choose a character", {"type": "pick", "character": dr["pile"][0]}, character=_chars(dr["pile"]))]
    if phase == R.PHASE_GRAVEYARD:
        if seat != state["graveyard"]["seat"]:
            return []
        return [
            _spec("graveyard", f"pay {D.GRAVEYARD_PRICE} gold and take the destroyed district"),
            _spec("decline", "leave the destroyed district on the discard pile"),
        ]
    turn = state["turn"]
    if seat != turn["seat"]:
        return []
    if turn["drawn"]:
        cards = sorted(set(turn["drawn"]))
        return [_spec("keep", "keep one of the drawn cards", {"type": "keep", "card": cards[0]}, card=enum(*cards))]
    out = []
    cid = turn["char"]
    hand = state["hands"][seat]
    gold = state["gold"][seat]
    if not turn["resource"]:
        out.append(_spec("gold", "take 2 gold from the bank"))
        out.append(_spec("draw", "draw district cards and keep one"))
    if not turn["ability"]:
        if cid == "assassin":
            out.append(_spec("kill", "murder a character", {"type": "kill", "character": "king"}, character=_chars(D.CHAR_IDS[1:])))
        elif cid == "thief":
            allowed = [c for c in D.CHAR_IDS[2:] if c != state["killed"]]
            out.append(_spec("rob", "rob a character", {"type": "rob", "character": allowed[-1]}, character=_chars(allowed)))
        elif cid == "magician":
            others = [s for s in range(state["players"]) if s != seat]
            out.append(_spec("swap", "swap hands with a player", {"type": "swap", "seat": others[0]}, seat=enum(*others)))
            if hand:
                out.append(_spec("redraw", "discard cards and draw as many", {"type": "redraw", "cards": [hand[0]]},
                                cards=subset(*sorted(set(hand)), min_items=1, max_items=len(hand), unique=False)))
    if D.INCOME_COLOUR.get(cid) and not turn["income"]:
        out.append(_spec("income", f"collect gold for your {D.INCOME_COLOUR[cid]} districts"))
    if turn["resource"] and turn["built"] < R.builds_allowed(turn):
        city = R.city_ids(state, seat)
        buildable = sorted({c for c in hand if c not in city and D.DISTRICTS[c]["cost"] <= gold})
        if buildable:
            out.append(_spec("build", "build a district", {"type": "build", "card": buildable[0]}, card=enum(*buildable)))
    if R.has(state, seat, "laboratory") and not turn["laboratory"] and hand:
        out.append(_spec("laboratory", f"discard a card at the Laboratory for {D.LABORATORY_GOLD} gold",
                         {"type": "laboratory", "card": hand[0]},
                        card=enum(*sorted(set(hand)))))
    if R.has(state, seat, "smithy") and not turn["smithy"] and gold >= D.SMITHY_PRICE:
        out.append(_spec("smithy", f"pay {D.SMITHY_PRICE} gold at the Smithy to draw {D.SMITHY_CARDS} cards"))
    if turn["resource"]:
        if cid == "warlord":
            targets = R.destroy_targets(state, seat)
            if targets:
                seats = sorted(targets)
                cards = sorted({c for cs in targets.values() for c in cs})
                out.append(_spec("destroy", "destroy a district and end your turn",
                                 {"type": "destroy", "card": targets[seats[0]][0], "seat": seats[0]},
                                 card=enum(*cards), seat=enum(*seats)))
        if D.INCOME_COLOUR.get(cid) and not turn["income"]:
            out.append(_spec("end", f"end your turn (your {D.INCOME_COLOUR[cid]} income is collected first)"))
            out.append(_spec("forgo", "end your turn without collecting your income"))
        else:
            out.append(_spec("end", "end your turn"))
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
        if kind in ("end", "forgo") and not turn["resource"]:
            raise IllegalAction("Take 2 gold or draw cards before you end your turn. " + describe_actions(specs))
        if kind in ("kill", "rob", "swap", "redraw") and turn["ability"]:
            raise IllegalAction("You have already used your character's ability this turn. " + describe_actions(specs))
        if kind == "rob" and action.get("character") in ("assassin", "thief"):
            raise IllegalAction("The Thief cannot rob the Assassin or himself. " + describe_actions(specs))
        if kind == "rob" and action.get("character") == state["killed"] and state["killed"]:
            raise IllegalAction("The Thief cannot rob the murdered character. " + describe_actions(specs))
        if kind == "destroy" and turn["char"] == "warlord" and isinstance(action.get("seat"), int):
            _check_destroy(state, seat, action, specs)
    _refuse_unoffered(specs, action)
    check_against_specs(specs, action, _name)
    if kind == "redraw" and not R.redraw_ok(state["hands"][seat], action["cards"]):
        raise IllegalAction("You can only discard cards you hold (each copy once). " + describe_actions(specs))
    if kind == "destroy":
        targets = R.destroy_targets(state, seat)
        if action["card"] not in targets.get(action["seat"], []):
            raise IllegalAction(f"{R.seat_name(action['seat'])} has no {R.card_name(action['card'])} you may destroy. " + describe_actions(specs))


def _name(param: str, value) -> str:
    if param == "character":
        return f"the {R.char_name(value)}" if value in D.RANK else repr(value)
    if param in ("card", "cards"):
        return R.card_name(value) if value in D.DISTRICTS else repr(value)
    return R.seat_name(value) if isinstance(value, int) else repr(value)


def _refuse_unoffered(specs: list[dict], action) -> None:
    """A character, card or seat that is not among the choices open now gets
    the choices in the game's words, not a schema message."""
    if not isinstance(action, dict):
        return
    chosen = next((s for s in specs if s["type"] == action.get("type")), None)
    if chosen is None:
        return
    for param, schema in chosen["params"].items():
        if param not in action:
            continue
        options = schema.get("enum") or schema.get("items", {}).get("enum")
        values = action[param] if schema.get("type") == "array" and isinstance(action[param], list) else [action[param]]
        bad = [v for v in values if options is not None and v not in options]
        if bad:
            raise IllegalAction(
                f"{_name(param, bad[0])[0].upper()}{_name(param, bad[0])[1:]} is not one of the choices to {chosen['label']} now: "
                + ", ".join(_name(param, o) for o in options) + f". E.g. `{chosen['example']}`. " + describe_actions(specs))


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
