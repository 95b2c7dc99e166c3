"""Template tags of the messages (built into both engines): ``{% para %}``
(a paragraph break), ``|deadline:zone`` (a moment in the reader's time zone),
``|deadline_short:zone`` (the same, short, for a push or a chat message)
and ``|indent:n`` (continuation lines of a quoted text)."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from django import template
from django.utils import dateformat
from django.utils.dateparse import parse_datetime

register = template.Library()


@register.simple_tag
def para() -> str:
    from pbem.messages.render import PARA

    return PARA


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
def utc(value) -> str:
    """``2025-05-07 09:00 UTC``-style moment without the zone's name (the caller writes it)."""
    at = moment(value)
    return "" if at is None else dateformat.format(at.astimezone(ZoneInfo("UTC")), "Y-m-d H:i")


@register.filter
def indent(value: str, width: int = 6) -> str:
    """Continuation lines of a multi-line text indented under its first."""
    return str(value).strip().replace("\r\n", "\n").replace("\n", "\n" + " " * int(width))


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
