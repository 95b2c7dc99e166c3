"""The reply corpus (tests/email/corpus/, see its README): replies in the
shapes of public reply-parser fixtures, each with pbem commands in place of
the reply text and one of our own mails quoted below (or above, or between).

Each sample file: ``key: value`` lines (source, licence, language, program,
charset, cte, type, skipped), a line ``---``, then the body, in which
``{cmd}`` is one command (each one the next of the commands given), and our
mail is ``{quoted}`` (as is), ``{quoted>}`` (quoted with ">"),
``{quoted>1}``/``{quoted>2}`` (its first and second half, quoted) or
``{quoted_html}`` (as HTML lines). ``type``: plain, html, alternative (the
plain body, a line ``=== html ===``, the HTML body), pgp-mime, smime-signed,
smime-opaque. ``skipped``: the lines the answer must list as not read as
commands, separated by `` | ``.
"""

from __future__ import annotations

import base64
import itertools
import quopri
from dataclasses import dataclass
from html import escape
from pathlib import Path

from asn1crypto import cms

FOLDER = Path(__file__).resolve().parent / "corpus"
_n = itertools.count(1)


@dataclass(frozen=True)
class Sample:
    name: str
    meta: dict
    body: str

    @property
    def slots(self) -> int:
        return self.body.split("\n=== html ===\n")[0].count("{cmd}")

    @property
    def skipped(self) -> list[str]:
        return [x.strip() for x in self.meta.get("skipped", "").split(" | ") if x.strip()]

    def commands(self, final: int) -> list[str]:
        """``slots`` bids, the last one ``final``; never 3 (the bid our quoted mail shows)."""
        earlier = [b for b in (9, 8, 7, 6, 5) if b != final][: self.slots - 1]
        return [f"bid {b}" for b in [*earlier, final]]

    def render(self, commands: list[str], quoted: str, charset: str) -> str:
        # Our mail as this charset can write it (its own text is no concern of the test).
        quoted = quoted.encode(charset, "replace").decode(charset)
        lines = quoted.splitlines()
        half = len(lines) // 2
        gt = lambda xs: "\n".join(("> " + x) if x else ">" for x in xs)  # noqa: E731
        text = (
            self.body.replace("{quoted>1}", gt(lines[:half])).replace("{quoted>2}", gt(lines[half:]))
            .replace("{quoted>}", gt(lines)).replace("{quoted_html}", "<br>\n".join(escape(x) for x in lines))
            .replace("{quoted}", quoted)
        )
        for command in commands:
            text = text.replace("{cmd}", command, 1)
        assert "{cmd}" not in text and "{quoted" not in text, self.name
        return text

    def mail(self, frm: str, to: str, commands: list[str], quoted: str, in_reply_to: str | None) -> bytes:
        charset = self.meta.get("charset", "utf-8")
        kind = self.meta.get("type", "plain")
        if kind == "alternative":  # the same commands in both parts
            text = "\n=== html ===\n".join(
                Sample(self.name, self.meta, part).render(commands, quoted, _codec(charset))
                for part in self.body.split("\n=== html ===\n")
            )
        else:
            text = self.render(commands, quoted, _codec(charset))
        head = (
            f"From: {frm}\r\nTo: {to}\r\nSubject: Re: [pbem] your move\r\nDate: Sun, 22 Nov 2026 09:30:00 +0000\r\n"
            f"Message-ID: <corpus.{self.name}.{next(_n)}@client.example>\r\n"
            + (f"In-Reply-To: {in_reply_to}\r\nReferences: {in_reply_to}\r\n" if in_reply_to else "")
            + "MIME-Version: 1.0\r\n"
        ).encode()
        if kind == "plain":
            return head + _part("plain", text, charset, self.meta.get("cte", "8bit"))
        if kind == "html":
            return head + _part("html", text, charset, self.meta.get("cte", "8bit"))
        if kind == "alternative":
            plain, html = text.split("\n=== html ===\n")
            return head + _multipart("alternative", [_part("plain", plain, charset, self.meta.get("cte", "8bit")),
                                                     _part("html", html, charset, "quoted-printable")])
        if kind == "pgp-mime":
            signature = (b"Content-Type: application/pgp-signature; name=\"signature.asc\"\r\n\r\n"
                         b"-----BEGIN PGP SIGNATURE-----\r\n\r\niQEzBAEBCAAdFiEE\r\n=abcd\r\n-----END PGP SIGNATURE-----\r\n")
            return head + _multipart('signed; micalg=pgp-sha256; protocol="application/pgp-signature"',
                                     [_part("plain", text, charset, "quoted-printable"), signature])
        if kind == "smime-signed":
            signature = (b"Content-Type: application/pkcs7-signature; name=\"smime.p7s\"\r\n"
                         b"Content-Transfer-Encoding: base64\r\n\r\n" + base64.encodebytes(_cms(b"")) + b"\r\n")
            return head + _multipart('signed; micalg=sha-256; protocol="application/pkcs7-signature"',
                                     [_part("plain", text, charset, "quoted-printable"), signature])
        if kind == "smime-opaque":
            inner = _part("plain", text, charset, "quoted-printable")
            return head + (b"Content-Type: application/pkcs7-mime; smime-type=signed-data; name=\"smime.p7m\"\r\n"
                           b"Content-Transfer-Encoding: base64\r\n\r\n" + base64.encodebytes(_cms(inner)))
        raise ValueError(kind)


def _codec(charset: str) -> str:
    from pbem.email.reply.mime import charset_codecs

    return (charset_codecs(charset) or [charset])[0]


def _part(subtype: str, text: str, charset: str, cte: str) -> bytes:
    body = text.replace("\r\n", "\n").encode(_codec(charset))
    if cte == "quoted-printable":
        body = quopri.encodestring(body)
    elif cte == "base64":
        body = base64.encodebytes(body)
    body = body.replace(b"\r\n", b"\n").replace(b"\n", b"\r\n")
    return (f"Content-Type: text/{subtype}; charset=\"{charset}\"\r\nContent-Transfer-Encoding: {cte}\r\n\r\n").encode() + body


def _multipart(subtype: str, parts: list[bytes]) -> bytes:
    boundary = f"=_corpus_{next(_n)}"
    out = f"Content-Type: multipart/{subtype}; boundary=\"{boundary}\"\r\n\r\nThis is a MIME message.\r\n".encode()
    for part in parts:
        out += f"--{boundary}\r\n".encode() + part + b"\r\n"
    return out + f"--{boundary}--\r\n".encode()


def _cms(content: bytes) -> bytes:
    """A CMS signed-data structure holding ``content`` (no signer: the reader
    never checks signatures, it reads what was signed)."""
    signed = cms.SignedData({
        "version": "v1", "digest_algorithms": [],
        "encap_content_info": {"content_type": "data", "content": content or None},
        "signer_infos": [],
    })
    return cms.ContentInfo({"content_type": "signed_data", "content": signed}).dump()


def load(path: Path) -> Sample:
    head, _, body = path.read_text(encoding="utf-8").partition("\n---\n")
    meta = {}
    for line in head.splitlines():
        key, _, value = line.partition(":")
        meta[key.strip()] = value.strip()
    return Sample(name=path.stem, meta=meta, body=body)


SAMPLES = {p.stem: load(p) for p in sorted(FOLDER.glob("*.txt"))}
