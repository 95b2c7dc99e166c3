"""Every board, for every engine and player count, at several points of bot
games and for every seat and the spectator: valid SVG (stdlib parser) with
role, title, desc and viewBox; the drawn names and numbers read back equal the
view; and nothing of the full state that the view hides is drawn or written."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

import boards
from boards import staufer as staufer_board
from engines.citadels import data as CD
from engines.registry import get
from engines.rng import Rng

SVG = "{http://www.w3.org/2000/svg}"
GAMES = [("augsburg1520", n, None) for n in range(2, 6)]
GAMES += [("citadels", n, None) for n in range(2, 8)]
GAMES += [("staufer", n, None) for n in range(2, 6)]
GAMES += [("fugger", n, None) for n in range(2, 7)]
GAMES += [("fugger", 3, {"variant": "nobility"}), ("fugger", 4, {"variant": "full"}), ("fugger", 2, {"variant": "country_estate"})]
SAMPLE_AT = (0, 7, 40, 150, 10_000)  # steps at which the board is drawn (the last: the end, or where the walk stops)
MAX_STEPS = 600


def sampled_states(slug, players, options, seed=11):
    engine = get(slug)
    state = engine.setup(players, seed, options)
    rng = Rng(seed)
    out = [state]
    for step in range(1, MAX_STEPS + 1):
        decisions = engine.decisions(state)
        if not decisions:
            break
        state = engine.apply(state, {d["seat"]: engine.bot(state, d["seat"], rng) for d in decisions})["state"]
        if step in SAMPLE_AT:
            out.append(state)
    out.append(state)
    return engine, out


def drawn(svg: str) -> dict[str, str]:
    """data-k -> the text drawn there."""
    root = ET.fromstring(svg)
    return {el.get("data-k"): "".join(el.itertext()) for el in root.iter() if el.get("data-k")}


def _component_ids() -> dict[str, set[str]]:
    """The names of the cards, tiles and objectives whose whereabouts a view may hide."""
    from engines.augsburg1520 import data as AD
    from engines.fugger import data as FD
    from engines.staufer import data as SD

    return {
        "augsburg1520": set(AD.ALL_CARDS),
        # character ids too: the row names the characters ("Magician"), never by id, and who holds which
        # is checked by "chars.<seat>"
        "citadels": set(CD.DISTRICT_IDS) | set(CD.CHAR_IDS),
        "staufer": set(SD.PATH_CARDS) | set(SD.OFFICE_CARDS) | set(SD.CHEST_MIX) | set(SD.REGIONS),
        "fugger": set(FD.ALL_CARDS),
    }


COMPONENT_IDS = _component_ids()


def leaves(obj, out=None) -> set[str]:
    out = set() if out is None else out
    if isinstance(obj, dict):
        for k, v in obj.items():
            out.add(k)
            leaves(v, out)
    elif isinstance(obj, list):
        for v in obj:
            leaves(v, out)
    elif isinstance(obj, str):
        out.add(obj)
    return out


def expected(slug: str, v: dict, seat) -> dict[str, str]:
    """What the board must show, computed from the view independently of the drawing code."""
    e: dict[str, str] = {}
    n = v["players"]
    if slug == "augsburg1520":
        for p in range(n):
            e[f"money.{p}"] = str(v["money"][p])
            e[f"prestige.{p}"] = str(v["prestige"][p])
            e[f"cap.{p}"] = str(v["caps"][p]) if v["caps"][p] is not None else "none"
        for cat, sup in v["supply"].items():
            for lv, count in sup.items():
                e[f"supply.{cat}.{lv}"] = f"L{lv}: {count}"
        for tile, stack in v["stacks"].items():
            e[f"tile.{tile}.left"] = f"{len(stack)} left"
        for i, won in enumerate(v["winners"]):
            if won is not None:
                e[f"winner.{i}"] = f"P{won + 1}"
        for c in v.get("hand") or []:
            e[f"hand.{c.replace('-', ' ')}"] = "J" if c.startswith("joker") else c.rsplit("-", 1)[1]
        for card in v["privileges"]["row"]:
            e[f"priv.{card}"] = f"card {card}"
        e["deck"] = f"Deck {v['deck_size']} notes"  # prefix
    elif slug == "citadels":
        for s in v["seats"]:
            p = s["seat"]
            e[f"gold.{p}"] = f"{s['gold']} gold"
            e[f"hand.{p}"] = f"{s['hand_size']} {'card' if s['hand_size'] == 1 else 'cards'}"
            for j, b in enumerate(s["city"]):
                d = CD.DISTRICTS[b["card"]]
                e[f"city.{p}.{j}.cost"] = str(d["cost"])
                e[f"city.{p}.{j}"] = d["en"]
            if s["crown"]:
                e[f"crown.{p}"] = "crown"
            shown = ", ".join(f"{CD.RANK[c]} {CD.CHAR_EN[c]}" for c in s["characters"])
            e[f"chars.{p}"] = "character: " + (shown or (f"{s['character_count']} hidden" if s["character_count"] else "-"))
        for j, c in enumerate((v.get("hand") or [])[:10]):
            e[f"yourhand.{j}"] = CD.DISTRICTS[c]["en"]
        for c in (v.get("draft") or {}).get("offered", []):
            e[f"offer.{CD.RANK[c]}"] = f"{CD.RANK[c]} {CD.CHAR_EN[c]}"
        for c in v["calls"]:
            if c["result"] == "revealed":
                e[f"char.{c['rank']}.seat"] = None  # any name: drawn is enough
    elif slug == "staufer":
        for i, r in enumerate(v["regions"]):
            for j, o in enumerate(v["offices"][r]):
                e[f"office.{r}.{j}"] = str(o["value"])
                for m, (p, kind) in enumerate(o["occ"]):
                    e[f"occ.{r}.{j}.{m}"] = f"P{p + 1}{'N' if kind == 'noble' else 'e'}"
                for m, chest in enumerate(o["chests"]):
                    e[f"chest.{r}.{j}.{m}"] = staufer_board._chest_label(chest)
        for p in range(n):
            e[f"score.{p}"] = str(v["score"][p])
            e[f"court.{p}"] = f"{v['court'][p][0]} env., {v['court'][p][1]} nob."
            e[f"province.{p}"] = f"{v['province'][p][0]} env., {v['province'][p][1]} nob."
        for m, p in enumerate(v["place_track"]):
            e[f"place_track.{m}"] = str(p + 1)
        obj = (v.get("objectives") or [None] * n)[seat] if seat is not None else None
        if obj and v["stage"] != "over":
            e["objectives"] = f"region {obj['region'].capitalize()}"  # prefix
    elif slug == "fugger":
        for p, s in enumerate(v["seats"]):
            e[f"cash.{p}"] = f"{s['cash']} Fl."
            for w, q in s["lager"].items():
                e[f"lager.{p}.{w}"] = str(q)
            for rep, r in s["reps"].items():
                if r is not None:
                    e[f"rep.{p}.{rep}"] = str(p + 1)
                    for w, q in r["wares"].items():
                        e[f"repw.{p}.{rep}.{w}"] = str(q)
        for t in v["table"]:
            e[f"deal.{t['card']}"] = t["card"]
        if v.get("nob"):
            for p in range(n):
                e[f"nob.{p}"] = str(p + 1)
    return e


PREFIX_KEYS = {"deck", "objectives"}


@pytest.mark.parametrize("slug,players,options", GAMES, ids=[f"{g[0]}-{g[1]}-{(g[2] or {}).get('variant', '')}" for g in GAMES])
def test_boards_show_the_view_and_nothing_more(slug, players, options):
    engine, states = sampled_states(slug, players, options)
    names = [f"Seat{i} Name" for i in range(players)]
    checked = 0
    for state in states:
        for seat in [*range(players), None]:
            v = engine.view(state, seat)
            svg = boards.svg(slug, v, seat=seat, names=names)
            root = ET.fromstring(svg)
            assert root.tag == f"{SVG}svg" and root.get("role") == "img"
            assert root.find(f"{SVG}title").text and root.find(f"{SVG}desc").text
            assert re.fullmatch(r"0 0 \d+ \d+", root.get("viewBox"))
            got = drawn(svg)
            for key, want in expected(slug, v, seat).items():
                assert key in got, f"{slug}: {key} not drawn"
                if want is None:
                    continue
                if key in PREFIX_KEYS:
                    assert got[key].startswith(want), (key, got[key], want)
                else:
                    assert got[key] == want, (key, got[key], want)
            # never more than the view: strings of the full state that the view does not hold
            hidden = (leaves(state) - leaves(v)) & COMPONENT_IDS[slug]
            attributes = {value for el in root.iter() for value in el.attrib.values()}
            texts = {"".join(el.itertext()) for el in root.iter(f"{SVG}text")}
            words = boards.text(slug, v, seat=seat, names=names) + boards.mail_html(slug, v, seat=seat, names=names)
            if slug == "augsburg1520":  # notes are keyed "leo 12" on the board
                hidden |= {h.replace("-", " ") for h in hidden}
            for h in hidden:
                assert h not in attributes and h not in texts, f"{slug} seat {seat}: hidden {h!r} drawn"
                if slug != "citadels":  # district ids are plain words ("keep"): their names are checked below
                    assert not re.search(rf"(?<![\w-]){re.escape(h)}(?![\w-])", words), f"{slug} seat {seat}: hidden {h!r} written"
            if slug == "citadels":
                visible = {CD.DISTRICTS[x]["en"] for x in leaves(v) if x in CD.DISTRICTS}
                joined = " | ".join(texts)
                for name in {CD.DISTRICTS[h]["en"] for h in hidden if h in CD.DISTRICTS} - visible:
                    pattern = rf"(?<!\w){re.escape(name)}(?!\w)"
                    assert not re.search(pattern, joined) and not re.search(pattern, words), f"seat {seat}: hidden {name!r} shown"
            checked += 1
    assert checked >= 3 * (players + 1)


def test_text_equivalent_and_mail_html_are_html_with_the_situation():
    engine, states = sampled_states("citadels", 4, None)
    v = engine.view(states[2], 1)
    html = boards.text("citadels", v, seat=1, names=["Ann", "Bob", "Cy", "Di"])
    assert html.startswith('<div class="board-text">') and "<table>" in html and '<th scope="col">Gold</th>' in html
    ET.fromstring(html)  # well-formed, so a page can embed it as it is
    mail = boards.mail_html("citadels", v, seat=1, names=["Ann", "Bob", "Cy", "Di"], image_cid="board-1")
    assert 'src="cid:board-1"' in mail and "<style" not in mail and 'style="' in mail
    for s in v["seats"]:
        assert f">{s['gold']}<" in mail


def test_png_renders_the_svg():
    engine, states = sampled_states("staufer", 3, None)
    svg = boards.svg("staufer", engine.view(states[-1], 0), seat=0, names=None)
    data = boards.png(svg, 800)
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    import io

    from PIL import Image

    image = Image.open(io.BytesIO(data))
    assert image.width == 800 and len(image.convert("RGB").getcolors(1 << 20)) > 50  # a picture, not a blank


def test_unknown_slug_names_the_boards():
    with pytest.raises(KeyError, match="augsburg1520, citadels, fugger, staufer"):
        boards.svg("chess", {}, seat=None)
