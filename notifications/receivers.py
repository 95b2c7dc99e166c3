"""ESP inbound webhooks (django-anymail, which checks the signatures): the
received mail is stored raw and processed by a task, like the SMTP server's."""

from __future__ import annotations

from anymail.signals import inbound
from django.dispatch import receiver

from notifications import services


@receiver(inbound, dispatch_uid="notifications.inbound_store")
def store_inbound_mail(sender, event, esp_name, **kwargs):
    message = event.message
    if message is None:
        return
    recipients = [message.envelope_recipient] if getattr(message, "envelope_recipient", None) else []
    services.inbound_store(
        raw=message.as_bytes(),
        source=esp_name.lower().replace(" ", "_"),
        envelope_sender=getattr(message, "envelope_sender", None),
        envelope_recipients=recipients,
        stripped_text=getattr(message, "stripped_text", None),
    )
