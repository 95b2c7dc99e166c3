"""The built-in SMTP server (aiosmtpd) for self-hosting and development.

It accepts mail for reply addresses of PBEM_MAIL_DOMAIN only, refusing an
unknown token at RCPT time, stores each accepted message raw and queues its
processing, exactly like the ESP webhooks do.

    python manage.py smtp_inbound --host 0.0.0.0 --port 2525
"""

from __future__ import annotations

import asyncio
import logging
import re
import signal

from aiosmtpd.smtp import SMTP
from asgiref.sync import sync_to_async
from django.conf import settings
from django.core.management.base import BaseCommand
from django.db import close_old_connections

from notifications import services as outbound
from pbem.email import services

log = logging.getLogger("notifications.smtp")

_TOKEN = re.compile(r"[0-9a-f]{16,64}(?=@)", re.IGNORECASE)


class RedactTokens(logging.Filter):
    """A reply token is the key to a seat: aiosmtpd logs every command
    (``rcpt TO:<token@...>``) at INFO, so tokens are masked in every record
    of its logger before any handler sees them."""

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        masked = _TOKEN.sub("[token]", message)
        if masked != message:
            record.msg, record.args = masked, ()
        return True


def _redact_library_logs() -> None:
    for name in ("mail.log", "mail.debug"):
        library = logging.getLogger(name)
        if not any(isinstance(f, RedactTokens) for f in library.filters):
            library.addFilter(RedactTokens())


def _known(address: str) -> bool:
    close_old_connections()
    return outbound.reply_address_known(address=address)


def _store(raw: bytes, mail_from: str, rcpt_tos: list[str]) -> None:
    close_old_connections()
    services.inbound_store(raw=raw, source="smtp", envelope_sender=mail_from, envelope_recipients=rcpt_tos)


class InboundHandler:
    async def handle_RCPT(self, server, session, envelope, address, rcpt_options):
        try:
            known = await sync_to_async(_known, thread_sensitive=True)(address)
        except Exception:  # noqa: BLE001 - the database is away: ask the sender to try later
            log.exception("RCPT check failed")
            return "451 4.3.0 Temporary failure, please try again later"
        if not known:
            return "550 5.1.1 No such reply address here"
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server, session, envelope):
        raw = envelope.original_content or envelope.content
        if isinstance(raw, str):
            raw = raw.encode("utf-8", "surrogateescape")
        try:
            await sync_to_async(_store, thread_sensitive=True)(raw, envelope.mail_from or "", list(envelope.rcpt_tos))
        except Exception:  # noqa: BLE001 - not stored: the sender keeps it and tries again
            log.exception("storing an inbound mail failed")
            return "451 4.3.0 Temporary failure, please try again later"
        return "250 Message accepted"


class Command(BaseCommand):
    help = "Run the SMTP server that takes replies for PBEM_MAIL_DOMAIN."

    def add_arguments(self, parser):
        parser.add_argument("--host", default=settings.PBEM_SMTP_HOST)
        parser.add_argument("--port", type=int, default=settings.PBEM_SMTP_PORT)

    def handle(self, *args, host, port, **options):
        _redact_library_logs()
        asyncio.run(self._serve(host, port))

    async def _serve(self, host: str, port: int) -> None:
        loop = asyncio.get_running_loop()
        server = await loop.create_server(
            lambda: SMTP(
                InboundHandler(),
                hostname=settings.PBEM_MAIL_DOMAIN,
                data_size_limit=settings.PBEM_INBOUND_MAX_BYTES,
                enable_SMTPUTF8=True,
                decode_data=False,
                ident="pbem inbound",
            ),
            host=host,
            port=port,
        )
        stop = asyncio.Event()
        for sig in (signal.SIGINT, signal.SIGTERM):
            loop.add_signal_handler(sig, stop.set)
        self.stdout.write(f"pbem SMTP inbound listening on {host}:{port} for @{settings.PBEM_MAIL_DOMAIN}", ending="\n")
        self.stdout.flush()
        async with server:
            await stop.wait()
