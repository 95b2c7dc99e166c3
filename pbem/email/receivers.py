"""ESP inbound webhooks (django-anymail, which checks the signatures): the
received mail is stored raw and processed by a task, like the SMTP server's."""

from __future__ import annotations

import logging

from anymail.signals import inbound
from django.conf import settings
from django.dispatch import receiver

from pbem.email import services

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
    services.inbound_store(
        raw=message.as_bytes(),
        source=esp,
        envelope_sender=getattr(message, "envelope_sender", None),
        envelope_recipients=recipients,
        stripped_text=getattr(message, "stripped_text", None),
    )
