"""Reading replies: the corpus and hostile input, timed.

    python -m bench.reply_reading

Times pbem.email.reply on every sample of tests/email/corpus (the whole
mail: MIME, charset, HTML, blocks, lines) and on inputs made to be slow:
64 KiB of lines shaped like dated attributions (commas, digits, a colon:
what a regex of placeholders backtracks on), lines repeating an attribution's
words, 256 KiB of HTML in 16,000 blocks, and 3,000 nested quotes. Figures
go to docs/benchmarks.md ("Reading replies"); no test asserts a time.
"""

from __future__ import annotations

import email
import email.policy
import os
import time

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.test")


def _timed(fn, *args) -> float:
    started = time.perf_counter()
    fn(*args)
    return time.perf_counter() - started


def main() -> None:
    import django

    django.setup()
    from bench.stack import machine
    from pbem.email.reply import mime, reader
    from tests.email.corpus import SAMPLES

    ours = "Game #7, your move.\n\nReply with one command per line:\n  bid 3   Bid coins\n" * 3
    known = reader.known_lines([ours])

    def read_mail(raw: bytes) -> None:
        body = mime.body_text(email.message_from_bytes(raw, policy=email.policy.default))
        reader.reply_lines(reader.reply_blocks(body, known, signatures=True))

    raws = [s.mail("alice@example.org", "t@pbem.localhost", s.commands(6), ours, "<a@b>") for s in SAMPLES.values()]
    times = sorted(_timed(read_mail, raw) for raw in raws)
    print(machine())
    print(f"corpus: {len(raws)} mails, median {times[len(times) // 2] * 1000:.1f} ms, slowest {times[-1] * 1000:.1f} ms")
    hostile = {
        "64 KiB of lines like '1, 1, 1, …:'": ((("1, " * 130) + ":\n") * 160)[: 64 * 1024],
        "64 KiB of 'tarihinde yazdı 1, … x:'": ((("tarihinde yazdı 1, " * 20) + "x:\n") * 160)[: 64 * 1024],
        "64 KiB of 'On On On 1 wrote … wrote:x'": ((("On On On 1 wrote " * 25) + "wrote:x\n") * 160)[: 64 * 1024],
    }
    for what, text in hostile.items():
        print(f"{what}: {_timed(reader.reply_blocks, text, None):.2f} s")
    print(f"256 KiB of HTML in 16,000 <div>s: {_timed(mime.html_to_text, '<div>bid 3</div>' * 16000):.2f} s")
    nested = "<blockquote>" * 3000 + "x" + "</blockquote>" * 3000
    print(f"3,000 nested <blockquote>s: {_timed(mime.html_to_text, nested):.2f} s")


if __name__ == "__main__":
    main()
