"""Email commands and the plain-text situation of The Staufer Dynasty.

Commands (case-insensitive, accents ignored, one per line):
    resources 3                 resource action on space 3 (1-5)
    resources 3 chests 5        ... taking the chests of space 5 (turquoise chest)
    place aachen 2 noble        movement and placement: office 2 (1 = leftmost) of Aachen, with a noble
    place aachen 4 double       two envoys on one office (privilege 3)
    chest turquoise move        use a chest in this turn: orange first, turquoise move, turquoise place
    take brown                  take a drawn bonus chest (take orange vp3, take turquoise move, ...)
    privilege 11                discard 2 purple chests for privilege card 11
    keep                        keep the purple chests
    immune palermo 2 1          a turquoise immunity chest keeps that figure (region, office, slot)
    pass                        use no immunity chest
"""

from __future__ import annotations

from engines.base import ParseError, describe_actions
from engines.i18n import LANGUAGES, aliases, clean, phrases, words

from . import data as D
from . import i18n as I
from . import rules
from .i18n import t

REGION_ALIASES = aliases({
    "nijmegen": ["nijmegen", "nimwegen", "nimega", "nimègue", "nim", "nij"],
    "aachen": ["aachen", "aquisgrana", "aix", "aix-la-chapelle", "aac"],
    "strasbourg": ["strasbourg", "straßburg", "strasburg", "strasburgo", "str"],
    "augsburg": ["augsburg", "augusta", "augsbourg", "aug"],
    "milan": ["milan", "milano", "mailand", "mil"],
    "palermo": ["palermo", "palerme", "pal"],
})
KIND_WORDS = aliases({
    "envoy": ["envoy", "envoys", "inviato", "inviati", "gesandter", "gesandten", "gesandte", "envoyé", "envoyés",
              "émissaire", "e"],
    "noble": ["noble", "nobles", "nobile", "nobili", "adliger", "adligen", "adelige", "adeligen", "adeliger", "n"],
})
# Multi-word names found before the line is split ("Aix-la-Chapelle", "forziere turchese movimento").
PHRASES = {k: v for k, v in REGION_ALIASES.items() if " " in k or "-" in k}


def normalise(line: str) -> str:
    """Folded (case, accents, umlauts), elisions split ("nell'ufficio" -> "nell ufficio"),
    multi-word region names made one word."""
    return phrases(clean(line).replace(":", " "), PHRASES)


def command(action: dict, lang: str = "en") -> str:
    """The command, in ``lang``, that ``parse`` reads back as exactly ``action`` (lower case, as typed)."""
    return _command(action, lang).lower()


def _command(action: dict, lang: str) -> str:
    kind = action["type"]
    if kind == "resources":
        return t(lang, "cmd.resources", space=action["space"])
    if kind == "resources_swap":
        return t(lang, "cmd.resources_swap", space=action["space"], chests=action["chests"])
    if kind == "place":
        return t(lang, "cmd.place", region=I.region(action["region"]), office=action["office"],
                 figure=I.term(f"cmd.figure.{action['figure']}"))
    if kind == "place_double":
        return t(lang, "cmd.place_double", region=I.region(action["region"]), office=action["office"])
    if kind in ("chest", "take"):
        return t(lang, f"cmd.{kind}", chest=t(lang, f"chestcmd.{action['chest']}"))
    if kind == "privilege":
        return t(lang, "cmd.privilege", number=action["number"])
    if kind == "immune":
        return t(lang, "cmd.immune", region=I.region(action["region"]), office=action["office"], slot=action["slot"])
    if kind in ("keep", "pass"):
        return t(lang, f"cmd.{kind}")
    raise ValueError(f"unknown action {kind!r}")


def _region(word: str) -> str | None:
    return REGION_ALIASES.get(word)


def _words(line: str) -> list[str]:
    return [w for w in words(normalise(line)) if w not in FILLER]


def _int(word: str) -> int | None:
    return int(word) if word.isdigit() else None


# Words players add that carry no meaning here ("place the noble on office 2 of aachen"),
# beside the articles and prepositions of the four languages (engines.i18n.FILLER).
FILLER = {"please", "office", "ufficio", "uffici", "amt", "office", "bureau", "space", "spazio", "feld", "case",
          "card", "carta", "karte", "carte", "number", "nr", "n°", "numero", "nummer", "region", "regione",
          "région", "with", "con", "mit", "avec", "azione", "aktion", "action"} | {"per", "favore", "bitte", "s'il", "vous", "plait"}
# The chest words of the four languages (the rulebook's Italian: arancio, turchese, viola, marrone ...).
CHEST_WORDS = aliases({
    "orange": ["orange", "arancio", "arancione"],
    "turquoise": ["turquoise", "turchese", "türkis"],
    "purple": ["purple", "viola", "viole", "violett", "violetten", "lila", "violet", "violets", "violette"],
    "brown": ["brown", "marrone", "braun", "marron"],
    "move": ["move", "movement", "movimento", "bewegung", "mouvement"],
    "place": ["place", "placement", "piazzamento", "platzierung", "einsetzen"],
    "resources": ["resources", "risorse", "ressourcen", "rohstoffe", "ressources"],
    "immunity": ["immunity", "immunita", "immunität", "immunité"],
    "first": ["first", "primo", "erster", "erste", "premier"],
})
CHESTS = {"chest", "chests", "forziere", "forzieri", "truhe", "truhen", "coffre", "coffres"}
PLACE = {"place", "piazza", "piazzo", "p", "occupy", "occupa", "occupo", "platziere", "setze", "besetze", "placer",
         "occupe", "pose", "je"}
RESOURCES = {"resources", "resource", "res", "risorse", "risorsa", "r", "ressourcen", "rohstoffe", "ressources",
             "ressource"}
TAKE = {"take", "prendi", "prendo", "nimm", "nehme", "prends"}
PRIVILEGE = {"privilege", "privilegio", "priv", "privileg", "privilège"}
IMMUNE = {"immune", "immunity", "immunita", "immunitat", "immunite"}
KEEP = {"keep", "tieni", "tengo", "no", "behalte", "behalten", "garde", "conserve"}
PASS = {"pass", "passo", "passe", "passen"}


def _said(text: str) -> str:
    return " ".join(w for w in words(normalise(text)) if w not in FILLER and w not in CHESTS)


# Every language's words for every chest ("arancio 2 PV", "türkis Bewegung"), read in any language.
CHEST_COMMANDS = {_said(I.t(lang, f"chestcmd.{chest}")): chest for chest in D.CHEST_MIX for lang in LANGUAGES}


def _chest_name(tokens: list[str]) -> str:
    tokens = [w for w in tokens if w not in CHESTS]
    said = " ".join(tokens)
    if said in CHEST_COMMANDS:
        return CHEST_COMMANDS[said]
    return "-".join(CHEST_WORDS.get(w, w) for w in tokens)


def parse_line(line: str, state: dict | None = None) -> dict | None:
    tokens = _words(line)
    if not tokens:
        return None
    head, rest = tokens[0], tokens[1:]
    purple_asked = bool(state and state["pending"] and state["pending"][0]["kind"] == "purple")
    if _int(head) is not None and not rest and purple_asked:
        # a bare number: only the privilege exchange takes one number alone
        return {"type": "privilege", "number": _int(head)}
    if head in RESOURCES and rest:
        space = _int(rest[0])
        if space is not None and len(rest) == 1:
            return {"type": "resources", "space": space}
        if space is not None and len(rest) == 3 and rest[1] in CHESTS:
            other = _int(rest[2])
            if other is not None:
                return {"type": "resources_swap", "space": space, "chests": other}
        return None
    if head in PLACE and len(rest) == 3:
        # region, office and figure in any order
        regions = [_region(w) for w in rest if _region(w)]
        numbers = [_int(w) for w in rest if _int(w) is not None]
        others = [w for w in rest if not _region(w) and _int(w) is None]
        if len(regions) != 1 or len(numbers) != 1 or len(others) != 1:
            return None
        region, office, what = regions[0], numbers[0], others[0]
        if what in ("double", "doppio", "two", "2envoys", "doppelt", "2"):
            return {"type": "place_double", "region": region, "office": office}
        fig = KIND_WORDS.get(what)
        if fig:
            return {"type": "place", "region": region, "office": office, "figure": fig}
        return None
    if head in CHESTS | {"use", "usa", "uso", "nutze", "utilise"} and rest:
        name = _chest_name(rest)
        if name in ("orange-first", "turquoise-move", "turquoise-place"):
            return {"type": "chest", "chest": name}
        return None
    if head in TAKE and rest and (rest[0] in RESOURCES | PRIVILEGE | PLACE):
        return parse_line(" ".join(rest), state)  # "prendi lo spazio risorse 3", "prendo la carta privilegio 11"
    if head in TAKE and rest:
        if rest[0] in PRIVILEGE and len(rest) == 2 and _int(rest[1]) is not None:
            return {"type": "privilege", "number": _int(rest[1])}
        if len(rest) == 1 and _int(rest[0]) is not None and purple_asked:
            return {"type": "privilege", "number": _int(rest[0])}
        name = _chest_name(rest)
        if name in D.CHEST_MIX:
            return {"type": "take", "chest": name}
        return None
    if head in PRIVILEGE and len(rest) == 1 and _int(rest[0]) is not None:
        return {"type": "privilege", "number": _int(rest[0])}
    if head in IMMUNE and len(rest) == 3:
        region, office, slot = _region(rest[0]), _int(rest[1]), _int(rest[2])
        if region and office is not None and slot is not None:
            return {"type": "immune", "region": region, "office": office, "slot": slot}
        return None
    if head in KEEP and all(w in CHESTS or CHEST_WORDS.get(w) == "purple" or w in ("them", "li", "sie", "les")
                            for w in rest):
        return {"type": "keep"}
    if head in PASS and not rest:
        return {"type": "pass"}
    return None


def parse(engine, state: dict, seat: int, text: str, lang: str = "en") -> list[dict]:
    out = []
    for line in text.splitlines():
        if not normalise(line):
            continue
        action = parse_line(line, state)
        if action is None:
            raise ParseError(t(lang, "err.cannot_read", line=line.strip()) + " "
                             + describe_actions(engine.actions(state, seat, lang=lang), lang), line)
        out.append(action)
    if not out:
        raise ParseError(t(lang, "no_command", allowed=describe_actions(engine.actions(state, seat, lang=lang), lang)),
                         text)
    return out


# --- render -------------------------------------------------------------------------


def _figs(pair) -> str:
    return f"{pair[0]}E{'+' + str(pair[1]) + 'N' if pair[1] else ''}"


def _figs_l(lang: str, pair) -> str:
    return t(lang, "render.figs_nobles" if pair[1] else "render.figs", envoys=pair[0], nobles=pair[1])


def _privilege(lang: str, p: int) -> str:
    return f"{p} ({t(lang, f'privilege.{p}')})"


def _held(lang: str, held: dict) -> str:
    return ", ".join(f"{t(lang, f'chest.{k}')} x{c}" for k, c in sorted(held.items())) or t(lang, "render.no_chests")


def _round_table(s: dict, lang: str) -> list[str]:
    """The three rows of round tiles, face up on the table: which regions score in each
    round, by which condition, and how far the king travels after it."""
    out = [t(lang, "render.round_tiles")]
    for i in range(D.ROUNDS):
        rnd = i + 1
        when = "now" if rnd == s["round"] and s["stage"] != "over" else ("done" if rnd < s["round"] else "later")
        cond = s["rows"]["B"][i]
        king = s["rows"]["C"][i] if i < len(s["rows"]["C"]) else None
        travel = t(lang, "render.king_travels", steps=king) if king else t(lang, "render.final_scoring")
        extra = ""
        if when != "done" and s["stage"] != "over":
            extra = t(lang, "render.today", region=I.region(rules.condition_region(s, cond)))
        out.append("  " + t(lang, "render.round_tile", round=rnd, when=t(lang, f"render.{when}"),
                            region=I.region(s["rows"]["A"][i]), condition=t(lang, f"condition.{cond}"), today=extra,
                            then=travel))
    return out


def _objectives(lang: str, o: dict) -> str:
    _shape, pts = D.PATH_CARDS[o["path"]]
    return t(lang, "render.objectives", region=I.region(o["region"]), path=I.term(f"path.{o['path']}"), points=pts,
             office=I.term(f"officecard.{o['office']}"))


def render(state: dict, seat: int | None, engine=None, lang: str = "en") -> str:
    """Short top (what is asked, your position, this round), then the whole table."""
    s = state
    n = s["players"]
    head = "render.head_over" if s["stage"] == "over" else "render.head"
    lines = [t(lang, head, round=min(s["round"], D.ROUNDS), rounds=D.ROUNDS)]
    seat_now = rules.current_seat(s)
    if engine is not None and seat is not None and seat_now == seat:
        lines.append(t(lang, "render.your_move", prompt=engine.decisions(s, lang=lang)[0]["prompt"]))
        lines.append(describe_actions(engine.actions(s, seat, lang=lang), lang))
    elif seat_now is not None:
        lines.append(t(lang, "render.waiting", player=I.player(seat_now)))
    if seat is not None:
        lines.append(t(lang, "render.you", player=I.player(seat), points=s["score"][seat],
                       court=_figs_l(lang, s["court"][seat]), province=_figs_l(lang, s["province"][seat]),
                       chests=_held(lang, s["held"][seat])))
        for p in s["privileges"][seat]:
            lines.append("  " + t(lang, "render.your_privilege", privilege=_privilege(lang, p)))
        if s["objectives"][seat]:
            lines.append(t(lang, "render.your_objectives", objectives=_objectives(lang, s["objectives"][seat])))
    rnd = min(s["round"], D.ROUNDS) - 1
    if s["stage"] != "over":
        cond = s["rows"]["B"][rnd]
        king_move = s["rows"]["C"][rnd] if rnd < len(s["rows"]["C"]) else None
        lines.append(t(lang, "render.this_round", region=I.region(s["rows"]["A"][rnd]),
                       condition=t(lang, f"condition.{cond}"), now=I.region(rules.condition_region(s, cond)),
                       then=t(lang, "render.king_travels", steps=king_move) if king_move
                       else t(lang, "render.final_scoring")))
    lines.append("")
    lines.append(t(lang, "render.table"))
    lines += _round_table(s, lang)
    lines.append(t(lang, "render.regions"))
    for r in s["regions"]:
        mark = " K" if r == s["king"] else ""
        tile = "/".join(str(x) for x in s["tiles"][r][: 3 if n >= 4 else 2])
        offices = []
        for i, o in enumerate(s["offices"][r]):
            occ = ",".join(f"{I.CATALOG.value(lang, I.player(x))}{t(lang, 'render.n' if k == 'noble' else 'render.e')}"
                           for x, k in o["occ"]) or t(lang, "render.free")
            ch = f" [{'; '.join(t(lang, f'chest.{c}') for c in o['chests'])}]" if o["chests"] else ""
            offices.append(f"{i + 1}:{o['value']}{t(lang, 'render.N') if o['noble'] else ''} {occ}{ch}")
        pay = " ".join(f"{I.CATALOG.value(lang, I.player(x))} {_figs_l(lang, p)}"
                       for x, p in enumerate(s["payment"][r]) if p != [0, 0])
        lines.append("  " + t(lang, "render.region", region=I.region(r), king=mark, tile=tile,
                              bonus=t(lang, f"bonus.{r}")))
        lines.append("    " + t(lang, "render.offices", offices=" | ".join(offices)))
        if pay:
            lines.append("    " + t(lang, "render.payment", figures=pay))
    lines.append(t(lang, "render.resource_spaces", spaces=" | ".join(
        f"{i + 1}: {I.CATALOG.value(lang, I.figures(*D.RESOURCE_SPACES[i]))}"
        + (" [" + "; ".join(t(lang, f"chest.{x}") for x in c) + "]" if c else "")
        for i, c in enumerate(s["res_chests"]))))
    dash = "-"
    lines.append(t(lang, "render.turn_order", players=[I.player(x) for x in s["order"]] or dash))
    lines.append(t(lang, "render.resource_track", players=[I.player(x) for x in s["res_track"]] or dash))
    lines.append(t(lang, "render.placement_track", players=[I.player(x) for x in s["place_track"]] or dash))
    draw = s["draw"] if isinstance(s["draw"], int) else len(s["draw"])
    lines.append(t(lang, "render.pile", draw=draw, discard=len(s["discard"])))
    lines.append(t(lang, "render.privileges_left"))
    if s["vp_stack"]:
        lines.append("  " + t(lang, "render.privilege_vp", points=s["vp_stack"][-1], text=t(lang, "privilege.1")))
    for p, c in sorted(s["priv_supply"].items(), key=lambda kv: int(kv[0])):
        if c:
            lines.append(f"  {p} x{c}: {t(lang, f'privilege.{int(p)}')}")
    for x in range(n):
        privs = "; ".join(_privilege(lang, p) for p in s["privileges"][x]) or t(lang, "none")
        lines.append(t(lang, "render.player", player=I.player(x), points=s["score"][x],
                       court=_figs_l(lang, s["court"][x]), province=_figs_l(lang, s["province"][x]),
                       chests=_held(lang, s["held"][x]), privileges=privs))
    if s["stage"] == "over" and s.get("final"):
        lines.append("")
        lines.append(t(lang, "render.final"))
        for x, d in enumerate(s["final"]):
            ob = s["objectives"][x]
            lines.append("  " + t(lang, "render.final_row", player=I.player(x), region=I.region(ob["region"]),
                                  region_points=d["region"], path=I.term(f"path.{ob['path']}"),
                                  path_points=d["path"], office=I.term(f"officecard.{ob['office']}"),
                                  office_points=d["office"], brown=d["brown"],
                                  chests=d["chests"], total=d["total"]))
    return "\n".join(lines)
