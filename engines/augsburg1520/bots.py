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


def _buy(s: dict, seat: int, rng) -> dict:
    money = s["money"][seat]
    reserve = 200 + 100 * rng.below(4)
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
    top = max(R.value_of(c) for c in R.valid_cards(s, seat, nob) if not R.is_joker(c))
    high = a["high"]
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


def _use(s: dict, seat: int, rng) -> dict:
    opts = R.use_options(s, seat)
    best, best_score = {"type": "forgo"} if "forgo" in opts else {"type": "done"}, -1.0
    for kind, params in opts.items():
        for p in params:
            score = {
                "architect": 12, "build": 11, "climb": 7, "tile": 7, "gold": 5, "cash": 4,
                "prestige": 5 if _can_gain(s, seat) else 0, "draw": 3, "forgo": 1 if _can_gain(s, seat) else 0, "done": 0,
            }[kind]
            if kind == "climb" and p["source"] != "supply":
                score -= 1
            if kind == "tile" and p["tile"] == "baumeister":
                score -= 2
            if kind in ("build", "architect") and p["tile"] == "dom" and s["owned"][seat]["kirche"] is None:
                score = 0.5  # a cathedral without a church does not lift the 25 cap
            score += rng.below(100) / 50
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
        row = s["privileges"]["row"]
        scored = [(sum(sorted((_KIND_VALUE[k] for k in D.PRIVILEGE_CARDS[str(c)]), reverse=True)[:2]) + rng.below(100) / 25, c)
                  for c in row]
        return {"type": "choose", "card": max(scored)[1]}
    if step in ("use", "finish"):
        return _use(s, seat, rng)
    return default_action(s, seat)
