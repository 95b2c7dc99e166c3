"""A soak of the embedded default: ``make run``'s own processes (supervisord: web, worker, mail,
beat, smtp; SQLite and the SQLite broker) under clients for a while, then the checks.

    python -m bench.soak_embedded                       # 8 clients, 40 games, 30 minutes
    python -m bench.soak_embedded --minutes 2 --clients 2 --games 4 --kill-each

Each client is a player with its own API token and games (its seat, bots in the others). It sends
a legal move (its engine's bot choice for its seat, read from the game) whenever it is asked: by
the API, and every fifth one by mail to its seat's reply address through the SMTP server, as a
mail program would. ``--kill-each`` kills each embedded process once (SIGKILL) during the run and
checks supervisord started it again. At the end:

- no process exited unexpectedly (but those killed on purpose), and each is running;
- every move the API accepted is applied, once (no two moves of one seat at one version applied);
- every mail written once: each sent notification is one file in var/mail (by Message-ID);
- the games went on (versions per minute, and after each kill).

Prints the figures and exits non-zero if a check fails (tests/e2e/test_soak_embedded.py runs a
small sample of it in the suite). Figures go to docs/benchmarks.md by hand.
"""

from __future__ import annotations

import argparse
import glob
import http.client
import json
import os
import re
import signal
import smtplib
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PROGRAMS = ("web", "worker", "mail", "beat", "smtp")
_SUITE_ONLY = ("DATABASE_", "REDIS_", "CELERY_", "PBEM_", "EMAIL_", "DJANGO_")


def _free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Embedded:
    """``make run`` in a process group of its own, var/ in a temporary directory."""

    def __init__(self):
        self.dir = Path(tempfile.mkdtemp(prefix="pbem-soak-embedded-"))
        self.var = self.dir / "var"
        self.port, self.smtp_port = _free_port(), _free_port()
        self.env = {k: v for k, v in os.environ.items() if not k.startswith(_SUITE_ONLY)}
        self.env |= {"PBEM_VAR_DIR": str(self.var), "PBEM_PORT": str(self.port), "PBEM_SMTP_PORT": str(self.smtp_port)}
        self.log_path = self.dir / "make-run.log"
        self.log = self.log_path.open("w")
        self.proc = subprocess.Popen(["make", "--no-print-directory", "-C", str(ROOT), "run"], env=self.env,
                                     stdout=self.log, stderr=subprocess.STDOUT, start_new_session=True)  # fmt: skip
        deadline = time.monotonic() + 180
        while not self.up():
            if self.proc.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError("make run did not come up:\n" + self.output()[-3000:])
            time.sleep(0.5)
        while any(self.pid(p) is None for p in PROGRAMS) and time.monotonic() < deadline:
            time.sleep(0.5)

    def output(self) -> str:
        return self.log_path.read_text(errors="replace")

    def up(self) -> bool:
        try:
            c = http.client.HTTPConnection("127.0.0.1", self.port, timeout=2)
            c.request("GET", "/")
            return c.getresponse().status == 200
        except OSError:
            return False

    def pid(self, program: str) -> int | None:
        found = re.findall(rf"spawned: '{program}' with pid (\d+)", self.output())
        return int(found[-1]) if found else None

    def stop(self) -> None:
        try:
            os.killpg(self.proc.pid, signal.SIGTERM)
            self.proc.wait(timeout=60)
        except (ProcessLookupError, subprocess.TimeoutExpired):
            os.killpg(self.proc.pid, signal.SIGKILL)
        self.log.close()


def _django(var: Path):
    os.environ.update({"PBEM_VAR_DIR": str(var), "DJANGO_SETTINGS_MODULE": "config.settings.base"})
    for k in [k for k in os.environ if k.startswith(("DATABASE_", "REDIS_", "CELERY_"))]:
        del os.environ[k]
    import django

    django.setup()


def soak(minutes: float, clients: int, games: int, kill_each: bool) -> dict:
    stack = Embedded()
    try:
        _django(stack.var)
        from django.contrib.auth import get_user_model
        from django.db.models import Count
        from rest_framework.authtoken.models import Token

        from engines.registry import ENGINES
        from engines.rng import Rng
        from notifications.models import Notification, ReplyAddress
        from pbem import services
        from pbem.models import Game, Move, PendingAction

        slugs = sorted(ENGINES)
        players = []
        for c in range(clients):
            user = get_user_model().objects.create_user(f"soak{c}", f"soak{c}@example.org", "x")
            players.append((user, Token.objects.create(user=user).key, []))
        for g in range(games):
            user, _, mine = players[g % clients]
            slug = slugs[g % len(slugs)]
            n = ENGINES[slug].min_players
            game = services.game_create(creator=user, engine=slug, players=n, bots=n - 1, seed=9000 + g)
            services.game_start(game_id=game.pk, user=user)
            mine.append(game.pk)
        accepted, refused, by_mail, errors = [], Counter(), Counter(), []
        stop = threading.Event()
        lock = threading.Lock()

        def client(user, token, mine, number):
            from django.db import connection

            rng = Rng.from_seed(number)
            sent = 0
            try:
                while not stop.is_set():
                    did = False
                    for game_id in mine:
                        g = Game.objects.get(pk=game_id)
                        if g.status != Game.Status.ACTIVE or not PendingAction.objects.filter(
                            game=g, version=g.version, seat__index=0, closed_at__isnull=True, submitted_at__isnull=True
                        ).exists():
                            continue
                        action = ENGINES[g.engine].bot(g.state, 0, rng)
                        sent += 1
                        did = True
                        if sent % 5 == 0:
                            reply = ReplyAddress.objects.filter(user=user, game=g, seat=0).first()
                            if reply is not None:
                                text = ENGINES[g.engine].command(g.state, 0, action)
                                try:
                                    with smtplib.SMTP("127.0.0.1", stack.smtp_port, timeout=30) as s:
                                        s.sendmail(user.email, [f"{reply.token}@pbem.localhost"],
                                                   f"Subject: Re: your move\r\nMessage-ID: <soak-{number}-{sent}@example.org>\r\n\r\n{text}\r\n".encode())
                                    with lock:
                                        by_mail["sent"] += 1
                                except (OSError, smtplib.SMTPException) as exc:
                                    with lock:
                                        by_mail[type(exc).__name__] += 1
                                continue
                        c = http.client.HTTPConnection("127.0.0.1", stack.port, timeout=60)
                        try:
                            c.request("POST", f"/api/games/{g.pk}/moves/", json.dumps({"action": action, "version": g.version}),
                                      {"Authorization": f"Token {token}", "Content-Type": "application/json",
                                       "Idempotency-Key": f"soak-{number}-{sent}"})
                            r = c.getresponse()
                            body = r.read()
                        except OSError as exc:  # the web process killed on purpose: sent again later
                            with lock:
                                refused[type(exc).__name__] += 1
                            continue
                        with lock:
                            if r.status == 202:
                                accepted.append(json.loads(body)["move"])
                            else:
                                refused[r.status] += 1
                                if r.status >= 500:
                                    errors.append((r.status, body[:200]))
                    if not did:
                        time.sleep(0.3)
            finally:
                connection.close()

        threads = [threading.Thread(target=client, args=(u, t, m, i), daemon=True) for i, (u, t, m) in enumerate(players)]
        start = time.monotonic()
        versions0 = sum(Game.objects.filter(pk__in=[p for _, _, m in players for p in m]).values_list("version", flat=True))
        for t in threads:
            t.start()
        killed, restarted = [], {}
        kill_at = {p: start + (i + 1) * minutes * 60 / (len(PROGRAMS) + 2) for i, p in enumerate(PROGRAMS)} if kill_each else {}
        while time.monotonic() - start < minutes * 60:
            now = time.monotonic()
            for program, at in list(kill_at.items()):
                if now >= at:
                    pid = stack.pid(program)
                    os.kill(pid, signal.SIGKILL)
                    killed.append(program)
                    del kill_at[program]
                    deadline = time.monotonic() + 90
                    while stack.pid(program) == pid and time.monotonic() < deadline:
                        time.sleep(0.2)
                    restarted[program] = stack.pid(program) != pid
            time.sleep(0.5)
        stop.set()
        for t in threads:
            t.join(timeout=120)
        # let the last moves and mails settle
        ids = [p for _, _, m in players for p in m]
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline and (
            Game.objects.filter(pk__in=ids, advance_queued_at__isnull=False).exists()
            or Notification.objects.filter(sent_at__isnull=True).exists()
        ):
            time.sleep(1)
        elapsed = (time.monotonic() - start) / 60
        versions = sum(Game.objects.filter(pk__in=ids).values_list("version", flat=True)) - versions0
        out = stack.output()
        unexpected = [m for m in re.findall(r"exited: (\w+) \(([^)]*)\)", out) if "not expected" in m[1]]
        unexpected_not_killed = Counter(p for p, _ in unexpected)
        for p in killed:
            unexpected_not_killed[p] -= 1
        crashed = {p: n for p, n in unexpected_not_killed.items() if n > 0}
        applied = Move.objects.filter(pk__in=accepted)
        not_applied = applied.exclude(status__in=[Move.Status.APPLIED, Move.Status.SUPERSEDED]).count()
        doubled = (
            Move.objects.filter(game_id__in=ids, status=Move.Status.APPLIED)
            .values("game_id", "version", "seat").annotate(n=Count("id")).filter(n__gt=1).count()
        )
        files = Counter()
        for name in glob.glob(str(stack.var / "mail" / "*")):
            # Django's file backend appends every mail of one connection (and of connections opened
            # in the same second) to one file: count each mail's own Message-ID header
            for line in Path(name).read_text(errors="replace").splitlines():
                if line.startswith("Message-ID: <"):
                    files[line.split(":", 1)[1].strip().strip("<>")] += 1
        sent = list(Notification.objects.filter(sent_at__isnull=False).exclude(last_error__startswith="not sent").values_list("message_id", flat=True))
        mail_missing = sum(1 for m in sent if files[m.strip("<>")] == 0)
        mail_doubled = sum(1 for m in sent if files[m.strip("<>")] > 1)
        running = {p: stack.pid(p) is not None and _alive(stack.pid(p)) for p in PROGRAMS}
        result = {
            "minutes": round(elapsed, 1), "clients": clients, "games": games,
            "moves_accepted_api": len(accepted), "moves_by_mail": dict(by_mail), "refused": dict(refused),
            "server_errors": len(errors), "versions_per_minute": round(versions / elapsed, 1),
            "crashed": crashed, "killed": killed, "restarted": restarted, "running": running,
            "accepted_not_applied": not_applied, "applied_twice": doubled,
            "mails_sent": len(sent), "mails_missing": mail_missing, "mails_written_twice": mail_doubled,
            "unsent_left": Notification.objects.filter(sent_at__isnull=True).count(),
        }
        result["ok"] = (
            not crashed and all(running.values()) and all(restarted.values()) and not errors
            and not not_applied and not doubled and not mail_missing and not mail_doubled and versions > 0
        )
        return result
    finally:
        stack.stop()


def _alive(pid: int) -> bool:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--minutes", type=float, default=30)
    ap.add_argument("--clients", type=int, default=8)
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--kill-each", action="store_true")
    args = ap.parse_args(argv)
    result = soak(args.minutes, args.clients, args.games, args.kill_each)
    print(json.dumps(result, indent=1), flush=True)
    return 0 if result["ok"] else 1


if __name__ == "__main__":
    sys.exit(main())
