"""One bot game walked step by step, for tests that look at every decision or spec a game offers."""

from __future__ import annotations

from collections.abc import Iterator

from engines.rng import Rng


def bot_game(engine, *, players: int, seed: int, options: dict | None = None, steps: int = 400) -> Iterator[tuple[dict, dict]]:
    """(state, moves) at every step of a bot game: the state before the step and the bots' move of
    each seat asked (drawn from ``seed``), until the game ends or ``steps`` steps have passed."""
    state = engine.setup(players, seed, options)
    rng = Rng.from_seed(seed)
    for _ in range(steps):
        decisions = engine.decisions(state)
        if not decisions:
            return
        moves = {d["seat"]: engine.bot(state, d["seat"], rng) for d in decisions}
        yield state, moves
        state = engine.apply(state, moves)["state"]


def asked_specs(engine, *, players: int, seed: int, options: dict | None = None, lang: str = "en",
                steps: int = 400) -> Iterator[tuple[dict, int, dict]]:
    """(state, seat, spec) for every spec of every seat asked along ``bot_game``."""
    for state, moves in bot_game(engine, players=players, seed=seed, options=options, steps=steps):
        for seat in moves:
            for spec in engine.actions(state, seat, lang=lang):
                yield state, seat, spec
