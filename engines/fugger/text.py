"""Email commands (parse / command) and the plain-text situation (render)."""

from __future__ import annotations

import re
import unicodedata

from engines.base import ParseError, describe_actions
from engines.i18n import phrases

from . import board as B
from . import data as D
from . import nobility_data as ND
from . import rules as R

KIND_NAMES = {
    "home": "choose home base",
    "move": "move",
    "raise": "forced sales",
    "accept": "answer an offer",
    "payday": "payday",
    "lose": "choose lost wares",
    "bribe": "bribe robbers",
    "sheep": "black sheep",
    "lottery": "lottery",
    "trade": "offer a sale",
    "donate": "noble client",
    "cube": "place a cube",
    "fee": "right of way",
    "auction": "sealed auction",
}


def fold(text: str) -> str:
    t = text.lower()
    for a, b in (("ä", "ae"), ("ö", "oe"), ("ü", "ue"), ("ß", "ss")):
        t = t.replace(a, b)
    t = unicodedata.normalize("NFKD", t)
    return "".join(ch for ch in t if not unicodedata.combining(ch))


def _plain(name: str) -> str:
    t = name.lower()
    for a, b in (("ä", "a"), ("ö", "o"), ("ü", "u"), ("ß", "ss")):
        t = t.replace(a, b)
    return t


SPACE_ALIASES: dict[str, str] = {}
for _id, _sp in D.SPACES.items():
    SPACE_ALIASES[_id] = _id
    SPACE_ALIASES[fold(_sp["name"]).replace(" ", "")] = _id
    SPACE_ALIASES[_plain(_sp["name"]).replace(" ", "")] = _id
for _alias, _id in {
    "cologne": "koeln", "koln": "koeln", "nuremberg": "nuernberg", "nurnberg": "nuernberg", "florence": "florenz",
    "firenze": "florenz", "venice": "venedig", "venezia": "venedig", "vienna": "wien", "prague": "prag",
    "genoa": "genua", "genova": "genua", "milan": "mailand", "milano": "mailand", "marseilles": "marseille",
    "antwerp": "antwerpen", "bruges": "bruegge", "brugge": "bruegge", "rome": "rom", "roma": "rom",
    "spain": "spanien", "portugal": "spanien", "spanien/portugal": "spanien", "east": "osten",
    "southitaly": "sueditalien", "suditalien": "sueditalien", "strasbourg": "strassburg", "strasburg": "strassburg",
    "geneva": "genf", "lubeck": "luebeck", "lübeck": "luebeck", "wurzburg": "wuerzburg", "basle": "basel",
    "brenner": "brenner", "gotthard": "gotthard", "carinthia": "kaernten", "karnten": "kaernten",
    "westphalia": "westfalen", "lorraine": "lothringen", "blackforest": "schwarzwald",
}.items():
    SPACE_ALIASES[_alias] = _id

WARE_ALIASES = {
    "metal": "metal", "metals": "metal", "metall": "metal", "bar": "metal", "bars": "metal",
    "spice": "spice", "spices": "spice", "gewuerz": "spice", "gewuerze": "spice", "gewurz": "spice", "sack": "spice",
    "sacks": "spice",
    "cloth": "cloth", "cloths": "cloth", "tuch": "cloth", "stoff": "cloth", "bale": "cloth", "bales": "cloth",
}
AREA_ALIASES: dict[str, str] = {}
for _area in (*D.SEA_AREAS, *D.LAND_REGIONS):
    for _key in (fold(_area), _plain(_area), fold(_area).replace("/", ""), fold(_area).split("/")[0]):
        AREA_ALIASES[_key] = _area
for _alias, _area in {"northsea": "Nordsee", "baltic": "Ostsee", "atlantic": "Atlantik", "mediterranean": "Mittelmeer",
                      "austria": "Österreich", "bohemia": "Böhmen", "saxony": "Sachsen", "bavaria": "Bayern",
                      "tyrol": "Tirol", "franconia": "Franken", "swabia": "Schwaben", "flanders": "Flandern",
                      "france": "Frankreich", "alsace": "Elsass", "lombardy": "Lombardei", "tuscany": "Toskana",
                      "portugal": "Spanien/Portugal", "southitaly": "Süditalien", "suditalien": "Süditalien"}.items():
    AREA_ALIASES[_alias] = _area

# Names of more than one word, in any language, found before a line is split into
# words ("move 2 to South Italy", "cube north sea"): each becomes the one-word alias
# the tables above know. Schwäbisch Hall and the like are not spaces of this map.
MULTI_WORD = {
    "black forest": "blackforest", "foret noire": "blackforest", "foresta nera": "blackforest",
    "south italy": "southitaly", "southern italy": "southitaly", "sued italien": "southitaly",
    "sud italia": "southitaly", "italia meridionale": "southitaly", "italia del sud": "southitaly",
    "italie du sud": "southitaly",
    "north sea": "northsea", "mare del nord": "northsea", "mer du nord": "northsea",
    "baltic sea": "baltic", "mar baltico": "baltic", "mer baltique": "baltic",
    "atlantic ocean": "atlantic", "oceano atlantico": "atlantic", "ocean atlantique": "atlantic",
    "mediterranean sea": "mediterranean", "mar mediterraneo": "mediterranean", "mer mediterranee": "mediterranean",
    "lower saxony": "niedersachsen", "bassa sassonia": "niedersachsen", "basse saxe": "niedersachsen",
    "brenner pass": "brenner", "passo del brennero": "brenner", "col du brenner": "brenner",
    "gotthard pass": "gotthard", "passo del san gottardo": "gotthard", "san gottardo": "gotthard",
    "col du saint gothard": "gotthard", "saint gothard": "gotthard",
    "spain portugal": "spanien", "spanien portugal": "spanien", "spain and portugal": "spanien",
    "spagna portogallo": "spanien", "espagne portugal": "spanien",
}
AREA_ALIASES.setdefault("niedersachsen", "Niedersachsen")
AREA_ALIASES["spanien"] = "Spanien/Portugal"
_MULTI = {fold(k): v for k, v in MULTI_WORD.items()}

PLACE_ALIASES = {"home": "home", "warehouse": "home", "lager": "home", "w": "home", "1": "1", "2": "2", "3": "3"}


def _err(state, seat, engine, msg, line):
    return ParseError(f"{msg} {describe_actions(engine.actions(state, seat))}", line)


def parse(engine, state, seat, text: str) -> list[dict]:
    out = []
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith((">", "#")):
            continue
        got = parse_line(engine, state, seat, line)
        out += got if isinstance(got, list) else [got]
    if not out:
        raise _err(state, seat, engine, "No command found.", text)
    return out


def _int(tok: str, what: str) -> int:
    if not re.fullmatch(r"\d+", tok):
        raise ValueError(f"{what} must be a number, not {tok!r}.")
    return int(tok)


def _ware(tok: str) -> str:
    if tok not in WARE_ALIASES:
        raise ValueError(f"Unknown ware {tok!r}: metal, spice or cloth.")
    return WARE_ALIASES[tok]


def _place(tok: str) -> str:
    if tok not in PLACE_ALIASES:
        raise ValueError(f"Unknown place {tok!r}: home (the warehouse) or a representative 1, 2, 3.")
    return PLACE_ALIASES[tok]


def _space(tok: str) -> str:
    if tok not in SPACE_ALIASES:
        raise ValueError(f"Unknown place on the map {tok!r}.")
    return SPACE_ALIASES[tok]


# Words players add that carry nothing ("move my 2 to the ulm", "end my turn", "take the card").
FILLER = {"the", "my", "a", "an", "please", "turn", "i", "will", "want", "representative", "rep", "tr"}
# In a route, "to", "via", "then", "and" and arrows only join the towns.
ROUTE_FILLER = {"to", "via", "then", "and", "->", "-", ">", "nach"}
# "1,540" is one price (a thousands separator: one or two digits, a comma, three digits); "800,760" two.
THOUSANDS = re.compile(r"(?<![\d,.])(\d{1,2})[,.](\d{3})(?![\d,])")
USAGE = {
    "transfer": "transfer <n> <ware> from <home|1|2|3> to <home|1|2|3>, e.g. `transfer 1 metal from home to 2`",
    "offer": "offer <n> <ware> from <home|1|2|3> to player <p> at <home|1|2|3> for <price>, "
             "e.g. `offer 1 metal from 2 to player 3 at 1 for 1500`",
    "offernote": "offernote <n> to player <p> for <price>, e.g. `offernote 1 to player 2 for 400`",
    "move": "move <representative> <space> [<space> <space>], e.g. `move 2 ulm`",
    "fire": "fire <representative 2 or 3>, e.g. `fire 2`",
    "sellforced": "sellforced <ware> <n> from <home|1|2|3>, e.g. `sellforced spice 1 from home`",
    "payfee": "payfee <player>, e.g. `payfee 2`",
}


def _after(rest: list[str], word: str, what: str, usage: str) -> list[str]:
    """The tokens after keyword ``word``; a clear refusal naming it when it is missing or has nothing after it."""
    if word not in rest:
        raise ValueError(f"The word '{word}' is missing ({what}). Write: {USAGE[usage]}.")
    after = rest[rest.index(word) + 1:]
    if not after:
        raise ValueError(f"Nothing follows '{word}' ({what}). Write: {USAGE[usage]}.")
    return after


def tokens(line: str) -> list[str]:
    text = phrases(re.sub(r"[/()]", " ", THOUSANDS.sub(r"\1\2", fold(line))).replace("-", " "), _MULTI)
    return [t for t in re.split(r"[\s,;:]+", text) if t and t not in FILLER]


def parse_line(engine, state, seat, line: str) -> dict:
    toks = tokens(line)
    if not toks:
        raise _err(state, seat, engine, f"No command in {line!r}.", line)
    try:
        return _parse_tokens(state, seat, toks)
    except ValueError as e:
        raise _err(state, seat, engine, str(e), line) from None
    except (IndexError, StopIteration):
        raise _err(state, seat, engine, f"{line!r} is incomplete.", line) from None


def _prices(toks: list[str]) -> list[int]:
    if toks in ([], ["none"], ["nothing"], ["-"]):
        return []
    return [_int(t, "A price") for t in toks]


# A bare number (or numbers) where only one action takes numbers: read as that action.
BARE_NUMBER = {"deal": None, "auction": "auction", "bribe": "bribe", "lottery": "buy", "fee": "payfee",
               "donate": "donate"}


def _parse_tokens(state, seat, toks: list[str]) -> dict:
    pend = state["pending"] if not state["over"] else None
    kind = pend["kind"] if pend else None
    if toks[0] in ("take", "make", "send", "do") and len(toks) > 1:  # "take card 8", "make my bid 500"
        toks = toks[1:]
    if re.fullmatch(r"\d+", toks[0]) and kind in BARE_NUMBER:
        head = BARE_NUMBER[kind] or ("sell" if pend["part"] == "demand" else "bid")
        toks = [head, *toks]
    head, rest = toks[0], toks[1:]
    if head in ("end", "finish", "ready", "done") and rest in (["movement"], ["move"], ["moves"]):
        rest = []
    if head in ("auction", "gebot") or (head == "bid" and kind == "auction"):
        amount = 0 if rest in ([], ["none"], ["nothing"], ["-"]) else _int(rest[0], "The bid")
        return {"type": "auction", "amount": amount}
    if head in ("donate", "giveup", "spende"):
        word = rest[0] if rest else "none"
        if word in ("0", "no", "nothing"):
            word = "none"
        if word in ("rechentrick", "trick"):
            word = "trick"
        return {"type": "donate", "amount": word}
    if head in ("cube", "passage", "region", "sea"):
        key = "".join(rest)
        if key not in AREA_ALIASES:
            raise ValueError(f"Unknown sea area or region {' '.join(rest)!r}.")
        return {"type": "cube", "area": AREA_ALIASES[key]}
    if head in ("payfee", "fee"):
        tail = [t for t in rest if t not in ("to", "player", "p")]
        if not tail:
            raise ValueError(f"Name the player to pay. Write: {USAGE['payfee']}.")
        return {"type": "payfee", "player": _int(tail[0], "The player")}
    if head in ("offernote", "offernotes", "sellnoteto"):
        # offernote <n> to player <p> for <price>
        if not rest:
            raise ValueError(f"Say how many notes. Write: {USAGE['offernote']}.")
        n = _int(rest[0], "The number of notes")
        after = _after(rest, "to", "to which player", "offernote")
        if after[0] in ("player", "p"):
            after = after[1:]
        if not after:
            raise ValueError(f"Name the player after 'to player'. Write: {USAGE['offernote']}.")
        price = _after(after, "for", "the price", "offernote")[0]
        a = {"type": "offer_note", "count": n, "player": _int(after[0], "The player"), "price": _int(price, "The price")}
        return [{"type": "trade"}, a] if kind == "move" else a
    if head in ("home", "homebase", "base") and rest:
        return {"type": "home", "town": _space("".join(rest))}
    if head == "move":
        if not rest:
            raise ValueError(f"Say which representative and where. Write: {USAGE['move']}.")
        path = [_space(t) for t in rest[1:] if t not in ROUTE_FILLER]
        if not path:
            raise ValueError(f"Say where representative {rest[0]} goes. Write: {USAGE['move']}.")
        return {"type": "move", "rep": _int(rest[0], "The representative"), "path": path}
    if head == "transfer":
        # transfer <n> <ware> from <place> to <place>
        if len(rest) < 2:
            raise ValueError(f"Say how many of which ware. Write: {USAGE['transfer']}.")
        n = _int(rest[0], "The number of wares")
        ware = _ware(rest[1])
        src = _after(rest, "from", "where the wares are", "transfer")[0]
        dst = _after(rest, "to", "where they go", "transfer")[0]
        return {"type": "transfer", "count": n, "ware": ware, "from": _place(src), "to": _place(dst)}
    if head in ("sellforced", "forced", "forcedsale") or (head == "sell" and rest and rest[0] == "forced"):
        if head == "sell":
            rest = rest[1:]
        ware = _ware(rest[0])
        n = _int(rest[1], "The number of wares") if len(rest) > 1 and rest[1] != "from" else 1
        if not rest:
            raise ValueError("Say which ware, e.g. `sellforced spice 1 from home`.")
        if "from" in rest:
            place = _place(_after(rest, "from", "where the wares are", "sellforced")[0])
        else:
            place = next((p for p in R.all_places(state, seat) if R.place_wares(state, seat, p)[ware] >= n), "home")
        return {"type": "sellforced", "ware": ware, "count": n, "from": place}
    if head in ("sellnote", "sellnotes"):
        return {"type": "sellnote", "count": _int(rest[0], "The number of notes") if rest else 1}
    if head == "offer":
        if rest and rest[0] == "trade":
            rest = rest[1:]
        if len(rest) < 2:
            raise ValueError(f"Say how many of which ware. Write: {USAGE['offer']}.")
        n = _int(rest[0], "The number of wares")
        ware = _ware(rest[1])
        src = _place(_after(rest, "from", "where your wares are", "offer")[0])
        after = _after(rest, "to", "to which player", "offer")
        if after[0] in ("player", "p"):
            after = after[1:]
        if not after:
            raise ValueError(f"Name the player after 'to player'. Write: {USAGE['offer']}.")
        player = _int(after[0], "The player")
        dst = _place(_after(after, "at", "which of his places", "offer")[0]) if "at" in after else "home"
        price = _int(_after(after, "for", "the price", "offer")[0], "The price")
        if kind == "move":
            return [{"type": "trade"}, {"type": "offer", "count": n, "ware": ware, "from": src, "player": player,
                                        "to": dst, "price": price}]
        return {"type": "offer", "count": n, "ware": ware, "from": src, "player": player, "to": dst, "price": price}
    if head in ("trade", "sale") and not rest:
        return {"type": "trade"}
    if head in ("back", "cancel") and not rest:
        return {"type": "back"}
    if head in ("done", "end", "finish", "ready") and not rest:
        return {"type": "done"}
    if head == "sell" and kind == "deal" or head == "sell":
        ware = _ware(rest[0]) if rest and rest[0] in WARE_ALIASES else (pend or {}).get("ware", "metal")
        return {"type": "sell", "ware": ware, "prices": _prices(rest[1:] if rest and rest[0] in WARE_ALIASES else rest)}
    if head == "bid":
        ware = _ware(rest[0]) if rest and rest[0] in WARE_ALIASES else (pend or {}).get("ware", "metal")
        return {"type": "bid", "ware": ware, "prices": _prices(rest[1:] if rest and rest[0] in WARE_ALIASES else rest)}
    if head == "hire" and not rest:
        return {"type": "hire"}
    if head == "fire":
        if not rest:
            raise ValueError(f"Say which representative. Write: {USAGE['fire']}.")
        return {"type": "fire", "rep": _int(rest[0], "The representative")}
    if head in ("accept", "yes") and not rest:
        return {"type": "accept"}
    if head in ("decline", "no", "refuse") and not rest:
        return {"type": "decline"}
    if head == "lose":
        return {"type": "lose", "wares": [_ware(t) for t in rest]}
    if head == "bribe":
        return {"type": "bribe", "points": _int(rest[0], "The number of points") if rest else 0}
    if head == "keep" and not rest:
        return {"type": "keep"}
    if head == "buy":
        return {"type": "lottery", "numbers": [] if rest in ([], ["none"]) else [_int(t, "A number") for t in rest]}
    if head == "pass":
        if kind == "sheep" and rest:
            tail = [t for t in rest if t not in ("to", "player", "p")]
            return {"type": "pass_on", "player": _int(tail[0], "The player")}
        if not rest:
            if kind == "deal":
                return {"type": "sell" if pend["part"] == "demand" else "bid", "ware": pend["ware"], "prices": []}
            if kind == "lottery":
                return {"type": "lottery", "numbers": []}
            if kind == "bribe":
                return {"type": "bribe", "points": 0}
            if kind in ("move", "payday"):
                return {"type": "done"}
            if kind == "sheep":
                return {"type": "keep"}
            if kind == "accept":
                return {"type": "decline"}
    raise ValueError(f"Unknown command {' '.join(toks)!r}.")


def command(state, seat, a: dict) -> str:
    t = a["type"]
    if t == "auction":
        return f"auction {a['amount']}"
    if t == "donate":
        return f"donate {a['amount']}"
    if t == "cube":
        return "cube " + fold(a["area"]).replace("/", "")
    if t == "payfee":
        return f"payfee {a['player']}"
    if t == "offer_note":
        return f"offernote {a['count']} to player {a['player']} for {a['price']}"
    if t == "home":
        return f"home {a['town']}"
    if t == "move":
        return f"move {a['rep']} " + " ".join(a["path"])
    if t == "transfer":
        return f"transfer {a['count']} {a['ware']} from {a['from']} to {a['to']}"
    if t == "sellforced":
        return f"sellforced {a['ware']} {a['count']} from {a['from']}"
    if t == "sellnote":
        return f"sellnote {a['count']}"
    if t == "offer":
        return f"offer {a['count']} {a['ware']} from {a['from']} to player {a['player']} at {a['to']} for {a['price']}"
    if t in ("sell", "bid"):
        return f"{t} {a['ware']} " + (" ".join(map(str, a["prices"])) if a["prices"] else "none")
    if t == "fire":
        return f"fire {a['rep']}"
    if t == "lose":
        return "lose " + " ".join(a["wares"])
    if t == "bribe":
        return f"bribe {a['points']}"
    if t == "pass_on":
        return f"pass {a['player']}"
    if t == "lottery":
        return "buy " + (" ".join(map(str, a["numbers"])) if a["numbers"] else "none")
    return t  # done, hire, accept, decline, keep


# --- prompts and the situation ------------------------------------------------------------


def prompt(S: dict, pend: dict) -> str:
    k = pend["kind"]
    if k == "home":
        return "Choose your home base: Augsburg, Florenz or Nürnberg (e.g. `home augsburg`)."
    if k == "move":
        return "Move your representatives (up to 3 spaces each), transfer wares, make forced sales, then send `done`."
    if k == "raise":
        return f"You owe {pend['amount']} ({pend['reason']}) and have {S['seats'][pend['seat']]['cash']}: make forced sales."
    if k == "accept":
        o = pend["offer"]
        if o["type"] == "offer_note":
            return (f"{R.pname(o['seller'])} offers you {o['count']} debt note(s) for {o['price']}: "
                    "`accept` or `decline`.")
        return (f"{R.pname(o['seller'])} offers you {o['count']} {o['ware']} for {o['price']} "
                f"(to your {R.place_label(o['to'])}): `accept` or `decline`.")
    if k == "payday":
        return "Payday: `hire`, `fire <rep>`, then `done`; wages and taxes follow."
    if k == "lose":
        return f"Representative {pend['rep']} loses {pend['count']} ware(s) ({pend['why']}): choose which (`lose cloth`)."
    if k == "bribe":
        return "Robbers! Buy extra points on the dice at 100 each (`bribe 2`, or `bribe 0`)."
    if k == "sheep":
        return (f"The black sheep: keep it with the {pend['stake']} florins on it (`keep`), or pass it on adding "
                f"{R.sheep_cost(pend['passes'])} (`pass <player>`).")
    if k == "trade":
        return "Offer wares to a player on the same space (`offer 1 metal from 2 to player 3 at 1 for 1500`) or `back`."
    if k == "donate":
        return (f"You sold {pend['got']} to a noble client: give up 500 or 1000 of it for a roll on the nobility "
                "table (`donate 500`, `donate 1000`" + (", `donate trick`" if S["nob"]["trick"] == pend["seat"] else "")
                + ") or `donate none`.")
    if k == "cube":
        word = "sea area for your sea passage" if pend["what"] == "sea" else "land region for your free passage"
        return f"Choose the {word} (`cube <name>`)."
    if k == "fee":
        return (f"Right of way in {pend['region']}: choose whom to pay "
                + ", ".join(f"`payfee {s + 1}`" for s in pend["owners"]) + ".")
    if k == "lottery":
        free = [x for x in range(1, 7) if str(x) not in pend["numbers"]]
        return f"Lottery: buy numbers at 100 each ({', '.join(map(str, free))} free), e.g. `buy 3`, or `buy none`."
    return k


# --- the situation as text (render) ------------------------------------------------------------
# Built from the seat's view only (what that seat may see), short first: the seat's position and what is
# asked now, then the whole table, the calendar, the nobility table and the map for planning.

RESULT_NAMES = {"honour": "honour +3", "sea": "sea passage +2", "free": "free passage +1", "note": "debt note(s) +2"}


def _wares(w: dict) -> str:
    return ", ".join(f"{n} {ware}" for ware, n in w.items() if n) or "no wares"


def _edge_note(a: str, b: str) -> str:
    """What entering ``b`` from ``a`` costs beyond the move itself."""
    edge = B.ADJ[a][b]
    notes = []
    if edge["bridge"]:
        notes.append("bridge toll")
    if b in D.TOWN_TOLL:
        notes.append("town toll")
    if B.is_sea(b):
        notes.append("ship toll")
    return f" ({', '.join(notes)})" if notes else ""


def neighbours(space: str) -> str:
    return ", ".join(R.sname(b) + _edge_note(space, b) for b in sorted(B.ADJ[space], key=R.sname))


def _space_kind(sp: str) -> str:
    d = D.SPACES[sp]
    kind = {"town": "", "country": "countryside", "sea": "ship"}[d["kind"]]
    tags = [t for t in (kind, "port" if d["harbour"] else "") if t]
    return f" [{', '.join(tags)}]" if tags else ""


def _map_text() -> list[str]:
    out = ["MAP (regions with their spaces; each space's neighbours, and the tolls of entering them)",
           f"  Moving: up to {D.MAX_MOVE} spaces; laden {D.MOVE_COST_LADEN[1]}/{D.MOVE_COST_LADEN[2]}/"
           f"{D.MOVE_COST_LADEN[3]}, unladen {D.MOVE_COST_UNLADEN[1]}/{D.MOVE_COST_UNLADEN[2]}/"
           f"{D.MOVE_COST_UNLADEN[3]} florins for 1/2/3 spaces; each toll {D.TOLL['unladen']} unladen, "
           f"{D.TOLL['laden']} laden. Ships only from a port; none sail in November, December, Januar/Februar."]
    for reg in (*D.LAND_REGIONS, *D.SEA_AREAS):
        spaces = [sp for sp, d in D.SPACES.items() if d["region"] == reg]
        if not spaces:
            continue
        sea = " (sea area)" if reg in D.SEA_AREAS else ""
        out.append(f"  {reg}{sea}:")
        for sp in sorted(spaces, key=R.sname):
            out.append(f"    {R.sname(sp)}{_space_kind(sp)} -> {neighbours(sp)}")
    bridges = sorted({" - ".join(sorted((R.sname(r["a"]), R.sname(r["b"])))) + f" ({r['bridge']})"
                      for r in D.ROADS if r["bridge"]})
    out.append("  Toll bridges: " + "; ".join(bridges) + ". Town toll: " + ", ".join(map(R.sname, D.TOWN_TOLL)) + ".")
    out.append("  Ports: " + ", ".join(sorted((R.sname(sp) for sp, d in D.SPACES.items() if d["harbour"]))) + ".")
    out.append("  Countryside: " + ", ".join(sorted(R.sname(sp) for sp, d in D.SPACES.items() if d["kind"] == "country"))
               + ".")
    return out


MAP_TEXT = _map_text()


def _calendar(v: dict) -> list[str]:
    """The year ahead, space by space, with what falls where."""
    out = ["CALENDAR (the year ahead; a round moves one space)"]
    by_time: dict[int, list[str]] = {}
    for e in v["table"]:
        c = R.card(e["card"])
        by_time.setdefault(e["time"], []).append(f"{e['card']} {c['kind']} at {R.sname(c['town'])}")
    for k in range(B.YEAR):
        t = v["t"] + k
        idx = B.cal_index(t)
        notes = list(by_time.get(t, []))
        if v["market"] and idx == D.MARKET_SPACE:
            notes.append(f"market at {R.sname(R.card(v['market'])['town'])}")
        if idx == D.PAYDAY_SPACE:
            notes.append("PAYDAY (interest, wages, taxes; hire and fire)")
        if idx in D.WINTER_SPACES:
            notes.append("winter: no ships; representatives at sea are lost")
        if v["variant"] in ("full",) and idx == ND.RENT_SPACE:
            notes.append("rent for the first estate's owner")
        when = "now" if k == 0 else f"in {k} round{'s' if k > 1 else ''}"
        out.append(f"  {B.cal_name(t)} ({when}): " + ("; ".join(notes) if notes else "-"))
    return out


def _nobility(v: dict) -> list[str]:
    nob = v["nob"]
    out = [f"Nobility table (shield at {ND.SHIELD}); stock pack: {v['stock']['size']} cards"]
    for s in range(v["players"]):
        extra = []
        if nob["sea"][s]:
            extra.append("sea passage " + ", ".join(nob["sea"][s]))
        if nob["free"][s]:
            extra.append("free passage " + ", ".join(nob["free"][s]))
        if nob["trick"] == s:
            extra.append("holds the Rechentrick")
        if nob["corrupt"] == s:
            extra.append("pays no taxes (Korruption)")
        owned = [R.card(c)["name"] for o, c in nob["estates"] if o == s]
        if owned:
            extra.append("owns " + ", ".join(owned))
        state = "NOBLE" if s in nob["nobles"] else f"{nob['pos'][s]}"
        out.append(f"  {R.pname(s)}: {state}" + (f" ({'; '.join(extra)})" if extra else ""))
    out.append("  A roll (2 dice) on the column above your position gives:")
    for col in ND.COLUMNS:
        res = ", ".join(f"{k} {RESULT_NAMES[r]}" for k, r in col["results"].items())
        out.append(f"    positions {col['from']}-{col['to']}: {res}")
    return out


def _deal_line(v: dict, e: dict) -> str:
    c = R.card(e["card"])
    town = c["town"]
    q = v["queue"].get(town, [])
    qtxt = ", ".join(R.pname(s) for s in q) or "nobody"
    k = e["time"] - v["t"]
    when = "now" if k == 0 else f"in {k} round{'s' if k != 1 else ''}" if k > 0 else "overdue"
    where = f"{R.sname(town)} ({B.region(town)})" if c["kind"] != "estate" else R.sname(town)
    return (f"  {e['card']} {c['kind']} at {where}, {B.cal_name(e['time'])} ({when}): "
            f"{R.describe_lines(e['card'])}. Queue: {qtxt}.")


def _player(v: dict, s: int, you: bool) -> list[str]:
    P = v["seats"][s]
    home = R.sname(P["home"]) if P["home"] else "no home base yet"
    out = [f"{R.pname(s)}{' (you)' if you else ''}: {P['cash']} florins, home {home}, warehouse: {_wares(P['lager'])}"
           + (f", {P['notes']} debt note(s)" if P["notes"] else "") + (", son lost" if P["son_lost"] else "")]
    for r in (1, 2, 3):
        Rp = P["reps"][str(r)]
        if Rp:
            q = v["queue"].get(Rp["at"], [])
            pos = f", queue {q.index(s) + 1} of {len(q)}" if s in q and len(q) > 1 else ""
            region = B.region(Rp["at"])
            out.append(f"    rep {r}{' (son)' if r == D.SON else ''} at {R.sname(Rp['at'])} ({region}): "
                       f"{_wares(Rp['wares'])}{pos}")
            if you and not v["over"]:
                out.append(f"      next spaces: {neighbours(Rp['at'])}")
    return out


def _coming_up(v: dict) -> str:
    soon = sorted((e for e in v["table"] if e["time"] >= v["t"]), key=lambda e: (e["time"], e["card"]))
    bits = []
    if soon:
        e = soon[0]
        c = R.card(e["card"])
        k = e["time"] - v["t"]
        bits.append(f"next deal {e['card']} at {R.sname(c['town'])} " + ("now" if k == 0 else f"in {k} round(s)"))
    for k in range(B.YEAR):
        if B.cal_index(v["t"] + k) == D.PAYDAY_SPACE:
            bits.append("payday " + ("now" if k == 0 else f"in {k} round(s)"))
            break
    for k in range(B.YEAR):
        if B.cal_index(v["t"] + k) in D.WINTER_SPACES:
            bits.append("winter " + ("now" if k == 0 else f"in {k} round(s)"))
            break
    return "Coming up: " + "; ".join(bits) + "."


def render(engine, S: dict, seat: int | None) -> str:
    v = engine.view(S, seat)
    out = [f"Fugger, Welser, Medici ({v['variant']} game) - round {v['round']}, {v['calendar']}"]
    if v["over"] and R.variant(v):
        res = engine.outcome(S)
        out.append("The game is over. " + "; ".join(
            f"{res['ranks'][s]}. {R.pname(s)} (table {'estate' if res['scores'][s] > ND.SHIELD else res['scores'][s]}, "
            f"wealth {res['detail']['wealth'][s]['total']})" for s in sorted(range(v["players"]), key=lambda x: res["ranks"][x])))
    elif v["over"]:
        sc = R.scores(S)
        out.append("The game is over. Wealth (cash + wares at forced-sale prices + notes): "
                   + "; ".join(f"{R.pname(s)} {sc[s]}" for s in range(v["players"])))
    else:
        out.append(f"Starting player: {R.pname(v['start'])}. " + _coming_up(v))
    # --- short part: your position and what is asked now ---
    if seat is not None:
        out.append("")
        out += _player(v, seat, True)
    if not v["over"]:
        out.append("")
        for d in engine.decisions(S):
            who = "You" if d["seat"] == seat else R.pname(d["seat"])
            out.append(f"{who}: {d['prompt']}")
        if seat is not None:
            specs = engine.actions(S, seat)
            if specs:
                out.append(describe_actions(specs))
    # --- the whole table ---
    out += ["", "=" * 20 + " THE TABLE " + "=" * 20, "DEALS ON THE TABLE"]
    for e in sorted(v["table"], key=lambda e: (e["time"], e["card"])):
        out.append(_deal_line(v, e))
    if v["market"]:
        c = R.card(v["market"])
        out.append(f"  {v['market']} market at {R.sname(c['town'])}, every Anfang Mai: {R.describe_lines(v['market'])}.")
    kinds = v["pack"]["kinds"]
    out.append(f"Game pack: {v['pack']['size']} cards (" + ", ".join(f"{n} {k}" for k, n in sorted(kinds.items())) + ").")
    for rb in v["robbers"]:
        c = R.card(rb["card"])
        out.append(f"Robbers this round: {c['name']} (regions {', '.join(c['areas'])}).")
    if v["black_sheep"] is not None:
        out.append(f"Black sheep: {R.pname(v['black_sheep'])} (last in every queue).")
    if v.get("boom"):
        out.append("Boom (Hochkonjunktur): a fifth deal card is out; the next deal card traded is not replaced.")
    if v["blockade"]:
        out.append("Blockade: the next offer in Venedig or Süditalien will be cancelled.")
    out += ["", "PLAYERS AND THEIR REPRESENTATIVES"]
    for s in range(v["players"]):
        out += _player(v, s, False)
    if R.variant(v):
        out += [""] + _nobility(v)
    out += [""] + _calendar(v)
    out += [""] + MAP_TEXT
    return "\n".join(out)
