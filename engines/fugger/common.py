"""The small helpers of Fugger that the base rules (rules.py) and the
Nobility, Country Estate and Full games (nobility.py) both use: cards, money,
places and wares, and the events any language can write. Below both, so
neither reads the other late."""

from __future__ import annotations

from engines.base import event
from engines.i18n import message, term

from . import board as B
from . import data as D
from . import nobility_data as ND
from .i18n import CATALOG

MONEY_REASONS = (
    "demand", "offer", "forced_sale", "note_sale", "travel", "toll", "wages", "taxes", "interest",
    "fine", "bribe", "black_sheep", "lottery", "player_sale",
    # the Nobility, Country Estate and Full games
    "donation", "auction", "right_of_way", "estate", "rent", "tax_income",
)
PLACES = ("home", "1", "2", "3")


# --- small helpers ---------------------------------------------------------------


def empty_wares() -> dict:
    return {w: 0 for w in D.WARES}


def n_wares(wares: dict) -> int:
    return sum(wares.values())


def sname(space: str) -> str:
    return D.SPACES[space]["name"]


def card(cid: str) -> dict:
    return ND.ALL_CARDS[cid]


# --- events written in any language (engines/README.md: data["msg"] keeps key and args) ---------

# why a representative loses wares (kept in the state as the English words) -> its text key
WHY = {"storm at sea": "why.storm", "broken axle": "why.axle", "robbed": "why.robbed"}


def say(type: str, key: str, args: dict | None = None, **data) -> dict:
    """An event whose English text is the catalog's and that any language can write later."""
    args = args or {}
    return event(type, CATALOG.text("en", key, **args), msg=message(key, **args), **data)


def PN(seat: int) -> dict:
    return message("render.pname", number=seat + 1)


def W(ware: str) -> dict:
    return term(f"ware.{ware}")


def PL(place: str) -> dict:
    return term("place.home") if place == "home" else message("place.rep", number=place)


def CAL(t: int) -> dict:
    return message("render.cal_name", month=D.CALENDAR[B.cal_index(t)]["name"], year=B.cal_year(t))


def semi(items: list) -> object:
    """Items joined by "; " (a plain list is joined by ", ")."""
    if not items:
        return ""
    out = items[-1]
    for item in reversed(items[:-1]):
        out = message("ev.semi", a=item, b=out)
    return out


def counted(wares: dict) -> list:
    return [message("ev.count_ware", count=n, ware=W(w)) for w, n in wares.items() if n]


def variant(S: dict) -> bool:
    """True in the Nobility, Country Estate and Full games."""
    return S["variant"] != "trading"


def deal_count(S: dict) -> int:
    """Deal cards on the table (country estates are not counted)."""
    return sum(1 for e in S["table"] if card(e["card"])["kind"] != "estate")


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


def rep(S: dict, seat: int, r: int | str) -> dict | None:
    return S["seats"][seat]["reps"][str(r)]


def place_wares(S: dict, seat: int, place: str) -> dict | None:
    P = S["seats"][seat]
    if place == "home":
        return P["lager"] if P["home"] else None
    r = P["reps"].get(place)
    return r["wares"] if r else None


def place_location(S: dict, seat: int, place: str) -> str | None:
    P = S["seats"][seat]
    if place == "home":
        return P["home"]
    r = P["reps"].get(place)
    return r["at"] if r else None


def places_at(S: dict, seat: int, space: str) -> list[str]:
    """The places of ``seat`` whose wares are at ``space``: warehouse first, then reps."""
    out = []
    P = S["seats"][seat]
    if P["home"] == space:
        out.append("home")
    out += [str(r) for r in active_reps(S, seat) if rep(S, seat, r)["at"] == space]
    return out


def site_count(S: dict, seat: int, space: str, ware: str) -> int:
    return sum(place_wares(S, seat, p)[ware] for p in places_at(S, seat, space))


def present(S: dict, seat: int, space: str) -> bool:
    return bool(places_at(S, seat, space))


def all_places(S: dict, seat: int) -> list[str]:
    P = S["seats"][seat]
    return (["home"] if P["home"] else []) + [str(r) for r in active_reps(S, seat)]


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


def flow(S: dict, kind: str, ware: str, n: int) -> None:
    S["flow"][kind][ware] += n


def seat_order(S: dict) -> list[int]:
    n = S["players"]
    return [(S["start"] + i) % n for i in range(n)]


def second_marker(S: dict) -> int:
    times = sorted(e["time"] for e in S["table"] if card(e["card"])["kind"] != "estate")
    if len(times) >= 2:
        return times[1]
    if times:
        return times[0]
    return S["t"]


def card_lines(cid: str) -> list[tuple[str, str, int, int]]:
    c = card(cid)
    if c["kind"] == "market":
        return [("demand", *ln) for ln in c["lines"]] + [("offer", *ln) for ln in c["offer_lines"]]
    if c["kind"] == "chance":  # America discovered: a purchase card
        return [("offer", *ln) for ln in c["offer"]]
    return [(c["kind"], *ln) for ln in c["lines"]]


def lines_msg(cid: str) -> dict:
    """What a deal card says (its lines), as a text any language can write."""
    c = card(cid)
    parts = [message(f"render.{'wants' if part == 'demand' else 'sells'}", count=qty, ware=W(ware), price=price)
             for part, ware, qty, price in card_lines(cid)]
    return message("ev.lines", urgent=term("render.urgent") if c.get("urgent") else "", lines=parts)


def deal_target(S: dict) -> int:
    """Four deal cards on the table; five while a boom's fifth card is out (until the next one is traded)."""
    return D.DEAL_CARDS_ON_TABLE + S.get("boom", 0)


def set_off_boom(S: dict, ev: list) -> None:
    """Hochkonjunktur: a fifth deal card is drawn as a one off (the refill under way, or a new one, draws it)."""
    if S.get("boom") or deal_count(S) > D.DEAL_CARDS_ON_TABLE:
        ev.append(say("boom", "ev.boom_unused"))
        return
    S["boom"] = 1
    ev.append(say("boom", "ev.boom"))
    if not any(t["do"] == "refill" for t in S["agenda"]):
        S["agenda"].append({"do": "refill"})
