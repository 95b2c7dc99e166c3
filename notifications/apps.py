from django.apps import AppConfig


class NotificationsConfig(AppConfig):
    """The outbound side: outbox rows, delivery, bounces, reply addresses
    (and the table of received mail, which the inbound channel pbem.email reads)."""

    name = "notifications"
