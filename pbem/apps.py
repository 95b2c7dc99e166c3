from django.apps import AppConfig


class PbemConfig(AppConfig):
    name = "pbem"
    verbose_name = "pbem games"

    def ready(self):
        from notifications import outbox
        from pbem.services.mails import notification_render

        # What a mail says is rendered when it is delivered (pbem.services.mails explains why here).
        outbox.renderer_register(notification_render)
