"""Showing an engine's view readably: nested dicts as definition lists,
lists of records as tables, lists of plain values as comma lists. Every
value is escaped."""

from django import template
from django.utils.html import escape
from django.utils.safestring import mark_safe
from django.utils.translation import get_language
from django.utils.translation import gettext as _

import boards

register = template.Library()

MAX_DEPTH = 6


def _words(key) -> str:
    return escape(str(key).replace("_", " "))


def _scalar(v) -> str:
    if v is None:
        return "—"
    if isinstance(v, bool):
        return _("yes") if v else _("no")
    return escape(str(v).replace("_", " ") if isinstance(v, str) else str(v))


def _html(value, depth: int) -> str:
    if depth > MAX_DEPTH:
        return escape(str(value))
    if isinstance(value, dict):
        if not value:
            return "—"
        rows = "".join(f"<dt>{_words(k)}</dt><dd>{_html(v, depth + 1)}</dd>" for k, v in value.items())
        return f"<dl>{rows}</dl>"
    if isinstance(value, list):
        if not value:
            return _("none")
        if all(isinstance(v, dict) for v in value):
            keys: list = []
            for v in value:
                keys += [k for k in v if k not in keys]
            if all(not isinstance(x, (dict, list)) or not x for v in value for x in v.values()) and len(keys) <= 12:
                head = "".join(f'<th scope="col">{_words(k)}</th>' for k in keys)
                body = "".join("<tr>" + "".join(f"<td>{_html(v.get(k), depth + 1)}</td>" for k in keys) + "</tr>" for v in value)
                return f'<div class="table-wrap"><table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table></div>'
            return "<ol>" + "".join(f"<li>{_html(v, depth + 1)}</li>" for v in value) + "</ol>"
        if all(not isinstance(v, (dict, list)) for v in value):
            return ", ".join(_scalar(v) for v in value)
        return "<ol>" + "".join(f"<li>{_html(v, depth + 1)}</li>" for v in value) + "</ol>"
    return _scalar(value)


@register.filter
def view_html(value):
    return mark_safe(_html(value, 0))


@register.simple_tag
def board(game, view, seat=None, acts=None):
    """The game's board drawn from this view (boards.svg) and its text
    equivalent, in the reader's language (the request's), or "" for an
    engine without a board."""
    if not view or game is None or game.engine not in boards.SLUGS:
        return ""
    index = getattr(seat, "index", None)
    names = [s.name for s in game.seats.select_related("player").order_by("index")]
    lang = get_language()
    svg = boards.svg(game.engine, view, seat=index, names=names, acts=acts or None, lang=lang)
    text = boards.text(game.engine, view, seat=index, names=names, lang=lang)
    return mark_safe(
        f'<figure class="board-figure"><div class="board-pan">{svg}</div><figcaption><details><summary>'
        f'{escape(_("The board in words"))}</summary>{text}</details></figcaption></figure>'
    )
