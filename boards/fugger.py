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

from engines.fugger import board as B
from engines.fugger import data as D
from engines.fugger.i18n import CATALOG as GAME
from engines.i18n import Catalog

from boards.draw import Section, Svg, colour, game_title, player_label, short, text_width, wrap

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
MAP_W, MAP_H, MAP_Y = 700, 560, 50


def _xy(space: str) -> tuple[float, float]:
    lon, lat = LONLAT[space]
    return 14 + (lon + 7) * 26.5, MAP_Y + 10 + (56.2 - lat) * 34


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
    height = 650 + n * 40 + (50 if seat is not None else 0)
    svg = Svg(1060, height, title=heading(v, seat, names, lang), desc=t(lang, "f.desc"), slug="fugger", background="#eadfc4",
              lang=lang)
    svg.rect(4, 4, 1052, height - 8, fill="none", stroke="#5a4020", sw=3, rx=8)
    svg.text(20, 32, heading(v, seat, names, lang), size=18, weight="bold", fill="#4a2c0c", k="heading", fit=1020)
    _map(svg, v)
    _calendar(svg, v, 730, 50)
    y = _players(svg, v, seat, names, 20, 640)
    if seat is not None:
        s = v["seats"][seat]
        svg.text(20, y + 10, t(lang, "f.you", cash=s["cash"], wares=", ".join(f"{s['lager'][w]} {_ware(lang, w)}" for w in D.WARES)),
                 size=13, weight="bold", k="you", fit=1020)
    return svg


def _map(svg: Svg, v: dict) -> None:
    lang = svg.lang
    svg.rect(10, MAP_Y, MAP_W, MAP_H, fill="#bcd6e0", stroke="#5a4020", rx=4)  # the sea
    # land: a soft blob under every land space (shapes assumed)
    for sp, d in D.SPACES.items():
        if d["kind"] != "sea":
            x, y = _xy(sp)
            svg.circle(x, y, 44, fill="#e9e0c0", stroke="none")
    # region names at the middle of their spaces
    by_region: dict[str, list] = {}
    for sp, d in D.SPACES.items():
        by_region.setdefault(d["region"], []).append(_xy(sp))
    for region, pts in by_region.items():
        if region in D.SEA_AREAS:
            continue
        x = sum(p[0] for p in pts) / len(pts)
        y = sum(p[1] for p in pts) / len(pts)
        svg.text(x, y + 24, region.upper(), size=7.5, anchor="middle", fill="#8a7650", letter_spacing="1")
    for area in D.SEA_AREAS:
        pts = by_region.get(area, [])
        if pts:
            svg.text(pts[0][0], pts[0][1] + 22, area.upper(), size=8, anchor="middle", fill="#2f5f7a", italic=True)
    for r in D.ROADS:
        (x1, y1), (x2, y2) = _xy(r["a"]), _xy(r["b"])
        svg.line(x1, y1, x2, y2, stroke="#8b5a2b", sw=2.2)
        if r["bridge"]:  # a bridge: two bars across the road and the toll
            mx, my = (x1 + x2) / 2, (y1 + y2) / 2
            svg.rect(mx - 6, my - 4, 12, 8, fill="#5a3a1a", stroke="#fff", sw=0.8)
            svg.text(mx, my + 14, t(lang, "f.toll"), size=7, anchor="middle", fill="#5a3a1a")
    for a, b in D.SHIP_LANES:
        (x1, y1), (x2, y2) = _xy(a), _xy(b)
        svg.line(x1, y1, x2, y2, stroke="#1f5f8b", sw=1.6, stroke_dasharray="5 4")
    for sp, d in D.SPACES.items():
        x, y = _xy(sp)
        if d["kind"] == "town":
            home = sp in D.HOME_BASES
            svg.circle(x, y, 7 if not home else 8, fill="#fff7e0" if not home else "#f2cf63", stroke="#3d2a10", sw=1.5)
            if d["harbour"]:
                svg.text(x, y + 3, "⚓", size=7, anchor="middle", fill="#1f5f8b")
        elif d["kind"] == "country":
            svg.rect(x - 9, y - 6, 18, 12, fill="#cfe3a6", stroke="#3d5a10", rx=3)
        else:
            svg.path(f"M{x - 11},{y - 2} h22 l-4,7 h-14 z M{x},{y - 2} v-10 l7,7 h-7", fill="#f5f1e6", stroke="#1f3f5b", sw=1)
        svg.spot(x - 11, y - 12, 22, 24, f"space:{sp}")
        if d["kind"] != "sea":
            svg.text(x, y - 10, d["name"], size=8.5, anchor="middle", weight="bold" if d["kind"] == "town" else None,
                     fill="#2a1a08", k=f"space.{sp}")
    # representatives, grouped by the space they stand on
    at: dict[str, list] = {}
    for p, s in enumerate(v["seats"]):
        for rep, r in sorted(s["reps"].items()):
            if r is not None:
                at.setdefault(r["at"], []).append((p, rep, r))
    for sp, reps in at.items():
        if sp not in D.SPACES:
            continue
        x, y = _xy(sp)
        for m, (p, rep, r) in enumerate(reps):
            rx, ry = x - 10 + (m % 4) * 11, y + 12 + (m // 4) * 14
            svg.token(rx, ry, p, r=6, shape="pawn", label=False)
            svg.text(rx, ry + 12, f"{p + 1}", size=6, anchor="middle", weight="bold", k=f"rep.{p}.{rep}")
    for sp, seats in (v.get("queue") or {}).items():
        if sp in D.SPACES and seats:
            x, y = _xy(sp)
            svg.text(x + 12, y - 1, t(lang, "f.queue") + " " + ">".join(str(p + 1) for p in seats), size=7, fill="#6a1a1a", k=f"queue.{sp}")
    for i, r in enumerate(v.get("robbers") or []):
        svg.text(20, MAP_Y + MAP_H - 10 - i * 12, _robbers(lang, r), size=9, fill="#8b1a1a", k=f"robbers.{i}", fit=680)
    if v.get("blockade"):
        svg.text(400, MAP_Y + MAP_H - 10, t(lang, "f.blockade"), size=10, weight="bold", fill="#8b1a1a", k="blockade",
                 fit=300)
    svg.text(16, MAP_Y + 14, t(lang, "f.assumed"), size=7, italic=True, fill="#555")


def _calendar(svg: Svg, v: dict, x: int, y: int) -> None:
    lang = svg.lang
    svg.text(x, y + 10, t(lang, "f.calendar"), size=14, weight="bold")
    now = B.cal_index(v["t"])
    on: dict[int, list[str]] = {}
    for e in v["table"]:
        on.setdefault(B.cal_index(e["time"]), []).append(e["card"])
    for i, sp in enumerate(D.CALENDAR):
        yy = y + 18 + i * 24
        winter = i in D.WINTER_SPACES
        svg.rect(x, yy, 110, 22, fill="#dfe8f2" if winter else "#fbf4dc", stroke="#5a4020", sw=0.8,
                 data_space=sp["id"])
        svg.text(x + 4, yy + 15, sp["name"], size=9, weight="bold" if i == now else None)
        if i == D.MARKET_SPACE:
            svg.text(x + 106, yy + 15, t(lang, "kind.market"), size=7, anchor="end", fill="#5a4020")
        if i == D.PAYDAY_SPACE:
            svg.text(x + 106, yy + 15, t(lang, "f.payday"), size=7, anchor="end", fill="#5a4020")
        if i == now:  # the salesman: the red cylinder
            svg.rect(x - 14, yy + 3, 10, 16, fill="#c0392b", stroke="#000", rx=2)
            svg.text(x - 18, yy + 15, t(lang, "f.now"), size=7, anchor="end", k="salesman")
        cards = on.get(i, [])
        if cards:  # the deal cards due on this date (several share the row)
            svg.rect(x + 114, yy + 1, 200, 20, fill="#fffaf0", stroke="#7a5a2a", sw=0.8, rx=2)
            for m, cid in enumerate(cards):
                svg.text(x + 118 + m * 100, yy + 14, cid, size=8, weight="bold", k=f"deal.{cid}")
                svg.text(x + 138 + m * 100, yy + 14, _clip(_card_text(lang, cid), 172 if len(cards) == 1 else 76, 9), size=7)
    ty = y + 18 + len(D.CALENDAR) * 24 + 16
    if v.get("market"):
        svg.text(x, ty, t(lang, "f.market", card=_card_text(lang, v["market"])), size=10, weight="bold", k="market", fit=320)
        c = D.ALL_CARDS[v["market"]]
        svg.text(x, ty + 14, t(lang, "f.buys", lines=_lines(lang, c["lines"], "max")), size=9, fit=320)
        svg.text(x, ty + 27, t(lang, "f.sells", lines=_lines(lang, c.get("offer_lines", []), "min")), size=9, fit=320)
        ty += 40
    svg.text(x, ty, t(lang, "f.pack", table=len(v["table"]), pack=v["pack"]["size"]), size=10, k="pack", fit=320)
    ty += 20
    nob = v.get("nob")
    if nob:
        svg.text(x, ty, t(lang, "f.nobility", shield=D.SHIELD), size=12, weight="bold", fit=320)
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
            svg.text(x, ty, t(lang, "f.nobles", players=", ".join(short(p, lang) for p in nob["nobles"])), size=10, k="nobles", fit=320)
            ty += 14
        if nob.get("estates"):
            svg.text(x, ty, t(lang, "f.estates", estates=", ".join(f"{short(p, lang)} {_card_text(lang, c)}" for p, c in nob["estates"])),
                     size=10, k="estates", fit=320)


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
            svg.lines(rx, yy + 14, wrap(f"{label}: {_sname(lang, r['at'])}", 106, 9), size=9, leading=13, k=f"repat.{p}.{rep}", fit=106)
            _wares(svg, rx + 110, yy + 5, r["wares"], k=f"repw.{p}.{rep}")
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
