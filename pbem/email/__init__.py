"""The inbound email channel: ESP webhooks and the SMTP server store each
received mail raw (services.inbound_store); a task reads it once (gate.py:
who wrote, to which reply address, whether it is answered at all), runs its
command lines through the game services (commands.py) and answers it through
the outbox. Beside pbem.api and pbem.web, it calls services and selectors only.
"""
