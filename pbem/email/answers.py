"""The answer to a received mail, and whom it may go to.

An answer goes only to the player (or invited address) a reply address was
made for, when that is who wrote: an answer to anything else would go to a
forgeable From (backscatter). It is written to the outbox like every mail,
as data: its parts (``part``: a template of pbem.messages'
``messages/answer/`` and what it shows), rendered at delivery in the
language the mail was read in.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from django.conf import settings

from notifications import addresses, outbox
from notifications.models import InboundMessage, Notification, ReplyAddress
from pbem.email import parsing as mail
from pbem.services.mails import situation_of
from pbem.selectors import language_of, reader_language


def part(template: str, **data) -> dict:
    """A piece of an answer: the template ``messages/answer/<template>.txt``
    and the plain data it shows (texts the game or a service wrote already in
    the reader's language; nested parts for what a command gave)."""
    return {"t": template, **data}


@dataclass
class Answer:
    status: str
    outcome: str
    inbound: InboundMessage | None = None
    parts: list[dict] | None = None  # None: no answer is sent
    language: str = settings.LANGUAGE_CODE  # the sender's, in which the mail was read
    user: object = None
    to_email: str = ""
    game: object = None
    seat: int | None = None
    reply_to: ReplyAddress | None = None
    subject: str = ""

    @classmethod
    def drop(cls, why: str) -> "Answer":
        return cls(status=InboundMessage.Status.DROPPED, outcome=why)

    @classmethod
    def failure(cls, row: InboundMessage) -> "Answer":
        msg = mail.message_from_bytes(bytes(row.raw))
        found = _addressed(row, msg)
        if found is None or mail.automatic_reason(msg, None):
            return cls.drop("failed, and not answered")
        return cls(
            status=InboundMessage.Status.REFUSED,
            outcome="failed",
            inbound=row,
            to_email=found[1],
            subject=_re(msg),
            parts=[part("failure")],
            language=language_of(user=found[0].user) if found[0].user_id else settings.LANGUAGE_CODE,
        )

    def send(self) -> None:
        if self.parts is None or not (self.to_email or (self.user is not None and self.user.email)):
            return
        msg_id = None
        if self.inbound is not None:
            key = self.inbound.key
            msg_id = key[4:] if key.startswith("mid:") else None
        data = {"subject": self.subject, "parts": self.parts, "language": self.language}
        if self.game is not None:
            # The answer shows the situation now: a reply to it answers this version.
            self.game.refresh_from_db(fields=["version", "state"])
            data["situation"] = situation_of(game=self.game, seat=self.seat, written=True, lang=self.language)
        outbox.notification_write(
            kind=Notification.Kind.REPLY,
            dedupe_key=f"reply:{self.inbound.pk}",
            user=self.user,
            to_email=self.to_email or None,
            game=self.game,
            seat=self.seat,
            reply_to=self.reply_to,
            message="answer",
            data=data,
            in_reply_to=msg_id,
        )


def _re(msg) -> str:
    """The answer's subject: ``Re:`` the mail's ("" when it had none: the
    answer's template says "Re: your mail to pbem")."""
    subject = re.sub(r"\s+", " ", mail._header(msg, "Subject")).strip()[:200]
    if not subject:
        return ""
    return subject if subject.lower().startswith(("re:", "aw:")) else f"Re: {subject}"


@dataclass
class Context:
    row: InboundMessage
    msg: object
    sender: str
    address: ReplyAddress
    user: object = None
    game: object = None
    seat: int | None = None
    done: list[str] = field(default_factory=list)

    def answer(self, status: str, outcome: str, *parts: dict) -> Answer:
        return Answer(
            status=status,
            outcome=outcome,
            inbound=self.row,
            parts=list(parts),
            language=reader_language(),
            user=self.user,
            to_email=self.sender if self.user is None else "",
            game=self.game,
            seat=self.seat,
            reply_to=self.address if self.user is None or self.address.user_id == getattr(self.user, "pk", None) else None,
            subject=_re(self.msg),
        )


def _addressed(row: InboundMessage, msg) -> tuple[ReplyAddress, str] | None:
    """The reply address this mail was sent to and its sender, when the
    sender is the player (or invited address) the address was made for;
    None otherwise. Only such a mail is ever answered: an answer to anything
    else would go to a forgeable From (backscatter)."""
    sender = mail.sender_address(msg)
    if not sender or "@" not in sender:
        return None
    for candidate in mail.recipient_candidates(msg, row.envelope_recipients or []):
        token = addresses.token_of(candidate)
        if not token:
            continue
        address = ReplyAddress.objects.select_related("user", "game", "invitation").filter(token=token).first()
        if address is None:
            continue
        expected = address.invitation.email if address.invitation_id else (address.user.email if address.user_id else "")
        if sender == (expected or "").lower():
            return address, sender
    return None
