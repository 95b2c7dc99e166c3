"""The full stack for the benchmarks, started on its own: a fresh PostgreSQL
database, gunicorn (``config.wsgi``, DEBUG off) and Celery worker processes on
free ports and on Celery queues of their own, so a benchmark never touches the
test database or the queues of another process.

Everything is configured through the environment only (DATABASE_URL,
REDIS_URL, CELERY_QUEUE, ...), as a web or worker machine of a real
deployment would be.
"""

from __future__ import annotations

import os
import platform
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from datetime import datetime, timezone
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def machine() -> str:
    load = os.getloadavg()
    cpu = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return (
        f"{datetime.now(timezone.utc):%Y-%m-%d %H:%M} UTC, {cpu}, {os.cpu_count()} cpus, Python {platform.python_version()}, "
        f"load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}"
    )


def percentile(values: list[float], p: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    k = min(len(ordered) - 1, max(0, round(p / 100 * (len(ordered) - 1))))
    return ordered[k]


def ms(values: list[float]) -> str:
    return "p50 {:.0f} / p95 {:.0f} / p99 {:.0f} ms".format(*(percentile(values, p) * 1000 for p in (50, 95, 99)))


class Stack:
    """A database of its own, plus the processes started on it.

    ``env`` is what every process of the stack gets; the benchmark's own
    process is set up with the same (Django configured on the same database).
    """

    def __init__(self, name: str, *, redis_db: int = 13):
        self.name = name
        self.tag = f"bench-{name}-{os.getpid()}"
        self.dir = Path(tempfile.mkdtemp(prefix=f"pbem-{self.tag}-"))
        self.procs: list[subprocess.Popen] = []
        base = os.environ.get("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/pbem")
        self.pg_root, _ = base.rsplit("/", 1)
        self.db_name = f"pbem_{self.tag}".replace("-", "_")
        self.redis_url = os.environ.get("REDIS_URL", f"redis://127.0.0.1:6379/{redis_db}")
        self.queue = f"pbem-{self.tag}"
        self.env = {
            "DJANGO_SETTINGS_MODULE": "config.settings.base",
            "DATABASE_URL": f"{self.pg_root}/{self.db_name}",
            "REDIS_URL": self.redis_url,
            "CELERY_QUEUE": self.queue,
            "PBEM_CACHE_PREFIX": self.tag,
            "DJANGO_DEBUG": "false",
            "DJANGO_SECRET_KEY": "bench-" + "x" * 50,
            "PBEM_VAR_DIR": str(self.dir / "var"),
            "EMAIL_BACKEND": "django.core.mail.backends.filebased.EmailBackend",
            "EMAIL_FILE_PATH": str(self.dir / "mail"),
            # the load client plays every seat of 240 games as 4 or 5 users: no per-user limit in
            # the way, and a one-second window, so the throttle's history per user stays as
            # short as a real player's under the default 60/min
            "PBEM_THROTTLE_MOVES": "100000/s",
        }

    # --- database -------------------------------------------------------------

    def database_create(self) -> None:
        import psycopg

        with psycopg.connect(f"{self.pg_root}/postgres", autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{self.db_name}" WITH (FORCE)')
            conn.execute(f'CREATE DATABASE "{self.db_name}"')

    def database_drop(self) -> None:
        import psycopg

        with psycopg.connect(f"{self.pg_root}/postgres", autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{self.db_name}" WITH (FORCE)')

    def django_setup(self) -> None:
        """This process on the stack's database (migrated)."""
        os.environ.update(self.env)
        import django

        django.setup()
        from django.core.management import call_command

        call_command("migrate", verbosity=0)

    # --- processes ----------------------------------------------------------

    def _start(self, argv: list[str], log: str, extra_env: dict | None = None, wrap: list[str] | None = None) -> subprocess.Popen:
        env = os.environ | self.env | (extra_env or {})
        out = open(self.dir / log, "ab")  # noqa: SIM115 - kept open for the process's life
        proc = subprocess.Popen((wrap or []) + argv, cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
        self.procs.append(proc)
        return proc

    def web_start(self, *, workers: int = 4, port: int | None = None, host: str = "127.0.0.1", wrap=None, extra_env=None, asgi: bool = False, backlog: int = 256) -> str:
        """gunicorn on ``config.wsgi`` (sync workers), or with ``asgi`` on ``config.asgi`` with
        uvicorn workers, as docker-compose.yml serves the site."""
        port = port or free_port()
        bin_dir = Path(sys.executable).parent
        app = ["config.asgi:application", "-k", "uvicorn_worker.UvicornWorker"] if asgi else ["config.wsgi"]
        self._start(
            [str(bin_dir / "gunicorn"), *app, "--bind", f"{host}:{port}", "--workers", str(workers), "--backlog", str(backlog)],
            f"web-{port}.log",
            extra_env,
            wrap,
        )
        url = f"http://{host}:{port}"
        self.wait_http(url)
        return url

    def worker_start(self, *, concurrency: int = 1, queues: str | None = None, wrap=None, extra_env=None, name: str = "w") -> subprocess.Popen:
        """A worker for the games' queue and mail's (PBEM_MAIL_QUEUE's default) unless ``queues``."""
        args = [
            sys.executable, "-m", "celery", "-A", "config", "worker", "-Q", queues or f"{self.queue},{self.queue}.mail", "-c", str(concurrency),
            "-n", f"{name}-{len(self.procs)}@%h", "-l", "warning", "--without-gossip", "--without-mingle", "--without-heartbeat",
        ]  # fmt: skip
        return self._start(args, f"worker-{len(self.procs)}.log", extra_env, wrap)

    @staticmethod
    def wait_http(url: str, timeout: float = 60) -> None:
        import http.client
        from urllib.parse import urlsplit

        parts = urlsplit(url)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                c = http.client.HTTPConnection(parts.hostname, parts.port, timeout=2)
                c.request("GET", "/api/engines/")
                c.getresponse().read()
                return
            except OSError:
                time.sleep(0.2)
        raise RuntimeError(f"{url} did not answer within {timeout}s")

    def stop(self, proc: subprocess.Popen) -> None:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGTERM)
            try:
                proc.wait(15)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait()
        if proc in self.procs:
            self.procs.remove(proc)

    def close(self, keep: bool = False) -> None:
        for proc in list(self.procs):
            self.stop(proc)
        try:
            import redis

            r = redis.Redis.from_url(self.redis_url)
            for key in r.scan_iter(f"*{self.tag}*"):
                r.delete(key)
        except Exception:  # noqa: BLE001 - cleaning up only
            pass
        try:
            from django.db import connections

            connections.close_all()
        except Exception:  # noqa: BLE001
            pass
        if not keep:
            self.database_drop()
            shutil.rmtree(self.dir, ignore_errors=True)

    def queue_length(self) -> int:
        import redis

        return redis.Redis.from_url(self.redis_url).llen(self.queue)
