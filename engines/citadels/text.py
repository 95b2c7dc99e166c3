"""Email commands (parse and command) and the plain-text situation (render).

Seats are written 1-based ("seat 3", "player 3" or just "3"); actions carry
the 0-based seat. Characters may be named in English, German or Italian or by
their number 1-8; districts in English or German, with or without umlauts.
"""

from __future__ import annotations

import re
import unicodedata

from engines.base import ParseError, describe_actions

from . import data as D
from . import moves as M
from . import rules as R
from .views import view as make_view


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
                 "wizard": "magician"}.items():
    CHAR_ALIASES[_k] = _cid

CARD_ALIASES: dict[str, str] = {}
for _did, _d in D.DISTRICTS.items():
    for _name in (_did, _d["en"], _d["de"]):
        for _k in _keys(_name):
            CARD_ALIASES[_k] = _did
for _k, _did in {"harbour": "harbor", "gesiterstadt": "haunted_city", "tradingpost": "trading_post",
                 "schoolofmagic": "school_of_magic", "dragongate": "dragon_gate"}.items():
    CARD_ALIASES[_k] = _did


def find_char(words: str) -> str | None:
    return CHAR_ALIASES.get(_key(words))


def find_card(words: str) -> str | None:
    return CARD_ALIASES.get(_key(words))


def find_cards(words: str) -> list[str] | None:
    """Several district names, separated by commas or just spaces (greedy)."""
    out: list[str] = []
    for part in re.split(r"[,;]| and | und ", words):
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
    m = re.fullmatch(r"(?:seat|player|spieler|platz|giocatore)?\s*#?\s*(\d+)", _fold(words).strip())
    if m:
        k = int(m.group(1))
        if 1 <= k <= players:
            return k - 1
    return None


VERBS = {
    "pick": "pick", "choose": "pick", "select": "pick", "wahle": "pick", "waehle": "pick", "scelgo": "pick",
    "discard": "discard", "setaside": "discard", "aside": "discard", "ablegen": "discard",
    "gold": "gold", "takegold": "gold", "2gold": "gold", "geld": "gold", "oro": "gold", "take2gold": "gold",
    "draw": "draw", "cards": "draw", "drawcards": "draw", "karten": "draw", "ziehen": "draw", "pesca": "draw",
    "keep": "keep", "behalte": "keep", "behalten": "keep", "tieni": "keep",
    "build": "build", "baue": "build", "bauen": "build", "bau": "build", "costruisci": "build",
    "income": "income", "collect": "income", "einkommen": "income", "taxes": "income", "tax": "income",
    "kill": "kill", "murder": "kill", "assassinate": "kill", "ermorde": "kill", "toete": "kill", "tote": "kill",
    "rob": "rob", "steal": "rob", "bestehle": "rob", "beraube": "rob",
    "swap": "swap", "exchange": "swap", "trade": "swap", "tausche": "swap", "tauschen": "swap",
    "redraw": "redraw", "replace": "redraw",
    "destroy": "destroy", "zerstoere": "destroy", "zerstore": "destroy", "raze": "destroy",
    "laboratory": "laboratory", "lab": "laboratory", "laboratorium": "laboratory",
    "smithy": "smithy", "schmiede": "smithy", "forge": "smithy",
    "graveyard": "graveyard", "friedhof": "graveyard", "yes": "graveyard", "ja": "graveyard",
    "decline": "decline", "no": "decline", "nein": "decline",
    "end": "end", "done": "end", "endturn": "end", "ende": "end", "fertig": "end", "finish": "end",
    "pass": "pass",
}


def _allowed(state: dict, seat: int) -> str:
    return describe_actions(M.actions(state, seat))


def parse_line(state: dict, seat: int, line: str) -> dict:
    raw = line.strip()
    words = _fold(raw).replace(",", " , ").split()
    if not words:
        raise ParseError("Empty command. " + _allowed(state, seat), line)
    verb = None
    rest_words: list[str] = []
    # verbs of one or two words ("take gold", "end turn", "set aside")
    for take in (3, 2, 1):
        if len(words) >= take and re.sub(r"[^a-z0-9]", "", "".join(words[:take])) in VERBS:
            verb = VERBS[re.sub(r"[^a-z0-9]", "", "".join(words[:take]))]
            rest_words = words[take:]
            break
    if verb is None:
        raise ParseError(f"I do not understand {raw!r}. " + _allowed(state, seat), line)
    rest = " ".join(w for w in rest_words if w != ",").strip()
    rest_c = " ".join(rest_words).strip()
    if rest.startswith("with "):
        rest = rest[5:]
    n = state["players"]

    def need_char(kind: str) -> dict:
        cid = find_char(rest)
        if cid is None:
            raise ParseError(f"Which character? Write e.g. `{kind} architect` or `{kind} 7`. " + _allowed(state, seat), line)
        return {"type": kind, "character": cid}

    def need_card(kind: str) -> dict:
        did = find_card(rest)
        if did is None:
            raise ParseError(f"Unknown district {rest!r}. Write e.g. `{kind} market`. " + _allowed(state, seat), line)
        return {"type": kind, "card": did}

    def bare(kind: str) -> dict:
        if rest and not (kind in ("gold", "draw", "end") and re.fullmatch(r"(2|two|zwei)?\s*(cards?|karten|gold|geld|turn|zug)?", rest)):
            raise ParseError(f"`{kind}` takes nothing after it. " + _allowed(state, seat), line)
        return {"type": kind}

    if verb in ("pick", "kill", "rob"):
        return need_char(verb)
    if verb == "discard":
        if find_char(rest):
            return need_char("discard")
        cards = find_cards(rest_c)
        if cards:
            return {"type": "redraw", "cards": cards}
        raise ParseError("Discard what? `discard thief` sets a character aside in the draft; the Magician writes `redraw market temple`. " + _allowed(state, seat), line)
    if verb == "redraw":
        cards = find_cards(rest_c)
        if not cards:
            raise ParseError("Name the cards to discard, e.g. `redraw market, temple`. " + _allowed(state, seat), line)
        return {"type": "redraw", "cards": cards}
    if verb in ("keep", "build", "laboratory"):
        if verb == "laboratory" and not rest:
            raise ParseError("Name the card to discard at the Laboratory, e.g. `laboratory market`. " + _allowed(state, seat), line)
        return need_card(verb)
    if verb == "swap":
        target = find_seat(rest, n)
        if target is None:
            raise ParseError(f"Swap with whom? Write `swap 2` for seat 2 (seats 1-{n}). " + _allowed(state, seat), line)
        return {"type": "swap", "seat": target}
    if verb == "destroy":
        m = re.fullmatch(r"(.+?)\s+(?:of|from|in|at|von|bei|di)\s+((?:seat|player|spieler|platz|giocatore)?\s*#?\s*\d+)", rest)
        target = find_seat(m.group(2), n) if m else None
        did = find_card(m.group(1)) if m else None
        if target is None or did is None:
            raise ParseError(f"Write e.g. `destroy watchtower of seat 2` (seats 1-{n}). " + _allowed(state, seat), line)
        return {"type": "destroy", "card": did, "seat": target}
    if verb == "pass":
        if rest:
            raise ParseError("`pass` takes nothing after it. " + _allowed(state, seat), line)
        return {"type": "decline" if state["phase"] == R.PHASE_GRAVEYARD else "end"}
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


def _card_word(did: str) -> str:
    return D.DISTRICTS[did]["en"].lower()


def command(state: dict, seat: int, action: dict) -> str:
    kind = action["type"]
    if kind in ("pick", "discard", "kill", "rob"):
        return f"{kind} {action['character']}"
    if kind in ("keep", "build", "laboratory"):
        return f"{kind} {_card_word(action['card'])}"
    if kind == "swap":
        return f"swap {action['seat'] + 1}"
    if kind == "redraw":
        return "redraw " + ", ".join(_card_word(c) for c in action["cards"])
    if kind == "destroy":
        return f"destroy {_card_word(action['card'])} of seat {action['seat'] + 1}"
    return kind


# --- render --------------------------------------------------------------------------


def _city(v: dict, s: int) -> str:
    city = v["seats"][s]["city"]
    if not city:
        return "(no districts)"
    return ", ".join(f"{R.card_name(b['card'])} [{D.DISTRICTS[b['card']]['colour']} {D.DISTRICTS[b['card']]['cost']}]" for b in city)


def render(state: dict, seat: int | None) -> str:
    v = make_view(state, seat)
    lines = [f"Ohne Furcht und Adel (Citadels), round {v['round']}. Cities are complete at {v['options']['city_size']} districts."]
    lines.append(f"Bank: {v['bank']} gold. Deck: {v['deck_size']} cards. Discard pile: {len(v['discard'])} cards.")
    for st in v["seats"]:
        s = st["seat"]
        tags = []
        if st["crown"]:
            tags.append("crown")
        if s == seat:
            tags.append("you")
        if st["complete"]:
            tags.append("complete")
        chars = ", ".join(R.char_name(c) for c in st["characters"]) or "-"
        lines.append(
            f"Seat {s + 1}{' (' + ', '.join(tags) + ')' if tags else ''}: {st['gold']} gold, {st['hand_size']} cards in hand, "
            f"revealed: {chars}. City ({len(st['city'])}): {_city(v, s)}"
        )
    if v["aside_up"]:
        lines.append("Set aside face up: " + ", ".join(R.char_name(c) for c in v["aside_up"]) + ".")
    lines.append(f"Set aside face down: {v['aside_down_count']} character(s).")
    if v["killed"]:
        lines.append(f"Murdered this round: the {R.char_name(v['killed'])}.")
    if v["robbed"]:
        lines.append(f"Robbed this round: the {R.char_name(v['robbed'])}.")
    if v["calls"]:
        called = []
        for c in v["calls"]:
            name = D.CHAR_EN[D.CHAR_BY_RANK[c["rank"]]]
            called.append(f"{name}: " + (f"seat {c['seat'] + 1}" if c["result"] == "revealed" else c["result"]))
        lines.append("Called so far: " + "; ".join(called) + ".")
    if seat is not None:
        lines.append("Your hand: " + (", ".join(f"{R.card_name(c)} [{D.DISTRICTS[c]['colour']} {D.DISTRICTS[c]['cost']}]" for c in v["hand"]) or "empty") + ".")
        if v["my_characters"]:
            lines.append("Your characters: " + ", ".join(R.char_name(c) for c in v["my_characters"]) + ".")
        if v["aside_down_known"]:
            lines.append("You set aside face down: " + ", ".join(R.char_name(c) for c in v["aside_down_known"]) + ".")
    if "draft" in v:
        d = v["draft"]
        lines.append(f"Draft: seat {d['chooser'] + 1} is choosing from {d['pile_size']} characters.")
        if "offered" in d:
            what = "set one aside face down" if d["discard_pending"] else "choose one"
            lines.append("Offered to you (" + what + "): " + ", ".join(R.char_name(c) for c in d["offered"]) + ".")
    if "turn" in v:
        t = v["turn"]
        lines.append(f"Now playing: the {R.char_name(t['character'])} of seat {t['seat'] + 1}; built {t['built']} of {t['builds_allowed']}.")
        if t.get("drawn"):
            lines.append(f"You drew: {', '.join(R.card_name(c) for c in t['drawn'])}; keep {t['keep_left']}.")
    if "graveyard" in v:
        g = v["graveyard"]
        lines.append(f"Seat {g['seat'] + 1} may take the destroyed {R.card_name(g['card'])} at the Graveyard.")
    if "outcome" in v:
        out = v["outcome"]
        lines.append("The game is over.")
        for s, det in enumerate(out["detail"]["seats"]):
            lines.append(
                f"Seat {s + 1}: rank {out['ranks'][s]}, {det['total']} points ({det['districts']} districts, "
                f"+{det['colours']} colours, +{det['complete']} complete city)."
            )
    if seat is not None and state["phase"] != R.PHASE_OVER:
        specs = M.actions(state, seat)
        if specs:
            lines.append(describe_actions(specs))
    return "\n".join(lines)
