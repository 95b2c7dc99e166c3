"""Make a VAPID key pair for Web Push.

    manage.py vapid_keys                     prints PBEM_VAPID_PRIVATE_KEY=... and PBEM_VAPID_PUBLIC_KEY=...
    manage.py vapid_keys --file var/vapid.json   writes them there (read by the settings) unless it exists

Replacing the pair unsubscribes every browser in effect (their subscriptions
are bound to the public key), so --file never overwrites.
"""

import json
import os
from pathlib import Path

from django.core.management.base import BaseCommand

from notifications.push import vapid_keys_make


class Command(BaseCommand):
    help = "Make a VAPID key pair for Web Push (printed, or written to a file if it does not exist)."

    def add_arguments(self, parser):
        parser.add_argument("--file", help="write the pair as JSON here unless the file exists")

    def handle(self, *args, file=None, **options):
        if file and Path(file).exists():
            self.stdout.write(f"{file} exists: kept")
            return
        keys = vapid_keys_make()
        if not file:
            self.stdout.write(f"PBEM_VAPID_PRIVATE_KEY={keys['private_key']}\nPBEM_VAPID_PUBLIC_KEY={keys['public_key']}")
            return
        Path(file).parent.mkdir(parents=True, exist_ok=True)
        # the private key is readable by its owner only
        fd = os.open(file, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "w") as out:
            json.dump(keys, out)
        self.stdout.write(f"VAPID key pair written to {file}")
