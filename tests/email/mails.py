"""Replies as real mail programs write them: their quoting, their headers,
their signatures, their MIME structure. These were written by hand, checked
against the public reply-parser fixtures; fixture_mails.py holds replies in
those fixtures' exact shapes, each naming its source, and all_clients() both."""

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


# --- more clients, in the shapes public reply-parser fixtures show ---------------------


def _text_mail(frm, to, text, subject, in_reply_to, charset="utf-8", cte=None, headers=None) -> bytes:
    m = _base(frm, to, subject, in_reply_to)
    for k, v in (headers or {}).items():
        m[k] = v
    m.set_content(text, charset=charset, cte=cte)
    return m.as_bytes()


def _html_mail(frm, to, html, subject, in_reply_to, headers=None) -> bytes:
    m = _base(frm, to, subject, in_reply_to)
    for k, v in (headers or {}).items():
        m[k] = v
    m.set_content(html, subtype="html")
    return m.as_bytes()


def _html_lines(text: str) -> str:
    return "<br>".join(text.splitlines())


def outlook_web_html(frm, to, commands, quoted, subject="RE: [pbem] your move", in_reply_to=None) -> bytes:
    """Outlook on the web, HTML only: the reply, then #appendonsend, a rule,
    the header block in <b> tags and the original unquoted after it."""
    html = (
        '<html><head><style type="text/css">P {margin:0}</style></head><body dir="ltr">'
        f'<div style="font-family: Calibri; font-size: 12pt">{_html_lines(commands)}</div>'
        '<div id="appendonsend"></div><hr style="display:inline-block;width:98%" tabindex="-1">'
        '<div id="divRplyFwdMsg" dir="ltr"><font face="Calibri" style="font-size:11pt"><b>From:</b> pbem &lt;games@pbem.localhost&gt;<br>'
        "<b>Sent:</b> Sunday, November 22, 2026 9:12 AM<br><b>To:</b> Alice<br><b>Subject:</b> [pbem] your move</font>"
        f"<div>&nbsp;</div></div><div>{_html_lines(quoted)}</div></body></html>"
    )
    return _html_mail(frm, to, html, subject, in_reply_to)


def outlook_web_html_headerless(frm, to, commands, quoted, subject="RE: [pbem] your move", in_reply_to=None) -> bytes:
    """The same with the header block gone (a forwarding rule, a mobile
    edit): only the unquoted original follows the reply."""
    html = (
        f'<html><body><div>{_html_lines(commands)}</div><div><br></div>'
        f'<div style="border:none;border-top:solid #E1E1E1 1.0pt"></div><div>{_html_lines(quoted)}</div></body></html>'
    )
    return _html_mail(frm, to, html, subject, in_reply_to)


def outlook_html_from_block(frm, to, commands, quoted, subject="AW: [pbem] your move", in_reply_to=None) -> bytes:
    """Outlook desktop HTML-only in German: the <b>Von:</b> block in a <p>."""
    html = (
        f"<html><body><p class=MsoNormal>{_html_lines(commands)}</p><p class=MsoNormal>&nbsp;</p>"
        '<div style="border:none;border-top:solid #E1E1E1 1.0pt;padding:3.0pt 0cm 0cm 0cm">'
        "<p class=MsoNormal><b>Von:</b> pbem &lt;games@pbem.localhost&gt; <br><b>Gesendet:</b> Sonntag, 22. November 2026 09:12<br>"
        "<b>An:</b> Alice<br><b>Betreff:</b> [pbem] your move</p></div>"
        f"<p class=MsoNormal>{_html_lines(quoted)}</p></body></html>"
    )
    return _html_mail(frm, to, html, subject, in_reply_to)


def iphone_de(frm, to, commands, quoted, subject="AW: [pbem] your move", in_reply_to=None) -> bytes:
    text = f"{commands}\n\nVon meinem iPhone gesendet\n\n> Am 22.11.2026 um 09:12 schrieb pbem <games@pbem.localhost>:\n> \n{_quote(quoted)}\n"
    return _text_mail(frm, to, text, subject, in_reply_to)


def iphone_fr(frm, to, commands, quoted, subject="Re: [pbem] your move", in_reply_to=None) -> bytes:
    text = f"{commands}\n\nEnvoyé de mon iPhone\n\n> Le 22 nov. 2026 à 09:12, pbem <games@pbem.localhost> a écrit :\n> \n{_quote(quoted)}\n"
    return _text_mail(frm, to, text, subject, in_reply_to)


def outlook_de_original_message(frm, to, commands, quoted, subject="AW: [pbem] your move", in_reply_to=None) -> bytes:
    text = (
        f"{commands}\n\n-----Ursprüngliche Nachricht-----\nVon: pbem <games@pbem.localhost> \n"
        f"Gesendet: Sonntag, 22. November 2026 09:12\nAn: {frm}\nBetreff: [pbem] your move\n\n{quoted}\n"
    )
    return _text_mail(frm, to, text, subject, in_reply_to, charset="iso-8859-1")


def outlook_nl(frm, to, commands, quoted, subject="RE: [pbem] your move", in_reply_to=None) -> bytes:
    text = (
        f"{commands}\n\nMet vriendelijke groet,\nJan de Vries\n\nVan: pbem <games@pbem.localhost>\n"
        f"Verzonden: zondag 22 november 2026 09:12\nAan: {frm}\nOnderwerp: [pbem] your move\n\n{quoted}\n"
    )
    return _text_mail(frm, to, text, subject, in_reply_to)


def outlook_es(frm, to, commands, quoted, subject="RE: [pbem] your move", in_reply_to=None) -> bytes:
    text = (
        f"{commands}\n\nSaludos,\nLucía\n\n________________________________\nDe: pbem <games@pbem.localhost>\n"
        f"Enviado: domingo, 22 de noviembre de 2026 9:12\nPara: {frm}\nAsunto: [pbem] your move\n\n{quoted}\n"
    )
    return _text_mail(frm, to, text, subject, in_reply_to)


def thunderbird_es(frm, to, commands, quoted, subject="Re: [pbem] your move", in_reply_to=None) -> bytes:
    """Spanish Thunderbird, reply below the quote."""
    text = f"El 22/11/26 a las 9:12, pbem escribió:\n{_quote(quoted)}\n\n{commands}\n\n-- \nLucía\n"
    return _text_mail(frm, to, text, subject, in_reply_to, cte="8bit", headers={"User-Agent": "Mozilla Thunderbird"})


def gmail_it(frm, to, commands, quoted, subject="Re: [pbem] your move", in_reply_to=None) -> bytes:
    text = f"{commands}\n\nIl giorno dom 22 nov 2026 alle ore 09:12 pbem <games@pbem.localhost> ha scritto:\n\n{_quote(quoted)}\n"
    return _text_mail(frm, to, text, subject, in_reply_to)


def yahoo_android(frm, to, commands, quoted, subject="Re: [pbem] your move", in_reply_to=None) -> bytes:
    """Yahoo on Android: its signature, then the original, not quoted."""
    text = (
        f"{commands}\n\nSent from Yahoo Mail on Android\n\n  On Sun, Nov 22, 2026 at 9:12, pbem\n"
        f"<games@pbem.localhost> wrote:\n  {quoted}\n"
    )
    return _text_mail(frm, to, text, subject, in_reply_to)


def zoho(frm, to, commands, quoted, subject="Re: [pbem] your move", in_reply_to=None) -> bytes:
    text = f"{commands}\n\n\n\n---- On Sun, 22 Nov 2026 09:12:00 +0100 pbem <games@pbem.localhost> wrote ----\n\n{quoted}\n"
    return _text_mail(frm, to, text, subject, in_reply_to)


def proton(frm, to, commands, quoted, subject="Re: [pbem] your move", in_reply_to=None) -> bytes:
    text = (
        f"{commands}\n\nSent with Proton Mail secure email.\n\nOn Sunday, November 22nd, 2026 at 9:12 AM, pbem "
        f"<games@pbem.localhost> wrote:\n\n{_quote(quoted)}\n"
    )
    return _text_mail(frm, to, text, subject, in_reply_to)


def thanks_and_name(frm, to, commands, quoted, subject="Re: [pbem] your move", in_reply_to=None) -> bytes:
    text = f"Hi,\n\n{commands}\n\nThanks!\nAlice\n\nOn Sun, 22 Nov 2026 at 09:12, pbem wrote:\n{_quote(quoted)}\n"
    return _text_mail(frm, to, text, subject, in_reply_to)


def gmail_bullets(frm, to, commands, quoted, subject="Re: [pbem] your move", in_reply_to=None) -> bytes:
    bullets = "\n".join(f"- {c}" for c in commands.splitlines())
    m = _base(frm, to, subject, in_reply_to)
    m.set_content(f"{bullets}\n\nOn Sun, 22 Nov 2026 at 09:12, pbem <games@pbem.localhost> wrote:\n\n{_quote(quoted)}\n")
    items = "".join(f"<li>{c}</li>" for c in commands.splitlines())
    m.add_alternative(f'<div dir="ltr"><ul>{items}</ul></div><div class="gmail_quote"><blockquote>{quoted}</blockquote></div>', subtype="html")
    return m.as_bytes()


def html_inline_markup(frm, to, commands, quoted, subject="Re: [pbem] your move", in_reply_to=None) -> bytes:
    """HTML only, each command split by inline markup and source line breaks."""
    parts = []
    for c in commands.splitlines():
        word, _, rest = c.partition(" ")
        parts.append(f"<div><span>{word} </span>\n<span><b>{rest}</b></span></div>")
    html = "<html><body>" + "\n".join(parts) + f"<blockquote type=\"cite\">{_html_lines(quoted)}</blockquote></body></html>"
    return _html_mail(frm, to, html, subject, in_reply_to)


def mislabelled_latin1(frm, to, commands, quoted, subject="Re: [pbem] your move", in_reply_to=None) -> bytes:
    """Declares utf-8, writes latin-1 (an old webmail, a broken gateway)."""
    body = f"{commands}\n\nGrüße aus Köln\n\nAm 22.11.2026 um 09:12 schrieb pbem:\n{_quote(quoted)}\n".encode("latin-1", "replace")
    head = (
        f"From: {frm}\r\nTo: {to}\r\nSubject: {subject}\r\nMessage-ID: <latin1.{next(_n)}@client.example>\r\n"
        + (f"In-Reply-To: {in_reply_to}\r\nReferences: {in_reply_to}\r\n" if in_reply_to else "")
        + "MIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: 8bit\r\n\r\n"
    )
    return head.encode() + body.replace(b"\n", b"\r\n")


# Every client shape above and the first ones, by name: (frm, to, commands, quoted, in_reply_to) -> bytes.
CLIENTS = {
    "gmail": lambda f, t, c, q, r: gmail(f, t, c, q, in_reply_to=r),
    "outlook": lambda f, t, c, q, r: outlook(f, t, c, q, in_reply_to=r),
    "outlook_de": lambda f, t, c, q, r: outlook(f, t, c, q, german=True, in_reply_to=r),
    "apple_mail": lambda f, t, c, q, r: apple_mail(f, t, c, q, in_reply_to=r),
    "thunderbird": lambda f, t, c, q, r: thunderbird(f, t, c, q, in_reply_to=r),
    "phone": lambda f, t, c, q, r: phone(f, t, c, q, in_reply_to=r),
    **{
        f.__name__: (lambda fn: lambda f_, t, c, q, r: fn(f_, t, c, q, in_reply_to=r))(f)
        for f in (
            outlook_web_html, outlook_web_html_headerless, outlook_html_from_block, iphone_de, iphone_fr,
            outlook_de_original_message, outlook_nl, outlook_es, thunderbird_es, gmail_it, yahoo_android, zoho,
            proton, thanks_and_name, gmail_bullets, html_inline_markup, mislabelled_latin1,
        )
    },
}


def all_clients() -> dict:
    """The hand-written shapes above and the public fixtures' (fixture_mails.py)."""
    from tests.email.fixture_mails import FIXTURES

    return {**CLIENTS, **FIXTURES}


def message_from(raw: bytes):
    import email
    import email.policy

    return email.message_from_bytes(raw, policy=email.policy.default)
