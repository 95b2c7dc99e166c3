"""Every installed engine plays a whole game through the service (state in
JSONB, moves in the log, bots in game_advance), and the published record
replays to the stored final state."""

import pytest

from engines import registry
from engines.base import canonical
from pbem import selectors, services
from pbem.models import Game, PendingAction


@pytest.mark.parametrize("slug", sorted(registry.ENGINES))
def test_a_whole_game_through_the_service(slug, alice):
    engine = registry.get(slug)
    players = engine.min_players
    game = services.game_create(creator=alice, engine=slug, players=players, bots=players - 1, seed=2026)
    services.game_start(game_id=game.pk, user=alice)
    for _ in range(20_000):
        services.game_advance(game_id=game.pk, max_steps=10_000)
        game.refresh_from_db()
        if game.status == Game.Status.FINISHED:
            break
        mine = PendingAction.objects.get(game=game, version=game.version, seat__index=0, closed_at__isnull=True)
        assert mine.submitted_at is None
        services.move_submit(game_id=game.pk, seat=0, action=engine.default_action(game.state, 0), source="web")
    assert game.status == Game.Status.FINISHED
    assert len(game.outcome["ranks"]) == players
    record = selectors.game_record(game=game)
    state = engine.setup(record["players"], record["seed"], record["options"])
    for step in record["steps"]:
        state = engine.apply(state, {int(k): v["action"] for k, v in step["moves"].items()})["state"]
    assert canonical(state) == canonical(game.state)
