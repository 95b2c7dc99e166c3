"""Where the player's words are in a reply, as a careful human reader finds
them: every block the player wrote, in order, wherever it stands (above the
quote, under it, between quoted fragments); never a quoted line, whether it
is quoted by ``>``, follows an attribution ("On … wrote:") or a header block
("From: … Sent: …") or a separator ("-----Original Message-----"), or is
the text of one of our own mails. Then, line by line, what each line is:
text to read as a command, a greeting, a closing, or what follows a closing.

The marks of history in every language come from ``languages``."""

from __future__ import annotations

import re
from dataclasses import dataclass

from mailparser_reply.parser import EmailMessage as ParsedMail

from pbem.email.reply import languages as L

# mail-parser-reply removes the signatures of these languages (English is
# always on). Not every language it offers: its Danish signature "Tak"
# matches the start of "take orange vp3" and would swallow a command.
SIGNATURE_LANGUAGES = ["en", "de", "fr", "it", "es", "nl"]
MAX_TEXT_CHARS = 64 * 1024


def _alternatives(words, *, boundary: bool) -> str:
    parts = []
    for w in sorted(set(words), key=len, reverse=True):
        escaped = r"\s+".join(re.escape(x) for x in w.split())
        latin = boundary and re.match(r"[A-Za-zÀ-ɏͰ-ӿ]", w) is not None
        parts.append((r"(?<![^\W\d_])" + escaped) if latin else escaped)
    return "|".join(parts)


# --- attributions -------------------------------------------------------------------

# The old rules (the languages first supported, Zoho's "---- On … wrote ----",
# mutt's and Horde's "* pbem <…> [date]:", "Quoting pbem <…>:").
_WROTE = re.compile(
    r"(wrote|writes|schrieb|schreef|a [ée]crit|ha scritto|escribi[óo]|escreveu|skrev|kirjoitti|napisa[łl]|"
    r"написал|пишет|napsal|yazd[ıi]|geschrieben)\s*(\S+\s*)?(:|-{2,})\s*$"
    r"|\b(schrieb|schreef|skrev|escreveu|napisa[łl])\s[^:]{1,150}:\s*$"
    r"|^\*\s.{1,150}\[[^\]]*\d[^\]]*\]:\s*$|^(quoting|zitat von|citando|citation de|cita de|citaat van)\s.{1,150}:\s*$",
    re.IGNORECASE,
)
# Gmail's other order: "pbem <games@…> schrieb am So., 23. Juni 2024, 21:08:".
_WROTE_ON = re.compile(
    r"(\bschrieb am|\ba [ée]crit le|\bha scritto il|\bescribi[óo] el|\bschreef op|\bwrote on)\b.*\d.*:\s*$", re.IGNORECASE
)
# Every language's attribution verb, ending the line before its colon:
# "… пише:", "… írta:", "… 写道：", "… 님이 작성:".
_VERB_END = re.compile(r"(?:" + _alternatives(L.attribution_verbs(), boundary=True) + r")\s*[:：]\s*-*\s*$", re.IGNORECASE)
# A date, then the sender's address, then a colon, without a verb (Gmail in
# Russian and Japanese: "вс, 22 нояб. 2026 г. в 09:12, pbem <games@…>:").
_DATE_ADDRESS = re.compile(r"\d.{0,160}<?[^\s<>@]+@[^\s<>@]+\.[^\s<>@]+>?\)?\s*[:：]\s*$")
# Thunderbird's dated templates in every locale ("Am #2 um #3 schrieb #1:"),
# as the words they hold in order (see languages.attribution_shapes).
_SHAPES = L.attribution_shapes()
_MPR_WROTE = [re.compile(t, re.MULTILINE) for t in L.mpr_wrote_headers()]
_HAS_MARK = re.compile(r"\d|@|<")
_CLOSING_BRACKET = re.compile(r"^\s*>\s*[:：]\s*$")
_WRAPPED_START = re.compile(r"(?:19|20)\d\d|\b\d{1,2}[:.]\d{2}\b|[<(\[]\s*$|<[^<>\s]+@[^<>\s]+>")
_ENDS_COLON = re.compile(r"[:：]\s*-*\s*$")


def _is_attribution(s: str) -> bool:
    s = s.strip()
    if not s or len(s) > 400 or s.startswith(">"):
        return False
    if _WROTE.search(s) or _WROTE_ON.search(s):
        return True
    if not _HAS_MARK.search(s) or not _ENDS_COLON.search(s):
        return False
    return bool(
        _VERB_END.search(s[-80:]) or _DATE_ADDRESS.search(s)
        or _shapes_match(s) or _mpr_wrote(s)
    )


def _shapes_match(s: str) -> bool:
    line = re.sub(r"\s+", " ", s.strip().lstrip(">*- ").rstrip("-").strip()).lower()
    if not line.endswith((":", "：")):
        return False
    line = line[:-1].rstrip()
    return any(_shape_matches(line, shape) for shape in _SHAPES)


def _shape_matches(line: str, shape: tuple[str, ...]) -> bool:
    """Whether a line (lowercased, its final colon taken off) holds a
    template's words in order (each placeholder at least one character),
    starting with its first word and ending with its last one. Linear in the
    line: each word is found once."""
    lead, words, tail = shape[0] == "", [w for w in shape if w], shape[-1] == ""
    if not words:
        return False
    pos = 0
    if not lead:
        if not line.startswith(words[0]):
            return False
        pos, words = len(words[0]), words[1:]
    end = len(line)
    if not tail:
        last = words[-1] if words else ""
        if last and not line.endswith(last):
            return False
        end, words = (end - len(last)) if last else end, words[:-1] if last else words
    for word in words:
        found = line.find(word, pos + 1 if pos or lead else pos, end)
        if found < 0:
            return False
        pos = found + len(word)
    return end - pos >= (2 if tail else 0)


def _mpr_wrote(s: str) -> bool:
    """mail-parser-reply's attribution rules; their lazy groups backtrack, so
    only on a line of attribution length."""
    return len(s) <= 200 and any(t.search(s) for t in _MPR_WROTE)


def attribution_lines(lines: list[str], i: int) -> int:
    """How many lines the attribution starting at line i takes: 1, or 2-3
    when the mail program wrapped it; 0 if none starts there."""
    if _is_attribution(lines[i]):
        return 1
    if not lines[i].strip():
        return 0
    chunk = [lines[i].strip()]
    for n in (2, 3):
        if i + n - 1 >= len(lines) or not lines[i + n - 1].strip():
            return 0
        if _quoted(lines[i + n - 1]) and not _CLOSING_BRACKET.match(lines[i + n - 1]):
            return 0  # (">:" is the end of an address Gmail wrapped, no quote)
        chunk.append(lines[i + n - 1].strip())
        # A wrapped attribution's first line holds its date or ends in an
        # open bracket ("pbem <"); else the attribution starts on a later
        # line, and this one (a command, perhaps) is no part of it.
        if _is_attribution(" ".join(chunk)) and (_WRAPPED_START.search(chunk[0]) or not any(
            _HAS_MARK.search(chunk[k]) and _is_attribution(" ".join(chunk[k:])) for k in range(1, n)
        )):
            return n
    return 0


# --- separators, header blocks, "sent from" -----------------------------------------

_SEPARATOR = re.compile(
    r"^[\s*>]*(?:[-_=*]{2,}\s*(?:" + _alternatives(L.separator_words(), boundary=False) + r")\s*[-_=*]{2,}"
    r"|(?:" + _alternatives(L.separator_words(), boundary=False) + r")\s*[:：]"
    r"|-{2,}\s*[\w' ]*(original|ursprüngliche|originale?|d'origine|oorspronkelijk|forwarded|weitergeleitete?|"
    r"message|nachricht|mensaje|messaggio|bericht)[\w' ]*\s*-{2,}|_{10,}|-{10,}|={10,}|-{2,}\s*on .* wrote\s*-{2,})\s*$",
    re.IGNORECASE,
)
_FIELDS = "|".join(sorted(L.header_fields(), key=len, reverse=True))
_FROMS = "|".join(sorted(L.from_fields(), key=len, reverse=True))
_HEADER_LINE = re.compile(rf"^[*\s]*(?:{_FIELDS})\s?[*]*\s?[:：]", re.IGNORECASE)
_FROM_LINE = re.compile(rf"^[*\s]*(?:{_FROMS})\s?[*]*\s?[:：]\s*\S", re.IGNORECASE)
# A field of any name ("Lähetetty:", "Elküldve:"): after a From line with an address.
_ANY_FIELD = re.compile(r"^[*\s]*[^\W\d_][^\W\d_ .'-]*(?:[ .'-][^\W\d_]+){0,3}\s?[*]*\s?[:：]\s*\S")
# "Sent from my iPhone" and its kin close the reply; what follows is history.
_SENT_FROM = re.compile(
    r"^(sent from |sent with |sent via |sent using |get outlook for|von meinem .* gesendet|von .{1,40} gesendet\b|"
    r"gesendet von |gesendet mit |envoy[ée] de mon |envoy[ée] depuis |envoy[ée] avec |envoy[ée] [àa] partir de |"
    r"inviato da |inviato dal mio|enviado desde |enviado do |enviado con |verzonden (met|vanaf|van) |"
    r"verstuurd (met|vanaf|van) |skickat från |sendt fra |diese nachricht wurde von meinem|get organized with yahoo|"
    r"(?:" + "|".join(f"(?:{x})" for x in L.sent_from()) + r"))",
    re.IGNORECASE,
)
# Outlook's mobile apps sign with a download link, in the phone's language.
_OUTLOOK_APP = re.compile(r"\boutlook\s+(for|für|pour|per|para|voor)\s+(ios|android)\b", re.IGNORECASE)


def header_block(lines: list[str], i: int) -> bool:
    line = lines[i].strip()
    following = [x.strip() for x in lines[i + 1:i + 8] if x.strip()][:4]
    if _FROM_LINE.match(line) and any(_HEADER_LINE.match(x) for x in following[:3]):
        return True
    if _FROM_LINE.match(line) and ("@" in line or "<" in line or "[" in line) and sum(
        1 for x in following[:3] if _ANY_FIELD.match(x)
    ) >= 2:
        return True  # From with an address, then fields named in a language not listed
    return _HEADER_LINE.match(line) is not None and sum(1 for x in following[:3] if _HEADER_LINE.match(x)) >= 2 and any(
        _FROM_LINE.match(x) for x in [line, *following[:3]]
    )  # a header block in another order (GMX, web.de: "Gesendet:", then "Von:")


# --- our own mails, quoted without ">" ----------------------------------------------


def norm(line: str) -> str:
    return re.sub(r"\s+", " ", line.lstrip("> \t").strip()).lower()


def known_lines(texts) -> dict[str, frozenset[str]]:
    """The lines of mails we sent, each with the lines that follow it in
    them (blank lines skipped), to recognise our mails quoted without ``>``."""
    out: dict[str, set[str]] = {}
    for text in texts:
        lines = [n for n in (norm(x) for x in (text or "").splitlines()) if len(n) >= 3]
        for n, following in zip(lines, lines[1:] + [""]):
            out.setdefault(n, set())
            if following:
                out[n].add(following)
    return {n: frozenset(f) for n, f in out.items()}


def ours(first: str, second: str, known: dict[str, frozenset[str]]) -> bool:
    """Whether two lines (blank lines between skipped) are two lines of one of
    our mails in their order: the first one of ours, the second the line that
    follows it there or its start. Mail programs re-wrap a quoted original
    at 60-76 columns, so "Done:" is followed by half of our next line, and a
    long first line may itself be cut in two."""
    if first in known:
        after = known[first]
        return second in after or (len(second) >= 12 and any(k.startswith(second) for k in after))
    if len(first) >= 12:
        for line in known:
            if len(line) > len(first) and line.startswith(first):
                rest = line[len(first):].strip()
                if len(rest) >= 3 and (rest.startswith(second) or second.startswith(rest)):
                    return True
    return False


# --- the blocks the player wrote ----------------------------------------------------


def _quoted(line: str) -> bool:
    return line.lstrip().startswith(">")


def _ends_reply(line: str) -> bool:
    """A signature mark or a "sent from" line: nothing after it is the player's."""
    s = line.strip()
    return s in ("--", "-- ", "—", "__") or bool(_SENT_FROM.match(s)) or (len(s) < 120 and bool(_OUTLOOK_APP.search(s)))


# A line that reply_blocks puts before a signature it took off a block, so
# that reply_lines can list the signature's lines as not read.
SIGNATURE_MARK = "\x00-- signature"


def reply_blocks(text: str, known: dict[str, frozenset[str]] | None = None, *, signatures: bool = False) -> list[str]:
    """Every block of lines the player wrote, in order: quoted lines and
    history left out, each block with its signature removed (or, with
    ``signatures``, marked by SIGNATURE_MARK, so its lines can be listed)."""
    text = text[:MAX_TEXT_CHARS].replace("\r\n", "\n").replace("\r", "\n").replace("\u00a0", " ")
    lines = [x.rstrip() for x in text.split("\n")]
    known = known or {}
    blocks: list[list[str]] = []
    current: list[str] = []

    def close() -> None:
        nonlocal current
        if any(x.strip() for x in current):
            blocks.append(current)
        current = []

    i = 0
    while i < len(lines):
        line = lines[i]
        if not line.strip():
            current.append("")
            i += 1
            continue
        if _quoted(line):
            close()
            i += 1
            continue
        if _ends_reply(line):
            break
        n = attribution_lines(lines, i)
        history = n > 0
        if not history and (_SEPARATOR.match(line.strip()) or header_block(lines, i)):
            history, n = True, 1
            while i + n < len(lines) and (not lines[i + n].strip() or _ANY_FIELD.match(lines[i + n].strip())
                                          or _HEADER_LINE.match(lines[i + n].strip())):
                n += 1  # the rest of the header block
        if not history and known:
            following = next((x for x in lines[i + 1:i + 6] if x.strip()), "")
            if following and not _quoted(following) and ours(norm(line), norm(following), known):
                break  # our own mail, quoted without ">": all that follows is history
        if history:
            close()
            i += n
            while i < len(lines) and not lines[i].strip():
                i += 1
            if i < len(lines) and _quoted(lines[i]):
                continue  # the quote it introduces; a reply may follow under it
            break  # the original, unquoted (Outlook): nothing after it is the player's
        current.append(line)
        i += 1
    close()
    out = []
    for block in blocks:
        text = "\n".join(block).strip("\n")
        body = _without_signature(text).strip("\n")
        lines = text.splitlines()
        kept = len(body.splitlines()) if body.strip() else 0
        removed = [x for x in lines[kept:] if x.strip()] if body.strip() == "\n".join(lines[:kept]).strip() else []
        if signatures and removed:
            out.append("\n".join([*lines[:kept], SIGNATURE_MARK, *removed]))
        elif body.strip():
            out.append(body)
    return out


def _without_signature(text: str) -> str:
    parsed = ParsedMail(text=text, languages=list(SIGNATURE_LANGUAGES), keep_hyphen_lists=True).read()
    if not parsed.replies:
        return ""
    first = parsed.replies[0]
    return "" if first.headers else first.body


def latest_reply(text: str, known: dict[str, frozenset[str]] | None = None) -> str:
    """The player's blocks as one text, a blank line between blocks."""
    return "\n\n".join(reply_blocks(text, known))


# --- the lines ----------------------------------------------------------------------

_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")
# A list item's bullet (Gmail's "- gold", "• gold", "1. gold") is no part of the command.
_BULLET = re.compile(r"^([-*•·–—◦▪▫●○■□►▸➢✓]|\d{1,2}[.)]|o(?=\s{2}))\s+")
# Salutations above the commands are skipped.
_OPENING = re.compile(
    r"^(hi|hello|hey|dear|good (morning|afternoon|evening)|hallo|moin|servus|liebe|lieber|guten (morgen|tag|abend)|"
    r"bonjour|bonsoir|salut|coucou|cher|ch[èe]re|ciao|salve|buongiorno|buonasera|caro|cara|hola|buenos d[íi]as|"
    r"buenas( tardes| noches)?|querid[oa]|hoi|beste|goedemorgen|goedemiddag|goedenavond|goedendag|hej)\b[\w\s,.!-]*$",
    re.IGNORECASE,
)
# A closing ends the block: what follows it (a name, a signature) is not read.
# Only a short line (four words at most) is taken for one.
_CLOSING = re.compile(
    r"^[¡!]?(thanks|thank you|many thanks|thx|cheers|regards|best|kind regards|best regards|warm regards|"
    r"all the best|bye|see you|have a (nice|good|great) (day|weekend)|"
    r"danke|vielen dank|danke sch[öo]n|((viele|liebe|beste|herzliche|freundliche|sch[öo]ne|mit freundlichen)\s+)?"
    r"gr[üu](ß|ss)(e|en)?|lg|vg|mfg|tsch[üu]ss|bis bald|ciao|"
    r"merci|cordialement|bien cordialement|bien [àa] vous|bises|amiti[ée]s|[àa] bient[ôo]t|bonne (journ[ée]e|soir[ée]e)|"
    r"salutations|grazie|saluti|cordiali saluti|distinti saluti|un saluto|a presto|buona (giornata|serata)|"
    r"gracias|muchas gracias|saludos|un saludo|atentamente|besos|abrazos|un abrazo|hasta (luego|pronto)|"
    r"bedankt|dank (je|u)|groet|groeten|groetjes|((met )?vriendelijke|hartelijke) groet(en)?|mvg|tot ziens|fijne dag|"
    r"tack|hilsen|mvh|pozdrawiam|d[ií]ky|s pozdravem)\b[^\n]*$",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class Line:
    """One line the player wrote. kind: "text" (to be read as a command),
    "greeting", "closing", or "signed" (after a closing: a name, a signature)."""

    text: str
    kind: str = "text"


def reply_lines(blocks: list[str]) -> list[Line]:
    """Each non-blank line of the player's blocks, in order, with its kind.
    List bullets and control characters are taken off a line."""
    out: list[Line] = []
    for block in blocks:
        closed = False
        seen_text = False
        for raw in block.splitlines():
            if raw == SIGNATURE_MARK:
                closed = True  # what follows, mail-parser-reply took for a signature
                continue
            line = _CONTROL.sub("", raw).strip().strip("\u200b\ufeff").strip()
            if not line or line.startswith(">"):
                continue
            line = _BULLET.sub("", line).strip()
            if not line:
                continue
            short = len(line.split()) <= 4
            if closed:
                out.append(Line(line, "closing" if short and _CLOSING.match(line) else "signed"))
            elif short and _CLOSING.match(line):
                out.append(Line(line, "closing"))
                closed = seen_text or any(x.kind == "text" for x in out)
            elif short and _OPENING.match(line) and not seen_text:
                out.append(Line(line, "greeting"))
            else:
                out.append(Line(line, "text"))
                seen_text = True
    return out


def command_lines(text: str) -> list[str]:
    """The lines of a reply text meant as commands (greetings, closings and
    what follows a closing left out)."""
    return [x.text for x in reply_lines([text]) if x.kind == "text"]
