"""Augsburg 1520 (Karsten Hartwig, alea 2006), 2-5 players."""

from .engine import Augsburg1520

ENGINE = Augsburg1520()

__all__ = ["ENGINE", "Augsburg1520"]
