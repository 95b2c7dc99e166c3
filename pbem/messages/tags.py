"""Template tags of the messages (built into both engines): ``{% para %}``
(a paragraph break), ``|deadline:zone`` (a moment in the reader's time zone),
``|deadline_short:zone`` (the same, short, for a push or a chat message),
``|indent:n`` (continuation lines of a quoted text), and for the answers to
mails ``{% answer_part part %}`` (one piece of an answer, rendered from its own
template), ``|done_line:line``, ``|quoted``, ``|status_word``, ``|game_title``,
``|decision_word`` and ``|in_language`` (a text kept in every language, in the reader's)."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from django import template
from django.utils import dateformat, translation
from django.utils.dateparse import parse_datetime

from pbem.languages import decision_word as _decision_word
from pbem.languages import game_title as _game_title
from pbem.languages import status_word as _status_word

register = template.Library()

PARA = "\x1e"  # what {% para %} writes: a paragraph break, whatever the parts around it say


@register.simple_tag
def para() -> str:
    return PARA


def paragraphs(rendered: str) -> str:
    """Paragraphs split by {% para %}, the newlines around each and the empty
    ones left out, joined by one blank line (no engine text begins or ends
    with a newline, so nothing of theirs is lost)."""
    parts = (p.strip("\n") for p in rendered.split(PARA))
    return "\n\n".join(p for p in parts if p.strip())


@register.simple_tag(takes_context=True)
def answer_part(context, part) -> str:
    """One piece of the answer to a mail: ``part`` is plain data, its template
    ``messages/answer/<part["t"]>.txt``, rendered with the answer's context
    (the reader's zone) and its paragraphs joined as a mail's."""
    if not part:
        return ""
    data = context.flatten() | dict(part)
    text = context.template.engine.get_template(f"messages/answer/{part['t']}.txt").render(
        template.Context(data, autoescape=False)
    )
    return paragraphs(text)


def moment(value) -> datetime | None:
    """A moment from data: an aware datetime, or its ISO text (JSON)."""
    if value in (None, ""):
        return None
    if isinstance(value, str):
        value = parse_datetime(value)
    return value


def zone_of(name: str | None) -> tuple[ZoneInfo, str]:
    try:
        return ZoneInfo(name or "UTC"), name or "UTC"
    except (ZoneInfoNotFoundError, ValueError):
        return ZoneInfo("UTC"), "UTC"


@register.filter
def deadline(value, zone: str | None = None) -> str:
    """``Wednesday 2025-05-07 09:00 (Europe/Berlin)``: the weekday in the reader's language."""
    at = moment(value)
    if at is None:
        return ""
    tz, name = zone_of(zone)
    return f"{dateformat.format(at.astimezone(tz), 'l Y-m-d H:i')} ({name})"


@register.filter
def deadline_short(value, zone: str | None = None) -> str:
    """``Thu 26 Nov 18:00 (Europe/Berlin)``: a push's or chat message's deadline, the zone named."""
    at = moment(value)
    if at is None:
        return ""
    tz, name = zone_of(zone)
    return f"{dateformat.format(at.astimezone(tz), 'D j M H:i')} ({name})"


@register.filter
def clock(value, zone: str | None = None) -> str:
    """``Thu 26 Nov 18:00``: a moment in the reader's zone (a mail names the zone once, at its deadline)."""
    at = moment(value)
    return "" if at is None else dateformat.format(at.astimezone(zone_of(zone)[0]), "D j M H:i")


@register.filter
def indent(value: str, width: int = 6) -> str:
    """Continuation lines of a multi-line text indented under its first."""
    return str(value).strip().replace("\r\n", "\n").replace("\n", "\n" + " " * int(width))


@register.filter
def done_line(said: str, line: str) -> str:
    """A line of the answer's list of what was run: the command, then what it
    gave on the same line, or indented under it when that has several lines."""
    if "\n" in said:
        return f"  {line}:\n" + "\n".join(f"    {x}" for x in said.splitlines())
    return f"  {line}: {said}"


@register.filter
def underline(value) -> str:
    """A heading's underline, as long as the heading."""
    return "-" * len(str(value))


@register.filter
def quoted(value) -> str:
    """A line the player wrote, quoted as it was (``'Cześć,'``)."""
    return repr(str(value))


@register.filter
def status_word(value) -> str:
    """A game's status in the reader's words ("läuft" for active)."""
    return _status_word(str(value))


@register.filter
def game_title(slug) -> str:
    """The game's title as published in the reader's country ("" for none)."""
    return _game_title(str(slug)) or ""


@register.filter
def decision_word(kind, slug) -> str:
    """A decision's stored (English) kind in the reader's words, by the engine ``slug``."""
    return _decision_word(str(slug or ""), str(kind))


@register.filter
def ljust(value, width: int) -> str:
    return str(value).ljust(int(width))


@register.filter
def rjust(value, width: int) -> str:
    return str(value).rjust(int(width))


@register.filter
def plural_count(value) -> int:
    """The count that chooses a plural form for a number that may have a
    fraction (tournament points: 1.5): a whole number as it is, a fraction
    as 2 (English and German take the plural for every fraction)."""
    try:
        number = float(value)
    except (TypeError, ValueError):
        return 2
    return int(number) if number.is_integer() else 2


@register.filter
def in_language(value):
    """A text a row keeps in every language (``{"de": ..., "en": ...}``: a
    game's command written when the row was, when only the engine could
    write it) in the language being rendered; a plain text (a row written
    before) as it is."""
    if not isinstance(value, dict):
        return value
    code = (translation.get_language() or "en").split("-")[0]
    return value.get(code) or value.get("en") or next(iter(value.values()), "")
