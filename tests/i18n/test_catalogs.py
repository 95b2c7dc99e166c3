"""Every catalog is complete: every msgid of the English sources has a
translation in every language, none empty, none fuzzy, the placeholders the
same; and the catalogs are current (no msgid in the sources missing from
them: run `manage.py makemessages` when this fails, then translate)."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from django.conf import settings

from pbem.management.commands.catalogs_compile import catalog_files

LANGUAGES = [code for code, _ in settings.LANGUAGES if code != settings.LANGUAGE_CODE]
PLACEHOLDER = re.compile(r"%\(\w+\)[sdr]|\{\w*\}")


def _catalog(code: str):
    path = Path(settings.LOCALE_PATHS[0]) / code / "LC_MESSAGES" / "django.po"
    with path.open("rb") as f:
        return read_po(f, locale=code)


def test_every_language_has_a_catalog():
    assert {p.parent.parent.name for p in catalog_files()} == set(LANGUAGES)


@pytest.mark.parametrize("code", LANGUAGES)
def test_catalog_complete_not_fuzzy_placeholders_kept(code):
    catalog = _catalog(code)
    assert not catalog.fuzzy, f"{code}: the catalog's header is marked fuzzy"
    problems = []
    for m in catalog:
        if not m.id:
            continue
        ids = m.id if isinstance(m.id, tuple) else (m.id,)
        strings = m.string if isinstance(m.string, tuple) else (m.string,)
        if m.fuzzy:
            problems.append(f"fuzzy: {ids[0]!r}")
        if not all(s and s.strip() for s in strings):
            problems.append(f"empty: {ids[0]!r}")
            continue
        wanted = sorted(set(PLACEHOLDER.findall(ids[-1])))
        for s in strings:
            if sorted(set(PLACEHOLDER.findall(s))) != wanted and not (len(ids) > 1 and "%(count)" not in s):
                problems.append(f"placeholders differ: {ids[0]!r} -> {s!r}")
    assert not problems, f"{code}:\n" + "\n".join(problems)


def test_catalogs_hold_every_marked_string(tmp_path):
    """makemessages over the sources finds nothing the committed catalogs lack
    (xgettext comes with scripts/ensure-tools, as make test runs it). It runs
    in a directory of links to the sources, so it writes its catalog there and
    never into the committed ones."""
    assert shutil.which("xgettext"), "GNU gettext's xgettext is missing: run scripts/ensure-tools"
    root = Path(settings.BASE_DIR)
    for name in ("config", "pbem", "notifications"):
        (tmp_path / name).symlink_to(root / name)
    (tmp_path / "locale" / "de" / "LC_MESSAGES").mkdir(parents=True)
    subprocess.run(
        [sys.executable, str(root / "manage.py"), "makemessages", "-l", "de", "--symlinks", "--no-location"],
        cwd=tmp_path, check=True, capture_output=True,
        env={**os.environ, "PBEM_LOCALE_DIR": str(tmp_path / "locale"), "PYTHONPATH": str(root)},
    )
    with (tmp_path / "locale" / "de" / "LC_MESSAGES" / "django.po").open("rb") as f:
        fresh = read_po(f)
    committed = {(m.context, m.id) for m in _catalog("de") if m.id}
    missing = [m.id for m in fresh if m.id and (m.context, m.id) not in committed]
    assert not missing, "marked for translation but not in the catalogs (run make messages):\n" + "\n".join(map(repr, missing))


