"""The embedded default's hop: a move sent → the game ready for the player again.

    python -m bench.embedded [--hops 40]

Starts the web and worker programs of ``config/supervisord.conf`` exactly as ``make
run`` does (SQLite, the SQLite broker, no server of any kind) in a fresh
``PBEM_VAR_DIR``, plays a 2-seat Citadels game against one bot through the
API with legal moves, and times each hop from sending the move until the
player is asked again: the worker has applied the step and, where the bot's
turn came, the bot's answers too. Hops where the bot answered are reported
apart from the player's own next actions in a turn.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench.stack import ROOT, free_port, machine, ms


def _procfile(env: dict) -> dict[str, str]:
    """The programs of config/supervisord.conf (make run's processes), with its %(ENV_...)s filled in."""
    import configparser

    conf = configparser.ConfigParser(defaults={f"ENV_{k}": v.replace("%", "%%") for k, v in env.items()} | {"here": str(ROOT / "config")})
    conf.read(ROOT / "config" / "supervisord.conf")
    return {s.split(":", 1)[1]: conf.get(s, "command") for s in conf.sections() if s.startswith("program:")}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--hops", type=int, default=40)
    args = ap.parse_args(argv)

    var = Path(tempfile.mkdtemp(prefix="pbem-bench-embedded-"))
    port = free_port()
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "REDIS_URL", "CELERY_QUEUE", "DJANGO_SETTINGS_MODULE")}
    env |= {"PBEM_VAR_DIR": str(var), "PBEM_PORT": str(port), "PATH": f"{Path(sys.executable).parent}:{env.get('PATH', '')}"}
    env["EMAIL_BACKEND"] = "django.core.mail.backends.filebased.EmailBackend"
    env["EMAIL_FILE_PATH"] = str(var / "mail")
    os.environ.clear()
    os.environ.update(env | {"DJANGO_SETTINGS_MODULE": "config.settings.base"})
    import django

    django.setup()
    from django.contrib.auth import get_user_model
    from django.core.management import call_command
    from rest_framework.authtoken.models import Token

    from engines.registry import get
    from engines.rng import Rng
    from pbem import services
    from pbem.models import Game, PendingAction

    call_command("migrate", verbosity=0)
    print(f"machine: {machine()}")
    procs = []
    try:
        programs = _procfile(env | {"CELERY_QUEUE": "pbem", "PBEM_SMTP_PORT": str(free_port())})
        for name in [n for n in ("web", "worker", "mail") if n in programs]:
            log = open(var / f"{name}.log", "wb")  # noqa: SIM115 - open for the process's life
            procs.append(subprocess.Popen(["bash", "-c", "exec " + programs[name]], cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True))
        from bench.stack import Stack

        Stack.wait_http(f"http://127.0.0.1:{port}")
        me = get_user_model().objects.create_user("me", "me@example.org", "x")
        token = Token.objects.create(user=me).key
        engine = get("citadels")
        game = services.game_create(creator=me, engine="citadels", players=2, bots=1, seed=7, time_control={"hours": 48})
        services.game_start(game_id=game.pk, user=me)
        rng = Rng.from_seed(3)

        def my_turn():
            g = Game.objects.get(pk=game.pk)
            mine = PendingAction.objects.filter(game=g, version=g.version, seat__index=0, closed_at__isnull=True, submitted_at__isnull=True)
            return g if g.status == Game.Status.ACTIVE and mine.exists() else None

        deadline = time.monotonic() + 30
        while not my_turn() and time.monotonic() < deadline:
            time.sleep(0.01)
        own, with_bot, posts = [], [], []
        for i in range(args.hops):
            g = my_turn()
            if g is None:
                break
            action = engine.bot(g.state, 0, rng)
            t = time.perf_counter()
            c = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
            c.request(
                "POST", f"/api/games/{g.pk}/moves/", json.dumps({"action": action, "version": g.version}),
                {"Authorization": f"Token {token}", "Content-Type": "application/json", "Idempotency-Key": f"hop{i}"},
            )  # fmt: skip
            r = c.getresponse()
            r.read()
            posts.append(time.perf_counter() - t)
            if r.status != 202:
                print("refused:", r.status)
                break
            while True:
                now = my_turn()
                if now is not None and now.version > g.version:
                    break
                if Game.objects.get(pk=game.pk).status != Game.Status.ACTIVE:
                    now = None
                    break
                time.sleep(0.005)
            if now is None:
                break
            hop = time.perf_counter() - t
            (with_bot if now.version > g.version + 1 else own).append(hop)
        print(f"\nembedded hop, move → the bot's answer applied (n={len(with_bot)}): {ms(with_bot)}")
        print(f"embedded hop, move → own next action in the turn (n={len(own)}): {ms(own)}")
        print(f"of which the POST itself (n={len(posts)}): {ms(posts)}")
        return 0
    finally:
        for p in procs:
            if p.poll() is None:
                os.killpg(p.pid, 15)
                p.wait(30)
        shutil.rmtree(var, ignore_errors=True)


if __name__ == "__main__":
    raise SystemExit(main())
