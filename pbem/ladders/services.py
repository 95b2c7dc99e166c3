"""Writes for ratings, ladders and tournaments (HackSoft style: keyword-only
``<noun>_<verb>`` functions; views, tasks and mail commands call these).

Locking: a finishing game is already locked by pbem.services.moves; its
ratings are then locked with ``select_for_update(no_key=True)`` in one order
(engine rating before ladder rating, each by player id), and created beforehand
in that same order with ``ON CONFLICT DO NOTHING``, so two games ending at once
with players in common wait for each other instead of deadlocking, and each
change lands exactly once (RatingChange is unique per rating and game). Ladder
matchmaking locks the ladder row, a tournament's rounds lock the tournament row.
"""

from __future__ import annotations

import random
from datetime import timedelta

import jsonschema
from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext as _

from pbem import services as game_services
from pbem.errors import Conflict, InvalidRequest, NotFound
from pbem.ladders import mails, pairing
from pbem.ladders import selectors as sel
from pbem.ladders.matchmaking import Seeker, tables_form
from pbem.ladders.models import (
    Challenge,
    ChallengeInvitee,
    Entry,
    Ladder,
    LadderGame,
    LadderMember,
    Rating,
    RatingChange,
    Round,
    Seek,
    Table,
    TableSeat,
    TakeoverRule,
    Tournament,
)
from pbem.ladders.ratings import ordinal, places_of, rate
from pbem.models import Game, Seat
from pbem.selectors import engine_get, reliability_meets

User = get_user_model()

# --- entry conditions ------------------------------------------------------------


def email_verified(*, user) -> bool:
    """django-allauth's record of the account's address as confirmed (without
    allauth installed, as in a bare service, the account's address counts)."""
    if not user.email:
        return False
    if "allauth.account" in settings.INSTALLED_APPS:
        from allauth.account.models import EmailAddress

        return EmailAddress.objects.filter(user=user, email__iexact=user.email, verified=True).exists()
    return True


def _entry_check(*, user, what: str, verified: bool, min_on_time_rate=None, max_forfeits=None, min_decisions=None) -> None:
    if verified and not email_verified(user=user):
        raise Conflict(_("%(what)s is open to players with a verified email address; confirm yours first.") % {"what": what})
    if not reliability_meets(
        user=user, min_on_time_rate=min_on_time_rate, max_forfeits=max_forfeits, min_decisions=min_decisions
    ):
        wanted = []
        if min_on_time_rate is not None:
            wanted.append(_("at least %(rate)s%% of decisions on time") % {"rate": round(min_on_time_rate * 100)})
        if max_forfeits is not None:
            wanted.append(_("at most %(count)s forfeited games") % {"count": max_forfeits})
        if min_decisions is not None:
            wanted.append(_("at least %(count)s decisions played") % {"count": min_decisions})
        raise Conflict(
            _("%(what)s asks for %(wanted)s; your record (GET /api/players/<you>/) does not meet it yet.")
            % {"what": what, "wanted": ", ".join(wanted)}
        )


# --- ratings: in the transaction that finishes a game ---------------------------------


def game_is_rated(*, game: Game, seats: list[Seat]) -> bool:
    """Rated when every seat had a player at the start (a bot seat from the
    start has no player); a seat a bot took over later keeps its player."""
    return len(seats) >= 2 and all(s.player_id for s in seats)


def _left(seats: list[Seat]) -> set[int]:
    return {
        s.index
        for s in seats
        if s.player_id and s.status in (Seat.Status.BOT, Seat.Status.RESIGNED, Seat.Status.FORFEITED)
    }


def game_places(*, game: Game, seats: list[Seat], rule: str) -> list[int]:
    ranks = (game.outcome or {}).get("ranks") or [1] * len(seats)
    return places_of(list(ranks), _left(seats), rule)


def _ratings_locked(*, engine: str, ladder: Ladder | None, players: list[int]) -> dict[int, Rating]:
    players = sorted(players)
    Rating.objects.bulk_create(
        [Rating(player_id=p, engine=engine, ladder=ladder) for p in players], ignore_conflicts=True
    )
    rows = Rating.objects.select_for_update(no_key=True).filter(engine=engine, player_id__in=players)
    rows = rows.filter(ladder=ladder) if ladder is not None else rows.filter(ladder__isnull=True)
    return {r.player_id: r for r in rows.order_by("player_id")}


def ratings_record(*, game: Game, seats: list[Seat], places: list[int], ladder: Ladder | None, now) -> list[RatingChange]:
    by_seat = [s.player_id for s in seats]
    rows = _ratings_locked(engine=game.engine, ladder=ladder, players=by_seat)
    if RatingChange.objects.filter(game=game, rating__in=rows.values()).exists():
        return []  # counted already: never twice
    before = [(rows[p].mu, rows[p].sigma) for p in by_seat]
    after = rate(before, places)
    changes = []
    for p, place, (mu0, s0), (mu1, s1) in zip(by_seat, places, before, after):
        r = rows[p]
        r.mu, r.sigma, r.ordinal = mu1, s1, ordinal(mu1, s1)
        r.games += 1
        r.last_game_at = now
        changes.append(
            RatingChange(
                rating=r, game=game, place=place, players=len(by_seat),
                mu_before=mu0, sigma_before=s0, mu_after=mu1, sigma_after=s1,
                ordinal_before=ordinal(mu0, s0), ordinal_after=r.ordinal,
            )
        )
    Rating.objects.bulk_update(list(rows.values()), ["mu", "sigma", "ordinal", "games", "last_game_at"])
    RatingChange.objects.bulk_create(changes)
    return changes


def game_finished(*, game: Game) -> None:
    """Called in the transaction that finishes ``game``, with the game row
    locked: by pbem.services.moves when the engine's outcome ends it, and by
    pbem.services.timing when a player's leaving ends it early. Ratings,
    ladder activity, tournament table."""
    now = game.finished_at or timezone.now()
    seats = list(game.seats.order_by("index"))
    link = LadderGame.objects.select_related("ladder").filter(game=game).first()
    ladder = link.ladder if link else None
    table = Table.objects.select_related("round__tournament").filter(game=game).first()
    tournament = table.round.tournament if table else None
    rule = (ladder or tournament).takeover_rule if (ladder or tournament) else TakeoverRule.LAST
    places = game_places(game=game, seats=seats, rule=rule)
    changes = []
    if game_is_rated(game=game, seats=seats):
        changes = ratings_record(game=game, seats=seats, places=places, ladder=None, now=now)
        if ladder is not None and ladder.own_rating:
            changes = ratings_record(game=game, seats=seats, places=places, ladder=ladder, now=now)
    if ladder is not None:
        members = LadderMember.objects.filter(ladder=ladder, player_id__in=[s.player_id for s in seats if s.player_id])
        # locked in player order after the ratings, like every other finishing game: no deadlock
        locked = list(members.select_for_update(no_key=True).order_by("player_id").values_list("pk", flat=True))
        LadderMember.objects.filter(pk__in=locked).update(games=F("games") + 1, last_game_at=now)
        mails.ladder_result(ladder=ladder, game=game, changes=changes)
    if table is not None and table.finished_at is None:
        _table_record(table=table, tournament=tournament, seats=seats, places=places, now=now)
        tid = tournament.pk
        transaction.on_commit(lambda: _queue_tournament_advance(tid))


def _table_record(*, table: Table, tournament: Tournament, seats: list[Seat], places: list[int], now) -> None:
    points = pairing.points_for(places, tournament.points)
    top = pairing.place_points(len(places), tournament.points)[0]
    by_player = {s.player_id: (place, pts) for s, place, pts in zip(seats, places, points)}
    for ts in table.seats.all():
        ts.place, ts.points = by_player.get(ts.player_id, (None, None))
        ts.max_points = top
        ts.save(update_fields=["place", "points", "max_points"])
    table.finished_at = now
    table.save(update_fields=["finished_at"])


def _queue_tournament_advance(tournament_id: int) -> None:
    from pbem.ladders.tasks import tournament_advance

    tournament_advance.delay(tournament_id)


# --- games for tables --------------------------------------------------------------


def _game_make(*, players: list, engine: str, options: dict, time_control: dict, seed: int) -> Game:
    """A game with these players in this seat order, started (no bot seats)."""
    game = game_services.game_create(
        creator=players[0], engine=engine, players=len(players), options=options, time_control=time_control, seed=seed
    )
    for p in players[1:]:
        game_services.game_join(game_id=game.pk, user=p)
    return game_services.game_start(game_id=game.pk, user=players[0], fill_with_bots=False)


# --- ladders -------------------------------------------------------------------------


def ladder_join(*, ladder: Ladder, user) -> LadderMember:
    _entry_check(
        user=user, what=_("The ladder %(name)s") % {"name": ladder.name}, verified=ladder.require_verified_email,
        min_on_time_rate=ladder.min_on_time_rate, max_forfeits=ladder.max_forfeits, min_decisions=ladder.min_decisions,
    )
    with transaction.atomic():
        member, created = LadderMember.objects.get_or_create(ladder=ladder, player=user)
        if not created and member.left_at is not None:
            member.left_at = None
            member.save(update_fields=["left_at"])
    return member


def ladder_leave(*, ladder: Ladder, user) -> None:
    with transaction.atomic():
        member = LadderMember.objects.filter(ladder=ladder, player=user, left_at__isnull=True).first()
        if member is None:
            raise Conflict(_("You are not on the ladder %(name)s.") % {"name": ladder.name})
        member.left_at = timezone.now()
        member.save(update_fields=["left_at"])
        Seek.objects.filter(ladder=ladder, player=user, status=Seek.Status.WAITING).update(status=Seek.Status.CANCELLED)


def seek_create(*, ladder: Ladder, user, now=None) -> Seek:
    """Wait for a table on the ladder (joining it first if need be)."""
    now = now or timezone.now()
    if not LadderMember.objects.filter(ladder=ladder, player=user, left_at__isnull=True).exists():
        ladder_join(ladder=ladder, user=user)
    seek = Seek.objects.filter(ladder=ladder, player=user, status=Seek.Status.WAITING).first()
    if seek is not None:
        return seek  # seeking already: the first seek keeps its place in the queue
    try:
        with transaction.atomic():
            return Seek.objects.create(ladder=ladder, player=user, created_at=now)
    except IntegrityError:  # the same player's other request won the race: one seek
        return Seek.objects.get(ladder=ladder, player=user, status=Seek.Status.WAITING)


def seek_cancel(*, ladder: Ladder, user) -> None:
    if not Seek.objects.filter(ladder=ladder, player=user, status=Seek.Status.WAITING).update(status=Seek.Status.CANCELLED):
        raise Conflict(_("You are not seeking a game on the ladder %(name)s.") % {"name": ladder.name})


def ladder_matchmake(*, ladder_id: int, now=None) -> list[Game]:
    """Form tables from the ladder's waiting players and start their games."""
    now = now or timezone.now()
    games = []
    with transaction.atomic():
        ladder = Ladder.objects.select_for_update(no_key=True).get(pk=ladder_id)
        seeks = list(Seek.objects.filter(ladder=ladder, status=Seek.Status.WAITING).select_related("player"))
        if len(seeks) < ladder.min_players:
            return []
        ords = sel.ordinals_of(ladder=ladder, players=[s.player_id for s in seeks])
        recent = sel.last_opponents(ladder=ladder, players=[s.player_id for s in seeks])
        seekers = [
            Seeker(
                key=s.pk, player=s.player_id, ordinal=ords.get(s.player_id, 0.0),
                waited_hours=(now - s.created_at).total_seconds() / 3600, recent=frozenset(recent.get(s.player_id, ())),
            )
            for s in seeks
        ]
        by_key = {s.pk: s for s in seeks}
        rng = random.SystemRandom()  # seats by lot; seeds nobody can work out
        for table in tables_form(
            seekers, min_size=ladder.min_players, max_size=ladder.max_players,
            window_base=ladder.window_base, window_per_hour=ladder.window_per_hour,
        ):
            players = [by_key[s.key].player for s in table]
            rng.shuffle(players)  # who sits first is luck, not rating
            game = _game_make(
                players=players, engine=ladder.engine, options=ladder.options,
                time_control=ladder.time_control, seed=rng.getrandbits(62),
            )
            LadderGame.objects.create(ladder=ladder, game=game, via="match")
            Seek.objects.filter(pk__in=[s.key for s in table]).update(status=Seek.Status.MATCHED, matched_at=now, game=game)
            mails.match_made(ladder=ladder, game=game, ordinals=ords)
            games.append(game)
    return games


def matchmaking_run(*, now=None) -> int:
    made = 0
    for ladder_id in Seek.objects.filter(status=Seek.Status.WAITING).values_list("ladder_id", flat=True).distinct():
        made += len(ladder_matchmake(ladder_id=ladder_id, now=now))
    return made


def challenge_create(*, ladder: Ladder, user, opponents: list[str], now=None) -> Challenge:
    """Challenge named players (within the ladder's range of standings) to one table."""
    now = now or timezone.now()
    names = [n.strip() for n in opponents if n and n.strip()]
    if len(set(n.lower() for n in names)) != len(names):
        raise InvalidRequest(_("Name each player once."))
    size = len(names) + 1
    if not ladder.min_players <= size <= ladder.max_players:
        raise InvalidRequest(
            _("A table of %(name)s has %(low)s-%(high)s players: name %(low_opponents)s-%(high_opponents)s opponents.")
            % {"name": ladder.name, "low": ladder.min_players, "high": ladder.max_players,
               "low_opponents": ladder.min_players - 1, "high_opponents": ladder.max_players - 1}
        )
    if not LadderMember.objects.filter(ladder=ladder, player=user, left_at__isnull=True).exists():
        raise Conflict(_("Join the ladder %(name)s before you challenge anyone on it.") % {"name": ladder.name})
    found = {n.lower(): User.objects.filter(username__iexact=n).first() for n in names}
    found = {k: u for k, u in found.items() if u is not None}
    missing = [n for n in names if n.lower() not in found]
    if missing:
        raise NotFound(_("No player called %(names)s.") % {"names": ", ".join(missing)})
    invitees = [found[n.lower()] for n in names]
    if any(u.pk == user.pk for u in invitees):
        raise InvalidRequest(_("You cannot challenge yourself; name your opponents."))
    places = sel.standing_places(ladder=ladder)
    mine = places.get(user.pk, len(places) + 1)
    for u in invitees:
        theirs = places.get(u.pk)
        if theirs is None:
            raise Conflict(
                _("%(player)s is not in the standings of %(name)s (not a member, or inactive).")
                % {"player": u.username, "name": ladder.name}
            )
        if abs(theirs - mine) > ladder.challenge_range:
            raise Conflict(
                _("%(player)s is %(theirs)s. and you are %(mine)s: you may challenge players within %(range)s places of yours.")
                % {"player": u.username, "theirs": theirs, "mine": f"{mine}." if mine <= len(places) else _("unplaced"),
                   "range": ladder.challenge_range}
            )
    with transaction.atomic():
        challenge = Challenge.objects.create(
            ladder=ladder, challenger=user, expires_at=now + timedelta(hours=ladder.challenge_hours)
        )
        ChallengeInvitee.objects.bulk_create([ChallengeInvitee(challenge=challenge, player=u) for u in invitees])
        mails.challenge_made(challenge=challenge)
    return challenge


def challenge_respond(*, challenge_id: int | None, user, accept: bool, now=None) -> Challenge:
    """Accept or decline a challenge (None: the player's only open one).
    Once everyone named has accepted, the game starts."""
    now = now or timezone.now()
    with transaction.atomic():
        if challenge_id is None:
            open_ids = list(
                ChallengeInvitee.objects.filter(
                    player=user, answer=ChallengeInvitee.Answer.PENDING, challenge__status=Challenge.Status.OPEN
                ).values_list("challenge_id", flat=True)
            )
            if not open_ids:
                raise NotFound(_("No challenge waits for your answer."))
            if len(open_ids) > 1:
                raise InvalidRequest(
                    _("%(count)s challenges wait for your answer (%(numbers)s): say which, e.g. `accept %(first)s`.")
                    % {"count": len(open_ids), "numbers": ", ".join(map(str, sorted(open_ids))), "first": min(open_ids)}
                )
            challenge_id = open_ids[0]
        challenge = Challenge.objects.select_for_update(no_key=True).filter(pk=challenge_id).select_related("ladder").first()
        invitee = challenge and challenge.invitees.filter(player=user).first()
        if challenge is None or invitee is None:
            raise NotFound(_("There is no challenge %(number)s for you.") % {"number": challenge_id})
        if challenge.status != Challenge.Status.OPEN or challenge.expires_at <= now:
            raise Conflict(
                (_("Challenge %(number)s has expired; it takes no answers.") if challenge.status in ("open", "expired")
                 else _("Challenge %(number)s is accepted; it takes no answers.") if challenge.status == "accepted"
                 else _("Challenge %(number)s is declined; it takes no answers.")) % {"number": challenge.pk}
            )
        if invitee.answer != ChallengeInvitee.Answer.PENDING:
            raise Conflict(
                (_("You have already accepted challenge %(number)s.") if invitee.answer == "accepted"
                 else _("You have already declined challenge %(number)s.")) % {"number": challenge.pk}
            )
        invitee.answer = ChallengeInvitee.Answer.ACCEPTED if accept else ChallengeInvitee.Answer.DECLINED
        invitee.answered_at = now
        invitee.save(update_fields=["answer", "answered_at"])
        if not accept:
            challenge.status, challenge.decided_at = Challenge.Status.DECLINED, now
            challenge.save(update_fields=["status", "decided_at"])
            mails.challenge_decided(challenge=challenge, by=user)
        elif not challenge.invitees.exclude(answer=ChallengeInvitee.Answer.ACCEPTED).exists():
            ladder = challenge.ladder
            players = [challenge.challenger] + [i.player for i in challenge.invitees.select_related("player").order_by("pk")]
            rng = random.SystemRandom()
            rng.shuffle(players)
            game = _game_make(
                players=players, engine=ladder.engine, options=ladder.options,
                time_control=ladder.time_control, seed=rng.getrandbits(62),
            )
            LadderGame.objects.create(ladder=ladder, game=game, via="challenge")
            challenge.status, challenge.decided_at, challenge.game = Challenge.Status.ACCEPTED, now, game
            challenge.save(update_fields=["status", "decided_at", "game"])
            mails.challenge_decided(challenge=challenge, by=user)
    return challenge


def challenges_expire(*, now=None) -> int:
    now = now or timezone.now()
    done = 0
    for pk in Challenge.objects.filter(status=Challenge.Status.OPEN, expires_at__lte=now).values_list("pk", flat=True):
        with transaction.atomic():
            challenge = Challenge.objects.select_for_update(no_key=True).filter(
                pk=pk, status=Challenge.Status.OPEN, expires_at__lte=now
            ).first()
            if challenge is None:
                continue  # answered or expired meanwhile
            challenge.status, challenge.decided_at = Challenge.Status.EXPIRED, now
            challenge.save(update_fields=["status", "decided_at"])
            mails.challenge_decided(challenge=challenge, by=None)
            done += 1
    return done


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
    from pbem import clock

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
