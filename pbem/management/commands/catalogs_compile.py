"""Compile the translation catalogs (``locale/<code>/LC_MESSAGES/*.po`` ->
``.mo``) with Babel, so ``make install`` needs no GNU gettext (Django's
``compilemessages`` calls ``msgfmt``). The ``.po`` files are committed; the
``.mo`` files are built here and ignored by git (a binary derived from a
text that merges cleanly). Only catalogs newer than their ``.mo`` are
compiled again; fuzzy entries are left out, as msgfmt does."""

from __future__ import annotations

from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from django.conf import settings
from django.core.management.base import BaseCommand


def catalog_files() -> list[Path]:
    return sorted(p for root in settings.LOCALE_PATHS for p in Path(root).glob("*/LC_MESSAGES/*.po"))


class Command(BaseCommand):
    help = "Compile the translation catalogs (.po -> .mo) with Babel."

    def add_arguments(self, parser):
        parser.add_argument("--force", action="store_true", help="compile every catalog, also those not changed")

    def handle(self, *args, force: bool = False, **options):
        compiled = 0
        for po in catalog_files():
            mo = po.with_suffix(".mo")
            if not force and mo.exists() and mo.stat().st_mtime >= po.stat().st_mtime:
                continue
            with po.open("rb") as f:
                catalog = read_po(f, locale=po.parent.parent.name)
            tmp = mo.with_suffix(".mo.tmp")
            with tmp.open("wb") as f:
                write_mo(f, catalog, use_fuzzy=False)
            tmp.replace(mo)  # a running server never reads half a file
            compiled += 1
        if options.get("verbosity", 1) > 0:
            self.stdout.write(f"{compiled} of {len(catalog_files())} translation catalogs compiled")
