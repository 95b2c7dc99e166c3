"""Standing orders and take-backs of Fugger, Welser, Medici (issue 25).

Two choices come back through the whole game: the sealed bids at every deal
offering wares, and the lottery (a chance card). Standing orders:

- ``deal_limit``: bid up to N florins for one unit at a deal card's offer
  (sealed; nothing when its minimum is above N); spent once that card has
  left the table;
- ``no_lottery``: never buy lottery numbers.

A step of the open game (a movement, a transfer, hiring) that used no chance
and turned no card of the packs may be taken back.
"""

from __future__ import annotations

import re

from engines.base import SPENT, IllegalAction, enum, integer, spec
from engines.orders import Wording, standing_command

from . import data as D
from . import rules as R
from .i18n import CATALOG, t
from .text import card_label


def _card_read(param: str, text: str) -> str | None:
    """A deal card as the table shows it (``n01``; ``N1`` too)."""
    m = re.fullmatch(r"([a-z])\s*0*(\d{1,2})", text)
    if param != "card" or m is None:
        return None
    card = f"{m.group(1)}{int(m.group(2)):02d}"
    return card if card in D.ALL_CARDS else None


# The orders' words in every language (``standing.say.*``: `deal limit`, `höchstgebot`,
# `offerta massima`, `offre maximale`); a deal card by its number on the table (`n01`).
WORDING = Wording(
    CATALOG,
    say=lambda param, value, lang: value.lower() if param == "card" else None,
    read=_card_read,
    label=lambda param, value, lang: card_label(value, lang) if param == "card" else None,
    skip={"gulden", "fiorini", "florins", "florin", "fl", "für", "per", "pour"},  # "höchstgebot 800 Gulden für n05"
)


def _offer_cards(state: dict) -> list[str]:
    cards = [e["card"] for e in state["table"] if R.card(e["card"])["kind"] != "estate"]
    pend = state["pending"]
    if pend and pend.get("kind") == "deal" and pend["card"] not in cards:
        cards.append(pend["card"])
    return sorted(set(cards))


def standing_specs(state: dict, seat: int, lang: str = "en") -> list[dict]:
    if state["over"]:
        return []
    out = []
    cards = _offer_cards(state)
    if cards:
        example = {"type": "deal_limit", "card": cards[0], "florins": 800}
        out.append(spec("deal_limit", t(lang, "standing.deal_limit"), standing_command(example, lang, WORDING),
                        card={**enum(*cards), "title": WORDING.param("deal_limit", "card", lang)},
                        florins={**integer(D.PRICE_STEP, D.MAX_BID), "title": WORDING.param("deal_limit", "florins", lang)}))
    out.append(spec("no_lottery", t(lang, "standing.no_lottery"), standing_command({"type": "no_lottery"}, lang, WORDING)))
    return out


def standing_action(state: dict, seat: int, order: dict, validate=None):
    if state["over"]:
        return None
    pend = state["pending"]
    kind = order.get("type")
    if kind == "deal_limit":
        if order["card"] not in _offer_cards(state):
            return SPENT
        if not pend or pend["kind"] != "deal" or pend["card"] != order["card"] or pend["part"] == "demand" or seat not in pend["seats"]:
            return None
        price = order["florins"] // D.PRICE_STEP * D.PRICE_STEP
        low = -(-pend["price"] // D.PRICE_STEP) * D.PRICE_STEP
        bid = {"type": "bid", "ware": pend["ware"], "prices": [price] if price >= low and R.sell_limit(state, pend, seat) else []}
        if validate is not None and bid["prices"]:
            try:
                validate(state, seat, bid)
            except IllegalAction:  # more than the seat can pay: buy nothing
                bid["prices"] = []
        return bid
    if kind == "no_lottery" and pend and pend["kind"] == "lottery" and pend["seat"] == seat:
        return {"type": "lottery", "numbers": []}
    return None


def reversible(before: dict, moves: dict, after: dict) -> bool:
    pend = before["pending"]
    if len(moves) != 1 or before["over"] or not pend or pend["kind"] in ("deal", "auction"):
        return False
    return all(before.get(k) == after.get(k) for k in ("rng", "pack", "stock", "unused", "table"))
