"""Fugger's map in Debian's Chromium: no two texts of the board overlap (the
boxes the browser measures), at several points of bot games for two to six
houses and every variant, in the fonts a browser has; the map's layout is
worked out once and is the same in every game."""

from __future__ import annotations

import pytest

import boards
from boards import fugger as fugger_board
from tests.boards.test_boards import sampled_states

OVERLAPS = """svg => {
  const boxes = [...svg.querySelectorAll('text')].map(t => {
    const b = t.getBBox();
    return {x: b.x, y: b.y, w: b.width, h: b.height, t: t.textContent};
  });
  const hit = [];
  for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) {
    const a = boxes[i], b = boxes[j];
    if (a.w && b.w && a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h) hit.push([a.t, b.t]);
  }
  return {texts: boxes.length, hit};
}"""

GAMES = [(n, None, "en") for n in (2, 4, 6)] + [(3, {"variant": "nobility"}, "en"), (4, {"variant": "full"}, "en")]
GAMES += [(4, {"variant": "full"}, lang) for lang in ("de", "it", "fr")]  # the words of each language, their own widths


@pytest.mark.parametrize("players,options,lang", GAMES,
                         ids=[f"{n}-{(o or {}).get('variant', 'trading')}-{lang}" for n, o, lang in GAMES])
def test_no_two_texts_of_the_board_overlap(browser, players, options, lang):
    page = browser.new_page()
    try:
        for seed in (11, 3):
            engine, states = sampled_states("fugger", players, options, seed=seed)
            for state in states:
                for seat in (0, None):
                    page.set_content(boards.svg("fugger", engine.view(state, seat), seat=seat, lang=lang))
                    found = page.evaluate(OVERLAPS, page.query_selector("svg"))
                    assert found["texts"] > 100 and not found["hit"], f"seed {seed}, seat {seat}: {found['hit'][:10]}"
    finally:
        page.close()


def test_every_space_is_named_near_itself_and_the_layout_is_fixed(browser):
    assert fugger_board._layout("en") is fugger_board._layout("en")  # worked out once (for each language)
    engine, (state, *_rest) = sampled_states("fugger", 2, None)
    page = browser.new_page()
    try:
        page.set_content(boards.svg("fugger", engine.view(state, 0), seat=0))
        boxes = page.evaluate("""svg => Object.fromEntries([...svg.querySelectorAll('text[data-k^="space."]')].map(t => {
            const b = t.getBBox(); return [t.dataset.k.slice(6), [b.x, b.y, b.x + b.width, b.y + b.height]]; }))""",
                              page.query_selector("svg"))
    finally:
        page.close()
    land = [sp for sp, d in fugger_board.D.SPACES.items() if d["kind"] != "sea"]
    assert set(boxes) == set(land)
    for sp in land:
        x, y = fugger_board._xy(sp)
        x0, y0, x1, y1 = boxes[sp]
        gap = max(x0 - x, x - x1, y0 - y, y - y1, 0)
        assert gap <= 40, f"{sp}'s name is drawn {gap:.0f} away from it"
