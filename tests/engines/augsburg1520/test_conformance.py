"""The shared conformance checks, with the Augsburg invariants after every step."""

import pytest

from engines.augsburg1520 import ENGINE
from engines.conformance import check_engine, check_static

from .invariants import invariant

SEEDS = {2: 20, 3: 14, 4: 10, 5: 8}


def test_static():
    check_static(ENGINE)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_bot_games(players):
    records = check_engine(ENGINE, players, range(1, SEEDS[players] + 1), deep_games=2, invariant=invariant)
    assert len(records) == SEEDS[players]
    for rec in records:
        assert rec.final["step"] == "over"
        assert rec.final["round"] == players + 2


def test_open_hand_sizes_option():
    check_engine(ENGINE, 4, range(100, 102), {"hide_hand_sizes": False}, deep_games=1, invariant=invariant)
