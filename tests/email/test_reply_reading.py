"""Reading a reply without the database: charsets by their proper codec,
HTML without prologue, comments, scripts or styles, signed mail as its
text, the marks of quoted history in every promised language, every block
of an interleaved reply, and which lines are no command at all."""

from __future__ import annotations

import email
import email.policy
import re

import pytest

from pbem.email.reply import languages as L
from pbem.email.reply import mime, reader, report
from tests.email.corpus import SAMPLES

OURS = (
    "Game #7, Sealed bid, your move.\n\nAsked of you: Bid for the prize of 6 (0-10 coins).\n"
    "Deadline: Saturday 2026-11-28 20:41 (UTC)\n\nReply with one command per line:\n  bid 3                            Bid coins\n"
)


def read(body: str, known=None) -> list[reader.Line]:
    return reader.reply_lines(reader.reply_blocks(body, known, signatures=True))


def texts(body: str, known=None) -> list[str]:
    return [x.text for x in read(body, known) if x.kind == "text"]


def message(raw: bytes):
    return email.message_from_bytes(raw, policy=email.policy.default)


# --- the corpus, read ---------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(SAMPLES))
def test_each_corpus_sample_reads_exactly_its_commands(name):
    sample = SAMPLES[name]
    commands = sample.commands(6)
    body = mime.body_text(message(sample.mail("alice@example.org", "t@pbem.localhost", commands, OURS, "<a@b>")))
    lines = read(body, reader.known_lines([OURS]))
    assert [x.text for x in lines if x.text.startswith("bid")] == commands, body
    assert [x.text for x in lines if not x.text.startswith("bid")] == sample.skipped, body


def test_the_corpus_covers_three_projects_and_the_languages_of_the_issue():
    sources = {s.meta["source"].split()[0] for s in SAMPLES.values()}
    assert {"discourse/email_reply_trimmer", "crisp-oss/email-reply-parser", "alfonsrv/mail-parser-reply",
            "mailgun/talon", "willdurand/EmailReplyParser"} <= sources
    named = {"sv", "pl", "pt", "ru", "uk", "zh", "ja", "cs", "fi", "no", "da", "hu", "ko", "fr"}
    assert named <= {s.meta["language"] for s in SAMPLES.values()}
    charsets = {s.meta.get("charset", "utf-8").lower() for s in SAMPLES.values()}
    assert {"windows-1250", "koi8-r", "koi8-u", "iso-2022-jp", "gb18030", "big5", "ks_c_5601-1987"} <= charsets


# --- charsets -----------------------------------------------------------------------


@pytest.mark.parametrize("charset,text", [
    ("iso-2022-jp", "入札 ６、ありがとう"),
    ("ks_c_5601-1987", "똠방각하 안녕하세요"),  # 똠 is in CP949, not in EUC-KR
    ("gb2312", "谢谢，𠀀"),  # written by GB18030 programs: a character beyond GB2312
    ("gb18030", "谢谢"),
    ("big5", "謝謝，寄件者"),
    ("koi8-r", "Привет"),
    ("koi8-u", "Ґанок, їжак"),
    ("windows-1250", "Cześć, żółw"),
    ("windows-1251", "Здравей"),
    ("windows-1253", "Γεια σας"),
    ("iso-8859-2", "Szia, árvíztűrő"),
    ("iso-8859-9", "Merhaba, ığdır"),
])
def test_a_declared_charset_is_read_by_its_proper_codec(charset, text):
    codec = mime.charset_codecs(charset)[0]
    payload = text.encode(codec)
    assert mime.decode(payload, charset) == text


def test_iso_2022_jp_is_never_read_as_utf8_first():
    payload = "こんにちは".encode("iso2022_jp")
    assert payload.decode("utf-8")  # it is valid ASCII, so UTF-8 "works" - and reads $B$3$s...
    assert mime.decode(payload, "ISO-2022-JP") == "こんにちは"


def test_the_fallback_only_when_the_declared_charset_fails():
    assert mime.decode("wähle König".encode("latin-1"), "utf-8") == "wähle König"  # utf-8 fails: cp1252
    assert mime.decode("Grüße".encode("utf-8"), "x-unknown-42") == "Grüße"  # unknown: utf-8
    assert mime.decode("Grüße".encode("cp1252"), None) == "Grüße"


# --- HTML ---------------------------------------------------------------------------


def test_html_prologue_comments_scripts_and_styles_are_no_text():
    html = (
        '<?xml version="1.0" encoding="utf-8"?>\n<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0//EN">\n'
        "<html><head><title>Re</title><style>p {color: red}</style><script>var x = 1;</script></head>"
        "<body><!--StartFragment--><p>bid 6</p><!--EndFragment--><![CDATA[junk]]><noscript>n</noscript></body></html>"
    )
    assert [x for x in mime.html_to_text(html).splitlines() if x.strip()] == ["bid 6"]


def test_html_quotes_become_quoted_lines_so_answers_between_them_are_read():
    html = ('<div>bid 5</div><div class="gmail_quote"><div>On Sun, 22 Nov 2026 pbem wrote:</div>'
            "<blockquote>bid 3<blockquote>older</blockquote></blockquote></div><div>bid 6</div>")
    text = mime.html_to_text(html)
    assert "> bid 3" in text and "> > older" in text
    assert texts(text) == ["bid 5", "bid 6"]


# --- signed mail --------------------------------------------------------------------


def test_inline_pgp_reads_the_signed_text_with_dash_escapes_undone():
    text = ("-----BEGIN PGP SIGNED MESSAGE-----\nHash: SHA512\n\nbid 6\n- - a dash line\n-----BEGIN PGP SIGNATURE-----\n\n"
            "iQEz\n=ab\n-----END PGP SIGNATURE-----\n")
    assert mime.pgp_unsigned(text).splitlines() == ["bid 6", "- a dash line"]


@pytest.mark.parametrize("name", ["pgp_inline_signed", "pgp_mime_signed", "smime_detached", "smime_opaque"])
def test_signed_mail_reads_as_its_text(name):
    raw = SAMPLES[name].mail("alice@example.org", "t@pbem.localhost", ["bid 6"], OURS, None)
    assert texts(mime.body_text(message(raw))) == ["bid 6"]


# --- the marks of history in every promised language -------------------------------


def test_every_promised_language_has_attributions_separators_and_header_blocks():
    assert set(L.LANGUAGES) >= {"bg", "hr", "cs", "da", "nl", "en", "et", "fi", "fr", "de", "el", "hu", "ga", "it", "lv",
                                "lt", "mt", "pl", "pt", "ro", "sk", "sl", "es", "sv", "no", "ru", "uk", "tr", "zh", "ja", "ko"}
    assert all(all(kinds.values()) for kinds in L.summary().values()), L.summary()


def _locales():
    return sorted((lang, locale) for lang, locale in L.LANGUAGES.items() if locale)


@pytest.mark.parametrize("lang,locale", _locales())
def test_thunderbirds_attribution_in_each_language_starts_history(lang, locale):
    entry = L.THUNDERBIRD["locales"][locale]
    for key in ("on_date_wrote", "wrote_on_date"):
        line = entry[key].replace("#1", "pbem <games@pbem.localhost>").replace("#2", "22.11.2026").replace("#3", "09:12")
        body = f"bid 6\n\n{line}\n> bid 3\n"
        assert texts(body) == ["bid 6"], (key, line)
        # wrapped by the mail program after the address
        head, _, tail = line.partition("<games@pbem.localhost>")
        if tail.strip():
            assert texts(f"bid 6\n\n{head}<games@pbem.localhost>\n{tail.strip()}\n> bid 3\n") == ["bid 6"], line


@pytest.mark.parametrize("lang,locale", _locales())
def test_thunderbirds_separator_and_header_block_in_each_language_start_history(lang, locale):
    entry = L.THUNDERBIRD["locales"][locale]
    h = entry["headers"]
    block = (f"{h['from']}: pbem <games@pbem.localhost>\n{h['date']}: 22.11.2026 09:12\n{h['to']}: alice@example.org\n"
             f"{h['subject']}: [pbem] your move\n\nbid 3\n")
    assert texts(f"bid 6\n\n{entry['original']}\n{block}") == ["bid 6"], entry["original"]
    assert texts(f"bid 6\n\n{block}") == ["bid 6"], h


@pytest.mark.parametrize("line", [
    "Am 22.11.2026 um 09:12 schrieb pbem <games@pbem.localhost>:",
    "pbem <games@pbem.localhost> schrieb am So., 22. Nov. 2026, 09:12:",
    "вс, 22 нояб. 2026 г. в 09:12, pbem <games@pbem.localhost>:",  # Gmail, Russian, no verb
    "2026年11月22日(日) 9:12 pbem <games@pbem.localhost>:",  # Gmail, Japanese, no verb
    "2026년 11월 22일 (일) 오전 9:12, pbem <games@pbem.localhost>님이 작성:",
    "在 2026年11月22日 09:12，pbem <games@pbem.localhost> 写道：",
    "22. 11. 2026 v 9:12 pbem <games@pbem.localhost> napsal(a):",
    "2026. nov. 22., V 9:12 pbem <games@pbem.localhost> ezt írta:",
    "nd, 22 лист. 2026 р. о 09:12 pbem <games@pbem.localhost> пише:",
    "22 lis 2026 o 09:12 pbem <games@pbem.localhost> napisał(a):",
    "su 22.11.2026 klo 9.12 pbem (games@pbem.localhost) kirjoitti:",
    "søn. 22. nov. 2026 kl. 09:12 skrev pbem <games@pbem.localhost>:",
    "Στις Κυρ, 22 Νοε 2026 στις 9:12 π.μ., ο/η pbem <games@pbem.localhost> έγραψε:",
    "22 Kas 2026 Paz, 09:12 tarihinde pbem <games@pbem.localhost> şunu yazdı:",
    "Fi Ħad, 22 ta' Nov 2026 fil-09:12, pbem <games@pbem.localhost> kiteb:",
])
def test_webmail_attributions_start_history(line):
    assert texts(f"bid 6\n\n{line}\n\n> bid 3\n") == ["bid 6"]


@pytest.mark.parametrize("separator", [
    "------------------ 原始邮件 ------------------", "-------- Oprindelig besked --------", "-----Original Message-----",
    "-----Ursprüngliche Nachricht-----", "-------- Eredeti üzenet --------", "---- Исходное сообщение ----",
    "----- Messaġġ oriġinali -----", "-------- 원본 메시지 --------", "-----元のメッセージ-----",
])
def test_separators_start_history(separator):
    assert texts(f"bid 6\n\n{separator}\nbid 3\n") == ["bid 6"]


@pytest.mark.parametrize("block", [
    "Minn: pbem <games@pbem.localhost>\nMibgħut: il-Ħadd, 22 ta' Novembru 2026 09:12\nLil: alice@example.org\nSuġġett: [pbem] your move",
    "差出人: pbem <games@pbem.localhost>\n送信日時: 2026年11月22日 9:12\n宛先: alice@example.org\n件名: [pbem] your move",
    "보낸 사람: pbem <games@pbem.localhost>\n보낸 날짜: 2026년 11월 22일 일요일 오전 9:12\n받는 사람: alice@example.org\n제목: [pbem] your move",
    "От: pbem <games@pbem.localhost>\nОтправлено: 22 ноября 2026 г. 9:12\nКому: alice@example.org\nТема: [pbem] your move",
])
def test_outlooks_header_blocks_start_history(block):
    assert texts(f"bid 6\n\n{block}\n\nbid 3\n") == ["bid 6"]


def test_a_header_block_in_a_language_not_listed_is_found_by_its_shape():
    body = "bid 6\n\nFrom: pbem <games@pbem.localhost>\nKüldve: 2026. november 22. 9:12\nKinek: alice@example.org\nbid 3\n"
    assert texts(body) == ["bid 6"]


# --- blocks and lines ---------------------------------------------------------------


def test_every_block_of_an_interleaved_reply_is_read_in_order():
    body = "> bid 3\n> what now?\nbid 4\n\n> and then?\n\nbid 5\n> more\n>\nbid 6\n"
    assert texts(body) == ["bid 4", "bid 5", "bid 6"]


def test_unquoted_history_after_a_header_block_ends_the_reply():
    body = "bid 6\n\nFrom: pbem <games@pbem.localhost>\nSent: Sunday\nTo: alice\nSubject: x\n\nbid 3\nbid 4\n"
    assert texts(body) == ["bid 6"]


def test_our_own_mail_quoted_without_marks_is_never_read_wherever_it_is():
    body = "bid 6\n\n" + OURS
    assert texts(body, reader.known_lines([OURS])) == ["bid 6"]


@pytest.mark.parametrize("line,why", [
    ("Cześć,", "sentence"), ("Olá,", "sentence"), ("Привет", "letters"), ("こんにちは", "letters"), ("Anna", "name"),
    ("Alice W. (Augsburg)", "sentence"), ("I think this is the best move for me now", "sentence"),
])
def test_lines_that_are_no_command_at_all(line, why):
    assert why in report.not_a_command(line, {"bid", "help"})


@pytest.mark.parametrize("line", ["bid three", "bdi 3", "Bid: 3", "claim the coins", "peek 2"])
def test_lines_that_look_like_commands_gone_wrong(line):
    assert report.not_a_command(line, {"bid", "claim", "peek", "help"}) is None


def test_the_language_data_comes_from_its_sources():
    assert L.THUNDERBIRD["source"].endswith("thunderbird/thunderbird-l10n") and re.fullmatch(r"[0-9a-f]{40}", L.THUNDERBIRD["commit"])
    assert len(L.THUNDERBIRD["locales"]) > 60


# --- hostile input (its timing: bench/reply_reading.py, docs/benchmarks.md) --------------------------------------------------


def test_deeply_nested_html_quotes_are_read_without_recursion():
    html = "<div>bid 6</div>" + "<blockquote>" * 3000 + "bid 3" + "</blockquote>" * 3000
    assert texts(mime.html_to_text(html)) == ["bid 6"]
