from engines.citadels import ENGINE
from engines.conformance import check_engine, check_static

from .helpers import invariant

import pytest


def test_static():
    check_static(ENGINE)
    assert ENGINE.options_schema["properties"]["city_size"]["default"] == 8
    assert ENGINE.options_schema["properties"]["crown_variant"]["default"] is False


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6, 7])
def test_conformance(players):
    records = check_engine(ENGINE, players, range(1, 13), deep_games=2, invariant=invariant)
    assert len(records) == 12
    for rec in records:
        assert rec.final["phase"] == "over"
        # somebody completed a city of 8
        assert max(len(c) for c in rec.final["cities"]) >= 8


@pytest.mark.parametrize("players", [3, 6])
def test_conformance_with_options(players):
    options = {"city_size": 7, "crown_variant": True}
    records = check_engine(ENGINE, players, range(100, 106), options, deep_games=1, invariant=invariant)
    for rec in records:
        assert max(len(c) for c in rec.final["cities"]) >= 7
