"""How often the Staufer bot wins against simple opponents (the runner every
engine shares, engines.botmatch, with its defaults).

    python -m engines.staufer.botmatch --games 100 --players 2 --opponent random
    python -m engines.staufer.botmatch --games 100 --players 3 --opponent default
"""

from __future__ import annotations

from engines import botmatch

from . import ENGINE


def match(engine=ENGINE, games: int = 100, players: int = 2, opponent: str = "default", seed: int = 1) -> dict:
    return botmatch.match(engine, games, players, opponent, seed)


def main(argv: list[str] | None = None) -> int:
    return botmatch.main(argv, "staufer")


if __name__ == "__main__":
    raise SystemExit(main())
