"""Who must act now, what they may send (ActionSpecs) and what validate refuses."""

from __future__ import annotations

from engines.base import IllegalAction, check_against_specs, decision, describe_actions, enum, spec, subset

from . import data as D
from . import i18n as I
from . import rules as R
from .i18n import t


def decisions(state: dict, lang: str = "en") -> list[dict]:
    phase = state["phase"]
    if phase == R.PHASE_OVER:
        return []
    if phase == R.PHASE_DRAFT:
        seat = R.draft_chooser(state)
        dr = state["draft"]
        if dr["discard_pending"]:
            return [decision(seat, "set aside a character", t(lang, "ask.set_aside"))]
        return [decision(seat, "choose a character", t(lang, "ask.choose", count=len(dr["pile"])))]
    if phase == R.PHASE_GRAVEYARD:
        gy = state["graveyard"]
        return [decision(gy["seat"], "graveyard", t(lang, "ask.graveyard", price=D.GRAVEYARD_PRICE, card=I.card(gy["card"])))]
    turn = state["turn"]
    cid = turn["char"]
    if turn["drawn"]:
        return [decision(turn["seat"], "keep a card", t(lang, "ask.keep", count=turn["keep_left"]))]
    if not turn["resource"]:
        prompt = t(lang, "ask.play_first", char=I.char(cid))
    else:
        prompt = t(lang, "ask.play_then", char=I.char(cid))
    return [decision(turn["seat"], f"play the {D.CHAR_EN[cid]}", prompt)]


def _chars(ids) -> dict:
    return enum(*sorted(ids, key=D.RANK.get))


def _card_word(did: str, lang: str = "en") -> str:
    return t(lang, f"district.{did}").lower()


def _char_word(cid: str, lang: str = "en") -> str:
    return t(lang, f"char.{cid}").lower()


def command(action: dict, lang: str = "en") -> str:
    """The email command for an action, in ``lang``: what examples show and what parse reads back."""
    kind = action["type"]
    if kind in ("pick", "discard", "kill", "rob"):
        return t(lang, f"cmd.{kind}", char=_char_word(action["character"], lang))
    if kind in ("keep", "build", "laboratory"):
        return t(lang, f"cmd.{kind}", card=_card_word(action["card"], lang))
    if kind == "swap":
        return t(lang, "cmd.swap", number=action["seat"] + 1)
    if kind == "redraw":
        return t(lang, "cmd.redraw", cards=", ".join(_card_word(c, lang) for c in action["cards"]))
    if kind == "destroy":
        return t(lang, "cmd.destroy", card=_card_word(action["card"], lang), number=action["seat"] + 1)
    return t(lang, f"cmd.{kind}")


def _spec(kind: str, label: str, example: dict | None = None, lang: str = "en", **params: dict) -> dict:
    """A spec whose example is the command of a legal action of that kind."""
    return spec(kind, label, command(example or {"type": kind}, lang), **params)


def income_matters(state: dict, seat: int) -> bool:
    """Whether the seat's district income this turn would go to a Thief: he robbed
    a later character of the same player (2-3 players), and is another seat."""
    robbed = state["robbed"]
    if robbed is None or robbed not in state["chars"][seat] or state["turn"] is None:
        return False
    thief = R.revealed_seat(state, "thief")
    return D.RANK[robbed] > D.RANK[state["turn"]["char"]] and thief is not None and thief != seat


def actions(state: dict, seat: int, lang: str = "en") -> list[dict]:
    phase = state["phase"]
    if phase == R.PHASE_OVER:
        return []
    if phase == R.PHASE_DRAFT:
        if seat != R.draft_chooser(state):
            return []
        dr = state["draft"]
        if dr["discard_pending"]:
            return [_spec("discard", t(lang, "spec.discard"), {"type": "discard", "character": dr["pile"][0]}, lang,
                          character=_chars(dr["pile"]))]
        return [_spec("pick", t(lang, "spec.pick"), {"type": "pick", "character": dr["pile"][0]}, lang,
                      character=_chars(dr["pile"]))]
    if phase == R.PHASE_GRAVEYARD:
        if seat != state["graveyard"]["seat"]:
            return []
        return [
            _spec("graveyard", t(lang, "spec.graveyard", price=D.GRAVEYARD_PRICE), lang=lang),
            _spec("decline", t(lang, "spec.decline"), lang=lang),
        ]
    turn = state["turn"]
    if seat != turn["seat"]:
        return []
    if turn["drawn"]:
        cards = sorted(set(turn["drawn"]))
        return [_spec("keep", t(lang, "spec.keep"), {"type": "keep", "card": cards[0]}, lang, card=enum(*cards))]
    out = []
    cid = turn["char"]
    hand = state["hands"][seat]
    gold = state["gold"][seat]
    if not turn["resource"]:
        out.append(_spec("gold", t(lang, "spec.gold"), lang=lang))
        out.append(_spec("draw", t(lang, "spec.draw"), lang=lang))
    if not turn["ability"]:
        if cid == "assassin":
            out.append(_spec("kill", t(lang, "spec.kill"), {"type": "kill", "character": "king"}, lang,
                             character=_chars(D.CHAR_IDS[1:])))
        elif cid == "thief":
            allowed = [c for c in D.CHAR_IDS[2:] if c != state["killed"]]
            out.append(_spec("rob", t(lang, "spec.rob"), {"type": "rob", "character": allowed[-1]}, lang,
                             character=_chars(allowed)))
        elif cid == "magician":
            others = [s for s in range(state["players"]) if s != seat]
            out.append(_spec("swap", t(lang, "spec.swap"), {"type": "swap", "seat": others[0]}, lang, seat=enum(*others)))
            if hand:
                out.append(_spec("redraw", t(lang, "spec.redraw"), {"type": "redraw", "cards": [hand[0]]}, lang,
                                cards=subset(*sorted(set(hand)), min_items=1, max_items=len(hand), unique=False)))
    if D.INCOME_COLOUR.get(cid) and not turn["income"]:
        out.append(_spec("income", t(lang, "spec.income", colour=I.colour(D.INCOME_COLOUR[cid])), lang=lang))
    if turn["resource"] and turn["built"] < R.builds_allowed(turn):
        city = R.city_ids(state, seat)
        buildable = sorted({c for c in hand if c not in city and D.DISTRICTS[c]["cost"] <= gold})
        if buildable:
            out.append(_spec("build", t(lang, "spec.build"), {"type": "build", "card": buildable[0]}, lang,
                                card=enum(*buildable)))
    if R.has(state, seat, "laboratory") and not turn["laboratory"] and hand:
        out.append(_spec("laboratory", t(lang, "spec.laboratory", gold=D.LABORATORY_GOLD),
                         {"type": "laboratory", "card": hand[0]}, lang,
                        card=enum(*sorted(set(hand)))))
    if R.has(state, seat, "smithy") and not turn["smithy"] and gold >= D.SMITHY_PRICE:
        out.append(_spec("smithy", t(lang, "spec.smithy", price=D.SMITHY_PRICE, count=D.SMITHY_CARDS), lang=lang))
    if turn["resource"]:
        if cid == "warlord":
            targets = R.destroy_targets(state, seat)
            if targets:
                seats = sorted(targets)
                cards = sorted({c for cs in targets.values() for c in cs})
                out.append(_spec("destroy", t(lang, "spec.destroy"),
                                 {"type": "destroy", "card": targets[seats[0]][0], "seat": seats[0]}, lang,
                                 card=enum(*cards), seat=enum(*seats)))
        if D.INCOME_COLOUR.get(cid) and not turn["income"]:
            out.append(_spec("end", t(lang, "spec.end_income", colour=I.colour(D.INCOME_COLOUR[cid])), lang=lang))
            out.append(_spec("forgo", t(lang, "spec.forgo"), lang=lang))
        else:
            out.append(_spec("end", t(lang, "spec.end"), lang=lang))
    return out


def validate(state: dict, seat: int, action: dict, lang: str = "en") -> None:
    specs = actions(state, seat, lang)
    allowed = describe_actions(specs, lang)
    if not specs:
        raise IllegalAction(t(lang, "err.not_your_turn"))
    kind = action.get("type") if isinstance(action, dict) else None
    # friendlier messages for the usual mistakes, before the schema check
    if state["phase"] == R.PHASE_TURN and isinstance(action, dict):
        turn = state["turn"]
        hand = state["hands"][seat]
        if kind == "build" and isinstance(action.get("card"), str) and action["card"] in D.DISTRICTS:
            card = action["card"]
            if turn["drawn"]:
                raise IllegalAction(t(lang, "err.keep_first") + " " + allowed)
            if not turn["resource"]:
                raise IllegalAction(t(lang, "err.resource_before_build") + " " + allowed)
            if turn["built"] >= R.builds_allowed(turn):
                raise IllegalAction(t(lang, "err.build_limit", count=R.builds_allowed(turn)) + " " + allowed)
            if card not in hand:
                raise IllegalAction(t(lang, "err.not_in_hand", card=I.card(card)) + " " + allowed)
            if card in R.city_ids(state, seat):
                raise IllegalAction(t(lang, "err.duplicate", card=I.card(card)) + " " + allowed)
            cost = D.DISTRICTS[card]["cost"]
            if cost > state["gold"][seat]:
                raise IllegalAction(t(lang, "err.too_dear", card=I.card(card), cost=cost, gold=state["gold"][seat]) + " " + allowed)
        if kind in ("gold", "draw") and turn["resource"]:
            raise IllegalAction(t(lang, "err.resource_taken") + " " + allowed)
        if kind in ("end", "forgo") and not turn["resource"]:
            raise IllegalAction(t(lang, "err.resource_before_end") + " " + allowed)
        if kind in ("kill", "rob", "swap", "redraw") and turn["ability"]:
            raise IllegalAction(t(lang, "err.ability_used") + " " + allowed)
        if kind == "rob" and action.get("character") in ("assassin", "thief"):
            raise IllegalAction(t(lang, "err.rob_assassin") + " " + allowed)
        if kind == "rob" and action.get("character") == state["killed"] and state["killed"]:
            raise IllegalAction(t(lang, "err.rob_murdered") + " " + allowed)
        if kind == "destroy" and turn["char"] == "warlord" and isinstance(action.get("seat"), int):
            _check_destroy(state, seat, action, specs, lang)
    _refuse_unoffered(specs, action, lang)
    check_against_specs(specs, action, _name, lang=lang)
    if kind == "redraw" and not R.redraw_ok(state["hands"][seat], action["cards"]):
        raise IllegalAction(t(lang, "err.redraw") + " " + allowed)
    if kind == "destroy":
        targets = R.destroy_targets(state, seat)
        if action["card"] not in targets.get(action["seat"], []):
            raise IllegalAction(t(lang, "err.no_target", seat=I.seat(action["seat"]), card=I.card(action["card"])) + " " + allowed)


def _name(param: str, value, lang: str = "en") -> str:
    # a character or district sent where the other is asked is named as what it is, never by its id;
    # anything else sent is quoted back as it came
    if isinstance(value, str) and value in D.RANK:
        return I.value(lang, I.char(value))
    if isinstance(value, str) and value in D.DISTRICTS:
        return I.value(lang, I.card(value))
    return I.value(lang, I.seat(value)) if isinstance(value, int) and param not in ("character", "card", "cards") else repr(value)


def _refuse_unoffered(specs: list[dict], action, lang: str = "en") -> None:
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
            raise IllegalAction(t(lang, "err.not_a_choice", what=_name(param, bad[0], lang), label=chosen["label"],
                                  choices=", ".join(_name(param, o, lang) for o in options),
                                  example=chosen["example"]) + " " + describe_actions(specs, lang))


def _check_destroy(state: dict, seat: int, action: dict, specs, lang: str = "en") -> None:
    target = action["seat"]
    card = action.get("card")
    if not (0 <= target < state["players"]) or card not in D.DISTRICTS:
        return
    allowed = describe_actions(specs, lang)
    if not state["turn"]["resource"]:
        raise IllegalAction(t(lang, "err.destroy_first") + " " + allowed)
    if target == state["bishop_seat"]:
        raise IllegalAction(t(lang, "err.destroy_bishop") + " " + allowed)
    if R.complete(state, target):
        raise IllegalAction(t(lang, "err.destroy_complete", seat=I.seat(target)) + " " + allowed)
    if card == "keep":
        raise IllegalAction(t(lang, "err.destroy_keep", card=I.card("keep")) + " " + allowed)
    if card not in R.city_ids(state, target):
        raise IllegalAction(t(lang, "err.destroy_missing", seat=I.seat(target), card=I.card(card)) + " " + allowed)
    price = R.destroy_price(card)
    if price > state["gold"][seat]:
        raise IllegalAction(t(lang, "err.destroy_dear", card=I.card(card), price=price, gold=state["gold"][seat])
                            + " " + allowed)
