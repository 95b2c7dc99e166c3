"""What goes over the wire between processes: ``<game id>:<lobby 0|1>``."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Notice:
    game_id: int
    lobby: bool  # a game was created, started or ended, or a seat taken or left: the lobby's list may differ

    def encode(self) -> bytes:
        return f"{self.game_id}:{int(self.lobby)}".encode()

    @classmethod
    def decode(cls, data: bytes | str) -> Notice | None:
        """None for anything malformed (the socket is local, but nothing read from it is trusted)."""
        if isinstance(data, bytes):
            data = data.decode("ascii", "replace")
        game, _, lobby = data.partition(":")
        if not game.isdigit() or lobby not in ("0", "1"):
            return None
        return cls(game_id=int(game), lobby=lobby == "1")
