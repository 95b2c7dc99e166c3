import logging

from django.apps import AppConfig
from django.conf import settings
from django.core.exceptions import ImproperlyConfigured

log = logging.getLogger(__name__)


def webhooks_unauthenticated(settings) -> list[str]:
    """The enabled ESP inbound webhooks that would take mail from anyone:
    Mailgun without its signing key, the others without the basic-auth
    secret (anymail accepts every post when it is unset)."""
    anymail = settings.ANYMAIL or {}
    open_ = []
    for esp in settings.PBEM_INBOUND_WEBHOOKS:
        key = "MAILGUN_WEBHOOK_SIGNING_KEY" if esp == "mailgun" else "WEBHOOK_SECRET"
        if not anymail.get(key):
            open_.append(esp)
    return open_


class EmailConfig(AppConfig):
    """The inbound email channel. Its one table, InboundMessage, stays in the
    notifications app (README, "Layout"): moving it would change nothing but
    the table's app label."""

    name = "pbem.email"
    label = "email"
    verbose_name = "inbound email"

    def ready(self):
        from pbem.email import receivers  # noqa: F401 - connects the anymail inbound signal

        open_ = webhooks_unauthenticated(settings)
        if open_ and not settings.DEBUG:
            # A forged post would play moves for anyone: refuse to start at all.
            raise ImproperlyConfigured(
                f"The inbound webhook(s) {', '.join(open_)} are enabled (PBEM_INBOUND_WEBHOOKS) without "
                "authentication: set ANYMAIL_WEBHOOK_SECRET (and MAILGUN_WEBHOOK_SIGNING_KEY for Mailgun), "
                "or leave them out of PBEM_INBOUND_WEBHOOKS. See docs/email.md."
            )
        if open_:
            log.warning("inbound webhook(s) %s take mail without authentication (development only)", ", ".join(open_))
