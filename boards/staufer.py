"""The Staufer Dynasty: the six regions in a ring with their offices, the
king, the round table, the resource board and tracks, every player's court.

Drawn from ``view`` and engines/staufer/data.py only. Positions are assumed
(the board is a picture not in the text): the regions clockwise in two rows of
three (top left to right, then bottom right to left), as on the ring of the
board; envoys are drawn as figures, nobles as squares with an "N" (the initial of the
word in the reader's language).
"""

from __future__ import annotations

from engines.i18n import Catalog
from engines.staufer import data as D
from engines.staufer.i18n import CATALOG as GAME

from boards.draw import Section, Svg, colour, game_title, player_label, short, text_width, wrap

TITLE = "The Staufer Dynasty"
CHEST_FILL = {"orange": "#f08a24", "turquoise": "#2bb3b1", "purple": "#8e44ad", "brown": "#8d5a2b"}
# Ring positions of the six regions (assumed, see the module note).
SLOTS = ((20, 56), (350, 56), (680, 56), (680, 262), (350, 262), (20, 262))
# the board's words (boards/lang, keys s.*: short forms that fit a chest, a round card, a region's bonus line)
# over the game's terms (regions, chests, figures: the engine's catalog)
CATALOG = Catalog.load("boards", parent=GAME)


def t(lang: str, key: str, **args) -> str:
    return CATALOG.text(lang, key, **args)


def _region(lang: str, r: str) -> str:
    return t(lang, f"region.{r}")


def _chest_label(chest: str, lang: str = "en") -> str:
    """What a chest gives, in short, as printed on its face (the acting part names it in full)."""
    colour_, _, kind = chest.partition("-")
    return t(lang, f"s.chest.{kind}") if kind else t(lang, f"s.colour.{colour_}")


def _figs(lang: str, pair) -> str:
    e, n = pair
    return t(lang, "s.figs", envoys=e, nobles=n)


def _figs_short(lang: str, pair) -> str:
    e, n = pair
    return t(lang, "s.figs_short", envoys=e, nobles=n)


def _marks(lang: str, e, n) -> str:
    return f"{e}{t(lang, 's.e')} {n}{t(lang, 's.n')}"


def heading(v: dict, seat, names, lang: str = "en") -> str:
    stage = "over" if v["stage"] == "over" else v["stage"]
    return t(lang, "s.heading", title=game_title("staufer", lang), round=min(v["round"], D.ROUNDS), rounds=D.ROUNDS, stage=t(lang, f"s.stage.{stage}"))


def _chest(svg: Svg, x, y, chest: str, *, k=None) -> None:
    col = chest.split("-")[0]
    svg.rect(x, y, 40, 14, fill=CHEST_FILL.get(col, "#999"), stroke="#222", sw=0.7, rx=2, data_chest=chest)
    svg.text(x + 20, y + 10.5, _chest_label(chest, svg.lang), size=9, anchor="middle", fill="#fff", weight="bold", k=k, fit=38)


def draw(v: dict, seat, names, lang: str = "en") -> Svg:
    n = v["players"]
    height = 720 + n * 22 + (60 if seat is not None else 0)
    svg = Svg(1000, height, title=heading(v, seat, names, lang), desc=t(lang, "s.desc"), slug="staufer",
              background="#e6dcc3", lang=lang)
    svg.rect(4, 4, 992, height - 8, fill="none", stroke="#5a4626", sw=3, rx=8)
    svg.text(20, 32, heading(v, seat, names, lang), size=18, weight="bold", fill="#3d2c12", k="heading", fit=960)
    for i, r in enumerate(v["regions"]):
        _region_box(svg, v, r, i, *SLOTS[i])
    _round_table(svg, v, 20, 488)
    _resources(svg, v, 490, 488)
    y = _players(svg, v, seat, names, 20, 660)
    if seat is not None:
        _objectives(svg, v, seat, 20, y + 20)
    return svg


def _region_box(svg: Svg, v: dict, r: str, i: int, x: int, y: int) -> None:
    lang = svg.lang
    king = v["king"] == r
    scored = r in v.get("scored", [])
    svg.rect(x, y, 300, 196, fill="#f7f0dc", stroke="#8b1a1a" if king else "#5a4626", sw=3 if king else 1.2, rx=8, data_region=r)
    svg.text(x + 10, y + 20, _region(lang, r), size=15, weight="bold", k=f"region.{i}", fit=135)
    if king:
        svg.path(f"M{x + 150},{y + 20} l0,-14 l8,7 l7,-10 l7,10 l8,-7 l0,14 z", fill="#d4a017", stroke="#5a3a00")
        svg.text(x + 186, y + 19, t(lang, "s.king").upper(), size=11, weight="bold", fill="#8b1a1a", k="king", fit=34)
    tile = v["tiles"][r][: 3 if v["players"] >= 4 else 2]
    svg.text(x + 290, y + 18, t(lang, "s.scores", values="/".join(str(x) for x in tile)), size=10, anchor="end", k=f"tile.{r}",
             fit=66 if king else 130)
    # "(scored)" at the end of the bonus line, which keeps the room left of it (beside the king it would not fit)
    bonus_room = 280
    if scored:
        mark = t(lang, "s.scored").strip()
        svg.text(x + 290, y + 34, mark, size=9, anchor="end", italic=True, weight="bold")
        bonus_room -= text_width(mark, 9, bold=True) + 6
    svg.text(x + 10, y + 34, t(lang, "s.bonus", text=t(lang, f"s.bonus.{r}")), size=9, italic=True, fit=bonus_room)
    offices = v["offices"][r]
    w = 280 / max(len(offices), 1)
    for j, o in enumerate(offices):
        ox = x + 10 + j * w
        svg.rect(ox, y + 42, w - 4, 120, fill="#fffaf0", stroke="#5a4626", rx=4)
        svg.spot(ox, y + 42, w - 4, 120, f"office:{r}:{j + 1}")
        svg.circle(ox + 14, y + 58, 11, fill="#c9a227", stroke="#5a4626")
        svg.text(ox + 14, y + 62.5, o["value"], size=12, anchor="middle", weight="bold", k=f"office.{r}.{j}")
        if o["noble"]:  # the noble mark: a shield with the noble's initial
            svg.path(f"M{ox + 30},{y + 48} h16 v10 q-8,10 -16,0 z", fill="#444", stroke="#000")
            svg.text(ox + 38, y + 58, t(lang, "s.n"), size=9, anchor="middle", fill="#fff", weight="bold", k=f"office.{r}.{j}.noble")
        for m, (p, kind) in enumerate(o["occ"]):
            cy = y + 88 + m * 24
            svg.token(ox + 14, cy, p, r=9, shape="pawn" if kind == "envoy" else "square", label=False)
            svg.text(ox + 27, cy + 4, f"{short(p, lang)}{t(lang, 's.n' if kind == 'noble' else 's.e')}", size=9, k=f"occ.{r}.{j}.{m}")
        for m, chest in enumerate(o["chests"]):
            svg.add(f'<g transform="translate({ox + 1:.1f},{y + 124 + m * 18:.1f}) scale({min(1, (w - 6) / 40):.2f})">')
            _chest(svg, 0, 0, chest, k=f"chest.{r}.{j}.{m}")
            svg.close()
    pay = [(p, pair) for p, pair in enumerate(v["payment"][r]) if pair != [0, 0]]
    label = t(lang, "s.payment")
    svg.text(x + 10, y + 180, label, size=10, weight="bold", fit=88)
    for m, (p, (e, nn)) in enumerate(pay):
        px = x + 104 + m * 48
        svg.token(px, y + 176, p, r=7)
        svg.text(px + 10, y + 180, _marks(lang, e, nn), size=9, k=f"pay.{r}.{p}")
    if not pay:
        svg.text(x + 100, y + 180, t(lang, "s.empty"), size=9, italic=True)


def _round_table(svg: Svg, v: dict, x: int, y: int) -> None:
    lang = svg.lang
    rows = v["rows"]
    rnd = min(v["round"], D.ROUNDS) - 1
    svg.text(x, y, t(lang, "s.round_table"), size=14, weight="bold", fit=460)
    for c in range(D.ROUNDS):
        cx = x + 90 + c * 78
        now = c == rnd and v["stage"] != "over"
        svg.rect(cx, y + 8, 74, 112, fill="#fff3c4" if now else "#f7f0dc", stroke="#8b1a1a" if now else "#5a4626",
                 sw=2.5 if now else 1, rx=4)
        svg.text(cx + 37, y + 22, t(lang, "s.round", number=c + 1), size=9, anchor="middle", weight="bold", fit=70)
        if now:
            svg.text(cx + 37, y + 33, t(lang, "s.now"), size=9, anchor="middle", italic=True, fit=70)
        a = rows["A"][c] if c < len(rows["A"]) else None
        b = rows["B"][c] if c < len(rows["B"]) else None
        k = rows["C"][c] if c < len(rows["C"]) else None
        svg.text(cx + 37, y + 48, _region(lang, a) if a else "-", size=10, anchor="middle", k=f"row.A.{c}", fit=70)
        cond = t(lang, f"s.cond.{b}") if b and CATALOG.has(f"s.cond.{b}") else (b or "-")
        svg.lines(cx + 37, y + 70, wrap(cond, 70, 9, max_lines=3), size=9, leading=10, anchor="middle", k=f"row.B.{c}", fit=70)
        svg.text(cx + 37, y + 108, t(lang, "s.king_moves", steps=k) if k else t(lang, "s.final"), size=10, anchor="middle",
                 k=f"row.C.{c}", fit=70)
        if c < rnd or v["stage"] == "over":
            svg.path(f"M{cx + 4},{y + 116} L{cx + 70},{y + 12}", stroke="#5a4626", sw=1, stroke_dasharray="3 3")
    for j, code in enumerate("ABC"):
        svg.lines(x, y + 44 + j * 30, wrap(f"{code}: {t(lang, f's.row.{code}')}", 86, 10), size=10, leading=11, fit=86)
    svg.text(x, y + 140, t(lang, "s.scored_now", regions=", ".join(_region(lang, r) for r in v.get("scored", []))
                                                        or t(lang, "none")), size=10, k="scored", fit=460)


def _resources(svg: Svg, v: dict, x: int, y: int) -> None:
    lang = svg.lang
    svg.text(x + 10, y, t(lang, "s.resource_spaces"), size=14, weight="bold", fit=480)
    for i, chests in enumerate(v["res_chests"]):
        cx = x + 10 + i * 96
        svg.rect(cx, y + 8, 90, 62, fill="#f7f0dc", stroke="#5a4626", rx=4)
        svg.spot(cx, y + 8, 90, 62, f"space:{i + 1}")
        e, nn = D.RESOURCE_SPACES[i]
        svg.text(cx + 6, y + 22, f"{i + 1}: {_marks(lang, e, nn)}", size=10, weight="bold", k=f"res.{i}")
        for m, chest in enumerate(chests[:3]):
            _chest(svg, cx + 4 + (m % 2) * 42, y + 28 + (m // 2) * 18, chest, k=f"res.{i}.{m}")
    ty = y + 92
    for key, seats in (("order", v["order"]), ("res_track", v["res_track"]), ("place_track", v["place_track"])):
        svg.text(x + 10, ty, t(lang, f"s.{key}") + ":", size=10, weight="bold", fit=175)
        for m, p in enumerate(seats):
            svg.token(x + 190 + m * 18, ty - 4, p, r=7.5, k=f"{key}.{m}")
        if not seats:
            svg.text(x + 190, ty, "-", size=10)
        ty += 22
    privs = []
    if v["vp_stack"]:
        privs.append(t(lang, "s.vp_privilege", points=v["vp_stack"][-1]))
    privs += [f"{p} x{c}" for p, c in sorted(v["priv_supply"].items(), key=lambda kv: int(kv[0])) if c]
    svg.text(x + 10, ty + 2, t(lang, "s.chests_privileges", down=v["draw"], discarded=len(v["discard"]),
                               privileges=", ".join(privs) or t(lang, "none")), size=10, k="privsupply", fit=480)


def _players(svg: Svg, v: dict, seat, names, x: int, y: int) -> int:
    lang = svg.lang
    svg.text(x, y, t(lang, "b.players"), size=14, weight="bold")
    heads = (("", 0, 0), ("s.col.vp", 170, 38), ("s.col.court", 210, 106), ("s.col.supply", 320, 106),
             ("s.col.chests", 430, 320), ("s.col.privileges", 760, 200))
    for key, dx, w in heads:
        if key:
            svg.text(x + dx, y + 16, t(lang, key), size=10, fill="#5a4626", fit=w)
    for p in range(v["players"]):
        yy = y + 34 + p * 22
        svg.rect(x - 4, yy - 14, 960, 20, fill=colour(p), fill_opacity=0.12, stroke="none")
        svg.token(x + 8, yy - 4, p, r=8)
        svg.text(x + 22, yy, player_label(p, names, lang)[:16] + (t(lang, "b.you") if p == seat else ""), size=11,
                 weight="bold" if p == seat else None, fit=144)
        svg.text(x + 170, yy, v["score"][p], size=11, k=f"score.{p}")
        svg.text(x + 210, yy, _figs_short(lang, v["court"][p]), size=10, k=f"court.{p}", fit=106)
        svg.text(x + 320, yy, _figs_short(lang, v["province"][p]), size=10, k=f"province.{p}", fit=106)
        held = ", ".join(f"{c}x {_chest_label(k, lang)}" for k, c in sorted(v["held"][p].items())) or "-"
        svg.text(x + 430, yy, held if len(held) <= 56 else held[:55] + "…", size=9, k=f"held.{p}", fit=320)
        svg.text(x + 760, yy, ", ".join(str(q) for q in v["privileges"][p]) or "-", size=10, k=f"privs.{p}", fit=200)
    return y + 34 + v["players"] * 22


def _objectives(svg: Svg, v: dict, seat: int, x: int, y: int) -> None:
    lang = svg.lang
    o = (v.get("objectives") or [None] * (seat + 1))[seat]
    if not o:
        return
    _, pts = D.PATH_CARDS[o["path"]]
    svg.text(x, y, t(lang, "s.your_objectives") + ":", size=13, weight="bold", fit=125)
    svg.text(x + 130, y, t(lang, "s.objectives", region=_region(lang, o["region"]), path=t(lang, f"path.{o['path']}"),
                           points=pts, office=t(lang, f"officecard.{o['office']}")), size=12, k="objectives", fit=830)


def sections(v: dict, seat, names, lang: str = "en") -> list[Section]:
    n = v["players"]
    rnd = min(v["round"], D.ROUNDS) - 1
    regions = []
    for r in v["regions"]:
        offices = []
        for o in v["offices"][r]:
            occ = ", ".join(f"{player_label(p, names, lang)} {t(lang, f's.s.{kind}')}" for p, kind in o["occ"]) or t(lang, "s.s.free")
            ch = t(lang, "s.s.chests", chests=", ".join(t(lang, f"chest.{c}") if CATALOG.has(f"chest.{c}") else c
                                                         for c in o["chests"])) if o["chests"] else ""
            offices.append(f"{o['value']}{t(lang, 's.s.noble_office') if o['noble'] else ''}: {occ}{ch}")
        pay = ", ".join(f"{player_label(p, names, lang)} {_figs(lang, pair)}" for p, pair in enumerate(v["payment"][r])
                        if pair != [0, 0])
        regions.append([_region(lang, r) + (t(lang, "s.s.king") if v["king"] == r else ""),
                        "/".join(str(x) for x in v["tiles"][r][: 3 if n >= 4 else 2]), "; ".join(offices), pay or t(lang, "s.empty")])
    out = [Section(t(lang, "s.s.regions"), head=[t(lang, "s.s.col.region"), t(lang, "s.s.col.scores"), t(lang, "s.s.col.offices"),
                                                t(lang, "s.s.col.payment")], rows=regions)]
    rows = v["rows"]
    table = []
    for c in range(D.ROUNDS):
        a = _region(lang, rows["A"][c]) if c < len(rows["A"]) else "-"
        b = t(lang, f"condition.{rows['B'][c]}") if c < len(rows["B"]) and CATALOG.has(f"condition.{rows['B'][c]}") else (
            rows["B"][c] if c < len(rows["B"]) else "-")
        k = t(lang, "s.s.king_moves", steps=rows["C"][c]) if c < len(rows["C"]) else t(lang, "s.s.final")
        now = t(lang, "s.s.now") if c == rnd and v["stage"] != "over" else ""
        table.append(t(lang, "s.s.round", number=c + 1, now=now, region=a, condition=b, king=k))
    out.append(Section(t(lang, "s.round_table"), table))
    out.append(Section(t(lang, "s.s.resources"), [
        t(lang, "s.s.spaces", spaces="; ".join(
            t(lang, "s.s.space", number=i + 1, figures=_figs(lang, D.RESOURCE_SPACES[i]),
              chests=", ".join(t(lang, f"chest.{x}") if CATALOG.has(f"chest.{x}") else x for x in c) or t(lang, "s.s.no_chest"))
            for i, c in enumerate(v["res_chests"]))),
        f"{t(lang, 's.order')}: " + (", ".join(player_label(p, names, lang) for p in v["order"]) or "-"),
        f"{t(lang, 's.s.res_track')}: " + (", ".join(player_label(p, names, lang) for p in v["res_track"]) or "-"),
        f"{t(lang, 's.s.place_track')}: " + (", ".join(player_label(p, names, lang) for p in v["place_track"]) or "-"),
        t(lang, "s.s.chests_pile", down=v["draw"], discarded=len(v["discard"])),
    ]))
    out.append(Section(t(lang, "b.players"), head=[t(lang, "s.s.col.player"), t(lang, "s.col.vp"), t(lang, "s.s.col.court"),
                                                  t(lang, "s.s.col.supply"), t(lang, "s.s.col.chests"), t(lang, "s.s.col.privileges")],
                       rows=[[player_label(p, names, lang) + (t(lang, "b.you") if p == seat else ""), v["score"][p],
                              _figs(lang, v["court"][p]), _figs(lang, v["province"][p]),
                              ", ".join(f"{t(lang, f'chest.{k}') if CATALOG.has(f'chest.{k}') else k} x{c}"
                                        for k, c in sorted(v["held"][p].items())) or "-",
                              ", ".join(str(q) for q in v["privileges"][p]) or "-"] for p in range(n)]))
    o = (v.get("objectives") or [None] * n)[seat] if seat is not None else None
    if o:
        out.append(Section(t(lang, "s.your_objectives"), [t(lang, "s.s.region", region=_region(lang, o["region"])),
                                                         t(lang, "s.s.path", path=t(lang, f"path.{o['path']}")),
                                                         t(lang, "s.s.office", office=t(lang, f"officecard.{o['office']}"))]))
    return out
