"""What a push or a chat message says: rendered from an outbox row when its push is delivered
(registered into notifications.push by pbem's AppConfig), in the recipient's
language, from the row's own text, which holds only what the recipient's seat
may see (the secrecy rule of mail). Short: a title naming the game and what
happened, a body with what is asked (the decision's prompt, the deadline)."""

from __future__ import annotations

from datetime import timezone as dt_timezone
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from django.utils import translation
from django.utils.dateparse import parse_datetime
from django.utils.formats import date_format
from django.utils.translation import gettext as _

from notifications import links
from notifications.models import Notification
from notifications.outbox import notification_render
from pbem.languages import game_title
from pbem.models import PendingAction
from pbem.selectors import language_of, profile_of

K = Notification.Kind


def _game(row: Notification) -> str:
    if row.game_id is None:
        return "pbem"
    return f"{game_title(row.game.engine) or row.game.engine} #{row.game_id}"


def _first_paragraph(text: str) -> str:
    return (text or "").strip().split("\n\n", 1)[0].strip()


def push_render(row: Notification) -> dict:
    """{title, body} of the push of ``row``."""
    if not (row.data or {}).get("prompt"):
        # no decision's prompt stored: the push says the first paragraph of the row's mail,
        # rendered (and kept) first as the mail's delivery does
        row = notification_render(row)
    with translation.override(language_of(user=row.recipient)):
        game = _game(row)
        titles = {
            K.YOUR_MOVE: _("Your move in %(game)s"),
            K.REMINDER: _("Reminder: %(game)s awaits your move"),
            K.GAME_OVER: _("%(game)s is over"),
            K.RESOLUTION: _("Sealed answers revealed in %(game)s"),
            K.NOTICE: _("News from %(game)s"),
            K.CONFIRMATION: _("Your move in %(game)s is in"),
        }
        title = titles.get(row.kind, "%(game)s") % {"game": game}
        if row.kind == K.REMINDER and row.dedupe_key.startswith("last_call:"):
            title = _("Last call in %(game)s") % {"game": game}
        return {"title": title, "body": _body(row)}


def _body(row: Notification) -> str:
    """What the seat is asked and until when, from what the step stored for
    the row (``data``: the decision's prompt in the reader's language, the
    deadline), else the first paragraph of the row's own text."""
    data = getattr(row, "data", None) or {}
    if not data.get("prompt"):
        return _first_paragraph(row.body_text)
    lines = [data["prompt"]]
    deadline = parse_datetime(data["deadline"]) if data.get("deadline") else None
    if deadline is not None:
        zone = _zone(row.recipient)
        lines.append(_("Deadline: %(when)s") % {"when": f"{date_format(deadline.astimezone(zone), 'D j M H:i')} ({zone.key})"})
    return "\n".join(lines)


def _zone(user) -> ZoneInfo:
    try:
        return ZoneInfo(profile_of(user=user).timezone if user is not None else "UTC")
    except (ZoneInfoNotFoundError, ValueError):
        return ZoneInfo("UTC")


def chat_render(row: Notification, *, table: bool, mention: str | None = None) -> dict:
    """{title, body} of a chat message. A player's own channel hears what
    their push says, with the game's link. A table channel hears public facts
    only - whose move it is, in which game, until when; that the game is over -
    in the language of the game's creator, who added the channel."""
    if not table:
        text = push_render(row)
        return {"title": text["title"], "body": "\n".join(x for x in (text["body"], links.game_url(row.game_id)) if x)}
    game = row.game
    with translation.override(language_of(user=game.created_by)):
        name = _game(row)
        if row.kind == K.GAME_OVER:
            body = _("%(game)s is over.") % {"game": name}
        else:
            who = mention or (row.recipient.username if row.recipient_id else "")
            pending = (
                PendingAction.objects.filter(game_id=row.game_id, seat__index=row.seat, closed_at__isnull=True)
                .exclude(deadline=None).order_by("deadline").values_list("deadline", flat=True).first()
            )
            if pending is not None:
                body = _("%(who)s, it's your move in %(game)s - deadline %(deadline)s") % {
                    "who": who, "game": name, "deadline": date_format(pending.astimezone(dt_timezone.utc), "D j M H:i") + " UTC"}
            else:
                body = _("%(who)s, it's your move in %(game)s") % {"who": who, "game": name}
        return {"title": name, "body": f"{body}\n{links.game_url(row.game_id)}"}
