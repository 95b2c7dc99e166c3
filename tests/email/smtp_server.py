"""The built-in SMTP server (``manage.py smtp_inbound``) as a real process on
the test database, next to the real Celery worker (tests/conftest_worker.py)."""

from __future__ import annotations

import email.policy
import os
import smtplib
import socket
import subprocess
import sys
import threading
from email.message import EmailMessage

import pytest

from tests.conftest_worker import ROOT, wait_for


class SmtpServer:
    def __init__(self, proc, port, log):
        self.proc, self.port, self.log = proc, port, log
        self.host = "127.0.0.1"

    def output(self) -> str:
        return "".join(self.log)

    def send(self, frm: str, to: str, body: str, *, subject="Re: your move", in_reply_to=None, extra=None) -> None:
        m = EmailMessage()
        m["From"], m["To"], m["Subject"] = frm, to, subject
        if in_reply_to:
            m["In-Reply-To"] = m["References"] = in_reply_to
        for k, v in (extra or {}).items():
            m[k] = v
        m.set_content(body)
        self.send_raw(frm, [to], m.as_bytes(policy=email.policy.SMTP))  # CRLF, as on the wire

    def send_raw(self, frm: str, to: list[str], raw: bytes) -> None:
        with smtplib.SMTP(self.host, self.port, timeout=30) as smtp:
            smtp.sendmail(frm, to, raw)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def smtp_server(_celery_worker_module, django_db_setup, django_db_blocker):
    """One SMTP server per test module, beside the module's worker."""
    from django.conf import settings
    from django.db import connection

    with django_db_blocker.unblock():
        db_name = connection.settings_dict["NAME"]
    db = settings.DATABASES["default"]
    port = _free_port()
    env = os.environ | {
        "DJANGO_SETTINGS_MODULE": "config.settings.test",
        "DATABASE_URL": f"postgres://{db['USER'] or 'postgres'}@{db['HOST'] or '127.0.0.1'}:{db['PORT'] or 5432}/{db_name}",
        "REDIS_URL": settings.REDIS_URL,
        "CELERY_QUEUE": settings.CELERY_TASK_DEFAULT_QUEUE,
    }
    proc = subprocess.Popen(
        [sys.executable, "manage.py", "smtp_inbound", "--host", "127.0.0.1", "--port", str(port)],
        cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
    )
    log: list[str] = []
    threading.Thread(target=lambda: [log.append(line) for line in proc.stdout], daemon=True).start()
    wait_for(lambda: "listening" in "".join(log) or proc.poll() is not None, timeout=60, what="the SMTP server")
    if proc.poll() is not None:
        raise RuntimeError("the SMTP server did not start:\n" + "".join(log))
    yield SmtpServer(proc, port, log)
    proc.terminate()
    try:
        proc.wait(timeout=20)
    except subprocess.TimeoutExpired:
        proc.kill()
    assert "Traceback" not in "".join(log), "".join(log)
