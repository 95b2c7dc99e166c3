"""Writing notifications: called by the game services inside their
transaction, so a notification exists exactly when the change that caused it
was committed. Each row has a dedupe key, so running the same step twice
writes nothing new; sending happens after commit, one task per row.
"""

from __future__ import annotations

from django.db import transaction

from notifications.models import Notification


def _deliver_on_commit(notification_id: int) -> None:
    from notifications.tasks import deliver

    transaction.on_commit(lambda: deliver.delay(notification_id))


def notification_write(*, kind: str, dedupe_key: str, user, game=None, seat=None, subject: str, body_text: str) -> Notification | None:
    """Write one outbox row (once per dedupe key) for a user with an email
    address; returns None when there is nobody to write to or it exists."""
    if user is None or not user.email:
        return None
    row, created = Notification.objects.get_or_create(
        dedupe_key=dedupe_key,
        defaults={
            "kind": kind,
            "recipient": user,
            "to_email": user.email,
            "game": game,
            "seat": seat,
            "subject": subject[:250],
            "body_text": body_text,
        },
    )
    if created:
        _deliver_on_commit(row.pk)
        return row
    return None


def _subject(game, what: str) -> str:
    return f"[pbem #{game.pk} {game.engine}] {what}"


def _commands(engine, state, seat: int) -> str:
    specs = engine.actions(state, seat)
    if not specs:
        return ""
    lines = ["You can answer with one command per line:"]
    lines += [f"  {s['example']:<32} {s['label']}" for s in specs]
    return "\n".join(lines)


def your_move(*, game, pending: list) -> None:
    from pbem.selectors import engine_get

    engine = engine_get(game.engine)
    for p in pending:
        seat = p.seat
        deadline = f"Deadline: {p.deadline:%Y-%m-%d %H:%M} UTC\n" if p.deadline else ""
        sealed = "This is a sealed decision: nobody sees your answer until everyone has answered.\n" if p.sealed else ""
        body = "\n\n".join(
            part
            for part in (
                f"{p.prompt}\n{sealed}{deadline}".strip(),
                engine.render(game.state, seat.index),
                _commands(engine, game.state, seat.index),
            )
            if part
        )
        notification_write(
            kind=Notification.Kind.YOUR_MOVE,
            dedupe_key=f"your_move:{game.pk}:{game.version}:{seat.index}",
            user=seat.player,
            game=game,
            seat=seat.index,
            subject=_subject(game, f"your move: {p.kind}"),
            body_text=body,
        )


def move_confirmation(*, game, move, pending) -> None:
    if move.source in ("bot", "timeout"):
        return
    seat = pending.seat
    if move.sealed:
        text = (
            f"Your sealed answer to '{pending.kind}' is in. Its commitment is\n  {move.secret.commitment}\n"
            "Nobody sees your answer until everyone has answered; you may replace it until then."
        )
    else:
        text = f"Your move for '{pending.kind}' is in: {move.action.get('type')}."
    notification_write(
        kind=Notification.Kind.CONFIRMATION,
        dedupe_key=f"confirm:{move.pk}",
        user=seat.player,
        game=game,
        seat=seat.index,
        subject=_subject(game, "move received"),
        body_text=text,
    )


def decision_resolved(*, game, version: int, moves: list) -> None:
    lines = [f"The sealed decision at version {version} is resolved. Every answer, with its salt:"]
    for m in moves:
        lines.append(f"  seat {m.seat + 1}: {m.action}  salt {m.secret.salt}  commitment {m.secret.commitment}")
    lines.append("Anyone can check: sha256 of the canonical JSON of {action, game, salt, seat, version}.")
    body = "\n".join(lines)
    for seat in game.seats.select_related("player").filter(player__isnull=False):
        notification_write(
            kind=Notification.Kind.RESOLUTION,
            dedupe_key=f"resolved:{game.pk}:{version}:{seat.index}",
            user=seat.player,
            game=game,
            seat=seat.index,
            subject=_subject(game, "sealed answers revealed"),
            body_text=body,
        )


def game_over(*, game) -> None:
    outcome = game.outcome or {}
    seats = list(game.seats.select_related("player").order_by("index"))
    ranks = outcome.get("ranks", [])
    scores = outcome.get("scores", [])
    table = [
        f"  {ranks[s.index] if s.index < len(ranks) else '?'}. {s.name}: {scores[s.index] if s.index < len(scores) else '?'}"
        for s in sorted(seats, key=lambda s: (ranks[s.index] if s.index < len(ranks) else 99, s.index))
    ]
    body = "The game is over. Final standings:\n" + "\n".join(table)
    for seat in seats:
        if seat.player_id:
            notification_write(
                kind=Notification.Kind.GAME_OVER,
                dedupe_key=f"over:{game.pk}:{seat.index}",
                user=seat.player,
                game=game,
                seat=seat.index,
                subject=_subject(game, "game over"),
                body_text=body,
            )
