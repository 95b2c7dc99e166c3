"""Writing notifications: called by the game services inside their
transaction, so a notification exists exactly when the change that caused it
was committed. Each row has a dedupe key, so running the same step twice
writes nothing new; sending happens after commit, one task per row.

Every mail carries a Reply-To address with a token for its game and seat (or
for the player), threading headers (one thread per game and recipient),
``Auto-Submitted`` and ``List-Unsubscribe``, plain text with an HTML
alternative. The player's preference (every move, digest, off) decides which
kinds are written at all.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from datetime import timedelta
from email.mime.image import MIMEImage
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from django.conf import settings
from django.db import IntegrityError, connection, transaction
from django.template.loader import render_to_string
from django.utils import timezone

import boards
from engines.base import canonical
from engines.names import seat_names_in
from notifications import fanout, links, presence
from notifications.models import ChannelPreference, EmailPreference, Notification, ReplyAddress, UndeliverableAddress
from pbem.selectors import MOVE_COMMITMENT_FORMULA, engine_get, events_for_seat, profile_of, seats_by_index
from pbem.selectors.mail import digest_since_last_acted, table_talk_text

# Which kinds each preference lets through. Answers to a player's own mail
# (REPLY) and invitations are always written.
_ALWAYS = {Notification.Kind.REPLY, Notification.Kind.INVITATION}
_BY_MODE = {
    EmailPreference.Mode.EVERY_MOVE: set(Notification.Kind.values),
    # Notices (your time ran out, a player resigned) are rare and change what you must do.
    EmailPreference.Mode.DIGEST: {
        Notification.Kind.YOUR_MOVE, Notification.Kind.REMINDER, Notification.Kind.NOTICE, Notification.Kind.GAME_OVER
    } | _ALWAYS,
    EmailPreference.Mode.OFF: _ALWAYS,
}

OTHER_COMMANDS = (
    "Other commands: status (the situation again), games (your games), help,\n"
    "resign, vacation 5 (days away), notify every|digest|off (how much mail you get)."
)


# Broker priority of a fresh mail's delivery (Redis transport: 0 is the
# highest and the default): a worker takes every queued ``advance`` before the
# next mail, so a game is never held up behind rendering and sending mail.
DELIVER_PRIORITY = 6


def _deliver_on_commit(notification_id: int, countdown: int | None = None) -> None:
    from notifications.tasks import deliver

    transaction.on_commit(lambda: deliver.apply_async((notification_id,), priority=DELIVER_PRIORITY, countdown=countdown))


def _held(countdown: int | None) -> dict:
    """A held row's deliver mark is dated when its task is due, so the lost-work sweep leaves it until then."""
    return {"deliver_queued_at": timezone.now() + timedelta(seconds=countdown)} if countdown else {}


def _deliver_countdown(kind: str, game, seat) -> int | None:
    """A your-move mail to a player at the table, or just answered by mail, waits (notifications.presence)."""
    if kind == Notification.Kind.YOUR_MOVE and game is not None and seat is not None:
        return presence.hold_seconds(game_id=game.pk, seat=seat)
    return None


DEFAULT_MODE = EmailPreference._meta.get_field("mode").default


def preference_of(user) -> str:
    if user is None:
        return EmailPreference.Mode.EVERY_MOVE
    row = EmailPreference.objects.filter(user=user).first()
    return row.mode if row else DEFAULT_MODE


def reply_address_for(*, user, game=None, seat: int | None = None) -> ReplyAddress:
    """The reply address of a player for a game and seat, or for the player
    alone (game None); made on first use."""
    if game is not None:
        row, _ = ReplyAddress.objects.get_or_create(game=game, seat=seat, user=user)
    else:
        row, _ = ReplyAddress.objects.get_or_create(user=user, game=None, invitation=None)
    return row


def _domain() -> str:
    return settings.PBEM_MAIL_DOMAIN


def thread_root_id(*, game_id: int, email: str) -> str:
    """The Message-ID of the first mail of a game's thread to one address;
    stable, and not guessable from the address alone."""
    tag = hmac.new(settings.SECRET_KEY.encode(), f"{game_id}:{email.lower()}".encode(), hashlib.sha256).hexdigest()[:16]
    return f"<pbem.game{game_id}.{tag}@{_domain()}>"


BOARD_CID = "board@pbem"
BOARD_PNG_WIDTH = 1280  # pixels; shown at 640 so it stays sharp on high-density screens


def board_image_wanted(user) -> bool:
    row = EmailPreference.objects.filter(user=user).first() if user is not None else None
    return row.board_image if row else True


def _write_facts(*, address: str, user, dedupe_key: str, game, seat: int | None, kind: str = "") -> tuple:
    """What writing one row needs to know, in one round trip: whether the
    address is undeliverable, the player's mode and board-image choice,
    whether the row exists, whether the game's thread to this address has
    begun, the seat's reply address where it exists (id, token), and the
    player's own choice of mail for this kind (None: the mode decides)."""
    pref, undeliverable, notif, reply = (
        EmailPreference._meta.db_table,
        UndeliverableAddress._meta.db_table,
        Notification._meta.db_table,
        ReplyAddress._meta.db_table,
    )
    choice = ChannelPreference._meta.db_table
    user_id, game_id = getattr(user, "pk", None), getattr(game, "pk", None)
    with connection.cursor() as c:
        c.execute(
            f"""SELECT EXISTS (SELECT 1 FROM {undeliverable} WHERE UPPER(email) = UPPER(%s)),
                       (SELECT mode FROM {pref} WHERE user_id = %s),
                       (SELECT board_image FROM {pref} WHERE user_id = %s),
                       EXISTS (SELECT 1 FROM {notif} WHERE dedupe_key = %s),
                       EXISTS (SELECT 1 FROM {notif} WHERE game_id = %s AND UPPER(to_email) = UPPER(%s)),
                       (SELECT id FROM {reply} WHERE game_id = %s AND seat = %s AND user_id = %s),
                       (SELECT token FROM {reply} WHERE game_id = %s AND seat = %s AND user_id = %s),
                       (SELECT enabled FROM {choice} WHERE user_id = %s AND kind = %s AND channel = %s)""",
            [address, user_id, user_id, dedupe_key, game_id, address, *([game_id, seat, user_id] * 2), user_id, kind, "mail"],
        )
        gone, mode, board_image, exists, thread, reply_id, reply_token, mail_choice = c.fetchone()
    if user is None:
        mode = EmailPreference.Mode.EVERY_MOVE
    reply_row = ReplyAddress(pk=reply_id, token=reply_token, user=user, game=game, seat=seat) if reply_id else None
    return (
        bool(gone), mode or DEFAULT_MODE, True if board_image is None else bool(board_image), bool(exists), bool(thread), reply_row,
        None if mail_choice is None or user is None else bool(mail_choice),
    )


def _html(
    body_text: str, subject: str, *, game=None, seat: int | None = None, user=None, board_image: bool | None = None
) -> tuple[str, str]:
    """The HTML part, and the board's SVG for its inline image ("" for none).

    A mail of a game shows the seat's situation formatted (boards.mail_html,
    inline styles) where the plain text has engine.render(); the rest of the
    text (prompt, commands, footers) stays as written. The SVG is drawn here
    from the seat's view (cheap); the PNG is rendered when the mail is sent."""
    before, situation, after, svg = body_text, "", "", ""
    if game is not None and game.state and game.engine in boards.SLUGS:
        engine = engine_get(game.engine)
        view = engine.view(game.state, seat)

        names = [s.name for s in seats_by_index(game=game).values()]
        if board_image if board_image is not None else board_image_wanted(user):
            svg = boards.svg(game.engine, view, seat=seat, names=names)
        situation = boards.mail_html(game.engine, view, seat=seat, names=names, image_cid=BOARD_CID if svg else None)
        rendered = engine.render(game.state, seat)
        if rendered and rendered in body_text:
            before, _, after = body_text.partition(rendered)
    context = {"subject": subject, "before": before.strip("\n"), "situation": situation, "after": after.strip("\n")}
    return render_to_string("notifications/email.html", context), svg


def attach_html(message, row) -> None:
    """The HTML alternative, and the board as an inline PNG (multipart/related,
    referenced by Content-ID) when the row has one. Runs in the deliver task."""
    if not row.body_html:
        return
    message.attach_alternative(row.body_html, "text/html")
    if row.board_svg:

        image = MIMEImage(boards.png(row.board_svg, BOARD_PNG_WIDTH), "png")
        image.add_header("Content-ID", f"<{BOARD_CID}>")
        image.add_header("Content-Disposition", "inline", filename="board.png")
        message.mixed_subtype = "related"
        message.attach(image)


def notification_write(
    *,
    kind: str,
    dedupe_key: str,
    user,
    game=None,
    seat=None,
    subject: str,
    body_text: str,
    to_email: str | None = None,
    reply_to: ReplyAddress | None = None,
    in_reply_to: str | None = None,
    game_locked: bool = False,
) -> Notification | None:
    """Write one outbox row (once per dedupe key) for a user with an email
    address, or for ``to_email`` (an invited address, the sender of a mail we
    answer); ``game_locked``: the caller holds the game row locked (as every
    step of a game does); returns None when there is nobody to write to, the player's
    preference leaves this kind out, or the row exists."""
    address = to_email or (user.email if user is not None else "")
    if not address:
        return None
    gone, mode, board_image, exists, thread_begun, known_reply, mail_choice = _write_facts(
        address=address, user=user, dedupe_key=dedupe_key, game=game, seat=seat if game is not None else None, kind=kind
    )
    if exists:
        return None
    # one outbox: a kind the player's mail leaves out is still written when push or chat takes it
    # (the player's choice for this kind, else the mail mode's)
    mail = not gone and (kind in _ALWAYS or (kind in _BY_MODE[mode] if mail_choice is None else mail_choice))
    if not mail and not fanout.wanted_elsewhere(user=user, kind=kind, game=game):
        return None
    footer = links.footer_text(links.mail_links(user=user, game=game))
    body_text = (body_text + ("\n\n" + footer if footer else "")).replace("\x00", "")
    if reply_to is None and user is not None:
        reply_to = known_reply or reply_address_for(user=user, game=game, seat=seat if game is not None else None)
    headers = {"Auto-Submitted": "auto-replied" if kind == Notification.Kind.REPLY else "auto-generated"}
    if reply_to is not None:
        headers["Reply-To"] = reply_to.address
        headers["List-Unsubscribe"] = f"<mailto:{reply_to.address}?subject=unsubscribe>"
    message_id = f"<pbem.{secrets.token_hex(12)}@{_domain()}>"
    references = []
    if game is not None:
        root = thread_root_id(game_id=game.pk, email=address)
        if thread_begun:
            references.append(root)
        else:
            message_id = root  # the first mail of the thread
    if in_reply_to:
        references.append(in_reply_to)
    if references:
        headers["In-Reply-To"] = references[-1]
        headers["References"] = " ".join(references)
    headers["Message-ID"] = message_id
    body_html, board_svg = _html(body_text, subject, game=game, seat=seat, user=user, board_image=board_image)
    fields = dict(
        dedupe_key=dedupe_key,
        kind=kind,
        recipient=user,
        to_email=address,
        game=game,
        seat=seat,
        version=game.version if game is not None else None,
        message_id=message_id,
        subject=subject[:250],
        body_text=body_text,
        body_html=body_html,
        board_svg=board_svg,
        headers=headers,
        mail=mail,
    )
    if game_locked:
        # The caller holds the game row locked, and every writer of a key of
        # this game's steps holds it too: nobody can have written it since
        # the look above, so no savepoint is needed.
        countdown = _deliver_countdown(kind, game, seat)
        row = Notification.objects.create(**fields, **_held(countdown))
        _deliver_on_commit(row.pk, countdown)
        return row
    countdown = _deliver_countdown(kind, game, seat)
    try:
        with transaction.atomic():  # a savepoint: a row written meanwhile by someone else leaves ours undone
            row = Notification.objects.create(**fields, **_held(countdown))
    except IntegrityError:
        if Notification.objects.filter(dedupe_key=dedupe_key).exists():
            return None  # written meanwhile by a concurrent run of the same step
        raise
    _deliver_on_commit(row.pk, countdown)
    return row


def subject_for(game, what: str) -> str:
    return f"[pbem #{game.pk} {game.engine}] {what}"


_subject = subject_for


def commands_text(engine, state, seat: int) -> str:
    specs = engine.actions(state, seat)
    if not specs:
        return ""
    lines = ["Reply with one command per line (several lines play several actions in order):"]
    lines += [f"  {s['example']:<32} {s['label']}" for s in specs]
    return "\n".join(lines)


def deadline_text(deadline, user) -> str:
    if deadline is None:
        return ""

    name = profile_of(user=user).timezone if user is not None else "UTC"
    try:
        zone = ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        zone, name = ZoneInfo("UTC"), "UTC"
    return f"Deadline: {deadline.astimezone(zone):%A %Y-%m-%d %H:%M} ({name})"


def your_move(*, game, pending: list) -> None:
    engine = engine_get(game.engine)
    names = [s.name for s in seats_by_index(game=game).values()]  # players by name, not "P2" or "seat 2"
    for p in pending:
        seat = p.seat
        sealed = "This is a sealed decision: nobody sees your answer until everyone has answered." if p.sealed else ""
        digest = [seat_names_in(line, names) for line in digest_since_last_acted(game=game, seat=seat.index)]
        body = "\n\n".join(
            part
            for part in (
                "\n".join(x for x in (p.prompt, sealed, deadline_text(p.deadline, seat.player)) if x),
                ("Since you last acted:\n" + "\n".join(f"  - {line}" for line in digest)) if digest else "",
                table_talk_text(game=game, seat=seat.index, player_id=seat.player_id),
                engine.render(game.state, seat.index),
                commands_text(engine, game.state, seat.index),
                OTHER_COMMANDS,
            )
            if part
        )
        notification_write(
            kind=Notification.Kind.YOUR_MOVE,
            # the player too: a seat an operator gives to someone else is asked again
            dedupe_key=f"your_move:{game.pk}:{game.version}:{seat.index}:{seat.player_id}",
            user=seat.player,
            game=game,
            seat=seat.index,
            subject=subject_for(game, f"your move: {p.kind}"),
            body_text=body,
            game_locked=True,  # written by the step that opens the decision, the game row locked
        )


def reminder(*, game, pending, which: str = "reminder", if_no_answer: str = "") -> None:
    """A reminder (``which`` = "reminder") or the last call ("last_call") of an
    open decision, once each: the situation again, the commands, the deadline in
    the player's time zone, and what a timeout will do."""
    engine = engine_get(game.engine)
    seat = pending.seat
    label = "Last call" if which == "last_call" else "A reminder"
    hours = max(0, int((pending.deadline - timezone.now()).total_seconds() // 3600)) if pending.deadline else None
    due = f" is due in about {hours} hour(s)" if hours is not None else " is still awaited"
    body = "\n\n".join(
        part
        for part in (
            f"{label}: your answer to '{pending.kind}'{due}.\n{pending.prompt}",
            "\n".join(
                x
                for x in (
                    deadline_text(pending.deadline, seat.player),
                    f"If no answer comes by then: {if_no_answer}." if if_no_answer else "",
                    "Going away? Send `vacation <days>` to move your deadlines.",
                )
                if x
            ),
            table_talk_text(game=game, seat=seat.index, player_id=seat.player_id),
            engine.render(game.state, seat.index),
            commands_text(engine, game.state, seat.index),
        )
        if part
    )
    notification_write(
        kind=Notification.Kind.REMINDER,
        dedupe_key=f"{which}:{pending.pk}",
        user=seat.player,
        game=game,
        seat=seat.index,
        subject=subject_for(game, f"{'last call' if which == 'last_call' else 'reminder'}: {pending.kind}"),
        body_text=body,
    )


def decision_resolved(*, game, version: int, moves: list) -> None:
    """Each player learns of the others' sealed answers only what the engine's
    events of that step tell that seat (a bid's amount, never a face-down
    card), and sees the commitments; the salts that let anyone check them
    come with the game's record once the game is finished."""
    events = [e for m in moves for e in m.events]
    commitments = [f"  seat {m.seat + 1}: {m.secret.commitment}" for m in moves if m.sealed]
    for seat in game.seats.select_related("player").filter(player__isnull=False):
        told = [f"  - {e['text']}" for e in events_for_seat(events=events, seat=seat.index) if e["text"]]
        own = next((m for m in moves if m.seat == seat.index and m.sealed), None)
        body = "\n".join(
            [f"The sealed decision at version {version} is resolved."]
            + (["What happened:", *told] if told else [])
            + ([f"Your answer: {canonical(own.action)}"] if own is not None else [])
            + ["The commitments:", *commitments]
            + [
                "The salts are published with the game's record when the game is finished; anyone can then check",
                f"every answer: {MOVE_COMMITMENT_FORMULA}.",
            ]
        )
        notification_write(
            kind=Notification.Kind.RESOLUTION,
            dedupe_key=f"resolved:{game.pk}:{version}:{seat.index}",
            user=seat.player,
            game=game,
            seat=seat.index,
            subject=subject_for(game, "sealed answers revealed"),
            body_text=body,
            game_locked=True,
        )


def game_over(*, game) -> None:
    outcome = game.outcome or {}
    seats = list(game.seats.select_related("player").order_by("index"))
    ranks = outcome.get("ranks", [])
    scores = outcome.get("scores", [])
    table = [
        f"  {ranks[s.index] if s.index < len(ranks) else '?'}. {s.name}: {scores[s.index] if s.index < len(scores) else '?'}"
        for s in sorted(seats, key=lambda s: (ranks[s.index] if s.index < len(ranks) else 99, s.index))
    ]
    body = "The game is over. Final standings:\n" + "\n".join(table)
    for seat in seats:
        if seat.player_id:
            notification_write(
                kind=Notification.Kind.GAME_OVER,
                dedupe_key=f"over:{game.pk}:{seat.index}",
                user=seat.player,
                game=game,
                seat=seat.index,
                subject=subject_for(game, "game over"),
                body_text=body,
                game_locked=True,
            )
