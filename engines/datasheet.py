"""Where every printed value of a game comes from, for a player with the box
who wants to check or correct one:

    python -m engines.datasheet augsburg1520            # every marked value
    python -m engines.datasheet fugger --assumed        # only the assumptions
"""

from __future__ import annotations

import argparse
import importlib
import sys

from engines import registry
from engines.base import Provenance, provenance


def datasheet(slug: str) -> list[tuple[str, Provenance]]:
    module = f"engines.{slug}.data"
    importlib.import_module(module)
    return provenance(module)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("slug", choices=sorted(registry.ENGINES))
    ap.add_argument("--assumed", action="store_true", help="only the values no text or source gives")
    args = ap.parse_args(argv)
    for name, mark in datasheet(args.slug):
        if args.assumed and mark.basis != "assumed":
            continue
        print(f"{mark.basis:8s}  {name}: {mark.ref}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
