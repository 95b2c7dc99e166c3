"""Work marked in flight, queued again when its task is lost.

A row whose task is queued carries the moment it was queued (a "mark", set in
the transaction that made the work); the task clears it when done. A mark
older than the grace period is a task lost with its worker or its broker.
Used by the sweeps of advances (pbem.services.sweeps) and of deliveries
(notifications.services), so it sits below both.
"""

from __future__ import annotations

from datetime import timedelta

from django.utils import timezone


def marked_work_requeue(rows, *, mark: str, task, grace_seconds: int | None, limit: int) -> int:
    """Queue ``task`` (with the row's id) again for each of ``rows`` whose
    ``mark`` (the moment its task was queued, set with the work) is older
    than the grace period (PBEM_LOST_WORK_SECONDS by default), oldest first,
    and mark them anew, so each is queued at most once per grace period. The
    lost-work sweeps of advances and of mail deliveries."""
    from django.conf import settings  # read per call: tests override it

    grace = grace_seconds if grace_seconds is not None else settings.PBEM_LOST_WORK_SECONDS
    now = timezone.now()
    lost = list(rows.filter(**{f"{mark}__lt": now - timedelta(seconds=grace)}).order_by(mark).values_list("pk", flat=True)[:limit])
    if lost:
        rows.model.objects.filter(pk__in=lost).update(**{mark: now})
    for pk in lost:
        task.delay(pk)
    return len(lost)
