"""Email commands: ``parse`` and ``command``.

Seats are written 1-based ("seat 3", "player 3" or just "3"); actions carry
the 0-based seat. Characters may be named in English, German or Italian or by
their number 1-8; districts in English, German or Italian, with or without
umlauts and accents. Filler words ("kill the king", "end my turn", "take card
8") are skipped; a bare name or number is read as the one action now open
that takes it.
"""

from __future__ import annotations

import re
import unicodedata

from engines.base import ParseError, describe_actions

from . import data as D
from . import moves as M
from . import rules as R


def _fold(text: str) -> str:
    text = unicodedata.normalize("NFKD", text.lower())
    return "".join(ch for ch in text if not unicodedata.combining(ch))


def _expand(text: str) -> str:
    return text.lower().replace("ä", "ae").replace("ö", "oe").replace("ü", "ue").replace("ß", "ss")


def _key(text: str) -> str:
    return re.sub(r"[^a-z0-9]", "", _fold(text))


def _keys(text: str) -> set[str]:
    return {_key(text), _key(_expand(text))}


CHAR_ALIASES: dict[str, str] = {}
for _rank, _cid, _en, _de, _it in D.CHARACTERS:
    for _name in (_cid, _en, _de, _it, str(_rank)):
        for _k in _keys(_name):
            CHAR_ALIASES[_k] = _cid
for _k, _cid in {"meuchelmoerder": "assassin", "meuchelmorder": "assassin", "koenig": "king", "haendler": "merchant",
                 "soeldner": "warlord", "mercenary": "warlord", "preacher": "bishop", "builder": "architect",
                 "wizard": "magician", "mage": "magician", "vescovo": "bishop", "condottiero": "warlord",
                 "architetto": "architect", "mercenaire": "warlord"}.items():
    CHAR_ALIASES[_k] = _cid

CARD_ALIASES: dict[str, str] = {}
for _did, _d in D.DISTRICTS.items():
    for _name in (_did, _d["en"], _d["de"], _d["it"]):
        for _k in _keys(_name):
            CARD_ALIASES[_k] = _did
for _k, _did in {"harbour": "harbor", "gesiterstadt": "haunted_city", "tradingpost": "trading_post",
                 "schoolofmagic": "school_of_magic", "dragongate": "dragon_gate", "dragonhoard": "dragon_gate",
                 "universitat": "university"}.items():
    CARD_ALIASES[_k] = _did

# words players add that carry nothing: articles and nouns before a name or number
FILLER = {
    "the", "a", "an", "my", "your", "please", "character", "char", "card", "district", "building", "number", "nr", "no.",
    "der", "die", "das", "den", "dem", "des", "ein", "eine", "einen", "meinen", "meine", "mein", "karte", "figur",
    "gebaeude", "bitte", "il", "lo", "la", "i", "gli", "le", "l", "un", "una", "uno", "mio", "mia", "carta",
    "personaggio", "edificio", "per", "favore",
}


def find_char(words: str) -> str | None:
    return CHAR_ALIASES.get(_key(words))


def find_card(words: str) -> str | None:
    return CARD_ALIASES.get(_key(words))


def find_cards(words: str) -> list[str] | None:
    """Several district names, separated by commas or just spaces (greedy)."""
    out: list[str] = []
    for part in re.split(r"[,;]| and | und | e ", words):
        tokens = part.split()
        i = 0
        while i < len(tokens):
            for j in range(len(tokens), i, -1):
                found = find_card(" ".join(tokens[i:j]))
                if found:
                    out.append(found)
                    i = j
                    break
            else:
                return None
    return out or None


def find_seat(words: str, players: int) -> int | None:
    m = re.fullmatch(r"(?:seat|player|spieler|platz|giocatore|posto)?\s*#?\s*(\d+)", _fold(words).strip())
    if m:
        k = int(m.group(1))
        if 1 <= k <= players:
            return k - 1
    return None


VERBS = {
    "pick": "pick", "choose": "pick", "select": "pick", "wahle": "pick", "waehle": "pick", "scelgo": "pick", "scegli": "pick",
    "discard": "discard", "setaside": "discard", "aside": "discard", "ablegen": "discard", "scarta": "discard",
    "gold": "gold", "takegold": "gold", "2gold": "gold", "geld": "gold", "oro": "gold", "take2gold": "gold",
    "nimmgold": "gold", "nimm2gold": "gold", "prendioro": "gold", "prendi2oro": "gold", "prendi2monete": "gold",
    "draw": "draw", "cards": "draw", "drawcards": "draw", "draw2cards": "draw", "karten": "draw", "ziehen": "draw",
    "ziehe": "draw", "pesca": "draw", "takecards": "draw", "take2cards": "draw", "nimmkarten": "draw",
    "keep": "keep", "behalte": "keep", "behalten": "keep", "tieni": "keep",
    "build": "build", "baue": "build", "bauen": "build", "bau": "build", "costruisci": "build",
    "income": "income", "collect": "income", "collectincome": "income", "einkommen": "income", "taxes": "income",
    "tax": "income", "incassa": "income", "takeincome": "income",
    "kill": "kill", "murder": "kill", "assassinate": "kill", "ermorde": "kill", "toete": "kill", "tote": "kill",
    "uccidi": "kill",
    "rob": "rob", "steal": "rob", "bestehle": "rob", "beraube": "rob", "deruba": "rob", "rubaa": "rob",
    "swap": "swap", "exchange": "swap", "trade": "swap", "tausche": "swap", "tauschen": "swap", "scambia": "swap",
    "redraw": "redraw", "replace": "redraw",
    "destroy": "destroy", "zerstoere": "destroy", "zerstore": "destroy", "raze": "destroy", "distruggi": "destroy",
    "laboratory": "laboratory", "lab": "laboratory", "laboratorium": "laboratory", "laboratorio": "laboratory",
    "smithy": "smithy", "schmiede": "smithy", "forge": "smithy", "forgia": "smithy",
    "graveyard": "graveyard", "friedhof": "graveyard", "cimitero": "graveyard", "yes": "graveyard", "ja": "graveyard",
    "si": "graveyard",
    "decline": "decline", "no": "decline", "nein": "decline",
    "end": "end", "done": "end", "endturn": "end", "ende": "end", "fertig": "end", "finish": "end", "fine": "end",
    "forgo": "forgo", "forgoincome": "forgo", "noincome": "forgo", "skipincome": "forgo", "declineincome": "forgo",
    "endwithoutincome": "forgo", "endnoincome": "forgo", "endturnwithoutincome": "forgo", "endturnnoincome": "forgo",
    "donewithoutincome": "forgo", "passwithoutincome": "forgo", "endeohneeinkommen": "forgo", "ohneeinkommen": "forgo",
    "finesenzaincasso": "forgo", "senzaincasso": "forgo",
    "take": "take", "nimm": "take", "prendi": "take",
    "pass": "pass",
}


def _allowed(state: dict, seat: int) -> str:
    return describe_actions(M.actions(state, seat))


def _spec_of(state: dict, seat: int, kind: str) -> dict | None:
    return next((s for s in M.actions(state, seat) if s["type"] == kind), None)


def _refuse(state: dict, seat: int, what: str, line: str) -> ParseError:
    return ParseError(what + " " + _allowed(state, seat), line)


def _char_list() -> str:
    return ", ".join(f"{r} {en} ({de}, {it})" for r, _c, en, de, it in D.CHARACTERS)


def _take(state: dict, seat: int) -> str | None:
    """`take X` is the one open action that takes a thing: a character in the
    draft, a drawn card to keep, the destroyed district at the Graveyard."""
    open_ = [s["type"] for s in M.actions(state, seat)]
    for kind in ("pick", "keep", "graveyard"):
        if kind in open_:
            return kind
    return None


def _bare(state: dict, seat: int, rest: str, line: str) -> dict | None:
    """A line with no verb: a number, a character or a district, read as the
    only open action that takes such a thing."""
    specs = M.actions(state, seat)
    if re.fullmatch(r"#?\d+", rest):
        takers = [s for s in specs if s["type"] != "destroy" and ({"character", "seat"} & set(s["params"]))]
        if len(takers) > 1:
            raise _refuse(state, seat, f"{rest!r} alone could mean " + " or ".join(f"`{s['type']} {rest}`" for s in takers)
                          + ": write which.", line)
        if not takers:
            return None
        kind = takers[0]["type"]
        if "seat" in takers[0]["params"]:
            target = find_seat(rest, state["players"])
            if target is None:
                raise _refuse(state, seat, f"There is no seat {rest} (seats 1-{state['players']}).", line)
            return {"type": kind, "seat": target}
        cid = find_char(rest.lstrip("#"))
        if cid is None:
            raise _refuse(state, seat, f"Characters are numbered 1-8: {_char_list()}.", line)
        return {"type": kind, "character": cid}
    cid = find_char(rest)
    if cid is not None:
        takers = [s for s in specs if "character" in s["params"]]
        if len(takers) == 1:
            return {"type": takers[0]["type"], "character": cid}
        if takers:
            raise _refuse(state, seat, "Write what to do with the " + D.CHAR_EN[cid] + ": "
                          + " or ".join(f"`{s['type']} {D.CHAR_EN[cid].lower()}`" for s in takers) + ".", line)
        return None
    did = find_card(rest)
    if did is not None:
        takers = [s for s in specs if "card" in s["params"] and s["type"] != "destroy"]
        if len(takers) == 1:
            return {"type": takers[0]["type"], "card": did}
        if takers:
            raise _refuse(state, seat, "Write what to do with the " + D.DISTRICTS[did]["en"] + ": "
                          + " or ".join(f"`{M.command({'type': s['type'], 'card': did})}`" for s in takers) + ".", line)
    return None


def parse_line(state: dict, seat: int, line: str) -> dict:
    raw = line.strip()
    words = [w for w in _fold(raw).replace(",", " , ").replace("'", " ").split() if w not in FILLER]
    if not words:
        raise _refuse(state, seat, "Empty command.", line)
    verb = None
    rest_words: list[str] = []
    # verbs of up to four words ("take 2 gold", "end turn without income", "set aside")
    for take in (4, 3, 2, 1):
        joined = re.sub(r"[^a-z0-9]", "", "".join(words[:take]))
        if len(words) >= take and joined in VERBS:
            verb = VERBS[joined]
            rest_words = words[take:]
            break
    rest = " ".join(w for w in rest_words if w != ",").strip()
    rest_c = " ".join(rest_words).strip()
    if verb is None:
        found = _bare(state, seat, " ".join(w for w in words if w != ","), line)
        if found is not None:
            return found
        raise _refuse(state, seat, f"I do not understand {raw!r}.", line)
    for lead in ("with ", "mit ", "con "):
        if rest.startswith(lead):
            rest = rest[len(lead):]
    n = state["players"]
    if verb == "take":
        verb = _take(state, seat) or "take"
        if verb == "take":
            raise _refuse(state, seat, "Take what? Write `gold` to take 2 gold or `draw` to draw cards.", line)
        if verb == "graveyard":
            return {"type": "graveyard"}

    def need_char(kind: str) -> dict:
        cid = find_char(rest)
        if cid is None:
            what = f"I do not know the character {rest!r}." if rest else "Which character?"
            raise _refuse(state, seat, f"{what} Write e.g. `{kind} architect` or `{kind} 7`; the characters are {_char_list()}.", line)
        return {"type": kind, "character": cid}

    def need_card(kind: str) -> dict:
        did = find_card(rest)
        if did is None:
            what = f"I do not know the district {rest!r}." if rest else "Which district?"
            spec_ = _spec_of(state, seat, kind)
            choices = ""
            if spec_ is not None:
                choices = " You may " + kind + ": " + ", ".join(R.card_name(c) for c in spec_["params"]["card"]["enum"]) + "."
            raise _refuse(state, seat, f"{what} Districts may be named in English, German or Italian.{choices}", line)
        return {"type": kind, "card": did}

    def bare(kind: str) -> dict:
        if rest and not (kind in ("gold", "draw", "end", "income", "graveyard") and re.fullmatch(
                r"(2|two|zwei|due)?\s*(cards?|karten|carte|gold|geld|oro|monete|turn|zug|turno|income|einkommen)?", rest)):
            raise _refuse(state, seat, f"`{kind}` takes nothing after it, but {rest!r} followed.", line)
        return {"type": kind}

    if verb in ("pick", "kill", "rob"):
        return need_char(verb)
    if verb == "discard":
        if find_char(rest):
            return need_char("discard")
        cards = find_cards(rest_c)
        if cards:
            return {"type": "redraw", "cards": cards}
        raise _refuse(state, seat, "Discard what? `discard thief` sets a character aside in the draft; "
                      "the Magician writes `redraw market, temple`.", line)
    if verb == "redraw":
        cards = find_cards(rest_c)
        if not cards:
            raise _refuse(state, seat, "Name the cards to discard, e.g. `redraw market, temple`.", line)
        return {"type": "redraw", "cards": cards}
    if verb in ("keep", "build", "laboratory"):
        if verb == "laboratory" and not rest:
            raise _refuse(state, seat, "Name the card to discard at the Laboratory, e.g. `laboratory market`.", line)
        return need_card(verb)
    if verb == "swap":
        target = find_seat(rest, n)
        if target is None:
            raise _refuse(state, seat, f"Swap with whom? Write `swap 2` for seat 2 (seats 1-{n}).", line)
        return {"type": "swap", "seat": target}
    if verb == "destroy":
        m = re.fullmatch(r"(.+?)\s+(?:of|from|in|at|von|bei|di|del|della)\s+((?:seat|player|spieler|platz|giocatore|posto)?\s*#?\s*\d+)", rest)
        target = find_seat(m.group(2), n) if m else None
        did = find_card(m.group(1)) if m else None
        if target is None or did is None:
            raise _refuse(state, seat, f"Write the district and its seat, e.g. `destroy watchtower of seat 2` (seats 1-{n}).", line)
        return {"type": "destroy", "card": did, "seat": target}
    if verb == "pass":
        if rest:
            raise _refuse(state, seat, "`pass` takes nothing after it.", line)
        return {"type": "decline" if state["phase"] == R.PHASE_GRAVEYARD else "end"}
    if verb == "forgo":
        if rest and rest not in ("income", "einkommen", "incasso"):
            raise _refuse(state, seat, f"`end without income` takes nothing after it, but {rest!r} followed.", line)
        return {"type": "forgo"}
    return bare(verb)


def parse(state: dict, seat: int, text: str) -> list[dict]:
    out = []
    for line in text.splitlines():
        if not line.strip():
            continue
        out.append(parse_line(state, seat, line))
    if not out:
        raise ParseError("No command found. " + _allowed(state, seat), text)
    return out


def command(state: dict, seat: int, action: dict) -> str:
    return M.command(action)
