"""The text a person wrote in a mail: the plain part (or the HTML part as
text), decoded by its declared charset, with PGP and S/MIME signatures
taken off. No database, no Django: pure reading."""

from __future__ import annotations

import email
import email.policy
import re
from html import escape

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

# Quoted history in the HTML that mail programs write: read as ">" lines,
# so a reply written between or under them is still found.
HTML_QUOTES = (
    "blockquote", ".gmail_quote", ".gmail_extra", ".moz-cite-prefix", ".yahoo_quoted", "[id^=yahoo_quoted]",
    ".zmail_extra", ".protonmail_quote", "#mail-editor-reference-message-container", "[name=quote]",
)
# Signatures: left out.
HTML_SIGNATURES = (".gmail_signature", ".moz-signature", ".protonmail_signature_block", "#Signature",
                   "#ms-outlook-mobile-signature")
# Outlook puts the original after these, as siblings: everything from them on is history.
HTML_HISTORY_STARTS = ("#appendonsend", "#divRplyFwdMsg", "hr#stopSpelling", "#x_appendonsend", "#x_divRplyFwdMsg")
_HTML_BLOCKS = {
    "p", "div", "li", "ul", "ol", "tr", "table", "tbody", "thead", "h1", "h2", "h3", "h4", "h5", "h6",
    "pre", "hr", "section", "article", "header", "footer", "dd", "dt", "dl", "address", "center", "form",
}
# What is no text of the mail: the prologue (<!DOCTYPE>, <?xml?>), comments
# (<!--StartFragment-->), CDATA, and what browsers never show.
_NOT_TEXT = (Comment, Doctype, ProcessingInstruction, Declaration, CData)


def _quoted(text: str) -> str:
    return "\n".join(("> " + line) if line.strip() else ">" for line in text.strip("\n").splitlines())


def html_to_text(html: str) -> str:
    """The HTML a person wrote as lines of text: a line break only where the
    HTML breaks a line (blocks, ``<br>``), never at inline markup, so
    ``<span>pick </span><span>König</span>`` stays ``pick König``. Quoted
    history comes out as ``>`` lines, signatures and everything that is not
    shown are left out."""
    soup = BeautifulSoup(html[: MAX_TEXT_CHARS * 4], "html.parser")
    return _soup_text(soup)


def _soup_text(soup, *, history: bool = True) -> str:
    for node in soup.find_all(string=lambda s: isinstance(s, _NOT_TEXT)):
        node.extract()
    for node in soup(["script", "style", "head", "title", "template", "noscript", "xml"]):
        node.decompose()
    for selector in HTML_SIGNATURES:
        for node in soup.select(selector):
            node.decompose()
    for selector in HTML_HISTORY_STARTS if history else ():
        for node in soup.select(selector):
            if node.parent is None:
                continue
            after = [node, *node.next_siblings]
            source = "".join(escape(str(x)) if isinstance(x, NavigableString) else str(x) for x in after)
            text = _soup_text(BeautifulSoup(source, "html.parser"), history=False)
            pre = soup.new_tag("pre")
            pre.string = _quoted(text)
            node.insert_before(pre)
            for x in after:
                x.extract()
    quotes = []
    for selector in HTML_QUOTES:
        quotes += soup.select(selector)
    for node in quotes:
        if node.decomposed or any(p in quotes for p in node.parents):
            continue  # inside another quote: quoted with it
        pre = soup.new_tag("pre")
        pre.string = _quoted(_soup_text(BeautifulSoup(node.decode_contents(), "html.parser"), history=False))
        node.replace_with(pre)
    # Whitespace in the HTML source is a space, except inside <pre>.
    for string in list(soup.find_all(string=True)):
        if isinstance(string, NavigableString) and string.find_parent("pre") is None:
            string.replace_with(re.sub(r"\s+", " ", str(string)))
    for br in soup.find_all("br"):
        br.replace_with("\n")
    for node in soup.find_all(_HTML_BLOCKS):
        node.insert_before("\n")
        node.insert_after("\n")
    for cell in soup.find_all(["td", "th"]):
        cell.insert_after(" ")
    text = soup.get_text("")
    return "\n".join(line.strip() for line in text.splitlines())


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
