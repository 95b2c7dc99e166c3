"""The safe default on a timeout, and a sensible bot for tests and bot seats."""

from __future__ import annotations

from . import data as D
from . import rules as R


def _low_first(cards: list[str]) -> list[str]:
    """Cheapest to lose first: low notes, jokers last."""
    return sorted(cards, key=lambda c: (R.is_joker(c), R.value_of(c), c))


def _bid_cards(s: dict, seat: int) -> list[str]:
    """The notes to show: the strongest single note, then the weakest others (jokers last)."""
    nob = R.noble(s)
    count = s["showdown"]["count"]
    valid = R.valid_cards(s, seat, nob)
    best = max((c for c in valid if not R.is_joker(c)), key=lambda c: R.card_key(c, nob))
    rest = _low_first([c for c in valid if c != best])
    return R.sort_cards([best, *rest[: count - 1]])


def _can_gain(s: dict, seat: int) -> bool:
    limit = R.cap(s, seat)
    return limit is None or s["prestige"][seat] < limit


def default_action(s: dict, seat: int) -> dict:
    step = s["step"]
    if step == "buy":
        return {"type": "buy", "cards": []}
    if step == "give":
        return {"type": "give", "card": _low_first(s["hands"][seat])[0]}
    if step == "bid":
        return {"type": "pass"}
    if step in ("reveal", "pay"):
        return {"type": "reveal", "cards": _bid_cards(s, seat)}
    if step == "choose":
        return {"type": "choose", "card": min(s["privileges"]["row"])}
    if step == "use":
        return {"type": "forgo"}
    if step == "finish":
        return {"type": "done"}
    if step == "discard":
        return {"type": "discard", "card": _low_first(R.discard_options(s, seat))[0]}
    if step == "compensate":
        return {"type": "compensate", "kind": "prestige" if _can_gain(s, seat) else "money"}
    raise ValueError(f"nothing to do at {step}")


def _last_round(s: dict) -> bool:
    return s["round"] >= s["rounds"]


def _wants(s: dict, seat: int) -> str | None:
    """The building that would lift this seat's cap soon: the church from 12 prestige on
    (the 25 cap comes in two or three rounds), the cathedral from 32 with a church."""
    owned, prestige = s["owned"][seat], s["prestige"][seat]
    if owned["kirche"] is None and prestige >= 12 and s["stacks"]["kirche"]:
        return "kirche"
    if owned["kirche"] is not None and owned["dom"] is None and prestige >= 32 and s["stacks"]["dom"]:
        return "dom"
    return None


def _buy(s: dict, seat: int, rng) -> dict:
    money = s["money"][seat]
    reserve = 200 + 100 * rng.below(4)
    want = _wants(s, seat)
    if want:  # keep the price of the building: without it prestige stops at the cap
        reserve = max(reserve, s["stacks"][want][0])
    wanted = sorted(s["offers"][seat], key=lambda c: (not R.is_joker(c), -R.value_of(c)))
    bought = []
    for c in wanted:
        price = D.note_price(c)
        good = R.is_joker(c) or R.value_of(c) >= 9 or rng.below(3) == 0
        if good and money - price >= reserve:
            bought.append(c)
            money -= price
    return {"type": "buy", "cards": R.sort_cards(bought)}


def _bid(s: dict, seat: int, rng) -> dict:
    a = s["auction"]
    nob = R.noble(s)
    most = R.max_bid(s, seat, nob)
    if most == 0:
        return {"type": "pass"}
    high = a["high"]
    if _last_round(s):
        # notes are worth nothing once the game ends: offer them all
        if high == 0:
            return {"type": "bid", "count": most}
        if most > high:
            return {"type": "raise", "count": most}
        return {"type": "hold"} if most >= high else {"type": "pass"}
    top = max(R.value_of(c) for c in R.valid_cards(s, seat, nob) if not R.is_joker(c))
    if high == 0:
        if rng.below(10) < 8:
            return {"type": "bid", "count": 1 + rng.below(min(most, 3))}
        return {"type": "pass"}
    if most > high and (top >= 12 or rng.below(10) < 3) and rng.below(10) < 6:
        return {"type": "raise", "count": high + 1}
    if most >= high and (top >= 9 or rng.below(10) < 4):
        return {"type": "hold"}
    return {"type": "pass"}


_KIND_VALUE = {"gold": 5, "prestige6": 5, "prestige7": 6, "draw": 3, "yellow": 5, "orange": 6, "purple": 6}
# In the last round only prestige counts: orange levels and the Wappen/Adelsbrief still
# score at its end, money, notes, income and note draws no longer do.
_LAST_ROUND_VALUE = {"gold": 0, "prestige6": 8, "prestige7": 9, "draw": 0, "yellow": 0, "orange": 7, "purple": 3}


def _card_value(s: dict, seat: int, card: int) -> float:
    values = dict(_LAST_ROUND_VALUE if _last_round(s) else _KIND_VALUE)
    want = _wants(s, seat)
    if want and s["money"][seat] >= s["stacks"][want][0]:
        values["purple"] = 12  # the purple privilege builds the church or cathedral
    if not _can_gain(s, seat):
        values["prestige6"] = values["prestige7"] = 0
    return sum(sorted((values[k] for k in D.PRIVILEGE_CARDS[str(card)]), reverse=True)[:2])


def _use_score(s: dict, seat: int, kind: str, p: dict) -> float:
    last = _last_round(s)
    gainful = _can_gain(s, seat)
    if kind in ("build", "architect"):
        if p["tile"] == "dom" and s["owned"][seat]["kirche"] is None:
            return 0.5  # a cathedral without a church does not lift the 25 cap
        near = s["prestige"][seat] >= (18 if p["tile"] == "kirche" else 38)
        if last:
            return 13 if near else 0.5
        return 14 if _wants(s, seat) == p["tile"] else 11
    if kind == "climb":
        if last and p["category"] != "orange":
            return -1  # a yellow or purple level pays only in rounds to come
        return (8 if last else 7) - (1 if p["source"] != "supply" else 0)
    if kind == "tile":
        if last:
            return 7 if p["tile"] in ("wappen", "adelsbrief") else -1
        return 5 if p["tile"] == "baumeister" else 7
    if kind == "prestige":
        return (9 if last else 5) if gainful else 0
    if kind == "forgo":
        return (2 if last else 1) if gainful else 0
    if kind in ("gold", "cash", "draw"):
        return -1 if last else {"gold": 5, "cash": 4, "draw": 3}[kind]
    return 0  # done


def _use(s: dict, seat: int, rng) -> dict:
    opts = R.use_options(s, seat)
    best, best_score = {"type": "forgo"} if "forgo" in opts else {"type": "done"}, -10.0
    for kind, params in opts.items():
        for p in params:
            score = _use_score(s, seat, kind, p) + rng.below(100) / 50
            if score > best_score:
                best, best_score = {"type": kind, **p}, score
    return best


def bot(s: dict, seat: int, rng) -> dict:
    step = s["step"]
    if step == "buy":
        return _buy(s, seat, rng)
    if step == "bid":
        return _bid(s, seat, rng)
    if step == "choose":
        noise = 100 if _last_round(s) else 25  # little room for whim when only prestige counts
        scored = [(_card_value(s, seat, c) + rng.below(100) / noise, c) for c in s["privileges"]["row"]]
        return {"type": "choose", "card": max(scored)[1]}
    if step in ("use", "finish"):
        return _use(s, seat, rng)
    return default_action(s, seat)
