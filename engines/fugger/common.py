"""Money and wealth, which the base game's rules (rules.py) and the Nobility
Game's (nobility.py) both need: below both, so neither imports the other back."""

from __future__ import annotations

from . import data as D

MONEY_REASONS = (
    "demand", "offer", "forced_sale", "note_sale", "travel", "toll", "wages", "taxes", "interest",
    "fine", "bribe", "black_sheep", "lottery", "player_sale",
    # the Nobility, Country Estate and Full games
    "donation", "auction", "right_of_way", "estate", "rent", "tax_income",
)


def pay(S: dict, seat: int, amount: int, reason: str) -> None:
    """The one way money changes: + from the bank, - to the bank (or to a pot)."""
    assert reason in MONEY_REASONS, reason
    if amount == 0:
        return
    S["seats"][seat]["cash"] += amount
    led = S["ledger"][seat]
    led[reason] = led.get(reason, 0) + amount


def active_reps(S: dict, seat: int) -> list[int]:
    return [int(r) for r, v in sorted(S["seats"][seat]["reps"].items()) if v is not None]


def total_wares(S: dict, seat: int) -> dict:
    P = S["seats"][seat]
    out = dict(P["lager"])
    for r in active_reps(S, seat):
        for w, n in P["reps"][str(r)]["wares"].items():
            out[w] += n
    return out


def liquid_value(S: dict, seat: int) -> int:
    """What forced sales (wares and debt notes) would raise."""
    tw = total_wares(S, seat)
    return sum(D.FORCED_PRICE[w] * n for w, n in tw.items()) + S["seats"][seat]["notes"] * D.NOTE_SALE_VALUE


def wealth(S: dict, seat: int) -> int:
    return S["seats"][seat]["cash"] + liquid_value(S, seat)
