"""Reads for email: what a player may be told, and nothing more."""

from __future__ import annotations

from pbem.models import Game, Move

# A digest longer than this says how many lines it left out.
DIGEST_MAX_LINES = 40


def digest_since_last_acted(*, game: Game, seat: int) -> list[str]:
    """The texts of the events this seat may see, from the step in which the
    seat last acted itself (web, API or email) up to now."""
    last = (
        Move.objects.filter(game=game, seat=seat, source__in=[Move.Source.WEB, Move.Source.API, Move.Source.EMAIL])
        .order_by("-version")
        .values_list("version", flat=True)
        .first()
    )
    return events_since(game=game, seat=seat, version=last or 0)


def events_since(*, game: Game, seat: int, version: int) -> list[str]:
    """The texts of the events this seat may see, from the step at ``version`` on."""
    lines: list[str] = []
    steps = Move.objects.filter(game=game, status=Move.Status.APPLIED, version__gte=version).order_by("version", "seat")
    for move in steps.only("events"):
        for e in move.events:
            if e.get("to") == "all" or seat in (e.get("to") or []):
                lines.append(e.get("text", ""))
    if len(lines) > DIGEST_MAX_LINES:
        left = len(lines) - DIGEST_MAX_LINES
        lines = [f"({left} earlier events left out; the whole history is on the game's page)"] + lines[-DIGEST_MAX_LINES:]
    return [line for line in lines if line]


def address_undeliverable(*, email: str) -> bool:
    """Whether mail to this address was refused for good (shown on the profile)."""
    from notifications.models import UndeliverableAddress

    return bool(email) and UndeliverableAddress.objects.filter(email__iexact=email).exists()
