"""Whether a received mail is read at all, and by whose authority.

``mail_handle`` reads a stored mail (pbem.email.parsing), decides whether it
is answered at all (bounces are recorded, automatic and forged mail is
dropped), checks the reply token and the sender, the inbound limits and the
thread (a reply to a mail of another game, or to a situation no longer
current, is refused), and hands the command lines to pbem.email.commands.
"""

from __future__ import annotations

from django.conf import settings
from django.utils import translation

from notifications import addresses
from notifications.models import InboundMessage, Notification
from notifications.services import address_bounce_clear, bounce_record
from pbem.email import parsing as mail
from pbem.email import throttle
from pbem.email.answers import Answer, Context, _addressed, _re, part
from pbem.email.commands import MAX_COMMANDS, _game_now, _run, _status
from pbem.models import PendingAction
from pbem.selectors import language_of
from pbem.selectors.mail import events_since
from pbem.services.invitations import account_for_address


def mail_handle(row: InboundMessage) -> Answer:
    # Read in the sender's language (activated below once the sender is known);
    # the worker's thread is back in the site's default afterwards.
    with translation.override(settings.LANGUAGE_CODE):
        return _mail_handle(row)


def _mail_handle(row: InboundMessage) -> Answer:
    msg = mail.message_from_bytes(bytes(row.raw))
    for candidate in row.envelope_recipients or []:
        bounced = addresses.bounce_of(candidate)
        if bounced is not None:
            return Answer.drop(bounce_record(notification_id=bounced, status=mail.bounce_status(msg)))
    why = mail.automatic_reason(msg, row.envelope_sender if row.source == "smtp" else (row.envelope_sender or None))
    if why:
        return Answer.drop(f"automatic mail: {why}")
    sender = mail.sender_address(msg)
    why = mail.forged_reason(msg, sender)
    if why:
        return Answer.drop(f"forged sender: {why}")
    found = _addressed(row, msg)
    if found is None:
        # An unknown or expired reply address, or a sender who is not its
        # player: never answered, so a forged From gets no mail from us.
        return Answer.drop("not from the player of a known reply address")
    address, sender = found
    if address.user_id:
        translation.activate(language_of(user=address.user))  # even a refusal in the sender's language
    limited = throttle.inbound_check(sender=sender, token=address.token)
    if limited is not None:
        if not limited.tell:
            return Answer.drop("throttled")
        return _refuse(
            row, msg, sender,
            part("throttled", limit=limited.limit, minutes=limited.window_minutes, until=f"{limited.until:%H:%M}"),
            "throttled",
        )
    if address.invitation_id:
        user = account_for_address(email=sender)
    else:
        user = address.user

    address_bounce_clear(email=sender)  # a mail from the address proves it works
    ctx = Context(row=row, msg=msg, sender=sender, address=address, user=user)
    translation.activate(language_of(user=user))  # refusals and answers in the sender's language
    if address.game_id:
        ctx.game, ctx.seat = address.game, address.seat
        seat = address.game.seats.filter(index=address.seat).first()
        if seat is None or seat.player_id != user.pk:
            ctx.game = None
            return ctx.answer(InboundMessage.Status.REFUSED, "no longer seated", part("not_seated"))
        refusal = _thread_check(ctx)
        if refusal:
            return refusal
    # Every block the player wrote (above, between and under quotes), each
    # line with its kind: text to read as a command, a greeting, a closing.
    # Read from the mail itself: an ESP's stripped reply (Mailgun
    # stripped-text, Postmark StrippedTextReply) holds only the top block of
    # an interleaved reply; it is read only when the mail's own parts give
    # no line at all (cut the same way: it may still end with a signature).
    known = _known_lines(ctx)
    read = mail.reply_lines(mail.reply_blocks(mail.body_text(msg), known, signatures=True))
    if not any(x.kind == "text" for x in read) and row.stripped_text and row.stripped_text.strip():
        read = mail.reply_lines(mail.reply_blocks(row.stripped_text, known, signatures=True))
    lines = [x.text for x in read if x.kind == "text"]
    if len(lines) > MAX_COMMANDS:
        return ctx.answer(InboundMessage.Status.REFUSED, "too many lines", part("too_many", count=len(lines), max=MAX_COMMANDS))
    return _run(ctx, read)


def _refuse(row, msg, sender: str, said: dict, outcome: str) -> Answer:
    return Answer(
        status=InboundMessage.Status.REFUSED,
        outcome=outcome,
        inbound=row,
        parts=[said],
        language=translation.get_language(),
        to_email=sender,
        subject=_re(msg),
    )


def _known_lines(ctx: Context) -> dict[str, frozenset[str]]:
    """The lines of our latest mails to this player, so that a quoted
    original without ``>`` (Outlook, Yahoo) is recognised and never run."""
    rows = Notification.objects.filter(to_email__iexact=ctx.sender)
    if ctx.game is not None:
        rows = rows.filter(game=ctx.game)
    texts = []
    answered = _answered_mail(ctx)
    if answered is not None:  # the very mail answered, however old
        texts += [answered.body_text, mail.html_to_text(answered.body_html) if answered.body_html else ""]
    for body, html in rows.order_by("-pk").values_list("body_text", "body_html")[:20]:
        texts.append(body)
        if html:
            texts.append(mail.html_to_text(html))
    return mail.known_lines(texts)


def _answered_mail(ctx: Context) -> Notification | None:
    """The mail of ours this one answers: its In-Reply-To, else the newest of
    its References that is ours (not the thread's first mail, which every
    later mail references)."""
    ids = mail.message_ids(ctx.msg, "In-Reply-To") + list(reversed(mail.message_ids(ctx.msg, "References")))
    if not ids:
        return None
    ours = {n.message_id: n for n in Notification.objects.filter(message_id__in=ids, to_email__iexact=ctx.sender)}
    return next((ours[i] for i in ids if i in ours), None)


def _thread_check(ctx: Context) -> Answer | None:
    """Refuse a reply to a mail of another game, or to a mail that showed
    this seat a situation which is no longer current: its open decision was
    opened after that mail was written. The refusal says what changed and
    shows the situation now, so a reply to it is current."""
    shown = _answered_mail(ctx)
    if shown is None or shown.game_id is None:
        return None
    if shown.game_id != ctx.game.pk:
        return ctx.answer(
            InboundMessage.Status.REFUSED, "wrong game", part("wrong_game", answered=shown.game_id, game_id=ctx.game.pk)
        )
    if shown.seat != ctx.seat or shown.version is None:
        return None
    open_now = (
        PendingAction.objects.filter(game=ctx.game, seat__index=ctx.seat, closed_at__isnull=True)
        .order_by("-version")
        .values_list("version", flat=True)
        .first()
    )
    if open_now is None or open_now <= shown.version:
        return None
    changed = events_since(game=ctx.game, seat=ctx.seat, version=shown.version)
    return ctx.answer(
        InboundMessage.Status.REFUSED,
        "stale decision",
        part("stale", shown=shown.version, now=_game_now(ctx).version, changed=list(changed), status=_status(ctx)),
    )
