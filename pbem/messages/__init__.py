"""Every text a player is sent, in one place: mails as Django templates, a
plain text and an HTML part each, with one subject rule; pushes and chat
messages ("notes": ``templates/messages/notes/``) as a title, with one title
rule, and a body; rendered from plain data (JSON: what the step stored in the
outbox row, and what selectors read at delivery), never from models, so a
template cannot run a query.

    mail_render(message=, data=, language=, links=) -> Mail(subject, text, html, svg)
    text_render(template, data, language=)          -> a text of its own (an answer's part)
    subject_line(tag=, what=)                       -> the one subject rule
    note_render(note=, data=, language=)            -> Note(title, body): a push, a chat message

Each message is ``templates/messages/<name>.txt`` (the plain text, paragraphs
separated by ``{% para %}``) and ``<name>.subject.txt`` (what the subject says
after its tag); the HTML part is ``<name>.html`` when there is one, else
``mail.html``, which shows the same text with the seat's situation drawn
(boards.mail_html) in place of the engine's written one. Everything is
rendered inside ``translation.override(language)`` of the recipient.

The answer to a mail (``answer``) is a list of parts, each
``templates/messages/answer/<t>.txt`` with its data ({"t": ..., ...}, made by
pbem.email.answers.part), written by ``{% answer_part %}``; a part may hold
parts (what each command of the mail gave).

Layers: below the services and selectors (which give the data), above the
outbound side (``notifications``: rows, delivery, links) and the pure
``boards``/``engines``; it imports nothing above it.
"""

from pbem.messages.render import (
    BOARD_CID,
    MESSAGES,
    NOTES,
    Mail,
    Note,
    mail_render,
    note_render,
    subject_line,
    text_render,
)

__all__ = ["BOARD_CID", "MESSAGES", "NOTES", "Mail", "Note", "mail_render", "note_render", "subject_line", "text_render"]
