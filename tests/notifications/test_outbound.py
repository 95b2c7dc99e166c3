"""Mail out: reply address per game and seat, one thread per game, plain text
with an HTML alternative, Auto-Submitted and List-Unsubscribe, the deadline in
the player's time zone, a digest of what happened since the player acted,
preferences honoured, and nothing sealed shown before it resolves."""

from django.core import mail as django_mail

from notifications.models import Notification, ReplyAddress
from notifications.services import notification_send
from pbem.models import Profile
from pbem.services import game_advance, move_submit
from pbem.services.preferences import preference_set
from tests.email.conftest import last_mail


def sent(note):
    django_mail.outbox.clear()
    assert notification_send(notification_id=note.pk)
    (message,) = django_mail.outbox
    return message


def test_a_your_move_mail_on_the_wire(game, alice):
    note = last_mail(alice, game=game)
    message = sent(note)
    token = ReplyAddress.objects.get(user=alice, game=game, seat=0).token
    assert len(token) == 32 and message.reply_to == [f"{token}@pbem.localhost"]
    assert token not in note.body_text  # the token is in the headers only
    headers = message.extra_headers
    assert headers["Auto-Submitted"] == "auto-generated"
    assert headers["List-Unsubscribe"] == f"<mailto:{token}@pbem.localhost?subject=unsubscribe>"
    assert headers["Message-ID"] == note.message_id
    (html, mimetype), = message.alternatives
    assert mimetype == "text/html" and "Round 1 of 3" in html
    raw = message.message().as_string()
    assert f"Reply-To: {token}@pbem.localhost" in raw and "text/plain" in raw and "text/html" in raw
    assert "bid 3" in note.body_text and "Bid coins" in note.body_text  # the commands, with an example
    assert "sealed decision" in note.body_text and "Deadline:" in note.body_text
    assert notification_send(notification_id=note.pk) is False  # sent once, never twice


def test_one_thread_per_game_and_player(game, alice, bob):
    preference_set(user=alice, mode="every_move")
    move_submit(game_id=game.pk, seat=0, action={"type": "bid", "amount": 3}, source="web")
    move_submit(game_id=game.pk, seat=1, action={"type": "bid", "amount": 1}, source="web")
    game_advance(game_id=game.pk)
    notes = list(Notification.objects.filter(game=game, recipient=alice).order_by("pk"))
    assert [n.kind for n in notes] == ["your_move", "resolution", "your_move"]  # web moves get no confirmation
    root = notes[0].message_id
    assert "In-Reply-To" not in notes[0].headers
    for n in notes[1:]:
        assert n.headers["In-Reply-To"] == root and n.headers["References"] == root and n.message_id != root
    bob_root = Notification.objects.filter(game=game, recipient=bob).order_by("pk").first().message_id
    assert bob_root != root


def test_the_deadline_in_the_players_time_zone(alice, bob):
    from pbem import services

    Profile.objects.update_or_create(user=alice, defaults={"timezone": "Europe/Berlin"})
    game = services.game_create(creator=alice, engine="sealedbid", players=2, seed=11)
    services.game_join(game_id=game.pk, user=bob)
    services.game_start(game_id=game.pk, user=alice)
    assert "(Europe/Berlin)" in last_mail(alice, game=game).body_text
    assert "(UTC)" in last_mail(bob, game=game).body_text


def test_digest_of_events_since_the_player_last_acted_hides_sealed_bids(game, alice, bob):
    move_submit(game_id=game.pk, seat=0, action={"type": "bid", "amount": 4}, source="email")
    move_submit(game_id=game.pk, seat=1, action={"type": "bid", "amount": 2}, source="web")
    for note in Notification.objects.filter(game=game):
        assert "amount': 4" not in note.body_text and "bid 4" not in note.body_text  # sealed until resolved
    game_advance(game_id=game.pk)
    move_submit(game_id=game.pk, seat=0, action={"type": "peek"}, source="email")
    game_advance(game_id=game.pk)
    note = last_mail(alice, game=game)
    assert "Since you last acted:" in note.body_text
    assert "alice looked at the next prize." in note.body_text  # players by name
    assert "The next prize is" in note.body_text  # alice's own private event
    move_submit(game_id=game.pk, seat=0, action={"type": "claim", "take": "points"}, source="email")
    game_advance(game_id=game.pk)
    bob_note = last_mail(bob, game=game)
    assert "alice takes points." in bob_note.body_text and "The next prize is" not in bob_note.body_text


def test_preferences(game, alice, bob):
    preference_set(user=alice, mode="digest")
    move_submit(game_id=game.pk, seat=0, action={"type": "bid", "amount": 4}, source="web")
    move_submit(game_id=game.pk, seat=1, action={"type": "bid", "amount": 2}, source="web")
    game_advance(game_id=game.pk)
    kinds = list(Notification.objects.filter(game=game, recipient=alice).order_by("pk").values_list("kind", flat=True))
    assert kinds == ["your_move", "your_move"]  # no confirmation, no resolution notice
    assert "alice wins the prize" in last_mail(alice, game=game).body_text  # it is in the digest instead
    preference_set(user=bob, mode="off")
    before = Notification.objects.filter(recipient=bob).count()
    move_submit(game_id=game.pk, seat=0, action={"type": "claim", "take": "points"}, source="web")
    game_advance(game_id=game.pk)
    assert Notification.objects.filter(recipient=bob).count() == before


def test_table_talk_reaches_each_seat_by_mail_and_a_private_message_only_its_seat(alice, bob, carol):
    """Three seats: bob talks to the table and privately to carol. Each
    your-move and reminder mail shows the talk since that seat's previous
    such mail; alice's never shows the private message, bob's own words are
    not mailed back to him, and nothing is mailed twice."""
    from pbem import services
    from pbem.models import PendingAction
    from pbem.services.mails import reminder_write
    from pbem.web.services import table_message_post
    from tests.support.rendered import rendered_all

    game = services.game_create(creator=alice, engine="sealedbid", players=3, seed=5)
    services.game_join(game_id=game.pk, user=bob)
    services.game_join(game_id=game.pk, user=carol)
    services.game_start(game_id=game.pk, user=alice)
    for user in (alice, bob, carol):
        preference_set(user=user, mode="every_move")
    game.refresh_from_db()
    table_message_post(game_id=game.pk, user=bob, text="Hello <b>table</b>, good luck")
    table_message_post(game_id=game.pk, user=bob, text="Psst carol: bid low", to_seat=2)
    pending = {p.seat.index: p for p in PendingAction.objects.filter(game=game, closed_at__isnull=True).select_related("seat__player")}
    for p in pending.values():
        reminder_write(game=game, pending=p)
    reminders = {u.username: last_mail(u, kind="reminder", game=game) for u in (alice, bob, carol)}
    for user in ("alice", "carol"):
        text = reminders[user].body_text
        assert "Table talk since your last mail" in text and "bob (to the table" in text and "Hello <b>table</b>, good luck" in text
        assert "<b>table</b>" not in reminders[user].body_html and "Hello &lt;b&gt;table" in reminders[user].body_html
    assert "Psst carol" in reminders["carol"].body_text and "bob (to you only" in reminders["carol"].body_text
    assert "Psst" not in reminders["alice"].body_text and "Psst" not in reminders["alice"].body_html
    assert "Table talk" not in reminders["bob"].body_text  # his own words

    # the last call comes after the reminder: nothing new was said, so no block
    for p in pending.values():
        reminder_write(game=game, pending=p, which="last_call")
    assert all("Table talk" not in last_mail(u, kind="reminder", game=game).body_text for u in (alice, bob, carol))

    # carol answers alice alone; the next your-move mails show only that
    table_message_post(game_id=game.pk, user=carol, text="Alice, shall we share?", to_seat=0)
    for seat, amount in ((0, 5), (1, 2), (2, 1)):
        move_submit(game_id=game.pk, seat=seat, action={"type": "bid", "amount": amount}, source="api", idempotency_key=f"t{seat}")
    game_advance(game_id=game.pk)
    note = last_mail(alice, game=game)
    assert note.kind == "your_move" and note.created_at > reminders["alice"].created_at
    assert "carol (to you only" in note.body_text and "Alice, shall we share?" in note.body_text
    assert "Hello" not in note.body_text and "Psst" not in note.body_text
    rendered_all(Notification.objects.filter(recipient=bob))  # every mail of his, as delivered
    assert not Notification.objects.filter(recipient=bob, body_text__contains="shall we share").exists()
