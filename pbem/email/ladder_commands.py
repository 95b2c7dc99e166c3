"""The ladder commands of play by mail: ``seek <ladder>``, ``accept [n]``,
``decline [n]`` (a challenge). pbem.email.commands hands a line here;
what it gives is a part of the answer (pbem.email.answers.part, its text a
template of pbem.messages), or None when the line is none of these.

In a game's thread ``accept`` and ``decline`` stay the game's own words (a
Fugger offer is accepted, a Citadels district declined): there only
``accept challenge [n]`` and ``decline challenge [n]`` mean a challenge.
"""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy

from pbem.email.answers import part
from pbem.errors import InvalidRequest
from pbem.ladders import selectors, services

# The ladder commands as (what to write, what it does): the one list that
# notifications' `help` answer and docs/ladders.md show, and whose first words
# the mail channel hands here, so help and parser cannot drift.
COMMANDS: list[tuple[str, str]] = [
    ("seek <ladder>", "seek a game on that ladder (joining it first); the ladders are listed at /ladders/"),
    ("accept [n]", "accept challenge n (no number: the only challenge waiting for you)"),
    ("decline [n]", "decline challenge n (no number: the only challenge waiting for you)"),
    ("accept challenge [n] / decline challenge [n]", "the same from a game's thread, where accept and decline are the game's words"),
]
# The help's rows in the reader's language (each usage in the words pbem.command_words reads).
USAGE = (
    (pgettext_lazy("mail command usage", "seek <ladder>"),
     gettext_lazy("seek a game on that ladder (joining it first); the ladders are listed at /ladders/")),
    (pgettext_lazy("mail command usage", "accept [n]"),
     gettext_lazy("accept challenge n (no number: the only challenge waiting for you)")),
    (pgettext_lazy("mail command usage", "decline [n]"),
     gettext_lazy("decline challenge n (no number: the only challenge waiting for you)")),
    (pgettext_lazy("mail command usage", "accept challenge [n] / decline challenge [n]"),
     gettext_lazy("the same from a game's thread, where accept and decline are the game's words")),
)
WORDS = frozenset(written.split()[0] for written, _x in COMMANDS)


def command(*, user, line: str, in_game: bool) -> dict | None:
    words = line.split()
    word = words[0].lower().rstrip(":.,!")
    rest = words[1:]
    if word == "seek":
        if len(rest) != 1:
            raise InvalidRequest(
                _("Write `seek` and the ladder's name, e.g. `seek augsburg-4p`; the ladders are listed at /ladders/.")
            )
        ladder = selectors.ladder_by_slug(slug=rest[0])
        services.seek_create(ladder=ladder, user=user)
        return part("seeking", name=ladder.name)
    if word not in ("accept", "decline"):
        return None
    if rest[:1] and rest[0].lower() == "challenge":
        rest = rest[1:]
    elif in_game:
        return None
    if len(rest) > 1 or (rest and not rest[0].isdigit()):
        raise InvalidRequest(
            (_("Write `accept` and the challenge's number from its mail, e.g. `accept 12`.") if word == "accept"
             else _("Write `decline` and the challenge's number from its mail, e.g. `decline 12`."))
        )
    challenge = services.challenge_respond(challenge_id=int(rest[0]) if rest else None, user=user, accept=word == "accept")
    if word == "decline":
        return part("challenge_declined", number=challenge.pk)
    return part("challenge_accepted", number=challenge.pk, game_id=challenge.game_id)
