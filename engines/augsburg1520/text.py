"""Email commands for Augsburg 1520, and the situation as plain text.

One command per line (case-insensitive; accents and umlauts optional):

    buy maria-3 leo-12 joker-5     buy nothing     buy 3 12 joker   (bare numbers: values in your offer)
    bid 3 maria    hold    raise 4    pass
    reveal maria-15 maria-14 joker joker           (bare "joker": your next joker)
    privilege 2                     take a face-up privilege card
    gold | prestige | draw | cash 300 | forgo | done
    climb purple    climb purple from p2
    tile wappen | tile adelsbrief | tile muenzmeister | tile baumeister
    build church | build cathedral  (purple privilege)    architect church (Baumeister extra build)
    discard leo-4    give maria-2    compensation money | compensation prestige
    privilege 2: gold, climb purple   (a card and its two privileges on one line)
"""

from __future__ import annotations

import re
import unicodedata

from engines.base import ParseError, describe_actions

from . import data as D
from . import rules as R

NOBLE_ALIASES = {
    "philippe": "philippe", "philipp": "philippe", "philip": "philippe", "filippo": "philippe", "phil": "philippe",
    "louise": "louise", "luise": "louise", "luisa": "louise", "lou": "louise",
    "leo": "leo", "leon": "leo", "leone": "leo",
    "maria": "maria", "marie": "maria",
    "maximilien": "maximilien", "maximilian": "maximilien", "massimiliano": "maximilien", "max": "maximilien",
}
CAT_ALIASES = {
    "yellow": "yellow", "gelb": "yellow", "jaune": "yellow", "giallo": "yellow", "office": "yellow", "offices": "yellow",
    "orange": "orange", "arancione": "orange", "nobility": "orange", "noble": "orange",
    "purple": "purple", "violet": "purple", "violett": "purple", "viola": "purple", "lila": "purple",
    "functions": "purple", "function": "purple",
}
TILE_ALIASES = {
    "kirche": "kirche", "church": "kirche", "eglise": "kirche", "chiesa": "kirche",
    "dom": "dom", "cathedral": "dom", "cathedrale": "dom", "cattedrale": "dom",
    "wappen": "wappen", "arms": "wappen", "coat": "wappen", "blason": "wappen", "blasone": "wappen",
    "adelsbrief": "adelsbrief", "letter": "adelsbrief", "lettre": "adelsbrief", "lettera": "adelsbrief",
    "muenzmeister": "muenzmeister", "munzmeister": "muenzmeister", "mint": "muenzmeister", "monnayeur": "muenzmeister",
    "coniatore": "muenzmeister", "mintmaster": "muenzmeister",
    "baumeister": "baumeister", "architect": "baumeister", "architecte": "baumeister", "architetto": "baumeister",
}
FILLER = {"of", "the", "a", "coat", "for", "notes", "note", "cards", "card", "on", "to", "with", "tile", "de", "di"}


def normalize(line: str) -> str:
    text = unicodedata.normalize("NFKD", line.replace("ß", "ss"))
    text = "".join(ch for ch in text if not unicodedata.combining(ch)).lower()
    return re.sub(r"\s+", " ", text).strip()


def _allowed(engine, state, seat) -> str:
    return describe_actions(engine.actions(state, seat))


# --- cards -------------------------------------------------------------------------


def _card_tokens(tokens: list[str]) -> list[str]:
    """Joins "maria 15" into "maria-15"; leaves the rest."""
    out: list[str] = []
    i = 0
    while i < len(tokens):
        tok = tokens[i]
        if tok in NOBLE_ALIASES and i + 1 < len(tokens) and tokens[i + 1].isdigit():
            out.append(f"{tok}-{tokens[i + 1]}")
            i += 2
            continue
        out.append(tok)
        i += 1
    return out


def _cards(words: list[str], pool: list[str], what: str, engine, state, seat) -> list[str]:
    """Card words -> card ids from ``pool`` (your hand, your offer ...)."""
    chosen: list[str] = []
    for word in _card_tokens(words):
        if word in ("and", ","):
            continue
        m = re.fullmatch(r"([a-z]+)-?(\d+)", word)
        if word in ("joker", "jokers", "jolly", "j"):
            free = [c for c in R.sort_cards(pool) if R.is_joker(c) and c not in chosen]
            if not free:
                raise ParseError(f"You have no more jokers {what}. " + _allowed(engine, state, seat))
            chosen.append(free[0])
        elif word.isdigit():
            value = int(word)
            hits = [c for c in pool if not R.is_joker(c) and R.value_of(c) == value and c not in chosen]
            if len(hits) != 1:
                raise ParseError(f"'{word}' does not name exactly one note {what}; write it as noble-value, "
                                 f"e.g. maria-{value}. " + _allowed(engine, state, seat))
            chosen.append(hits[0])
        elif m and (m.group(1) in NOBLE_ALIASES or m.group(1) in ("joker", "jolly")):
            if m.group(1) in ("joker", "jolly"):
                chosen.append(f"joker-{int(m.group(2))}")
            else:
                chosen.append(f"{NOBLE_ALIASES[m.group(1)]}-{int(m.group(2))}")
        else:
            raise ParseError(f"'{word}' is not a card; cards are written like maria-15, leo-3 or joker. "
                             + _allowed(engine, state, seat))
    return chosen


def _pool(state: dict, seat: int) -> list[str]:
    if state["step"] == "buy":
        return list(state["offers"][seat])
    if state["step"] in ("reveal", "pay") and state["showdown"]:
        return R.valid_cards(state, seat, R.noble(state))
    return list(state["hands"][seat])


# --- parse ---------------------------------------------------------------------------


def parse(engine, state: dict, seat: int, text: str) -> list[dict]:
    actions: list[dict] = []
    lines = [normalize(line) for line in text.splitlines()]
    lines = [line for line in lines if line]
    if not lines:
        raise ParseError("The message holds no command. " + _allowed(engine, state, seat))
    for line in lines:
        m = re.fullmatch(r"(?:privilege|privilegio|privilege card|card|take)\s+(\d+)\s*:\s*(.*)", line)
        if m:
            actions.append({"type": "choose", "card": int(m.group(1))})
            for part in re.split(r"\s*[,;]\s*|\s+then\s+|\s+and\s+", m.group(2)):
                if part:
                    actions.append(_one(engine, state, seat, part))
            continue
        actions.append(_one(engine, state, seat, line))
    return actions


def _one(engine, state: dict, seat: int, line: str) -> dict:
    words = re.sub(r"[,;.!]", " ", line).split()
    if not words:
        raise ParseError("Empty command. " + _allowed(engine, state, seat))
    verb, rest = words[0], words[1:]
    step = state["step"]

    if verb in ("buy", "purchase", "keep", "acheter", "compra", "kaufen"):
        if not rest or rest[0] in ("nothing", "none", "no", "0"):
            return {"type": "buy", "cards": []}
        return {"type": "buy", "cards": _cards(rest, _pool(state, seat), "in your offer", engine, state, seat)}
    if verb == "pass" and step == "buy":
        return {"type": "buy", "cards": []}
    if verb in ("pass", "passe", "passo", "passen"):
        return {"type": "pass"}
    if verb in ("hold", "see", "call", "tenir", "tiens", "vedo", "vedere", "halten"):
        return {"type": "hold"}
    if verb in ("bid", "offer", "raise", "offre", "offro", "rilancio", "bieten", "surencheris"):
        numbers = [w for w in rest if w.isdigit()]
        names = [w for w in rest if not w.isdigit() and w not in FILLER]
        if len(numbers) != 1:
            raise ParseError("Say how many notes you offer, e.g. `bid 3 maria` or `raise 4`. " + _allowed(engine, state, seat))
        for name in names:
            if NOBLE_ALIASES.get(name) is None:
                raise ParseError(f"'{name}' is not a noble. " + _allowed(engine, state, seat))
            if step == "bid" and NOBLE_ALIASES[name] != R.noble(state):
                raise ParseError(f"The visit now is to {D.NOBLE_NAMES[R.noble(state)]}, not {name}. "
                                 + _allowed(engine, state, seat))
        count = int(numbers[0])
        opened = step == "bid" and state["auction"]["high"] > 0
        return {"type": "raise" if opened else "bid", "count": count}
    if verb in ("reveal", "show", "montre", "mostro", "zeige"):
        if not rest:
            raise ParseError("Name the notes you show, e.g. `reveal maria-15 maria-14 joker`. " + _allowed(engine, state, seat))
        return {"type": "reveal", "cards": _cards(rest, _pool(state, seat), "you may show", engine, state, seat)}
    if verb == "take" and rest[:1] in (["300"], ["500"]):
        return {"type": "cash"} if rest[0] == "300" else {"type": "gold"}
    if verb in ("privilege", "privilegio", "choose") or (verb in ("take", "card") and rest and rest[0].isdigit()):
        nums = [w for w in rest if w.isdigit()]
        if len(nums) != 1:
            raise ParseError("Say which privilege card, e.g. `privilege 2`. " + _allowed(engine, state, seat))
        return {"type": "choose", "card": int(nums[0])}
    if verb in ("gold", "money", "500", "florins", "gulden") and step != "compensate":
        if verb == "florins" and rest and rest[0] == "300":
            return {"type": "cash"}
        return {"type": "gold"}
    if verb in ("compensation", "compensate", "indemnity") or step == "compensate":
        choice = rest[0] if verb in ("compensation", "compensate", "indemnity") and rest else verb
        if choice in ("money", "florins", "100", "gold", "gulden", "argent", "denaro"):
            return {"type": "compensate", "kind": "money"}
        if choice in ("prestige", "point", "points", "1", "prestigio"):
            return {"type": "compensate", "kind": "prestige"}
        raise ParseError("Choose `compensation money` (100 florins) or `compensation prestige` (1 point). "
                         + _allowed(engine, state, seat))
    if verb in ("prestige", "prestigio", "points"):
        return {"type": "prestige"}
    if verb in ("draw", "pioche", "pesca", "ziehen"):
        return {"type": "draw"}
    if verb in ("cash", "300") or (verb == "take" and rest[:1] == ["300"]):
        return {"type": "cash"}
    if verb in ("forgo", "skip", "renounce", "renonce", "rinuncia", "verzicht"):
        return {"type": "forgo"}
    if verb in ("done", "end", "finish", "fin", "fine", "fertig", "stop"):
        return {"type": "done"}
    if verb in ("climb", "up", "monter", "sali", "salire", "aufsteigen", "level"):
        cats = [CAT_ALIASES[w] for w in rest if w in CAT_ALIASES]
        who = [w for w in rest if re.fullmatch(r"p\d", w)]
        if len(cats) != 1:
            raise ParseError("Say which category to climb: `climb yellow`, `climb orange` or `climb purple` "
                             "(add `from p2` to take the card from player 2). " + _allowed(engine, state, seat))
        source = f"P{who[0][1:]}" if who else "supply"
        return {"type": "climb", "category": cats[0], "source": source}
    if verb in ("architect", "baumeister", "architecte", "architetto") and any(TILE_ALIASES.get(w) in ("kirche", "dom") for w in rest):
        tile = next(TILE_ALIASES[w] for w in rest if TILE_ALIASES.get(w) in ("kirche", "dom"))
        return {"type": "architect", "tile": tile}
    if verb in ("build", "construire", "costruire", "bauen"):
        tiles = [TILE_ALIASES[w] for w in rest if TILE_ALIASES.get(w) in ("kirche", "dom")]
        if len(tiles) != 1:
            raise ParseError("Say `build church` or `build cathedral`. " + _allowed(engine, state, seat))
        return {"type": "build", "tile": tiles[0]}
    if verb in ("tile", "tuile", "tessera") or verb in TILE_ALIASES:
        names = rest if verb in ("tile", "tuile", "tessera") else words
        tiles = [TILE_ALIASES[w] for w in names if w in TILE_ALIASES and not (w == "coat" and len(names) > 1)]
        tiles = list(dict.fromkeys(tiles))
        if len(tiles) != 1:
            raise ParseError("Say which tile: wappen, adelsbrief, muenzmeister or baumeister. " + _allowed(engine, state, seat))
        if tiles[0] in ("kirche", "dom"):
            return {"type": "build", "tile": tiles[0]}
        return {"type": "tile", "tile": tiles[0]}
    if verb in ("discard", "defausse", "scarta", "abwerfen"):
        cards = _cards(rest, list(state["hands"][seat]), "in your hand", engine, state, seat)
        if len(cards) != 1:
            raise ParseError("Discard exactly one card, e.g. `discard leo-4`. " + _allowed(engine, state, seat))
        return {"type": "discard", "card": cards[0]}
    if verb in ("give", "donne", "dai", "geben"):
        cards = _cards(rest, list(state["hands"][seat]), "in your hand", engine, state, seat)
        if len(cards) != 1:
            raise ParseError("Give exactly one card, e.g. `give leo-4`. " + _allowed(engine, state, seat))
        return {"type": "give", "card": cards[0]}
    raise ParseError(f"'{line}' is not a command I know. " + _allowed(engine, state, seat))


# --- command -------------------------------------------------------------------------


def command(state: dict, seat: int, action: dict) -> str:
    kind = action["type"]
    if kind == "buy":
        return "buy " + (" ".join(action["cards"]) if action["cards"] else "nothing")
    if kind == "bid":
        return f"bid {action['count']} {R.noble(state)}"
    if kind == "raise":
        return f"raise {action['count']}"
    if kind in ("hold", "pass", "gold", "prestige", "draw", "forgo", "done"):
        return kind
    if kind == "cash":
        return "cash 300"
    if kind == "reveal":
        return "reveal " + " ".join(action["cards"])
    if kind == "choose":
        return f"privilege {action['card']}"
    if kind == "climb":
        src = "" if action["source"] == "supply" else f" from {action['source'].lower()}"
        return f"climb {action['category']}{src}"
    if kind in ("tile", "build", "architect"):
        return f"{kind} {action['tile']}"
    if kind in ("discard", "give"):
        return f"{kind} {action['card']}"
    if kind == "compensate":
        return f"compensation {action['kind']}"
    raise ValueError(f"no command for {action}")


# --- render --------------------------------------------------------------------------


def _player_line(s: dict, t: int, seat: int | None) -> str:
    owned = s["owned"][t]
    tiles = []
    for tile in R.TILES:
        if owned[tile] is not None:
            extra = f" {owned[tile]}" if tile in ("kirche", "dom", "wappen", "adelsbrief") else ""
            tiles.append(f"{tile}{extra}")
    levels = ", ".join(f"{cat} {R.level(s, t, cat)} ({D.LEVEL_NAMES[cat][R.level(s, t, cat) - 1]})" for cat in R.CATS)
    cap = R.cap(s, t)
    cap_text = f" (capped at {cap})" if cap else ""
    hand = ""
    if t == seat:
        hand = f"; {R.notes(len(s['hands'][t]))} in hand"
    elif not s["options"].get("hide_hand_sizes", True):
        hand = f"; {R.notes(len(s['hands'][t]))} in hand"
    you = " (you)" if t == seat else ""
    return (f"  {R.pname(t)}{you}: {s['money'][t]} florins, {s['prestige'][t]} prestige{cap_text}; {levels}; "
            f"tiles: {', '.join(tiles) or 'none'}{hand}")


def _privilege_cards(cards) -> str:
    return "; ".join(f"{c}: {', '.join(D.PRIVILEGE_CARDS[str(c)])}" for c in sorted(cards)) or "none"


def _next_row(s: dict) -> str:
    """What the table knows of the next round's privilege cards: the five face-down cards
    are turned up as they are (all ten are known, so they are known as a set); after a
    round that turned them up, all ten are shuffled and five drawn at random."""
    p = s["privileges"]
    if s["round"] >= s["rounds"]:
        return "This is the last round: no further privilege cards come up."
    if p["hidden"]:
        return f"Next round's privilege cards (face down now, turned up as they are): {_privilege_cards(p['hidden'])}."
    return "Next round all ten privilege cards are shuffled and five of them, at random, come face up."


def _tie_breaks(engine, s: dict) -> list[str]:
    """Why players equal on prestige are ranked apart (or share the rank)."""
    out = engine.outcome(s)
    lines = []
    by_score: dict[int, list[int]] = {}
    for t in range(s["players"]):
        by_score.setdefault(s["prestige"][t], []).append(t)
    for score, seats in sorted(by_score.items(), reverse=True):
        if len(seats) < 2:
            continue
        seats.sort(key=lambda t: out["ranks"][t])
        parts = []
        for t in seats:
            dom, kirche = s["owned"][t]["dom"], s["owned"][t]["kirche"]
            parts.append(f"{R.pname(t)} cathedral {dom or 'none'}, church {kirche or 'none'}")
        shared = len({out["ranks"][t] for t in seats}) < len(seats)
        verdict = "still equal, so some share a rank" if shared else "so they are ranked in that order"
        lines.append(f"Tie at {score} prestige, broken by the dearest cathedral, then the dearest church: "
                     f"{'; '.join(parts)} — {verdict}.")
    return lines


def render(engine, s: dict, seat: int | None) -> str:
    """Short top (what is asked of you, your position), then the whole table."""
    lines = []
    if s["step"] == "over":
        out = engine.outcome(s)
        lines.append("Augsburg 1520 — the game is over.")
        for t in sorted(range(s["players"]), key=lambda p: out["ranks"][p]):
            lines.append(f"  {out['ranks'][t]}. {R.pname(t)}: {s['prestige'][t]} prestige")
        lines += _tie_breaks(engine, s)
    else:
        where = "buying debt notes" if s["step"] in ("buy", "give") else f"visit to {D.NOBLE_NAMES[R.noble(s)]}"
        lines.append(f"Augsburg 1520 — round {s['round']} of {s['rounds']}, {where}.")
    a = s["auction"]
    if a:
        bids = []
        for t in range(s["players"]):
            if t in a["out"]:
                bids.append(f"{R.pname(t)} passed")
            elif a["bids"][t]:
                bids.append(f"{R.pname(t)} {a['bids'][t]}")
        turn = f"; {R.pname(a['turn'])} to act" if s["step"] == "bid" else ""
        lines.append(f"Bidding for {D.NOBLE_NAMES[R.noble(s)]}: " + (", ".join(bids) or "no offer yet") + turn + ".")
    if s["use"] and s["use"]["card"] is not None:
        u = s["use"]
        lines.append(f"{R.pname(u['seat'])} uses privilege card {u['card']}: left {', '.join(u['left']) or 'none'}, "
                     f"{u['steps']} to use.")
    if seat is not None:
        decisions = [d for d in engine.decisions(s) if d["seat"] == seat]
        if decisions:
            lines.append(f"Your move: {decisions[0]['prompt']}")
            lines.append(describe_actions(engine.actions(s, seat)))
        else:
            waiting = ", ".join(R.pname(d["seat"]) for d in engine.decisions(s))
            if waiting:
                lines.append(f"Waiting for {waiting}.")
        lines.append(f"You: {s['money'][seat]} florins, {s['prestige'][seat]} prestige.")
        lines.append("Your hand: " + (", ".join(R.sort_cards(s["hands"][seat])) or "empty") + ".")
        if s["offers"][seat]:
            lines.append("Offered to you: " + ", ".join(f"{c} ({D.note_price(c)})" for c in R.sort_cards(s["offers"][seat])) + ".")
    lines.append("")
    lines.append("The table:")
    lines.append("Players:")
    for t in range(s["players"]):
        lines.append(_player_line(s, t, seat))
    p = s["privileges"]
    lines.append(f"Privilege cards face up: {_privilege_cards(p['row'])}.")
    if s["step"] != "over":
        lines.append(_next_row(s))
    lines.append("Level cards in the supply: " + "; ".join(
        f"{cat} " + ", ".join(f"L{lv}×{s['supply'][cat][lv]}" for lv in ("2", "3", "4")) for cat in R.CATS) + ".")
    lines.append("Tops of the tile stacks: " + ", ".join(
        f"{tile} {s['stacks'][tile][0] if s['stacks'][tile] else '-'}" for tile in R.TILES) + ".")
    # note 11: the back of the top note shows its price to everybody
    top = f"; the back of the top note shows {D.note_price(s['deck'][-1])} florins" if s["deck"] else ""
    lines.append(f"Deck: {len(s['deck'])} notes{top}; discard: {len(s['discard'])}.")
    return "\n".join(lines)
