"""The Staufer Dynasty: the six regions in a ring with their offices, the
king, the round table, the resource board and tracks, every player's court.

Drawn from ``view`` and engines/staufer/data.py only. Positions are assumed
(the board is a picture not in the text): the regions clockwise in two rows of
three (top left to right, then bottom right to left), as on the ring of the
board; envoys are drawn as figures, nobles as squares with an "N".
"""

from __future__ import annotations

from engines.staufer import data as D

from boards.draw import Section, Svg, colour, player_label

TITLE = "The Staufer Dynasty"
CHEST_FILL = {"orange": "#f08a24", "turquoise": "#2bb3b1", "purple": "#8e44ad", "brown": "#8d5a2b"}
CONDITION_TEXT = {"king": "king's region", "fewest_chests": "fewest chests", "most_offices": "most offices taken"}
BONUS_TEXT = {
    "augsburg": "2 chests: 1st chooses, 2nd the other",
    "strasbourg": "envoys: 2 to the 1st, 1 to the 2nd",
    "palermo": "3 VP to the 1st, 1 to the 2nd",
    "aachen": "a chest for every occupant",
    "nijmegen": "1 envoy to every occupant",
    "milan": "2 VP to every occupant",
}
# Ring positions of the six regions (assumed, see the module note).
SLOTS = ((20, 56), (350, 56), (680, 56), (680, 262), (350, 262), (20, 262))


# What a chest gives, in short, as printed on its face (the acting part names it in full).
_KIND_LABEL = {"vp2": "2 VP", "vp3": "3 VP", "vp4": "4 VP", "vp5": "5 VP", "envoy1": "1 env.", "envoy2": "2 env.",
               "envoy3": "3 env.", "noble": "noble", "first": "1st", "resources": "res.", "move": "move",
               "place": "place", "immunity": "immun."}


def _chest_label(chest: str) -> str:
    colour_, _, kind = chest.partition("-")
    return _KIND_LABEL.get(kind, kind) if kind else colour_


def _figs(pair) -> str:
    e, n = pair
    return f"{e} envoy{'s' if e != 1 else ''}, {n} noble{'s' if n != 1 else ''}"


def _figs_short(pair) -> str:
    e, n = pair
    return f"{e} env., {n} nob."


def heading(v: dict, seat, names) -> str:
    return f"The Staufer Dynasty - round {min(v['round'], D.ROUNDS)} of {D.ROUNDS}" + (
        " - game over" if v["stage"] == "over" else f", {v['stage'].replace('_', ' ')}")


def _chest(svg: Svg, x, y, chest: str, *, k=None) -> None:
    col = chest.split("-")[0]
    svg.rect(x, y, 40, 14, fill=CHEST_FILL.get(col, "#999"), stroke="#222", sw=0.7, rx=2, data_chest=chest)
    svg.text(x + 20, y + 10.5, _chest_label(chest), size=9, anchor="middle", fill="#fff", weight="bold", k=k)


def draw(v: dict, seat, names) -> Svg:
    n = v["players"]
    height = 720 + n * 22 + (60 if seat is not None else 0)
    svg = Svg(1000, height, title=heading(v, seat, names),
              desc="Six regions with offices, occupants and chests, the king, the round table, "
                   "the resource board and tracks, and every player's court and chests.",
              slug="staufer", background="#e6dcc3")
    svg.rect(4, 4, 992, height - 8, fill="none", stroke="#5a4626", sw=3, rx=8)
    svg.text(20, 32, heading(v, seat, names), size=18, weight="bold", fill="#3d2c12", k="heading")
    for i, r in enumerate(v["regions"]):
        _region(svg, v, r, i, *SLOTS[i])
    _round_table(svg, v, 20, 488)
    _resources(svg, v, 490, 488)
    y = _players(svg, v, seat, names, 20, 660)
    if seat is not None:
        _objectives(svg, v, seat, 20, y + 20)
    return svg


def _region(svg: Svg, v: dict, r: str, i: int, x: int, y: int) -> None:
    king = v["king"] == r
    scored = r in v.get("scored", [])
    svg.rect(x, y, 300, 196, fill="#f7f0dc", stroke="#8b1a1a" if king else "#5a4626", sw=3 if king else 1.2, rx=8, data_region=r)
    svg.text(x + 10, y + 20, D.REGION_NAMES[r], size=15, weight="bold", k=f"region.{i}")
    if king:
        svg.path(f"M{x + 150},{y + 20} l0,-14 l8,7 l7,-10 l7,10 l8,-7 l0,14 z", fill="#d4a017", stroke="#5a3a00")
        svg.text(x + 192, y + 19, "KING", size=11, weight="bold", fill="#8b1a1a", k="king")
    tile = v["tiles"][r][: 3 if v["players"] >= 4 else 2]
    svg.text(x + 290, y + 18, "scores " + "/".join(str(t) for t in tile) + (" (scored)" if scored else ""), size=10,
             anchor="end", k=f"tile.{r}")
    svg.text(x + 10, y + 34, "bonus: " + BONUS_TEXT[r], size=9, italic=True)
    offices = v["offices"][r]
    w = 280 / max(len(offices), 1)
    for j, o in enumerate(offices):
        ox = x + 10 + j * w
        svg.rect(ox, y + 42, w - 4, 120, fill="#fffaf0", stroke="#5a4626", rx=4)
        svg.spot(ox, y + 42, w - 4, 120, f"office:{r}:{j + 1}")
        svg.circle(ox + 14, y + 58, 11, fill="#c9a227", stroke="#5a4626")
        svg.text(ox + 14, y + 62.5, o["value"], size=12, anchor="middle", weight="bold", k=f"office.{r}.{j}")
        if o["noble"]:  # the noble mark: a shield with N
            svg.path(f"M{ox + 30},{y + 48} h16 v10 q-8,10 -16,0 z", fill="#444", stroke="#000")
            svg.text(ox + 38, y + 58, "N", size=9, anchor="middle", fill="#fff", weight="bold", k=f"office.{r}.{j}.noble")
        for m, (p, kind) in enumerate(o["occ"]):
            cy = y + 88 + m * 24
            svg.token(ox + 14, cy, p, r=9, shape="pawn" if kind == "envoy" else "square", label=False)
            svg.text(ox + 27, cy + 4, f"P{p + 1}{'N' if kind == 'noble' else 'e'}", size=9, k=f"occ.{r}.{j}.{m}")
        for m, chest in enumerate(o["chests"]):
            svg.add(f'<g transform="translate({ox + 1:.1f},{y + 124 + m * 18:.1f}) scale({min(1, (w - 6) / 40):.2f})">')
            _chest(svg, 0, 0, chest, k=f"chest.{r}.{j}.{m}")
            svg.close()
    pay = [(p, pair) for p, pair in enumerate(v["payment"][r]) if pair != [0, 0]]
    svg.text(x + 10, y + 180, "payment area:", size=10, weight="bold")
    for m, (p, (e, nn)) in enumerate(pay):
        px = x + 104 + m * 48
        svg.token(px, y + 176, p, r=7)
        svg.text(px + 10, y + 180, f"{e}e {nn}N", size=9, k=f"pay.{r}.{p}")
    if not pay:
        svg.text(x + 100, y + 180, "empty", size=9, italic=True)


def _round_table(svg: Svg, v: dict, x: int, y: int) -> None:
    rows = v["rows"]
    rnd = min(v["round"], D.ROUNDS) - 1
    svg.text(x, y, "Round table", size=14, weight="bold")
    labels = (("A", "region scored"), ("B", "condition"), ("C", "king moves"))
    for c in range(D.ROUNDS):
        cx = x + 90 + c * 78
        now = c == rnd and v["stage"] != "over"
        svg.rect(cx, y + 8, 74, 112, fill="#fff3c4" if now else "#f7f0dc", stroke="#8b1a1a" if now else "#5a4626",
                 sw=2.5 if now else 1, rx=4)
        svg.text(cx + 37, y + 22, f"round {c + 1}" + (" (now)" if now else ""), size=9, anchor="middle", weight="bold")
        a = rows["A"][c] if c < len(rows["A"]) else None
        b = rows["B"][c] if c < len(rows["B"]) else None
        k = rows["C"][c] if c < len(rows["C"]) else None
        svg.text(cx + 37, y + 48, D.REGION_NAMES[a] if a else "-", size=10, anchor="middle", k=f"row.A.{c}")
        svg.text(cx + 37, y + 78, CONDITION_TEXT.get(b, b or "-"), size=8.5, anchor="middle", k=f"row.B.{c}")
        svg.text(cx + 37, y + 108, f"king +{k}" if k else "final", size=10, anchor="middle", k=f"row.C.{c}")
        if c < rnd or v["stage"] == "over":
            svg.path(f"M{cx + 4},{y + 116} L{cx + 70},{y + 12}", stroke="#5a4626", sw=1, stroke_dasharray="3 3")
    for j, (code, text) in enumerate(labels):
        svg.text(x, y + 48 + j * 30, f"{code}: {text}", size=10)
    svg.text(x, y + 140, "scored this round: " + (", ".join(D.REGION_NAMES[r] for r in v.get("scored", [])) or "none"), size=10,
             k="scored")


def _resources(svg: Svg, v: dict, x: int, y: int) -> None:
    svg.text(x + 10, y, "Resource spaces", size=14, weight="bold")
    for i, chests in enumerate(v["res_chests"]):
        cx = x + 10 + i * 96
        svg.rect(cx, y + 8, 90, 62, fill="#f7f0dc", stroke="#5a4626", rx=4)
        svg.spot(cx, y + 8, 90, 62, f"space:{i + 1}")
        e, nn = D.RESOURCE_SPACES[i]
        svg.text(cx + 6, y + 22, f"{i + 1}: {e}e {nn}N", size=10, weight="bold", k=f"res.{i}")
        for m, chest in enumerate(chests[:3]):
            _chest(svg, cx + 4 + (m % 2) * 42, y + 28 + (m // 2) * 18, chest, k=f"res.{i}.{m}")
    ty = y + 92
    for label, key, seats in (("Turn order", "order", v["order"]), ("Resource track (top down)", "res_track", v["res_track"]),
                              ("Placement track (bottom up)", "place_track", v["place_track"])):
        svg.text(x + 10, ty, label + ":", size=10, weight="bold")
        for m, p in enumerate(seats):
            svg.token(x + 190 + m * 18, ty - 4, p, r=7.5, k=f"{key}.{m}")
        if not seats:
            svg.text(x + 190, ty, "-", size=10)
        ty += 22
    privs = []
    if v["vp_stack"]:
        privs.append(f"1 ({v['vp_stack'][-1]} VP)")
    privs += [f"{p} x{c}" for p, c in sorted(v["priv_supply"].items(), key=lambda kv: int(kv[0])) if c]
    svg.text(x + 10, ty + 2, f"Chests: {v['draw']} face down, {len(v['discard'])} discarded. "
                             f"Privileges: {', '.join(privs) or 'none'}", size=10, k="privsupply")


def _players(svg: Svg, v: dict, seat, names, x: int, y: int) -> int:
    svg.text(x, y, "Players", size=14, weight="bold")
    heads = (("", 0), ("VP", 170), ("court", 210), ("in supply", 320), ("chests held", 430), ("privileges", 760))
    for h, dx in heads:
        svg.text(x + dx, y + 16, h, size=10, fill="#5a4626")
    for p in range(v["players"]):
        yy = y + 34 + p * 22
        svg.rect(x - 4, yy - 14, 960, 20, fill=colour(p), fill_opacity=0.12, stroke="none")
        svg.token(x + 8, yy - 4, p, r=8)
        svg.text(x + 22, yy, player_label(p, names)[:16] + (" (you)" if p == seat else ""), size=11,
                 weight="bold" if p == seat else None)
        svg.text(x + 170, yy, v["score"][p], size=11, k=f"score.{p}")
        e, nn = v["court"][p]
        svg.text(x + 210, yy, _figs_short((e, nn)), size=10, k=f"court.{p}")
        e, nn = v["province"][p]
        svg.text(x + 320, yy, _figs_short((e, nn)), size=10, k=f"province.{p}")
        held = ", ".join(f"{c}x {_chest_label(k)}" for k, c in sorted(v["held"][p].items())) or "-"
        svg.text(x + 430, yy, held if len(held) <= 56 else held[:55] + "…", size=9, k=f"held.{p}")
        svg.text(x + 760, yy, ", ".join(str(q) for q in v["privileges"][p]) or "-", size=10, k=f"privs.{p}")
    return y + 34 + v["players"] * 22


def _objectives(svg: Svg, v: dict, seat: int, x: int, y: int) -> None:
    o = (v.get("objectives") or [None] * (seat + 1))[seat]
    if not o:
        return
    _, pts = D.PATH_CARDS[o["path"]]
    svg.text(x, y, "Your objectives:", size=13, weight="bold")
    svg.text(x + 130, y, f"region {D.REGION_NAMES[o['region']]}; path {o['path']} ({pts} VP each time); office {o['office']}",
             size=12, k="objectives")


def sections(v: dict, seat, names) -> list[Section]:
    n = v["players"]
    rnd = min(v["round"], D.ROUNDS) - 1
    regions = []
    for r in v["regions"]:
        offices = []
        for o in v["offices"][r]:
            occ = ", ".join(f"{player_label(p, names)} {kind}" for p, kind in o["occ"]) or "free"
            ch = f", chests {' '.join(o['chests'])}" if o["chests"] else ""
            offices.append(f"{o['value']}{' noble' if o['noble'] else ''}: {occ}{ch}")
        pay = ", ".join(f"{player_label(p, names)} {_figs(pair)}" for p, pair in enumerate(v["payment"][r]) if pair != [0, 0])
        regions.append([D.REGION_NAMES[r] + (" (king)" if v["king"] == r else ""),
                        "/".join(str(t) for t in v["tiles"][r][: 3 if n >= 4 else 2]), "; ".join(offices), pay or "empty"])
    out = [Section("Regions clockwise", head=["Region", "Scores", "Offices (value: occupant, chests)", "Payment area"],
                   rows=regions)]
    rows = v["rows"]
    table = []
    for c in range(D.ROUNDS):
        a = D.REGION_NAMES[rows["A"][c]] if c < len(rows["A"]) else "-"
        b = CONDITION_TEXT.get(rows["B"][c], rows["B"][c]) if c < len(rows["B"]) else "-"
        k = f"king moves {rows['C'][c]}" if c < len(rows["C"]) else "final scoring"
        table.append(f"Round {c + 1}{' (now)' if c == rnd and v['stage'] != 'over' else ''}: {a}, {b}, {k}")
    out.append(Section("Round table", table))
    out.append(Section("Resource board and tracks", [
        "Resource spaces: " + "; ".join(f"{i + 1} ({D.RESOURCE_SPACES[i][0]} envoys, {D.RESOURCE_SPACES[i][1]} nobles): "
                                        f"{' '.join(c) or 'no chest'}" for i, c in enumerate(v["res_chests"])),
        "Turn order: " + (", ".join(player_label(p, names) for p in v["order"]) or "-"),
        "Resource track: " + (", ".join(player_label(p, names) for p in v["res_track"]) or "-"),
        "Placement track: " + (", ".join(player_label(p, names) for p in v["place_track"]) or "-"),
        f"Chests: {v['draw']} face down, {len(v['discard'])} discarded",
    ]))
    out.append(Section("Players", head=["Player", "VP", "Court", "In supply", "Chests held", "Privileges"], rows=[
        [player_label(p, names) + (" (you)" if p == seat else ""), v["score"][p], _figs(v["court"][p]), _figs(v["province"][p]),
         ", ".join(f"{k} x{c}" for k, c in sorted(v["held"][p].items())) or "-",
         ", ".join(str(q) for q in v["privileges"][p]) or "-"] for p in range(n)]))
    o = (v.get("objectives") or [None] * n)[seat] if seat is not None else None
    if o:
        out.append(Section("Your objectives", [f"Region {D.REGION_NAMES[o['region']]}", f"Path {o['path']}",
                                               f"Office {o['office']}"]))
    return out
