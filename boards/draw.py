"""A small SVG writer shared by the four boards.

Every number or name a board shows is a ``<text>`` element; the ones a test
reads back carry ``data-k`` (a dotted key such as ``money.2``), so the drawing
can be checked against the view it was drawn from without scraping positions.
Player colours always come with the player's number or name next to them (and a
shape: see ``token``), so colour never carries meaning alone.
"""

from __future__ import annotations

import math
from html import escape

from engines.i18n import COMMON, Catalog, language
from engines.registry import get as engine

# The boards' own words (headings, labels, legends) in every language; the games' terms
# (nobles, districts, regions...) come from each engine's catalog, the parent of the board's.
BASE = Catalog.load("boards", parent=COMMON)

# Wooden-piece colours of the boxes (red, blue, green, yellow, black/purple, white/orange...):
# (fill, ink for a label on it, pattern id).
PLAYER_COLOURS = (
    ("#c62828", "#ffffff"),
    ("#1565c0", "#ffffff"),
    ("#2e7d32", "#ffffff"),
    ("#f9a825", "#000000"),
    ("#6a1b9a", "#ffffff"),
    ("#ef6c00", "#000000"),
    ("#37474f", "#ffffff"),
)
PLAYER_COLOUR_NAMES = ("red", "blue", "green", "yellow", "purple", "orange", "grey")  # keys of b.colour.* in boards/lang

FONT = "DejaVu Sans, Verdana, Arial, sans-serif"
# No board text is drawn smaller than this; a phone shows the board at 12/MIN_TEXT of its size
# (panned sideways), so its smallest text is 12 px there (issue 28).
MIN_TEXT = 9
PHONE_TEXT = 12
TOUCH = 34  # a spot's smallest side: 34 x 12/9 = 45 px on a phone, over the 44 px of a touch target


def text_width(text, size: float, *, bold: bool = False) -> float:
    """A generous estimate of how wide ``text`` is drawn in DejaVu Sans (its glyphs average about
    0.55 em, bold 0.6): enough to tell when a translated word would leave its box."""
    return len(str(text)) * size * (0.63 if bold else 0.58)


def wrap(text, width: float, size: float, *, bold: bool = False, max_lines: int = 2) -> list[str]:
    """``text`` in lines that fit ``width`` (by words; a last line that still overflows is
    squeezed by ``Svg.lines``)."""
    lines: list[str] = []
    for word in str(text).split():
        if lines and len(lines) <= max_lines and text_width(f"{lines[-1]} {word}", size, bold=bold) <= width:
            lines[-1] = f"{lines[-1]} {word}"
        elif len(lines) < max_lines:
            lines.append(word)
        else:
            lines[-1] = f"{lines[-1]} {word}"
    return lines or [""]


def q(value) -> str:
    """Text or attribute value, escaped for XML."""
    return escape(str(value), quote=True)


def attrs(**kw) -> str:
    out = []
    for k, v in kw.items():
        if v is None or v is False:
            continue
        name = k.rstrip("_").replace("_", "-")
        out.append(f' {name}="{q(v)}"')
    return "".join(out)


def colour(seat: int) -> str:
    return PLAYER_COLOURS[seat % len(PLAYER_COLOURS)][0]


def ink(seat: int) -> str:
    return PLAYER_COLOURS[seat % len(PLAYER_COLOURS)][1]


def game_title(slug: str, lang: str) -> str:
    """The game's title as published in the reader's country (the engine's ``titles``)."""
    titles = engine(slug).titles
    return titles.get(language(lang)) or titles["en"]


def player_label(seat: int, names: list[str] | None, lang: str = "en") -> str:
    if names and seat < len(names) and names[seat]:
        return str(names[seat])
    return BASE.text(lang, "b.player", number=seat + 1)


def short(seat: int, lang: str = "en") -> str:
    """P1 (S1 in German: the engines' own short name of a player)."""
    return BASE.text(lang, "player", number=seat + 1)


class Svg:
    """Collects elements; ``str()`` gives the whole document."""

    def __init__(self, width: int, height: int, *, title: str, desc: str, slug: str, background: str = "#f4ecd8",
                 lang: str = "en"):
        self.w, self.h, self.lang = width, height, language(lang)
        self.title, self.desc, self.slug, self.bg = title, desc, slug, background
        self.parts: list[str] = []
        self.spots: dict[str, tuple[float, float, float, float]] = {}  # component -> box, for board actions
        self.acts: list[dict] = []  # what the reader may act on now: {on, label}

    def spot(self, x, y, w, h, on: str) -> None:
        """Where component ``on`` ("character:king", "space:ulm") is drawn, so an action on it
        can be offered there; the first box given for a component wins."""
        self.spots.setdefault(on, (x, y, w, h))

    def add(self, raw: str) -> None:
        self.parts.append(raw)

    def rect(self, x, y, w, h, *, fill="none", stroke="#333", sw=1, rx=0, **kw) -> None:
        self.add(f"<rect{attrs(x=x, y=y, width=w, height=h, fill=fill, stroke=stroke, stroke_width=sw, rx=rx or None, **kw)}/>")

    def circle(self, cx, cy, r, *, fill="none", stroke="#333", sw=1, **kw) -> None:
        self.add(f"<circle{attrs(cx=cx, cy=cy, r=r, fill=fill, stroke=stroke, stroke_width=sw, **kw)}/>")

    def line(self, x1, y1, x2, y2, *, stroke="#333", sw=1, **kw) -> None:
        self.add(f"<line{attrs(x1=x1, y1=y1, x2=x2, y2=y2, stroke=stroke, stroke_width=sw, **kw)}/>")

    def path(self, d, *, fill="none", stroke="#333", sw=1, **kw) -> None:
        self.add(f"<path{attrs(d=d, fill=fill, stroke=stroke, stroke_width=sw, **kw)}/>")

    def text(self, x, y, content, *, size=12, k=None, anchor="start", weight=None, fill="#1a1a1a", italic=False, fit=None,
             **kw) -> None:
        """``fit``: the width the text must stay in; a longer one (a long translated word) is drawn
        smaller, down to MIN_TEXT, and what still overflows then narrower (textLength)."""
        size = max(size, MIN_TEXT)
        if fit is not None and text_width(content, size, bold=bool(weight)) > fit:
            size = max(MIN_TEXT, math.floor(size * fit / text_width(content, size, bold=bool(weight)) * 2) / 2)
            if text_width(content, size, bold=bool(weight)) > fit:
                kw.update(textLength=f"{fit:g}", lengthAdjust="spacingAndGlyphs")
        self.add(
            f"<text{attrs(x=x, y=y, font_size=size, text_anchor=anchor if anchor != 'start' else None, font_weight=weight, fill=fill, font_style='italic' if italic else None, data_k=k, **kw)}>"
            f"{q(content)}</text>"
        )

    def lines(self, x, y, lines: list[str], *, size=9, leading=None, k=None, anchor="start", weight=None, fill="#1a1a1a",
              italic=False, fit=None) -> None:
        """Several lines as one text element (a tspan each), so a wrapped name reads back whole."""
        size = max(size, MIN_TEXT)
        leading = leading or size + 1.5
        spans = []
        for i, line in enumerate(lines):
            squeeze = fit is not None and text_width(line, size, bold=bool(weight)) > fit
            spans.append(
                f"<tspan{attrs(x=x, dy=0 if i == 0 else f'{leading:g}', textLength=f'{fit:g}' if squeeze else None, lengthAdjust='spacingAndGlyphs' if squeeze else None)}>"
                f"{q(line)}{' ' if i + 1 < len(lines) else ''}</tspan>")
        self.add(
            f"<text{attrs(x=x, y=y, font_size=size, text_anchor=anchor if anchor != 'start' else None, font_weight=weight, fill=fill, font_style='italic' if italic else None, data_k=k)}>"
            + "".join(spans) + "</text>")

    def open(self, **kw) -> None:
        self.add(f"<g{attrs(**kw)}>")

    def close(self) -> None:
        self.add("</g>")

    def token(self, x, y, seat: int, *, r=9, label=True, k=None, shape="disc") -> None:
        """A player's piece: their colour, a number on it, and a shape per kind of piece."""
        fill = colour(seat)
        if shape == "disc":
            self.circle(x, y, r, fill=fill, stroke="#000", sw=1)
        elif shape == "square":
            self.rect(x - r, y - r, 2 * r, 2 * r, fill=fill, stroke="#000", sw=1, rx=2)
        elif shape == "pawn":  # a person: a head over a body
            self.path(f"M{x - r},{y + r} Q{x},{y - r * 0.2} {x + r},{y + r} Z", fill=fill, stroke="#000", sw=1)
            self.circle(x, y - r * 0.45, r * 0.5, fill=fill, stroke="#000", sw=1)
        elif shape == "crown":
            self.path(
                f"M{x - r},{y + r * 0.7} L{x - r},{y - r * 0.5} L{x - r * 0.5},{y} L{x},{y - r} L{x + r * 0.5},{y} "
                f"L{x + r},{y - r * 0.5} L{x + r},{y + r * 0.7} Z",
                fill=fill, stroke="#000", sw=1,
            )
        if label:
            self.text(x, y + r * 0.4 if shape != "pawn" else y + r * 0.75, str(seat + 1), size=max(7, r), anchor="middle",
                      weight="bold", fill=ink(seat), k=k)

    def __str__(self) -> str:
        marks, strip, extra = self._acts()
        h = self.h + extra
        k = PHONE_TEXT / MIN_TEXT
        # width/height: the size on a phone (12 px text, panned); a wider screen's style sheet fits it to the page
        head = (
            f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {self.w} {h}" width="{math.ceil(self.w * k)}" height="{math.ceil(h * k)}" '
            f'preserveAspectRatio="xMidYMin meet" role="{"group" if self.acts else "img"}" aria-labelledby="{self.slug}-title {self.slug}-desc" '
            f'font-family="{q(FONT)}" data-slug="{self.slug}" xml:lang="{self.lang}">'
            f'<title id="{self.slug}-title">{q(self.title)}</title><desc id="{self.slug}-desc">{q(self.desc)}</desc>'
            f'<rect x="0" y="0" width="{self.w}" height="{h}" fill="{self.bg}"/>'
        )
        return head + "".join(self.parts) + marks + strip + "</svg>"

    def _acts(self) -> tuple[str, str, int]:
        """The reader's actions: a focusable, labelled link over each component it may act on, and under
        the board the panels of amounts to set (``_panel``) and a row of buttons for the actions that have
        no component. Each link names the move (aria-label) and points at its control in the acting part
        (#act), which a click uses (table.js)."""
        if not self.acts:
            return "", "", 0
        by_on: dict[str, list[str]] = {}
        panels: dict[str, list[dict]] = {}
        for a in self.acts:
            if a.get("panel"):
                panels.setdefault(a["panel"], []).append(a)
            else:
                by_on.setdefault(a["on"], []).append(a["label"])
        marks, loose = [], []
        for on, labels in by_on.items():
            if on in self.spots:
                x, y, w, h = self.spots[on]
                if w < TOUCH:
                    x, w = x - (TOUCH - w) / 2, TOUCH
                if h < TOUCH:
                    y, h = y - (TOUCH - h) / 2, TOUCH
                marks.append(
                    f'<a href="#act" class="act"{attrs(data_on=on, aria_label=" / ".join(labels))} role="button">'
                    f'<title>{q(" / ".join(labels))}</title>'
                    f'<rect{attrs(x=x, y=y, width=w, height=h, rx=6, fill="#ffffff", fill_opacity="0.01", stroke="#0b5394", stroke_width=3, stroke_dasharray="6 3")} class="act-mark"/></a>'
                )
            else:
                loose.append((on, labels))
        if not loose and not panels:
            return "".join(marks), "", 0
        out = [f'<text x="20" y="{self.h + 22}" font-size="14" font-weight="bold" fill="#1a1a1a">{q(BASE.text(self.lang, "b.your_move"))}</text>']
        y = self.h + 32
        for rows in panels.values():
            y = self._panel(rows, y, out)
        per_row, bw, bh, gap = 3, (self.w - 40 - 2 * 10) / 3, 48, 10
        for i, (on, labels) in enumerate(loose):
            x = 20 + (i % per_row) * (bw + gap)
            yy = y + (i // per_row) * (bh + gap)
            label = " / ".join(labels)
            short_label = label if len(label) <= 34 else label[:32] + "…"
            out.append(
                f'<a href="#act" class="act act-button"{attrs(data_on=on, aria_label=label)} role="button"><title>{q(label)}</title>'
                f'<rect{attrs(x=x, y=yy, width=bw, height=bh, rx=6, fill="#ffffff", stroke="#0b5394", stroke_width=2)}/>'
                f'<text{attrs(x=x + bw / 2, y=yy + bh / 2 + 5, font_size=13, text_anchor="middle", fill="#0b3a6b")}>{q(short_label)}</text></a>'
            )
        rows = (len(loose) + per_row - 1) // per_row
        y += rows * (bh + gap)
        return "".join(marks), "".join(out), y - self.h + 10

    def _panel(self, acts: list[dict], y: float, out: list[str]) -> float:
        """Amounts to set (asking prices, a bid), at the board's left edge where a phone shows it first:
        the action's name, then a row per amount (clear, two steps down, the amount, two steps up) and
        a button that sends them; every button a touch target on a phone (STEP_W by TOUCH + 2). ``acts`` are the panel's
        rows (``head``: the row's number and its amount, ``shows`` names it for table.js) and buttons
        (``on``); returns the height's end."""
        title = next((a["title"] for a in acts if a.get("title")), "")
        out.append(f'<g role="group"{attrs(aria_label=title, class_="act-panel")}>')
        lines = wrap(title, PANEL_W, 11, max_lines=3)
        out.append(f'<text{attrs(x=PANEL_X, y=y + 11, font_size=11, font_weight="bold", fill="#1a1a1a")}>'
                   + "".join(f'<tspan{attrs(x=PANEL_X, dy=0 if i == 0 else 13)}>{q(line)}</tspan>' for i, line in enumerate(lines))
                   + "</text>")
        y += 13 * len(lines) + 6
        rows: dict[str, list[dict]] = {}
        for a in acts:
            rows.setdefault(a["row"], []).append(a)
        for key, row in rows.items():
            if key == "send":
                for a in row:
                    out.append(self._button(a, PANEL_X, y, PANEL_W, TOUCH + 2, size=13))
                y += TOUCH + 2 + STEP_GAP
                continue
            head = next(a for a in row if "on" not in a)
            buttons = [a for a in row if "on" in a]
            clear = [a for a in buttons if a["on"].startswith("clear:")]
            steps = [a for a in buttons if not a["on"].startswith("clear:")]
            x = PANEL_X
            for a in clear:
                out.append(self._button(a, x, y, STEP_W, TOUCH + 2))
            x += STEP_W + STEP_GAP
            half = len(steps) // 2
            for a in steps[:half]:
                out.append(self._button(a, x, y, STEP_W, TOUCH + 2))
                x += STEP_W + STEP_GAP
            out.append(f'<rect{attrs(x=x, y=y, width=VALUE_W, height=TOUCH + 2, rx=4, fill="#fffaf0", stroke="#5a4020", stroke_width=1)}/>')
            if head["head"]:
                out.append(f'<text{attrs(x=x + 3, y=y + 10, font_size=MIN_TEXT, fill="#5a4020")}>{q(head["head"])}</text>')
            room = VALUE_W - 8
            squeeze = text_width(head["value"], VALUE_TEXT, bold=True) > room
            out.append(f'<text{attrs(x=x + VALUE_W / 2, y=y + 25, font_size=VALUE_TEXT, font_weight="bold", text_anchor="middle", fill="#1a1a1a", data_shows=head["row"], textLength=room if squeeze else None, lengthAdjust="spacingAndGlyphs" if squeeze else None)}>'
                       f'{q(head["value"])}</text>')
            x += VALUE_W + STEP_GAP
            for a in steps[half:]:
                out.append(self._button(a, x, y, STEP_W, TOUCH + 2))
                x += STEP_W + STEP_GAP
            y += TOUCH + 2 + STEP_GAP
        out.append("</g>")
        return y + 6

    @staticmethod
    def _button(a: dict, x: float, y: float, w: float, h: float, *, size: int = 11) -> str:
        return (
            f'<a href="#act" class="act act-step"{attrs(data_on=a["on"], aria_label=a["label"])} role="button"><title>{q(a["label"])}</title>'
            f'<rect{attrs(x=x, y=y, width=w, height=h, rx=5, fill="#ffffff", stroke="#0b5394", stroke_width=2)}/>'
            f'<text{attrs(x=x + w / 2, y=y + h / 2 + size * 0.36, font_size=size, font_weight="bold", text_anchor="middle", fill="#0b3a6b")}>{q(a["text"])}</text></a>'
        )


# the panel of amounts (Svg._panel): at the left edge, 2 + 5 x 34 + 5 x 2 + 66 = 248 wide, which a
# phone 390 px wide shows whole at 12/9 (331 px; the board's frame is 336 px inside the page's
# margins) before it is panned; a button 34 wide is 45 px there, over a touch target's 44
PANEL_X, STEP_W, STEP_GAP, VALUE_W = 2, TOUCH, 2, 66
VALUE_TEXT = 9.5
PANEL_W = 5 * STEP_W + 5 * STEP_GAP + VALUE_W


def you(seat, p: int, lang: str) -> str:
    """" (you)" after the reader's own name."""
    return BASE.text(lang, "b.you") if seat == p else ""


def legend(svg: Svg, x: int, y: int, players: int, names: list[str] | None, seat: int | None, *, k="legend") -> int:
    """One row per player: piece, number and name (so the colours need no key elsewhere). Returns the height."""
    lang = svg.lang
    svg.text(x, y, BASE.text(lang, "b.players"), size=13, weight="bold")
    for p in range(players):
        yy = y + 18 + p * 20
        svg.token(x + 9, yy - 4, p, r=8)
        colour_name = BASE.text(lang, f"b.colour.{PLAYER_COLOUR_NAMES[p % len(PLAYER_COLOUR_NAMES)]}")
        svg.text(x + 24, yy, f"{player_label(p, names, lang)}{you(seat, p, lang)} - {colour_name}", size=12, k=f"{k}.{p}")
    return 18 + players * 20


# --- the text equivalent, shared by screen readers and mail --------------------------


class Section:
    """A heading with rows of text, or a table (head + rows)."""

    def __init__(self, title: str, lines: list[str] | None = None, head: list[str] | None = None, rows: list[list] | None = None):
        self.title, self.lines, self.head, self.rows = title, lines or [], head, rows or []


def sections_html(sections: list[Section], *, heading: str, level: int = 3) -> str:
    """Plain semantic HTML (headings, lists, tables with header cells) for screen readers."""
    out = [f'<div class="board-text"><h{level - 1 if level > 2 else level}>{q(heading)}</h{level - 1 if level > 2 else level}>']
    for s in sections:
        out.append(f"<h{level}>{q(s.title)}</h{level}>")
        if s.lines:
            out.append("<ul>" + "".join(f"<li>{q(line)}</li>" for line in s.lines) + "</ul>")
        if s.head:
            out.append("<table><thead><tr>" + "".join(f'<th scope="col">{q(h)}</th>' for h in s.head) + "</tr></thead><tbody>")
            for row in s.rows:
                out.append("<tr>" + f'<th scope="row">{q(row[0])}</th>' + "".join(f"<td>{q(c)}</td>" for c in row[1:]) + "</tr>")
            out.append("</tbody></table>")
    out.append("</div>")
    return "".join(out)


_TH = "text-align:left;padding:3px 8px;border-bottom:1px solid #b9a779;background:#efe4c8;font-weight:bold"
_TD = "padding:3px 8px;border-bottom:1px solid #e2d6b5;vertical-align:top"


def sections_mail(sections: list[Section], *, heading: str) -> str:
    """The same sections with inline styles only: mail programs drop style sheets and run no scripts."""
    out = [
        '<div style="font-family:Georgia,\'Times New Roman\',serif;color:#2b2118;max-width:720px">',
        f'<h2 style="font-size:20px;margin:12px 0 6px;color:#5a3a12">{q(heading)}</h2>',
    ]
    for s in sections:
        out.append(f'<h3 style="font-size:15px;margin:14px 0 4px;color:#5a3a12;border-bottom:2px solid #c9a85b">{q(s.title)}</h3>')
        if s.lines:
            out.append('<ul style="margin:4px 0 4px 18px;padding:0;font-family:Arial,Helvetica,sans-serif;font-size:14px">')
            out.extend(f'<li style="margin:2px 0">{q(line)}</li>' for line in s.lines)
            out.append("</ul>")
        if s.head:
            out.append(
                '<table role="table" cellspacing="0" cellpadding="0" '
                'style="border-collapse:collapse;font-family:Arial,Helvetica,sans-serif;font-size:13px;margin:4px 0">'
            )
            out.append("<tr>" + "".join(f'<th scope="col" style="{_TH}">{q(h)}</th>' for h in s.head) + "</tr>")
            for row in s.rows:
                out.append(
                    "<tr>"
                    + f'<th scope="row" style="{_TD};font-weight:bold;text-align:left">{q(row[0])}</th>'
                    + "".join(f'<td style="{_TD}">{q(c)}</td>' for c in row[1:])
                    + "</tr>"
                )
            out.append("</table>")
    out.append("</div>")
    return "".join(out)
