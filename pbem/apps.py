from django.apps import AppConfig


class PbemConfig(AppConfig):
    name = "pbem"
    verbose_name = "pbem games"

    def ready(self):
        from notifications import outbox
        from pbem.services.mails import notification_render

        # What a mail says is rendered when it is delivered (pbem.services.mails explains why here).
        outbox.renderer_register(notification_render)

        # what a push says is pbem's to render; the outbound side imports nothing above it
        from notifications import chat, push
        from pbem.services.pushes import chat_render, push_render

        push.renderer_register(push_render)
        chat.renderer_register(chat_render)

        # a committed change is told to the open pages (pbem.live)
        from pbem.live import receivers  # noqa: F401
