"""What the answer to a mail says about the lines it did not run.

A line no command reads is one of two things. A sentence, a greeting in a
language we do not list, a name: it is not a command at all, so it is
skipped, said so in the answer, and the commands around it run. Or a
command that went wrong ("bdi 3", "bid three"): then, as with a refused
move, nothing after it runs, so a later move is never played as if the
earlier one had succeeded."""

from __future__ import annotations

import re

# A line that ends like a sentence, a greeting or an introduction of something.
_SENTENCE_END = re.compile(r"[,.!?:;…。，！？：、)\]»“”\"']\s*$")
_LATIN = re.compile(r"[A-Za-z]")


def not_a_command(line: str, command_words: set[str]) -> str | None:
    """Why a line no command reads is no command at all, or None when it looks
    like a command that went wrong. The reason is a key the answer's template
    (``messages/answer/why.txt``) says in the reader's words: empty, letters,
    sentence_or_greeting, sentence, name."""
    words = line.split()
    if not words:
        return "empty"
    first = words[0].lower().strip(":.,;!?()[]\"'")
    if first in command_words:
        return None  # a command's own word: a command that went wrong
    if not _LATIN.search(line):
        return "letters"
    if _SENTENCE_END.search(line):
        return "sentence_or_greeting"
    if len(words) >= 6:
        return "sentence"
    if not any(c.isdigit() for c in line) and all(w[:1].isupper() for w in words if w[:1].isalpha()):
        return "name"
    return None
