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
from engines.i18n import aliases, clean, phrases, words

from . import data as D
from . import rules

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


BONUS_TEXT = {
    "augsburg": "2 chests: 1st chooses, 2nd gets the other",
    "strasbourg": "2 envoys to the 1st, 1 to the 2nd",
    "palermo": "3 VP to the 1st, 1 VP to the 2nd",
    "aachen": "one chest per player drawn, every occupant chooses one in rank order",
    "nijmegen": "1 envoy to every occupant",
    "milan": "2 VP to every occupant",
}


def normalise(line: str) -> str:
    """Folded (case, accents, umlauts), elisions split ("nell'ufficio" -> "nell ufficio"),
    multi-word region names made one word."""
    return phrases(clean(line).replace(":", " "), PHRASES)


def chest_words(chest: str) -> str:
    return chest.replace("-", " ")


def command(action: dict) -> str:
    t = action["type"]
    if t == "resources":
        return f"resources {action['space']}"
    if t == "resources_swap":
        return f"resources {action['space']} chests {action['chests']}"
    if t == "place":
        return f"place {action['region']} {action['office']} {action['figure']}"
    if t == "place_double":
        return f"place {action['region']} {action['office']} double"
    if t == "chest":
        return f"chest {chest_words(action['chest'])}"
    if t == "take":
        return f"take {chest_words(action['chest'])}"
    if t == "privilege":
        return f"privilege {action['number']}"
    if t == "immune":
        return f"immune {action['region']} {action['office']} {action['slot']}"
    if t in ("keep", "pass"):
        return t
    raise ValueError(f"unknown action {t!r}")


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
          "région", "with", "con", "mit", "avec"} | {"per", "favore", "bitte", "s'il", "vous", "plait"}
# The chest words of the four languages (the rulebook's Italian: arancio, turchese, viola, marrone ...).
CHEST_WORDS = aliases({
    "orange": ["orange", "arancio", "arancione"],
    "turquoise": ["turquoise", "turchese", "türkis"],
    "purple": ["purple", "viola", "violett", "lila", "violet"],
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


def _chest_name(words: list[str]) -> str:
    return "-".join(CHEST_WORDS.get(w, w) for w in words if w not in CHESTS)


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


def parse(engine, state: dict, seat: int, text: str) -> list[dict]:
    out = []
    for line in text.splitlines():
        if not normalise(line):
            continue
        action = parse_line(line, state)
        if action is None:
            raise ParseError(f"Cannot read {line.strip()!r}. " + describe_actions(engine.actions(state, seat)), line)
        out.append(action)
    if not out:
        raise ParseError("No command found. " + describe_actions(engine.actions(state, seat)), text)
    return out


# --- render -------------------------------------------------------------------------


def _figs(pair) -> str:
    return f"{pair[0]}E{'+' + str(pair[1]) + 'N' if pair[1] else ''}"


CONDITION_TEXT = {"king": "the king's region", "fewest_chests": "the region with the fewest chests",
                  "most_offices": "the region with the most occupied offices"}


def _privilege(p: int) -> str:
    return f"{p} ({D.PRIVILEGE_TEXT[p]})"


def _round_table(s: dict) -> list[str]:
    """The three rows of round tiles, face up on the table: which regions score in each
    round, by which condition, and how far the king travels after it."""
    out = ["Round tiles (region scored, condition for a second region, king's journey):"]
    for i in range(D.ROUNDS):
        rnd = i + 1
        when = "now" if rnd == s["round"] and s["stage"] != "over" else ("done" if rnd < s["round"] else "later")
        cond = s["rows"]["B"][i]
        king = s["rows"]["C"][i] if i < len(s["rows"]["C"]) else None
        travel = f"the king travels {king} region{'s' if king != 1 else ''}" if king else "final scoring"
        extra = ""
        if when != "done" and s["stage"] != "over":
            extra = f" (today: {rules.rname(rules.condition_region(s, cond))})"
        out.append(f"  {rnd} [{when}]: {rules.rname(s['rows']['A'][i])} + {CONDITION_TEXT[cond]}{extra}; then {travel}.")
    return out


def _objectives(o: dict) -> str:
    _shape, pts = D.PATH_CARDS[o["path"]]
    return (f"region {rules.rname(o['region'])} (majority 12 VP, 2nd 6); path {o['path']} ({pts} VP each time); "
            f"office card {o['office']}")


def render(state: dict, seat: int | None, engine=None) -> str:
    """Short top (what is asked, your position, this round), then the whole table."""
    s = state
    n = s["players"]
    lines = [f"The Staufer Dynasty, round {min(s['round'], D.ROUNDS)} of {D.ROUNDS}"
             + (" - game over" if s["stage"] == "over" else "")]
    seat_now = rules.current_seat(s)
    if engine is not None and seat is not None and seat_now == seat:
        lines.append(f"Your move: {engine.decisions(s)[0]['prompt']}")
        lines.append(describe_actions(engine.actions(s, seat)))
    elif seat_now is not None:
        lines.append(f"Waiting for {rules.pname(seat_now)}.")
    if seat is not None:
        held = ", ".join(f"{k} x{c}" for k, c in sorted(s["held"][seat].items())) or "no chests"
        lines.append(f"You are {rules.pname(seat)}: {s['score'][seat]} VP, court {_figs(s['court'][seat])}, "
                     f"province {_figs(s['province'][seat])}; {held}.")
        for p in s["privileges"][seat]:
            lines.append(f"  Your privilege {_privilege(p)}")
        if s["objectives"][seat]:
            lines.append(f"Your objectives: {_objectives(s['objectives'][seat])}.")
    rnd = min(s["round"], D.ROUNDS) - 1
    if s["stage"] != "over":
        cond = s["rows"]["B"][rnd]
        king_move = s["rows"]["C"][rnd] if rnd < len(s["rows"]["C"]) else None
        now = rules.rname(rules.condition_region(s, cond))
        lines.append(f"This round scores {rules.rname(s['rows']['A'][rnd])} and {CONDITION_TEXT[cond]} (now {now})"
                     + (f"; then the king travels {king_move} region{'s' if king_move != 1 else ''}." if king_move
                        else "; then final scoring."))
    lines.append("")
    lines.append("The table:")
    lines += _round_table(s)
    lines.append("Regions clockwise (K = the king):")
    for r in s["regions"]:
        mark = " K" if r == s["king"] else ""
        tile = "/".join(str(x) for x in s["tiles"][r][: 3 if n >= 4 else 2])
        offices = []
        for i, o in enumerate(s["offices"][r]):
            occ = ",".join(f"{rules.pname(x)}{'n' if k == 'noble' else 'e'}" for x, k in o["occ"]) or "free"
            ch = f" [{' '.join(o['chests'])}]" if o["chests"] else ""
            offices.append(f"{i + 1}:{o['value']}{'N' if o['noble'] else ''} {occ}{ch}")
        pay = " ".join(f"{rules.pname(x)} {_figs(p)}" for x, p in enumerate(s["payment"][r]) if p != [0, 0])
        lines.append(f"  {rules.rname(r)}{mark} (scores {tile}; bonus: {BONUS_TEXT[r]})")
        lines.append("    offices " + " | ".join(offices))
        if pay:
            lines.append("    payment area: " + pay)
    lines.append("Resource spaces: " + " | ".join(
        f"{i + 1}: {rules.fig_text(D.RESOURCE_SPACES[i])}{' [' + ' '.join(c) + ']' if c else ''}"
        for i, c in enumerate(s["res_chests"])))
    lines.append("Turn order: " + (", ".join(rules.pname(x) for x in s["order"]) or "-"))
    lines.append("Resource track (top down): " + (", ".join(rules.pname(x) for x in s["res_track"]) or "-"))
    lines.append("Placement track (bottom up): " + (", ".join(rules.pname(x) for x in s["place_track"]) or "-"))
    draw = s["draw"] if isinstance(s["draw"], int) else len(s["draw"])
    lines.append(f"Chest pile: {draw} face down, {len(s['discard'])} discarded.")
    lines.append("Privilege cards left (2 purple chests each):")
    if s["vp_stack"]:
        lines.append(f"  1 (top card {s['vp_stack'][-1]} VP): {D.PRIVILEGE_TEXT[1]}")
    for p, c in sorted(s["priv_supply"].items(), key=lambda kv: int(kv[0])):
        if c:
            lines.append(f"  {p} x{c}: {D.PRIVILEGE_TEXT[int(p)]}")
    for x in range(n):
        held = ", ".join(f"{k} x{c}" for k, c in sorted(s["held"][x].items())) or "no chests"
        privs = "; ".join(_privilege(p) for p in s["privileges"][x]) or "none"
        lines.append(f"{rules.pname(x)}: {s['score'][x]} VP, court {_figs(s['court'][x])}, province "
                     f"{_figs(s['province'][x])}; {held}; privileges {privs}")
    if s["stage"] == "over" and s.get("final"):
        lines.append("")
        lines.append("Final scoring:")
        for x, d in enumerate(s["final"]):
            ob = s["objectives"][x]
            lines.append(f"  {rules.pname(x)}: region {ob['region']} {d['region']}, path {ob['path']} {d['path']}, "
                         f"office {ob['office']} {d['office']}, brown {d['brown']}, chests {d['chests']} -> {d['total']} VP")
    return "\n".join(lines)
