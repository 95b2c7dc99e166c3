import pytest

from notifications.models import InboundMessage, Notification, ReplyAddress
from pbem.email import services
from tests.ladders.conftest import ladder, players  # noqa: F401 - fixtures of the ladder commands' tests
from tests.support.rendered import rendered


@pytest.fixture
def game(started_game):
    """sealedbid, alice seat 0, bob seat 1, at the first sealed bid."""
    return started_game


def address_of(user, game, seat):
    return ReplyAddress.objects.get(user=user, game=game, seat=seat).address


def last_mail(user, kind="your_move", game=None):
    qs = Notification.objects.filter(recipient=user, kind=kind)
    if game is not None:
        qs = qs.filter(game=game)
    return rendered(qs.order_by("-pk").first())


def deliver(raw: bytes, source="smtp", envelope_sender="x@example.org", to=None, stripped_text=None):
    """Store and process a mail here and now (as the worker would)."""
    row, created = services.inbound_store(
        raw=raw, source=source, envelope_sender=envelope_sender, envelope_recipients=to or [], stripped_text=stripped_text
    )
    services.inbound_process(inbound_id=row.pk)
    row.refresh_from_db()
    return row


def reply_to(row: InboundMessage):
    return rendered(Notification.objects.filter(dedupe_key=f"reply:{row.pk}").first())


@pytest.fixture(autouse=True)
def _fresh_throttle():
    """Every test starts with no inbound mail counted against anybody."""
    from pbem.email import throttle

    throttle.reset()
    yield
