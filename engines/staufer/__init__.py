"""The Staufer Dynasty (Andreas Steding), 2-5 players."""

from .engine import StauferEngine

ENGINE = StauferEngine()

__all__ = ["ENGINE", "StauferEngine"]
