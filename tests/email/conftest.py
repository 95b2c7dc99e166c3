import pytest


@pytest.fixture(autouse=True)
def _fresh_throttle():
    """Every test starts with no inbound mail counted against anybody."""
    from notifications import throttle

    throttle.reset()
    yield
