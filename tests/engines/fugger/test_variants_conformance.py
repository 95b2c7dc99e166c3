"""Conformance of the Nobility, Country Estate and Full games, with their invariants after every step."""

import pytest

from engines.conformance import check_engine
from engines.fugger import ENGINE
from engines.fugger import nobility as NB

from .invariants_variants import invariant

VARIANTS = ["nobility", "country_estate", "full"]


def test_every_offered_variant_is_tested():
    assert ENGINE.options_schema["properties"]["variant"]["enum"] == ["trading", *VARIANTS]
    assert list(NB.ENABLED) == ["trading", *VARIANTS]


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_variant_bot_games_conform(variant, players):
    # one game per player count keeps the suite inside its time budget (these games are long);
    # the views and renders of every step are checked in the 2-player game; the soak runs thousands
    deep = 1 if players == 2 else 0
    records = check_engine(ENGINE, players, [players * 11], {"variant": variant}, deep_games=deep, invariant=invariant)
    assert all(r.outcome is not None for r in records)
