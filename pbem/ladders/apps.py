from django.apps import AppConfig


class LaddersConfig(AppConfig):
    name = "pbem.ladders"
    label = "ladders"
    verbose_name = "ratings, ladders and tournaments"

    def ready(self):
        from pbem.ladders.services.ratings import game_finished
        from pbem.services.game_finish import game_finish_hook_register

        # ratings, ladder activity, a tournament's table: in the transaction that ends a game
        game_finish_hook_register(game_finished)
