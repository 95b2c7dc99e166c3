"""What an engine asks along one bot game, for tests that check every spec a game offers."""

from __future__ import annotations

from collections.abc import Iterator

from engines.rng import Rng


def asked_specs(engine, *, players: int, seed: int, options: dict | None = None, lang: str = "en",
                steps: int = 400) -> Iterator[tuple[dict, int, dict]]:
    """(state, seat, spec) for every spec of every seat asked, move by move of a bot game (the
    bots' moves drawn from ``seed``), until the game ends or ``steps`` decisions have passed."""
    state = engine.setup(players, seed, options)
    rng = Rng.from_seed(seed)
    for _ in range(steps):
        decisions = engine.decisions(state)
        if not decisions:
            return
        for d in decisions:
            for spec in engine.actions(state, d["seat"], lang=lang):
                yield state, d["seat"], spec
        state = engine.apply(state, {d["seat"]: engine.bot(state, d["seat"], rng) for d in decisions})["state"]
