"""One outbox, many channels: which channels a notification goes by.

Every notification is written once, in the step's transaction (outbox). Its
deliver task, after the commit, first makes (unless the row is withheld: a
your-move to a player at the table, notifications.presence) one Delivery row per channel
target the player chose for that kind (a push to each of their devices, a
post to each of their chat channels) and queues each; then it sends the mail
if the row is mailed. So a game step never waits for a push service or a chat
server, and each delivery is idempotent (unique per notification and target),
retried with backoff and found again by the lost-work sweep.

Preferences are per kind and per channel (ChannelPreference); a missing row
means the defaults below: mail by the player's mail mode (every move, digest,
off), push and chat for what asks the player to act or ends a game.
"""

from __future__ import annotations

from django.conf import settings
from django.db import IntegrityError, transaction

from notifications.models import Channel, ChannelPreference, ChatChannel, Delivery, Notification, PushSubscription

K = Notification.Kind
# The kinds a player can choose channels for, in the order the profile shows them.
KINDS = (K.YOUR_MOVE, K.REMINDER, K.MESSAGE, K.NOTICE, K.RESOLUTION, K.CONFIRMATION, K.GAME_OVER)
PUSH_DEFAULT = {K.YOUR_MOVE, K.REMINDER, K.MESSAGE, K.NOTICE, K.GAME_OVER}
CHAT_DEFAULT = {K.YOUR_MOVE, K.REMINDER, K.MESSAGE, K.GAME_OVER}
# Kinds never mailed on their own: a message to you is in the table talk of the next
# your-move or reminder mail.
NO_MAIL = {K.MESSAGE}
_DEFAULTS = {Channel.PUSH: PUSH_DEFAULT, Channel.CHAT: CHAT_DEFAULT}
# Broker priority of a push or chat delivery: as mail's (notifications.outbox.DELIVER_PRIORITY).
DELIVERY_PRIORITY = None if settings.PBEM_MAIL_QUEUE else 6


def channel_wanted(*, user_id: int, kind: str, channel: str, preferences: dict | None = None) -> bool:
    """Whether the player takes ``kind`` by ``channel`` (push or chat)."""
    if kind not in KINDS:
        return False
    if preferences is None:
        preferences = preferences_of(user_id=user_id)
    return preferences.get((kind, channel), kind in _DEFAULTS.get(channel, ()))


def preferences_of(*, user_id: int) -> dict:
    """The player's own choices, {(kind, channel): enabled}."""
    rows = ChannelPreference.objects.filter(user_id=user_id).values_list("kind", "channel", "enabled")
    return {(kind, channel): enabled for kind, channel, enabled in rows}


def _targets(row: Notification) -> list[tuple[str, str]]:
    """(channel, target) of every delivery the row needs besides its mail."""
    if row.recipient_id is None or row.kind not in KINDS:
        return []
    preferences = preferences_of(user_id=row.recipient_id)
    targets = []
    if channel_wanted(user_id=row.recipient_id, kind=row.kind, channel=Channel.PUSH, preferences=preferences):
        for pk in PushSubscription.objects.filter(user_id=row.recipient_id).values_list("pk", flat=True):
            targets.append((Channel.PUSH, f"push:{pk}"))
    if channel_wanted(user_id=row.recipient_id, kind=row.kind, channel=Channel.CHAT, preferences=preferences):
        for pk in ChatChannel.objects.filter(user_id=row.recipient_id).values_list("pk", flat=True):
            targets.append((Channel.CHAT, f"chat:{pk}"))
    if row.game_id is not None and _told_to_the_table(row):
        for pk in ChatChannel.objects.filter(game_id=row.game_id).values_list("pk", flat=True):
            targets.append((Channel.CHAT, f"chat:{pk}"))
    return targets


def _told_to_the_table(row: Notification) -> bool:
    """A table channel hears whose move it is (every seat asked) and the game's end (once:
    from the first seat's row)."""
    if row.kind == K.YOUR_MOVE:
        return True
    if row.kind == K.GAME_OVER:
        first = Notification.objects.filter(game_id=row.game_id, kind=K.GAME_OVER).order_by("seat").values_list("pk", flat=True)
        return first.first() == row.pk
    return False


def wanted_elsewhere(*, user, kind: str, game=None) -> bool:
    """Whether a notification the player's mail mode leaves out is still
    wanted by another channel (then the row is written, unmailed): one query,
    only for such kinds."""
    if user is None or kind not in KINDS:
        return False
    if game is not None and kind in (K.YOUR_MOVE, K.GAME_OVER) and ChatChannel.objects.filter(game=game).exists():
        return True  # the table channel is told
    preferences = None
    for channel, targets in ((Channel.PUSH, PushSubscription.objects), (Channel.CHAT, ChatChannel.objects)):
        if targets.filter(user_id=user.pk).exists():
            preferences = preferences if preferences is not None else preferences_of(user_id=user.pk)
            if channel_wanted(user_id=user.pk, kind=kind, channel=channel, preferences=preferences):
                return True
    return False


def deliveries_make(*, notification_id: int) -> list[int]:
    """Make the row's deliveries that do not exist yet and queue each on
    commit; returns their ids. Run by the deliver task before the mail, so a
    deliver run again (a retry, the sweep) makes nothing twice."""
    from notifications.tasks import delivery_send

    row = Notification.objects.filter(pk=notification_id).only("pk", "kind", "recipient_id").first()
    if row is None:
        return []
    made = []
    for channel, target in _targets(row):
        try:
            with transaction.atomic():
                made.append(Delivery.objects.create(notification_id=row.pk, channel=channel, target=target).pk)
        except IntegrityError:
            continue  # made by an earlier run of this deliver
    for pk in made:
        transaction.on_commit(lambda pk=pk: delivery_send.apply_async((pk,), priority=DELIVERY_PRIORITY))
    return made
