from django.apps import AppConfig


class LaddersConfig(AppConfig):
    name = "pbem.ladders"
    label = "ladders"
    verbose_name = "ratings, ladders and tournaments"
