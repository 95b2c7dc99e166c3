"""Every installed engine, by slug (its package name)."""

from __future__ import annotations

import importlib

from engines.base import Engine

# The engines that ship with pbem. An engine package exports ``ENGINE``.
INSTALLED: tuple[str, ...] = ("augsburg1520", "citadels", "fugger", "staufer")


def _load(slug: str) -> Engine:
    engine = importlib.import_module(f"engines.{slug}").ENGINE
    if engine.slug != slug:
        raise RuntimeError(f"engines.{slug} calls itself {engine.slug!r}")
    return engine


ENGINES: dict[str, Engine] = {slug: _load(slug) for slug in INSTALLED}


def get(slug: str) -> Engine:
    """The engine for ``slug``; KeyError names the ones there are."""
    try:
        return ENGINES[slug]
    except KeyError:
        raise KeyError(f"no engine {slug!r}; installed: {', '.join(sorted(ENGINES)) or 'none'}") from None
