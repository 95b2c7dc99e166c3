"""Email commands for Augsburg 1520, and the situation as plain text, in every language.

One command per line, in any of the four languages whatever the player's own
(case-insensitive; accents, umlauts, articles and elisions optional), e.g.:

    buy maria-3 leo-12 joker-5 | kaufe nichts | compro 3 12 jolly | j'achète rien
    bid 3 maria | Ich biete 3 Schuldscheine für Maria | Offro 2 carte per Maria | J'offre 3 reconnaissances de dettes
    hold | ich halte | Io vedo | Je tiens        raise 4 | erhöhe auf 4 | rilancio a 4 | je surenchéris à 4
    pass | ich passe | passo | je passe
    reveal maria-15 maria-14 joker joker | Matthias gioca Maria-14 e -15 e 2 jolly
    privilege 2 | Privileg 2 | privilegio 2 | privilège 2
    gold | prestige | draw | cash 300 | forgo | done   (and nimm 500 Gulden, prendo 300 fiorini, je pioche ...)
    climb purple | climb purple from p2 | steige violett von S2 | salgo viola da G2 | je monte violet de J2
    tile wappen | tessera lettera di nobiltà | tuile lettre de noblesse
    build church | baue Dom | costruisco la chiesa | je construis la cathédrale
    discard leo-4 | give maria-2 | compensation money | Ausgleich Prestige
    privilege 2: gold, climb purple   (a card and its two privileges on one line)

Multi-word names ("lettera di nobiltà", "coat of arms") are found before the
line is split into words; the German, Italian, French and English words are
all in the tables below.
"""

from __future__ import annotations

import re

from engines.base import ParseError, describe_actions
from engines.i18n import aliases, clean, fold, phrases, words

from . import data as D
from . import i18n as I
from . import rules as R
from .i18n import t

NOBLE_ALIASES = aliases({
    "philippe": ["philippe", "philipp", "philip", "filippo", "phil"],
    "louise": ["louise", "luise", "luisa", "lou"],
    "leo": ["leo", "léo", "leon", "leone"],
    "maria": ["maria", "marie"],
    "maximilien": ["maximilien", "maximilian", "massimiliano", "max"],
})
CAT_ALIASES = aliases({
    "yellow": ["yellow", "gelb", "gelbe", "jaune", "giallo", "gialla", "office", "offices", "uffici", "ufficio",
               "comptoir", "comptoirs", "kontor"],
    "orange": ["orange", "arancione", "arancio", "nobility", "titolo", "titre", "noblesse", "adel", "adelstitel"],
    "purple": ["purple", "violet", "violett", "viola", "lila", "functions", "function", "funzioni", "funzione",
               "fonctions", "fonction", "aemter", "ämter"],
})
TILE_ALIASES = aliases({
    "kirche": ["kirche", "church", "église", "chiesa"],
    "dom": ["dom", "cathedral", "cathédrale", "cattedrale", "duomo"],
    "wappen": ["wappen", "arms", "coat of arms", "blason", "blasone", "stemma"],
    "adelsbrief": ["adelsbrief", "letter", "letter of nobility", "lettre", "lettre de noblesse", "lettera",
                   "lettera di nobiltà", "lettere di nobiltà", "lettres de noblesse"],
    "muenzmeister": ["münzmeister", "mint", "mint master", "mintmaster", "monnayeur", "coniatore", "zecchiere"],
    "baumeister": ["baumeister", "architect", "architecte", "architetto"],
})
PLAYER = re.compile(r"[psgj](\d)")
VERBS = aliases({
    "buy": ["buy", "purchase", "keep", "kaufe", "kaufen", "kauf", "compro", "compra", "comprare", "acheter", "achète",
            "achete"],
    "pass": ["pass", "passe", "passo", "passen", "passer", "passa"],
    "hold": ["hold", "see", "call", "halte", "halten", "mitgehen", "gehe", "vedo", "vedere", "vede", "tenir", "tiens",
             "tient", "suis"],
    "bid": ["bid", "offer", "offers", "biete", "bieten", "gebot", "offro", "offrire", "offre", "offrir", "enchéris",
            "encheris"],
    "raise": ["raise", "erhöhe", "erhöhen", "rilancio", "rilanciare", "rilancia", "surenchéris", "surenchérir",
              "surenchere", "surenchère"],
    "reveal": ["reveal", "show", "zeige", "zeigen", "aufdecken", "decke", "mostro", "mostrare", "mostra", "gioco", "gioca",
               "montre", "montrer", "joue", "spiele"],
    "choose": ["privilege", "privilège", "privileg", "privilegio", "privilegkarte", "choose", "wähle", "scelgo",
               "choisis", "card", "karte", "carta", "carte"],
    "take": ["take", "nimm", "nehme", "prendo", "prendi", "prends", "prendre"],
    "gold": ["gold", "money", "500", "florins", "gulden", "fiorini", "oro"],
    "prestige": ["prestige", "prestigio", "points", "punti", "punkte", "prestigepunkte"],
    "draw": ["draw", "ziehe", "ziehen", "pesco", "pescare", "pesca", "pioche", "piocher"],
    "cash": ["cash", "300"],
    "forgo": ["forgo", "skip", "renounce", "verzichte", "verzichten", "verzicht", "rinuncio", "rinunciare", "rinuncia",
              "renonce", "renoncer"],
    "done": ["done", "end", "finish", "fertig", "ende", "fine", "finito", "basta", "fini", "fin", "termine", "stop"],
    "climb": ["climb", "up", "steige", "steigen", "aufsteigen", "salgo", "sali", "salire", "monte", "monter", "level",
              "livello", "stufe", "niveau"],
    "architect": ["architect", "architecte", "architetto", "baumeister"],
    "build": ["build", "baue", "bauen", "costruisco", "costruire", "costruisci", "construis", "construire"],
    "tile": ["tile", "plättchen", "tessera", "tuile"],
    "discard": ["discard", "wirf", "werfe", "abwerfen", "ablegen", "scarto", "scarta", "scartare", "défausse",
                "defausse", "défausser"],
    "give": ["give", "gebe", "gib", "geben", "cedo", "dai", "donne", "donner"],
    "compensate": ["compensation", "compensate", "indemnity", "ausgleich", "entschädigung", "compenso",
                   "compensazione", "indennizzo", "dédommagement"],
    "nothing": ["nothing", "none", "no", "0", "nichts", "niente", "nulla", "nessuna", "rien", "aucune"],
})
MONEY = {"money", "florins", "100", "gold", "gulden", "argent", "denaro", "soldi", "fiorini", "geld"}
PRESTIGE = {"prestige", "point", "points", "1", "prestigio", "punto", "punti", "punkt", "punkte", "prestigepunkt"}
JOKERS = {"joker", "jokers", "jolly", "j"}
# the words for the notes themselves, read past in "Offro 2 carte per Maria", "J'offre 3 reconnaissances de dettes"
NOTE_WORDS = {"carte", "carta", "cartes", "karte", "karten", "paghero", "reconnaissance", "reconnaissances",
              "dette", "dettes", "dettes", "schuldschein", "schuldscheine", "notes", "note", "cards", "card",
              "debt", "and", "e", "et", "und", "ed", "ab", "baut", "fur", "ueber", "uber", "per", "pour"}
PHRASES = {**{k: v for k, v in TILE_ALIASES.items() if " " in k}}


def _allowed(engine, state, seat, lang) -> str:
    return describe_actions(engine.actions(state, seat, lang=lang), lang)


def _fail(key: str, engine, state, seat, lang, **args) -> ParseError:
    return ParseError(t(lang, key, **args) + " " + _allowed(engine, state, seat, lang))


# --- cards -------------------------------------------------------------------------


def _joker_named(pool: list[str], chosen: list[str], number: int) -> bool:
    """Whether "joker <number>" names that joker ("Joker 3", as written): when it is in
    the pool, or when the older reading (the next joker, then the note of that value)
    finds no such note."""
    if f"joker-{number}" in chosen:
        return False
    if f"joker-{number}" in pool:
        return True
    free_joker = any(R.is_joker(c) and c not in chosen for c in pool)
    notes = [c for c in pool if not R.is_joker(c) and R.value_of(c) == number and c not in chosen]
    return not (free_joker and len(notes) == 1)


def _cards(tokens: list[str], pool: list[str], what: str, engine, state, seat, lang) -> list[str]:
    """Card words -> card ids from ``pool`` (your hand, your offer ...): ``maria-15``,
    ``maria 15``, ``Maria-14 e -15`` (the rulebook's way), ``joker``, ``Joker 3`` (that
    joker of the pool, as the texts name it), ``2 jolly``, or a bare value."""
    chosen: list[str] = []
    last_noble = None
    i = 0
    words_ = [w for w in tokens if w not in NOTE_WORDS]

    def joker():
        free = [c for c in R.sort_cards(pool) if R.is_joker(c) and c not in chosen]
        if not free:
            raise _fail("err.no_jokers", engine, state, seat, lang, where=t(lang, what))
        chosen.append(free[0])

    while i < len(words_):
        word = words_[i]
        nxt = words_[i + 1] if i + 1 < len(words_) else None
        m = re.fullmatch(r"([a-z]+)-?(\d+)", word)
        if word in NOBLE_ALIASES and nxt is not None and nxt.lstrip("-").isdigit():
            last_noble = NOBLE_ALIASES[word]
            chosen.append(f"{last_noble}-{int(nxt.lstrip('-'))}")
            i += 2
            continue
        if word in JOKERS and nxt is not None and nxt.isdigit() and _joker_named(pool, chosen, int(nxt)):
            chosen.append(f"joker-{int(nxt)}")  # "Joker 3", as the texts and the forms name a joker
            i += 2
            continue
        if word in JOKERS:
            joker()
        elif word.isdigit() and nxt in JOKERS and 0 < int(word) <= sum(
                1 for c in pool if R.is_joker(c) and c not in chosen):  # "2 jolly", not "14 jolly"
            for _ in range(int(word)):
                joker()
            i += 2
            continue
        elif re.fullmatch(r"-\d+", word) and last_noble:
            chosen.append(f"{last_noble}-{int(word[1:])}")
        elif word.isdigit():
            value = int(word)
            hits = [c for c in pool if not R.is_joker(c) and R.value_of(c) == value and c not in chosen]
            if len(hits) != 1:
                raise _fail("err.not_one_note", engine, state, seat, lang, word=word, where=t(lang, what), value=value)
            chosen.append(hits[0])
        elif m and (m.group(1) in NOBLE_ALIASES or m.group(1) in ("joker", "jolly")):
            if m.group(1) in ("joker", "jolly"):
                chosen.append(f"joker-{int(m.group(2))}")
            else:
                last_noble = NOBLE_ALIASES[m.group(1)]
                chosen.append(f"{last_noble}-{int(m.group(2))}")
        else:
            raise _fail("err.not_a_card", engine, state, seat, lang, word=word)
        i += 1
    return chosen


def _pool(state: dict, seat: int) -> list[str]:
    if state["step"] == "buy":
        return list(state["offers"][seat])
    if state["step"] in ("reveal", "pay") and state["showdown"]:
        return R.valid_cards(state, seat, R.noble(state))
    return list(state["hands"][seat])


# --- parse ---------------------------------------------------------------------------

_CARD_THEN = re.compile(r"(?:privilege|privileg|privilegio|privilege card|card|carte|carta|karte|take)\s+(\d+)\s*:\s*(.*)")
_AND = re.compile(r"\s*[,;]\s*|\s+(?:then|and|und|dann|e|poi|et|puis)\s+")


def parse(engine, state: dict, seat: int, text: str, lang: str = "en") -> list[dict]:
    actions: list[dict] = []
    lines = [line for line in (fold(raw) for raw in text.splitlines()) if line]
    if not lines:
        raise ParseError(t(lang, "no_command", allowed=_allowed(engine, state, seat, lang)))
    for line in lines:
        m = _CARD_THEN.fullmatch(line)
        if m:
            actions.append({"type": "choose", "card": int(m.group(1))})
            for part in _AND.split(m.group(2)):
                if part:
                    actions.append(_one(engine, state, seat, part, lang))
            continue
        actions.append(_one(engine, state, seat, line, lang))
    return actions


def _one(engine, state: dict, seat: int, line: str, lang: str = "en") -> dict:
    tokens = words(phrases(clean(line), PHRASES))
    if not tokens:
        raise ParseError(t(lang, "no_command", allowed=_allowed(engine, state, seat, lang)))
    first, rest = tokens[0], tokens[1:]
    verb = VERBS.get(first, first)
    step = state["step"]

    if verb == "buy":
        if not rest or VERBS.get(rest[0]) == "nothing":
            return {"type": "buy", "cards": []}
        return {"type": "buy", "cards": _cards(rest, _pool(state, seat), "where.offer", engine, state, seat, lang)}
    if verb == "pass" and step == "buy":
        return {"type": "buy", "cards": []}
    if verb == "pass":
        return {"type": "pass"}
    if verb == "hold":
        return {"type": "hold"}
    if verb in ("bid", "raise"):
        numbers = [w for w in rest if w.isdigit()]
        names = [w for w in rest if not w.isdigit() and w not in NOTE_WORDS]
        if len(numbers) != 1:
            raise _fail("err.how_many", engine, state, seat, lang)
        for name in names:
            if NOBLE_ALIASES.get(name) is None:
                raise _fail("err.not_a_noble", engine, state, seat, lang, word=name)
            if step == "bid" and NOBLE_ALIASES[name] != R.noble(state):
                raise _fail("err.other_noble", engine, state, seat, lang, noble=I.noble(R.noble(state)), word=name)
        count = int(numbers[0])
        opened = step == "bid" and state["auction"]["high"] > 0
        return {"type": "raise" if opened else "bid", "count": count}
    if verb == "reveal":
        if not rest:
            raise _fail("err.reveal_what", engine, state, seat, lang)
        return {"type": "reveal", "cards": _cards(rest, _pool(state, seat), "where.show", engine, state, seat, lang)}
    if verb == "take" and rest and (rest[0] in TILE_ALIASES or VERBS.get(rest[0]) in ("tile", "choose", "climb")):
        return _one(engine, state, seat, " ".join(rest), lang)  # "prendo la tessera ...", "nimm Wappen"
    if verb in ("take", "gold", "cash") and rest[:1] in (["300"], ["500"]):
        return {"type": "cash"} if rest[0] == "300" else {"type": "gold"}
    if verb in ("choose", "take"):
        nums = [w for w in rest if w.isdigit()]
        if len(nums) != 1:
            raise _fail("err.which_privilege", engine, state, seat, lang)
        return {"type": "choose", "card": int(nums[0])}
    if verb == "gold" and step != "compensate":
        return {"type": "gold"}
    if verb == "compensate" or step == "compensate":
        choice = rest[0] if verb == "compensate" and rest else first
        if choice in MONEY:
            return {"type": "compensate", "kind": "money"}
        if choice in PRESTIGE:
            return {"type": "compensate", "kind": "prestige"}
        raise _fail("err.compensation", engine, state, seat, lang)
    if verb == "prestige":
        return {"type": "prestige"}
    if verb == "draw":
        return {"type": "draw"}
    if verb == "cash":
        return {"type": "cash"}
    if verb == "forgo":
        return {"type": "forgo"}
    if verb == "done":
        return {"type": "done"}
    if verb == "climb":
        cats = [CAT_ALIASES[w] for w in rest if w in CAT_ALIASES]
        who = [PLAYER.fullmatch(w).group(1) for w in rest if PLAYER.fullmatch(w)]
        if len(cats) != 1:
            raise _fail("err.climb_what", engine, state, seat, lang)
        source = f"P{who[0]}" if who else "supply"
        return {"type": "climb", "category": cats[0], "source": source}
    if verb == "architect" and any(TILE_ALIASES.get(w) in ("kirche", "dom") for w in rest):
        tile = next(TILE_ALIASES[w] for w in rest if TILE_ALIASES.get(w) in ("kirche", "dom"))
        return {"type": "architect", "tile": tile}
    if verb == "build":
        tiles = [TILE_ALIASES[w] for w in rest if TILE_ALIASES.get(w) in ("kirche", "dom")]
        if len(tiles) != 1:
            raise _fail("err.build_what", engine, state, seat, lang)
        return {"type": "build", "tile": tiles[0]}
    if verb == "tile" or first in TILE_ALIASES:
        names = rest if verb == "tile" else tokens
        tiles = list(dict.fromkeys(TILE_ALIASES[w] for w in names if w in TILE_ALIASES))
        if len(tiles) != 1:
            raise _fail("err.tile_what", engine, state, seat, lang)
        if tiles[0] in ("kirche", "dom"):
            return {"type": "build", "tile": tiles[0]}
        return {"type": "tile", "tile": tiles[0]}
    if verb in ("discard", "give"):
        cards = _cards(rest, list(state["hands"][seat]), "where.hand", engine, state, seat, lang)
        if len(cards) != 1:
            raise _fail(f"err.{verb}_one", engine, state, seat, lang)
        return {"type": verb, "card": cards[0]}
    raise _fail("err.unknown", engine, state, seat, lang, line=line)


# --- command -------------------------------------------------------------------------


def _cards_text(lang: str, cards: list[str]) -> str:
    return " ".join(str(I.CATALOG.value(lang, I.card(c))) for c in cards)


def command(state: dict, seat: int, action: dict, lang: str = "en") -> str:
    """The command, in ``lang``, that ``parse`` reads back as exactly ``action``."""
    kind = action["type"]
    if kind == "buy":
        if not action["cards"]:
            return t(lang, "cmd.buy_nothing")
        return t(lang, "cmd.buy", cards=_cards_text(lang, action["cards"]))
    if kind == "bid":
        return t(lang, "cmd.bid", count=action["count"], noble=I.noble(R.noble(state)))
    if kind == "raise":
        return t(lang, "cmd.raise", count=action["count"])
    if kind in ("hold", "pass", "gold", "prestige", "draw", "forgo", "done", "cash"):
        return t(lang, f"cmd.{kind}")
    if kind == "reveal":
        return t(lang, "cmd.reveal", cards=_cards_text(lang, action["cards"]))
    if kind == "choose":
        return t(lang, "cmd.choose", card=action["card"])
    if kind == "climb":
        if action["source"] == "supply":
            return t(lang, "cmd.climb", cat=I.cat(action["category"]))
        return t(lang, "cmd.climb_from", cat=I.cat(action["category"]), player=I.player(R.seat_of(action["source"])))
    if kind in ("tile", "build", "architect"):
        return t(lang, f"cmd.{kind}", tile=I.tile(action["tile"]))
    if kind in ("discard", "give"):
        return t(lang, f"cmd.{kind}", card=_cards_text(lang, [action["card"]]))
    if kind == "compensate":
        return t(lang, f"cmd.compensate_{action['kind']}")
    raise ValueError(f"no command for {action}")


# --- render --------------------------------------------------------------------------

_NUMBERED_TILES = ("kirche", "dom", "wappen", "adelsbrief")


def _player_line(s: dict, t_: int, seat: int | None, lang: str) -> str:
    owned = s["owned"][t_]
    tiles = []
    for tile in R.TILES:
        if owned[tile] is not None:
            name = t(lang, f"tile.{tile}")
            tiles.append(f"{name} {owned[tile]}" if tile in _NUMBERED_TILES else name)
    levels = ", ".join(t(lang, "render.level", cat=I.cat(cat), level=R.level(s, t_, cat),
                         name=I.level(cat, R.level(s, t_, cat))) for cat in R.CATS)
    cap = R.cap(s, t_)
    hand = ""
    if t_ == seat or not s["options"].get("hide_hand_sizes", True):
        hand = t(lang, "render.in_hand", count=len(s["hands"][t_]))
    return "  " + t(lang, "render.player_you" if t_ == seat else "render.player", player=I.player(t_),
                    florins=s["money"][t_], prestige=s["prestige"][t_],
                    cap=t(lang, "render.capped", cap=cap) if cap else "", levels=levels,
                    tiles=", ".join(tiles) or t(lang, "none"), hand=hand)


def _privilege_cards(cards, lang: str) -> str:
    return "; ".join(f"{c}: " + ", ".join(t(lang, f"priv.{x}") for x in D.PRIVILEGE_CARDS[str(c)])
                     for c in sorted(cards)) or t(lang, "none")


def _next_row(s: dict, lang: str) -> str:
    """What the table knows of the next round's privilege cards: the five face-down cards
    are turned up as they are (all ten are known, so they are known as a set); after a
    round that turned them up, all ten are shuffled and five drawn at random."""
    p = s["privileges"]
    if s["round"] >= s["rounds"]:
        return t(lang, "render.last_round")
    if p["hidden"]:
        return t(lang, "render.next_row", cards=_privilege_cards(p["hidden"], lang))
    return t(lang, "render.next_shuffled")


def _tie_breaks(engine, s: dict, lang: str) -> list[str]:
    """Why players equal on prestige are ranked apart (or share the rank)."""
    out = engine.outcome(s)
    lines = []
    by_score: dict[int, list[int]] = {}
    for seat in range(s["players"]):
        by_score.setdefault(s["prestige"][seat], []).append(seat)
    for score, seats in sorted(by_score.items(), reverse=True):
        if len(seats) < 2:
            continue
        seats.sort(key=lambda p: out["ranks"][p])
        parts = []
        for p in seats:
            dom, kirche = s["owned"][p]["dom"], s["owned"][p]["kirche"]
            parts.append(t(lang, "render.tie_part", player=I.player(p), dom=dom or t(lang, "none"),
                           kirche=kirche or t(lang, "none")))
        shared = len({out["ranks"][p] for p in seats}) < len(seats)
        lines.append(t(lang, "render.tie_shared" if shared else "render.tie_ranked", points=score, parts="; ".join(parts)))
    return lines


def render(engine, s: dict, seat: int | None, lang: str = "en") -> str:
    """Short top (what is asked of you, your position), then the whole table."""
    lines = []
    if s["step"] == "over":
        out = engine.outcome(s)
        lines.append(t(lang, "render.over"))
        for p in sorted(range(s["players"]), key=lambda p: out["ranks"][p]):
            lines.append(f"  {out['ranks'][p]}. " + t(lang, "render.score", player=I.player(p), points=s["prestige"][p]))
        lines += _tie_breaks(engine, s, lang)
    elif s["step"] in ("buy", "give"):
        lines.append(t(lang, "render.head_buying", round=s["round"], rounds=s["rounds"]))
    else:
        lines.append(t(lang, "render.head_visit", round=s["round"], rounds=s["rounds"], noble=I.noble(R.noble(s))))
    a = s["auction"]
    if a:
        bids = []
        for p in range(s["players"]):
            if p in a["out"]:
                bids.append(t(lang, "render.passed", player=I.player(p)))
            elif a["bids"][p]:
                bids.append(f"{I.CATALOG.value(lang, I.player(p))} {a['bids'][p]}")
        turn = t(lang, "render.to_act", player=I.player(a["turn"])) if s["step"] == "bid" else ""
        lines.append(t(lang, "render.bidding", noble=I.noble(R.noble(s)),
                       bids=", ".join(bids) or t(lang, "render.no_offer"), turn=turn))
    if s["use"] and s["use"]["card"] is not None:
        u = s["use"]
        lines.append(t(lang, "render.using", player=I.player(u["seat"]), card=u["card"],
                       left=", ".join(t(lang, f"priv.{x}") for x in u["left"]) or t(lang, "none"), steps=u["steps"]))
    if seat is not None:
        decisions = [d for d in engine.decisions(s, lang=lang) if d["seat"] == seat]
        if decisions:
            lines.append(t(lang, "render.your_move", prompt=decisions[0]["prompt"]))
            lines.append(describe_actions(engine.actions(s, seat, lang=lang), lang))
        else:
            waiting = [I.player(d["seat"]) for d in engine.decisions(s)]
            if waiting:
                lines.append(t(lang, "render.waiting", players=waiting))
        lines.append(t(lang, "render.you", florins=s["money"][seat], prestige=s["prestige"][seat]))
        lines.append(t(lang, "render.hand", cards=I.cards(R.sort_cards(s["hands"][seat]))))
        if s["offers"][seat]:
            lines.append(t(lang, "render.offered", cards=", ".join(
                f"{I.CATALOG.value(lang, I.card(c))} ({D.note_price(c)})" for c in R.sort_cards(s["offers"][seat]))))
    lines.append("")
    lines.append(t(lang, "render.table"))
    lines.append(t(lang, "render.players"))
    for p in range(s["players"]):
        lines.append(_player_line(s, p, seat, lang))
    lines.append(t(lang, "render.row", cards=_privilege_cards(s["privileges"]["row"], lang)))
    if s["step"] != "over":
        lines.append(_next_row(s, lang))
    lines.append(t(lang, "render.supply", cats="; ".join(
        t(lang, f"cat.{cat}") + " " + ", ".join(f"L{lv}×{s['supply'][cat][lv]}" for lv in ("2", "3", "4"))
        for cat in R.CATS)))
    lines.append(t(lang, "render.stacks", tiles=", ".join(
        f"{t(lang, f'tile.{tile}')} {s['stacks'][tile][0] if s['stacks'][tile] else '-'}" for tile in R.TILES)))
    # note 11: the back of the top note shows its price to everybody
    key = "render.deck_top" if s["deck"] else "render.deck"
    lines.append(t(lang, key, count=len(s["deck"]), price=D.note_price(s["deck"][-1]) if s["deck"] else 0,
                   discard=len(s["discard"])))
    return "\n".join(lines)
