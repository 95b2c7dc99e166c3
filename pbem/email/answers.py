"""The answer to a received mail, and whom it may go to.

An answer goes only to the player (or invited address) a reply address was
made for, when that is who wrote: an answer to anything else would go to a
forgeable From (backscatter). It is written to the outbox like every mail.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from django.utils import translation
from django.utils.translation import gettext as _

from notifications import addresses, outbox
from notifications.models import InboundMessage, Notification, ReplyAddress
from pbem.email import parsing as mail
from pbem.services.mails import situation_of
from pbem.selectors import language_of


@dataclass
class Answer:
    status: str
    outcome: str
    inbound: InboundMessage | None = None
    text: str | None = None  # None: no answer is sent
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
            text=_failure_text(found[0]),
        )

    def send(self) -> None:
        if self.text is None or not (self.to_email or (self.user is not None and self.user.email)):
            return
        msg_id = None
        if self.inbound is not None:
            key = self.inbound.key
            msg_id = key[4:] if key.startswith("mid:") else None
        data = {"subject": self.subject, "text": self.text}
        if self.game is not None:
            # The answer shows the situation now: a reply to it answers this version.
            self.game.refresh_from_db(fields=["version", "state"])
            data["situation"] = situation_of(game=self.game, seat=self.seat, written=True, lang=language_of(user=self.user))
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


def _failure_text(address: ReplyAddress) -> str:
    with translation.override(language_of(user=address.user) if address.user_id else None):
        return (
            _("Something went wrong on our side while reading your mail, and nothing of it was run.") + "\n"
            + _("Please send your commands again in a while; if it keeps happening, tell the site's admin.")
        )


def _re(msg) -> str:
    subject = re.sub(r"\s+", " ", mail._header(msg, "Subject")).strip()[:200]
    if not subject:
        return _("Re: your mail to pbem")
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

    def answer(self, status: str, outcome: str, text: str) -> Answer:
        return Answer(
            status=status,
            outcome=outcome,
            inbound=self.row,
            text=text,
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
