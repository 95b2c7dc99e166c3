"""Work marked in flight, queued again only when its task is lost.

A row whose task is queued carries the moment it was queued (a "mark", set in
the transaction that made the work); the task clears it when done. A mark
older than the grace period is only a candidate: the task may be waiting
behind other work, or running. It is queued again only when the broker holds
no message of it, waiting or held by a live worker (pbem.broker_state): the
broker was emptied, the publish failed, or its worker died. A message its
dead worker held is put back in place rather than copied; one that is gone is
sent again at the priority of the original (games before mail). So the queue
never holds more than one task per marked game or mail. Used by the sweeps
(pbem.services.sweeps) of advances, of mails and of push and chat
deliveries.
"""

from __future__ import annotations

import logging
from datetime import timedelta

from django.conf import settings
from django.utils import timezone

from pbem import broker_state

log = logging.getLogger(__name__)


def lost_requeue(pks: list, *, task, priority: int | None = None, still=None) -> list:
    """Of ``pks`` (rows whose ``task`` should be on its way), queue again those whose task the
    broker does not hold, waiting or held by a live worker; returns the ones queued again.
    ``still(pks)``, read after the broker, keeps those that still need their task (one that
    finished meanwhile is not lost). When the broker cannot be read, nothing is queued (it could
    not be sent either)."""
    if not pks:
        return []
    try:
        flight = broker_state.in_flight(broker_state.queues_of(task), {task.name})
    except Exception as exc:  # noqa: BLE001 - the broker is away: the next round looks again
        log.warning("the broker cannot be read (%s): no %s queued again this round", type(exc).__name__, task.name)
        return []
    lost = [pk for pk in pks if not flight.on_its_way(task.name, pk)]  # else waiting or running: not lost
    if still is not None and lost:
        lost = [pk for pk in lost if pk in still(lost)]
    for pk in lost:
        held = flight.lost_held.get((task.name, pk))
        if held is not None:
            broker_state.restore(held)  # its worker died: back in its queue, in place, at its priority
        else:
            task.apply_async((pk,), **({"priority": priority} if priority is not None else {}))
    if lost:
        log.info("%s queued again for %s lost task(s): %s", task.name, len(lost), lost[:20])
    return lost


def marked_work_requeue(rows, *, mark: str, task, grace_seconds: int | None, limit: int, priority: int | None = None) -> int:
    """Queue ``task`` (with the row's id) again for each of ``rows`` whose
    ``mark`` is older than the grace period (PBEM_LOST_WORK_SECONDS by
    default) and whose task is lost (``lost_requeue``), oldest first, and mark
    those anew. The lost-work sweeps of advances and of mail deliveries."""
    grace = grace_seconds if grace_seconds is not None else settings.PBEM_LOST_WORK_SECONDS
    now = timezone.now()
    cutoff = now - timedelta(seconds=grace)
    stale_rows = rows.filter(**{f"{mark}__lt": cutoff})
    stale = list(stale_rows.order_by(mark).values_list("pk", flat=True)[:limit])

    def still(pks):
        return set(stale_rows.filter(pk__in=pks).values_list("pk", flat=True))

    again = lost_requeue(stale, task=task, priority=priority, still=still)
    if again:
        rows.model.objects.filter(pk__in=again).update(**{mark: now})
    return len(again)
