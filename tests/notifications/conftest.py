# The outbound side's tests play a game and answer its mails as the inbound channel's do.
from tests.email.conftest import _fresh_throttle, game  # noqa: F401 - fixtures
