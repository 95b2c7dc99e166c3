"""The embedded default's broker (config/broker.py), through kombu as Celery uses it: a message is
handed over whole and to one taker, deleted when acknowledged, put back in place when its taker
stops warm or rejects it, and handed out again when its taker was killed (visibility timeout)."""

from __future__ import annotations

import subprocess
import sys
import textwrap
import time

from kombu import Connection, Exchange, Queue

TRANSPORT = "config.broker:Transport"


def _conn(path, **options):
    return Connection(f"sqlite:///{path}", transport=TRANSPORT, transport_options={"polling_interval": 0.01, **options})


def _rows(path):
    import sqlite3

    with sqlite3.connect(path) as db:
        return db.execute("SELECT visible, count(*) FROM kombu_message GROUP BY visible ORDER BY visible").fetchall()


def _send(path, n, queue="q"):
    with _conn(path) as conn:
        producer = conn.Producer()
        for i in range(n):
            producer.publish({"n": i}, routing_key=queue, declare=[Queue(queue, Exchange(queue), queue)])


def test_an_acknowledged_message_is_deleted_and_an_unacknowledged_one_stays_taken(tmp_path):
    db = tmp_path / "broker.sqlite3"
    _send(db, 2)
    with _conn(db) as conn:
        queue = conn.SimpleQueue("q")
        first = queue.get(timeout=5)
        assert first.payload == {"n": 0}
        assert _rows(db) == [(0, 1), (1, 1)]  # taken (invisible) and waiting
        first.ack()
        assert _rows(db) == [(1, 1)]
        second = queue.get(timeout=5)
        assert second.payload == {"n": 1}
        second.reject(requeue=True)  # back in place, not a copy
        assert _rows(db) == [(1, 1)]
        again = queue.get(timeout=5)
        assert again.payload == {"n": 1}
        again.ack()
        queue.close()
    assert _rows(db) == []


def test_a_warm_stop_puts_its_unacknowledged_messages_back(tmp_path):
    db = tmp_path / "broker.sqlite3"
    _send(db, 1)
    conn = _conn(db)
    taken = conn.SimpleQueue("q").get(timeout=5)
    assert taken.payload == {"n": 0} and _rows(db) == [(0, 1)]
    conn.release()  # closing the channel restores what it holds, in place
    assert _rows(db) == [(1, 1)]
    with _conn(db) as conn:
        msg = conn.SimpleQueue("q").get(timeout=5)
        assert msg.payload == {"n": 0}
        msg.ack()
    assert _rows(db) == []


def test_what_a_killed_taker_held_is_handed_out_again_after_the_visibility_timeout(tmp_path):
    db = tmp_path / "broker.sqlite3"
    _send(db, 1)
    # a worker that takes the message and is killed (SIGKILL: no warm stop, no restore)
    taker = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(f"""
            import os, signal
            from kombu import Connection
            conn = Connection("sqlite:///{db}", transport="{TRANSPORT}")
            print(conn.SimpleQueue("q").get(timeout=5).payload, flush=True)
            os.kill(os.getpid(), signal.SIGKILL)
        """)],
        capture_output=True, text=True, timeout=60,
    )
    assert "{'n': 0}" in taker.stdout, taker.stderr
    assert _rows(db) == [(0, 1)]
    with _conn(db, visibility_timeout=1) as conn:
        queue = conn.SimpleQueue("q")
        time.sleep(1.2)  # a fresh channel looks for abandoned messages at its first poll
        msg = queue.get(timeout=5)
        assert msg.payload == {"n": 0}
        msg.ack()
    assert _rows(db) == []


def test_two_takers_at_once_get_every_message_once(tmp_path):
    db = tmp_path / "broker.sqlite3"
    _send(db, 1)  # the tables exist before the takers race
    script = textwrap.dedent(f"""
        import json, sys
        from queue import Empty
        from kombu import Connection
        conn = Connection("sqlite:///{db}", transport="{TRANSPORT}")
        q = conn.SimpleQueue("q")
        got = []
        while True:
            try:
                m = q.get(timeout=3)
            except Empty:
                break
            got.append(m.payload["n"])
            m.ack()
        print(json.dumps(got))
    """)
    takers = [subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, text=True) for _ in range(2)]
    _send(db, 199)  # while they take
    import json

    got = [json.loads(t.communicate(timeout=120)[0]) for t in takers]
    taken = sorted(got[0] + got[1])
    assert taken == sorted([0] + list(range(199))), "a message lost or taken twice"
    assert _rows(db) == []
