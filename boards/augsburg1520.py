"""Augsburg 1520: the nobles' row, the privilege cards, the player boards'
categories, the prestige track, the rights tiles and your debt notes.

Drawn from ``view`` and engines/augsburg1520/data.py only. The layout is
assumed (the box's board is a picture not in the texts): nobles across the top
in visit order, the prestige track as a frame of 0-60 spaces, the three
categories of the engine's player boards as ladders with every player's piece.
"""

from __future__ import annotations

from engines.augsburg1520 import data as D
from engines.augsburg1520.i18n import CATALOG as GAME
from engines.i18n import Catalog

from boards.draw import Section, Svg, game_title, colour, legend, player_label, short, wrap

TITLE = "Augsburg 1520"
CAT_FILL = {"yellow": "#f6d55c", "orange": "#f0a04b", "purple": "#9b6bbf"}
TRACK_MAX = 60  # assumed: the printed track's length; markers past it wrap with a "+60" label
# the board's words (boards/lang, keys a.*) over the game's terms (nobles, levels, tiles: the engine's catalog)
CATALOG = Catalog.load("boards", parent=GAME)


def t(lang: str, key: str, **args) -> str:
    return CATALOG.text(lang, key, **args)


def _noble(lang: str, noble: str) -> str:
    return t(lang, f"noble.{noble}")


def _tile(lang: str, tile: str) -> str:
    return t(lang, f"tile.{tile}")


def _priv(lang: str, kind: str) -> str:
    return t(lang, f"a.priv.{kind}", gold=D.PRIVILEGE_GOLD, count=D.PRIVILEGE_DRAW)


def _level(lang: str, cat: str, number: int) -> str:
    return t(lang, f"level.{cat}.{number}")


def _noble_of(card: str) -> str:
    return card.rsplit("-", 1)[0]


# Notes are written "Léo 12" and keyed "leo 12": never the command form "leo-12", whose
# prefix "leo-1" would read as another note in a text search.
def _note(card: str) -> str:
    return card.replace("-", " ")


def _say(lang: str, card: str) -> str:
    noble, value = card.rsplit("-", 1)
    return t(lang, "a.joker") if noble == "joker" else f"{_noble(lang, noble)} {value}"


def heading(v: dict, seat, names, lang: str = "en") -> str:
    step = t(lang, f"a.step.{v['step']}")
    if v["step"] not in ("buy", "give", "over"):
        return t(lang, "a.heading_visit", title=game_title("augsburg1520", lang), round=v["round"], rounds=v["rounds"],
                 noble=_noble(lang, v["noble"]), step=step)
    return t(lang, "a.heading", title=game_title("augsburg1520", lang), round=v["round"], rounds=v["rounds"], step=step)


def draw(v: dict, seat, names, lang: str = "en") -> Svg:
    n = v["players"]
    svg = Svg(980, 870, title=heading(v, seat, names, lang), desc=t(lang, "a.desc"), slug="augsburg1520",
              background="#efe3c4", lang=lang)
    svg.rect(4, 4, 972, 862, fill="none", stroke="#7a5a2a", sw=3, rx=8)
    svg.text(20, 30, heading(v, seat, names, lang), size=18, weight="bold", fill="#5a3412", k="heading", fit=940)
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
    lang = svg.lang
    a = v["auction"] or {}
    current = D.NOBLES.index(v["noble"]) if v["step"] not in ("buy", "give", "over") else -1
    svg.text(20, 56, t(lang, "a.nobles"), size=13, weight="bold")
    for i, noble in enumerate(D.NOBLES):
        x, y = 20 + i * 118, 62
        now = i == current
        svg.rect(x, y, 110, 118, fill="#fbf5e6" if not now else "#fff3c4", stroke="#a0522d" if now else "#7a5a2a",
                 sw=3 if now else 1, rx=6, data_noble=noble)
        svg.text(x + 55, y + 18, _noble(lang, noble), size=13, anchor="middle", weight="bold", k=f"noble.{i}", fit=104)
        svg.text(x + 55, y + 32, t(lang, "a.visit_now" if now else "a.visit", number=i + 1), size=10, anchor="middle",
                 fill="#5a3412", fit=104)
        won = v["winners"][i] if i < len(v["winners"]) else None
        if won is not None:
            svg.token(x + 20, y + 54, won, r=9)
            svg.text(x + 34, y + 58, t(lang, "a.won_by"), size=10, fit=72)
            svg.text(x + 34, y + 70, short(won, lang), size=10, weight="bold", k=f"winner.{i}")
        if now and a:
            svg.text(x + 6, y + 88, t(lang, "a.high", count=a.get("high", 0)), size=11, weight="bold", k="auction.high", fit=98)
            holder = a.get("leader")
            svg.text(x + 6, y + 102, t(lang, "a.holder", player=short(holder, lang) if holder is not None else "-"), size=11,
                     k="auction.leader", fit=98)
    if a and current >= 0:
        y = 196
        svg.text(20, y, t(lang, "a.auction_by", noble=_noble(lang, v["noble"]), player=short(a["opener"], lang)), size=12,
                 weight="bold")
        for p in range(v["players"]):
            x = 20 + p * 118
            svg.token(x + 10, y + 14, p, r=8)
            if p in a["out"]:
                said = t(lang, "a.passed")
            elif a["bids"][p]:
                said = t(lang, "a.notes", count=a["bids"][p])
            else:
                said = "-"
            if p == a.get("leader"):
                said += t(lang, "a.holds")
            svg.text(x + 24, y + 18, said, size=11, k=f"bid.{p}", fit=92)
    sd = v.get("showdown")
    if sd:
        svg.text(620, 214, t(lang, "a.showdown", players=", ".join(short(s, lang) for s in sd["seats"]), count=sd["count"]),
                 size=12, k="showdown", fit=350)


def _privileges(svg: Svg, v: dict) -> None:
    lang = svg.lang
    p = v["privileges"]
    x0, y0 = 620, 52
    svg.text(x0, y0 + 4, t(lang, "a.privileges"), size=13, weight="bold", fit=350)
    for i, card in enumerate(p["row"]):
        x = x0 + i * 70
        svg.rect(x, y0 + 10, 64, 112, fill="#fff8e1", stroke="#8d6e3f", rx=5, data_card=card)
        svg.spot(x, y0 + 10, 64, 112, f"privilege:{card}")
        svg.text(x + 32, y0 + 24, t(lang, "a.card", card=card), size=10, anchor="middle", weight="bold", k=f"priv.{card}", fit=60)
        for j, kind in enumerate(D.PRIVILEGE_CARDS[str(card)]):
            yy = y0 + 32 + j * 30
            fill = CAT_FILL.get(kind, "#e0d4b4")
            svg.rect(x + 4, yy, 56, 26, fill=fill, stroke="#6b5532", rx=3)
            lines = wrap(_priv(lang, kind), 54, 9)
            svg.lines(x + 32, yy + (11 if len(lines) > 1 else 16.5), lines, size=9, leading=11, anchor="middle",
                      k=f"priv.{card}.{j}", fit=54)
    if not p["row"]:
        svg.text(x0, y0 + 30, t(lang, "a.none_left"), size=11, italic=True)
    u = v.get("use")
    if u and u.get("card") is not None:
        svg.text(x0, y0 + 138, t(lang, "a.uses", player=short(u["seat"], lang), card=u["card"], steps=u["steps"]), size=11,
                 k="use", fit=350)
    svg.text(x0, y0 + 152, t(lang, "a.next_row", down=len(p["face_down"]), used=len(p["used"])), size=11, k="priv.next",
             fit=350)


def _categories(svg: Svg, v: dict) -> None:
    lang = svg.lang
    x0, y0 = 20, 236
    svg.text(x0, y0, t(lang, "a.categories"), size=13, weight="bold", fit=560)
    for c, cat in enumerate(D.CATEGORIES):
        y = y0 + 12 + c * 66
        svg.rect(x0, y, 560, 58, fill=CAT_FILL[cat], stroke="#5b4520", rx=4, fill_opacity=0.35)
        svg.spot(x0, y, 68, 58, f"level:{cat}")
        svg.text(x0 + 6, y + 16, t(lang, f"cat.{cat}"), size=12, weight="bold", fit=62)
        for lv in range(4):
            x = x0 + 70 + lv * 100
            svg.rect(x, y + 4, 94, 50, fill="#fffdf5", stroke="#5b4520", rx=3)
            # a long title ("capo di una corporazione") takes two lines above the pieces
            svg.lines(x + 47, y + 15, wrap(f"{lv + 1} {_level(lang, cat, lv + 1)}", 90, 9), size=9, leading=10,
                      anchor="middle", fit=90)
            held = [p for p in range(v["players"]) if v["levels"][cat][p] == lv + 1]
            for j, p in enumerate(held):
                svg.token(x + 12 + j * 17, y + 40, p, r=7, k=f"level.{cat}.{p}")
        sup = v["supply"][cat]
        svg.text(x0 + 476, y + 16, t(lang, "a.supply"), size=10, weight="bold", fit=80)
        for j, lv in enumerate(("2", "3", "4")):
            svg.text(x0 + 476, y + 29 + j * 11, t(lang, "a.supply_level", level=lv, count=sup[lv]), size=10,
                     k=f"supply.{cat}.{lv}")


def _tiles(svg: Svg, v: dict) -> None:
    lang = svg.lang
    x0, y0 = 600, 236
    svg.text(x0, y0, t(lang, "a.tiles"), size=13, weight="bold", fit=366)
    for i, tile in enumerate(D.TILE_STACKS):
        x = x0 + (i % 3) * 122
        y = y0 + 12 + (i // 3) * 64
        stack = v["stacks"][tile]
        svg.rect(x, y, 116, 56, fill="#e8dcc0", stroke="#5b4520", rx=4)
        svg.spot(x, y, 116, 56, f"tile:{tile}")
        svg.text(x + 58, y + 15, _tile(lang, tile), size=11, anchor="middle", weight="bold", fit=110)
        top = stack[0] if stack else "-"
        unit = t(lang, "a.unit_fl") if tile in ("kirche", "dom") else (t(lang, "a.unit_pp") if tile in ("wappen", "adelsbrief") else "")
        svg.text(x + 58, y + 32, t(lang, "a.top", value=f"{top}{unit if stack else ''}"), size=11, anchor="middle",
                 k=f"tile.{tile}", fit=110)
        svg.text(x + 58, y + 47, t(lang, "a.left", count=len(stack)), size=10, anchor="middle", k=f"tile.{tile}.left", fit=110)


def _players(svg: Svg, v: dict, seat, names) -> None:
    lang = svg.lang
    x0, y0 = 20, 470
    n = v["players"]
    svg.text(x0, y0, t(lang, "b.players"), size=13, weight="bold")
    heads = ["", t(lang, "a.col.florins"), t(lang, "a.col.prestige"), t(lang, "a.col.cap"), t(lang, "a.col.hand"),
             t(lang, "a.col.tiles")]
    xs = [x0, x0 + 150, x0 + 220, x0 + 290, x0 + 340, x0 + 390]
    widths = [0, 68, 68, 48, 48, 200]
    for h, x, w in zip(heads, xs, widths):
        svg.text(x, y0 + 18, h, size=10, fill="#5a3412", fit=w or None)
    for p in range(n):
        y = y0 + 36 + p * 22
        svg.rect(x0 - 4, y - 14, 740, 20, fill=colour(p), stroke="none", fill_opacity=0.12)
        svg.token(x0 + 8, y - 4, p, r=8)
        svg.text(x0 + 22, y, player_label(p, names, lang)[:16], size=11, weight="bold" if p == seat else None)
        svg.text(xs[1], y, v["money"][p], size=11, k=f"money.{p}")
        svg.text(xs[2], y, v["prestige"][p], size=11, k=f"prestige.{p}")
        svg.text(xs[3], y, v["caps"][p] if v["caps"][p] is not None else t(lang, "none"), size=11, k=f"cap.{p}", fit=48)
        hs = v.get("hand_sizes")
        hand = hs[p] if hs else (v.get("hand_size") if p == seat else "?")
        svg.text(xs[4], y, hand, size=11, k=f"hand.{p}")
        owned = [f"{_tile(lang, k)} {val}" for k, val in v["owned"][p].items() if val is not None]
        svg.text(xs[5], y, ", ".join(owned) or "-", size=10, k=f"owned.{p}", fit=360)
    y = y0 + 44 + n * 22
    top = v["deck_top_price"]
    svg.text(x0, y, t(lang, "a.deck", count=v["deck_size"], price=top if top is not None else "-",
                      discard=v["discard_size"], bank=v["bank"]), size=11, k="deck", fit=750)


def _track(svg: Svg, v: dict) -> None:
    """Prestige 0-60 along a strip, caps 25 and 45 marked; each marker a numbered disc."""
    lang = svg.lang
    x0, y0, step = 20, 660, 15.5
    svg.text(x0, y0 - 8, t(lang, "a.track"), size=13, weight="bold", fit=940)
    for i in range(TRACK_MAX + 1):
        x = x0 + i * step
        fill = "#c0392b" if i in (D.CHURCH_CAP, D.CATHEDRAL_CAP) else ("#fff8e1" if i % 5 else "#e8d9ae")
        svg.rect(x, y0, step, 22, fill=fill, stroke="#5b4520", sw=0.6)
        if i % 5 == 0:
            svg.text(x + step / 2, y0 + 15, i, size=8, anchor="middle", fill="#fff" if i in (25, 45) else "#222")
    svg.text(x0 + D.CHURCH_CAP * step, y0 + 34, t(lang, "a.church_cap"), size=9, anchor="middle", fill="#c0392b")
    svg.text(x0 + D.CATHEDRAL_CAP * step, y0 + 34, t(lang, "a.cathedral_cap"), size=9, anchor="middle", fill="#c0392b")
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
    lang = svg.lang
    x0, y0 = 20, 790
    if seat is None:
        svg.text(x0, y0, t(lang, "a.spectator"), size=12, italic=True)
        return
    hand = v.get("hand") or []
    svg.text(x0, y0, t(lang, "a.your_hand", count=len(hand)), size=13, weight="bold", fit=530)
    groups: dict[str, list[str]] = {}
    for c in hand:
        groups.setdefault(_noble_of(c), []).append(c)
    x = x0
    for noble, cards in groups.items():
        label = t(lang, "a.joker").capitalize() if noble == "joker" else _noble(lang, noble)
        svg.text(x, y0 + 18, label, size=11, weight="bold")
        for j, c in enumerate(cards):
            cx = x + j * 46
            svg.rect(cx, y0 + 24, 42, 36, fill="#fffdf3", stroke="#6b5532", rx=3, data_note=_note(c))
            svg.spot(cx, y0 + 24, 42, 36, f"note:{c}")
            val = "J" if noble == "joker" else c.rsplit("-", 1)[1]
            svg.text(cx + 21, y0 + 40, val, size=13, anchor="middle", weight="bold", k=f"hand.{_note(c)}")
            svg.text(cx + 21, y0 + 54, t(lang, "a.fl", amount=D.note_price(c)), size=9, anchor="middle")
        x += max(1, len(cards)) * 46 + 14
    offer = v.get("offer") or []
    if offer:  # the notes dealt to you to buy, as notes (a click ticks one)
        svg.text(560, y0, t(lang, "a.offered"), size=11, weight="bold", fit=400)
        for j, c in enumerate(offer[:9]):
            cx = 560 + j * 46
            svg.rect(cx, y0 + 24, 42, 36, fill="#fff3c4", stroke="#6b5532", rx=3, data_note=_note(c))
            label = "J" if c.startswith("joker") else f"{_noble(lang, _noble_of(c))[:2].capitalize()} {c.rsplit('-', 1)[1]}"
            svg.text(cx + 21, y0 + 40, label, size=11, anchor="middle", weight="bold", k=f"offer.{_note(c)}")
            svg.text(cx + 21, y0 + 54, t(lang, "a.fl", amount=D.note_price(c)), size=9, anchor="middle")
            svg.spot(cx, y0 + 24, 42, 36, f"note:{c}")


def sections(v: dict, seat, names, lang: str = "en") -> list[Section]:
    n = v["players"]
    a = v["auction"]
    out = []
    nob = []
    for i, noble in enumerate(D.NOBLES):
        won = v["winners"][i] if i < len(v["winners"]) else None
        nob.append(f"{i + 1}. {_noble(lang, noble)}"
                   + (t(lang, "a.s.won_by", player=player_label(won, names, lang)) if won is not None else ""))
    out.append(Section(t(lang, "a.s.nobles"), nob))
    if a and v["step"] not in ("buy", "give", "over"):
        held = t(lang, "a.s.held_by", player=player_label(a["leader"], names, lang)) if a.get("leader") is not None else ""
        lines = [t(lang, "a.s.opened", player=player_label(a["opener"], names, lang), count=a["high"], held=held)]
        for p in range(n):
            said = (t(lang, "a.passed") if p in a["out"]
                    else (t(lang, "a.s.offers", count=a["bids"][p]) if a["bids"][p] else t(lang, "a.s.no_offer")))
            lines.append(f"{player_label(p, names, lang)}: {said}")
        out.append(Section(t(lang, "a.s.auction", noble=_noble(lang, v["noble"])), lines))
    p = v["privileges"]
    out.append(Section(t(lang, "a.privileges"), [
        t(lang, "a.s.card", card=c, privileges=", ".join(_priv(lang, k) for k in D.PRIVILEGE_CARDS[str(c)])) for c in p["row"]
    ] + [t(lang, "a.s.next_row", count=len(p["face_down"]))]))
    out.append(Section(
        t(lang, "b.players"),
        head=[t(lang, "a.s.col.player"), t(lang, "a.s.col.florins"), t(lang, "a.s.col.prestige"), t(lang, "a.s.col.cap"),
              *(t(lang, f"cat.{c}").capitalize() for c in D.CATEGORIES), t(lang, "a.s.col.tiles")],
        rows=[[player_label(s, names, lang) + (t(lang, "b.you") if s == seat else ""), v["money"][s], v["prestige"][s],
               v["caps"][s] if v["caps"][s] is not None else t(lang, "none"),
               *(f"{v['levels'][c][s]} {_level(lang, c, v['levels'][c][s])}" for c in D.CATEGORIES),
               ", ".join(f"{_tile(lang, k)} {val}" for k, val in v["owned"][s].items() if val is not None) or "-"]
              for s in range(n)],
    ))
    out.append(Section(t(lang, "a.s.supply"), [
        t(lang, "a.s.level_cards", cat=t(lang, f"cat.{c}"), levels=", ".join(
            t(lang, "a.s.level_count", level=lv, count=v["supply"][c][lv]) for lv in ("2", "3", "4"))) for c in D.CATEGORIES
    ] + [
        t(lang, "a.s.tiles", tiles=", ".join(
            t(lang, "a.s.tile", tile=_tile(lang, k), top=v["stacks"][k][0] if v["stacks"][k] else "-", count=len(v["stacks"][k]))
            for k in D.TILE_STACKS)),
        t(lang, "a.s.deck", count=v["deck_size"], price=v["deck_top_price"] if v["deck_top_price"] is not None else "-",
          discard=v["discard_size"], bank=v["bank"]),
    ]))
    if seat is not None:
        hand = v.get("hand") or []
        groups: dict[str, list[str]] = {}
        for c in hand:
            groups.setdefault(_noble_of(c), []).append(c)
        lines = [f"{t(lang, 'a.s.jokers') if k == 'joker' else _noble(lang, k)}: " + ", ".join(
            f"{c.rsplit('-', 1)[1] if k != 'joker' else t(lang, 'a.joker')} ({t(lang, 'a.fl', amount=D.note_price(c))})"
            for c in cs) for k, cs in groups.items()]
        if v.get("offer"):
            lines.append(t(lang, "a.s.offered", cards=", ".join(
                f"{_say(lang, c)} ({t(lang, 'a.fl', amount=D.note_price(c))})" for c in v["offer"])))
        out.append(Section(t(lang, "a.s.your_hand", count=len(hand)), lines or [t(lang, "a.s.empty")]))
    return out
