"""What is legal now, in the game's words, for the forms and the board
(``Engine.choices``): every route a representative can take now (adjacent
spaces, no ship in winter, affordable) as a complete play, places and wares
by their names, each placed on the board (``space:<id>``, ``rep:<seat>:<n>``)."""

from __future__ import annotations

from engines.base import choices_from_specs

from . import board as B
from . import data as D
from . import rules as R


def name(param: str, value) -> str:
    """The printed name of a param's value (the namer of check_against_specs too)."""
    if param in ("town", "path") and value in D.SPACES:
        return R.sname(value)
    if param in ("ware", "wares") and value in D.WARES:
        return f"{value} ({D.WARE_NAMES[value]})"
    if param in ("from", "to"):
        return R.place_label(str(value)).capitalize()
    if param == "rep":
        return f"Representative {value}"
    if param == "player":
        return f"Player {value}"
    if param == "amount" and value == "none":
        return "no donation"
    if param == "amount":
        return f"{value} florins"
    if param == "numbers":
        return f"number {value}"
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


def choices(engine, state: dict, seat: int, specs: list[dict]) -> list[dict]:
    S = state
    kinds = {s["type"]: s for s in specs}
    plays: dict = {}
    options: dict = {}
    if "move" in kinds:
        movable = kinds["move"]["params"]["rep"]["enum"]
        plays["move"] = [
            ({"type": "move", "rep": r, "path": path},
             f"Representative {r}: {R.sname(R.rep(S, seat, r)['at'])} → " + " → ".join(R.sname(p) for p in path)
             + f" ({R.plan_cost(S, seat, r, path)} florins)")
            for r in movable for path in routes(S, seat, r)
        ]
    if "transfer" in kinds:
        places = R.all_places(S, seat)
        plays["transfer"] = [
            ({"type": "transfer", "count": n, "ware": w, "from": a, "to": b},
             f"{n} {name('ware', w)} from {R.place_label(a)} to {R.place_label(b)}")
            for a in places for b in places
            if a != b and R.place_location(S, seat, a) == R.place_location(S, seat, b)
            for w in D.WARES for n in range(1, R.place_wares(S, seat, a)[w] + 1)
            if a in kinds["transfer"]["params"]["from"]["enum"] and b in kinds["transfer"]["params"]["to"]["enum"]
        ]
    if "sellforced" in kinds:
        plays["sellforced"] = [
            ({"type": "sellforced", "ware": w, "count": n, "from": p},
             f"Sell {n} {name('ware', w)} from {R.place_label(p)} to the bank for {n * D.FORCED_PRICE[w]} florins")
            for p in kinds["sellforced"]["params"]["from"]["enum"]
            for w in D.WARES for n in range(1, R.place_wares(S, seat, p)[w] + 1)
        ]
    if "auction" in kinds:  # no bid, or from the minimum to what the purse allows
        pend = S["pending"]
        top = kinds["auction"]["params"]["amount"]["maximum"]
        options["auction"] = {"amount": [0] + list(range(pend["min"], top + 1, D.PRICE_STEP))}
    if "offer" in kinds:
        targets = engine._offer_targets(S, seat)
        options["offer"] = {"player": sorted({p for _, p, _ in targets})}
    out = choices_from_specs(specs, name, on=_on, options=options, plays=plays)
    for c in out:
        if c["type"] == "move":
            for p in c["plays"]:
                p["on"] = f"space:{p['action']['path'][-1]}"
        if c["type"] == "home":
            for p in c["plays"]:
                p["label"] = f"Home base {p['label']}"
        if c["type"] == "fire":
            for p in c["plays"]:
                p["label"] = f"Fire {p['label'].lower()}"
        if c["type"] in ("payfee", "pass_on"):
            for p in c["plays"]:
                p["label"] = ("Pay the right of way to " if c["type"] == "payfee" else "Pass the black sheep to ") + p["label"]
        if c["type"] == "cube":
            for p in c["plays"]:
                p["label"] = f"Cube on {p['label']}"
        if c["type"] == "bribe":
            for p in c["plays"]:
                p["label"] = f"Bribe: {p['label']} point(s), {p['action']['points'] * D.BRIBE_PER_POINT} florins"
        if c["type"] == "sellnote":
            for p in c["plays"]:
                p["label"] = f"Sell {p['label']} debt note(s) for {p['action']['count'] * D.NOTE_SALE_VALUE} florins"
        if c["type"] == "donate":
            for p in c["plays"]:
                p["label"] = f"Donate: {p['label']}"
    return out


def _on(param: str, value):
    if param == "town" and value in D.SPACES:
        return f"space:{value}"
    return None
