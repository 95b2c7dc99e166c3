"""The mails' board PNG: resvg (boards.png) draws every engine's board at each
player count as CairoSVG, the renderer before it, did, pixel by pixel but for the
edges of glyphs; and its fonts are found (the text is drawn, not left out)."""

from __future__ import annotations

import io

import cairosvg
import pytest
import svg2png_py
from PIL import Image, ImageChops, ImageFilter

import boards
from engines.registry import get
from engines.rng import Rng

BOARDS = [("augsburg1520", n, None) for n in range(2, 6)]
BOARDS += [("citadels", n, None) for n in range(2, 8)]
BOARDS += [("staufer", n, None) for n in range(2, 6)]
BOARDS += [("fugger", n, None) for n in range(2, 7)]
BOARDS += [("fugger", 3, {"variant": "nobility"}), ("fugger", 4, {"variant": "full"}), ("fugger", 2, {"variant": "country_estate"})]
WIDTH = 1280  # the mails' (notifications.outbox.BOARD_PNG_WIDTH)
# Share of pixels that differ by more than 32 (of 255, in any channel) once both pictures are blurred
# over 2 px, which evens out how each renderer places and antialiases glyphs: the two renderers stay
# under 1.1 % on every board; a board drawn without its text differs by 5-7 %.
SAME_PICTURE = 0.02
TEXT_DRAWN = 0.03


def board_svg(slug: str, players: int, options: dict | None) -> str:
    """Seat 0's board some way into a bot game (pieces placed, cards held, scores up)."""
    engine = get(slug)
    state = engine.setup(players, 7, options)
    rng = Rng(7)
    for _ in range(30):
        decisions = engine.decisions(state)
        if not decisions:
            break
        state = engine.apply(state, {d["seat"]: engine.bot(state, d["seat"], rng) for d in decisions})["state"]
    return boards.svg(slug, engine.view(state, 0), seat=0, names=[f"Player {i + 1}" for i in range(players)])


def differing(a: bytes, b: bytes) -> float:
    one, two = (Image.open(io.BytesIO(p)).convert("RGB").filter(ImageFilter.BoxBlur(2)) for p in (a, b))
    assert one.size == two.size
    r, g, b_ = ImageChops.difference(one, two).split()
    histogram = ImageChops.lighter(ImageChops.lighter(r, g), b_).histogram()
    return sum(histogram[33:]) / sum(histogram)


@pytest.mark.parametrize(("slug", "players", "options"), BOARDS, ids=lambda v: str(v) if v else "")
def test_resvg_draws_the_board_cairosvg_drew(slug, players, options):
    svg = board_svg(slug, players, options)
    ours = boards.png(svg, WIDTH)
    assert ours[:8] == b"\x89PNG\r\n\x1a\n" and Image.open(io.BytesIO(ours)).size[0] == WIDTH
    before = cairosvg.svg2png(bytestring=svg.encode("utf-8"), output_width=WIDTH)
    assert differing(ours, before) < SAME_PICTURE


@pytest.mark.parametrize("slug", boards.SLUGS)
def test_the_boards_font_is_found_and_its_text_drawn(slug):
    svg = board_svg(slug, 3, None)
    assert len(boards.fonts()) > 0
    without_fonts = boards.png(svg, WIDTH, font_db=svg2png_py.FontDatabase())
    assert differing(boards.png(svg, WIDTH), without_fonts) > TEXT_DRAWN
