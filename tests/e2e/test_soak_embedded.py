"""A small sample of the embedded default's soak (bench/soak_embedded.py; `make soak-embedded`
runs the whole one): `make run`'s own processes in a fresh directory, two clients playing four
games by API and by mail, each embedded process killed once (SIGKILL) on the way. Every process
is restarted by supervisord and running at the end, none exited otherwise, no server error, every
accepted move applied once, every mail written once, and the games went on."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from tests.web.conftest import ROOT

pytestmark = pytest.mark.e2e

_SUITE_ONLY = ("DATABASE_", "REDIS_", "CELERY_", "PBEM_", "EMAIL_", "DJANGO_")


def test_make_run_rides_out_a_kill_of_each_process_and_loses_nothing():
    env = {k: v for k, v in os.environ.items() if not k.startswith(_SUITE_ONLY)}
    run = subprocess.run(
        [sys.executable, "-u", "-m", "bench.soak_embedded", "--minutes", "0.35", "--clients", "2", "--games", "4", "--kill-each"],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=600,
    )  # fmt: skip
    start = run.stdout.find("{")
    assert start >= 0, run.stdout[-2000:] + run.stderr[-3000:]
    result = json.loads(run.stdout[start:])
    assert result["killed"] == ["web", "worker", "mail", "beat", "smtp"]
    assert all(result["restarted"].values()) and all(result["running"].values()), result
    assert result["crashed"] == {} and result["server_errors"] == 0, result
    assert result["accepted_not_applied"] == 0 and result["applied_twice"] == 0, result
    assert result["mails_missing"] == 0 and result["mails_written_twice"] == 0, result
    assert result["moves_accepted_api"] > 0 and result["versions_per_minute"] > 0, result
    assert result["ok"] and run.returncode == 0, result
