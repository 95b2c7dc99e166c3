"""What a newcomer does (the issue's "done when"): `make run` on the embedded
default (SQLite and the SQLite broker, in a fresh directory, with none of
the suite's PostgreSQL or Redis settings), then in Chromium: sign up, confirm
the address from the mail file the site wrote, create a game against a bot
and make one move, which the bot answers while the page is open."""

from __future__ import annotations

import glob
import os
import re
import signal
import socket
import subprocess
import time
import urllib.request
from pathlib import Path

import pytest

from tests.web.conftest import ROOT

pytestmark = pytest.mark.e2e

# The suite's settings (PostgreSQL, Redis, its queue, its mail backend) must not reach `make run`.
_SUITE_ONLY = ("DATABASE_", "REDIS_", "CELERY_", "PBEM_", "EMAIL_", "DJANGO_")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _up(url: str) -> bool:
    try:
        with urllib.request.urlopen(url, timeout=2) as r:
            return r.status == 200
    except OSError:
        return False


@pytest.fixture
def embedded(tmp_path):
    """`make run` in its own process group on free ports, with var/ in a
    temporary directory; stopped (the whole group) at the end."""
    port = _free_port()
    env = {k: v for k, v in os.environ.items() if not k.startswith(_SUITE_ONLY)}
    env.update(PBEM_VAR_DIR=str(tmp_path / "var"), PBEM_PORT=str(port), PBEM_SMTP_PORT=str(_free_port()))
    log = (tmp_path / "make-run.log").open("w")
    proc = subprocess.Popen(
        ["make", "--no-print-directory", "-C", str(ROOT), "run"], env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True
    )
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 90
        while not _up(url + "/"):
            assert proc.poll() is None, f"make run ended: {(tmp_path / 'make-run.log').read_text()[-3000:]}"
            assert time.monotonic() < deadline, f"the site did not come up: {(tmp_path / 'make-run.log').read_text()[-3000:]}"
            time.sleep(0.5)
        yield url, tmp_path / "var", tmp_path / "make-run.log"
    finally:
        # supervisord puts each process in a group of its own: stop make's group (supervisord
        # passes the signal on), then make sure every process it started has ended
        started = _descendants(proc.pid)
        os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
        deadline = time.monotonic() + 20
        while (left := [pid for pid in started if _alive(pid)]) and time.monotonic() < deadline:
            time.sleep(0.2)
        for pid in left:
            os.kill(pid, signal.SIGKILL)
        log.close()


def _descendants(pid: int) -> list[int]:
    found = []
    for task in glob.glob(f"/proc/{pid}/task/*/children"):
        for child in Path(task).read_text().split():
            found += [int(child), *_descendants(int(child))]
    return found


def _alive(pid: int) -> bool:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"  # a zombie has ended; its parent reaps it


def _newest_mail_to(var: Path, address: str, timeout: float = 20) -> str:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        for name in sorted(glob.glob(str(var / "mail" / "*")), key=os.path.getmtime, reverse=True):
            text = Path(name).read_text(errors="replace")
            if f"To: {address}" in text:
                return text
        time.sleep(0.2)
    raise AssertionError(f"no mail to {address} in {var / 'mail'}")


def test_a_newcomer_runs_make_run_signs_up_and_plays_a_bot(embedded, browser):
    url, var, log = embedded
    assert (var / "db.sqlite3").exists()  # the embedded default, nothing else
    assert f"open {url}/ and sign up" in log.read_text()  # what make run tells the newcomer

    ctx = browser.new_context()
    ctx.set_default_timeout(20_000)
    page = ctx.new_page()
    try:
        page.goto(url + "/")
        page.click("main >> text=Sign up")
        page.fill("#id_email", "newcomer@example.org")
        page.fill("#id_username", "newcomer")
        page.fill("#id_password1", "a-long-pass-phrase")
        page.fill("#id_password2", "a-long-pass-phrase")
        page.click("main button[type=submit]")
        page.wait_for_selector("text=Verify Your Email Address")

        mail = _newest_mail_to(var, "newcomer@example.org")
        link = re.search(r"https?://\S+/accounts/confirm-email/\S+/", mail).group(0)
        assert link.startswith(url)
        page.goto(link)
        page.click("main button[type=submit]")  # "Confirm"
        page.wait_for_selector("h1:has-text('Your games')")

        page.click("text=New game")
        page.click("main a[href='?engine=citadels']")
        page.select_option("#id_players", "2")
        page.select_option("#id_bots", "1")
        page.click("main button[type=submit]")
        page.wait_for_selector("text=The game has started.")
        history = page.locator("section[aria-labelledby=h-history]")
        assert "seat 2" not in history.inner_text()

        # the first pick is the crown holder's (seat 1, the newcomer); the bot picks next
        # by a click on the board: the first character card offered
        page.locator("section.board svg a.act").first.click()
        page.wait_for_selector("text=Your move is in.")
        page.evaluate("() => { window.notReloaded = true }")
        polls = []
        page.on("request", lambda r: polls.append(r.url) if "/poll/" in r.url else None)
        # the bot's answer arrives on the open page (the worker on the SQLite broker, then the page's
        # stream, told through make run's datagram socket: not the fallback poll)
        page.wait_for_function(
            "() => document.querySelector('#live').innerText.includes('Bot 2 chooses a character')", timeout=30_000
        )
        page.locator("form.move-form[data-type=pick]").wait_for()  # and the newcomer's next choice is asked
        assert page.evaluate("() => window.notReloaded === true")
        assert polls == [], polls
        assert (var / "broker.sqlite3").exists() and not (var / "broker").exists()  # the broker is a SQLite file
    finally:
        ctx.close()
