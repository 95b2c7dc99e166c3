"""What is legal now, in the game's words, for the forms and the board
(``Engine.choices``): every route a representative can take now (adjacent
spaces, no ship in winter, affordable) as a complete play, places and wares
by their names, each placed on the board (``space:<id>``); every label in the
reader's language (``choice.*`` in lang/<code>.py; the map's names as printed).

Prices are values, not plays: a sealed asking price or bid (one per ware) and
a chance card's or estate's sealed auction bid list every legal amount on the
20 grid as their options, the one a player starts from first (the card's
price: the highest asking price, the lowest bid; no bid at an auction), so the
board's price steps (pbem.web) walk only legal amounts from there. Which wares
a representative loses, and the lottery's numbers, are played by tapping too:
every choice of lost wares is a play, each lottery number a value to tick."""

from __future__ import annotations

from engines.base import choices_adjust, choices_from_specs

from . import board as B
from . import data as D
from . import rules as R
from .i18n import CATALOG, t


def _place(lang: str, place: str) -> str:
    return t(lang, "place.home") if place == "home" else t(lang, "place.rep", number=place)


def name(param: str, value, lang: str = "en") -> str:
    """The printed name of a param's value in ``lang`` (the namer of check_against_specs too)."""
    if param in ("town", "path") and value in D.SPACES:
        return R.sname(value)
    if param in ("ware", "wares") and value in D.WARES:
        return t(lang, "choice.ware", name=t(lang, f"ware.{value}"), original=D.WARE_NAMES[value])
    if param in ("from", "to"):
        label = _place(lang, str(value))
        return label[:1].upper() + label[1:]
    if param == "rep":
        return t(lang, "choice.rep", number=value)
    if param == "player":
        return t(lang, "player_long", number=value)
    if param == "amount" and value == "none":
        return t(lang, "choice.no_donation")
    if param == "amount" and value == 0:
        return t(lang, "choice.no_bid")
    if param in ("amount", "prices"):
        return t(lang, "choice.florins", amount=value)
    if param == "numbers":
        return t(lang, "choice.number", number=value)
    return str(value).replace("_", " ")


def routes(S: dict, seat: int, r: int) -> list[list[str]]:
    """Every walk of 1 to 3 spaces representative ``r`` can take now, as validate allows it
    (each space next to the one before, no ship in winter, within the purse); a walk that
    comes back to a space it passed is left out: it reaches nothing a shorter one does not."""
    cash = S["seats"][seat]["cash"]
    winter = B.is_winter(S["t"])
    start = R.rep(S, seat, r)["at"]
    out: list[list[str]] = []

    def walk(path: list[str]) -> None:
        here = path[-1] if path else start
        for nxt in sorted(B.ADJ[here]):
            if nxt == start or nxt in path or (winter and B.is_sea(nxt)):
                continue
            new = path + [nxt]
            if R.plan_cost(S, seat, r, new) > cash:
                continue
            out.append(new)
            if len(new) < D.MAX_MOVE:
                walk(new)

    walk([])
    return out


def choices(engine, state: dict, seat: int, specs: list[dict], lang: str = "en") -> list[dict]:
    S = state
    kinds = {s["type"]: s for s in specs}
    plays: dict = {}
    options: dict = {}

    def ware(w: str) -> str:
        return name("ware", w, lang)

    if "move" in kinds:
        movable = kinds["move"]["params"]["rep"]["enum"]
        plays["move"] = [
            ({"type": "move", "rep": r, "path": path},
             t(lang, "choice.move", rep=r, cost=R.plan_cost(S, seat, r, path),
               route=" → ".join(R.sname(p) for p in [R.rep(S, seat, r)["at"], *path])))
            for r in movable for path in routes(S, seat, r)
        ]
    if "transfer" in kinds:
        places = R.all_places(S, seat)
        plays["transfer"] = [
            ({"type": "transfer", "count": n, "ware": w, "from": a, "to": b},
             t(lang, "choice.transfer", count=n, ware=ware(w), source=_place(lang, a), target=_place(lang, b)))
            for a in places for b in places
            if a != b and R.place_location(S, seat, a) == R.place_location(S, seat, b)
            for w in D.WARES for n in range(1, R.place_wares(S, seat, a)[w] + 1)
            if a in kinds["transfer"]["params"]["from"]["enum"] and b in kinds["transfer"]["params"]["to"]["enum"]
        ]
    if "sellforced" in kinds:
        plays["sellforced"] = [
            ({"type": "sellforced", "ware": w, "count": n, "from": p},
             t(lang, "choice.sellforced", count=n, ware=ware(w), place=_place(lang, p), florins=n * D.FORCED_PRICE[w]))
            for p in kinds["sellforced"]["params"]["from"]["enum"]
            for w in D.WARES for n in range(1, R.place_wares(S, seat, p)[w] + 1)
        ]
    if "auction" in kinds:  # no bid, or from the minimum to what the purse allows
        pend = S["pending"]
        top = kinds["auction"]["params"]["amount"]["maximum"]
        options["auction"] = {"amount": [0] + list(range(pend["min"], top + 1, D.PRICE_STEP))}
    for verb in ("sell", "bid"):
        if verb in kinds:
            options[verb] = {"prices": prices(kinds[verb])}
    if "lose" in kinds:
        pend = S["pending"]
        plays["lose"] = [
            ({"type": "lose", "wares": lost},
             t(lang, "choice.lose", wares=", ".join(f"{lost.count(w)} {t(lang, f'ware.{w}')}" for w in CHEAP_FIRST if w in lost)))
            for lost in losses(R.rep(S, seat, pend["rep"])["wares"], pend["count"])
        ]
    if "lottery" in kinds and kinds["lottery"]["params"]["numbers"].get("maxItems") == 0:
        # no number affordable (or none free): buying none is the one move, a button
        plays["lottery"] = [({"type": "lottery", "numbers": []}, t(lang, "choice.no_lottery"))]
    if "offer" in kinds:
        targets = engine._offer_targets(S, seat)
        options["offer"] = {"player": sorted({p for _, p, _ in targets})}
    out = choices_from_specs(specs, lambda param, value: name(param, value, lang), on=_on, options=options, plays=plays)
    for c in out:
        if c["type"] == "auction" and len(c["plays"]) > MAX_AMOUNT_PLAYS:
            c["plays"] = []  # too many amounts for buttons: one amount, set with the board's steps or chosen in the form
        if c["type"] == "lottery":
            for o in c["options"]["numbers"]:
                o["on"] = f"number:{o['value']}"  # no component on the map: a button of its own, to tick

    return choices_adjust(
        out,
        labels={
            "home": CATALOG.around(lang, "choice.home"),
            "fire": lambda p: t(lang, "choice.fire", rep=p["action"]["rep"]),
            "payfee": CATALOG.around(lang, "choice.payfee"),
            "pass_on": CATALOG.around(lang, "choice.pass_on"),
            "cube": CATALOG.around(lang, "choice.cube"),
            "bribe": lambda p: t(lang, "choice.bribe", points=p["action"]["points"],
                                 florins=p["action"]["points"] * D.BRIBE_PER_POINT),
            "sellnote": lambda p: t(lang, "choice.sellnote", count=p["action"]["count"],
                                    florins=p["action"]["count"] * D.NOTE_SALE_VALUE),
            "donate": CATALOG.around(lang, "choice.donate"),
        },
        on={"move": lambda a: f"space:{a['path'][-1]}"},
    )


# more amounts than this for a sealed auction bid: not a button each, but one amount set in steps
MAX_AMOUNT_PLAYS = 12


def prices(spec: dict) -> list[int]:
    """Every price a sealed ``sell`` or ``bid`` line allows (its spec's 20 grid), the card's price
    first: asking prices from the card's maximum down, bids from its minimum up."""
    item = spec["params"]["prices"]["items"]
    step = item["multipleOf"]
    low, high = -(-item["minimum"] // step) * step, item["maximum"] // step * step
    grid = list(range(low, high + 1, step))
    return grid[::-1] if spec["type"] == "sell" else grid


# the wares in the order a choice of lost wares lists them: the cheapest (at a forced sale) first
CHEAP_FIRST = sorted(D.WARES, key=lambda w: D.FORCED_PRICE[w])


def losses(wares: dict, count: int) -> list[list[str]]:
    """Every choice of ``count`` wares out of what a representative carries (each kind as often as he
    has it), the cheapest wares first in each and the choices losing the most of them first."""
    out: list[list[str]] = []

    def pick(i: int, chosen: list[str]) -> None:
        if len(chosen) == count:
            out.append(chosen)
            return
        if i == len(CHEAP_FIRST):
            return
        w = CHEAP_FIRST[i]
        for n in range(min(wares.get(w, 0), count - len(chosen)), -1, -1):
            pick(i + 1, chosen + [w] * n)

    pick(0, [])
    return out


def _on(param: str, value):
    if param == "town" and value in D.SPACES:
        return f"space:{value}"
    return None
