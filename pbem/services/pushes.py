"""What a push says: rendered from an outbox row when its push is delivered
(registered into notifications.push by pbem's AppConfig), in the recipient's
language, from the row's own text, which holds only what the recipient's seat
may see (the secrecy rule of mail). Short: a title naming the game and what
happened, a body with what is asked (the decision's prompt, the deadline)."""

from __future__ import annotations

from django.utils import translation
from django.utils.translation import gettext as _

from notifications.models import Notification
from notifications.outbox import notification_render
from pbem.languages import game_title
from pbem.selectors import language_of

K = Notification.Kind


def _game(row: Notification) -> str:
    if row.game_id is None:
        return "pbem"
    return f"{game_title(row.game.engine) or row.game.engine} #{row.game_id}"


def _first_paragraph(text: str) -> str:
    return (text or "").strip().split("\n\n", 1)[0].strip()


def push_render(row: Notification) -> dict:
    """{title, body} of the push of ``row``."""
    # the row holds the data of its mail: render (and keep) its text first, as the mail's delivery does
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
        return {"title": title, "body": _first_paragraph(row.body_text)}
