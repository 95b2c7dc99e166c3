import pytest


@pytest.fixture
def game(started_game):
    """sealedbid, alice seat 0, bob seat 1, at the first sealed bid."""
    return started_game


@pytest.fixture(autouse=True)
def _fresh_throttle():
    from pbem.email import throttle

    throttle.reset()
    yield
