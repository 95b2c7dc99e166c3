"""Reads for the mails a player is sent: the events since the seat last acted,
and the table talk since its last mail. What a player may be told, and nothing more."""

from __future__ import annotations

from datetime import timezone

from django.contrib.auth import get_user_model
from django.db import connection
from django.utils.dateparse import parse_datetime
from django.utils.translation import ngettext

from notifications.fanout import KINDS, NO_MAIL, channel_wanted, preferences_of
from notifications.models import Channel, ChatChannel, ChatHandle, Notification, PushSubscription
from notifications.outbox import _BY_MODE, preference_of
from pbem.models import Game, Move, Seat, TableMessage
from pbem.selectors import engine_list, event_text

# A digest longer than this says how many lines it left out.
DIGEST_MAX_LINES = 40


def digest_since_last_acted(*, game: Game | None = None, seat: int, game_id: int | None = None, before_version: int | None = None,
                            engine: str | None = None) -> list[str]:
    """The texts of the events this seat may see, from the step in which the
    seat last acted itself (web, API or email) up to now, or up to the step
    before ``before_version`` (the version of the mail being rendered: the
    digest a mail delivered later shows is the one of when it was written);
    written by ``engine`` (its slug; default: the game's) in the active language.

    One round trip, in SQL written out: it runs in every step that asks a
    seat for its move, where compiling the two ORM queries it replaces cost
    more than the database's work (docs/benchmarks.md, "The move path")."""
    sources = [Move.Source.WEB, Move.Source.API, Move.Source.EMAIL, Move.Source.ORDER]
    events = Move._meta.get_field("events")
    game_id = game.pk if game is not None else game_id
    bound = 2**31 - 1 if before_version is None else before_version
    with connection.cursor() as c:
        c.execute(
            f"""SELECT events FROM {Move._meta.db_table}
                 WHERE game_id = %s AND status = %s AND version < %s AND version >= COALESCE(
                       (SELECT MAX(version) FROM {Move._meta.db_table}
                         WHERE game_id = %s AND seat = %s AND source IN (%s, %s, %s, %s) AND version < %s), 0)
                 ORDER BY version, seat""",
            [game_id, Move.Status.APPLIED, bound, game_id, seat, *sources, bound],
        )
        # decoded as the ORM would (PostgreSQL and SQLite hand JSON over as text)
        rows = [events.from_db_value(row[0], None, connection) for row in c.fetchall()]
    slug = engine or (game.engine if game is not None else Game.objects.filter(pk=game_id).values_list("engine", flat=True).first())
    return _visible_lines(rows, seat, slug)


def events_since(*, game: Game, seat: int, version: int) -> list[str]:
    """The texts of the events this seat may see, from the step at ``version`` on, in the active language."""
    steps = Move.objects.filter(game=game, status=Move.Status.APPLIED, version__gte=version).order_by("version", "seat")
    return _visible_lines((move.events for move in steps.only("events")), seat, game.engine)


def _visible_lines(step_events, seat: int, slug: str | None) -> list[str]:
    """The texts of the events addressed to everyone or to ``seat``, the
    newest DIGEST_MAX_LINES of them, each written by the engine in the active
    language (the stored text is English)."""
    engine = engine_list().get(slug) if slug else None  # an engine no longer installed: its events as stored
    lines: list[str] = []
    for events in step_events:
        for e in events or []:
            if e.get("to") == "all" or seat in (e.get("to") or []):
                lines.append(event_text(engine, e) if engine is not None and "text" in e else e.get("text", ""))
    if len(lines) > DIGEST_MAX_LINES:
        left = len(lines) - DIGEST_MAX_LINES
        lines = [ngettext(
            "(%(count)d earlier event left out; the whole history is on the game's page)",
            "(%(count)d earlier events left out; the whole history is on the game's page)",
            left,
        ) % {"count": left}] + lines[-DIGEST_MAX_LINES:]
    return [line for line in lines if line]


# Mails that carry the table talk block; each shows the messages since the
# previous one of these to the same seat, so a message is mailed once.
TALK_KINDS = ("your_move", "reminder")
TALK_MAX_MESSAGES = 30


def table_talk_for_mail(*, game_id: int, seat_index: int, since=None, player_id: int | None = None, until=None) -> list[dict]:
    """The table talk a seat's player may read, for a mail: messages to the
    table and messages to this seat only (never one to another seat), from
    other players, written after ``since`` (by default: after the last mail
    of TALK_KINDS this seat was sent in this game), oldest first, the newest
    TALK_MAX_MESSAGES. Each is {sender, to_you, at, text}. ``until``: the
    mail row being rendered at its delivery: only what was said before it was
    written, after the seat's previous such mail (so each message is mailed
    once, whenever the mails are delivered).

    One round trip in SQL written out: this runs in every step that asks a
    seat for its move."""
    if player_id is None:  # the outbox knows it; other callers look it up
        player_id = Seat.objects.filter(game_id=game_id, index=seat_index).values_list("player_id", flat=True).first()
    if player_id is None:
        return []
    talk_kinds = list(TALK_KINDS)
    if since is None:
        # After the last such mail (a step writes one mail per seat, and every
        # query of a step holds the game's lock): no such mail at or after it.
        after = f"""NOT EXISTS (SELECT 1 FROM {Notification._meta.db_table} n
                     WHERE n.game_id = m.game_id AND n.seat = %s AND n.recipient_id = %s
                       AND n.kind IN ({", ".join(["%s"] * len(talk_kinds))}) AND n.created_at >= m.created_at)"""
        after_params = [seat_index, player_id, *talk_kinds]
        if until is not None:
            after = after.replace("AND n.created_at >= m.created_at", "AND n.created_at >= m.created_at AND n.id < %s")
            after += " AND m.created_at <= %s"
            after_params += [until.pk, connection.ops.adapt_datetimefield_value(until.created_at)]
    else:
        after, after_params = "m.created_at > %s", [connection.ops.adapt_datetimefield_value(since)]
    with connection.cursor() as c:
        c.execute(
            f"""SELECT u.username, m.to_seat, m.created_at, m.text
                  FROM {TableMessage._meta.db_table} m JOIN {get_user_model()._meta.db_table} u ON u.id = m.sender_id
                 WHERE m.game_id = %s AND (m.to_seat IS NULL OR m.to_seat = %s) AND m.sender_id <> %s AND {after}
                 ORDER BY m.created_at DESC, m.id DESC LIMIT %s""",
            [game_id, seat_index, player_id, *after_params, TALK_MAX_MESSAGES],
        )
        newest = c.fetchall()
    return [
        {"sender": sender, "to_you": to_seat is not None, "at": _aware(at), "text": text}
        for sender, to_seat, at, text in reversed(newest)
    ]


def _aware(moment):
    """A moment read in SQL written out: SQLite hands it over naive (in UTC)."""

    if isinstance(moment, str):
        moment = parse_datetime(moment)
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=timezone.utc)


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


def push_devices_of(*, user) -> list:
    """The player's devices subscribed to Web Push, newest first (label, created_at, last_used_at; never the endpoint)."""
    return list(PushSubscription.objects.filter(user=user).order_by("-created_at").only("pk", "label", "created_at", "last_used_at"))


def channel_choices(*, user) -> list[dict]:
    """Per kind of notification, whether the player gets it by mail, push and
    chat as things stand (their own choices, else the defaults; mail by their
    mail mode; None: never mailed on its own): [{kind, mail, push, chat}] in the profile's order."""
    mode = preference_of(user)
    own = preferences_of(user_id=user.pk)
    return [
        {
            "kind": kind,
            Channel.MAIL: None if kind in NO_MAIL else own.get((kind, Channel.MAIL), kind in _BY_MODE[mode]),
            Channel.PUSH: channel_wanted(user_id=user.pk, kind=kind, channel=Channel.PUSH, preferences=own),
            Channel.CHAT: channel_wanted(user_id=user.pk, kind=kind, channel=Channel.CHAT, preferences=own),
        }
        for kind in KINDS
    ]


def chat_handles_of(*, user) -> dict:
    """How the player is mentioned in table channels, per service: {service: handle}."""
    return dict(ChatHandle.objects.filter(user=user).values_list("service", "handle"))


def chat_channels_of(*, user=None, game=None) -> list:
    """A player's own chat channels, or a game's table channels (hint and last use; never the URL)."""
    rows = ChatChannel.objects.filter(user=user) if user is not None else ChatChannel.objects.filter(game=game)
    return list(rows.order_by("created_at").defer("url_encrypted"))
