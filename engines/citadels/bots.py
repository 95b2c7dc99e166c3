"""The safe choice on timeout, and a bot that plays the game's main ideas.

The bot only uses what its seat may know: its hand and characters, the
draft pile while it chooses, and what is public (cities, gold, hand sizes,
the characters called, murdered and robbed, the crown). Its ideas:

* choose the character that pays most this round: income for its colours,
  the Architect with cards and gold to build, the Magician with a poor hand,
  the Bishop or Warlord when a city is worth defending or attacking, the
  Assassin and Thief when a rival leads or is rich;
* take gold while the hand holds something to build, cards when it does not;
  keep the card that fits (affordable, a colour the city lacks, no duplicate);
* build the best district it can pay; collect income after building when the
  new district pays, before it when the gold is needed to build; forgo it when
  a Thief has robbed its own later character;
* murder and rob where a rival's gain is likeliest; the Warlord razes the
  leader's cheapest district, most of all when that city nears completion.
"""

from __future__ import annotations

from . import data as D
from . import rules as R
from .moves import income_matters


def default_action(state: dict, seat: int) -> dict:
    phase = state["phase"]
    if phase == R.PHASE_DRAFT:
        dr = state["draft"]
        return {"type": "discard" if dr["discard_pending"] else "pick", "character": dr["pile"][0]}
    if phase == R.PHASE_GRAVEYARD:
        return {"type": "decline"}
    turn = state["turn"]
    if turn["drawn"]:
        return {"type": "keep", "card": turn["drawn"][0]}
    if not turn["resource"]:
        return {"type": "gold"}
    return {"type": "end"}


def _colour_count(state: dict, seat: int, colour: str) -> int:
    return sum(1 for c in R.city_ids(state, seat) if D.DISTRICTS[c]["colour"] == colour)


def _hand_colour_count(state: dict, seat: int, colour: str) -> int:
    city = R.city_ids(state, seat)
    return sum(1 for c in set(state["hands"][seat]) if c not in city and D.DISTRICTS[c]["colour"] == colour)


def _score_now(state: dict, seat: int) -> int:
    return sum(D.DISTRICTS[c]["points"] for c in R.city_ids(state, seat))


def _leader(state: dict, seat: int) -> int | None:
    """The rival furthest ahead: most districts, then points, then gold."""
    rivals = [s for s in range(state["players"]) if s != seat]
    if not rivals:
        return None
    return max(rivals, key=lambda s: (len(state["cities"][s]), _score_now(state, s), state["gold"][s], -s))


def _buildable(state: dict, seat: int) -> list[str]:
    city = R.city_ids(state, seat)
    return sorted({c for c in state["hands"][seat] if c not in city})


def _card_value(state: dict, seat: int, card: str, gold: int) -> tuple:
    """How much the bot wants a district in hand or in its city."""
    d = D.DISTRICTS[card]
    city = R.city_ids(state, seat)
    colours = {D.DISTRICTS[c]["colour"] for c in city}
    fresh = card not in city and card not in state["hands"][seat]
    new_colour = d["colour"] not in colours
    affordable = d["cost"] <= gold + 3
    return (fresh, affordable, d["points"] + (2 if new_colour else 0) + (1 if d["colour"] == "purple" else 0), card)


def _character_value(state: dict, seat: int, cid: str) -> int:
    n = state["players"]
    gold = state["gold"][seat]
    city = state["cities"][seat]
    buildable = _buildable(state, seat)
    leader = _leader(state, seat)
    lead_size = len(state["cities"][leader]) if leader is not None else 0
    size = R.city_size(state)
    v = 2
    if cid in D.INCOME_COLOUR:
        colour = D.INCOME_COLOUR[cid]
        v += 3 * (_colour_count(state, seat, colour) + (1 if R.has(state, seat, "school_of_magic") else 0))
        v += _hand_colour_count(state, seat, colour)
    if cid == "merchant":
        v += 3
    if cid == "architect":
        v += 2 * min(len(buildable), 3) + (4 if gold >= 4 and len(buildable) >= 2 else 0)
    if cid == "magician":
        v += 8 if not buildable else 0
        if not buildable and max((len(h) for h in state["hands"]), default=0) >= 3:
            v += 3
    if cid == "king":
        v += 3 if n >= 4 else 1
    if cid == "bishop":
        v += 2 * len(city) // 3 + (4 if len(city) >= size - 2 else 0)
    if cid == "warlord":
        v += 5 if lead_size >= size - 2 else 0
    if cid == "assassin":
        v += 3 + (4 if lead_size >= size - 2 else 0)
    if cid == "thief":
        richest = max((state["gold"][s] for s in range(n) if s != seat), default=0)
        v += richest
        if state["bank"] < 2 * n:
            v += 2 * richest  # a dry bank: the rich players' gold is the only gold left
    if cid in D.INCOME_COLOUR and state["bank"] < 2 * n:
        v -= 2
    return v


def _draft_choice(state: dict, seat: int, rng) -> str:
    pile = state["draft"]["pile"]
    scored = [(_character_value(state, seat, c) + rng.below(3), c) for c in pile]
    return max(scored)[1]


def _discard_choice(state: dict, seat: int) -> str:
    """Set aside (2 players) what the rival would like most of what is left."""
    pile = state["draft"]["pile"]
    rival = 1 - seat
    return max(pile, key=lambda c: (_character_value(state, rival, c), c))


def _guess_target(state: dict, seat: int, choices: list[str], rng, thief: bool) -> str | None:
    """A character a rival likely holds and profits from: income of the
    leader's colours, the Architect for a full hand, the Merchant, the King."""
    if not choices:
        return None
    leader = _leader(state, seat)
    n = state["players"]

    def weight(cid: str) -> int:
        w = 1
        if leader is not None:
            if cid in D.INCOME_COLOUR:
                w += 2 * _colour_count(state, leader, D.INCOME_COLOUR[cid])
            if cid == "architect" and len(state["hands"][leader]) >= 3:
                w += 3
        if cid in ("merchant", "king"):
            w += 2
        if thief and cid in ("merchant", "architect", "king", "bishop", "warlord"):
            w += max(state["gold"][s] for s in range(n) if s != seat) // 2
        return w

    return max(choices, key=lambda c: (weight(c) + rng.below(3), c))


def _warlord_target(state: dict, seat: int) -> dict | None:
    targets = R.destroy_targets(state, seat)
    leader = _leader(state, seat)
    size = R.city_size(state)
    gold = state["gold"][seat]
    best = None
    for s, cards in targets.items():
        if s == seat:
            continue
        threat = len(state["cities"][s]) >= size - 2
        for c in cards:
            price = R.destroy_price(c)
            if price > 0 and not threat and s != leader:
                continue
            if price > 1 and not threat:
                continue
            key = (threat, s == leader, -price, D.DISTRICTS[c]["points"], c)
            if gold - price >= 0 and (best is None or key > best[0]):
                best = (key, {"type": "destroy", "seat": s, "card": c})
    return best[1] if best else None


def _income(state: dict, seat: int) -> int:
    turn = state["turn"]
    cid = turn["char"]
    if not D.INCOME_COLOUR.get(cid) or turn["income"]:
        return 0
    return min(R.income_amount(state, seat, cid), state["bank"])


def bot(state: dict, seat: int, rng) -> dict:
    phase = state["phase"]
    if phase == R.PHASE_DRAFT:
        dr = state["draft"]
        if dr["discard_pending"]:
            return {"type": "discard", "character": _discard_choice(state, seat)}
        return {"type": "pick", "character": _draft_choice(state, seat, rng)}
    if phase == R.PHASE_GRAVEYARD:
        card = state["graveyard"]["card"]
        if card not in R.city_ids(state, seat) and card not in state["hands"][seat]:
            return {"type": "graveyard"}
        return {"type": "decline"}
    turn = state["turn"]
    cid = turn["char"]
    hand = state["hands"][seat]
    gold = state["gold"][seat]
    city = R.city_ids(state, seat)
    mine = set(state["chars"][seat])
    if turn["drawn"]:
        return {"type": "keep", "card": max(turn["drawn"], key=lambda c: _card_value(state, seat, c, gold))}
    if not turn["ability"]:
        if cid == "assassin":
            choices = [c for c in D.CHAR_IDS[1:] if c not in mine and c not in state["aside_up"]]
            target = _guess_target(state, seat, choices, rng, thief=False)
            if target:
                return {"type": "kill", "character": target}
        if cid == "thief":
            choices = [c for c in D.CHAR_IDS[2:] if c != state["killed"] and c not in mine and c not in state["aside_up"]]
            target = _guess_target(state, seat, choices, rng, thief=True)
            if target:
                return {"type": "rob", "character": target}
        if cid == "magician":
            useless = [c for c in hand if c in city or D.DISTRICTS[c]["cost"] > gold + 6]
            sizes = [(len(state["hands"][s]), -s) for s in range(state["players"]) if s != seat]
            best, target = max(sizes)
            if best >= len(hand) - len(useless) + 2:
                return {"type": "swap", "seat": -target}
            if useless:
                return {"type": "redraw", "cards": useless}
    buildable = _buildable(state, seat)
    income = _income(state, seat)
    if not turn["resource"]:
        soon = [c for c in buildable if D.DISTRICTS[c]["cost"] <= gold + income + 2 + 2]
        if not buildable or (not soon and len(buildable) <= 1):
            return {"type": "draw"}
        return {"type": "gold"}
    if R.has(state, seat, "laboratory") and not turn["laboratory"]:
        useless = [c for c in hand if c in city or hand.count(c) > 1]
        if useless:
            return {"type": "laboratory", "card": useless[0]}
    if R.has(state, seat, "smithy") and not turn["smithy"] and gold >= D.SMITHY_PRICE + 4 and len(buildable) <= 1:
        return {"type": "smithy"}
    if turn["built"] < R.builds_allowed(turn):
        affordable = [c for c in buildable if D.DISTRICTS[c]["cost"] <= gold]
        if affordable:
            return {"type": "build", "card": max(affordable, key=lambda c: _card_value(state, seat, c, gold)[2:])}
        if income and not income_matters(state, seat) and any(D.DISTRICTS[c]["cost"] <= gold + income for c in buildable):
            return {"type": "income"}
    if cid == "warlord":
        target = _warlord_target(state, seat)
        if target:
            return target
    if income and income_matters(state, seat):
        return {"type": "forgo"}
    return {"type": "end"}
