"""Ladders: joining and leaving, seeking a game (matchmaking locks the ladder
row), challenges and their answers."""

from __future__ import annotations

import random
from datetime import timedelta

from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from pbem.errors import Conflict, InvalidRequest, NotFound
from pbem.ladders import mails
from pbem.ladders import selectors as sel
from pbem.ladders.matchmaking import Seeker, tables_form
from pbem.ladders.models import (
    Challenge,
    ChallengeInvitee,
    Ladder,
    LadderGame,
    LadderMember,
    Seek,
)
from pbem.ladders.services.entry import _entry_check, _game_make
from pbem.models import Game

User = get_user_model()

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
