# the ladders' players and ladder, as in tests/ladders
from tests.ladders.conftest import ladder, players  # noqa: F401 - fixtures
