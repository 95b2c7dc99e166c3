"""What the answer to a mail says about the lines it did not run.

A line no command reads is one of two things. A sentence, a greeting in a
language we do not list, a name: it is not a command at all, so it is
skipped, said so in the answer, and the commands around it run. Or a
command that went wrong ("bdi 3", "bid three"): then, as with a refused
move, nothing after it runs, so a later move is never played as if the
earlier one had succeeded."""

from __future__ import annotations

import re

from django.utils.translation import gettext as _

# A line that ends like a sentence, a greeting or an introduction of something.
_SENTENCE_END = re.compile(r"[,.!?:;…。，！？：、)\]»“”\"']\s*$")
_LATIN = re.compile(r"[A-Za-z]")


def not_a_command(line: str, command_words: set[str]) -> str | None:
    """Why a line no command reads is no command at all (a reason for the
    answer), or None when it looks like a command that went wrong."""
    words = line.split()
    if not words:
        return _("an empty line")
    first = words[0].lower().strip(":.,;!?()[]\"'")
    if first in command_words:
        return None  # a command's own word: a command that went wrong
    if not _LATIN.search(line):
        return _("no command is written in these letters")
    if _SENTENCE_END.search(line):
        return _("it reads as a sentence or a greeting, not as a command")
    if len(words) >= 6:
        return _("it reads as a sentence, not as a command")
    if not any(c.isdigit() for c in line) and all(w[:1].isupper() for w in words if w[:1].isalpha()):
        return _("it reads as a name")
    return None


KIND_REASONS = {
    "greeting": lambda: _("a greeting"),
    "closing": lambda: _("a closing"),
    "signed": lambda: _("after your closing: a name or a signature"),
}


def skipped_text(skipped: list[tuple[str, str]]) -> str:
    """The answer's list of the lines not read as commands, each with why."""
    if not skipped:
        return ""
    lines = [_("Not read as commands:")]
    lines += [f"  {line!r}: {why}" for line, why in skipped]
    return "\n".join(lines)


def meant_text() -> str:
    return _("If you meant one of these lines as a command, send it again in a reply to this mail; "
             "write `help` for every command.")


def heading(*, everything_run: bool) -> str:
    """"Done:" only when every line the player wrote was run."""
    return _("Done:") if everything_run else _("Run:")
