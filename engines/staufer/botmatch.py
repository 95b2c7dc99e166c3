"""How often the Staufer bot wins against simple opponents.

    python -m engines.staufer.botmatch --games 100 --players 2 --opponent random
    python -m engines.staufer.botmatch --games 100 --players 3 --opponent default

The runner is the one of every engine (``engines.augsburg1520.botmatch``: one seat
played by the bot, a different one each game; the others random-legal or default).
"""

from __future__ import annotations

from engines.augsburg1520.botmatch import main as _main
from engines.augsburg1520.botmatch import match

__all__ = ["main", "match"]


def main(argv: list[str] | None = None) -> int:
    return _main(argv, slug="staufer")


if __name__ == "__main__":
    raise SystemExit(main())
