"""The words with which mail programs start quoted history, in every
language we know them in: attributions ("On … wrote:"), "original message"
separators and the field names of header blocks ("From:", "Sent:").

Taken from maintained sources, not typed one by one:

- Thunderbird's translations (71 locales, Mozilla's translators keep them):
  its three attribution templates, its "Original Message" and "Forwarded
  Message" lines and its header names, extracted by
  ``scripts/reply-languages-extract`` into ``data/thunderbird_l10n.json``
  (MPL-2.0, as its source).
- mail-parser-reply's per-language rules (``MAIL_LANGUAGES``: Gmail's and
  Outlook's attributions, header blocks and "sent from" lines in English,
  German, Czech, Danish, Spanish, French, Italian, Japanese, Korean, Dutch,
  Polish, Swedish and Chinese), imported as they are.
- ``WEBMAIL`` below: what webmails and Outlook write that neither has, each
  with the public reply-parser list or fixture it is documented in
  (discourse/email_reply_trimmer, mailgun/talon, crisp-oss/email-reply-parser).
"""

from __future__ import annotations

import json
import re
from functools import lru_cache
from pathlib import Path

from mailparser_reply.constants import MAIL_LANGUAGES

THUNDERBIRD = json.loads((Path(__file__).parent / "data" / "thunderbird_l10n.json").read_text(encoding="utf-8"))

# The languages docs/email.md promises: the 24 official languages of the EU,
# Norwegian, Russian, Ukrainian, Turkish, Chinese, Japanese and Korean (the
# Thunderbird locale each is read from; Maltese has none, see WEBMAIL).
LANGUAGES = {
    "bg": "bg", "hr": "hr", "cs": "cs", "da": "da", "nl": "nl", "en": "en-GB", "et": "et", "fi": "fi",
    "fr": "fr", "de": "de", "el": "el", "hu": "hu", "ga": "ga-IE", "it": "it", "lv": "lv", "lt": "lt",
    "mt": None, "pl": "pl", "pt": "pt-PT", "ro": "ro", "sk": "sk", "sl": "sl", "es": "es-ES", "sv": "sv-SE",
    "no": "nb-NO", "ru": "ru", "uk": "uk", "tr": "tr", "zh": "zh-CN", "ja": "ja", "ko": "ko",
}

# What webmails and Outlook write that Thunderbird's and mail-parser-reply's
# lists lack. "wrote": attribution verbs (the line ends with one and a colon);
# "original": separator words; "from"/"fields": header block field names.
WEBMAIL: dict[str, dict[str, list[str]]] = {
    # Gmail's and Outlook's own words (discourse email_header_matcher.rb,
    # talon quotations.py RE_FROM_COLON_OR_DATE_COLON, crisp regex.ts).
    "en": {"wrote": ["wrote", "writes"], "original": ["Original Message", "Reply Message",
           "Forwarded Message", "Forwarded message", "Begin forwarded message"],
           "fields": ["Sent", "Date", "To", "Cc", "Subject", "Reply-To"]},
    "de": {"wrote": ["schrieb", "geschrieben", "schrieben Sie"], "original": ["Ursprüngliche Nachricht",
           "Original-Nachricht", "Weitergeleitete Nachricht", "Antwort Nachricht"], "fields": ["Gesendet", "Datum"]},
    "fr": {"wrote": ["a écrit", "nous a dit", "écrit"], "original": ["Message d'origine", "Message transféré",
           "Début du message transféré"], "from": ["Expéditeur"], "fields": ["Envoyé", "Destinataire", "Répondre à"]},
    "it": {"wrote": ["ha scritto", "scritto"], "original": ["Messaggio originale"], "fields": ["Inviato", "Risposta"]},
    "es": {"wrote": ["escribió"], "original": ["Mensaje original"], "fields": ["Enviado", "Fecha", "Para", "Asunto"]},
    "pt": {"wrote": ["escreveu"], "original": ["Mensagem original"], "fields": ["Enviada em", "Enviado", "Para", "Assunto"]},
    "nl": {"wrote": ["schreef", "het volgende geschreven", "verzond"], "original": ["Oorspronkelijk bericht",
           "Origineel bericht"], "fields": ["Verzonden", "Beantwoorden - Aan"]},
    "da": {"wrote": ["skrev"], "original": ["Oprindelig meddelelse", "Oprindelig besked"], "fields": ["Sendt"]},
    "no": {"wrote": ["skrev"], "original": ["Opprinnelig melding"], "fields": ["Sendt"]},
    "sv": {"wrote": ["skrev"], "original": ["Ursprungligt meddelande"], "fields": ["Skickat"]},
    "pl": {"wrote": ["napisał", "napisał(a)", "pisze", "nadesłał"], "original": ["Oryginalna wiadomość"],
           "fields": ["Wysłano"]},
    "ru": {"wrote": ["написал", "написал(а)", "пишет"], "original": ["Исходное сообщение", "Пересылаемое сообщение"],
           "fields": ["Отправлено", "Дата", "Кому", "Тема"]},
    "uk": {"wrote": ["пише", "написав", "написала", "написав(ла)"], "original": ["Початкове повідомлення",
           "Оригінальне повідомлення"], "fields": ["Надіслано", "Дата", "Кому", "Тема"]},
    "fi": {"wrote": ["kirjoitti"], "original": ["Alkuperäinen viesti"], "fields": ["Lähetetty"]},
    "hu": {"wrote": ["írta"], "original": ["Eredeti üzenet"], "fields": ["Elküldve", "Címzett", "Tárgy"]},
    "cs": {"wrote": ["napsal", "napsal(a)"], "original": ["Původní zpráva"], "fields": ["Odesláno"]},
    "sk": {"wrote": ["napísal", "napísal(a)"], "original": ["Pôvodná správa"], "fields": ["Odoslané"]},
    "tr": {"wrote": ["yazdı"], "original": ["Orijinal İleti", "Özgün İleti"], "fields": ["Gönderildi", "Tarih"]},
    # QQ Mail and Chinese Outlook (discourse embedded_email_matcher.rb "原始邮件",
    # email_header_matcher.rb "发送时间"; mail-parser-reply's "zh" fields).
    "zh": {"wrote": ["写道", "寫道"], "original": ["原始邮件", "原始郵件", "原始消息", "转发的消息"],
           "from": ["发件人", "寄件者", "寄件人"], "fields": ["发送时间", "收件人", "主题", "日期", "時間", "收件者", "主旨"]},
    # Japanese Outlook and Gmail ("のメッセージ", crisp regex.ts).
    "ja": {"wrote": ["のメッセージ", "さんは書きました", "書きました"], "original": ["元のメッセージ", "転送されたメッセージ"],
           "from": ["差出人", "送信者"], "fields": ["送信日時", "宛先", "件名", "日付"]},
    "ko": {"wrote": ["작성", "님이 작성", "작성하였습니다", "쓴 글"], "original": ["원본 메시지", "원래 메시지"],
           "from": ["보낸 사람", "보낸사람"], "fields": ["보낸 날짜", "받는 사람", "제목", "날짜"]},
    # Maltese: no Thunderbird locale and no reply parser lists it; Outlook's
    # and Gmail's Maltese words, to be confirmed by a real Maltese mail.
    "mt": {"wrote": ["kiteb"], "original": ["Messaġġ oriġinali"], "from": ["Minn"],
           "fields": ["Mibgħut", "Lil", "Suġġett", "Data"]},
}


def _locale_entries():
    for locale, entry in THUNDERBIRD["locales"].items():
        yield locale, entry


def _words(template: str) -> str:
    """A Thunderbird template's fixed text, the placeholders removed."""
    return re.sub(r"\s+", " ", re.sub(r"#\s?\d|%s", " ", template)).strip(" ,:：")


def _template_regex(template: str) -> str:
    """A Thunderbird attribution template as a regex for one (joined) line."""
    out = []
    for piece in re.split(r"(#\s?\d|%s)", template.replace("\u00a0", " ").strip().rstrip(":：").strip()):
        if re.fullmatch(r"#\s?1|%s", piece):
            out.append(r".{1,200}?")
        elif re.fullmatch(r"#\s?\d", piece):
            out.append(r".{1,80}?")
        elif piece:
            out.append(r"\s*".join(r"\s+".join(re.escape(w) for w in part.split()) for part in re.split(r"(?<=,)", piece)))
    body = r"\s*".join(p for p in out)
    return r"^[\s>*-]*" + body + r"\s*[:：]\s*-*$"


def attribution_verbs() -> set[str]:
    verbs: set[str] = set()
    for _locale, entry in _locale_entries():
        if entry.get("wrote"):
            verbs.add(_words(entry["wrote"]))
    for lang in WEBMAIL.values():
        verbs.update(lang.get("wrote", []))
    return {v for v in verbs if v}


def attribution_templates() -> list[str]:
    found = set()
    for _locale, entry in _locale_entries():
        for key in ("on_date_wrote", "wrote_on_date"):
            if entry.get(key) and "#" in entry[key]:
                found.add(_template_regex(entry[key]))
    return sorted(found)


def attribution_shapes() -> list[tuple[str, ...]]:
    """Thunderbird's dated attribution templates as the words they hold, in
    order, each word lowercased with its whitespace made single, a ``""``
    first when the template begins with a placeholder: "Am #2 um #3 schrieb
    #1:" is ("am", "um", "schrieb"). Matched word by word (reader), in time
    linear in the line, where a regex of placeholders would backtrack."""
    found = set()
    for _locale, entry in _locale_entries():
        for key in ("on_date_wrote", "wrote_on_date"):
            template = (entry.get(key) or "").replace("\u00a0", " ").strip().rstrip(":：").strip()
            if "#" not in template:
                continue
            pieces = [re.sub(r"\s+", " ", p.strip(" ,")).lower() for p in re.split(r"#\s?\d|%s", template)]
            words = tuple(p for p in pieces if p)
            if not any(re.search(r"[^\W\d_]{2}", w) for w in words):
                continue  # placeholders and commas only ("#2 #3, #1:"): would match any line
            found.add((("",) if pieces[0] == "" else ()) + words + (("",) if pieces[-1] == "" else ()))
    return sorted(found)


def separator_words() -> set[str]:
    words: set[str] = {"Original Message", "Forwarded Message"}
    for _locale, entry in _locale_entries():
        for key in ("original", "forwarded"):
            text = (entry.get(key) or "").strip(" -=_*")
            if len(text) >= 3:
                words.add(text)
            # "Pôvodná správa --- Original Message": each half on its own too
            for half in re.split(r"\s*-{2,}\s*|\s+/\s+", text):
                if len(half) >= 3:
                    words.add(half)
    for lang in WEBMAIL.values():
        words.update(lang.get("original", []))
    return words


def _mpr_fields(lang: str) -> list[str]:
    """The header names of mail-parser-reply's ``from_header`` rule of a
    language, as regex fragments (its first one is "From")."""
    rule = MAIL_LANGUAGES.get(lang, {}).get("from_header", "")
    found = re.findall(r"\[\* \]\*\(\?:([^()]*(?:\([^()]*\)[^()]*)*)\):", rule)
    if not found:
        return []
    return [f.strip() for f in found[-1].split("|") if f.strip()]


def from_fields() -> set[str]:
    """Names of the "From" field, as regex fragments."""
    out = set()
    for _locale, entry in _locale_entries():
        for key in ("from", "sender"):
            if entry["headers"].get(key):
                out.add(re.escape(entry["headers"][key]))
    for lang in MAIL_LANGUAGES:
        fields = _mpr_fields(lang)
        if fields:
            out.add(fields[0])
    for lang in WEBMAIL.values():
        out.update(re.escape(x) for x in lang.get("from", []))
    out.update({"From", "Von", "De", "Da", "Van", "Fra", "Från", "Od", "От"})
    return out


def header_fields() -> set[str]:
    """Names of every header block field, as regex fragments."""
    out = set(from_fields())
    for _locale, entry in _locale_entries():
        out.update(re.escape(v) for v in entry["headers"].values())
    for lang in MAIL_LANGUAGES:
        out.update(_mpr_fields(lang))
    for lang in WEBMAIL.values():
        out.update(re.escape(x) for x in lang.get("fields", []))
    return {x for x in out if x}


def sent_from() -> list[str]:
    """mail-parser-reply's "sent from" rules of every language (regexes)."""
    return [v["sent_from"] for v in MAIL_LANGUAGES.values() if v.get("sent_from")]


def mpr_wrote_headers() -> list[str]:
    return [v["wrote_header"] for v in MAIL_LANGUAGES.values() if v.get("wrote_header")]


@lru_cache(maxsize=1)
def summary() -> dict[str, dict[str, bool]]:
    """Per promised language: which kinds of marks we know (docs and tests)."""
    out = {}
    for lang, locale in LANGUAGES.items():
        tb = THUNDERBIRD["locales"].get(locale or "", {})
        web = WEBMAIL.get(lang, {})
        out[lang] = {
            "attribution": bool(tb.get("wrote") or web.get("wrote") or MAIL_LANGUAGES.get(lang, {}).get("wrote_header")),
            "separator": bool(tb.get("original") or web.get("original")),
            "header_block": bool(tb.get("headers", {}).get("from") or web.get("from") or _mpr_fields(lang)),
        }
    return out
