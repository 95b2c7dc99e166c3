"""Boards: a picture of each game drawn from one seat's view.

Everything here reads only ``engine.view(state, seat)`` (what that seat may
know) and the engines' printed component data; it never sees a full state, so a
board cannot show a hand, a deck order or a sealed bid its reader may not see.

    boards.svg(slug, view, seat=..., names=[...], acts=[...], lang="de") -> SVG document (title, desc, viewBox), with links for acts
    boards.text(slug, view, seat=..., names=[...], lang="de")       -> the same as accessible HTML (headings, lists, tables)
    boards.mail_html(slug, view, seat=..., names=[...], lang="de")  -> the situation with inline styles, for the HTML part of a mail
    boards.png(svg, width)                                          -> the SVG rendered to PNG (resvg), for mail

Every word drawn or written is in the reader's language ``lang`` (de, it, fr, en; see
engines.i18n): the boards' own words from boards/lang, the games' terms from the
engines' catalogs (the same names the engines' texts and commands use).

Pure Python: no Django, no pbem (import-linter checks it).
"""

from __future__ import annotations

import functools
import importlib
import re

import svg2png_py

from boards.draw import BASE, q, sections_html, sections_mail

SLUGS = ("augsburg1520", "citadels", "fugger", "staufer")


def _game(slug: str):
    if slug not in SLUGS:
        raise KeyError(f"no board for {slug!r}; boards: {', '.join(SLUGS)}")
    return importlib.import_module(f"boards.{slug}")


def svg(slug: str, view: dict, *, seat: int | None, names: list[str] | None = None, acts: list[dict] | None = None,
        lang: str = "en") -> str:
    """The board of ``slug`` as seen by ``seat`` (None: a spectator), drawn from ``view`` in ``lang``;
    ``acts`` ({on, label}: what the seat may act on now, from the engine's choices, labels already in
    ``lang``) become focusable, labelled links over those components, or buttons under the board where
    there is none."""
    drawn = _game(slug).draw(view, seat, names, lang)
    drawn.acts = list(acts or [])
    return str(drawn)


def text(slug: str, view: dict, *, seat: int | None, names: list[str] | None = None, lang: str = "en") -> str:
    """The text equivalent of the board: HTML with headings, lists and tables, for screen readers."""
    game = _game(slug)
    return sections_html(game.sections(view, seat, names, lang), heading=game.heading(view, seat, names, lang))


def mail_html(slug: str, view: dict, *, seat: int | None, names: list[str] | None = None, image_cid: str | None = None,
              lang: str = "en") -> str:
    """The situation for a mail: inline styles only, and the board as ``cid:<image_cid>`` when given."""
    game = _game(slug)
    heading = game.heading(view, seat, names, lang)
    image = ""
    if image_cid:
        alt = BASE.text(lang, "b.alt", heading=heading)
        image = (
            f'<p style="margin:8px 0"><img src="cid:{image_cid}" alt="{q(alt)}" '
            'width="640" style="max-width:100%;height:auto;border:1px solid #b9a779"></p>'
        )
    return image + sections_mail(game.sections(view, seat, names, lang), heading=heading)


# the root element's size as boards.draw writes it (reading it here costs nothing; resvg's own
# svg_intrinsic_size parses and lays out the whole document, about half a render)
_SIZE = re.compile(r'<svg\b[^>]*?\swidth="([0-9.]+)"[^>]*?\sheight="([0-9.]+)"')


@functools.cache
def fonts() -> svg2png_py.FontDatabase:
    """The system's fonts, read once per process (the boards are drawn in DejaVu Sans:
    fonts-dejavu-core, installed by scripts/ensure-tools and the Dockerfile)."""
    return svg2png_py.FontDatabase.system()


def png(svg: str, width: int, *, font_db: svg2png_py.FontDatabase | None = None) -> bytes:
    """The SVG as a PNG ``width`` pixels wide, rendered by resvg with the system's fonts
    (``font_db``: other fonts, for the test that text is drawn)."""
    db = fonts() if font_db is None else font_db
    found = _SIZE.match(svg)
    w, h = (float(found[1]), float(found[2])) if found else svg2png_py.svg_intrinsic_size(svg, db)
    k = width / w
    return svg2png_py.svg_to_png(svg, db, transform=(k, 0, 0, 0, k, 0), bg_size=(width, max(1, round(h * k))))
