"""The text a person wrote in a mail: the plain part (or the HTML part as
text), decoded by its declared charset, with PGP and S/MIME signatures
taken off. No database, no Django: pure reading."""

from __future__ import annotations

import email
import email.policy
import re

from asn1crypto import cms
from bs4 import BeautifulSoup, CData, Comment, Declaration, Doctype, NavigableString, ProcessingInstruction

# Text beyond this is never parsed: a longer reply is no list of commands.
MAX_TEXT_CHARS = 64 * 1024

# A declared charset read by the codec its writers mean. Microsoft's
# "ks_c_5601-1987" is CP949 (Python's alias is the smaller EUC-KR); GB2312
# and GBK mail is written by programs that emit GB18030 characters; Big5
# mail from Windows is CP950 and from Hong Kong Big5-HKSCS; Shift_JIS from
# Windows is CP932; ISO-2022-JP mail often holds the extensions.
CODECS = {
    "ks_c_5601-1987": ["cp949"], "ks_c_5601": ["cp949"], "euc-kr": ["cp949"], "korean": ["cp949"],
    "gb2312": ["gb18030"], "gbk": ["gb18030"], "x-gbk": ["gb18030"], "cp936": ["gb18030"], "gb18030": ["gb18030"],
    "big5": ["cp950", "big5hkscs"], "x-x-big5": ["cp950", "big5hkscs"], "big5-hkscs": ["big5hkscs"],
    "shift_jis": ["cp932", "shift_jis_2004"], "x-sjis": ["cp932"], "sjis": ["cp932"], "windows-31j": ["cp932"],
    "iso-2022-jp": ["iso2022_jp", "iso2022_jp_ext", "iso2022_jp_2", "iso2022_jp_2004"],
    "iso-2022-kr": ["iso2022_kr", "cp949"], "euc-jp": ["euc_jp", "euc_jis_2004"],
    "windows-874": ["cp874"], "tis-620": ["cp874"], "koi8-r": ["koi8_r"], "koi8-u": ["koi8_u"],
    "us-ascii": ["utf-8"], "ascii": ["utf-8"], "ansi_x3.4-1968": ["utf-8"],
}
# Only when the declared charset fails (or none is declared): UTF-8 (it
# almost never decodes other bytes by accident), Windows' Western, and
# latin-1, which reads any byte.
FALLBACK = ["utf-8", "cp1252", "latin-1"]


def charset_codecs(declared: str) -> list[str]:
    declared = (declared or "").strip().strip('"').lower()
    if not declared:
        return []
    return CODECS.get(declared, [declared])


def decode(payload: bytes, declared: str | None) -> str:
    for codec in charset_codecs(declared or "") + FALLBACK:
        try:
            return payload.decode(codec)
        except (LookupError, UnicodeDecodeError):
            continue
    return payload.decode("latin-1")  # unreachable: latin-1 reads every byte


def part_text(part) -> str:
    payload = part.get_payload(decode=True) or b""
    return decode(payload, part.get_content_charset())


# --- HTML ---------------------------------------------------------------------------

# Quoted history in the HTML that mail programs write (by tag, class, id,
# name): read as ">" lines, so a reply written between or under them is still found.
_QUOTE_CLASSES = {"gmail_quote", "gmail_extra", "moz-cite-prefix", "yahoo_quoted", "zmail_extra", "protonmail_quote"}
_QUOTE_IDS = {"mail-editor-reference-message-container"}
# Signatures: left out.
_SIGNATURE_CLASSES = {"gmail_signature", "moz-signature", "protonmail_signature_block"}
_SIGNATURE_IDS = {"Signature", "ms-outlook-mobile-signature"}
# Outlook puts the original after these, as siblings: everything from them on is history.
_HISTORY_IDS = {"appendonsend", "divRplyFwdMsg", "x_appendonsend", "x_divRplyFwdMsg"}


def _kind(tag) -> str | None:
    """quote, signature, history or None: one look at a tag's name, class and
    id (a CSS selector per kind would walk the whole tree once each)."""
    classes = set(tag.get("class") or ())
    ident = tag.get("id") or ""
    if classes & _SIGNATURE_CLASSES or ident in _SIGNATURE_IDS:
        return "signature"
    if ident in _HISTORY_IDS or (tag.name == "hr" and ident == "stopSpelling"):
        return "history"
    if (tag.name == "blockquote" or classes & _QUOTE_CLASSES or ident in _QUOTE_IDS or ident.startswith("yahoo_quoted")
            or tag.get("name") == "quote"):
        return "quote"
    return None


_HTML_BLOCKS = {
    "p", "div", "li", "ul", "ol", "tr", "table", "tbody", "thead", "h1", "h2", "h3", "h4", "h5", "h6",
    "pre", "hr", "section", "article", "header", "footer", "dd", "dt", "dl", "address", "center", "form",
}
# What is no text of the mail: the prologue (<!DOCTYPE>, <?xml?>), comments
# (<!--StartFragment-->), CDATA, and what browsers never show.
_NOT_TEXT = (Comment, Doctype, ProcessingInstruction, Declaration, CData)


# Where a quote opens and closes in the text of the tree (private-use characters).
_OPEN, _CLOSE, _BREAK = "\ue000", "\ue001", "\ue002"


def html_to_text(html: str) -> str:
    """The HTML a person wrote as lines of text: a line break only where the
    HTML breaks a line (blocks, ``<br>``), never at inline markup, so
    ``<span>pick </span><span>König</span>`` stays ``pick König``. Quoted
    history comes out as ``>`` lines, signatures and everything that is not
    shown are left out. One pass over the tree and one over the lines (quotes
    are marked, not re-parsed), so deeply nested quotes cost no more than flat ones."""
    soup = BeautifulSoup(html[: MAX_TEXT_CHARS * 4], "html.parser")
    for node in soup.find_all(string=lambda s: isinstance(s, _NOT_TEXT)):
        node.extract()
    for node in soup(["script", "style", "head", "title", "template", "noscript", "xml"]):
        node.decompose()
    kinds = [(tag, _kind(tag)) for tag in soup.find_all(True)]
    for tag, kind in kinds:
        if kind == "signature" and not tag.decomposed:
            tag.decompose()
    # Whitespace in the HTML source is a space; a line breaks only where the
    # HTML breaks it (_BREAK), inside <pre> at its newlines too. Breaks are
    # added inside the nodes (append, insert at 0), never beside them, which
    # would cost a search of the parent's children each.
    for pre in soup.find_all("pre"):
        for string in list(pre.find_all(string=True)):
            string.replace_with(str(string).replace("\n", _BREAK))
    for tag, kind in kinds:
        if tag.decomposed or tag.parent is None:
            continue
        if kind == "history":
            tag.insert_before(NavigableString(f"{_BREAK}{_OPEN}{_BREAK}"))
            tag.parent.append(NavigableString(f"{_BREAK}{_CLOSE}{_BREAK}"))  # all that follows it is history
        elif kind == "quote":
            tag.insert(0, NavigableString(f"{_BREAK}{_OPEN}{_BREAK}"))
            tag.append(NavigableString(f"{_BREAK}{_CLOSE}{_BREAK}"))
    for br in soup.find_all("br"):
        br.append(_BREAK)
    for node in soup.find_all(_HTML_BLOCKS):
        node.insert(0, _BREAK)
        node.append(_BREAK)
    for cell in soup.find_all(["td", "th"]):
        cell.append(" ")
    out, depth = [], 0
    for line in re.sub(r"\s+", " ", soup.get_text("")).split(_BREAK):
        line = line.strip()
        if line in (_OPEN, _CLOSE):
            depth = max(0, depth + (1 if line == _OPEN else -1))
            continue
        out.append(("> " * depth + line) if line and depth else line)
    return "\n".join(out)


# --- format=flowed ------------------------------------------------------------------


def unflowed(text: str, *, delsp: bool = False) -> str:
    """A ``format=flowed`` text (RFC 3676, Thunderbird's and Apple Mail's
    default) as the lines its writer typed: a line ending in a space goes on
    in the next line of the same quote depth, so a long command wrapped at 72
    characters is one command again. Space-stuffing is undone; the signature
    separator ``-- `` stays a line of its own."""
    out: list[str] = []
    carry, carry_depth = "", None
    for raw in text.replace("\r\n", "\n").split("\n"):
        depth = len(raw) - len(raw.lstrip(">"))
        line = raw[depth:]
        if line.startswith(" "):
            line = line[1:]  # space-stuffed (or the space after the quote marks)
        if carry_depth is not None and depth != carry_depth:
            out.append(_quoted_line(carry_depth, carry))  # a flowed line may not flow into another depth
            carry, carry_depth = "", None
        flowed = line.endswith(" ") and line != "-- "
        if flowed and delsp:
            line = line[:-1]
        carry, carry_depth = carry + line, depth
        if not flowed:
            out.append(_quoted_line(depth, carry))
            carry, carry_depth = "", None
    if carry_depth is not None:
        out.append(_quoted_line(carry_depth, carry))
    return "\n".join(out)


def _quoted_line(depth: int, text: str) -> str:
    return (">" * depth + " " + text) if depth else text


# --- signed mail --------------------------------------------------------------------

_PGP_BEGIN = "-----BEGIN PGP SIGNED MESSAGE-----"
_PGP_SIG = "-----BEGIN PGP SIGNATURE-----"
_PGP_END = "-----END PGP SIGNATURE-----"


def pgp_unsigned(text: str) -> str:
    """An inline PGP signed text (RFC 4880 7: cleartext signature) as the
    text that was signed: the armor header ("Hash: SHA256") and the
    signature taken off, dash-escaped lines ("- -- ") restored. Quoted
    signed blocks (">") are left as they are: they are history anyway."""
    if _PGP_BEGIN not in text:
        return text
    out: list[str] = []
    lines = text.split("\n")
    i = 0
    while i < len(lines):
        if lines[i].strip() != _PGP_BEGIN:
            out.append(lines[i])
            i += 1
            continue
        i += 1
        while i < len(lines) and lines[i].strip():  # armor headers, up to the blank line
            i += 1
        i += 1
        while i < len(lines) and lines[i].strip() != _PGP_SIG:
            line = lines[i]
            out.append(line[2:] if line.startswith("- ") else line)
            i += 1
        while i < len(lines) and lines[i].strip() != _PGP_END:
            i += 1
        i += 1
    return "\n".join(out)


def smime_content(part) -> bytes | None:
    """The signed MIME entity inside an opaque S/MIME mail
    (application/pkcs7-mime; smime-type=signed-data), or None (encrypted,
    or unreadable)."""
    try:
        info = cms.ContentInfo.load(part.get_payload(decode=True) or b"")
        if info["content_type"].native != "signed_data":
            return None
        content = info["content"]["encap_content_info"]["content"]
        return None if content.native is None else bytes(content.native)
    except Exception:  # noqa: BLE001 - a broken signature reads as no text
        return None


def _is_opaque_smime(part) -> bool:
    return part.get_content_type() in ("application/pkcs7-mime", "application/x-pkcs7-mime") and (
        (part.get_param("smime-type") or "").lower() in ("signed-data", "")
    )


# --- the body -----------------------------------------------------------------------


def body_text(msg, *, depth: int = 0) -> str:
    """The text a person wrote: the plain part, else (or when it is empty)
    the HTML part as text; in signed mail (PGP/MIME, S/MIME, inline PGP) the
    text that was signed."""
    if depth > 3:
        return ""
    try:
        part = msg.get_body(preferencelist=("plain", "html"))
    except Exception:  # noqa: BLE001 - a broken MIME tree reads as no body
        part = None
    if part is None:
        for sub in msg.walk():
            if _is_opaque_smime(sub):
                inner = smime_content(sub)
                if inner is not None:
                    return body_text(email.message_from_bytes(inner, policy=email.policy.default), depth=depth + 1)
        if msg.is_multipart() or msg.get_content_maintype() != "text":
            return ""
        part = msg
    text = part_text(part)
    if part.get_content_type() == "text/html":
        return pgp_unsigned(html_to_text(text))
    if (part.get_param("format") or "").lower() == "flowed":
        text = unflowed(text, delsp=(part.get_param("delsp") or "").lower() == "yes")
    if not text.strip():
        # Some webmails send an empty plain alternative: the HTML part holds the words.
        try:
            html = msg.get_body(preferencelist=("html",))
        except Exception:  # noqa: BLE001
            html = None
        if html is not None:
            return pgp_unsigned(html_to_text(part_text(html)))
    return pgp_unsigned(text)
