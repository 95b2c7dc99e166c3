"""The win-rate command: every game is played to its end and counted once."""

from engines.staufer import ENGINE
from engines.staufer.botmatch import main, match


def test_match_counts_every_game_for_both_opponents(capsys):
    for opponent in ("random", "default"):
        r = match(ENGINE, games=3, players=2, opponent=opponent)
        assert r["games"] == 3 and 0 <= r["shared"] <= r["wins"] <= 3
        assert r["win_rate"] == r["wins"] / 3
    assert main(["--games", "2", "--players", "3", "--opponent", "random"]) == 0
    assert "staufer: bot against 2 random player(s), 2 games: won" in capsys.readouterr().out
