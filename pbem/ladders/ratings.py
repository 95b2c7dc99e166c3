"""openskill's Plackett-Luce model over one game's places (pure: no database).

A game is a free-for-all of 2-7 players; places may tie (an engine's outcome
gives tied players the same rank). The figure shown is the ordinal mu - 3 sigma.
"""

from __future__ import annotations

from openskill.models import PlackettLuce

_MODEL = PlackettLuce()


def ordinal(mu: float, sigma: float) -> float:
    return mu - 3.0 * sigma


def rate(ratings: list[tuple[float, float]], places: list[int]) -> list[tuple[float, float]]:
    """New (mu, sigma) per player, given each player's (mu, sigma) and place
    (1 = first; equal places are ties)."""
    teams = [[_MODEL.rating(mu=mu, sigma=sigma)] for mu, sigma in ratings]
    rated = _MODEL.rate(teams, ranks=list(places))
    return [(team[0].mu, team[0].sigma) for team in rated]


def places_of(ranks: list[int], left: set[int], rule: str) -> list[int]:
    """Each seat's place (competition ranking: 1, 1, 3) from the engine's
    ranks. By the rule "last", seats whose player left (a bot finished for
    them) are placed below everyone who stayed, tied among themselves; by
    "place" they keep the bot's place."""
    keys = [(1, 0) if (rule == "last" and i in left) else (0, r) for i, r in enumerate(ranks)]
    return [1 + sum(1 for other in keys if other < key) for key in keys]
