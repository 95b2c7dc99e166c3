"""Citadels (Ohne Furcht und Adel): the character row of the round, every
player's city as coloured, costed district cards, purse, hand size and crown;
your hand, your characters and the draft offer.

Drawn from ``view`` and engines/citadels/data.py only. The layout is assumed
(the game has no board): the characters as a row of eight cards, one table
row per player with their city laid out left to right.
"""

from __future__ import annotations

from engines.citadels import data as D

from boards.draw import Section, Svg, attrs, colour, player_label, q

TITLE = "Citadels"
FILL = {"yellow": "#f2c94c", "blue": "#4f7fd1", "green": "#4caf6a", "red": "#d0463b", "purple": "#8e5bb5"}
INK = {"yellow": "#000000", "blue": "#ffffff", "green": "#000000", "red": "#ffffff", "purple": "#ffffff"}
# One letter on each card as well as its colour, so colour never carries meaning alone.
MARK = {"yellow": "Y", "blue": "B", "green": "G", "red": "R", "purple": "P"}
# The purple powers, in short, from the rulebook's card translation (TRADUZIONE CARTE EDIFICIO VIOLA).
POWER_TEXT = {
    "haunted_city": "any colour at the end",
    "keep": "the Warlord cannot destroy it",
    "laboratory": f"discard a card: {D.LABORATORY_GOLD} gold, once a turn",
    "smithy": f"pay {D.SMITHY_PRICE} gold: draw {D.SMITHY_CARDS}, once a turn",
    "observatory": f"draw {D.OBSERVATORY_DRAW}, keep 1",
    "graveyard": f"pay {D.GRAVEYARD_PRICE} gold: take back a destroyed district",
    "school_of_magic": "any colour for income",
    "library": "keep every card drawn",
    "university": "worth 8 points",
    "dragon_gate": "worth 8 points",
}


# What each character does, in short, on its card (the mail and the acting part give it in full).
CHAR_POWER = {
    "assassin": ("murders a character:", "it loses its turn"),
    "thief": ("robs a character:", "takes all its gold"),
    "magician": ("swaps hands, or", "redraws any cards"),
    "king": ("takes the crown;", "gold per yellow"),
    "bishop": ("safe from the Warlord;", "gold per blue"),
    "merchant": ("+1 gold;", "gold per green"),
    "architect": ("+2 cards;", "builds up to 3"),
    "warlord": ("destroys a district;", "gold per red"),
}


def _name(did: str) -> str:
    return D.DISTRICTS[did]["en"]


def _char(cid: str) -> str:
    return f"{D.RANK[cid]} {D.CHAR_EN[cid]}"


def heading(v: dict, seat, names) -> str:
    phase = {"draft": "choosing characters", "turn": "characters' turns", "graveyard": "the Graveyard",
             "over": "game over"}.get(v["phase"], v["phase"])
    last = " (last round)" if v.get("last_round") else ""
    return f"Citadels - round {v['round']}{last}, {phase}"


def _card(svg: Svg, x, y, did: str, *, w=74, h=62, k=None) -> None:
    d = D.DISTRICTS[did]
    col = d["colour"]
    svg.rect(x, y, w, h, fill="#fbf6ea", stroke="#4a3b28", rx=4, data_card=did)
    svg.rect(x, y, w, 16, fill=FILL[col], stroke="#4a3b28", rx=4)
    svg.text(x + 4, y + 12, MARK[col], size=10, weight="bold", fill=INK[col])
    # the cost as coins along the top edge
    svg.circle(x + w - 10, y + 8, 7, fill="#e5b93b", stroke="#7a5a10")
    svg.text(x + w - 10, y + 11.5, d["cost"], size=9, anchor="middle", weight="bold", k=(k + ".cost") if k else None)
    words = _name(did).split(" ")
    lines = [" ".join(words[:2]), " ".join(words[2:])] if len(words) > 2 else (words if len(words) == 2 else [words[0]])
    # one text element (a line per tspan), so the name reads back whole
    spans = "".join(
        f'<tspan x="{x + w / 2}" dy="{0 if i == 0 else 11}">{q(line)}{" " if i + 1 < len(lines) else ""}</tspan>'
        for i, line in enumerate(lines[:2]))
    svg.add(f'<text{attrs(x=x + w / 2, y=y + 30, font_size=9.5, text_anchor="middle", font_weight="bold", data_k=k)}>{spans}</text>')
    if col == "purple":
        power = POWER_TEXT.get(did, "")
        half = power.rfind(" ", 0, 20) if len(power) > 20 else len(power)
        for i, line in enumerate((power[:half], power[half:].strip())):
            svg.text(x + w / 2, y + 48 + i * 8, line, size=6.5, anchor="middle", italic=True, fill="#3b2a55")


def draw(v: dict, seat, names) -> Svg:
    n = v["players"]
    row_h = 86
    y_players = 190
    y_you = y_players + n * row_h + 16
    height = y_you + (230 if seat is not None else 30)
    svg = Svg(1000, height, title=heading(v, seat, names),
              desc="The character row of this round, every player's city, purse, hand size and crown, "
                   "and your hand and characters.",
              slug="citadels", background="#e9e1cf")
    svg.rect(4, 4, 992, height - 8, fill="none", stroke="#4a3b28", sw=3, rx=8)
    svg.text(20, 30, heading(v, seat, names), size=18, weight="bold", fill="#3b2a1a", k="heading")
    svg.text(600, 30, f"bank {v['bank']} gold, deck {v['deck_size']} cards, city of {v['options']['city_size']} ends the game",
             size=11, k="bank")
    _characters(svg, v, names)
    for p in range(n):
        _player(svg, v, p, 20, y_players + p * row_h, seat, names)
    if seat is not None:
        _you(svg, v, seat, y_you)
    return svg


def _characters(svg: Svg, v: dict, names) -> None:
    svg.text(20, 56, "Characters this round (called in order of rank)", size=13, weight="bold")
    calls = {c["rank"]: c for c in v["calls"]}
    for i, cid in enumerate(D.CHAR_IDS):
        rank = D.RANK[cid]
        x, y = 20 + i * 120, 64
        status, who = "", None
        if cid in v["aside_up"]:
            status = "aside face up"
        elif rank in calls:
            c = calls[rank]
            if c["result"] == "revealed":
                who = c["seat"]
                status = "called"
            elif c["result"] == "murdered":
                status = "murdered, skipped"
            else:
                status = "called: nobody"
        if cid == v.get("killed") and not status.startswith("murdered"):
            status = (status + ", " if status else "") + "murdered"
        if cid == v.get("robbed"):
            status = (status + ", " if status else "") + "robbed"
        face_up = cid in v["aside_up"]
        svg.rect(x, y, 112, 104, fill="#d8cfbf" if face_up else "#fdf8ec", stroke="#4a3b28", rx=6, data_rank=rank,
                 stroke_dasharray="4 3" if face_up else None)
        svg.circle(x + 16, y + 16, 11, fill="#3b2a1a")
        svg.text(x + 16, y + 20.5, rank, size=12, anchor="middle", weight="bold", fill="#fff")
        svg.text(x + 32, y + 16, D.CHAR_EN[cid], size=11.5, weight="bold", k=f"char.{rank}")
        svg.text(x + 32, y + 29, D.CHAR_DE[cid], size=9.5, italic=True)
        if who is None and not status:
            for j, line in enumerate(CHAR_POWER[cid]):
                svg.text(x + 8, y + 46 + j * 11, line, size=9, fill="#3b2a55", italic=True, k=f"char.{rank}.power.{j}")
        svg.spot(x, y, 112, 104, f"character:{cid}")
        if "murdered" in status:
            svg.path(f"M{x + 6},{y + 36} L{x + 106},{y + 98} M{x + 106},{y + 36} L{x + 6},{y + 98}", stroke="#9b1c1c", sw=3)
        if "robbed" in status:
            svg.rect(x + 60, y + 40, 46, 16, fill="#333", rx=3)
            svg.text(x + 83, y + 52, "robbed", size=9, anchor="middle", fill="#fff")
        if who is not None:
            svg.token(x + 20, y + 60, who, r=10)
            svg.text(x + 34, y + 64, player_label(who, names)[:10], size=10, k=f"char.{rank}.seat")
        lines = status.split(", ")
        for j, line in enumerate(lines):
            svg.text(x + 56, y + 84 + j * 10, line, size=9.5, anchor="middle", k=f"char.{rank}.status" if j == 0 and line else None)
    svg.text(20, 182, f"Face down aside: {v['aside_down_count']}" + (
        f"; you saw {', '.join(_char(c) for c in v.get('aside_down_known') or [])}" if v.get("aside_down_known") else ""),
        size=11, k="aside_down")


def _player(svg: Svg, v: dict, p: int, x0: int, y0: int, seat, names) -> None:
    s = v["seats"][p]
    turn = (v.get("turn") or {}).get("seat") == p
    svg.rect(x0 - 6, y0 - 4, 968, 80, fill=colour(p), fill_opacity=0.10, stroke="#a0522d" if turn else "#8b7b5b",
             sw=2.5 if turn else 0.8, rx=5)
    svg.token(x0 + 10, y0 + 12, p, r=10)
    svg.spot(x0 - 6, y0 - 4, 180, 44, f"player:{p}")
    svg.text(x0 + 26, y0 + 16, player_label(p, names)[:18] + (" (you)" if p == seat else ""), size=12, weight="bold")
    if s["crown"]:
        svg.token(x0 + 170, y0 + 12, p, r=10, shape="crown", label=False)
        svg.text(x0 + 170, y0 + 34, "crown", size=8, anchor="middle", k=f"crown.{p}")
    svg.circle(x0 + 10, y0 + 34, 8, fill="#e5b93b", stroke="#7a5a10")
    svg.text(x0 + 24, y0 + 38, f"{s['gold']} gold", size=11, k=f"gold.{p}")
    svg.text(x0 + 90, y0 + 38, f"{s['hand_size']} cards", size=11, k=f"hand.{p}")
    chars = ", ".join(_char(c) for c in s["characters"]) or (f"{s['character_count']} hidden" if s["character_count"] else "-")
    svg.text(x0 + 2, y0 + 56, f"character: {chars}", size=10, k=f"chars.{p}")
    if s["complete"]:
        svg.text(x0 + 2, y0 + 70, "city complete", size=10, weight="bold", k=f"complete.{p}")
    for j, b in enumerate(s["city"]):
        _card(svg, x0 + 190 + j * 78, y0 + 4, b["card"], k=f"city.{p}.{j}")
        svg.spot(x0 + 190 + j * 78, y0 + 4, 74, 62, f"city:{p}:{b['card']}")


def _you(svg: Svg, v: dict, seat: int, y0: int) -> None:
    hand = v.get("hand") or []
    svg.text(20, y0 + 4, f"Your hand ({len(hand)} cards)", size=13, weight="bold")
    for j, did in enumerate(hand[:10]):
        _card(svg, 20 + j * 78, y0 + 12, did, k=f"yourhand.{j}")
        svg.spot(20 + j * 78, y0 + 12, 74, 62, f"hand:{did}")
    if len(hand) > 10:
        svg.text(20 + 10 * 78, y0 + 40, f"+{len(hand) - 10} more", size=11)
    mine = v.get("my_characters") or []
    svg.text(20, y0 + 100, "Your characters: " + (", ".join(_char(c) for c in mine) or "none yet"), size=12, weight="bold",
             k="yourchars")
    dr = v.get("draft")
    if dr and dr.get("offered"):
        svg.text(20, y0 + 124, "Choose from:", size=12, weight="bold")
        for j, cid in enumerate(dr["offered"]):
            x = 110 + j * 96
            svg.rect(x, y0 + 110, 90, 24, fill="#fdf8ec", stroke="#4a3b28", rx=4)
            svg.text(x + 45, y0 + 126, _char(cid), size=10.5, anchor="middle", k=f"offer.{D.RANK[cid]}")
    elif dr:
        svg.text(20, y0 + 124, f"Choosing now: P{dr['chooser'] + 1} ({dr['pile_size']} characters in the pile)", size=11,
                 k="draft")
    t = v.get("turn")
    if t and t.get("drawn"):
        svg.text(20, y0 + 150, "You drew (keep one): " + ", ".join(_name(c) for c in t["drawn"]), size=11, k="drawn")
        for j, did in enumerate(t["drawn"][:10]):
            _card(svg, 20 + j * 78, y0 + 158, did)
            svg.spot(20 + j * 78, y0 + 158, 74, 62, f"drawn:{did}")


def sections(v: dict, seat, names) -> list[Section]:
    calls = {c["rank"]: c for c in v["calls"]}
    chars = []
    for cid in D.CHAR_IDS:
        r = D.RANK[cid]
        bits = []
        if cid in v["aside_up"]:
            bits.append("set aside face up")
        if r in calls:
            c = calls[r]
            bits.append(f"called: {player_label(c['seat'], names)}" if c["result"] == "revealed"
                        else ("murdered, skipped" if c["result"] == "murdered" else "called: nobody"))
        if cid == v.get("killed") and not any("murdered" in b for b in bits):
            bits.append("murdered")
        if cid == v.get("robbed"):
            bits.append("robbed")
        chars.append(f"{r}. {D.CHAR_EN[cid]} ({D.CHAR_DE[cid]})" + (": " + ", ".join(bits) if bits else ""))
    chars.append(f"{v['aside_down_count']} set aside face down")
    out = [Section("Characters this round", chars)]
    rows = []
    for s in v["seats"]:
        p = s["seat"]
        city = "; ".join(
            f"{_name(b['card'])} ({D.DISTRICTS[b['card']]['colour']}, {D.DISTRICTS[b['card']]['cost']})"
            + (f" - {POWER_TEXT[b['card']]}" if b["card"] in POWER_TEXT else "") for b in s["city"]) or "nothing built"
        who = ", ".join(_char(c) for c in s["characters"]) or (f"{s['character_count']} hidden" if s["character_count"] else "-")
        rows.append([player_label(p, names) + (" (you)" if p == seat else "") + (" - crown" if s["crown"] else ""),
                     s["gold"], s["hand_size"], who, city])
    out.append(Section("Cities", head=["Player", "Gold", "Cards in hand", "Character", "City (colour, cost)"], rows=rows))
    out.append(Section("Table", [f"Bank {v['bank']} gold; deck {v['deck_size']} cards; "
                                 f"a city of {v['options']['city_size']} districts ends the game"]))
    if seat is not None:
        lines = ["Hand: " + (", ".join(f"{_name(c)} ({D.DISTRICTS[c]['colour']}, {D.DISTRICTS[c]['cost']})"
                                       for c in v.get("hand") or []) or "empty"),
                 "Your characters: " + (", ".join(_char(c) for c in v.get("my_characters") or []) or "none yet")]
        dr = v.get("draft")
        if dr and dr.get("offered"):
            lines.append("Choose one of: " + ", ".join(_char(c) for c in dr["offered"]))
        out.append(Section("You", lines))
    return out
