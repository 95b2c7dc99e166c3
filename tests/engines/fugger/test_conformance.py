import pytest

from engines.conformance import check_engine, check_static
from engines.fugger import ENGINE

from .invariants import invariant


def test_static():
    check_static(ENGINE)
    assert ENGINE.options_schema["properties"]["variant"]["enum"][0] == "trading"
    assert ENGINE.options_schema["properties"]["variant"]["default"] == "trading"


# Eight games per player count, each checked at every step and replayed; every view, render and
# language is checked at every step of the first two at 2-4 players and of the first at 5 and 6:
# those games are the longest, and the deep check is most of a game's time (`make soak` checks
# twenty games deep per count).
DEEP = {2: 2, 3: 2, 4: 2, 5: 1, 6: 1}


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_bot_games_conform(players):
    records = check_engine(ENGINE, players, range(1, 9), deep_games=DEEP[players], invariant=invariant)
    assert len(records) == 8 and all(r.outcome is not None for r in records)


def test_explicit_trading_option():
    check_engine(ENGINE, 3, range(100, 102), {"variant": "trading"}, deep_games=1, invariant=invariant)
