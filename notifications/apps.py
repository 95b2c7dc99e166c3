from django.apps import AppConfig


class NotificationsConfig(AppConfig):
    name = "notifications"

    def ready(self):
        from notifications import receivers  # noqa: F401 - connects the anymail inbound signal
