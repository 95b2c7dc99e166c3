"""A whole game of every engine played on a phone by tapping the board (issue 28).

    python -m bench.table                    # all four games, one bot each (a few minutes)
    python -m bench.table --engine fugger    # one of them
    python -m bench.table --engine fugger --variant full --players 3   # another table of it

One run on a stack of its own (bench/stack.py: a fresh database, gunicorn with
uvicorn workers on ASGI and DEBUG off, one Celery worker) and Debian's Chromium at 390 x 844 px with touch:
a player plays seat 1 of each game against the engine's bot by tapping the
board only, as tests/web/tapping.py does (the browser tests play Citadels and
Staufer to the end the same way, and the first moves of Augsburg 1520 and
Fugger, whose whole games are too long for the suite). Printed per game: the
moves sent by a tap alone, those chosen in the acting part after a tap, those
the board offered whole where the move meant was not on it, those whose
amounts were set with the board's price steps and sent from it (Fugger's
asking prices and bids, auction bids; with the taps on steps), those written
in a form where the board has nothing to tap (must be 0), the moves refused (must be 0), the wall time, and the your-move mails sent to the
player while at the table (must be 0). Figures go to docs/benchmarks.md by
hand; nothing here is asserted by the suite.
"""

from __future__ import annotations

import argparse
import os
import time

from bench.stack import Stack, machine

GAMES = {
    "citadels": (2, {"city_size": 7}),
    "staufer": (2, None),
    "augsburg1520": (2, None),
    "fugger": (2, None),
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--engine", choices=list(GAMES), action="append", help="only these (default: all four)")
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--players", type=int, help="seats at the table, the others bots (default: 2)")
    parser.add_argument("--variant", help="Fugger's game: trading, nobility, country_estate or full (default: trading)")
    parser.add_argument("--keep", action="store_true", help="keep the stack's database and logs")
    args = parser.parse_args()
    os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")  # Playwright's loop beside the ORM, as in the tests
    stack = Stack("table")
    stack.database_create()
    try:
        stack.django_setup()
        url = stack.web_start(workers=2, asgi=True)  # as the site is served: each open page holds its event stream
        stack.worker_start(concurrency=1)
        print(machine())
        rows = [play(url, slug, args.seed, players=args.players, variant=args.variant) for slug in (args.engine or list(GAMES))]
        print(f"{'game':<14}{'tapped':>8}{'chosen':>8}{'instead':>9}{'stepped':>9}{'steps':>7}{'typed':>7}{'refused':>9}"
              f"{'seconds':>9}{'mails':>7}  finished")
        for slug, played, mails in rows:
            print(f"{slug:<14}{played.taps:>8}{played.chosen:>8}{played.instead:>9}{played.stepped:>9}{played.steps:>7}{played.typed:>7}"
                  f"{played.refused:>9}{played.seconds:>9.0f}{mails:>7}  "
                  f"{'yes' if played.finished else 'no'}" + (f"  refused: {played.why}" if played.why else ""))
    finally:
        stack.close(keep=args.keep)


def play(url: str, slug: str, seed: int, *, players: int | None = None, variant: str | None = None):
    from playwright.sync_api import sync_playwright

    from notifications.models import Notification
    from pbem import services
    from pbem.models import Seat
    from tests.conftest_worker import wait_for
    from tests.web.conftest import CHROMIUM, log_in, verified_player
    from tests.web.tapping import play_by_tapping

    default, options = GAMES[slug]
    players = players or default
    if slug == "fugger" and variant:
        options = {"variant": variant}
    name = f"tap-{slug}-{int(time.time())}"
    player = verified_player(name)
    game = services.game_create(creator=player, engine=slug, players=players, bots=players - 1, seed=seed, options=options)
    services.game_start(game_id=game.pk, user=player)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        try:
            page = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True).new_page()
            page.set_default_timeout(30_000)
            log_in(page, url, name, f"pw-{name}-secret")
            page.goto(f"{url}/games/{game.pk}/")
            wait_for(lambda: Seat.objects.get(game=game, index=0).page_seen_at, timeout=30, what="the page at the table")
            opened = Notification.objects.filter(recipient=player, kind=Notification.Kind.YOUR_MOVE).count()
            played = play_by_tapping(page, url, game, max_moves=600)
        finally:
            browser.close()
    mails = Notification.objects.filter(
        recipient=player, kind=Notification.Kind.YOUR_MOVE, sent_at__isnull=False, last_error=""
    ).order_by("pk")[opened:].count()
    return slug, played, mails


if __name__ == "__main__":
    main()
