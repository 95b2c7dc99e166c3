"""Code that must not run in the test's own thread once the session's browser is up.

Playwright's sync API keeps an event loop running in the thread that started it
(tests/conftest.py's ``browser``, shared by every browser test of a process), and
in that thread ``asyncio.run`` and Django's ``async_to_sync`` (the WSGI handler
calling an async view) both refuse to start. A process of the suite that ran a
browser test before runs these in a thread of their own instead."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

from django.db import connections


def in_own_thread(fn, *args, **kwargs):
    """``fn(*args, **kwargs)`` in a fresh thread, its result or its exception here;
    the thread's database connections closed after it (a transactional test's data
    is committed, so that thread sees it)."""

    def run():
        try:
            return fn(*args, **kwargs)
        finally:
            connections.close_all()

    with ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(run).result()
