from engines.conformance import check_engine, check_static
from engines.staufer import ENGINE

from .invariants import invariant


def test_static():
    check_static(ENGINE)


def test_two_players():
    check_engine(ENGINE, 2, range(1, 21), deep_games=2, invariant=invariant)


def test_three_players():
    check_engine(ENGINE, 3, range(1, 21), deep_games=2, invariant=invariant)


def test_four_players():
    check_engine(ENGINE, 4, range(1, 21), deep_games=2, invariant=invariant)


def test_five_players():
    check_engine(ENGINE, 5, range(1, 21), deep_games=2, invariant=invariant)


def test_privilege_sets():
    for i, name in enumerate(("alternative", "synergies", "raining_points", "quantity", "random")):
        check_engine(ENGINE, 2 + i % 4, range(100, 104), {"privileges": name}, deep_games=1, invariant=invariant)
    check_engine(ENGINE, 4, range(200, 204), {"privileges": "custom", "custom_privileges": [2, 3, 6, 11, 12, 16]},
                 deep_games=1, invariant=invariant)
