"""Every engine's data module marks what it holds: rulebook (with the
section), source (gamedata) or assumed (with the reason)."""

import pytest

from engines import registry
from engines.datasheet import datasheet, main


@pytest.mark.parametrize("slug", sorted(registry.ENGINES))
def test_every_engine_marks_its_data(slug):
    marks = datasheet(slug)
    assert len(marks) >= 20
    for name, mark in marks:
        assert mark.basis in ("rulebook", "source", "assumed")
        assert name and len(mark.ref.strip()) >= 3, (name, mark)


def test_datasheet_lists_the_assumptions(capsys):
    assert main(["augsburg1520", "--assumed"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines and all(line.startswith("assumed") for line in lines)
