"""A real Celery worker process for end-to-end tests.

It consumes from the real Redis broker (its own queue) and works on the test
database, so tests that use it must commit their data: mark them
``@pytest.mark.django_db(transaction=True)``. Use ``wait_for(predicate)`` to
wait for the worker's effect.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
import time
from datetime import datetime, timezone
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


class Worker:
    def __init__(self, proc: subprocess.Popen, log: list[str], mail_dir: Path, queue: str):
        self.proc, self.log, self.mail_dir, self.queue = proc, log, mail_dir, queue

    def output(self) -> str:
        return "".join(self.log)

    def mails(self) -> list[str]:
        return [p.read_text() for p in sorted(self.mail_dir.glob("*.log"))]

    def idle(self) -> bool:
        """No task waiting on the broker and none running in the worker."""
        import redis
        from django.conf import settings

        r = redis.Redis.from_url(settings.REDIS_URL)
        if any(r.llen(k) for k in queue_lists(self.queue)):
            return False
        out = self.output()
        done = sum(out.count(word) for word in ("] succeeded in ", "] raised unexpected", "] retry: ", "] raised "))
        pending = out.count("] received") - done
        return pending <= 0 or pending <= self.waiting_for_eta(r)

    def waiting_for_eta(self, r) -> int:
        """Tasks of this worker's queues it holds until a later time (a your-move mail held
        for a player at the table, notifications.presence: GRACE): received, not due, so not
        work in hand. kombu keeps each in its Redis hash of unacknowledged messages with the
        task's ``eta`` header; the worker's log does not say which received tasks wait."""
        now = datetime.now(timezone.utc)
        queues = {self.queue, f"{self.queue}.mail"}
        held = 0
        for raw in r.hvals("unacked"):
            try:
                message, _exchange, routing_key = json.loads(raw)
                eta = (message.get("headers") or {}).get("eta")
                held += routing_key in queues and bool(eta) and datetime.fromisoformat(eta) > now
            except (ValueError, TypeError, AttributeError):
                continue
        return held

    def wait_idle(self, timeout: float = 20.0) -> None:
        try:
            wait_for(self.idle, timeout=timeout, interval=0.05, what="the worker to go idle")
        except AssertionError:
            pass  # a task waiting on a long retry: go on


def wait_for(predicate, timeout: float = 30.0, interval: float = 0.1, what: str = "the worker"):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(interval)
    raise AssertionError(f"timed out after {timeout}s waiting for {what}")


def queue_lists(queue: str) -> list[str]:
    """kombu's Redis lists of the games' queue and mail's (``<queue>.mail``), each with its
    lists of lower priorities (exact names: other runs' queues share the prefix)."""
    return [f"{q}{p}" for q in (queue, f"{queue}.mail") for p in ("", *(f"\x06\x16{n}" for n in (3, 6, 9)))]


def start_worker(db_name: str, mail_dir: Path, extra_env: dict | None = None, queue: str | None = None, pool: str = "prefork") -> Worker:
    """``pool="solo"`` runs tasks in the worker's one process, so that a
    SIGKILL to it kills the task in hand too (the kill tests). Started without
    ``-Q``, the worker takes the queues the settings declare (CELERY_TASK_QUEUES:
    the games' and mail's), as a bare ``celery -A config worker`` does."""
    import redis
    from django.conf import settings

    queue = queue or settings.CELERY_TASK_DEFAULT_QUEUE
    r = redis.Redis.from_url(settings.REDIS_URL)
    r.delete(*queue_lists(queue))  # no leftovers of earlier runs
    db = settings.DATABASES["default"]
    url = f"postgres://{db['USER'] or 'postgres'}@{db['HOST'] or '127.0.0.1'}:{db['PORT'] or 5432}/{db_name}"
    env = os.environ | {
        "DJANGO_SETTINGS_MODULE": "config.settings.test",
        "DATABASE_URL": url,
        "REDIS_URL": settings.REDIS_URL,
        "CELERY_QUEUE": queue,
        "EMAIL_BACKEND": "django.core.mail.backends.filebased.EmailBackend",
        "EMAIL_FILE_PATH": str(mail_dir),
        "PBEM_SWEEP_GRACE_SECONDS": "1",
    } | (extra_env or {})
    proc = subprocess.Popen(
        [sys.executable, "-m", "celery", "-A", "config", "worker", *(["-P", "solo"] if pool == "solo" else ["-c", "2"]), "-l", "info", "--without-gossip", "--without-mingle", "--without-heartbeat"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    log: list[str] = []
    threading.Thread(target=lambda: [log.append(line) for line in proc.stdout], daemon=True).start()
    wait_for(lambda: "ready." in "".join(log) or proc.poll() is not None, timeout=60, what="worker start")
    if proc.poll() is not None:
        raise RuntimeError("the Celery worker did not start:\n" + "".join(log))
    return Worker(proc, log, mail_dir, queue)


def stop_worker(worker: Worker) -> None:
    worker.proc.terminate()
    try:
        worker.proc.wait(timeout=20)
    except subprocess.TimeoutExpired:
        worker.proc.kill()


@pytest.fixture(scope="module")
def _celery_worker_module(django_db_setup, django_db_blocker, tmp_path_factory):
    # One worker per test module, stopped before other tests run: a worker
    # left running would touch tables while pytest-django truncates them.
    from django.db import connection

    with django_db_blocker.unblock():
        db_name = connection.settings_dict["NAME"]
    worker = start_worker(db_name, tmp_path_factory.mktemp("mail"))
    yield worker
    stop_worker(worker)
    if "Traceback" in worker.output():
        print(worker.output())


@pytest.fixture
def celery_worker_process(_celery_worker_module):
    """A real worker on the test database; after the test it is left to
    finish its tasks before the tables are emptied for the next one."""
    yield _celery_worker_module
    _celery_worker_module.wait_idle()
