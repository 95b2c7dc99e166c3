"""Fugger, Welser, Medici: the map of Europe with every representative, the
calendar with the salesman and the deal cards on their dates, the market, the
queues, the nobility table and estates, and every house's money and wares.

Drawn from ``view`` and the engine's map and card data (engines/fugger/data.py,
board.py). The map itself is a picture not found in any source: the spaces,
roads and lanes are the engine's (all assumed there); their POSITIONS below are
assumed too, placed by the towns' real longitude and latitude (the countryside
spaces and ships where they lie), so a player with the box can move them here.
"""

from __future__ import annotations

import functools

from engines.fugger import board as B
from engines.fugger import data as D
from engines.fugger.i18n import CATALOG as GAME
from engines.i18n import Catalog

from boards.draw import Section, Svg, colour, game_title, player_label, short, text_width

TITLE = "Fugger, Welser, Medici"
WARE_FILL = {"metal": "#7d8a96", "spice": "#c2562b", "cloth": "#e8d9a8"}
# Each ware's square carries a letter too (f.mark.*: the initial of the ware in the reader's language).
# Places, regions, months and card names keep the game's German names in every language, as the
# English rulebook does (engines/fugger/README.md, Glossary); the board's own words are f.* in boards/lang.
CATALOG = Catalog.load("boards", parent=GAME)


def t(lang: str, key: str, **args) -> str:
    return CATALOG.text(lang, key, **args)


def _ware(lang: str, ware: str) -> str:
    return t(lang, f"ware.{ware}")


# assumed: (longitude, latitude) of each space on the drawn map (see the module note)
LONLAT = {
    "augsburg": (10.9, 48.35), "ulm": (9.9, 48.4), "nuernberg": (11.1, 49.45), "wuerzburg": (9.9, 49.8),
    "regensburg": (12.3, 49.0), "innsbruck": (11.4, 47.45), "wien": (16.4, 48.2), "prag": (14.4, 50.1),
    "leipzig": (12.4, 51.35), "erfurt": (11.0, 50.95), "magdeburg": (11.6, 52.15), "frankfurt": (8.9, 50.3),
    "mainz": (7.9, 49.8), "koeln": (6.95, 50.95), "strassburg": (7.75, 48.6), "basel": (7.6, 47.55),
    "genf": (6.1, 46.2), "bremen": (8.8, 53.1), "hamburg": (10.0, 53.55), "luebeck": (11.2, 53.95),
    "antwerpen": (4.4, 51.2), "bruegge": (3.0, 51.2), "london": (-0.5, 51.6), "paris": (2.35, 48.85),
    "lyon": (4.85, 45.75), "marseille": (5.4, 43.3), "mailand": (9.2, 45.5), "genua": (8.9, 44.35),
    "verona": (11.0, 45.45), "venedig": (12.4, 45.45), "bologna": (11.35, 44.5), "florenz": (11.25, 43.75),
    "rom": (12.5, 41.9), "spanien": (-3.5, 41.0), "osten": (18.0, 51.6), "sueditalien": (15.5, 40.9),
    "schwarzwald": (8.2, 48.0), "brenner": (11.5, 46.75), "gotthard": (8.6, 46.6), "kaernten": (14.0, 46.7),
    "westfalen": (7.6, 51.95), "lothringen": (6.2, 48.75),
    "nordsee1": (1.8, 52.6), "nordsee2": (6.5, 54.3), "ostsee1": (13.0, 54.9), "ostsee2": (17.0, 55.2),
    "atlantik1": (-4.0, 47.8), "atlantik2": (-6.0, 43.5), "mittelmeer1": (4.5, 41.6), "mittelmeer2": (10.2, 40.6),
    "adria": (15.0, 43.4),
}
# The map takes the board's whole width (the calendar, market and nobility table sit under it): at the
# board's smallest text (9, 12 px on a phone) every name finds a place of its own near its space.
MAP_W, MAP_H, MAP_Y = 1040, 830, 50
MAP_K = 1040 / 700  # the map was first drawn 700 wide; the positions keep its proportions


def _xy(space: str) -> tuple[float, float]:
    lon, lat = LONLAT[space]
    return 10 + (4 + (lon + 7) * 26.5) * MAP_K, MAP_Y + (10 + (56.2 - lat) * 34) * MAP_K


def _lines(lang: str, lines, sign: str) -> str:
    return ", ".join(t(lang, f"f.line.{sign}", count=q, ware=_ware(lang, w), price=p) for w, q, p in lines)


def _card_text(lang: str, cid: str) -> str:
    c = D.ALL_CARDS[cid]
    kind = c["kind"]
    town = D.SPACES[c["town"]]["name"] if c.get("town") in D.SPACES else ""
    if kind in ("demand", "offer"):
        lines = _lines(lang, c["lines"], "max" if kind == "demand" else "min")
        if c.get("noble"):
            return t(lang, "f.card.deal_noble", kind=t(lang, f"kind.{kind}"), town=town, noble=t(lang, "kind.noble"), lines=lines)
        return t(lang, "f.card.deal", kind=t(lang, f"kind.{kind}"), town=town, lines=lines)
    if kind == "market":
        return f"{t(lang, 'kind.market')} {town}"
    if kind == "estate":
        return f"{t(lang, 'kind.estate')} {c.get('name', cid)}"
    return c.get("name") or t(lang, f"kind.{kind}")


def _sname(lang: str, space) -> str:
    return D.SPACES[space]["name"] if space in D.SPACES else t(lang, "f.not_chosen")


def _robbers(lang: str, r: dict) -> str:
    return t(lang, "f.robbers", name=D.ALL_CARDS[r["card"]].get("name") or t(lang, "f.robbers_name"),
             count=len(r.get("attacked") or []))


def _when(lang: str, time: int) -> str:
    """A date of the calendar: the game's (German) month and the year, in the engine's words."""
    return t(lang, "render.cal_name", month=D.CALENDAR[B.cal_index(time)]["name"], year=B.cal_year(time))


def _clip(text: str, width: float, size: float) -> str:
    """``text`` cut at a word to fit ``width`` (with an ellipsis), never inside a word."""
    if text_width(text, size) <= width:
        return text
    out = ""
    for word in text.split(" "):
        if text_width(f"{out} {word}…", size) > width:
            break
        out = f"{out} {word}".strip()
    return (out.rstrip(",:;") + "…") if out else ""


def _rep(lang: str, rep: str) -> str:
    return t(lang, "f.son") if rep == str(D.SON) else t(lang, "f.rep", number=rep)


def heading(v: dict, seat, names, lang: str = "en") -> str:
    game = t(lang, f"variant.{v['variant']}") if CATALOG.has(f"variant.{v['variant']}") else v["variant"]
    return t(lang, "f.heading", title=game_title("fugger", lang), variant=game[:1].upper() + game[1:], calendar=_when(lang, v["t"])) + (
        t(lang, "f.over") if v["over"] else "")


def draw(v: dict, seat, names, lang: str = "en") -> Svg:
    n = v["players"]
    events = len(v.get("robbers") or []) + (1 if v.get("blockade") else 0)
    extra = 14 * events + (6 if events else 0)
    below = MAP_Y + MAP_H + extra
    height = below + CALENDAR_H + 30 + n * 40 + (50 if seat is not None else 0)
    svg = Svg(1060, height, title=heading(v, seat, names, lang), desc=t(lang, "f.desc"), slug="fugger", background="#eadfc4",
              lang=lang)
    svg.rect(4, 4, 1052, height - 8, fill="none", stroke="#5a4020", sw=3, rx=8)
    svg.text(20, 32, heading(v, seat, names, lang), size=18, weight="bold", fill="#4a2c0c", k="heading", fit=1020)
    _map(svg, v)
    _events(svg, v, MAP_Y + MAP_H)
    _calendar(svg, v, 60, below + 10, side_x=540)
    y = _players(svg, v, seat, names, 20, below + CALENDAR_H + 30)
    if seat is not None:
        s = v["seats"][seat]
        svg.text(20, y + 10, t(lang, "f.you", cash=s["cash"], wares=", ".join(f"{s['lager'][w]} {_ware(lang, w)}" for w in D.WARES)),
                 size=13, weight="bold", k="you", fit=1020)
    return svg


class _Labels:
    """Where the map's texts go, so that no two overlap (tests/boards check
    it in Chromium): each text takes the first of its candidate places whose
    box is free of every text, symbol and piece placed before it, else the
    nearest free place around its point, else the least crowded candidate.
    Boxes are estimated from DejaVu Sans' widths, on the generous side (a
    browser's other fonts are not wider), and its full ascent and descent,
    as a browser measures a text's box."""

    PAD = 1.0

    def __init__(self, x0: float, y0: float, x1: float, y1: float):
        self.bounds = (x0, y0, x1, y1)
        self.taken: list[tuple[float, float, float, float]] = []

    @staticmethod
    def width(text: str, size: float, *, bold=False, spacing: float = 0) -> float:
        w = 0.0
        for ch in str(text):
            w += 0.34 if ch == " " else 0.78 if ch.isupper() else 0.66 if ch.isalnum() else 0.86
        return w * size * (1.08 if bold else 1.0) + spacing * len(str(text))

    def box(self, x, y, text, size, *, anchor="middle", bold=False, spacing=0.0):
        w = self.width(text, size, bold=bold, spacing=spacing)
        left = x - w / 2 if anchor == "middle" else x - w if anchor == "end" else x
        return (left, y - 0.95 * size, left + w, y + 0.26 * size)

    def block(self, x0, y0, x1, y1) -> None:
        self.taken.append((x0, y0, x1, y1))

    def _hits(self, b) -> bool:
        p = self.PAD
        x0, y0, x1, y1 = b[0] - p, b[1] - p, b[2] + p, b[3] + p
        return any(x0 < t[2] and t[0] < x1 and y0 < t[3] and t[1] < y1 for t in self.taken)

    def _overlap(self, b) -> float:
        total = 0.0
        for t in self.taken:
            dx = min(b[2], t[2]) - max(b[0], t[0])
            dy = min(b[3], t[3]) - max(b[1], t[1])
            if dx > 0 and dy > 0:
                total += dx * dy
        return total

    def _inside(self, b) -> bool:
        x0, y0, x1, y1 = self.bounds
        return b[0] >= x0 and b[1] >= y0 and b[2] <= x1 and b[3] <= y1

    def copy(self) -> _Labels:
        out = _Labels(*self.bounds)
        out.taken = list(self.taken)
        return out

    def place(self, text, size, candidates, *, bold=False, spacing=0.0, search=60, around=None):
        """The chosen (x, y, anchor) among ``candidates`` [(x, y, anchor), ...], its box then taken.
        ``around``: the point the text names (a space); the rings of further places go round it, each
        text's nearest edge toward it (else round the first candidate)."""
        candidates = list(candidates)
        x, y, anchor = candidates[0]
        w = self.width(text, size, bold=bold, spacing=spacing)

        def box(cx, cy, ca):
            left = cx - w / 2 if ca == "middle" else cx - w if ca == "end" else cx
            return (left, cy - 0.95 * size, left + w, cy + 0.26 * size)

        def options():
            yield from candidates
            # then the nearest places around the first candidate, ring by ring
            for r in range(4, search + 1, 4):
                for dx, dy in RING:
                    if around is None:
                        yield x + dx * r, y + dy * r, anchor
                    else:
                        ax, ay = around
                        yield (ax + dx * r, ay + dy * r + (size * 0.35 if dy >= 0 else 0),
                               "start" if dx > 0 else "end" if dx < 0 else "middle")

        chosen = next(((cx, cy, ca, b) for cx, cy, ca in options()
                       for b in [box(cx, cy, ca)] if self._inside(b) and not self._hits(b)), None)
        if chosen is None:  # no free place near: the least crowded candidate inside the map
            inside = [(self._overlap(b), i, (cx, cy, ca, b)) for i, (cx, cy, ca) in enumerate(candidates)
                      for b in [box(cx, cy, ca)] if self._inside(b)]
            chosen = min(inside)[2] if inside else (x, y, anchor, box(x, y, anchor))
        self.taken.append(chosen[3])
        return chosen[:3]


RING = ((0, -1), (1, 0), (0, 1), (-1, 0), (1, -1), (1, 1), (-1, 1), (-1, -1),
        (0.5, -1), (1, -0.5), (1, 0.5), (0.5, 1), (-0.5, 1), (-1, 0.5), (-1, -0.5), (-0.5, -1))


NAME_SIZE = 9  # the map's texts, at the board's smallest size (12 px on a phone)
PIECE_ROOM = 60  # the width of the room under a space for its pieces, in one row of up to nine
PIECE_ROW = 26


def _bridges():
    for r in D.ROADS:
        if r["bridge"]:
            (x1, y1), (x2, y2) = _xy(r["a"]), _xy(r["b"])
            yield x1, y1, x2, y2, (x1 + x2) / 2, (y1 + y2) / 2


def _crowd(space: str) -> int:
    """How many spaces lie close around this one: the most crowded are named first, while room is left."""
    x, y = _xy(space)
    return sum(1 for other in D.SPACES if other != space and abs(_xy(other)[0] - x) < 70 and abs(_xy(other)[1] - y) < 50)


@functools.cache
def _layout(lang: str) -> tuple[_Labels, tuple]:
    """Where the map's fixed texts go (the spaces', regions', seas' names, the tolls): the same in
    every game, so worked out once for each language (its words for "toll" differ in width). Each space's symbol and the room under it for its pieces are
    kept free first; then the spaces' names (the most crowded first) take their places, then the others."""
    labels = _Labels(12, MAP_Y + 2, 10 + MAP_W - 2, MAP_Y + MAP_H - 2)
    texts = []
    note = t(lang, "f.assumed")
    labels.block(*labels.box(16, MAP_Y + 14, note, 9, anchor="start"))
    texts.append((16, MAP_Y + 14, note, "start", {"italic": True, "fill": "#555"}))
    for sp in D.SPACES:
        x, y = _xy(sp)
        labels.block(x - 11, y - 9, x + 11, y + 7)
        labels.block(x - 15, y + 5, x - 15 + PIECE_ROOM, y + 5 + PIECE_ROW)
    for _x1, _y1, _x2, _y2, mx, my in _bridges():
        labels.block(mx - 6, my - 4, mx + 6, my + 4)
    order = sorted((sp for sp, d in D.SPACES.items() if d["kind"] != "sea"), key=_crowd, reverse=True)
    for sp in order:
        d, (x, y) = D.SPACES[sp], _xy(sp)
        bold = d["kind"] == "town"
        tx, ty, ta = labels.place(d["name"], NAME_SIZE, [
            (x, y - 11, "middle"), (x + 12, y + 3, "start"), (x - 12, y + 3, "end"), (x + 7, y - 10, "start"),
            (x - 7, y - 10, "end"),
        ], bold=bold, around=(x, y))
        texts.append((tx, ty, d["name"], ta, {"weight": "bold" if bold else None, "fill": "#2a1a08", "k": f"space.{sp}"}))
    by_region: dict[str, list] = {}
    for sp, d in D.SPACES.items():
        by_region.setdefault(d["region"], []).append(_xy(sp))
    for region, pts in by_region.items():
        sea = region in D.SEA_AREAS
        x, y = (pts[0][0], pts[0][1] + 24) if sea else (sum(p[0] for p in pts) / len(pts), sum(p[1] for p in pts) / len(pts) + 24)
        text = region.upper()
        tx, ty, ta = labels.place(text, NAME_SIZE, [(x, y, "middle")], spacing=0 if sea else 1, search=120)
        style = {"fill": "#2f5f7a", "italic": True} if sea else {"fill": "#8a7650", "letter_spacing": "1"}
        texts.append((tx, ty, text, ta, style))
    for _x1, _y1, _x2, _y2, mx, my in _bridges():
        toll = t(lang, "f.toll")
        tx, ty, ta = labels.place(toll, NAME_SIZE, [(mx, my + 14, "middle"), (mx + 9, my + 3, "start"), (mx - 9, my + 3, "end"),
                                                      (mx, my - 7, "middle")])
        texts.append((tx, ty, toll, ta, {"fill": "#5a3a1a"}))
    return labels, tuple(texts)


def _map(svg: Svg, v: dict) -> None:
    lang = svg.lang
    svg.rect(10, MAP_Y, MAP_W, MAP_H, fill="#bcd6e0", stroke="#5a4020", rx=4)  # the sea
    # land: a soft blob under every land space (shapes assumed)
    for sp, d in D.SPACES.items():
        if d["kind"] != "sea":
            x, y = _xy(sp)
            svg.circle(x, y, 44, fill="#e9e0c0", stroke="none")
    for r in D.ROADS:
        (x1, y1), (x2, y2) = _xy(r["a"]), _xy(r["b"])
        svg.line(x1, y1, x2, y2, stroke="#8b5a2b", sw=2.2)
    for _x1, _y1, _x2, _y2, mx, my in _bridges():  # a bridge: a bar across the road, and its toll
        svg.rect(mx - 6, my - 4, 12, 8, fill="#5a3a1a", stroke="#fff", sw=0.8)
    for a, b in D.SHIP_LANES:
        (x1, y1), (x2, y2) = _xy(a), _xy(b)
        svg.line(x1, y1, x2, y2, stroke="#1f5f8b", sw=1.6, stroke_dasharray="5 4")
    for sp, d in D.SPACES.items():
        x, y = _xy(sp)
        if d["kind"] == "town":
            home = sp in D.HOME_BASES
            svg.circle(x, y, 7 if not home else 8, fill="#fff7e0" if not home else "#f2cf63", stroke="#3d2a10", sw=1.5)
            if d["harbour"]:
                svg.path(f"M{x},{y - 4} v8 M{x - 3},{y - 1} h6 M{x - 4},{y + 2} q4,4 8,0", stroke="#1f5f8b", sw=1.2)  # an anchor
        elif d["kind"] == "country":
            svg.rect(x - 9, y - 6, 18, 12, fill="#cfe3a6", stroke="#3d5a10", rx=3)
        else:
            svg.path(f"M{x - 11},{y - 2} h22 l-4,7 h-14 z M{x},{y - 2} v-10 l7,7 h-7", fill="#f5f1e6", stroke="#1f3f5b", sw=1)
        svg.spot(x - 11, y - 12, 22, 24, f"space:{sp}")
    fixed, texts = _layout(lang)
    for tx, ty, text, anchor, style in texts:
        svg.text(tx, ty, text, size=NAME_SIZE, anchor=anchor, **style)
    labels = fixed.copy()
    # representatives, grouped by the space they stand on, in the room kept for them: one row, closer
    # together when there are many (a bold number is 6.3 wide), a second row only past nine
    at: dict[str, list] = {}
    for p, s in enumerate(v["seats"]):
        for rep, r in sorted(s["reps"].items()):
            if r is not None and r["at"] in D.SPACES:
                at.setdefault(r["at"], []).append((p, rep, r))
    for sp, reps in at.items():
        x, y = _xy(sp)
        step = min(11.0, (PIECE_ROOM - 8) / max(1, min(len(reps), 9) - 1))
        for m, (p, rep, r) in enumerate(reps):
            rx, ry = x - 11 + (m % 9) * step, y + 12 + (m // 9) * PIECE_ROW
            svg.token(rx, ry, p, r=5 if step >= 10 else 4, shape="pawn", label=False)
            svg.text(rx, ry + 14, f"{p + 1}", size=9, anchor="middle", weight="bold", k=f"rep.{p}.{rep}")
    for sp, seats in (v.get("queue") or {}).items():
        if sp in D.SPACES and seats:
            x, y = _xy(sp)
            text = t(lang, "f.queue") + " " + ">".join(str(p + 1) for p in seats)
            tx, ty, ta = labels.place(text, 9, [(x + 13, y - 1, "start"), (x - 13, y - 1, "end"), (x + 13, y - 12, "start"),
                                                (x - 13, y - 12, "end"), (x + 13, y + 10, "start")], search=120)
            svg.text(tx, ty, text, size=9, anchor=ta, fill="#6a1a1a", k=f"queue.{sp}")


def _events(svg: Svg, v: dict, y: int) -> int:
    """The robbers and the blockade, under the map (on it they would cover its towns); returns the height used."""
    lang = svg.lang
    lines = [(_robbers(lang, r), f"robbers.{i}", None) for i, r in enumerate(v.get("robbers") or [])]
    if v.get("blockade"):
        lines.append((t(lang, "f.blockade"), "blockade", "bold"))
    for i, (text, k, weight) in enumerate(lines):
        svg.text(20, y + 12 + i * 14, text, size=10, weight=weight, fill="#8b1a1a", k=k, fit=1020)
    return 14 * len(lines) + (6 if lines else 0)


CALENDAR_H = 18 + len(D.CALENDAR) * 24 + 10  # its dates, beside the market and the nobility table
CAL_W = 150  # a date's box: the month and the market's or payday's word ("giorno di paga") side by side


def _calendar(svg: Svg, v: dict, x: int, y: int, *, side_x: int) -> None:
    lang = svg.lang
    svg.text(x, y + 10, t(lang, "f.calendar"), size=14, weight="bold")
    now = B.cal_index(v["t"])
    on: dict[int, list[str]] = {}
    for e in v["table"]:
        on.setdefault(B.cal_index(e["time"]), []).append(e["card"])
    for i, sp in enumerate(D.CALENDAR):
        yy = y + 18 + i * 24
        winter = i in D.WINTER_SPACES
        svg.rect(x, yy, CAL_W, 22, fill="#dfe8f2" if winter else "#fbf4dc", stroke="#5a4020", sw=0.8,
                 data_space=sp["id"])
        svg.text(x + 4, yy + 15, sp["name"], size=9, weight="bold" if i == now else None)
        if i == D.MARKET_SPACE:
            svg.text(x + CAL_W - 4, yy + 15, t(lang, "kind.market"), size=7, anchor="end", fill="#5a4020")
        if i == D.PAYDAY_SPACE:
            svg.text(x + CAL_W - 4, yy + 15, t(lang, "f.payday"), size=7, anchor="end", fill="#5a4020")
        if i == now:  # the salesman: the red cylinder
            svg.rect(x - 14, yy + 3, 10, 16, fill="#c0392b", stroke="#000", rx=2)
            svg.text(x - 18, yy + 15, t(lang, "f.now"), size=7, anchor="end", k="salesman")
        cards = on.get(i, [])
        if cards:  # the deal cards due on this date (several share the row)
            svg.rect(x + CAL_W + 4, yy + 1, 200, 20, fill="#fffaf0", stroke="#7a5a2a", sw=0.8, rx=2)
            for m, cid in enumerate(cards):
                svg.text(x + CAL_W + 8 + m * 100, yy + 14, cid, size=8, weight="bold", k=f"deal.{cid}")
                svg.text(x + CAL_W + 28 + m * 100, yy + 14, _clip(_card_text(lang, cid), 172 if len(cards) == 1 else 76, 9), size=7)
    x, ty = side_x, y + 10
    if v.get("market"):
        svg.text(x, ty, t(lang, "f.market", card=_card_text(lang, v["market"])), size=10, weight="bold", k="market", fit=490)
        c = D.ALL_CARDS[v["market"]]
        svg.text(x, ty + 14, t(lang, "f.buys", lines=_lines(lang, c["lines"], "max")), size=9, fit=490)
        svg.text(x, ty + 27, t(lang, "f.sells", lines=_lines(lang, c.get("offer_lines", []), "min")), size=9, fit=490)
        ty += 40
    svg.text(x, ty, t(lang, "f.pack", table=len(v["table"]), pack=v["pack"]["size"]), size=10, k="pack", fit=490)
    ty += 20
    nob = v.get("nob")
    if nob:
        svg.text(x, ty, t(lang, "f.nobility", shield=D.SHIELD), size=12, weight="bold", fit=490)
        for pos in range(D.SHIELD + 1):
            px = x + pos * 14.5
            svg.rect(px, ty + 6, 14, 16, fill="#f7eacb" if pos < D.SHIELD else "#d4a017", stroke="#5a4020", sw=0.6)
            if pos % 5 == 0:
                svg.text(px + 7, ty + 18, pos, size=7, anchor="middle")
        stack: dict[int, int] = {}
        for p, pos in enumerate(nob["pos"]):
            k = stack.get(pos, 0)
            stack[pos] = k + 1
            svg.token(x + min(pos, D.SHIELD) * 14.5 + 7, ty + 32 + k * 13, p, r=6, k=f"nob.{p}")
        ty += 40 + max(stack.values(), default=1) * 13
        if nob["nobles"]:
            svg.text(x, ty, t(lang, "f.nobles", players=", ".join(short(p, lang) for p in nob["nobles"])), size=10, k="nobles", fit=490)
            ty += 14
        if nob.get("estates"):
            svg.text(x, ty, t(lang, "f.estates", estates=", ".join(f"{short(p, lang)} {_card_text(lang, c)}" for p, c in nob["estates"])),
                     size=10, k="estates", fit=490)


def _players(svg: Svg, v: dict, seat, names, x: int, y: int) -> int:
    lang = svg.lang
    svg.text(x, y, t(lang, "f.houses"), size=14, weight="bold")
    for p, s in enumerate(v["seats"]):
        yy = y + 10 + p * 40
        svg.rect(x - 4, yy, 1030, 36, fill=colour(p), fill_opacity=0.12, stroke="#5a4020" if p == seat else "none", rx=3)
        svg.token(x + 10, yy + 14, p, r=8)
        svg.text(x + 24, yy + 14, player_label(p, names, lang)[:16] + (t(lang, "b.you") if p == seat else ""), size=11,
                 weight="bold", fit=132)
        svg.text(x + 24, yy + 29, t(lang, "f.home", town=_sname(lang, s["home"])), size=9, fit=132)
        svg.text(x + 160, yy + 14, t(lang, "f.fl", amount=s["cash"]), size=11, k=f"cash.{p}")
        svg.text(x + 160, yy + 29, t(lang, "f.notes", count=s["notes"]) if v.get("nob") else "", size=9, k=f"notes.{p}", fit=76)
        svg.text(x + 290, yy + 31, t(lang, "f.at_home"), size=9, fit=120)
        _wares(svg, x + 290, yy + 5, s["lager"], k=f"lager.{p}")
        for j, (rep, r) in enumerate(sorted(s["reps"].items())):
            rx = x + 420 + j * 205
            label = _rep(lang, rep)
            if r is None:
                svg.text(rx, yy + 14, f"{label}: {t(lang, 'f.reserve')}" + (t(lang, "f.lost") if rep == str(D.SON) and s["son_lost"] else ""),
                         size=9, k=f"repat.{p}.{rep}", fit=200)
                continue
            svg.text(rx, yy + 14, f"{label}: {_sname(lang, r['at'])}", size=9, k=f"repat.{p}.{rep}", fit=200)
            _wares(svg, rx, yy + 19, r["wares"], k=f"repw.{p}.{rep}")  # under the place, whose name may be long
    return y + 10 + len(v["seats"]) * 40 + 16


def _wares(svg: Svg, x, y, wares: dict, *, k: str) -> None:
    lang = svg.lang
    for i, w in enumerate(D.WARES):
        svg.rect(x + i * 30, y, 14, 14, fill=WARE_FILL[w], stroke="#333", sw=0.7, rx=2)
        svg.text(x + i * 30 + 7, y + 10.5, t(lang, f"f.mark.{w}"), size=8, anchor="middle", weight="bold")
        svg.text(x + i * 30 + 16, y + 11, wares.get(w, 0), size=10, k=f"{k}.{w}")


def sections(v: dict, seat, names, lang: str = "en") -> list[Section]:
    out = []
    rows = []
    for p, s in enumerate(v["seats"]):
        reps = "; ".join(
            f"{_rep(lang, rep)}: " + (
                t(lang, "f.reserve") if r is None else t(lang, "f.s.at_with", place=_sname(lang, r["at"]), wares=(
                    ", ".join(f"{r['wares'][w]} {_ware(lang, w)}" for w in D.WARES if r["wares"].get(w)) or t(lang, "f.s.no_wares"))))
            for rep, r in sorted(s["reps"].items()))
        rows.append([player_label(p, names, lang) + (t(lang, "b.you") if p == seat else ""), t(lang, "f.fl", amount=s["cash"]),
                     ", ".join(f"{s['lager'][w]} {_ware(lang, w)}" for w in D.WARES), reps]
                    + ([s["notes"]] if v.get("nob") else []))
    out.append(Section(t(lang, "f.houses"), head=[t(lang, "f.s.col.house"), t(lang, "f.s.col.money"), t(lang, "f.s.col.home"),
                                               t(lang, "f.s.col.reps")] + ([t(lang, "f.s.col.notes")] if v.get("nob") else []),
                       rows=rows))
    cal = [t(lang, "f.s.now", calendar=_when(lang, v["t"]))]
    for e in sorted(v["table"], key=lambda e: e["time"]):
        cal.append(f"{_when(lang, e['time'])}: {e['card']} {_card_text(lang, e['card'])}")
    if v.get("market"):
        cal.append(t(lang, "f.market", card=_card_text(lang, v["market"])))
    cal.append(t(lang, "f.s.pack", count=v["pack"]["size"]))
    out.append(Section(t(lang, "f.s.calendar"), cal))
    queues = [f"{D.SPACES[sp]['name']}: " + ", ".join(player_label(p, names, lang) for p in seats)
              for sp, seats in (v.get("queue") or {}).items() if sp in D.SPACES and seats]
    if queues:
        out.append(Section(t(lang, "f.s.queues"), queues))
    nob = v.get("nob")
    if nob:
        lines = [t(lang, "f.s.position", player=player_label(p, names, lang), position=pos, shield=D.SHIELD)
                 for p, pos in enumerate(nob["pos"])]
        if nob["nobles"]:
            lines.append(t(lang, "f.nobles", players=", ".join(player_label(p, names, lang) for p in nob["nobles"])))
        for p, c in nob.get("estates") or []:
            lines.append(t(lang, "f.s.estate", player=player_label(p, names, lang), card=_card_text(lang, c)))
        out.append(Section(t(lang, "f.s.nobility"), lines))
    events = [_robbers(lang, r) for r in v.get("robbers") or []] + ([t(lang, "f.s.blockaded")] if v.get("blockade") else [])
    if events:
        out.append(Section(t(lang, "f.s.events"), events))
    return out
