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
    return address_undeliverable_mark(email=email) is not None


def address_undeliverable_mark(*, email: str) -> dict | None:
    """The mark on an address whose mail was refused for good: since when and
    the server's reason (for its own player's profile page and API), or None.
    The player clears it with notifications.services.address_bounce_clear."""
    from notifications.models import UndeliverableAddress

    row = UndeliverableAddress.objects.filter(email__iexact=email).first() if email else None
    return None if row is None else {"since": row.since, "reason": row.reason}


# Mails that carry the table talk block; each shows the messages since the
# previous one of these to the same seat, so a message is mailed once.
TALK_KINDS = ("your_move", "reminder")
TALK_MAX_MESSAGES = 30


def table_talk_for_mail(*, game_id: int, seat_index: int, since=None, player_id: int | None = None) -> list[dict]:
    """The table talk a seat's player may read, for a mail: messages to the
    table and messages to this seat only (never one to another seat), from
    other players, written after ``since`` (by default: after the last mail
    of TALK_KINDS this seat was sent in this game), oldest first, the newest
    TALK_MAX_MESSAGES. Each is {sender, to_you, at, text}.

    The messages are the web app's (pbem.web); notifications never imports
    the web channel, so its model is looked up by app label."""
    from datetime import datetime, timezone

    from django.apps import apps
    from django.db.models import OuterRef, Q, Subquery, Value
    from django.db.models.functions import Coalesce

    from notifications.models import Notification
    from pbem.models import Seat

    try:
        TableMessage = apps.get_model("web", "TableMessage")
    except LookupError:  # the web app is not installed: no table talk
        return []
    if player_id is None:  # the outbox knows it; other callers look it up
        player_id = Seat.objects.filter(game_id=game_id, index=seat_index).values_list("player_id", flat=True).first()
    if player_id is None:
        return []
    rows = (
        TableMessage.objects.filter(game_id=game_id)
        .filter(Q(to_seat__isnull=True) | Q(to_seat=seat_index))
        .exclude(sender_id=player_id)
        .select_related("sender")
    )
    if since is None:
        # The last such mail's moment, in the same query (a step writes one
        # mail per seat, and every query of a step holds the game's lock).
        last_mail = (
            Notification.objects.filter(game_id=OuterRef("game_id"), seat=seat_index, recipient_id=player_id, kind__in=TALK_KINDS)
            .order_by("-created_at")
            .values("created_at")[:1]
        )
        since = Coalesce(Subquery(last_mail), Value(datetime(1970, 1, 1, tzinfo=timezone.utc)))
    rows = rows.filter(created_at__gt=since)
    newest = list(rows.order_by("-created_at", "-id")[:TALK_MAX_MESSAGES])
    return [
        {"sender": m.sender.username, "to_you": m.to_seat is not None, "at": m.created_at, "text": m.text}
        for m in reversed(newest)
    ]


def table_talk_text(*, game, seat: int, player_id: int | None = None) -> str:
    """The "Table talk since your last mail" block of a your-move or reminder
    mail to ``seat`` ('' when nothing was said)."""
    messages = table_talk_for_mail(game_id=game.pk, seat_index=seat, player_id=player_id)
    if not messages:
        return ""
    lines = ["Table talk since your last mail (answer on the game's page):"]
    for m in messages:
        to = "to you only" if m["to_you"] else "to the table"
        text = m["text"].strip().replace("\r\n", "\n").replace("\n", "\n      ")
        lines.append(f"  - {m['sender']} ({to}, {m['at']:%Y-%m-%d %H:%M} UTC): {text}")
    if len(messages) == TALK_MAX_MESSAGES:
        lines.append("  (only the newest messages; the whole talk is on the game's page)")
    return "\n".join(lines)
