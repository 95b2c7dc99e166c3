import pytest

from engines.conformance import check_engine, check_static
from engines.fugger import ENGINE

from .invariants import invariant


def test_static():
    check_static(ENGINE)
    assert ENGINE.options_schema["properties"]["variant"]["enum"][0] == "trading"
    assert ENGINE.options_schema["properties"]["variant"]["default"] == "trading"


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_bot_games_conform(players):
    records = check_engine(ENGINE, players, range(1, 9), deep_games=2, invariant=invariant)
    assert all(r.outcome is not None for r in records)


def test_explicit_trading_option():
    check_engine(ENGINE, 3, range(100, 102), {"variant": "trading"}, deep_games=1, invariant=invariant)
