"""Tournaments: creating, registering and withdrawing, starting, and the
rounds (each round locks the tournament row)."""

from __future__ import annotations

import random
from datetime import timedelta

import jsonschema
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from pbem import clock
from pbem import services as game_services
from pbem.errors import Conflict, InvalidRequest
from pbem.ladders import mails, pairing
from pbem.ladders import selectors as sel
from pbem.ladders.models import (
    Entry,
    Round,
    Table,
    TableSeat,
    Tournament,
)
from pbem.ladders.services.entry import _entry_check, _game_make, email_verified
from pbem.models import Game, Seat
from pbem.selectors import engine_get

# --- tournaments ----------------------------------------------------------------------


def tournament_create(*, creator, **fields) -> Tournament:
    """Any player with a verified email address may organise a tournament
    (staff too); the same checks for the API and the page."""
    if not (creator.is_staff or email_verified(user=creator)):
        raise Conflict(_("Tournaments are organised by players with a verified email address; confirm yours first."))
    engine = engine_get(fields["engine"])
    options = {n: p["default"] for n, p in engine.options_schema.get("properties", {}).items() if "default" in p}
    options.update(fields.get("options") or {})
    try:  # checked now, not when the first round's games are made
        jsonschema.Draft202012Validator(engine.options_schema).validate(options)
    except jsonschema.ValidationError as e:
        raise InvalidRequest(_("Options for %(game)s: %(error)s.") % {"game": engine.slug, "error": e.message}) from None
    size = fields["table_size"]
    if not engine.min_players <= size <= engine.max_players:
        raise InvalidRequest(
            _("%(title)s is for %(low)s-%(high)s players per table.")
            % {"title": engine.title, "low": engine.min_players, "high": engine.max_players}
        )
    if fields.get("format") == Tournament.Format.GROUPS:
        fields.setdefault("group_size", size)
        if not fields.get("group_size") or fields["group_size"] < size:
            raise InvalidRequest(_("group_size must be at least the table size."))
    final = fields.get("final_size") or 0
    if final and not engine.min_players <= final <= engine.max_players:
        raise InvalidRequest(
            _("final_size must be 0 (no final) or %(low)s-%(high)s.") % {"low": engine.min_players, "high": engine.max_players}
        )
    if fields["registration_deadline"] <= timezone.now():
        raise InvalidRequest(_("The registration deadline must be in the future."))
    for key, values in (fields.get("points") or {}).items():
        if not str(key).isdigit() or len(values) != int(key) or any(a < b for a, b in zip(values, values[1:])):
            raise InvalidRequest(
                _("points[%(key)r] must list %(key)s numbers, first place first, never rising.") % {"key": key}
            )
    if fields["slug"] == "new":  # /tournaments/new/ is the form that makes them
        raise InvalidRequest(_("'new' cannot be a tournament's short name; choose another."))
    if Tournament.objects.filter(slug=fields["slug"]).exists():
        raise Conflict(_("A tournament called %(slug)r exists; choose another slug.") % {"slug": fields["slug"]})

    try:
        fields["time_control"] = clock.time_control_normalise(fields.get("time_control") or None)
    except ValueError as e:
        raise InvalidRequest(str(e)) from None
    return Tournament.objects.create(created_by=creator, **fields)


def tournament_register(*, tournament: Tournament, user) -> Entry:
    _entry_check(
        user=user, what=_("The tournament %(name)s") % {"name": tournament.name}, verified=tournament.require_verified_email,
        min_on_time_rate=tournament.min_on_time_rate,
    )
    with transaction.atomic():
        t = Tournament.objects.select_for_update(no_key=True).get(pk=tournament.pk)
        if t.status != Tournament.Status.REGISTRATION or t.registration_deadline <= timezone.now():
            raise Conflict(_("Registration for %(name)s is closed.") % {"name": t.name})
        active = t.entries.filter(withdrawn_at__isnull=True)
        if active.filter(player=user).exists():
            raise Conflict(_("You are registered for %(name)s already.") % {"name": t.name})
        if t.max_players is not None and active.count() >= t.max_players:
            raise Conflict(_("%(name)s is full (%(count)s players).") % {"name": t.name, "count": t.max_players})
        entry, created = Entry.objects.get_or_create(tournament=t, player=user)
        if not created:
            entry.withdrawn_at = None
            entry.save(update_fields=["withdrawn_at"])
    return entry


def tournament_withdraw(*, tournament: Tournament, user) -> Entry:
    """Leave the tournament: no further rounds; running games are resigned
    (the game's time control says whether a bot plays on or the game ends)."""
    with transaction.atomic():
        entry = Entry.objects.select_for_update(no_key=True).filter(
            tournament=tournament, player=user, withdrawn_at__isnull=True
        ).first()
        if entry is None:
            raise Conflict(_("You are not registered for %(name)s.") % {"name": tournament.name})
        entry.withdrawn_at = timezone.now()
        entry.save(update_fields=["withdrawn_at"])
    running = Game.objects.filter(
        tournament_table__round__tournament=tournament, status=Game.Status.ACTIVE,
        seats__player=user, seats__status=Seat.Status.PLAYING,
    ).values_list("pk", flat=True)
    for game_id in running:
        game_services.seat_resign(game_id=game_id, user=user)
    return entry


def tournament_start(*, tournament_id: int, now=None) -> Tournament:
    now = now or timezone.now()
    with transaction.atomic():
        t = Tournament.objects.select_for_update(no_key=True).get(pk=tournament_id)
        if t.status != Tournament.Status.REGISTRATION:
            return t
        entries = list(t.entries.filter(withdrawn_at__isnull=True).select_related("player"))
        engine = engine_get(t.engine)
        if len(entries) < max(engine.min_players, 2):
            t.status, t.finished_at = Tournament.Status.CANCELLED, now
            t.save(update_fields=["status", "finished_at"])
            mails.tournament_cancelled(tournament=t, entries=entries)
            return t
        ords = sel.ordinals_engine(engine=t.engine, players=[e.player_id for e in entries])
        for e in entries:
            e.seed_ordinal = ords.get(e.player_id, 0.0)
        entries.sort(key=lambda e: (-e.seed_ordinal, e.player_id))
        if t.format == Tournament.Format.GROUPS:
            count = max(1, -(-len(entries) // t.group_size))
            for group, ids in enumerate(pairing.snake([e.pk for e in entries], _even_sizes(len(entries), count))):
                for e in entries:
                    if e.pk in ids:
                        e.group = group + 1
        Entry.objects.bulk_update(entries, ["seed_ordinal", "group"])
        t.status, t.started_at = Tournament.Status.RUNNING, now
        t.save(update_fields=["status", "started_at"])
        _round_open(t, now)
    return t


def _even_sizes(n: int, count: int) -> list[int]:
    return [n // count + (1 if i < n % count else 0) for i in range(count)]


def tournament_advance(*, tournament_id: int, now=None) -> str:
    """Start the tournament when registration has closed, open the next round
    when the current one has finished or its deadline passed, and finish the
    tournament after its last round. Safe to run any number of times."""
    now = now or timezone.now()
    t = Tournament.objects.filter(pk=tournament_id).first()
    if t is None:
        return "gone"
    if t.status == Tournament.Status.REGISTRATION:
        if t.registration_deadline > now:
            return "registration"
        return tournament_start(tournament_id=t.pk, now=now).status
    if t.status != Tournament.Status.RUNNING:
        return t.status
    with transaction.atomic():
        t = Tournament.objects.select_for_update(no_key=True).get(pk=tournament_id)
        current = t.round_set.order_by("-number").first()
        if current is None:
            _round_open(t, now)
            return "round 1"
        open_tables = current.tables.filter(bye=False, finished_at__isnull=True).exists()
        if current.finished_at is None:
            if open_tables and current.deadline > now:
                return f"round {current.number} running"
            current.finished_at = now
            current.save(update_fields=["finished_at"])
            mails.round_finished(tournament=t, round=current)
        if _round_open(t, now) is not None:
            return f"round {current.number + 1}"
        if Table.objects.filter(round__tournament=t, bye=False, finished_at__isnull=True).exists():
            return "waiting for the last games"
        t.status, t.finished_at = Tournament.Status.FINISHED, now
        t.save(update_fields=["status", "finished_at"])
        mails.tournament_finished(tournament=t)
        return "finished"


def tournaments_advance(*, now=None) -> int:
    ids = Tournament.objects.filter(
        status__in=[Tournament.Status.REGISTRATION, Tournament.Status.RUNNING]
    ).values_list("pk", flat=True)
    for pk in ids:
        tournament_advance(tournament_id=pk, now=now)
    return len(ids)


def _round_open(t: Tournament, now) -> Round | None:
    """The next round's tables and games, or None when no round is left."""
    played = t.round_set.count()
    engine = engine_get(t.engine)
    stage_rounds = t.round_set.exclude(stage=Round.Stage.FINAL).count()
    if stage_rounds < t.rounds:
        stage = Round.Stage.GROUPS if t.format == Tournament.Format.GROUPS else Round.Stage.SWISS
    elif t.final_size >= 2 and not t.round_set.filter(stage=Round.Stage.FINAL).exists():
        stage = Round.Stage.FINAL
    else:
        return None
    rnd = Round.objects.create(
        tournament=t, number=played + 1, stage=stage, started_at=now, deadline=now + timedelta(hours=t.round_hours)
    )
    entries = list(t.entries.filter(withdrawn_at__isnull=True).select_related("player"))
    standing = sel.tournament_standings(tournament=t)
    order_all = [line["player_id"] for line in standing if not line["withdrawn"]]
    met = sel.tournament_meetings(tournament=t)
    tables: list[list[int]] = []
    byes: list[int] = []
    ahead = t.rounds - stage_rounds - 1
    if stage == Round.Stage.FINAL:
        tables = [sel.finalists(tournament=t, standing=standing)[: t.final_size]]
    elif stage == Round.Stage.SWISS:
        sizes, bye_count = pairing.sizes_for(len(order_all), t.table_size, engine.min_players, t.remainder)
        if played == 0:
            byes = pairing.byes_choose(order_all, bye_count, {})
            tables = pairing.snake([p for p in order_all if p not in byes], sizes)
        else:
            tables, byes = pairing.round_pair(
                order_all, met, sizes, bye_count=bye_count, byes_had=sel.byes_had(tournament=t), ahead=ahead
            )
    else:
        groups: dict[int, list[int]] = {}
        group_of = {e.player_id: e.group for e in entries}
        for p in order_all:
            groups.setdefault(group_of.get(p) or 1, []).append(p)
        for g in sorted(groups):
            members = groups[g]
            sizes, bye_count = pairing.sizes_for(len(members), t.table_size, engine.min_players, t.remainder)
            gtables, gbyes = pairing.round_pair(
                members, met, sizes, bye_count=bye_count, byes_had=sel.byes_had(tournament=t), ahead=ahead
            )
            byes += gbyes
            tables += gtables
    users = {e.player_id: e.player for e in entries}
    # seats by lot and seeds that nobody can work out (a game's seed fixes its hidden deck order)
    rng = random.SystemRandom()
    number = 0
    for players in tables:
        if len(players) < engine.min_players:
            byes += players
            continue
        number += 1
        seated = list(players)
        rng.shuffle(seated)  # seat order by lot
        game = _game_make(
            players=[users[p] for p in seated], engine=t.engine, options=t.options,
            time_control=t.time_control, seed=rng.getrandbits(62),
        )
        table = Table.objects.create(round=rnd, number=number, game=game)
        TableSeat.objects.bulk_create([TableSeat(table=table, player_id=p) for p in seated])
    if byes:
        number += 1
        table = Table.objects.create(round=rnd, number=number, bye=True, finished_at=now)
        pts = pairing.bye_points(t.table_size, t.points)
        top = pairing.place_points(t.table_size, t.points)[0]
        TableSeat.objects.bulk_create([TableSeat(table=table, player_id=p, points=pts, max_points=top) for p in byes])
    mails.round_started(tournament=t, round=rnd)
    return rnd
