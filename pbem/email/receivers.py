"""ESP inbound webhooks (django-anymail, which checks the signatures): the
received mail is stored raw and processed by a task, like the SMTP server's."""

from __future__ import annotations

import logging

from anymail.signals import inbound
from django.conf import settings
from django.dispatch import receiver

from pbem.email import services
from pbem.email.webhook_urls import webhook_seen

log = logging.getLogger(__name__)


@receiver(inbound, dispatch_uid="notifications.inbound_store")
def store_inbound_mail(sender, event, esp_name, **kwargs):
    message = event.message
    if message is None:
        return
    esp = esp_name.lower().replace(" ", "_")
    if esp not in settings.PBEM_INBOUND_WEBHOOKS:
        log.warning("a post to the %s inbound webhook, which is not enabled (PBEM_INBOUND_WEBHOOKS): not stored", esp)
        return
    recipients = [message.envelope_recipient] if getattr(message, "envelope_recipient", None) else []
    raw = message.as_bytes()
    seen = webhook_seen.get()
    if len(raw) > settings.PBEM_INBOUND_MAX_BYTES:
        # the SMTP server's limit for every door (its gate answers 413)
        log.warning("a %s-byte mail from the %s inbound webhook, over PBEM_INBOUND_MAX_BYTES: not stored", len(raw), esp)
        if seen is not None:
            seen["too_large"] = True
        return
    if seen is not None:
        seen["stored"] = True
    services.inbound_store(
        raw=raw,
        source=esp,
        envelope_sender=getattr(message, "envelope_sender", None),
        envelope_recipients=recipients,
        stripped_text=getattr(message, "stripped_text", None),
    )
