"""The live pages' event streams (server-sent events, issue 27): the game page, the dashboard
and the lobby each keep one open and are told, the moment a change is committed, that they
should fetch their parts again, as their poll made them do before. An event carries a change
stamp only (the game's, or a count), never content: what a reader then sees is decided per
request by the selectors, as ever. A game's stream is refused (404) to whoever may not see the
game, exactly as its page and its poll are.

Served on ASGI (config/asgi.py): an open stream waits on its queue in the event loop and holds
no database connection (each read releases its own before the stream waits again). It says it
is alive every PBEM_LIVE_HEARTBEAT_SECONDS and ends after 80-100 % of PBEM_LIVE_MAX_SECONDS; the browser
then opens it again with the last stamp it got (Last-Event-ID), so nothing is missed. Under
WSGI a stream cannot wait without holding a thread: it answers 204 at once, which makes the
browser stop trying, and the game page polls instead (table.js)."""

from __future__ import annotations

import asyncio
import random

import logging

from asgiref.sync import sync_to_async
from django.conf import settings
from django.db import DatabaseError, connection
from django.http import Http404, HttpResponse, StreamingHttpResponse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from pbem.live.hub import hub
from pbem.web import selectors as web_selectors

log = logging.getLogger(__name__)

RETRY_MS = 2000  # the browser's wait before it opens a stream again that ended
SETTLE = 0.05  # seconds a dashboard or the lobby lets a burst of notices (one commit's) gather


def _on_asgi(request) -> bool:
    return hasattr(request, "scope")


def _released(read):
    """``read`` in a thread, the thread's database connection closed after it (given back to the
    pool): the stream then waits holding none."""

    def run(*args, **kwargs):
        try:
            return read(*args, **kwargs)
        finally:
            if not connection.in_atomic_block:  # a test's transaction; a request has none to keep
                connection.close()

    return sync_to_async(run)


def _ended_on_database_errors(events):
    """A stream whose read fails (the database is away, or no pooled connection came in time)
    ends cleanly instead of breaking off mid-answer; the browser opens it again after RETRY_MS
    and looks then."""

    async def run():
        try:
            async for chunk in events:
                yield chunk
        except DatabaseError as e:
            log.warning("live: a stream ended early: %s", e)
        finally:
            await events.aclose()  # its subscription goes now, not when it is collected

    return run()


def _event(name: str, stamp: str) -> str:
    return f"event: {name}\nid: {stamp}\ndata: {stamp}\n\n"


def _moved(before: str, after: str) -> bool:
    # status and version moved: the board and the forms are stale too, not only the situation
    return before.split(".")[:2] != after.split(".")[:2]


def _response(events) -> StreamingHttpResponse:
    response = StreamingHttpResponse(_ended_on_database_errors(events), content_type="text/event-stream")
    response["Cache-Control"] = "no-cache"
    response["X-Accel-Buffering"] = "no"  # nginx and the like: pass each event on at once
    return response


async def _ticks(sub, *, first: bool = False, settle: float = 0.0):
    """The stream's clock: True at once when ``first`` (look now), then the changes as they come
    and None at each heartbeat, until it is time to end (the browser opens it again)."""
    # whatever the middleware opened after the view is given back before the stream waits
    await _released(lambda: None)()
    if first:
        yield True
    loop = asyncio.get_running_loop()
    # pages opened together (after a restart) do not all come back at the same moment
    end = loop.time() + settings.PBEM_LIVE_MAX_SECONDS * random.uniform(0.8, 1.0)
    while (left := end - loop.time()) > 0:
        yield await sub.changes(min(settings.PBEM_LIVE_HEARTBEAT_SECONDS, left), settle=settle)


@require_GET
async def game_stream(request, game_id: int):
    """``event: changed`` (the head and the rest of the page) or ``event: moved`` (the board and
    the acting part too), with the game's change stamp."""
    user = await request.auser()
    if await _released(web_selectors.poll_stamp)(game_id=game_id, user=user) is None:
        raise Http404(_("There is no game %(id)s.") % {"id": game_id})
    if not _on_asgi(request):
        return HttpResponse(status=204)
    # the last stamp this page got: the browser's when it opens the stream again, else the page's own
    seen = request.headers.get("Last-Event-ID") or request.GET.get("stamp", "")

    async def events():
        last = seen
        async with hub().subscription() as sub:
            yield f"retry: {RETRY_MS}\n\n"
            # read once subscribed: a change committed since the check above is not missed
            changes = True
            async for changes in _ticks(sub, first=True):
                if changes is None:
                    yield ": alive\n\n"
                    continue
                if changes is not True and not changes.touches((game_id,)):
                    continue
                stamp = await _released(web_selectors.game_stamp)(game_id=game_id)
                if stamp is None:
                    return  # the game is gone: opened again, the stream answers 404
                if stamp != last:
                    yield _event("moved" if _moved(last, stamp) else "changed", stamp)
                    last = stamp

    return _response(events())


@require_GET
async def dashboard_stream(request):
    """``event: changed`` when a game the player sits at changed, or they sat down at another."""
    user = await request.auser()
    if not user.is_authenticated:
        raise Http404(_("There is nothing here"))
    if not _on_asgi(request):
        return HttpResponse(status=204)
    games = _released(web_selectors.dashboard_game_ids)

    async def events():
        count = 0
        async with hub().subscription() as sub:
            yield f"retry: {RETRY_MS}\n\n"
            mine = await games(user=user)
            async for changes in _ticks(sub, settle=SETTLE):
                if changes is None:
                    yield ": alive\n\n"
                    continue
                if changes.lobby or changes.everything:  # a seat taken or a game started: which are theirs may differ
                    before, mine = mine, await games(user=user)
                    if before == mine and not changes.touches(mine):
                        continue
                elif not changes.touches(mine):
                    continue
                count += 1
                yield _event("changed", str(count))

    return _response(events())


@require_GET
async def lobby_stream(request):
    """``event: changed`` when the list of open games may have changed."""
    if not _on_asgi(request):
        return HttpResponse(status=204)

    async def events():
        count = 0
        async with hub().subscription() as sub:
            yield f"retry: {RETRY_MS}\n\n"
            async for changes in _ticks(sub, settle=SETTLE):
                if changes is None:
                    yield ": alive\n\n"
                elif changes.lobby or changes.everything:
                    count += 1
                    yield _event("changed", str(count))

    return _response(events())
