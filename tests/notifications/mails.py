"""Replies as real mail programs write them: their quoting, their headers,
their signatures, their MIME structure."""

from __future__ import annotations

import itertools
from email.message import EmailMessage
from email.utils import format_datetime
from datetime import datetime, timezone

_n = itertools.count(1)


def _base(frm: str, to: str, subject: str, in_reply_to: str | None, message_id: str | None = None) -> EmailMessage:
    m = EmailMessage()
    m["From"] = frm
    m["To"] = to
    m["Subject"] = subject
    m["Date"] = format_datetime(datetime(2026, 11, 22, 9, 30, tzinfo=timezone.utc))
    m["Message-ID"] = message_id or f"<test.{next(_n)}.{id(m)}@client.example>"
    if in_reply_to:
        m["In-Reply-To"] = in_reply_to
        m["References"] = in_reply_to
    return m


def _quote(text: str) -> str:
    return "\n".join("> " + line if line else ">" for line in text.splitlines())


def plain(frm, to, body, subject="Re: your move", in_reply_to=None, **kw) -> bytes:
    m = _base(frm, to, subject, in_reply_to, **kw)
    m.set_content(body)
    return m.as_bytes()


def gmail(frm, to, commands, quoted, subject="Re: [pbem] your move", in_reply_to=None) -> bytes:
    m = _base(frm, to, subject, in_reply_to)
    text = f"{commands}\n\nOn Sun, 22 Nov 2026 at 09:12, pbem <games@pbem.localhost> wrote:\n\n{_quote(quoted)}\n"
    m.set_content(text)
    html_cmds = "".join(f"<div>{c}</div>" for c in commands.splitlines())
    m.add_alternative(
        f'<div dir="ltr">{html_cmds}</div><br><div class="gmail_quote"><div dir="ltr" class="gmail_attr">'
        f"On Sun, 22 Nov 2026 at 09:12, pbem &lt;games@pbem.localhost&gt; wrote:<br></div>"
        f'<blockquote class="gmail_quote"><pre>{quoted}</pre></blockquote></div>',
        subtype="html",
    )
    return m.as_bytes()


def outlook(frm, to, commands, quoted, german=False, subject="RE: [pbem] your move", in_reply_to=None) -> bytes:
    if german:
        header = (
            "Von: pbem <games@pbem.localhost>\nGesendet: Sonntag, 22. November 2026 09:12\n"
            f"An: {frm}\nBetreff: [pbem] your move"
        )
        sig = "Mit freundlichen Grüßen\nAlice Beispiel\nBeispiel GmbH | Tel. +49 821 000000"
        subject = subject.replace("RE:", "AW:")
    else:
        header = (
            "From: pbem <games@pbem.localhost>\nSent: Sunday, November 22, 2026 9:12 AM\n"
            f"To: {frm}\nSubject: [pbem] your move"
        )
        sig = "Best regards,\nAlice Example\nExample Ltd. | +44 20 0000 0000"
    m = _base(frm, to, subject, in_reply_to)
    m["X-MS-Has-Attach"] = ""
    m["Thread-Topic"] = "[pbem] your move"
    # Outlook puts the reply on top, the signature under it, then a rule and
    # the original mail's headers, unquoted.
    text = f"{commands}\n\n{sig}\n\n________________________________\n{header}\n\n{quoted}\n"
    m.set_content(text, charset="windows-1252" if german else "utf-8")
    m.add_alternative(
        "<html><body><div>" + "<br>".join(commands.splitlines()) + "</div><div>" + sig.replace("\n", "<br>")
        + '</div><div id="appendonsend"></div><hr><div id="divRplyFwdMsg">' + header.replace("\n", "<br>")
        + f"</div><div><pre>{quoted}</pre></div></body></html>",
        subtype="html",
    )
    return m.as_bytes()


def apple_mail(frm, to, commands, quoted, subject="Re: [pbem] your move", in_reply_to=None) -> bytes:
    m = _base(frm, to, subject, in_reply_to)
    m["X-Mailer"] = "Apple Mail (2.3826.500.181.1.5)"
    text = f"{commands}\n\n> On 22. Nov 2026, at 09:12, pbem <games@pbem.localhost> wrote:\n> \n{_quote(quoted)}\n"
    m.set_content(text, cte="quoted-printable")
    m.add_alternative(
        "<html><body>" + "<br>".join(commands.splitlines())
        + f'<br><div><blockquote type="cite"><div>On 22. Nov 2026, at 09:12, pbem wrote:</div><pre>{quoted}</pre></blockquote></div></body></html>',
        subtype="html",
    )
    return m.as_bytes()


def thunderbird(frm, to, commands, quoted, subject="Re: [pbem] your move", in_reply_to=None) -> bytes:
    m = _base(frm, to, subject, in_reply_to)
    m["User-Agent"] = "Mozilla Thunderbird"
    # Thunderbird: attribution line, quoted text, then the reply below (bottom-posting), then "-- " signature.
    text = f"Am 22.11.26 um 09:12 schrieb pbem:\n{_quote(quoted)}\n\n{commands}\n\n-- \nAlice\nhttps://alice.example\n"
    m.set_content(text, cte="8bit")
    return m.as_bytes()


def phone(frm, to, commands, quoted, subject="Re: [pbem] your move", in_reply_to=None) -> bytes:
    m = _base(frm, to, subject, in_reply_to)
    text = f"{commands}\n\nSent from my iPhone\n\n> On 22 Nov 2026, at 09:12, pbem <games@pbem.localhost> wrote:\n> \n{_quote(quoted)}\n"
    m.set_content(text)
    return m.as_bytes()
