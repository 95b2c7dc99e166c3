"""Tests read a mail as its delivery would send it: an outbox row holds what
its step stored (``message`` and ``data``); the deliver task renders it
(``notifications.outbox.notification_render``, the renderer pbem registers)
and keeps the text with the row. These helpers render the rows a test looks
at the same way, without sending them."""

from __future__ import annotations

from notifications.outbox import notification_render


def rendered(row):
    """The row with its subject, text, HTML part and board filled in (None stays None)."""
    return None if row is None else notification_render(row)


def rendered_all(rows):
    return [notification_render(r) for r in rows]


def rendered_everything() -> int:
    """Render every row not rendered yet (for a test that looks rows up by
    subject or text, as they will be delivered); returns how many."""
    from notifications.models import Notification

    rows = rendered_all(Notification.objects.filter(body_text="").exclude(message="").order_by("pk"))
    return len(rows)
