"""Fugger, Welser, Medici (Doris & Frank, 1994): the Trading Game."""

from .engine import ENGINE, Fugger

__all__ = ["ENGINE", "Fugger"]
