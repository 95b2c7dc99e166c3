"""The mails of a game: what a step stores for each, and how a stored row
becomes its mail when it is delivered.

The step writes rows, not prose (issue 27): inside the game's lock it stores
for each recipient only the data of the mail (``outbox.notification_write``
with a message name of ``pbem.messages`` and plain JSON): what was asked, the
deadline, the engine's own texts for the seat (``render``, the commands of
its action specs, the events it may see) and the seat's view for the board.
Everything else - the digest since the seat last acted, the table talk, the
reader's time zone and language, the links, the text, the HTML part and the
board's SVG - is read and rendered by ``notification_render`` when the deliver
task sends the row, outside the lock. What the digest and the table talk read
is bounded by the row (its version, its id), so a mail rendered later says
what it would have said when it was written.

Why a renderer registered into ``notifications`` (pbem's AppConfig calls
``outbox.renderer_register(notification_render)``) and not a delivery task
here: the outbound side imports nothing above it, the renderer needs the
selectors and the message templates above it, and the deliver task
(``notifications.tasks.deliver``) keeps its module and name, so tasks queued
before a deploy, the lost-delivery sweep and the retries all work unchanged.

Secrecy: a row's data holds only what its recipient's seat may see - the
seat's own view (``engine.view``), the engine's text for that seat, the
events addressed to it - never the state; ``tests/e2e/test_leak_scan.py``
scans the rows' data as well as the mails.
"""

from __future__ import annotations

from django.utils import timezone, translation

import boards
from engines.base import action_words, canonical
from engines.names import seat_names_in
from notifications import links as mail_links
from notifications.models import Notification
from notifications.outbox import deliveries_on_commit, notification_write
from pbem.messages import mail_render
from pbem.messages.render import game_tag
from pbem.selectors import (
    MOVE_COMMITMENT_FORMULA,
    engine_get,
    engine_list,
    event_text,
    profile_of,
    recipient_language,
    seats_by_index,
)
from pbem.selectors.mail import TALK_MAX_MESSAGES, digest_since_last_acted, table_talk_for_mail

# --- what a step stores -------------------------------------------------------------


def moment(at) -> str | None:
    """A moment as data (ISO 8601, aware)."""
    return at.isoformat() if at is not None else None


def situation_of(*, game, seat: int | None, engine=None, written: bool = False, lang: str = "en") -> dict:
    """The seat's situation as its mail shows it: its view (for the board,
    drawn at delivery) and, when the mail's text shows it (``written``), the
    engine's own text of it in the reader's language ``lang``. Nothing else
    of the state."""
    if not game.state:
        return {}
    engine = engine or engine_get(game.engine)
    out: dict = {"engine": game.engine, "seat": seat}
    out["names"] = [s.name for s in seats_by_index(game=game).values()]  # the board's and the digest's
    if written:
        out["text"] = engine.render(game.state, seat, lang=lang)
    if game.engine in boards.SLUGS:
        out["view"] = engine.view(game.state, seat)
    return out


def commands_of(engine, state, seat: int, *, lang: str = "en") -> list[dict]:
    """The commands that answer the seat's decision (the engine's examples and labels, in ``lang``)."""
    return [{"example": s["example"], "label": s["label"]} for s in engine.actions(state, seat, lang=lang)]


def _prompts(engine, state, lang: str) -> dict[int, dict]:
    """The open decisions by seat in ``lang``, their prompt and kind ({} for
    English: the stored prompts and kinds are English)."""
    return {d["seat"]: d for d in engine.decisions(state, lang=lang)} if lang != "en" else {}


def _asked(*, game, engine, seat: int, lang: str, kind: str, prompt: str, deadline) -> dict:
    """What every mail that asks a seat to decide stores (your move, reminder,
    last call): the decision, its deadline, the seat's situation written out
    and the commands that answer it, in the reader's language."""
    return {
        "tag": game_tag(game.pk, game.engine),
        "kind": kind,
        "prompt": prompt,
        "deadline": moment(deadline),
        "situation": situation_of(game=game, seat=seat, engine=engine, written=True, lang=lang),
        "commands": commands_of(engine, game.state, seat, lang=lang),
    }


def your_move_write(*, game, pending: list) -> None:
    """A "your move" mail to each seat asked (``pending``: the decisions just opened)."""
    engine = engine_get(game.engine)
    prompts: dict[str, dict] = {}  # the decisions' prompts in each reader's language, asked once per language
    written: list = []
    for p in pending:
        seat = p.seat
        if seat.player_id is None:
            continue
        lang = recipient_language(seat.player)
        if lang not in prompts:
            prompts[lang] = _prompts(engine, game.state, lang)
        notification_write(
            kind=Notification.Kind.YOUR_MOVE,
            # the player too: a seat an operator gives to someone else is asked again
            dedupe_key=f"your_move:{game.pk}:{game.version}:{seat.index}:{seat.player_id}",
            user=seat.player,
            game=game,
            seat=seat.index,
            message="your_move",
            data=_asked(
                game=game, engine=engine, seat=seat.index, lang=lang, kind=prompts[lang].get(seat.index, {}).get("kind", p.kind),
                prompt=prompts[lang].get(seat.index, {}).get("prompt", p.prompt), deadline=p.deadline,
            ) | {"sealed": p.sealed},  # fmt: skip
            game_locked=True,  # written by the step that opens the decision, the game row locked
            batch=written,
        )
    # whether a mail waits for a player at the table is decided after the commit, for all at once
    deliveries_on_commit(written)


def reminder_write(*, game, pending, which: str = "reminder", policy: str = "") -> None:
    """A reminder (``which`` = "reminder") or the last call ("last_call") of an
    open decision, once each: the situation again, the commands, the deadline
    in the player's time zone, and what a timeout (``policy``) will do."""
    engine = engine_get(game.engine)
    seat = pending.seat
    lang = recipient_language(seat.player)
    mine = _prompts(engine, game.state, lang).get(seat.index, {})
    prompt, kind = mine.get("prompt", pending.prompt), mine.get("kind", pending.kind)
    hours = max(0, int((pending.deadline - timezone.now()).total_seconds() // 3600)) if pending.deadline else None
    notification_write(
        kind=Notification.Kind.REMINDER,
        dedupe_key=f"{which}:{pending.pk}",
        user=seat.player,
        game=game,
        seat=seat.index,
        message="reminder",
        data=_asked(game=game, engine=engine, seat=seat.index, lang=lang, kind=kind, prompt=prompt,
                    deadline=pending.deadline) | {"which": which, "hours": hours, "policy": policy},
    )


def resolution_write(*, game, version: int, moves: list, before: dict | None = None) -> None:
    """Each player learns of the others' sealed answers only what the engine's
    events of that step tell that seat (a bid's amount, never a face-down
    card), and sees the commitments; the salts that let anyone check them
    come with the game's record once the game is finished.

    The events are stored as the engine wrote them and written in the
    reader's language at delivery; the seat's own answer is named in the
    game's words of its player's language from ``before`` (the state in which
    it was legal, so the engine's labels for it still exist)."""
    engine = engine_get(game.engine)
    events = [e for m in moves for e in m.events]
    commitments = [{"seat": m.seat + 1, "commitment": m.secret.commitment} for m in moves if m.sealed]
    for seat in seats_by_index(game=game).values():
        if seat.player_id is None:
            continue
        own = next((m for m in moves if m.seat == seat.index and m.sealed), None)
        own_words = _own_words(engine, before, seat.index, own.action, recipient_language(seat.player)) if own is not None else None
        notification_write(
            kind=Notification.Kind.RESOLUTION,
            dedupe_key=f"resolved:{game.pk}:{version}:{seat.index}",
            user=seat.player,
            game=game,
            seat=seat.index,
            message="resolution",
            data={
                "tag": game_tag(game.pk, game.engine),
                "version": version,
                "told": [_told(e) for e in events if e.get("text") and (e["to"] == "all" or seat.index in e["to"])],
                "own": own_words,
                "commitments": commitments,
                "formula": MOVE_COMMITMENT_FORMULA,
                "situation": situation_of(game=game, seat=seat.index, engine=engine),
            },
            game_locked=True,
        )


def _told(event: dict) -> dict:
    """An event as a resolution mail stores it: its English text and the engine's
    message (key and args) it is written from in another language; nothing else of its data."""
    msg = (event.get("data") or {}).get("msg")
    return {"text": event["text"], "data": {"msg": msg} if msg else {}}


def _own_words(engine, before: dict | None, seat: int, action: dict, lang: str) -> str:
    """A seat's own sealed answer in the game's words of ``lang`` (the labels of
    the engine's choices where it was legal); the command otherwise."""
    if before is not None and hasattr(engine, "choices"):
        return action_words(action, engine.choices(before, seat, lang=lang), engine.actions(before, seat, lang=lang), lang)
    try:
        return engine.command(before, seat, action, lang=lang) if before is not None else canonical(action)
    except Exception:  # noqa: BLE001 - only the wording of the mail is at stake
        return canonical(action)


def game_over_write(*, game) -> None:
    """The final standings to every player (ranks and scores of the outcome)."""
    engine = engine_get(game.engine)
    outcome = game.outcome or {}
    seats = list(seats_by_index(game=game).values())
    ranks, scores = outcome.get("ranks", []), outcome.get("scores", [])
    standings = [
        {
            "rank": ranks[s.index] if s.index < len(ranks) else "?",
            "name": s.name,
            "score": scores[s.index] if s.index < len(scores) else "?",
        }
        for s in sorted(seats, key=lambda s: (ranks[s.index] if s.index < len(ranks) else 99, s.index))
    ]
    for seat in seats:
        if seat.player_id:
            notification_write(
                kind=Notification.Kind.GAME_OVER,
                dedupe_key=f"over:{game.pk}:{seat.index}",
                user=seat.player,
                game=game,
                seat=seat.index,
                message="game_over",
                data={
                    "tag": game_tag(game.pk, game.engine),
                    "standings": standings,
                    "situation": situation_of(game=game, seat=seat.index, engine=engine),
                },
                game_locked=True,
            )


# --- what delivery renders -----------------------------------------------------------


def notification_render(row: Notification):
    """The mail of an outbox row, from what its step stored and what is read
    now, bounded by the row: the digest of the events the seat may see since
    it last acted, up to the row's version; the table talk since the seat's
    previous mail, up to this row; the reader's time zone and language; the
    links of the footer. Runs in the deliver task (registered into
    notifications.outbox by pbem's AppConfig). A row that names its language
    (an answer to a mail: the sender's, in which the mail was read, and its
    texts of the game were written) is rendered in it."""
    data = dict(row.data or {})
    user = row.recipient
    language = data.get("language") or recipient_language(user)
    if user is not None:
        data["zone"] = profile_of(user=user).timezone
    with translation.override(language):  # what is written here is the reader's too
        _written_for_reader(row, data, user)
    links = mail_links.mail_links(user=user, game_id=row.game_id)
    return mail_render(message=row.message, data=data, language=language, links=links)


def _written_for_reader(row: Notification, data: dict, user) -> None:
    """The parts of a mail read or written at delivery, in the active language."""
    seen = data.get("situation") or {}
    names, slug = seen.get("names"), seen.get("engine")
    if row.message == "resolution" and data.get("told"):
        engine = engine_list().get(slug) if slug else None
        # rows written before the events were stored whole hold their English texts
        data["told"] = [
            seat_names_in(event_text(engine, e) if isinstance(e, dict) and engine is not None else (e["text"] if isinstance(e, dict) else e),
                          names, slug)
            for e in data["told"]
        ]
    if row.message == "resolution" and data.get("own"):
        data["own"] = seat_names_in(data["own"], names, slug)
    if row.game_id is not None and row.seat is not None and user is not None:
        if row.message in ("your_move", "reminder"):
            talk = table_talk_for_mail(game_id=row.game_id, seat_index=row.seat, player_id=user.pk, until=row)
            data["talk"], data["talk_full"] = talk, len(talk) == TALK_MAX_MESSAGES
        if row.message == "your_move" and row.version is not None:
            names = (data.get("situation") or {}).get("names")  # the seats' names as the step read them
            # players by name, not "seat 2" (engines.names), as the page does
            data["digest"] = [
                seat_names_in(line, names, slug)
                for line in digest_since_last_acted(game_id=row.game_id, seat=row.seat, before_version=row.version, engine=slug)
            ]
