from django.apps import AppConfig


class PbemConfig(AppConfig):
    name = "pbem"
    verbose_name = "pbem games"

    def ready(self):
        # what a push says is pbem's to render; the outbound side imports nothing above it
        from notifications import chat, push
        from pbem.services.pushes import chat_render, push_render

        push.renderer_register(push_render)
        chat.renderer_register(chat_render)
