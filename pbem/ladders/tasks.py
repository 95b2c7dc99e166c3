"""Celery tasks: thin, idempotent, each calling one service."""

from __future__ import annotations

from celery import shared_task
from django.db import OperationalError

from pbem.ladders import services


@shared_task(bind=True, autoretry_for=(OperationalError,), retry_backoff=5, max_retries=5)
def matchmake(self) -> int:
    """Form tables from the players seeking on every ladder (beat, every minute)."""
    return services.matchmaking_run()


@shared_task
def challenges_expire() -> int:
    return services.challenges_expire()


@shared_task(bind=True, autoretry_for=(OperationalError,), retry_backoff=5, max_retries=10)
def tournament_advance(self, tournament_id: int) -> str:
    """Queued when a tournament game ends; opens the next round when it may."""
    return services.tournament_advance(tournament_id=tournament_id)


@shared_task
def tournaments_advance() -> int:
    """Registration deadlines and round deadlines (beat, every minute)."""
    return services.tournaments_advance()
