"""Augsburg 1520: the nobles' row, the privilege cards, the player boards'
categories, the prestige track, the rights tiles and your debt notes.

Drawn from ``view`` and engines/augsburg1520/data.py only. The layout is
assumed (the box's board is a picture not in the texts): nobles across the top
in visit order, the prestige track as a frame of 0-60 spaces, the three
categories of the engine's player boards as ladders with every player's piece.
"""

from __future__ import annotations

from engines.augsburg1520 import data as D

from boards.draw import Section, Svg, colour, legend, player_label

TITLE = "Augsburg 1520"
CAT_FILL = {"yellow": "#f6d55c", "orange": "#f0a04b", "purple": "#9b6bbf"}
PRIV_TEXT = {
    "gold": f"{D.PRIVILEGE_GOLD} florins",
    "prestige6": "6 prestige",
    "prestige7": "7 prestige",
    "draw": f"draw {D.PRIVILEGE_DRAW} notes",
    "yellow": "yellow level",
    "orange": "orange level",
    "purple": "purple level",
}
STEP_TEXT = {
    "buy": "buying debt notes", "give": "giving back notes", "bid": "bidding", "reveal": "showdown",
    "pay": "paying the offer", "choose": "choosing a privilege card", "use": "using privileges",
    "finish": "the Baumeister builds", "discard": "discarding", "compensate": "compensation", "over": "game over",
}
TRACK_MAX = 60  # assumed: the printed track's length; markers past it wrap with a "+60" label


def _noble_of(card: str) -> str:
    return card.rsplit("-", 1)[0]


# Notes are written "Léo 12" and keyed "leo 12": never the command form "leo-12", whose
# prefix "leo-1" would read as another note in a text search.
def _note(card: str) -> str:
    return card.replace("-", " ")


def _say(card: str) -> str:
    noble, value = card.rsplit("-", 1)
    return "joker" if noble == "joker" else f"{D.NOBLE_NAMES[noble]} {value}"


def heading(v: dict, seat, names) -> str:
    noble = D.NOBLE_NAMES[v["noble"]]
    step = STEP_TEXT.get(v["step"], v["step"])
    where = f", visit to {noble}" if v["step"] not in ("buy", "give", "over") else ""
    return f"Augsburg 1520 - round {v['round']} of {v['rounds']}{where}, {step}"


def draw(v: dict, seat, names) -> Svg:
    n = v["players"]
    svg = Svg(980, 870, title=heading(v, seat, names),
              desc="Nobles in visit order with the auction, privilege cards, categories with each player's level, "
                   "prestige track with caps, rights tiles, money and debt notes.",
              slug="augsburg1520", background="#efe3c4")
    svg.rect(4, 4, 972, 862, fill="none", stroke="#7a5a2a", sw=3, rx=8)
    svg.text(20, 30, heading(v, seat, names), size=18, weight="bold", fill="#5a3412", k="heading")
    _nobles(svg, v)
    _privileges(svg, v)
    _categories(svg, v)
    _tiles(svg, v)
    _players(svg, v, seat, names)
    _track(svg, v)
    _hand(svg, v, seat)
    legend(svg, 790, 476, n, names, seat)
    return svg


def _nobles(svg: Svg, v: dict) -> None:
    a = v["auction"] or {}
    current = D.NOBLES.index(v["noble"]) if v["step"] not in ("buy", "give", "over") else -1
    svg.text(20, 56, "Nobles (visit order)", size=13, weight="bold")
    for i, noble in enumerate(D.NOBLES):
        x, y = 20 + i * 118, 62
        now = i == current
        svg.rect(x, y, 110, 118, fill="#fbf5e6" if not now else "#fff3c4", stroke="#a0522d" if now else "#7a5a2a",
                 sw=3 if now else 1, rx=6, data_noble=noble)
        svg.text(x + 55, y + 18, D.NOBLE_NAMES[noble], size=13, anchor="middle", weight="bold", k=f"noble.{i}")
        svg.text(x + 55, y + 32, f"{i + 1}. visit" + (" - now" if now else ""), size=10, anchor="middle", fill="#5a3412")
        won = v["winners"][i] if i < len(v["winners"]) else None
        if won is not None:
            svg.token(x + 20, y + 54, won, r=9)
            svg.text(x + 34, y + 58, "won by", size=10)
            svg.text(x + 34, y + 70, f"P{won + 1}", size=10, weight="bold", k=f"winner.{i}")
        if now and a:
            svg.text(x + 6, y + 88, f"high {a.get('high', 0)}", size=11, weight="bold", k="auction.high")
            holder = a.get("leader")
            svg.text(x + 6, y + 102, "holder " + (f"P{holder + 1}" if holder is not None else "-"), size=11, k="auction.leader")
    if a and current >= 0:
        y = 196
        svg.text(20, y, f"Auction for {D.NOBLE_NAMES[v['noble']]} (opened by P{a['opener'] + 1}):", size=12, weight="bold")
        for p in range(v["players"]):
            x = 20 + p * 118
            svg.token(x + 10, y + 14, p, r=8)
            if p in a["out"]:
                said = "passed"
            elif a["bids"][p]:
                said = f"{a['bids'][p]} note{'s' if a['bids'][p] > 1 else ''}"
            else:
                said = "-"
            if p == a.get("leader"):
                said += " (holds)"
            svg.text(x + 24, y + 18, said, size=11, k=f"bid.{p}")
    sd = v.get("showdown")
    if sd:
        svg.text(620, 196, f"Showdown: {', '.join(f'P{t + 1}' for t in sd['seats'])} show {sd['count']} notes", size=12,
                 k="showdown")


def _privileges(svg: Svg, v: dict) -> None:
    p = v["privileges"]
    x0, y0 = 620, 52
    svg.text(x0, y0 + 4, "Privilege cards face up", size=13, weight="bold")
    for i, card in enumerate(p["row"]):
        x = x0 + i * 70
        svg.rect(x, y0 + 10, 64, 112, fill="#fff8e1", stroke="#8d6e3f", rx=5, data_card=card)
        svg.spot(x, y0 + 10, 64, 112, f"privilege:{card}")
        svg.text(x + 32, y0 + 24, f"card {card}", size=10, anchor="middle", weight="bold", k=f"priv.{card}")
        for j, kind in enumerate(D.PRIVILEGE_CARDS[str(card)]):
            yy = y0 + 32 + j * 30
            fill = CAT_FILL.get(kind, "#e0d4b4")
            svg.rect(x + 4, yy, 56, 26, fill=fill, stroke="#6b5532", rx=3)
            words = PRIV_TEXT[kind].split(" ", 1)
            svg.text(x + 32, yy + 11, words[0], size=9, anchor="middle", k=f"priv.{card}.{j}")
            svg.text(x + 32, yy + 22, words[1] if len(words) > 1 else "", size=9, anchor="middle")
    if not p["row"]:
        svg.text(x0, y0 + 30, "none left", size=11, italic=True)
    u = v.get("use")
    if u and u.get("card") is not None:
        svg.text(x0, y0 + 138, f"P{u['seat'] + 1} uses card {u['card']}: {u['steps']} to use", size=11, k="use")
    svg.text(x0, y0 + 152, f"Next row: {len(p['face_down'])} face down; used {len(p['used'])}", size=11, k="priv.next")


def _categories(svg: Svg, v: dict) -> None:
    x0, y0 = 20, 236
    svg.text(x0, y0, "Categories (levels 1-4) and level cards in the supply", size=13, weight="bold")
    for c, cat in enumerate(D.CATEGORIES):
        y = y0 + 12 + c * 66
        svg.rect(x0, y, 560, 58, fill=CAT_FILL[cat], stroke="#5b4520", rx=4, fill_opacity=0.35)
        svg.spot(x0, y, 68, 58, f"level:{cat}")
        svg.text(x0 + 6, y + 16, cat, size=12, weight="bold")
        for lv in range(4):
            x = x0 + 70 + lv * 100
            svg.rect(x, y + 4, 94, 50, fill="#fffdf5", stroke="#5b4520", rx=3)
            svg.text(x + 47, y + 16, f"{lv + 1} {D.LEVEL_NAMES[cat][lv]}", size=9, anchor="middle")
            held = [p for p in range(v["players"]) if v["levels"][cat][p] == lv + 1]
            for j, p in enumerate(held):
                svg.token(x + 12 + j * 17, y + 38, p, r=7, k=f"level.{cat}.{p}")
        sup = v["supply"][cat]
        svg.text(x0 + 476, y + 16, "supply", size=10, weight="bold")
        for j, lv in enumerate(("2", "3", "4")):
            svg.text(x0 + 476, y + 29 + j * 11, f"L{lv}: {sup[lv]}", size=10, k=f"supply.{cat}.{lv}")


def _tiles(svg: Svg, v: dict) -> None:
    x0, y0 = 600, 236
    svg.text(x0, y0, "Rights tiles (top of each stack)", size=13, weight="bold")
    for i, tile in enumerate(D.TILE_STACKS):
        x = x0 + (i % 3) * 122
        y = y0 + 12 + (i // 3) * 64
        stack = v["stacks"][tile]
        svg.rect(x, y, 116, 56, fill="#e8dcc0", stroke="#5b4520", rx=4)
        svg.spot(x, y, 116, 56, f"tile:{tile}")
        svg.text(x + 58, y + 15, D.TILE_NAMES[tile].split(" (")[0], size=11, anchor="middle", weight="bold")
        top = stack[0] if stack else "-"
        unit = " fl" if tile in ("kirche", "dom") else (" pp" if tile in ("wappen", "adelsbrief") else "")
        svg.text(x + 58, y + 32, f"top {top}{unit if stack else ''}", size=11, anchor="middle", k=f"tile.{tile}")
        svg.text(x + 58, y + 47, f"{len(stack)} left", size=10, anchor="middle", k=f"tile.{tile}.left")


def _players(svg: Svg, v: dict, seat, names) -> None:
    x0, y0 = 20, 470
    n = v["players"]
    svg.text(x0, y0, "Players", size=13, weight="bold")
    heads = ["", "florins", "prestige", "cap", "hand", "tiles"]
    xs = [x0, x0 + 150, x0 + 220, x0 + 290, x0 + 340, x0 + 390]
    for h, x in zip(heads, xs):
        svg.text(x, y0 + 18, h, size=10, fill="#5a3412")
    for p in range(n):
        y = y0 + 36 + p * 22
        svg.rect(x0 - 4, y - 14, 740, 20, fill=colour(p), stroke="none", fill_opacity=0.12)
        svg.token(x0 + 8, y - 4, p, r=8)
        svg.text(x0 + 22, y, player_label(p, names)[:16], size=11, weight="bold" if p == seat else None)
        svg.text(xs[1], y, v["money"][p], size=11, k=f"money.{p}")
        svg.text(xs[2], y, v["prestige"][p], size=11, k=f"prestige.{p}")
        svg.text(xs[3], y, v["caps"][p] if v["caps"][p] is not None else "none", size=11, k=f"cap.{p}")
        hs = v.get("hand_sizes")
        hand = hs[p] if hs else (v.get("hand_size") if p == seat else "?")
        svg.text(xs[4], y, hand, size=11, k=f"hand.{p}")
        owned = [f"{D.TILE_NAMES[t].split(' (')[0]} {val}" for t, val in v["owned"][p].items() if val is not None]
        svg.text(xs[5], y, ", ".join(owned) or "-", size=10, k=f"owned.{p}")
    y = y0 + 44 + n * 22
    top = v["deck_top_price"]
    svg.text(x0, y, f"Deck {v['deck_size']} notes, top note's price {top if top is not None else '-'} fl; "
                    f"discard {v['discard_size']}; bank {v['bank']} fl", size=11, k="deck")


def _track(svg: Svg, v: dict) -> None:
    """Prestige 0-60 along a strip, caps 25 and 45 marked; each marker a numbered disc."""
    x0, y0, step = 20, 660, 15.5
    svg.text(x0, y0 - 8, "Prestige track (no passing 25 without a church, 45 without a cathedral)", size=13, weight="bold")
    for i in range(TRACK_MAX + 1):
        x = x0 + i * step
        fill = "#c0392b" if i in (D.CHURCH_CAP, D.CATHEDRAL_CAP) else ("#fff8e1" if i % 5 else "#e8d9ae")
        svg.rect(x, y0, step, 22, fill=fill, stroke="#5b4520", sw=0.6)
        if i % 5 == 0:
            svg.text(x + step / 2, y0 + 15, i, size=8, anchor="middle", fill="#fff" if i in (25, 45) else "#222")
    svg.text(x0 + D.CHURCH_CAP * step, y0 + 34, "church cap", size=9, anchor="middle", fill="#c0392b")
    svg.text(x0 + D.CATHEDRAL_CAP * step, y0 + 34, "cathedral cap", size=9, anchor="middle", fill="#c0392b")
    stacked: dict[int, int] = {}
    for p, pts in enumerate(v["prestige"]):
        pos = min(pts, TRACK_MAX)
        k = stacked.get(pos, 0)
        stacked[pos] = k + 1
        x = x0 + pos * step + step / 2
        svg.token(x, y0 + 46 + k * 16, p, r=7, k=f"track.{p}")
        if pts > TRACK_MAX:
            svg.text(x + 9, y0 + 50 + k * 16, f"{pts}", size=9)


def _hand(svg: Svg, v: dict, seat) -> None:
    x0, y0 = 20, 790
    if seat is None:
        svg.text(x0, y0, "Spectator: hands are hidden.", size=12, italic=True)
        return
    hand = v.get("hand") or []
    svg.text(x0, y0, f"Your hand ({len(hand)} notes), by noble, with prices:", size=13, weight="bold")
    groups: dict[str, list[str]] = {}
    for c in hand:
        groups.setdefault(_noble_of(c), []).append(c)
    x = x0
    for noble, cards in groups.items():
        label = "Joker" if noble == "joker" else D.NOBLE_NAMES[noble]
        svg.text(x, y0 + 18, label, size=11, weight="bold")
        for j, c in enumerate(cards):
            cx = x + j * 46
            svg.rect(cx, y0 + 24, 42, 36, fill="#fffdf3", stroke="#6b5532", rx=3, data_note=_note(c))
            svg.spot(cx, y0 + 24, 42, 36, f"note:{c}")
            val = "J" if noble == "joker" else c.rsplit("-", 1)[1]
            svg.text(cx + 21, y0 + 40, val, size=13, anchor="middle", weight="bold", k=f"hand.{_note(c)}")
            svg.text(cx + 21, y0 + 54, f"{D.note_price(c)} fl", size=9, anchor="middle")
        x += max(1, len(cards)) * 46 + 14
    offer = v.get("offer") or []
    if offer:  # the notes dealt to you to buy, as notes (a click ticks one)
        svg.text(560, y0, "Offered to you to buy (price):", size=11, weight="bold")
        for j, c in enumerate(offer[:9]):
            cx = 560 + j * 46
            svg.rect(cx, y0 + 24, 42, 36, fill="#fff3c4", stroke="#6b5532", rx=3, data_note=_note(c))
            svg.text(cx + 21, y0 + 40, "J" if c.startswith("joker") else f"{_noble_of(c)[:2].capitalize()} {c.rsplit('-', 1)[1]}",
                     size=11, anchor="middle", weight="bold", k=f"offer.{_note(c)}")
            svg.text(cx + 21, y0 + 54, f"{D.note_price(c)} fl", size=9, anchor="middle")
            svg.spot(cx, y0 + 24, 42, 36, f"note:{c}")


def sections(v: dict, seat, names) -> list[Section]:
    n = v["players"]
    a = v["auction"]
    out = []
    nob = []
    for i, noble in enumerate(D.NOBLES):
        won = v["winners"][i] if i < len(v["winners"]) else None
        nob.append(f"{i + 1}. {D.NOBLE_NAMES[noble]}" + (f": won by {player_label(won, names)}" if won is not None else ""))
    out.append(Section("Nobles in visit order", nob))
    if a and v["step"] not in ("buy", "give", "over"):
        lines = [f"Opened by {player_label(a['opener'], names)}; highest offer {a['high']} notes"
                 + (f", held by {player_label(a['leader'], names)}" if a.get("leader") is not None else "")]
        for p in range(n):
            said = "passed" if p in a["out"] else (f"offers {a['bids'][p]} notes" if a["bids"][p] else "no offer")
            lines.append(f"{player_label(p, names)}: {said}")
        out.append(Section(f"Auction for {D.NOBLE_NAMES[v['noble']]}", lines))
    p = v["privileges"]
    out.append(Section("Privilege cards face up", [
        f"Card {c}: " + ", ".join(PRIV_TEXT[k] for k in D.PRIVILEGE_CARDS[str(c)]) for c in p["row"]
    ] + [f"Next row: {len(p['face_down'])} cards face down"]))
    out.append(Section(
        "Players",
        head=["Player", "Florins", "Prestige", "Cap", "Yellow", "Orange", "Purple", "Rights tiles"],
        rows=[[player_label(t, names) + (" (you)" if t == seat else ""), v["money"][t], v["prestige"][t],
               v["caps"][t] if v["caps"][t] is not None else "none",
               *(f"{v['levels'][c][t]} {D.LEVEL_NAMES[c][v['levels'][c][t] - 1]}" for c in D.CATEGORIES),
               ", ".join(f"{D.TILE_NAMES[k].split(' (')[0]} {val}" for k, val in v["owned"][t].items() if val is not None) or "-"]
              for t in range(n)],
    ))
    out.append(Section("Supply", [
        f"Level cards {c}: " + ", ".join(f"level {lv} x{v['supply'][c][lv]}" for lv in ("2", "3", "4")) for c in D.CATEGORIES
    ] + [
        "Rights tiles: " + ", ".join(
            f"{D.TILE_NAMES[t].split(' (')[0]} {v['stacks'][t][0] if v['stacks'][t] else '-'} ({len(v['stacks'][t])} left)"
            for t in D.TILE_STACKS),
        f"Deck {v['deck_size']} notes (top note's price {v['deck_top_price'] if v['deck_top_price'] is not None else '-'} florins), "
        f"discard {v['discard_size']}, bank {v['bank']} florins",
    ]))
    if seat is not None:
        hand = v.get("hand") or []
        groups: dict[str, list[str]] = {}
        for c in hand:
            groups.setdefault(_noble_of(c), []).append(c)
        lines = [f"{'Jokers' if k == 'joker' else D.NOBLE_NAMES[k]}: " + ", ".join(
            f"{c.rsplit('-', 1)[1] if k != 'joker' else 'joker'} ({D.note_price(c)} fl)" for c in cs) for k, cs in groups.items()]
        if v.get("offer"):
            lines.append("Offered to you: " + ", ".join(f"{_say(c)} ({D.note_price(c)} fl)" for c in v["offer"]))
        out.append(Section(f"Your hand ({len(hand)} notes)", lines or ["empty"]))
    return out

