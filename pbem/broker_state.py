"""What the broker holds of a task: waiting in its queue, held by a worker that is alive, or
lost. The lost-work sweeps (pbem.requeue) ask this before they queue anything again, so that
work waiting behind other work is never queued a second time and the queue never holds more
than one task per marked game or mail.

- Waiting: a message of the task for that row is in one of the queue's lists (Redis: the queue
  and its priority lists; the embedded SQLite broker: a visible row), or it carries an ETA in
  the future (a retry a worker holds until then).
- Held: taken by a worker and not yet acknowledged (Redis: kombu's ``unacked`` hash; SQLite: an
  invisible row). It is on its way while the process running it is alive: a worker process
  records the task it runs (``task_prerun``) and says it is alive every few seconds, in the
  cache. A held task that no live process runs (its worker was killed) is lost once it was
  taken more than ``PBEM_HELD_LOST_SECONDS`` ago (a message taken but not yet started waits at
  most that long for its process). Without a shared cache (the embedded default) only that age
  counts.
- Lost: neither (the broker was emptied, the publish failed, its worker died).

Only the queues' contents are read (LRANGE, HGETALL), never changed, except that a lost held
message is put back into its queue in place (kombu's own restore, at its own priority) instead
of a copy being queued beside it.
"""

from __future__ import annotations

import ast
import base64
import json
import logging
import os
import socket
import threading
import time
from dataclasses import dataclass, field
from datetime import datetime

from celery import current_app, signals
from django.conf import settings
from django.core.cache import cache
from sqlalchemy import text

log = logging.getLogger(__name__)

HEARTBEAT_SECONDS = 3
ALIVE_SECONDS = 10  # a process not heard of for this long is gone


def _me() -> str:
    return f"{socket.gethostname()}:{os.getpid()}"


# --- what a worker says of itself -----------------------------------------------------


def _heartbeat() -> None:
    me = _me()
    while True:
        try:
            cache.set(f"worker-alive:{me}", 1, ALIVE_SECONDS)
        except Exception:  # noqa: BLE001 - the cache is away: the age rule decides meanwhile
            pass
        time.sleep(HEARTBEAT_SECONDS)


_beating = set()


def _start_heartbeat(**_kwargs) -> None:
    if os.getpid() not in _beating:
        _beating.add(os.getpid())
        threading.Thread(target=_heartbeat, name="pbem-heartbeat", daemon=True).start()


signals.worker_process_init.connect(_start_heartbeat, weak=False)  # each process of a prefork pool
signals.worker_ready.connect(_start_heartbeat, weak=False)  # the solo pool's one process


@signals.task_prerun.connect(weak=False)
def _held(task_id=None, **_kwargs) -> None:
    try:
        cache.set(f"task-held:{task_id}", _me(), 6 * 3600)
    except Exception:  # noqa: BLE001
        pass


@signals.task_postrun.connect(weak=False)
def _done(task_id=None, **_kwargs) -> None:
    try:
        cache.delete(f"task-held:{task_id}")
    except Exception:  # noqa: BLE001
        pass


# --- what the broker holds ---------------------------------------------------------------


@dataclass
class InFlight:
    waiting: set = field(default_factory=set)  # (task name, first argument)
    held: set = field(default_factory=set)
    lost_held: dict = field(default_factory=dict)  # (task name, first argument) -> a way to put it back

    def on_its_way(self, name: str, arg) -> bool:
        return (name, arg) in self.waiting or (name, arg) in self.held


def _task_of(message: dict) -> tuple[str | None, object, str | None, float | None]:
    """(task name, first argument, task id, eta as a timestamp) of a Celery message."""
    headers = message.get("headers") or {}
    name, task_id, arg = headers.get("task"), headers.get("id"), None
    try:
        args = ast.literal_eval(headers["argsrepr"]) if headers.get("argsrepr") else None
    except (ValueError, SyntaxError):
        args = None
    if args is None:
        body = message.get("body")
        if (message.get("properties") or {}).get("body_encoding") == "base64":
            body = base64.b64decode(body)
        try:
            args = json.loads(body)[0]
        except (ValueError, TypeError, IndexError, KeyError):
            args = ()
    if isinstance(args, (list, tuple)) and args:
        arg = args[0]
    eta = None
    if headers.get("eta"):
        try:
            eta = datetime.fromisoformat(headers["eta"]).timestamp()
        except ValueError:
            eta = None
    return name, arg, task_id, eta


def _holder_alive(task_id: str | None) -> bool | None:
    """True or False when a process said it runs the task; None when none did (not started, or
    no shared cache)."""
    if not task_id:
        return None
    try:
        holder = cache.get(f"task-held:{task_id}")
        if holder is None:
            return None
        return bool(cache.get(f"worker-alive:{holder}"))
    except Exception:  # noqa: BLE001
        return None


def _judge(flight: InFlight, key, task_id, eta, taken_at: float | None, restore) -> None:
    now = time.time()
    if eta is not None and eta > now:
        flight.held.add(key)  # a retry waiting for its moment
        return
    alive = _holder_alive(task_id)
    if alive is True:
        flight.held.add(key)
    elif alive is None and taken_at is not None and now - taken_at < settings.PBEM_HELD_LOST_SECONDS:
        flight.held.add(key)  # taken, about to start
    else:
        flight.lost_held[key] = restore


def in_flight(queues: list[str], names: set[str]) -> InFlight:
    """Every message of the tasks ``names`` in ``queues``, waiting or held."""
    flight = InFlight()
    with current_app.connection_for_read() as conn:
        channel = conn.default_channel
        if conn.transport.driver_type == "redis":
            _redis(channel, queues, names, flight)
        else:
            _sqlite(channel, queues, names, flight)
    return flight


def _redis(channel, queues: list[str], names: set[str], flight: InFlight) -> None:
    client = channel.client
    for queue in queues:
        for priority in channel.priority_steps:
            for raw in client.lrange(channel._q_for_pri(queue, priority), 0, -1):
                name, arg, _task_id, _eta = _task_of(json.loads(raw))
                if name in names:
                    flight.waiting.add((name, arg))
    delivered = dict(client.zrange(channel.unacked_index_key, 0, -1, withscores=True))
    for tag, raw in client.hgetall(channel.unacked_key).items():
        message, _exchange, routing_key = json.loads(raw)
        if routing_key not in queues:
            continue
        name, arg, task_id, eta = _task_of(message)
        if name in names:
            _judge(flight, (name, arg), task_id, eta, delivered.get(tag), ("redis", tag))


def _sqlite(channel, queues: list[str], names: set[str], flight: InFlight) -> None:
    session = channel.session
    rows = session.execute(
        text(
            f"SELECT m.id, m.visible, m.timestamp, m.payload FROM {channel.message_tablename} m "
            f"JOIN {channel.queue_tablename} q ON q.id = m.queue_id WHERE q.name IN ({','.join(':q%d' % i for i in range(len(queues)))})"
        ),
        {f"q{i}": q for i, q in enumerate(queues)},
    ).fetchall()
    session.commit()
    for row_id, visible, taken, payload in rows:
        name, arg, task_id, eta = _task_of(json.loads(payload))
        if name not in names:
            continue
        if visible:
            flight.waiting.add((name, arg))
        else:
            taken_at = datetime.fromisoformat(str(taken)).timestamp() if taken else None
            _judge(flight, (name, arg), task_id, eta, taken_at, ("sqlite", row_id))


def restore(how) -> None:
    """Put a lost held message back in its queue, in place and at its own priority."""
    kind, ref = how
    with current_app.connection_for_write() as conn:
        channel = conn.default_channel
        if kind == "redis":
            _redis_restore(channel, ref)
        else:
            channel.session.execute(text(f"UPDATE {channel.message_tablename} SET visible = 1 WHERE id = :id"), {"id": ref})
            channel.session.commit()


def _redis_restore(channel, tag) -> None:
    """kombu's unacked entry back onto its queue's list of its priority, at the end the workers
    take from next (kombu pushes left and pops right), and out of the unacked books, in one
    transaction."""
    client = channel.client

    def move(pipe):
        raw = pipe.hget(channel.unacked_key, tag)
        pipe.multi()
        pipe.zrem(channel.unacked_index_key, tag)
        pipe.hdel(channel.unacked_key, tag)
        if raw:
            message, _exchange, routing_key = json.loads(raw)
            message.setdefault("headers", {})["redelivered"] = True
            priority = channel._get_message_priority(message, reverse=False)
            pipe.rpush(channel._q_for_pri(routing_key, priority), json.dumps(message))

    client.transaction(move, channel.unacked_key)


def queues_of(task) -> list[str]:
    """The queue(s) ``task`` is sent to (its route, else the default queue)."""
    route = (getattr(settings, "CELERY_TASK_ROUTES", None) or {}).get(task.name)
    return [route["queue"] if route else settings.CELERY_TASK_DEFAULT_QUEUE]
