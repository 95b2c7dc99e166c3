"""The leak scan: for every engine, whole games played through the service
(``move_submit`` by one account per seat, ``game_advance`` applying), and at
every moment every endpoint and every mail read by each seat and by an
outsider. It fails on anything that reader could not know at that moment.

The oracle is differential, so it needs no list of secret words and serves
every engine, present and future. At each moment, for each reader, the scan
reads everything once, then redeals, inside a savepoint, all that this reader
may not know:

- the engine's hidden state, through the engine contract's
  ``shuffle_hidden(state, seat)`` (other hands, deck order, face-down cards,
  the generator; the conformance checks prove the reader's ``view`` does not
  change);
- every other seat's raw action and sealed answer (content and salt), its
  decision prompts and the events the engine addressed only to others; for
  the outsider, the invitation code;

then writes that moment's mails again from the redealt game (through the
outbox writers that wrote them) and reads everything a second time. Every
byte the reader gets (game resource, history, decisions, record, and the
subject, text, HTML and board of each mail to it) must be the same: whatever
changed came from something it may not know. What stays is public by
construction (views, events to all or to it, its own actions, commitments),
so public words in hidden state ("round", a character's name in the rules
text) are no false alarm, and a note revealed at a showdown stays known
because the event that revealed it is unchanged.

Besides, the seed and the generator's state appear nowhere before the game is
finished, and the record is refused until then. ``test_the_scan_finds_*``
prove the scan fails on a leaking endpoint and on a leaking mail.
"""

from __future__ import annotations

import json
import os
from datetime import date

import pytest
from django.contrib.auth import get_user_model
from django.db import transaction
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from engines.rng import Rng
from notifications import push
from notifications.models import ChatChannel, Notification
from pbem import selectors, services
from pbem.models import DecisionOrder, Game, Move, PendingAction, SealedMove, StandingOrder
from pbem.services import mails, pushes
from tests.support.rendered import rendered_all

pytestmark = [pytest.mark.e2e, pytest.mark.django_db]

# Every engine at three players, the test engine, and two-player Citadels
# (the face-down discard of the two-player game).
GAMES = [("augsburg1520", 3), ("citadels", 3), ("citadels", 2), ("fugger", 3), ("staufer", 3), ("sealedbid", 3)]

HISTORY_EVERY = 4
# The suite scans every SCAN_EVERY-th step of each whole game (the start, the
# end and, on a scanned step, the sealed answers between); `make soak-leaks`
# scans every moment (PBEM_LEAK_SCAN_EVERY=1). The mails of a step not scanned
# are passed over; the history, which only grows, is read on scanned steps.
# Which steps are scanned turns with the UTC day (SCAN_OFFSET), so the suite's
# runs scan every step of every game over SCAN_EVERY days; a finding names the
# offset, and PBEM_LEAK_SCAN_OFFSET=<n> scans the same steps again.
SCAN_EVERY = max(1, int(os.environ.get("PBEM_LEAK_SCAN_EVERY", "6")))
SCAN_OFFSET = int(os.environ.get("PBEM_LEAK_SCAN_OFFSET", date.today().toordinal())) % SCAN_EVERY

MAIL_WRITERS = {Notification.Kind.YOUR_MOVE, Notification.Kind.RESOLUTION, Notification.Kind.GAME_OVER}


class Reader:
    def __init__(self, user, seat: int | None):
        self.user, self.seat = user, seat
        self.client = APIClient()
        self.client.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.get_or_create(user=user)[0].key}")

    @property
    def name(self) -> str:
        return f"seat {self.seat}" if self.seat is not None else "the outsider"


class _Rollback(Exception):
    pass


class Scan:
    def __init__(self, engine, game: Game, readers: list[Reader], seed: int):
        self.engine, self.game, self.readers = engine, game, readers
        self.rng = Rng.from_seed(seed + 1)
        self.findings: list[str] = []
        self.moments = 0
        self.steps = 0
        self.mail_mark = 0  # the last notification pk of the previous moment

    # --- reading --------------------------------------------------------------------

    def read(self, r: Reader, applied: bool, history: bool) -> dict[str, str]:
        """Every API answer this reader gets, as canonical text by where it was read."""
        base = f"/api/games/{self.game.pk}/"
        out = {}
        seated = ["orders/"] if r.seat is not None else []  # a seat's own orders given in advance (issue 25)
        for path in [""] + seated + (["record/"] if applied else []) + (["moves/"] if history else []):
            resp = r.client.get(base + path)
            out[f"GET {base}{path}"] = f"{resp.status_code} {json.dumps(resp.json(), sort_keys=True, default=str)}"
        resp = r.client.get("/api/me/decisions/")
        out["GET /api/me/decisions/"] = f"{resp.status_code} {json.dumps(resp.json(), sort_keys=True, default=str)}"
        return out

    def mails(self, r: Reader, since: int) -> dict[str, str]:
        """The mails written to this reader since the mark."""
        rows = Notification.objects.filter(recipient=r.user, game=self.game, pk__gt=since).order_by("kind", "seat", "dedupe_key")
        table_channel = ChatChannel(game=self.game, created_by_id=self.game.created_by_id, service="Discord")
        # as delivered (rendered from what the step stored), and what the step stored too
        return {
            f"mail {n.dedupe_key}": json.dumps(
                [n.subject, n.body_text, n.body_html, n.board_svg, n.headers.get("Reply-To"), n.data], sort_keys=True
            )
            for n in rendered_all(rows)
        } | {
            # what a push to the reader's devices and a table's chat channel say of each (issue 24)
            f"push and table chat {n.dedupe_key}": json.dumps([push.payload(n), pushes.chat_render(n, channel=table_channel)], sort_keys=True)
            for n in rows
        }

    # --- the redeal -------------------------------------------------------------------

    def redeal(self, r: Reader, game: Game) -> None:
        """Change, in the database, everything ``r`` may not know."""
        finished = game.status == Game.Status.FINISHED
        game.state = self.engine.shuffle_hidden(game.state, r.seat, self.rng)
        if r.seat is None:
            game.invite_code = f"x{self.rng.next64() % 10**12}"
        game.save(update_fields=["state", "invite_code"])
        if finished:
            return  # the record publishes every move: only the state is still the engine's to hide
        n = self.rng.next64()
        Move.objects.filter(game=game).exclude(seat=r.seat).update(action={"type": "redealt", "n": n})
        SealedMove.objects.filter(move__game=game).exclude(move__seat=r.seat).update(content={"type": "redealt", "n": n}, salt=f"{n:x}")
        PendingAction.objects.filter(game=game).exclude(seat__index=r.seat).update(prompt=f"redealt prompt {n}")
        DecisionOrder.objects.filter(game=game).exclude(seat__index=r.seat).update(candidates=[f"redealt order {n}"])
        StandingOrder.objects.filter(game=game).exclude(seat__index=r.seat).update(order={"type": "redealt", "n": n})
        changed = []
        for m in Move.objects.filter(game=game).exclude(events=[]).only("pk", "events"):
            if any(e["to"] != "all" and r.seat not in e["to"] for e in m.events):
                m.events = [
                    e if e["to"] == "all" or r.seat in e["to"] else {**e, "text": f"redealt event {n}", "data": {"n": n}}
                    for e in m.events
                ]
                changed.append(m)
        Move.objects.bulk_update(changed, ["events"])

    def rewrite_mails(self, game: Game, since: int) -> None:
        """Write this moment's mails again, from the redealt game."""
        written = list(Notification.objects.filter(game=game, pk__gt=since))
        kinds = {n.kind for n in written}
        unknown = kinds - MAIL_WRITERS
        assert not unknown, f"the scan does not know how to write {unknown} mails again: teach it"
        Notification.objects.filter(pk__in=[n.pk for n in written]).delete()
        if Notification.Kind.RESOLUTION in kinds:
            answered = max(int(n.dedupe_key.split(":")[2]) for n in written if n.kind == Notification.Kind.RESOLUTION)
            moves = list(
                Move.objects.filter(game=game, version=answered, status=Move.Status.APPLIED).select_related("secret").order_by("seat")
            )
            mails.resolution_write(game=game, version=answered, moves=moves)
        if Notification.Kind.YOUR_MOVE in kinds:
            seats = {n.seat for n in written if n.kind == Notification.Kind.YOUR_MOVE}
            pending = [p for p in selectors.open_decisions(game=game).select_related("seat__player") if p.seat.index in seats]
            mails.your_move_write(game=game, pending=pending)
        if Notification.Kind.GAME_OVER in kinds:
            mails.game_over_write(game=game)

    # --- one moment ---------------------------------------------------------------------

    def pass_over(self) -> None:
        """A step not scanned: its mails are not read (the next moment reads its own)."""
        self.mail_mark = Notification.objects.filter(game=self.game).order_by("-pk").values_list("pk", flat=True).first() or self.mail_mark

    def moment(self, what: str, applied: bool = True, history: bool = True) -> None:
        """Read, redeal, read again. ``applied``: a step was just applied (its
        mails are read and written again); ``history``: the history is read
        too (it only grows, so what it shows once it shows later: reading it
        every few steps finds every leak it holds, at a fraction of the cost)."""
        self.moments += 1
        game = Game.objects.get(pk=self.game.pk)
        since = self.mail_mark
        finished = game.status == Game.Status.FINISHED
        # The mails as written again from the stored game: the advance wrote
        # them from the state as ``apply`` built it, whose dicts' key order the
        # database does not keep (nor does a redeal); the text must not depend
        # on that, but the comparison must not either.
        written = {r.user.pk: self.mails(r, since) for r in self.readers} if applied else {}
        control = {}
        if any(written.values()):
            try:
                with transaction.atomic():
                    self.rewrite_mails(Game.objects.get(pk=game.pk), since)
                    control = {r.user.pk: self.mails(r, since) for r in self.readers}
                    raise _Rollback
            except _Rollback:
                pass
            for r in self.readers:
                if set(control[r.user.pk]) != set(written[r.user.pk]):
                    self.findings.append(f"{what}: the outbox writers do not write {r.name}'s mails again as they were: teach the scan")
        for r in self.readers:
            mine = control.get(r.user.pk, {})
            before = self.read(r, applied, history) | mine
            if not finished:
                for where, text in (before | written.get(r.user.pk, {})).items():
                    for exact in (str(game.seed), json.dumps(game.state.get("rng")) if game.state.get("rng") is not None else None):
                        if exact and exact in text:
                            self.findings.append(f"{what}: {r.name} reads the seed or the generator state in {where}")
                if applied:
                    assert before[f"GET /api/games/{game.pk}/record/"].startswith("409"), f"the record is open to {r.name} before the end"
            try:
                with transaction.atomic():
                    self.redeal(r, Game.objects.get(pk=game.pk))
                    twin = Game.objects.get(pk=game.pk)  # as stored, like the control
                    after = self.read(r, applied, history)
                    if mine:
                        self.rewrite_mails(twin, since)
                        after |= self.mails(r, since)
                    raise _Rollback
            except _Rollback:
                pass
            if set(before) != set(after):
                self.findings.append(f"{what}: {r.name} gets other mails when what it may not know is redealt: {sorted(set(before) ^ set(after))}")
            for where in sorted(set(before) & set(after)):
                if before[where] != after[where]:
                    self.findings.append(f"{what}: {r.name} reads what it may not know in {where}:\n{_diff(before[where], after[where])}")
        if applied:
            self.pass_over()  # the next moment reads the mails written after this one


def _diff(a: str, b: str) -> str:
    """The first place where two answers differ, with some context."""
    i = next((i for i, (x, y) in enumerate(zip(a, b)) if x != y), min(len(a), len(b)))
    return f"    {a[max(0, i - 80) : i + 80]!r}\n vs {b[max(0, i - 80) : i + 80]!r}"


def _play(slug: str, players: int, seed: int, until_found: bool = False) -> Scan:
    """A whole game scanned on today's steps; ``until_found``: scanned at every step, the history
    too, until the scan has found something (the tests that prove it can: the same finding
    whatever the day, at the first moment that shows it)."""
    every, offset = (1, 0) if until_found else (SCAN_EVERY, SCAN_OFFSET)
    users = [get_user_model().objects.create_user(f"p{i}", f"p{i}@example.org", "x") for i in range(players)]
    outsider = get_user_model().objects.create_user("outsider", "outsider@example.org", "x")
    game = services.game_create(creator=users[0], engine=slug, players=players, seed=seed)
    for u in users[1:]:
        services.game_join(game_id=game.pk, user=u)
    services.game_start(game_id=game.pk, user=users[0])
    engine = selectors.engine_get(slug)
    scan = Scan(engine, game, [Reader(u, i) for i, u in enumerate(users)] + [Reader(outsider, None)], seed)
    rng = Rng.from_seed(seed)
    # Every seat holds orders given in advance the whole game through (issue 25): candidates for its
    # next decision that no game reads (so they wait, unplayed) and a standing order no game offers
    # (so it answers nothing); the redeal changes the other seats' ones.
    for i in range(players):
        plan = rng.next64() % 10**9  # not the seed: the scan looks for that everywhere
        services.orders_set(game_id=game.pk, seat=i, candidates=[f"zz secret plan {i} {plan}"])
        StandingOrder.objects.create(game=game, seat=game.seats.get(index=i), order={"type": "secret_plan", "seat": i, "n": plan})
    scan.moment("the start")
    for step in range(5000):
        services.game_advance(game_id=game.pk)
        game.refresh_from_db()
        if game.status == Game.Status.FINISHED or (until_found and scan.findings):
            break
        scan.steps = step + 1
        scanned = step % every == offset
        if scanned:
            scan.moment(f"after step {step}", history=until_found or (step // every) % max(1, HISTORY_EVERY // every) == 0)
        else:
            scan.pass_over()
        pending = list(
            PendingAction.objects.filter(game=game, version=game.version, closed_at__isnull=True, submitted_at__isnull=True)
            .select_related("seat")
            .order_by("seat__index")
        )
        for i, p in enumerate(pending):
            action = engine.bot(game.state, p.seat.index, rng)
            services.move_submit(game_id=game.pk, seat=p.seat.index, action=action, source=Move.Source.API, version=game.version)
            # between the answers of a sealed decision: the game resource only
            # (the history and the mails do not change until the step is applied)
            if scanned and p.sealed and i < len(pending) - 1:
                scan.moment(f"step {step}, seat {p.seat.index} answered (sealed)", applied=False, history=False)
    if until_found and scan.findings:
        return scan
    assert game.status == Game.Status.FINISHED, "the game did not end"
    scan.moment("the end")
    return scan


@pytest.mark.parametrize("slug, players", GAMES, ids=[f"{s}-{n}" for s, n in GAMES])
def test_nobody_reads_what_they_could_not_know(slug, players):
    scan = _play(slug, players, seed=20261123)
    # every SCAN_EVERY-th step was scanned, besides the start and the end
    assert scan.moments >= 2 + scan.steps // SCAN_EVERY, (scan.moments, scan.steps)
    assert not scan.findings, (
        f"{len(scan.findings)} leak(s) on the steps scanned today (PBEM_LEAK_SCAN_EVERY={SCAN_EVERY} "
        f"PBEM_LEAK_SCAN_OFFSET={SCAN_OFFSET} scans them again), the first:\n" + "\n".join(scan.findings[:8])
    )


# --- the scan can fail -------------------------------------------------------------------


def test_the_scan_finds_another_seats_action_in_the_history(monkeypatch):
    """A history that shows every seat's raw action (the bug of issue 17)."""
    real = selectors.game_history

    def leaking(*, game, user):
        steps = real(game=game, user=user)
        actions = {(m.version, m.seat): m.action for m in Move.objects.filter(game=game, status=Move.Status.APPLIED)}
        for step in steps:
            for move in step["moves"]:
                move["action"] = actions[(step["version"], move["seat"])]
        return steps

    monkeypatch.setattr(selectors, "game_history", leaking)
    scan = _play("sealedbid", 3, seed=20261107, until_found=True)
    assert any("moves/" in f and "reads what it may not know" in f for f in scan.findings), scan.findings[:3]


def test_the_scan_finds_a_hidden_card_in_a_mail(monkeypatch):
    """An engine whose text for mail names the next prize, face down in the deck."""
    engine = selectors.engine_get("sealedbid")
    real = type(engine).render
    monkeypatch.setattr(type(engine), "render", lambda self, state, seat, **kw: real(self, state, seat, **kw) + f"\nNext: {state['deck'][:1]}")
    scan = _play("sealedbid", 3, seed=20261107, until_found=True)
    assert any(f.split(" in ")[-1].startswith("mail your_move") or "mail your_move" in f for f in scan.findings), scan.findings[:3]
    assert not any("GET" in f for f in scan.findings), [f for f in scan.findings if "GET" in f][:2]


def test_the_scan_finds_another_seats_orders(monkeypatch):
    """A game resource that shows every seat's orders given in advance."""
    real = selectors.game_detail

    def leaking(*, game, user):
        out = real(game=game, user=user)
        out["orders"] = sorted(str(o.candidates) for o in DecisionOrder.objects.filter(game=game))
        return out

    monkeypatch.setattr(selectors, "game_detail", leaking)
    scan = _play("sealedbid", 3, seed=20261107, until_found=True)
    assert any("reads what it may not know" in f and f.split(" in ")[-1].startswith("GET") for f in scan.findings), scan.findings[:3]
