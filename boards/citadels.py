"""Citadels (Ohne Furcht und Adel): the character row of the round, every
player's city as coloured, costed district cards, purse, hand size and crown;
your hand, your characters and the draft offer.

Drawn from ``view`` and engines/citadels/data.py only. The layout is assumed
(the game has no board): the characters as a row of eight cards, one table
row per player with their city laid out left to right.
"""

from __future__ import annotations

from engines.citadels import data as D
from engines.citadels.i18n import CATALOG as GAME
from engines.i18n import LANGUAGES, Catalog, language

from boards.draw import Section, Svg, game_title, colour, player_label, short, wrap

TITLE = "Citadels"
FILL = {"yellow": "#f2c94c", "blue": "#4f7fd1", "green": "#4caf6a", "red": "#d0463b", "purple": "#8e5bb5"}
INK = {"yellow": "#000000", "blue": "#ffffff", "green": "#000000", "red": "#ffffff", "purple": "#ffffff"}
# One letter on each card as well as its colour, so colour never carries meaning alone: the
# initial of the colour's name in the reader's language (c.mark.*).
COLOURS = ("yellow", "blue", "green", "red", "purple")
# The purple powers, in short (c.power.*), from the rulebook's card translation (TRADUZIONE CARTE EDIFICIO VIOLA);
# what each character does, in short, on its card (c.char.*, two lines; the mail and the acting part give it in full).
POWERS = ("haunted_city", "keep", "laboratory", "smithy", "observatory", "graveyard", "school_of_magic", "library",
          "university", "dragon_gate")
# the board's words (boards/lang, keys c.*) over the game's terms (characters, districts, colours: the engine's catalog)
CATALOG = Catalog.load("boards", parent=GAME)


def t(lang: str, key: str, **args) -> str:
    return CATALOG.text(lang, key, **args)


# The purple powers as printed, in every language: public text whoever holds the card (the page
# tests' leak check reads every module's *_TEXT table as such, so "keep" in "draw 3, keep 1" is no leak).
POWER_TEXT = {
    (lang, did): t(lang, f"c.power.{did}", lab=D.LABORATORY_GOLD, price=D.SMITHY_PRICE, count=D.SMITHY_CARDS,
                   draw=D.OBSERVATORY_DRAW, graveyard=D.GRAVEYARD_PRICE)
    for lang in LANGUAGES for did in POWERS
}


def _power(lang: str, did: str) -> str:
    return POWER_TEXT[language(lang), did]


def _name(lang: str, did: str) -> str:
    return t(lang, f"district.{did}")


def _colour(lang: str, col: str) -> str:
    return t(lang, f"colour.{col}")


def _char_name(lang: str, cid: str) -> str:
    return t(lang, f"char.{cid}")


def _char(lang: str, cid: str) -> str:
    return f"{D.RANK[cid]} {_char_name(lang, cid)}"


def heading(v: dict, seat, names, lang: str = "en") -> str:
    phase = t(lang, f"c.phase.{v['phase']}") if CATALOG.has(f"c.phase.{v['phase']}") else v["phase"]
    last = t(lang, "c.last_round") if v.get("last_round") else ""
    return t(lang, "c.heading", title=game_title("citadels", lang), round=v["round"], last=last, phase=phase)


CARD_W, CARD_H, CARD_STEP = 90, 70, 94  # room for the districts' names and purple powers in every language


def _card(svg: Svg, x, y, did: str, *, w=CARD_W, h=CARD_H, k=None) -> None:
    lang = svg.lang
    d = D.DISTRICTS[did]
    col = d["colour"]
    svg.rect(x, y, w, h, fill="#fbf6ea", stroke="#4a3b28", rx=4, data_card=did)
    svg.rect(x, y, w, 16, fill=FILL[col], stroke="#4a3b28", rx=4)
    svg.text(x + 4, y + 12, t(lang, f"c.mark.{col}"), size=10, weight="bold", fill=INK[col])
    # the cost as coins along the top edge
    svg.circle(x + w - 10, y + 8, 7, fill="#e5b93b", stroke="#7a5a10")
    svg.text(x + w - 10, y + 11.5, d["cost"], size=9, anchor="middle", weight="bold", k=(k + ".cost") if k else None)
    # one text element (a line per tspan), so the name reads back whole
    svg.lines(x + w / 2, y + 30, wrap(_name(lang, did), w - 4, 9.5, bold=True), size=9.5, leading=11, anchor="middle",
              weight="bold", k=k, fit=w - 4)
    if col == "purple":
        svg.lines(x + w / 2, y + 51, wrap(_power(lang, did), w - 4, 9, max_lines=3), size=9, leading=9, anchor="middle", italic=True,
                  fill="#3b2a55", fit=w - 4)


def draw(v: dict, seat, names, lang: str = "en") -> Svg:
    n = v["players"]
    row_h = 86
    y_players = 190
    y_you = y_players + n * row_h + 16
    height = y_you + (240 if seat is not None else 30)
    svg = Svg(1000, height, title=heading(v, seat, names, lang), desc=t(lang, "c.desc"), slug="citadels",
              background="#e9e1cf", lang=lang)
    svg.rect(4, 4, 992, height - 8, fill="none", stroke="#4a3b28", sw=3, rx=8)
    svg.text(20, 30, heading(v, seat, names, lang), size=18, weight="bold", fill="#3b2a1a", k="heading", fit=570)
    svg.text(600, 30, t(lang, "c.bank", bank=v["bank"], deck=v["deck_size"], size=v["options"]["city_size"]), size=11,
             k="bank", fit=390)
    _characters(svg, v, names)
    for p in range(n):
        _player(svg, v, p, 20, y_players + p * row_h, seat, names)
    if seat is not None:
        _you(svg, v, seat, y_you)
    return svg


def _status(lang: str, v: dict, cid: str, calls: dict) -> tuple[list[str], int | None]:
    """What befell a character this round, as short words for its card, and who revealed it."""
    rank = D.RANK[cid]
    bits, who = [], None
    if cid in v["aside_up"]:
        bits.append(t(lang, "c.aside_up"))
    elif rank in calls:
        c = calls[rank]
        if c["result"] == "revealed":
            who = c["seat"]
            bits.append(t(lang, "c.called"))
        elif c["result"] == "murdered":
            bits += [t(lang, "c.murdered"), t(lang, "c.skipped")]
        else:
            bits.append(t(lang, "c.called_nobody"))
    if cid == v.get("killed") and not (rank in calls and calls[rank]["result"] == "murdered"):
        bits.append(t(lang, "c.murdered"))
    if cid == v.get("robbed"):
        bits.append(t(lang, "c.robbed"))
    return bits, who


def _characters(svg: Svg, v: dict, names) -> None:
    lang = svg.lang
    svg.text(20, 56, t(lang, "c.characters"), size=13, weight="bold", fit=960)
    calls = {c["rank"]: c for c in v["calls"]}
    with_original = "{original}" in CATALOG.template(lang, "char_full")  # the German name under the reader's, as the engine writes it
    for i, cid in enumerate(D.CHAR_IDS):
        rank = D.RANK[cid]
        x, y = 20 + i * 120, 64
        bits, who = _status(lang, v, cid, calls)
        face_up = cid in v["aside_up"]
        svg.rect(x, y, 112, 104, fill="#d8cfbf" if face_up else "#fdf8ec", stroke="#4a3b28", rx=6, data_rank=rank,
                 stroke_dasharray="4 3" if face_up else None)
        svg.circle(x + 16, y + 16, 11, fill="#3b2a1a")
        svg.text(x + 16, y + 20.5, rank, size=12, anchor="middle", weight="bold", fill="#fff")
        svg.text(x + 32, y + 16, _char_name(lang, cid), size=11.5, weight="bold", k=f"char.{rank}", fit=76)
        if with_original:
            svg.text(x + 32, y + 29, D.CHAR_DE[cid], size=9.5, italic=True, fit=76)
        if who is None and not bits:
            lines = [part for line in t(lang, f"c.char.{cid}").split("\n") for part in wrap(line, 100, 9)]
            svg.lines(x + 8, y + 44, lines[:4], size=9, leading=10, fill="#3b2a55", italic=True, k=f"char.{rank}.power", fit=100)
        svg.spot(x, y, 112, 104, f"character:{cid}")
        murdered = (rank in calls and calls[rank]["result"] == "murdered") or cid == v.get("killed")
        if murdered:
            svg.path(f"M{x + 6},{y + 36} L{x + 106},{y + 98} M{x + 106},{y + 36} L{x + 6},{y + 98}", stroke="#9b1c1c", sw=3)
        if cid == v.get("robbed"):
            svg.rect(x + 56, y + 40, 52, 16, fill="#333", rx=3)
            svg.text(x + 82, y + 52, t(lang, "c.robbed"), size=9, anchor="middle", fill="#fff", fit=50)
        if who is not None:
            svg.token(x + 20, y + 60, who, r=10)
            svg.text(x + 34, y + 64, player_label(who, names, lang)[:10], size=10, k=f"char.{rank}.seat")
        for j, line in enumerate(bits):
            svg.text(x + 56, y + 84 + j * 10, line, size=9.5, anchor="middle", k=f"char.{rank}.status" if j == 0 and line else None,
                     fit=104)
    known = v.get("aside_down_known")
    svg.text(20, 182, t(lang, "c.aside_down", count=v["aside_down_count"]) + (
        t(lang, "c.you_saw", characters=", ".join(_char(lang, c) for c in known)) if known else ""), size=11, k="aside_down",
        fit=960)


def _player(svg: Svg, v: dict, p: int, x0: int, y0: int, seat, names) -> None:
    lang = svg.lang
    s = v["seats"][p]
    turn = (v.get("turn") or {}).get("seat") == p
    svg.rect(x0 - 6, y0 - 4, 968, 80, fill=colour(p), fill_opacity=0.10, stroke="#a0522d" if turn else "#8b7b5b",
             sw=2.5 if turn else 0.8, rx=5)
    svg.token(x0 + 10, y0 + 12, p, r=10)
    svg.spot(x0 - 6, y0 - 4, 180, 44, f"player:{p}")
    svg.text(x0 + 26, y0 + 16, player_label(p, names, lang)[:18] + (t(lang, "b.you") if p == seat else ""), size=12,
             weight="bold", fit=132)
    if s["crown"]:
        svg.token(x0 + 170, y0 + 12, p, r=10, shape="crown", label=False)
        svg.text(x0 + 170, y0 + 34, t(lang, "c.crown"), size=8, anchor="middle", k=f"crown.{p}")
    svg.circle(x0 + 10, y0 + 34, 8, fill="#e5b93b", stroke="#7a5a10")
    svg.text(x0 + 24, y0 + 38, t(lang, "c.gold", count=s["gold"]), size=11, k=f"gold.{p}", fit=64)
    svg.text(x0 + 90, y0 + 38, t(lang, "c.cards", count=s["hand_size"]), size=11, k=f"hand.{p}", fit=64)
    chars = ", ".join(_char(lang, c) for c in s["characters"]) or (
        t(lang, "c.hidden", count=s["character_count"]) if s["character_count"] else "-")
    svg.text(x0 + 2, y0 + 56, t(lang, "c.character", characters=chars), size=10, k=f"chars.{p}", fit=180)
    if s["complete"]:
        svg.text(x0 + 2, y0 + 70, t(lang, "c.complete"), size=10, weight="bold", k=f"complete.{p}", fit=180)
    for j, b in enumerate(s["city"]):
        _card(svg, x0 + 190 + j * CARD_STEP, y0 + 4, b["card"], k=f"city.{p}.{j}")
        svg.spot(x0 + 190 + j * CARD_STEP, y0 + 4, CARD_W, CARD_H, f"city:{p}:{b['card']}")


def _you(svg: Svg, v: dict, seat: int, y0: int) -> None:
    lang = svg.lang
    hand = v.get("hand") or []
    svg.text(20, y0 + 4, t(lang, "c.your_hand", count=len(hand)), size=13, weight="bold")
    for j, did in enumerate(hand[:10]):
        _card(svg, 20 + j * CARD_STEP, y0 + 12, did, k=f"yourhand.{j}")
        svg.spot(20 + j * CARD_STEP, y0 + 12, CARD_W, CARD_H, f"hand:{did}")
    if len(hand) > 10:
        svg.text(20 + 10 * CARD_STEP, y0 + 40, t(lang, "c.more", count=len(hand) - 10), size=11)
    mine = v.get("my_characters") or []
    svg.text(20, y0 + 100, t(lang, "c.your_characters", characters=", ".join(_char(lang, c) for c in mine) or t(lang, "c.none_yet")),
             size=12, weight="bold", k="yourchars", fit=960)
    dr = v.get("draft")
    if dr and dr.get("offered"):
        label = t(lang, "c.choose_from")
        svg.text(20, y0 + 124, label, size=12, weight="bold", fit=86)
        for j, cid in enumerate(dr["offered"]):
            x = 110 + j * 96
            svg.rect(x, y0 + 110, 90, 24, fill="#fdf8ec", stroke="#4a3b28", rx=4)
            svg.text(x + 45, y0 + 126, _char(lang, cid), size=10.5, anchor="middle", k=f"offer.{D.RANK[cid]}", fit=86)
    elif dr:
        svg.text(20, y0 + 124, t(lang, "c.choosing", player=short(dr["chooser"], lang), count=dr["pile_size"]), size=11,
                 k="draft", fit=960)
    tn = v.get("turn")
    if tn and tn.get("drawn"):
        svg.text(20, y0 + 150, t(lang, "c.drew", cards=", ".join(_name(lang, c) for c in tn["drawn"])), size=11, k="drawn",
                 fit=960)
        for j, did in enumerate(tn["drawn"][:10]):
            _card(svg, 20 + j * CARD_STEP, y0 + 158, did)
            svg.spot(20 + j * CARD_STEP, y0 + 158, CARD_W, CARD_H, f"drawn:{did}")


def _district(lang: str, did: str) -> str:
    d = D.DISTRICTS[did]
    return f"{_name(lang, did)} ({_colour(lang, d['colour'])}, {d['cost']})"


def sections(v: dict, seat, names, lang: str = "en") -> list[Section]:
    calls = {c["rank"]: c for c in v["calls"]}
    chars = []
    for cid in D.CHAR_IDS:
        r = D.RANK[cid]
        bits = []
        if cid in v["aside_up"]:
            bits.append(t(lang, "c.s.aside_up"))
        if r in calls:
            c = calls[r]
            bits.append(t(lang, "c.s.called", player=player_label(c["seat"], names, lang)) if c["result"] == "revealed"
                        else (t(lang, "c.s.murdered_skipped") if c["result"] == "murdered" else t(lang, "c.s.called_nobody")))
        if cid == v.get("killed") and not (r in calls and calls[r]["result"] == "murdered"):
            bits.append(t(lang, "c.murdered"))
        if cid == v.get("robbed"):
            bits.append(t(lang, "c.robbed"))
        name = _char_name(lang, cid)
        if name != D.CHAR_DE[cid]:
            name = f"{name} ({D.CHAR_DE[cid]})"
        chars.append(f"{r}. {name}" + (": " + ", ".join(bits) if bits else ""))
    chars.append(t(lang, "c.s.aside_down", count=v["aside_down_count"]))
    out = [Section(t(lang, "c.s.characters"), chars)]
    rows = []
    for s in v["seats"]:
        p = s["seat"]
        city = "; ".join(
            _district(lang, b["card"]) + (f" - {_power(lang, b['card'])}" if b["card"] in POWERS else "")
            for b in s["city"]) or t(lang, "c.s.nothing_built")
        who = ", ".join(_char(lang, c) for c in s["characters"]) or (
            t(lang, "c.hidden", count=s["character_count"]) if s["character_count"] else "-")
        rows.append([player_label(p, names, lang) + (t(lang, "b.you") if p == seat else "")
                     + (t(lang, "c.s.crown") if s["crown"] else ""), s["gold"], s["hand_size"], who, city])
    out.append(Section(t(lang, "c.s.cities"), head=[t(lang, "c.s.col.player"), t(lang, "c.s.col.gold"), t(lang, "c.s.col.hand"),
                                                 t(lang, "c.s.col.character"), t(lang, "c.s.col.city")], rows=rows))
    out.append(Section(t(lang, "c.s.table"), [t(lang, "c.s.bank", bank=v["bank"], deck=v["deck_size"],
                                                 size=v["options"]["city_size"])]))
    if seat is not None:
        lines = [t(lang, "c.s.hand", cards=", ".join(_district(lang, c) for c in v.get("hand") or []) or t(lang, "c.s.empty")),
                 t(lang, "c.your_characters", characters=", ".join(_char(lang, c) for c in v.get("my_characters") or [])
                   or t(lang, "c.none_yet"))]
        dr = v.get("draft")
        if dr and dr.get("offered"):
            lines.append(t(lang, "c.s.choose", characters=", ".join(_char(lang, c) for c in dr["offered"])))
        out.append(Section(t(lang, "c.s.you"), lines))
    return out
