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
from engines.i18n import LANGUAGES

from . import data as D
from . import i18n as I
from . import moves as M
from . import rules as R
from .i18n import t


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
# every language's catalog names too (the French edition's, and any language added later)
for _lang in LANGUAGES:
    for _cid in D.CHAR_IDS:
        for _k in _keys(I.t(_lang, f"char.{_cid}")):
            CHAR_ALIASES.setdefault(_k, _cid)
    for _did in D.DISTRICTS:
        for _k in _keys(I.t(_lang, f"district.{_did}")):
            CARD_ALIASES.setdefault(_k, _did)
for _k, _did in {"harbour": "harbor", "gesiterstadt": "haunted_city", "tradingpost": "trading_post",
                 "schoolofmagic": "school_of_magic", "dragongate": "dragon_gate", "dragonhoard": "dragon_gate",
                 "universitat": "university"}.items():
    CARD_ALIASES[_k] = _did

# words players add that carry nothing: articles and nouns before a name or number
FILLER = {
    "the", "a", "an", "my", "your", "please", "character", "char", "card", "district", "building", "number", "nr", "no.",
    "der", "die", "das", "den", "dem", "des", "ein", "eine", "einen", "meinen", "meine", "mein", "karte", "figur",
    "gebaeude", "bitte", "il", "lo", "la", "i", "gli", "le", "l", "un", "una", "uno", "mio", "mia", "carta",
    "personaggio", "edificio", "per", "favore", "ich", "io", "je", "j", "le", "les", "du", "mon", "ma", "personnage",
    "quartier", "carte", "s'il", "plait",
}


def _without_filler(name: str) -> str:
    return " ".join(w for w in re.sub("['’`]", " ", _fold(name)).split() if w not in FILLER)


# a name read the way a line is read (its articles dropped): "cour des miracles" -> "cour miracles"
for _lang in LANGUAGES:
    for _did in D.DISTRICTS:
        for _k in _keys(_without_filler(I.t(_lang, f"district.{_did}"))):
            CARD_ALIASES.setdefault(_k, _did)
    for _cid in D.CHAR_IDS:
        for _k in _keys(_without_filler(I.t(_lang, f"char.{_cid}"))):
            CHAR_ALIASES.setdefault(_k, _cid)
for _did, _d in D.DISTRICTS.items():
    for _name in (_d["en"], _d["de"], _d["it"]):
        for _k in _keys(_without_filler(_name)):
            CARD_ALIASES.setdefault(_k, _did)


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
    m = re.fullmatch(r"(?:seat|player|spieler|platz|giocatore|posto|place|joueur|siege)?\s*#?\s*(\d+)",
                     _fold(words).strip())
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
    # French (the Citadelles edition's words) and a few more German and Italian forms
    "choisis": "pick", "prends": "take", "ecarte": "discard", "defausse": "discard", "assassine": "kill",
    "tue": "kill", "vole": "rob", "echange": "swap", "garde": "keep", "construis": "build", "construire": "build",
    "revenus": "income", "revenu": "income", "or": "gold", "pioche": "draw", "detruis": "destroy",
    "laboratoire": "laboratory", "manufacture": "smithy", "cimetiere": "graveyard", "oui": "graveyard",
    "non": "decline", "refuse": "decline", "fini": "end", "fin": "end", "finisansrevenus": "forgo",
    "sansrevenus": "forgo", "passe": "pass", "passo": "pass", "passen": "pass",
    "uccido": "kill", "derubo": "rob", "scambio": "swap", "tengo": "keep", "costruisco": "build",
    "pesco": "draw", "distruggo": "destroy", "scarto": "discard", "incasso": "income",
    "nehme": "take", "lege": "discard", "raube": "rob",
}


def _allowed(state: dict, seat: int, lang: str = "en") -> str:
    return describe_actions(M.actions(state, seat, lang), lang)


def _spec_of(state: dict, seat: int, kind: str) -> dict | None:
    return next((s for s in M.actions(state, seat) if s["type"] == kind), None)


def _refuse(state: dict, seat: int, what: str, line: str, lang: str = "en") -> ParseError:
    return ParseError(what + " " + _allowed(state, seat, lang), line)


def _char_list(lang: str = "en") -> str:
    return ", ".join(f"{D.RANK[c]} {I.value(lang, I.char_short(c))}" for c in D.CHAR_IDS)


def _take(state: dict, seat: int) -> str | None:
    """`take X` is the one open action that takes a thing: a character in the
    draft, a drawn card to keep, the destroyed district at the Graveyard."""
    open_ = [s["type"] for s in M.actions(state, seat)]
    for kind in ("pick", "keep", "graveyard"):
        if kind in open_:
            return kind
    return None


def _bare(state: dict, seat: int, rest: str, line: str, lang: str = "en") -> dict | None:
    """A line with no verb: a number, a character or a district, read as the
    only open action that takes such a thing."""
    specs = M.actions(state, seat)
    if re.fullmatch(r"#?\d+", rest):
        takers = [s for s in specs if s["type"] != "destroy" and ({"character", "seat"} & set(s["params"]))]
        if len(takers) > 1:
            raise _refuse(state, seat, t(lang, "err.bare_ambiguous", word=rest, options=t(lang, "or").join(
                f"`{s['type']} {rest}`" for s in takers)), line, lang)
        if not takers:
            return None
        kind = takers[0]["type"]
        if "seat" in takers[0]["params"]:
            target = find_seat(rest, state["players"])
            if target is None:
                raise _refuse(state, seat, t(lang, "err.no_seat", word=rest, players=state["players"]), line, lang)
            return {"type": kind, "seat": target}
        cid = find_char(rest.lstrip("#"))
        if cid is None:
            raise _refuse(state, seat, t(lang, "err.char_numbers", chars=_char_list(lang)), line, lang)
        return {"type": kind, "character": cid}
    cid = find_char(rest)
    if cid is not None:
        takers = [s for s in specs if "character" in s["params"]]
        if len(takers) == 1:
            return {"type": takers[0]["type"], "character": cid}
        if takers:
            raise _refuse(state, seat, t(lang, "err.what_to_do", what=I.char_short(cid), options=t(lang, "or").join(
                f"`{M.command({'type': s['type'], 'character': cid}, lang)}`" for s in takers)), line, lang)
        return None
    did = find_card(rest)
    if did is not None:
        takers = [s for s in specs if "card" in s["params"] and s["type"] != "destroy"]
        if len(takers) == 1:
            return {"type": takers[0]["type"], "card": did}
        if takers:
            raise _refuse(state, seat, t(lang, "err.what_to_do", what=I.card(did), options=t(lang, "or").join(
                f"`{M.command({'type': s['type'], 'card': did}, lang)}`" for s in takers)), line, lang)
    return None


def parse_line(state: dict, seat: int, line: str, lang: str = "en") -> dict:
    raw = line.strip()
    words = [w for w in re.sub("['’`]", " ", _fold(raw).replace(",", " , ")).split() if w not in FILLER]
    if not words:
        raise _refuse(state, seat, t(lang, "err.empty"), line, lang)
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
        found = _bare(state, seat, " ".join(w for w in words if w != ","), line, lang)
        if found is not None:
            return found
        raise _refuse(state, seat, t(lang, "err.unknown", line=raw), line, lang)
    for lead in ("with ", "mit ", "con ", "avec "):
        if rest.startswith(lead):
            rest = rest[len(lead):]
    n = state["players"]
    if verb == "take":
        verb = _take(state, seat) or "take"
        if verb == "take":
            raise _refuse(state, seat, t(lang, "err.take_what", gold=M.command({"type": "gold"}, lang),
                                         draw=M.command({"type": "draw"}, lang)), line, lang)
        if verb == "graveyard":
            return {"type": "graveyard"}

    def need_char(kind: str) -> dict:
        cid = find_char(rest)
        if cid is None:
            what = t(lang, "err.unknown_char", word=rest) if rest else t(lang, "err.which_char")
            example = M.command({"type": kind, "character": "architect"}, lang)
            raise _refuse(state, seat, what + " " + t(lang, "err.char_eg", example=example, chars=_char_list(lang)),
                          line, lang)
        return {"type": kind, "character": cid}

    def need_card(kind: str) -> dict:
        did = find_card(rest)
        if did is None:
            what = t(lang, "err.unknown_card", word=rest) if rest else t(lang, "err.which_card")
            spec_ = _spec_of(state, seat, kind)
            choices = ""
            if spec_ is not None:
                choices = " " + t(lang, "err.card_choices", cards=[I.card(c) for c in spec_["params"]["card"]["enum"]])
            raise _refuse(state, seat, what + " " + t(lang, "err.card_languages") + choices, line, lang)
        return {"type": kind, "card": did}

    def bare(kind: str) -> dict:
        if rest and not (kind in ("gold", "draw", "end", "income", "graveyard") and re.fullmatch(
                r"(2|two|zwei|due)?\s*(cards?|karten|carte|gold|geld|oro|monete|turn|zug|turno|income|einkommen)?", rest)):
            raise _refuse(state, seat, t(lang, "err.nothing_after", command=M.command({"type": kind}, lang), word=rest),
                          line, lang)
        return {"type": kind}

    if verb in ("pick", "kill", "rob"):
        return need_char(verb)
    if verb == "discard":
        if find_char(rest):
            return need_char("discard")
        cards = find_cards(rest_c)
        if cards:
            return {"type": "redraw", "cards": cards}
        raise _refuse(state, seat, t(lang, "err.discard_what",
                                     aside=M.command({"type": "discard", "character": "thief"}, lang),
                                     redraw=M.command({"type": "redraw", "cards": ["market", "temple"]}, lang)), line, lang)
    if verb == "redraw":
        cards = find_cards(rest_c)
        if not cards:
            raise _refuse(state, seat, t(lang, "err.redraw_what",
                                         example=M.command({"type": "redraw", "cards": ["market", "temple"]}, lang)),
                          line, lang)
        return {"type": "redraw", "cards": cards}
    if verb in ("keep", "build", "laboratory"):
        if verb == "laboratory" and not rest:
            raise _refuse(state, seat, t(lang, "err.laboratory_what",
                                         example=M.command({"type": "laboratory", "card": "market"}, lang)), line, lang)
        return need_card(verb)
    if verb == "swap":
        target = find_seat(rest, n)
        if target is None:
            raise _refuse(state, seat, t(lang, "err.swap_whom", example=M.command({"type": "swap", "seat": 1}, lang),
                                         players=n), line, lang)
        return {"type": "swap", "seat": target}
    if verb == "destroy":
        m = re.fullmatch(r"(.+?)\s+(?:of|from|in|at|von|bei|di|del|della|dal|de|chez)\s+"
                         r"((?:seat|player|spieler|platz|giocatore|posto|place|joueur|siege)?\s*#?\s*\d+)", rest)
        target = find_seat(m.group(2), n) if m else None
        did = find_card(m.group(1)) if m else None
        if target is None or did is None:
            raise _refuse(state, seat, t(lang, "err.destroy_what", players=n, example=M.command(
                {"type": "destroy", "card": "watchtower", "seat": 1}, lang)), line, lang)
        return {"type": "destroy", "card": did, "seat": target}
    if verb == "pass":
        if rest:
            raise _refuse(state, seat, t(lang, "err.pass_alone"), line, lang)
        return {"type": "decline" if state["phase"] == R.PHASE_GRAVEYARD else "end"}
    if verb == "forgo":
        if rest and rest not in ("income", "einkommen", "incasso"):
            raise _refuse(state, seat, t(lang, "err.nothing_after", command=M.command({"type": "forgo"}, lang),
                                         word=rest), line, lang)
        return {"type": "forgo"}
    return bare(verb)


def parse(state: dict, seat: int, text: str, lang: str = "en") -> list[dict]:
    out = []
    for line in text.splitlines():
        if not line.strip():
            continue
        out.append(parse_line(state, seat, line, lang))
    if not out:
        raise ParseError(t(lang, "no_command", allowed=_allowed(state, seat, lang)), text)
    return out


def command(state: dict, seat: int, action: dict, lang: str = "en") -> str:
    return M.command(action, lang)
