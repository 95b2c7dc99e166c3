"""Players by name in the engines' texts.

The engines write a seat as its number ("P2" in Augsburg 1520 and Staufer,
"Player 2" in Fugger, "seat 2" in Citadels, "Spieler 2" / "Giocatore 2" /
"Joueur 2" in the labels of the forms in German, Italian, French): they know no names. Pages and
mails show the names instead, with this one function (pure Python, so the
pages, the messages and the mails all use it)."""

from __future__ import annotations

import re

# "Player 2" and its translations ("Spieler 2", "Giocatore 2", "Joueur 2": the
# engines' ``player_long``, which the forms' labels use)
_SEAT = re.compile(r"\b(?:P|[Pp]layer |[Ss]eat |[Ss]pieler |[Gg]iocatore |[Jj]oueur )([1-9])\b")


def seat_names_in(text: str, names: list[str] | None) -> str:
    """``text`` with each seat written by number replaced by its player's name
    (``names[seat]``); a number with no name stays as it is."""
    if not names or not text:
        return text

    def name(m: re.Match) -> str:
        i = int(m.group(1)) - 1
        return names[i] if 0 <= i < len(names) and names[i] else m.group(0)

    return _SEAT.sub(name, text)
