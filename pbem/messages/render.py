"""Rendering: two template engines of the package's own (plain text without
autoescaping, HTML with it), the paragraph rule and the subject rule."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from django.template import Context, Engine, TemplateDoesNotExist
from django.utils import translation

import boards
from notifications.links import link_days
from notifications.outbox import BOARD_CID
from pbem.languages import game_title
from pbem.messages.tags import paragraphs

TEMPLATES = Path(__file__).resolve().parent / "templates"

# Every message a player can be sent, by name; each has <name>.txt and
# <name>.subject.txt (tests/messages renders every one of them).
MESSAGES = (
    "your_move",
    "reminder",
    "resolution",
    "game_over",
    "timeout_other",
    "timeout_you",
    "resign_other",
    "seat_new",
    "seat_old",
    "invitation",
    "answer",
    "ladder_match",
    "ladder_result",
    "challenge",
    "challenge_decided",
    "round_started",
    "standings",
    "tournament_cancelled",
    "orders_played",
    "move_taken_back",
)

_LIBRARIES = {"i18n": "django.templatetags.i18n", "l10n": "django.templatetags.l10n", "mail": "pbem.messages.tags"}


@lru_cache(maxsize=None)
def _engine(html: bool) -> Engine:
    # Engines of their own: the site's templates (and their overrides) never
    # shadow a mail's, and plain text is never HTML-escaped.
    return Engine(
        dirs=[str(TEMPLATES)],
        app_dirs=False,
        autoescape=html,
        libraries=_LIBRARIES,
        builtins=["pbem.messages.tags"],
        loaders=[("django.template.loaders.cached.Loader", ["django.template.loaders.filesystem.Loader"])],
    )


@dataclass(frozen=True)
class Mail:
    subject: str
    text: str
    html: str
    svg: str  # the board for the inline picture ("" for none)


def _render(name: str, context: dict, *, html: bool = False) -> str:
    return _engine(html).get_template(name).render(_context(context, html=html))


def _context(data: dict, *, html: bool) -> Context:
    # A Context escapes by default whatever its engine says: plain text never is.
    return Context(data, autoescape=html)


def subject_line(*, tag: str | None, what: str) -> str:
    """The one subject rule: ``[pbem <tag>] <what>`` on one line, at most 250
    characters; the tag names the thread (``#12 citadels`` for a game, a
    ladder's or tournament's short name); without a tag, ``what`` alone (an
    answer keeps the ``Re:`` subject of the mail it answers)."""
    what = re.sub(r"\s+", " ", what).strip()
    return (f"[pbem {tag}] {what}" if tag else what)[:250]


def game_tag(game_id: int, engine: str) -> str:
    """A game's thread tag as stored with a mail's row (``#12 citadels``); ``tag_in`` writes it for
    the reader."""
    return f"#{game_id} {engine}"


_GAME_TAG = re.compile(r"#(\d+) ([a-z0-9_]+)")


def tag_in(tag: str | None) -> str | None:
    """A game's thread tag with the game's title as published in the reader's country (the active
    language): ``#12 Ohne Furcht und Adel`` for a German reader of ``#12 citadels``; any other tag
    (a ladder's short name) as it is."""
    found = _GAME_TAG.fullmatch(tag or "")
    title = game_title(found[2]) if found else None
    return f"#{found[1]} {title}" if title else tag


def text_render(template: str, data: dict, *, language: str) -> str:
    """A text of its own (a part of an answer), paragraphs as in a mail."""
    with translation.override(language):
        return paragraphs(_render(f"messages/{template}.txt", {"zone": "UTC"} | data))


def mail_render(*, message: str, data: dict, language: str, links: dict | None = None, footer: bool = True) -> Mail:
    """The mail ``message`` from ``data`` in ``language``: its subject, its
    plain text (with the footer of ``links``), its HTML part and the board.

    ``data["situation"]`` (a game's mails): {engine, seat, text, view, names}
    as the seat saw it when the row was written; the HTML part shows it drawn,
    in the place of the engine's written situation (``text``), and
    ``data["board_image"]`` asks for the board as a picture too."""
    if message not in MESSAGES:
        raise KeyError(f"no message {message!r}")
    with translation.override(language):
        context = {"zone": "UTC"} | data  # moments in UTC for a reader without a time zone
        text = paragraphs(_render(f"messages/{message}.txt", context))
        if footer and links:
            text += "\n\n" + paragraphs(_render("messages/footer.txt", {"links": links, "days": link_days()}))
        text = text.replace("\x00", "")
        what = _render(f"messages/{message}.subject.txt", context)
        subject = subject_line(tag=tag_in(data.get("tag")), what=what)
        html, svg = _html(message, context, text, subject, language)
    return Mail(subject=subject, text=text, html=html, svg=svg)


# --- the short notes: a push, a chat message -----------------------------------------------

# Every note, by name: ``templates/messages/notes/<name>.title.txt`` and ``<name>.txt``.
# The player's own (push, their own chat channel) are named after the notification's kind;
# ``table_*`` are what a table channel hears (public facts only).
NOTES = (
    "your_move",
    "reminder",
    "game_over",
    "resolution",
    "notice",
    "confirmation",
    "message",
    "table_your_move",
    "table_game_over",
)
NOTE_TITLE_MAX = 120


@dataclass(frozen=True)
class Note:
    title: str
    body: str


def note_title(what: str) -> str:
    """The one title rule of a push or chat message: one line, at most NOTE_TITLE_MAX characters."""
    what = re.sub(r"\s+", " ", what).strip()
    return what if len(what) <= NOTE_TITLE_MAX else what[: NOTE_TITLE_MAX - 1].rstrip() + "…"


def note_render(*, note: str, data: dict, language: str) -> Note:
    """The note ``note`` from ``data`` in ``language``: its title (the one rule) and its
    body, its lines as written, the empty ones left out."""
    if note not in NOTES:
        raise KeyError(f"no note {note!r}")
    with translation.override(language):
        context = {"zone": "UTC"} | data
        title = note_title(_render(f"messages/notes/{note}.title.txt", context))
        body = _render(f"messages/notes/{note}.txt", context).replace("\x00", "")
    lines = (line.rstrip() for line in body.strip("\n").splitlines())
    return Note(title=title, body="\n".join(line for line in lines if line.strip()))


def _html(message: str, context: dict, text: str, subject: str, language: str) -> tuple[str, str]:
    """The HTML part: the text as written, with the seat's situation drawn in
    the place of the engine's written one (after the text when the text has
    none), and the board's SVG for its inline picture, both in the
    recipient's ``language`` (so the picture's words are too)."""
    before, situation, after, svg = text, "", "", ""
    seen = context.get("situation") or {}
    if seen.get("view") is not None and seen.get("engine") in boards.SLUGS:
        slug, view, seat, names = seen["engine"], seen["view"], seen.get("seat"), seen.get("names")
        if context.get("board_image", True):
            svg = boards.svg(slug, view, seat=seat, names=names, lang=language)
        situation = boards.mail_html(slug, view, seat=seat, names=names, image_cid=BOARD_CID if svg else None, lang=language)
        written = seen.get("text") or ""
        if written and written in text:
            before, _, after = text.partition(written)
    parts = {"subject": subject, "before": before.strip("\n"), "situation": situation, "after": after.strip("\n")}
    try:
        template = _engine(True).get_template(f"messages/{message}.html")
    except TemplateDoesNotExist:
        template = _engine(True).get_template("messages/mail.html")
    return template.render(_context(context | parts, html=True)), svg
