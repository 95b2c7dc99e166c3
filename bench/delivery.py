"""What one mail with its board costs to deliver, before and after resvg and the
PNG cache, side by side in one run (docs/benchmarks.md, "Boards drawn cheaply").

    python -m bench.delivery [--citadels 12] [--augsburg 4] [--rounds 3]

Builds its own database (bench/stack.py) with started games whose players take
the board picture; each game's first your-move mails are the rows delivered.
Every row is delivered by ``notification_send`` (its text and HTML rendered from
the row's data, the board's PNG, the MIME message, Django's locmem backend) in
each of these ways in turn, the row made unsent again in between, so the ways
meet the same rows and the same load of the machine:

- before: the PNG drawn by CairoSVG for every mail (the code before, no cache);
- resvg, first: resvg draws it, the cache holds no copy (the first mail showing this board);
- resvg, again: the same picture again (a second recipient, channel or retry): from the cache;
- no picture: the player's ``notify board off`` (what the rest of a delivery costs).

CPU is this process's (time.process_time), so other processes on the machine add
little; the renderers' own CPU on the same SVGs is printed too.
"""

from __future__ import annotations

import argparse
import statistics
import time

from bench.stack import Stack, machine

WAYS = ("before (CairoSVG)", "resvg, first", "resvg, again (cache)", "no picture")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--citadels", type=int, default=12)
    ap.add_argument("--augsburg", type=int, default=4)
    ap.add_argument("--rounds", type=int, default=3, help="deliveries of every row in every way")
    args = ap.parse_args(argv)

    stack = Stack("delivery")
    stack.env["EMAIL_BACKEND"] = "django.core.mail.backends.locmem.EmailBackend"
    stack.database_create()
    try:
        stack.django_setup()
        import cairosvg
        from django.core.cache import caches
        from django.core import mail
        from django.db import connection

        import boards
        from bench.moves import games_build
        from notifications import outbox
        from notifications.models import Notification
        from notifications.services import notification_send
        from pbem import services

        print(f"machine: {machine()}")
        ids, _ = games_build(citadels=args.citadels, augsburg=args.augsburg)
        for game_id in ids:
            services.game_advance(game_id=game_id)
        rows = list(Notification.objects.filter(kind=Notification.Kind.YOUR_MOVE, mail=True).values_list("pk", flat=True))
        assert rows, "no your-move mail was written"

        resvg_png = outbox.board_png

        def cairo_png(svg: str) -> bytes:
            return cairosvg.svg2png(bytestring=svg.encode("utf-8"), output_width=outbox.BOARD_PNG_WIDTH)

        def unsend(pk: int) -> None:
            Notification.objects.filter(pk=pk).update(sent_at=None, body_text="", body_html="", board_svg="", attempts=0)

        cpu: dict[str, list[float]] = {w: [] for w in WAYS}
        svgs: list[str] = []
        for _ in range(args.rounds):
            for pk in rows:
                for way in WAYS:
                    unsend(pk)
                    outbox.board_png = cairo_png if way == WAYS[0] else resvg_png
                    if way == WAYS[1]:
                        caches["boards"].clear()
                    board_off = way == WAYS[3]
                    if board_off:
                        _board_image_set(Notification, pk, False)
                    start = time.process_time()
                    assert notification_send(notification_id=pk), f"row {pk} was not sent"
                    cpu[way].append(time.process_time() - start)
                    mail.outbox.clear()
                    if board_off:
                        _board_image_set(Notification, pk, True)
                    elif way == WAYS[1]:
                        svgs.append(Notification.objects.get(pk=pk).board_svg)
        outbox.board_png = resvg_png

        n = len(rows)
        print(f"\n{n} your-move mails (Citadels 4 seats, Augsburg 1520 5 seats), each delivered {args.rounds}× in each way,"
              " interleaved; CPU of this process per mail:")  # fmt: skip
        base = statistics.mean(cpu[WAYS[0]])
        print(f"  {'way':<24} {'mean':>9} {'median':>9} {'p95':>9}  vs before")
        for way in WAYS:
            values = sorted(cpu[way])
            p95 = values[min(len(values) - 1, int(0.95 * len(values)))]
            mean = statistics.mean(values)
            print(f"  {way:<24} {mean * 1000:7.1f}ms {statistics.median(values) * 1000:7.1f}ms {p95 * 1000:7.1f}ms  {mean / base:6.1%}")

        # the renderers alone on the same boards (the difference between the first two ways)
        sample = svgs[: min(len(svgs), 24)]
        for name, render in (("CairoSVG", lambda s: cairo_png(s)), ("resvg", lambda s: boards.png(s, outbox.BOARD_PNG_WIDTH))):
            start = time.process_time()
            for s in sample:
                render(s)
            print(f"  {name} alone: {(time.process_time() - start) / len(sample) * 1000:.1f} ms CPU per board ({len(sample)} boards)")
        connection.close()
        return 0
    finally:
        stack.close()


def _board_image_set(model, pk: int, on: bool) -> None:
    """The row as it is written for a player who turned the picture off (``notify board off``), or on."""
    row = model.objects.get(pk=pk)
    model.objects.filter(pk=pk).update(data=row.data | {"board_image": on})


if __name__ == "__main__":
    raise SystemExit(main())
