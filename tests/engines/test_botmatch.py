"""The one botmatch runner every engine's botmatch.py configures."""

from engines import botmatch
from engines.augsburg1520 import botmatch as augsburg
from engines.citadels import botmatch as citadels
from engines.fugger import botmatch as fugger
from engines.staufer import botmatch as staufer


def test_every_engine_runs_the_shared_runner():
    for module in (augsburg, citadels, fugger, staufer):
        assert module.botmatch is botmatch


def test_the_runner_names_its_engine_on_the_command_line(capsys):
    assert botmatch.main(["staufer", "--games", "1", "--players", "2", "--opponent", "default"]) == 0
    assert capsys.readouterr().out.startswith("staufer: bot against 1 default player(s), 1 games: won ")
