"""How often the Citadels bot wins against simpler players (the runner every
engine shares, engines.botmatch, with what is Citadels' own).

    python -m engines.citadels.botmatch --games 200 --players 4 --opponent random
    python -m engines.citadels.botmatch --games 200 --players 4 --opponent default

The random player draws 1..maxItems distinct items for a list (the generic one
may draw none, which Citadels' lists never take). The bot's seat rotates from
game to game, so the crown (seat 1 starts with it) favours nobody. A game that
stalls counts as not won: default players only ever take gold, so the bank can
run dry and nobody can build again (bot games end within about 400 steps).
"""

from __future__ import annotations

from engines import botmatch
from engines.base import IllegalAction
from engines.rng import Rng

from . import ENGINE


def random_legal(state: dict, seat: int, rng: Rng) -> dict:
    specs = ENGINE.actions(state, seat)
    for _ in range(50):
        spec = rng.choice(specs)
        action: dict = {"type": spec["type"]}
        for name, schema in spec["params"].items():
            if schema.get("type") == "array":
                options = list(schema["items"]["enum"])
                rng.shuffle(options)
                k = 1 + rng.below(min(len(options), schema.get("maxItems", len(options))))
                action[name] = sorted(options[:k])
            else:
                action[name] = rng.choice(schema["enum"])
        try:
            ENGINE.validate(state, seat, action)
        except IllegalAction:
            continue
        return action
    return ENGINE.default_action(state, seat)


SETUP = botmatch.Setup(
    random_player=lambda engine, state, seat, rng: random_legal(state, seat, rng),
    rng_for=lambda seed, players, bot_seat: Rng.from_seed(seed * 31 + players),
    max_steps=3000,
    stalls_allowed=True,
    default_players=4,
    default_opponent="random",
)


def match(games: int, players: int, opponent: str, first_seed: int = 1) -> dict:
    return botmatch.match(ENGINE, games, players, opponent, first_seed, setup=SETUP)


def main(argv: list[str] | None = None) -> int:
    return botmatch.main(argv, "citadels", SETUP)


if __name__ == "__main__":
    raise SystemExit(main())
