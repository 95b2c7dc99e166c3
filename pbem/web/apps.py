from django.apps import AppConfig


class WebConfig(AppConfig):
    name = "pbem.web"
    label = "web"
    verbose_name = "web pages"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        from pbem.web import receivers  # noqa: F401  (connects the sign-up language)
