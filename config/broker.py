"""The embedded default's Celery broker: kombu's SQLAlchemy transport on a SQLite file of its own.

Why not kombu's filesystem transport (what ``make run`` used before): it writes a message as a
file that another process may read before it is complete, and a worker that reads half a file
stops with "Unrecoverable error: JSONDecodeError" (kombu issue #1551, open). Here a message is
one row of ``var/broker.sqlite3``: it is written in one transaction and handed over in one
(``BEGIN IMMEDIATE``; the oldest visible row is marked taken; commit), so no reader ever sees
half a message and two workers never take the same one.

What this adds to kombu's transport, so that Celery's guarantees the design relies on hold
(``task_acks_late``: a task is acknowledged only after it ran; redelivered if its worker dies):

- a message taken stays in the table, invisible, until its task is acknowledged, which deletes
  it (kombu's keeps every delivered row for ever);
- a worker that stops warm (or rejects a message to be queued again) makes its unacknowledged
  rows visible again in place, not as copies;
- a row taken longer ago than ``visibility_timeout`` seconds and never acknowledged (its worker
  was killed) is made visible again and redelivered, as the Redis transport does; the lost-work
  sweeps (pbem/services) find such work sooner;
- an empty poll is one read, which never waits behind a writer (WAL); only a poll that finds a
  message takes the write lock.
"""

from __future__ import annotations

import threading
import time
from datetime import datetime, timedelta
from json import dumps, loads
from queue import Empty

from kombu.transport import sqlalchemy as sqla
from kombu.transport import virtual
from kombu.utils.encoding import bytes_to_str
from sqlalchemy import create_engine, event, text
from sqlalchemy.exc import OperationalError
from sqlalchemy.orm import sessionmaker
from sqlalchemy.pool import NullPool

_MUTEX = threading.RLock()
_ENGINE_OPTIONS = ("visibility_timeout", "polling_interval", "busy_timeout")


class QoS(virtual.QoS):
    def ack(self, delivery_tag):
        self.channel._row_done(delivery_tag)
        super().ack(delivery_tag)

    def reject(self, delivery_tag, requeue=False):
        if requeue:
            self.channel._row_release(delivery_tag)
        else:
            self.channel._row_done(delivery_tag)
        super().ack(delivery_tag)  # off the channel's books; the row itself is handled above

    def restore_unacked(self):
        """At a warm stop: every message taken and not acknowledged is made visible again, in place."""
        self._flush()
        errors = []
        while self._delivered:
            tag, message = self._delivered.popitem()
            try:
                self.channel._row_release(tag)
            except Exception as exc:  # noqa: BLE001 - kombu reports what could not be restored
                errors.append((exc, message))
        return errors


class Channel(sqla.Channel):
    QoS = QoS
    _engines = {}  # not kombu's cache: our engines carry the SQLite settings below
    visibility_timeout = 3600
    busy_timeout = 30
    abandoned_look_seconds = 30  # how often a channel looks for messages a killed worker held
    from_transport_options = sqla.Channel.from_transport_options + ("visibility_timeout", "busy_timeout")

    def __init__(self, *args, **kwargs):
        self._rows = {}  # delivery tag -> row id of the messages taken and not yet acknowledged
        self._no_ack = set()
        self._abandoned_looked_at = 0.0
        super().__init__(*args, **kwargs)

    def _engine_from_config(self):
        url = self.connection.client.hostname
        # NullPool: a SQLite connection costs next to nothing, and a worker opens more channels
        # (consumer, producers of the tasks it queues) than a fixed pool would hold
        engine = create_engine(url, connect_args={"timeout": self.busy_timeout}, poolclass=NullPool)

        @event.listens_for(engine, "connect")
        def _sqlite(dbapi_connection, _record):
            # web, workers and beat share the file: readers beside the writer
            dbapi_connection.execute("PRAGMA journal_mode=WAL")
            dbapi_connection.execute("PRAGMA synchronous=NORMAL")

        return engine

    def _open(self):
        url = self.connection.client.hostname
        if url not in self._engines:
            with _MUTEX:
                if url not in self._engines:
                    engine = self._engine_from_config()
                    try:
                        sqla.metadata.create_all(engine)
                    except OperationalError:  # another process created the tables meanwhile
                        sqla.metadata.create_all(engine)
                    self._engines[url] = engine, sessionmaker(bind=engine)
        return self._engines[url]

    def basic_consume(self, queue, no_ack, *args, **kwargs):
        if no_ack:
            self._no_ack.add(queue)
        return super().basic_consume(queue, no_ack, *args, **kwargs)

    def _put(self, queue, payload, **kwargs):
        obj = self._get_or_create(queue)
        self.session.add(self.message_cls(dumps(payload), obj))
        try:
            self.session.commit()
        except Exception:
            self.session.rollback()
            raise

    def _get(self, queue):
        obj = self._get_or_create(queue)
        Message = self.message_cls
        self._maybe_release_abandoned()
        # An empty queue costs one read, which WAL never makes wait behind a writer.
        waiting = self.session.query(Message.id).filter(Message.queue_id == obj.id, Message.visible == True).first()  # noqa: E712
        self.session.commit()
        if waiting is None:
            raise Empty()
        self.session.execute(text("BEGIN IMMEDIATE"))
        try:
            msg = (
                self.session.query(Message)
                .filter(Message.queue_id == obj.id, Message.visible == True)  # noqa: E712
                .order_by(Message.sent_at, Message.id)
                .first()
            )
            if msg is None:
                raise Empty()
            payload = loads(bytes_to_str(msg.payload))
            if queue in self._no_ack:
                self.session.delete(msg)  # nobody will acknowledge it
            else:
                msg.visible = False
                msg.sent_at = datetime.now()  # taken at: the visibility timeout counts from here
                self._rows[payload["properties"]["delivery_tag"]] = msg.id
            return payload
        finally:
            self.session.commit()

    def _row_done(self, delivery_tag):
        row = self._rows.pop(delivery_tag, None)
        if row is not None:
            self.session.execute(text(f"DELETE FROM {self.message_tablename} WHERE id = :id"), {"id": row})
            self.session.commit()

    def _row_release(self, delivery_tag):
        row = self._rows.pop(delivery_tag, None)
        if row is not None:
            self.session.execute(text(f"UPDATE {self.message_tablename} SET visible = 1 WHERE id = :id"), {"id": row})
            self.session.commit()

    def _maybe_release_abandoned(self):
        """Make visible again what a killed worker took and never acknowledged (every 30 s at most)."""
        now = time.monotonic()
        if self._abandoned_looked_at and now - self._abandoned_looked_at < self.abandoned_look_seconds:
            return
        self._abandoned_looked_at = now
        cutoff = datetime.now() - timedelta(seconds=self.visibility_timeout)
        mine = tuple(self._rows.values()) or (-1,)
        self.session.execute(
            text(f"UPDATE {self.message_tablename} SET visible = 1 WHERE visible = 0 AND timestamp < :cutoff AND id NOT IN ({','.join(map(str, mine))})"),
            {"cutoff": cutoff},
        )
        self.session.commit()

    def _size(self, queue):
        obj = self._get_or_create(queue)
        try:
            return self.session.query(self.message_cls).filter(self.message_cls.queue_id == obj.id, self.message_cls.visible == True).count()  # noqa: E712
        finally:
            self.session.commit()


class Transport(sqla.Transport):
    Channel = Channel
    driver_name = "sqlite"
