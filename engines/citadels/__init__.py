"""Ohne Furcht und Adel (Citadels), base game with the ten purple districts, 2-7 players."""

from .engine import CitadelsEngine

ENGINE = CitadelsEngine()

__all__ = ["ENGINE", "CitadelsEngine"]
