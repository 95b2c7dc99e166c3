"""Email commands (parse / command) and the plain-text situation (render)."""

from __future__ import annotations

import re
import unicodedata

from engines.base import ParseError, describe_actions
from engines.i18n import LANGUAGES, phrases

from . import i18n as I

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
# and every space's printed name of more than one word ("Schiff Mittelmeer (West)"), as the commands write them
MULTI_WORD.update({" ".join(re.sub(r"[/()]", " ", sp["name"]).split()).lower(): _id
                   for _id, sp in D.SPACES.items() if len(re.sub(r"[/()]", " ", sp["name"]).split()) > 1})
_MULTI = {fold(k): v for k, v in MULTI_WORD.items()}

PLACE_ALIASES = {"home": "home", "warehouse": "home", "lager": "home", "w": "home", "1": "1", "2": "2", "3": "3"}


def _err(state, seat, engine, msg, line, lang="en"):
    return ParseError(f"{msg} {describe_actions(engine.actions(state, seat, lang=lang), lang)}", line)


def parse(engine, state, seat, text: str, lang: str = "en") -> list[dict]:
    out = []
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith((">", "#")):
            continue
        got = parse_line(engine, state, seat, line, lang)
        out += got if isinstance(got, list) else [got]
    if not out:
        raise ParseError(I.t(lang, "no_command", allowed=describe_actions(engine.actions(state, seat, lang=lang), lang)),
                         text)
    return out


class Refused(ValueError):
    """A detailed reason of the parser, kept as a catalog key (``err.*``) so that it is written
    in the player's language; the English text is the message."""

    def __init__(self, key: str, **args):
        super().__init__(I.t("en", key, **args))
        self.key, self.fields = key, args

    def text(self, lang: str) -> str:
        return I.t(lang, self.key, **self.fields)


def _usage(usage: str) -> dict:
    return I.term(f"usage.{usage}")


def _int(tok: str, what: str) -> int:
    if not re.fullmatch(r"\d+", tok):
        raise Refused("err.not_number", what=I.term(f"what.{what}"), tok=tok)
    return int(tok)


def _ware(tok: str) -> str:
    if tok not in WARE_ALIASES:
        raise Refused("err.unknown_ware", tok=tok)
    return WARE_ALIASES[tok]


def _place(tok: str) -> str:
    if tok not in PLACE_ALIASES:
        raise Refused("err.unknown_place", tok=tok)
    return PLACE_ALIASES[tok]


def _space(tok: str) -> str:
    if tok not in SPACE_ALIASES:
        raise Refused("err.unknown_space", tok=tok)
    return SPACE_ALIASES[tok]


# Words players add that carry nothing ("move my 2 to the ulm", "end my turn", "take the card").
FILLER = {"the", "my", "a", "an", "please", "turn", "i", "will", "want", "representative", "rep", "tr", "fl", "fl.",
          "florins",
          # the pronouns and articles of the other languages ("ich ziehe 2 in den Schwarzwald", "je déplace 2")
          "ich", "io", "je", "j", "der", "die", "das", "den", "dem", "il", "lo", "la", "le", "les", "l", "mein", "meinen",
          "mio", "mon", "ma"}
# In a route, "to", "via", "then", "and" and arrows only join the towns.
ROUTE_FILLER = {"to", "via", "then", "and", "->", "-", ">", "nach", "in", "ueber", "per", "par", "dann", "poi", "puis"}
# "1,540" is one price (a thousands separator: one or two digits, a comma, three digits); "800,760" two.
THOUSANDS = re.compile(r"(?<![\d,.])(\d{1,2})[,.](\d{3})(?![\d,])")
# The forms of the commands with an example (`usage.<command>` in lang/<code>.py) are named in
# the refusals of _after and friends.


def _after(rest: list[str], word: str, what: str, usage: str) -> list[str]:
    """The tokens after keyword ``word``; a clear refusal naming it when it is missing or has nothing after it."""
    if word not in rest:
        raise Refused("err.word_missing", word=I.term(f"word.{word}"), what=I.term(f"after.{what}"), usage=_usage(usage))
    after = rest[rest.index(word) + 1:]
    if not after:
        raise Refused("err.nothing_after", word=I.term(f"word.{word}"), what=I.term(f"after.{what}"), usage=_usage(usage))
    return after


def tokens(line: str) -> list[str]:
    text = phrases(re.sub(r"[/()]", " ", THOUSANDS.sub(r"\1\2", fold(line))).replace("-", " "), _MULTI)
    text = re.sub(r"(\d)\s*fl\b\.?", r"\1", text)  # the rulebook's "Anne bids 760Fl", "500 Fl."
    text = re.sub("['’`]", " ", text)  # j'achète, l'entrepôt
    # every language's command words read as the English rulebook's (i18n: "ziehe" -> "move")
    return [t for t in I.english(re.split(r"[\s,;:]+", text)) if t and t not in FILLER]


def parse_line(engine, state, seat, line: str, lang: str = "en") -> dict:
    toks = tokens(line)
    if not toks:
        raise _err(state, seat, engine, I.t(lang, "err.empty", line=line), line, lang)
    try:
        return _parse_tokens(state, seat, toks)
    except ValueError as e:
        if isinstance(e, Refused) and e.key == "err.unknown_command":
            # the line as the player wrote it: its words were read as the English commands (a
            # German "Handel" as "trade"), which are not the player's words
            e = Refused("err.unknown_command", tok=line.strip())
        text = e.text(lang) if isinstance(e, Refused) else str(e)
        raise _err(state, seat, engine, I.localize_quoted(text, lang), line, lang) from None
    except (IndexError, StopIteration):
        raise _err(state, seat, engine, I.t(lang, "err.incomplete", line=line), line, lang) from None


def _prices(toks: list[str]) -> list[int]:
    if toks in ([], ["none"], ["nothing"], ["-"]):
        return []
    return [_int(t, "a_price") for t in toks]


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
        amount = 0 if rest in ([], ["none"], ["nothing"], ["-"]) else _int(rest[0], "bid")
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
            raise Refused("err.unknown_area", tok=" ".join(rest))
        return {"type": "cube", "area": AREA_ALIASES[key]}
    if head in ("payfee", "fee"):
        tail = [t for t in rest if t not in ("to", "player", "p")]
        if not tail:
            raise Refused("err.payfee_who", usage=_usage("payfee"))
        return {"type": "payfee", "player": _int(tail[0], "player")}
    if head in ("offernote", "offernotes", "sellnoteto"):
        # offernote <n> to player <p> for <price>
        if not rest:
            raise Refused("err.how_many_notes", usage=_usage("offernote"))
        n = _int(rest[0], "notes")
        after = _after(rest, "to", "to_player", "offernote")
        if after[0] in ("player", "p"):
            after = after[1:]
        if not after:
            raise Refused("err.player_after", usage=_usage("offernote"))
        price = _after(after, "for", "price", "offernote")[0]
        a = {"type": "offer_note", "count": n, "player": _int(after[0], "player"), "price": _int(price, "price")}
        return [{"type": "trade"}, a] if kind == "move" else a
    if head in ("home", "homebase", "base") and rest:
        return {"type": "home", "town": _space("".join(rest))}
    if head == "move":
        if not rest:
            raise Refused("err.rep_where", usage=_usage("move"))
        path = [_space(t) for t in rest[1:] if t not in ROUTE_FILLER]
        if not path:
            raise Refused("err.where_goes", rep=rest[0], usage=_usage("move"))
        return {"type": "move", "rep": _int(rest[0], "rep"), "path": path}
    if head == "transfer":
        # transfer <n> <ware> from <place> to <place>
        if len(rest) < 2:
            raise Refused("err.how_many_ware", usage=_usage("transfer"))
        n = _int(rest[0], "wares")
        ware = _ware(rest[1])
        src = _after(rest, "from", "wares_from", "transfer")[0]
        dst = _after(rest, "to", "wares_to", "transfer")[0]
        return {"type": "transfer", "count": n, "ware": ware, "from": _place(src), "to": _place(dst)}
    if head in ("sellforced", "forced", "forcedsale") or (head == "sell" and rest and rest[0] == "forced"):
        if head == "sell":
            rest = rest[1:]
        ware = _ware(rest[0])
        n = _int(rest[1], "wares") if len(rest) > 1 and rest[1] != "from" else 1
        if not rest:
            raise Refused("err.which_ware")
        if "from" in rest:
            place = _place(_after(rest, "from", "wares_from", "sellforced")[0])
        else:
            place = next((p for p in R.all_places(state, seat) if R.place_wares(state, seat, p)[ware] >= n), "home")
        return {"type": "sellforced", "ware": ware, "count": n, "from": place}
    if head in ("sellnote", "sellnotes"):
        return {"type": "sellnote", "count": _int(rest[0], "notes") if rest else 1}
    if head == "offer":
        if rest and rest[0] == "trade":
            rest = rest[1:]
        if len(rest) < 2:
            raise Refused("err.how_many_ware", usage=_usage("offer"))
        n = _int(rest[0], "wares")
        ware = _ware(rest[1])
        src = _place(_after(rest, "from", "your_wares", "offer")[0])
        after = _after(rest, "to", "to_player", "offer")
        if after[0] in ("player", "p"):
            after = after[1:]
        if not after:
            raise Refused("err.player_after", usage=_usage("offer"))
        player = _int(after[0], "player")
        dst = _place(_after(after, "at", "his_place", "offer")[0]) if "at" in after else "home"
        price = _int(_after(after, "for", "price", "offer")[0], "price")
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
            raise Refused("err.which_rep", usage=_usage("fire"))
        return {"type": "fire", "rep": _int(rest[0], "rep")}
    if head in ("accept", "yes") and not rest:
        return {"type": "accept"}
    if head in ("decline", "no", "refuse") and not rest:
        return {"type": "decline"}
    if head == "lose":
        return {"type": "lose", "wares": [_ware(t) for t in rest]}
    if head == "bribe":
        return {"type": "bribe", "points": _int(rest[0], "points") if rest else 0}
    if head == "keep" and not rest:
        return {"type": "keep"}
    if head == "buy":
        return {"type": "lottery", "numbers": [] if rest in ([], ["none"]) else [_int(t, "a_number") for t in rest]}
    if head == "pass":
        if kind == "sheep" and rest:
            tail = [t for t in rest if t not in ("to", "player", "p")]
            return {"type": "pass_on", "player": _int(tail[0], "player")}
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
    raise Refused("err.unknown_command", tok=" ".join(toks))


def command(state, seat, a: dict, lang: str = "en") -> str:
    """The command, in ``lang``'s words, that parse reads back as exactly ``a``."""
    return I.localize(_command(state, seat, a), lang)


def _command(state, seat, a: dict) -> str:
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
    if t == "home":  # places by their printed names (parse reads them), never by their ids
        return f"home {R.sname(a['town'])}"
    if t == "move":
        return f"move {a['rep']} " + " ".join(R.sname(p) for p in a["path"])
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


def _place_of(lang: str, place: str) -> str:
    return I.t(lang, "place.home") if place == "home" else I.t(lang, "place.rep", number=place)


def prompt(S: dict, pend: dict, lang: str = "en") -> str:
    """What is asked of the seat, in ``lang`` (its commands in that language's words)."""
    return I.localize_quoted(_prompt(S, pend, lang), lang)


def _prompt(S: dict, pend: dict, lang: str) -> str:
    t = I.t
    k = pend["kind"]
    if k == "home":
        return t(lang, "ask.home")
    if k == "move":
        return t(lang, "ask.move")
    if k == "raise":
        return t(lang, "ask.raise", amount=pend["amount"], reason=t(lang, f"reason.{pend['reason']}"), cash=S["seats"][pend["seat"]]["cash"])
    if k == "accept":
        o = pend["offer"]
        if o["type"] == "offer_note":
            return t(lang, "ask.accept_note", player=_pname(lang, o["seller"]), count=o["count"], price=o["price"])
        return t(lang, "ask.accept", player=_pname(lang, o["seller"]), count=o["count"], ware=I.term(f"ware.{o['ware']}"),
                 price=o["price"], place=_place_of(lang, o["to"]))
    if k == "payday":
        return t(lang, "ask.payday")
    if k == "lose":
        return t(lang, "ask.lose", rep=pend["rep"], count=pend["count"], why=t(lang, R.WHY[pend["why"]]))
    if k == "bribe":
        return t(lang, "ask.bribe")
    if k == "sheep":
        return t(lang, "ask.sheep", stake=pend["stake"], cost=R.sheep_cost(pend["passes"]))
    if k == "trade":
        return t(lang, "ask.trade")
    if k == "donate":
        return t(lang, "ask.donate_trick" if S["nob"]["trick"] == pend["seat"] else "ask.donate", got=pend["got"])
    if k == "cube":
        return t(lang, "ask.cube_sea" if pend["what"] == "sea" else "ask.cube_land")
    if k == "fee":
        return t(lang, "ask.fee", region=pend["region"], options=", ".join(f"`payfee {s + 1}`" for s in pend["owners"]))
    if k == "lottery":
        free = [x for x in range(1, 7) if str(x) not in pend["numbers"]]
        return t(lang, "ask.lottery", free=", ".join(map(str, free)), first=free[0] if free else 1)
    return k


# --- the situation as text (render) ------------------------------------------------------------
# Built from the seat's view only (what that seat may see), short first: the seat's position and what is
# asked now, then the whole table, the calendar, the nobility table and the map for planning. Every text in
# the reader's language (lang/<code>.py, "render.*"); places, cards and months keep the map's German names.

RESULTS = ("honour", "sea", "free", "note")


def _pname(lang: str, seat: int) -> str:
    return I.t(lang, "render.pname", number=seat + 1)


def card_label(card: str, lang: str = "en") -> str:
    """A deal card as the table's calendar names it: ``n01 offer at Augsburg``."""
    c = R.card(card)
    return I.t(lang, "render.cal_deal", card=card, kind=_kind(lang, c["kind"]), town=R.sname(c["town"]))


def _kind(lang: str, kind: str) -> str:
    """A card kind in ``lang`` (a kind a later card set adds reads as its id until the catalogs have it)."""
    return I.t(lang, f"kind.{kind}") if I.CATALOG.has(f"kind.{kind}") else kind


def _wares(w: dict, lang: str = "en") -> str:
    return ", ".join(f"{n} {I.t(lang, 'ware.' + ware)}" for ware, n in w.items() if n) or I.t(lang, "render.no_wares")


def _edge_note(a: str, b: str, lang: str = "en") -> str:
    """What entering ``b`` from ``a`` costs beyond the move itself."""
    edge = B.ADJ[a][b]
    notes = []
    if edge["bridge"]:
        notes.append(I.t(lang, "render.bridge_toll"))
    if b in D.TOWN_TOLL:
        notes.append(I.t(lang, "render.town_toll"))
    if B.is_sea(b):
        notes.append(I.t(lang, "render.ship_toll"))
    return f" ({', '.join(notes)})" if notes else ""


def neighbours(space: str, lang: str = "en") -> str:
    return ", ".join(R.sname(b) + _edge_note(space, b, lang) for b in sorted(B.ADJ[space], key=R.sname))


def _space_kind(sp: str, lang: str) -> str:
    d = D.SPACES[sp]
    kind = {"town": "", "country": I.t(lang, "render.countryside"), "sea": I.t(lang, "render.ship")}[d["kind"]]
    tags = [x for x in (kind, I.t(lang, "render.port") if d["harbour"] else "") if x]
    return f" [{', '.join(tags)}]" if tags else ""


def _map_text(lang: str) -> list[str]:
    out = [I.t(lang, "render.map"),
           "  " + I.t(lang, "render.moving", most=D.MAX_MOVE, l1=D.MOVE_COST_LADEN[1], l2=D.MOVE_COST_LADEN[2],
                      l3=D.MOVE_COST_LADEN[3], u1=D.MOVE_COST_UNLADEN[1], u2=D.MOVE_COST_UNLADEN[2],
                      u3=D.MOVE_COST_UNLADEN[3], unladen=D.TOLL["unladen"], laden=D.TOLL["laden"])]
    for reg in (*D.LAND_REGIONS, *D.SEA_AREAS):
        spaces = [sp for sp, d in D.SPACES.items() if d["region"] == reg]
        if not spaces:
            continue
        sea = I.t(lang, "render.sea_area") if reg in D.SEA_AREAS else ""
        out.append(f"  {reg}{sea}:")
        for sp in sorted(spaces, key=R.sname):
            out.append(f"    {R.sname(sp)}{_space_kind(sp, lang)} -> {neighbours(sp, lang)}")
    bridges = sorted({" - ".join(sorted((R.sname(r["a"]), R.sname(r["b"])))) + f" ({r['bridge']})"
                      for r in D.ROADS if r["bridge"]})
    out.append("  " + I.t(lang, "render.bridges", bridges="; ".join(bridges), towns=", ".join(map(R.sname, D.TOWN_TOLL))))
    out.append("  " + I.t(lang, "render.ports", ports=", ".join(
        sorted(R.sname(sp) for sp, d in D.SPACES.items() if d["harbour"]))))
    out.append("  " + I.t(lang, "render.countryside_list", spaces=", ".join(
        sorted(R.sname(sp) for sp, d in D.SPACES.items() if d["kind"] == "country"))))
    return out


MAP_TEXT = {lang: _map_text(lang) for lang in LANGUAGES}


def _when(lang: str, k: int) -> str:
    return I.t(lang, "render.now") if k == 0 else I.t(lang, "render.in_rounds", count=k)


def _calendar(v: dict, lang: str) -> list[str]:
    """The year ahead, space by space, with what falls where."""
    out = [I.t(lang, "render.calendar")]
    by_time: dict[int, list[str]] = {}
    for e in v["table"]:
        c = R.card(e["card"])
        by_time.setdefault(e["time"], []).append(
            I.t(lang, "render.cal_deal", card=e["card"], kind=_kind(lang, c["kind"]), town=R.sname(c["town"])))
    for k in range(B.YEAR):
        t = v["t"] + k
        idx = B.cal_index(t)
        notes = list(by_time.get(t, []))
        if v["market"] and idx == D.MARKET_SPACE:
            notes.append(I.t(lang, "render.cal_market", town=R.sname(R.card(v["market"])["town"])))
        if idx == D.PAYDAY_SPACE:
            notes.append(I.t(lang, "render.cal_payday"))
        if idx in D.WINTER_SPACES:
            notes.append(I.t(lang, "render.cal_winter"))
        if v["variant"] in ("full",) and idx == ND.RENT_SPACE:
            notes.append(I.t(lang, "render.cal_rent"))
        out.append(f"  {_cal_name(t, lang)} ({_when(lang, k)}): " + ("; ".join(notes) if notes else "-"))
    return out


def _cal_name(t: int, lang: str) -> str:
    return I.t(lang, "render.cal_name", month=D.CALENDAR[B.cal_index(t)]["name"], year=B.cal_year(t))


def _nobility(v: dict, lang: str) -> list[str]:
    nob = v["nob"]
    out = [I.t(lang, "render.nobility", shield=ND.SHIELD, size=v["stock"]["size"])]
    for s in range(v["players"]):
        extra = []
        if nob["sea"][s]:
            extra.append(I.t(lang, "render.sea_passage", areas=", ".join(nob["sea"][s])))
        if nob["free"][s]:
            extra.append(I.t(lang, "render.free_passage", areas=", ".join(nob["free"][s])))
        if nob["trick"] == s:
            extra.append(I.t(lang, "render.trick"))
        if nob["corrupt"] == s:
            extra.append(I.t(lang, "render.corrupt"))
        owned = [R.card(c)["name"] for o, c in nob["estates"] if o == s]
        if owned:
            extra.append(I.t(lang, "render.owns", estates=", ".join(owned)))
        state = I.t(lang, "render.noble") if s in nob["nobles"] else f"{nob['pos'][s]}"
        out.append(f"  {_pname(lang, s)}: {state}" + (f" ({'; '.join(extra)})" if extra else ""))
    out.append("  " + I.t(lang, "render.roll"))
    for col in ND.COLUMNS:
        res = ", ".join(f"{k} {I.t(lang, 'result.' + r)}" for k, r in col["results"].items())
        out.append("    " + I.t(lang, "render.positions", low=col["from"], high=col["to"], results=res))
    return out


def _describe(cid: str, lang: str) -> str:
    """What a deal or estate card says, in ``lang`` (rules.lines_msg for the history)."""
    c = R.card(cid)
    if c["kind"] == "estate":
        return I.t(lang, "render.estate", name=c["name"], min=c["min"], rent=c["rent"])
    parts = []
    for part, ware, qty, price in R.card_lines(cid):
        key = "render.wants" if part == "demand" else "render.sells"
        parts.append(I.t(lang, key, count=qty, ware=I.t(lang, "ware." + ware), price=price))
    return (I.t(lang, "render.urgent") if c.get("urgent") else "") + ", ".join(parts)


def _deal_line(v: dict, e: dict, lang: str) -> str:
    c = R.card(e["card"])
    town = c["town"]
    q = v["queue"].get(town, [])
    qtxt = ", ".join(_pname(lang, s) for s in q) or I.t(lang, "render.nobody")
    k = e["time"] - v["t"]
    when = _when(lang, k) if k >= 0 else I.t(lang, "render.overdue")
    where = f"{R.sname(town)} ({B.region(town)})" if c["kind"] != "estate" else R.sname(town)
    return "  " + I.t(lang, "render.deal", card=e["card"], kind=_kind(lang, c["kind"]), where=where,
                      date=_cal_name(e["time"], lang), when=when, lines=_describe(e["card"], lang), queue=qtxt)


def _player(v: dict, s: int, you: bool, lang: str = "en") -> list[str]:
    P = v["seats"][s]
    home = R.sname(P["home"]) if P["home"] else I.t(lang, "render.no_home")
    line = I.t(lang, "render.player_you" if you else "render.player", player=_pname(lang, s), cash=P["cash"], home=home,
               wares=_wares(P["lager"], lang))
    if P["notes"]:
        line += I.t(lang, "render.notes", count=P["notes"])
    if P["son_lost"]:
        line += I.t(lang, "render.son_lost")
    out = [line]
    for r in (1, 2, 3):
        Rp = P["reps"][str(r)]
        if Rp:
            q = v["queue"].get(Rp["at"], [])
            pos = I.t(lang, "render.queue_pos", pos=q.index(s) + 1, of=len(q)) if s in q and len(q) > 1 else ""
            out.append("    " + I.t(lang, "render.rep_son" if r == D.SON else "render.rep", rep=r, at=R.sname(Rp["at"]),
                                    region=B.region(Rp["at"]), wares=_wares(Rp["wares"], lang), queue=pos))
            if you and not v["over"]:
                out.append("      " + I.t(lang, "render.next_spaces", spaces=neighbours(Rp["at"], lang)))
    return out


def _coming_up(v: dict, lang: str) -> str:
    soon = sorted((e for e in v["table"] if e["time"] >= v["t"]), key=lambda e: (e["time"], e["card"]))
    bits = []
    if soon:
        e = soon[0]
        c = R.card(e["card"])
        bits.append(I.t(lang, "render.next_deal", card=e["card"], town=R.sname(c["town"]),
                        when=_when(lang, e["time"] - v["t"])))
    for k in range(B.YEAR):
        if B.cal_index(v["t"] + k) == D.PAYDAY_SPACE:
            bits.append(I.t(lang, "render.payday_in", when=_when(lang, k)))
            break
    for k in range(B.YEAR):
        if B.cal_index(v["t"] + k) in D.WINTER_SPACES:
            bits.append(I.t(lang, "render.winter_in", when=_when(lang, k)))
            break
    return I.t(lang, "render.coming_up", items="; ".join(bits))


def render(engine, S: dict, seat: int | None, lang: str = "en") -> str:
    v = engine.view(S, seat)
    out = [I.t(lang, "render.head", variant=I.t(lang, "variant." + v["variant"]), round=v["round"],
               calendar=_cal_name(v["t"], lang))]
    if v["over"] and R.variant(v):
        res = engine.outcome(S)
        out.append(I.t(lang, "render.over_nobility", ranks="; ".join(
            I.t(lang, "render.rank", rank=res["ranks"][s], player=_pname(lang, s),
                table=I.t(lang, "render.estate_word") if res["scores"][s] > ND.SHIELD else res["scores"][s],
                wealth=res["detail"]["wealth"][s]["total"])
            for s in sorted(range(v["players"]), key=lambda x: res["ranks"][x]))))
    elif v["over"]:
        sc = R.scores(S)
        out.append(I.t(lang, "render.over", scores="; ".join(f"{_pname(lang, s)} {sc[s]}" for s in range(v["players"]))))
    else:
        out.append(I.t(lang, "render.start", player=_pname(lang, v["start"])) + " " + _coming_up(v, lang))
    # --- short part: your position and what is asked now ---
    if seat is not None:
        out.append("")
        out += _player(v, seat, True, lang)
    if not v["over"]:
        out.append("")
        for d in engine.decisions(S, lang=lang):
            who = I.t(lang, "render.you") if d["seat"] == seat else _pname(lang, d["seat"])
            out.append(f"{who}: {d['prompt']}")
        if seat is not None:
            specs = engine.actions(S, seat, lang=lang)
            if specs:
                out.append(describe_actions(specs, lang))
    # --- the whole table ---
    out += ["", "=" * 20 + " " + I.t(lang, "render.table") + " " + "=" * 20, I.t(lang, "render.deals")]
    for e in sorted(v["table"], key=lambda e: (e["time"], e["card"])):
        out.append(_deal_line(v, e, lang))
    if v["market"]:
        c = R.card(v["market"])
        out.append("  " + I.t(lang, "render.market", card=v["market"], town=R.sname(c["town"]),
                              lines=_describe(v["market"], lang)))
    kinds = v["pack"]["kinds"]
    out.append(I.t(lang, "render.pack", size=v["pack"]["size"], kinds=", ".join(
        f"{n} {_kind(lang, k)}" for k, n in sorted(kinds.items()))))
    for rb in v["robbers"]:
        c = R.card(rb["card"])
        out.append(I.t(lang, "render.robbers", name=c["name"], areas=", ".join(c["areas"])))
    if v["black_sheep"] is not None:
        out.append(I.t(lang, "render.black_sheep", player=_pname(lang, v["black_sheep"])))
    if v.get("boom"):
        out.append(I.t(lang, "render.boom"))
    if v["blockade"]:
        out.append(I.t(lang, "render.blockade"))
    out += ["", I.t(lang, "render.players")]
    for s in range(v["players"]):
        out += _player(v, s, False, lang)
    if R.variant(v):
        out += [""] + _nobility(v, lang)
    out += [""] + _calendar(v, lang)
    out += [""] + MAP_TEXT[I.language(lang)]
    return "\n".join(out)
