"""Open pages: polling (before) against pushed updates (after), side by side in one run.

    python -m bench.live                    # every figure (about ten minutes)
    python -m bench.live --pages 200 --seconds 10

One stack of its own (bench/stack.py: a fresh database, gunicorn with 3 workers as
docker-compose.yml has them, a Celery worker for the games (4 processes) and one for mail (2), as
docker-compose.yml has them too, Redis queues and a live channel of their own):

1. **before**: gunicorn on ``config.wsgi`` (sync workers, as the site was served until issue 27),
   ``--pages`` open game pages each asking ``/games/<id>/poll/`` every 3 s with its stamp (the
   204 path), as the page did: the web processes' CPU over ``--seconds`` (all of gunicorn's
   processes, from /proc), the polls answered and their p95;
2. **after**: gunicorn on ``config.asgi`` with uvicorn workers, the same pages each holding its
   event stream open (``/games/<id>/stream/``) and idle: the web processes' CPU over the same
   time, their threads and memory, the heartbeats received;
3. **latency** at low load, each way: one 4-player Citadels game of human seats; every decision
   is sent by the API (the legal move of the engine's bot), and a page of another seat waits for
   it: "before", the page's poll (every 3 s) sees the new stamp and the page fetches its board;
   "after", its stream says ``moved`` and the page fetches its board (the other pages stay
   open). Measured from the last POST of the decision to the board fetched: p50/p95.

The load client (aiohttp, one process) runs on the same machine. Figures go to
docs/benchmarks.md by hand; never asserted in tests.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import time
from pathlib import Path

import aiohttp

from bench.stack import Stack, machine, ms, percentile

TICK = os.sysconf("SC_CLK_TCK")


# --- the service's CPU ---------------------------------------------------------------


def group_pids(pgid: int) -> list[int]:
    pids = []
    for d in Path("/proc").iterdir():
        if d.name.isdigit():
            try:
                fields = (d / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[2]) == pgid:  # the process group (gunicorn and its workers)
                pids.append(int(d.name))
    return pids


def cpu_seconds(pgid: int) -> float:
    total = 0
    for pid in group_pids(pgid):
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += int(fields[11]) + int(fields[12])  # utime + stime
    return total / TICK


def db_connections(stack: Stack) -> int:
    """Connections to the stack's database now, but this one's and the Celery worker's."""
    import psycopg

    with psycopg.connect(f"{stack.pg_root}/postgres", autocommit=True) as conn:
        (n,) = conn.execute(
            "SELECT count(*) FROM pg_stat_activity WHERE datname = %s AND pid != pg_backend_pid() AND application_name = ''",
            [stack.db_name],
        ).fetchone()
    return n


def threads_and_rss(pgid: int) -> tuple[int, float]:
    threads, rss = 0, 0
    for pid in group_pids(pgid):
        try:
            status = Path(f"/proc/{pid}/status").read_text()
        except OSError:
            continue
        for line in status.splitlines():
            if line.startswith("Threads:"):
                threads += int(line.split()[1])
            elif line.startswith("VmRSS:"):
                rss += int(line.split()[1])
    return threads, rss / 1024


async def measure_cpu(pgid: int, seconds: float) -> float:
    """Share of one core the web processes used over ``seconds``, in %."""
    before, t = cpu_seconds(pgid), time.monotonic()
    await asyncio.sleep(seconds)
    return 100 * (cpu_seconds(pgid) - before) / (time.monotonic() - t)


# --- the data ------------------------------------------------------------------------


def build(pages: int) -> dict:
    """Forming public games for the idle pages (nothing moves there), one user per page, each
    logged in (a session); and one started 4-player Citadels game of human seats for the
    latency, its players with API tokens and sessions."""
    from django.conf import settings
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY, get_user_model
    from django.contrib.sessions.backends.db import SessionStore
    from rest_framework.authtoken.models import Token

    from pbem import services
    from pbem.web.selectors import poll_stamp

    User = get_user_model()
    backend = settings.AUTHENTICATION_BACKENDS[0]

    def session(user) -> str:
        s = SessionStore()
        s[SESSION_KEY], s[BACKEND_SESSION_KEY], s[HASH_SESSION_KEY] = str(user.pk), backend, user.get_session_auth_hash()
        s.create()
        return s.session_key

    users = User.objects.bulk_create([User(username=f"page{i}", email=f"page{i}@example.org", password="!") for i in range(pages)])
    games = [services.game_create(creator=users[i], engine="citadels", players=4, seed=i, time_control={"hours": 48}) for i in range(0, pages, 4)]
    idle = []
    for i, user in enumerate(users):
        game = games[i // 4]
        idle.append({"game": game.pk, "session": session(user), "stamp": poll_stamp(game_id=game.pk, user=user)})
    players = [User.objects.create_user(f"p{i}", f"p{i}@example.org", None) for i in range(4)]
    table = []
    for _ in range(2):  # one game for each way, so each starts from the same kind of position
        game = services.game_create(creator=players[0], engine="citadels", players=4, seed=7, time_control={"hours": 48})
        for u in players[1:]:
            services.game_join(game_id=game.pk, user=u)
        services.game_start(game_id=game.pk, user=players[0])
        table.append(game.pk)
    return {
        "idle": idle,
        "games": table,
        "tokens": [Token.objects.create(user=u).key for u in players],
        "sessions": [session(u) for u in players],
    }


# --- the pages -----------------------------------------------------------------------


async def poller(http: aiohttp.ClientSession, url: str, page: dict, stop: asyncio.Event, out: dict) -> None:
    await asyncio.sleep(random.uniform(0, 3))  # pages opened at different moments
    while not stop.is_set():
        t = time.perf_counter()
        try:
            async with http.get(f"{url}/games/{page['game']}/poll/", params={"stamp": page["stamp"]},
                                headers={"Cookie": f"sessionid={page['session']}"}) as r:
                await r.read()
                out["codes"][r.status] = out["codes"].get(r.status, 0) + 1
        except (aiohttp.ClientError, asyncio.TimeoutError) as e:
            out["errors"].append(repr(e))
        out["latencies"].append(time.perf_counter() - t)
        await asyncio.sleep(max(0.0, 3 - (time.perf_counter() - t)))


async def streamer(http: aiohttp.ClientSession, url: str, page: dict, stop: asyncio.Event, out: dict, events: asyncio.Queue | None = None) -> None:
    opened = 0
    try:
        async with http.get(f"{url}/games/{page['game']}/stream/", params={"stamp": page["stamp"]},
                            headers={"Cookie": f"sessionid={page['session']}"}, timeout=aiohttp.ClientTimeout(total=None, sock_read=None)) as r:
            out["codes"][r.status] = out["codes"].get(r.status, 0) + 1
            out["open"] += 1 if r.status == 200 else 0
            opened = 1 if r.status == 200 else 0
            name = None
            async for line in r.content:
                if stop.is_set():
                    break
                text = line.decode().rstrip("\n")
                if text.startswith(":"):
                    out["heartbeats"] += 1
                elif text.startswith("event: "):
                    name = text[7:]
                elif text.startswith("data: ") and events is not None:
                    await events.put((name, text[6:], time.perf_counter()))
    except (aiohttp.ClientError, asyncio.TimeoutError) as e:
        out["errors"].append(repr(e))
    finally:
        out["open"] -= opened


def fresh_out() -> dict:
    return {"codes": {}, "errors": [], "latencies": [], "open": 0, "heartbeats": 0}


# --- latency ------------------------------------------------------------------------------


class Game:
    """The client's copy of the latency game, so every move it sends is legal."""

    def __init__(self, game_id: int):
        from engines.registry import get
        from engines.rng import Rng
        from pbem.models import Game as GameRow

        row = GameRow.objects.get(pk=game_id)
        self.id, self.engine, self.state, self.version = row.pk, get(row.engine), row.state, row.version
        self.rng = Rng.from_seed(99)


async def decision_send(http, url: str, game: Game, tokens) -> tuple[float, list[int]]:
    """Every move of the next decision by the API; the time of the last POST and who moved."""
    decisions = game.engine.decisions(game.state)
    moves, t = {}, 0.0
    for d in decisions:
        action = game.engine.bot(game.state, d["seat"], game.rng)
        t = time.perf_counter()
        async with http.post(f"{url}/api/games/{game.id}/moves/", data=json.dumps({"action": action, "version": game.version}),
                             headers={"Authorization": f"Token {tokens[d['seat']]}", "Content-Type": "application/json"}) as r:
            body = await r.read()
            if r.status != 202:
                raise RuntimeError(f"move refused: {r.status} {body[:200]!r}")
        moves[d["seat"]] = action
    game.state = game.engine.apply(game.state, moves)["state"]
    game.version += 1
    return t, list(moves)


async def board_fetch(http, url: str, game: Game, session: str) -> None:
    async with http.get(f"{url}/games/{game.id}/live/", params={"part": "board"}, headers={"Cookie": f"sessionid={session}"}) as r:
        await r.read()


async def latency_polling(http, url: str, data: dict, moves: int) -> list[float]:
    """The page of a seat that did not move polls every 3 s, from a random phase, with the
    stamp it had before the decision; it fetches its board once the poll says "game-moved"."""
    game = data["tables"][0]
    out = []
    for _ in range(moves):
        stamp = await asyncio.to_thread(stamp_now, game.id)
        t0, movers = await decision_send(http, url, game, data["tokens"])
        watcher = next((s for s in range(4) if s not in movers), (movers[0] + 1) % 4)
        await asyncio.sleep(random.uniform(0, 3))  # where the page's 3 s period happened to be
        while True:
            async with http.get(f"{url}/games/{game.id}/poll/", params={"stamp": stamp},
                                headers={"Cookie": f"sessionid={data['sessions'][watcher]}"}) as r:
                await r.read()
                moved = r.status == 200 and "game-moved" in r.headers.get("HX-Trigger", "")
            if moved:
                break
            await asyncio.sleep(3)
        await board_fetch(http, url, game, data["sessions"][watcher])
        out.append(time.perf_counter() - t0)
        data["from step"][0].append(time.time() - await asyncio.to_thread(step_written, game.id))
    return out


def step_written(game_id: int) -> float:
    """When the step now shown was written (the game row's updated_at, in its transaction)."""
    from django.db import connection

    from pbem.models import Game as GameRow

    try:
        return GameRow.objects.values_list("updated_at", flat=True).get(pk=game_id).timestamp()
    finally:
        connection.close()


def stamp_now(game_id: int) -> str:
    from django.db import connection

    from pbem.web.selectors import game_stamp

    try:
        return game_stamp(game_id=game_id)
    finally:
        connection.close()


async def latency_pushed(http, url: str, data: dict, moves: int) -> tuple[list[float], list[float]]:
    """Every seat's page holds its stream; the time until a page of a seat that did not move
    hears ``moved``, and until it has fetched its board."""
    game = data["tables"][1]
    stop = asyncio.Event()
    queues = [asyncio.Queue() for _ in range(4)]
    stamp = await asyncio.to_thread(stamp_now, game.id)
    out = fresh_out()
    tasks = [
        asyncio.create_task(streamer(http, url, {"game": game.id, "session": data["sessions"][s], "stamp": stamp}, stop, out, queues[s]))
        for s in range(4)
    ]
    await asyncio.sleep(1)
    heard, fetched = [], []
    for _ in range(moves):
        for q in queues:
            while not q.empty():
                q.get_nowait()
        t0, movers = await decision_send(http, url, game, data["tokens"])
        watcher = next((s for s in range(4) if s not in movers), (movers[0] + 1) % 4)
        while True:
            name, _stamp, t = await asyncio.wait_for(queues[watcher].get(), 30)
            if name == "moved" and int(_stamp.split(".")[1]) >= game.version:
                break
        heard.append(t - t0)
        await board_fetch(http, url, game, data["sessions"][watcher])
        fetched.append(time.perf_counter() - t0)
        data["from step"][1].append(time.time() - await asyncio.to_thread(step_written, game.id))
        await asyncio.sleep(0.3)  # low load: one decision at a time
    stop.set()
    for task in tasks:
        task.cancel()
    return heard, fetched


# --- the run ------------------------------------------------------------------------------


async def open_pages(http, url, pages, stop, out, kind) -> list[asyncio.Task]:
    tasks = []
    for i, page in enumerate(pages):
        tasks.append(asyncio.create_task((poller if kind == "poll" else streamer)(http, url, page, stop, out)))
        if kind == "stream" and i % 25 == 24:
            await asyncio.sleep(1)  # 25 pages a second, as pages are opened, not in one burst
    return tasks


async def phase(stack: Stack, data: dict, *, asgi: bool, pages: int, seconds: float, moves: int) -> dict:
    url = stack.web_start(workers=3, asgi=asgi, backlog=2048)
    web = stack.procs[-1]
    result: dict = {}
    connector = aiohttp.TCPConnector(limit=0, force_close=not asgi)
    async with aiohttp.ClientSession(connector=connector, timeout=aiohttp.ClientTimeout(total=60)) as http:
        idle_cpu = await measure_cpu(web.pid, min(seconds, 10))
        stop, out = asyncio.Event(), fresh_out()
        opening = cpu_seconds(web.pid)
        tasks = await open_pages(http, url, data["idle"][:pages], stop, out, "stream" if asgi else "poll")
        await asyncio.sleep(6)  # all open, warm
        # what opening a page's stream costs (pages open theirs again every PBEM_LIVE_MAX_SECONDS)
        result["open cpu ms"] = 1000 * (cpu_seconds(web.pid) - opening) / max(1, out["open"])
        if asgi:
            result["open"] = out["open"]
        polls_before = len(out["latencies"])
        beats_before = out["heartbeats"]
        result["cpu"] = await measure_cpu(web.pid, seconds)
        result["threads"], result["rss"] = threads_and_rss(web.pid)
        result["db connections"] = await asyncio.to_thread(db_connections, stack)
        result["requests"] = len(out["latencies"]) - polls_before
        result["heartbeats"] = out["heartbeats"] - beats_before
        result["poll"] = out["latencies"][polls_before:]
        result["codes"], result["errors"] = dict(out["codes"]), out["errors"][:3]
        result["no pages cpu"] = idle_cpu
        if asgi:
            result["heard"], result["latency"] = await latency_pushed(http, url, data, moves)
        else:
            stop.set()
            await asyncio.gather(*tasks, return_exceptions=True)
            result["latency"] = await latency_polling(http, url, data, moves)
        stop.set()
        for t in tasks:
            t.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
    stack.stop(web)
    return result


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pages", type=int, default=1000)
    parser.add_argument("--seconds", type=float, default=30)
    parser.add_argument("--moves", type=int, default=40, help="decisions timed each way")
    parser.add_argument("--keep", action="store_true")
    args = parser.parse_args(argv)

    stack = Stack("live")
    try:
        stack.database_create()
        stack.django_setup()
        print(machine())
        print(f"building {args.pages} pages ...", flush=True)
        data = build(args.pages)
        data["tables"] = [Game(g) for g in data["games"]]
        data["from step"] = ([], [])
        # as docker-compose.yml runs them: a game's advance never waits behind a mail's board being drawn
        stack.worker_start(concurrency=4, queues=stack.queue, name="games")
        stack.worker_start(concurrency=2, queues=f"{stack.queue}.mail", name="mail")
        before = asyncio.run(phase(stack, data, asgi=False, pages=args.pages, seconds=args.seconds, moves=args.moves))
        after = asyncio.run(phase(stack, data, asgi=True, pages=args.pages, seconds=args.seconds, moves=args.moves))
    finally:
        stack.close(keep=args.keep)

    n = args.pages
    print()
    print(f"{n} open game pages, gunicorn with 3 workers, CPU of all web processes over {args.seconds:.0f} s (% of one core):")
    print(f"  no page open (each server)           before {before['no pages cpu']:.1f} %   after {after['no pages cpu']:.1f} %")
    rate = before["requests"] / args.seconds
    print(f"  before: polling every 3 s (WSGI)     {before['cpu']:.1f} %  ({rate:.0f} polls/s answered of the {n / 3:.0f}/s asked, "
          f"{ms(before['poll'])}, codes {before['codes']}, errors {before['errors']})")
    if rate:
        print(f"    CPU per poll answered {10 * before['cpu'] / rate:.1f} ms: all {n / 3:.0f} polls/s would take "
              f"{before['cpu'] / rate * n / 3:.0f} % of one core")
    print(f"  after: event streams open (ASGI)     {after['cpu']:.1f} %  ({after['open']} open, {after['heartbeats']} heartbeats, "
          f"codes {after['codes']}, errors {after['errors']})")
    from django.conf import settings

    reopen = 0.9 * settings.PBEM_LIVE_MAX_SECONDS  # a stream lives 80-100 % of it (pbem.web.stream)
    print(f"  after, opening a stream              {after['open cpu ms']:.1f} ms of CPU each (the 6 s after the last opened included): "
          f"with every page opening its stream again every {reopen:.0f} s on average, {n * after['open cpu ms'] / 1000 / reopen * 100:.1f} % of one core more")
    print(f"  web processes: threads {before['threads']} -> {after['threads']}, RSS {before['rss']:.0f} -> {after['rss']:.0f} MB, "
          f"database connections (all processes of the stack) {before['db connections']} -> {after['db connections']}")
    print(f"move -> another seat's page has fetched its board, {args.moves} decisions at low load:")
    print(f"  before (poll every 3 s)              {ms(before['latency'])}")
    print(f"  after (stream 'moved')               {ms(after['latency'])}   (the event itself: {ms(after['heard'])})")
    print("the step's write (the worker) -> that page has fetched its board:")
    print(f"  before (poll every 3 s)              {ms(data['from step'][0])}")
    print(f"  after (stream 'moved')               {ms(data['from step'][1])}")
    print(f"  p95 ratio                            {percentile(before['latency'], 95) / max(percentile(after['latency'], 95), 1e-9):.0f}x")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
