"""What a push or a chat message says: rendered from an outbox row when it is delivered
(registered into notifications.push and notifications.chat by pbem's AppConfig) with the
notes of pbem.messages (``templates/messages/notes/``: one title rule, translatable,
plural-correct). A push and a player's own chat channel are in the recipient's language and
say only what the recipient's seat may see (the secrecy rule of mail: the row's own data).
A table channel hears public facts only, in the language of the game's creator, who added
it, its deadlines in the channel's time zone (else the creator's), the zone named; what a
player wrote (a name) is neutralized for the channel's service (no ping, no link)."""

from __future__ import annotations

from notifications import links
from notifications.chat import neutralize
from notifications.models import ChatChannel, Notification
from notifications.outbox import notification_render
from pbem.languages import game_title
from pbem.messages import NOTES, note_render
from pbem.models import PendingAction
from pbem.selectors import language_of, profile_of

K = Notification.Kind


def _game(row: Notification, language: str) -> str:
    if row.game_id is None:
        return "pbem"
    return f"{game_title(row.game.engine, language) or row.game.engine} #{row.game_id}"


def _first_paragraph(text: str) -> str:
    return (text or "").strip().split("\n\n", 1)[0].strip()


def _zone(user) -> str:
    return profile_of(user=user).timezone if user is not None else "UTC"


def _own_note(row: Notification, language: str) -> tuple[str, dict]:
    """The note of a push (and of a player's own chat channel) and its data."""
    data = row.data or {}
    base = {"game": _game(row, language), "zone": _zone(row.recipient), "which": data.get("which", "")}
    if row.kind == K.MESSAGE:
        return "message", base | {"sender": data.get("sender", ""), "private": bool(data.get("private")), "text": data.get("text", "")}
    prompt = data.get("prompt")
    if not prompt and row.message:
        # no decision's prompt stored: the first paragraph of the row's mail, rendered (and kept)
        # first as the mail's delivery does
        row = notification_render(row)
    first = _first_paragraph(row.body_text)
    note = row.kind if row.kind in NOTES else "notice"
    return note, base | {"prompt": prompt or first, "first": first, "deadline": data.get("deadline"), "hours": data.get("hours")}


def push_render(row: Notification) -> dict:
    """{title, body} of the push of ``row``."""
    language = language_of(user=row.recipient)
    note, data = _own_note(row, language)
    text = note_render(note=note, data=data, language=language)
    return {"title": text.title, "body": text.body}


def chat_render(row: Notification, *, channel: ChatChannel, mention: str | None = None) -> dict:
    """{title, body} of a chat message to ``channel``. A player's own channel hears what
    their push says, with the game's link. A table channel hears whose move it is, in
    which game, until when, and that the game is over - never a prompt."""
    service = channel.service
    if channel.game_id is None:
        text = push_render(row)
        link = links.game_url(row.game_id) if row.game_id else ""
        return {"title": neutralize(text["title"], service), "body": "\n".join(x for x in (neutralize(text["body"], service), link) if x)}
    game = row.game
    language = language_of(user=game.created_by)
    name = _game(row, language)
    if row.kind == K.GAME_OVER:
        note, data = "table_game_over", {"game": name}
    else:
        who = mention or neutralize(row.recipient.username if row.recipient_id else "", service)
        deadline = (
            PendingAction.objects.filter(game_id=row.game_id, seat__index=row.seat, closed_at__isnull=True)
            .exclude(deadline=None).order_by("deadline").values_list("deadline", flat=True).first()
        )
        zone = channel.timezone or _zone(game.created_by)
        note, data = "table_your_move", {"who": who, "game": name, "deadline": deadline, "zone": zone}
    text = note_render(note=note, data=data, language=language)
    return {"title": text.title, "body": f"{text.body}\n{links.game_url(row.game_id)}"}
