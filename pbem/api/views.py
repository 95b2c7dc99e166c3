"""The REST API: thin views over pbem.services (writes) and pbem.selectors (reads)."""

from __future__ import annotations

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import status
from rest_framework.response import Response
from rest_framework.views import APIView

from pbem import selectors, services
from pbem.api import serializers as s
from pbem.errors import Conflict, InvalidRequest, NotYourSeat
from pbem.models import Game, Move

ERRORS = {400: s.ErrorSerializer, 403: s.ErrorSerializer, 404: s.ErrorSerializer, 409: s.ErrorSerializer}


class EngineListView(APIView):
    @extend_schema(responses={200: s.EngineSerializer(many=True)})
    def get(self, request):
        data = [
            {
                "slug": e.slug,
                "title": e.title,
                "min_players": e.min_players,
                "max_players": e.max_players,
                "options_schema": e.options_schema,
            }
            for e in sorted(selectors.engine_list().values(), key=lambda e: e.slug)
        ]
        return Response(data)


class GameListView(APIView):
    @extend_schema(responses={200: OpenApiTypes.OBJECT})
    def get(self, request):
        games = Game.objects.filter(seats__player=request.user).order_by("-updated_at")[:200]
        return Response(
            [{"id": g.pk, "engine": g.engine, "status": g.status, "version": g.version, "updated_at": g.updated_at} for g in games]
        )

    @extend_schema(request=s.GameCreateSerializer, responses={201: OpenApiTypes.OBJECT, **ERRORS})
    def post(self, request):
        body = s.GameCreateSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        game = services.game_create(creator=request.user, **body.validated_data)
        return Response(selectors.game_detail(game=game, user=request.user), status=status.HTTP_201_CREATED)


class GameDetailView(APIView):
    @extend_schema(responses={200: OpenApiTypes.OBJECT, 404: s.ErrorSerializer})
    def get(self, request, game_id: int):
        game = selectors.game_get(game_id=game_id)
        return Response(selectors.game_detail(game=game, user=request.user))


class GameJoinView(APIView):
    @extend_schema(request=None, responses={200: OpenApiTypes.OBJECT, **ERRORS})
    def post(self, request, game_id: int):
        services.game_join(game_id=game_id, user=request.user)
        game = selectors.game_get(game_id=game_id)
        return Response(selectors.game_detail(game=game, user=request.user))


class GameStartView(APIView):
    @extend_schema(request=s.GameStartSerializer, responses={200: OpenApiTypes.OBJECT, **ERRORS})
    def post(self, request, game_id: int):
        body = s.GameStartSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        services.game_start(game_id=game_id, user=request.user, **body.validated_data)
        game = selectors.game_get(game_id=game_id)
        return Response(selectors.game_detail(game=game, user=request.user))


class MoveView(APIView):
    @extend_schema(responses={200: OpenApiTypes.OBJECT, 404: s.ErrorSerializer})
    def get(self, request, game_id: int):
        game = selectors.game_get(game_id=game_id)
        return Response(selectors.game_history(game=game, user=request.user))

    @extend_schema(
        request=s.MoveSubmitSerializer,
        parameters=[
            OpenApiParameter(
                "Idempotency-Key",
                str,
                OpenApiParameter.HEADER,
                description="Any unique string; the same key again returns the first answer and stores nothing new.",
            )
        ],
        responses={202: s.MoveResultSerializer, **ERRORS},
    )
    def post(self, request, game_id: int):
        game = selectors.game_get(game_id=game_id)
        seat = selectors.seat_of(game=game, user=request.user)
        if seat is None:
            raise NotYourSeat("You have no seat in this game.")
        key = request.headers.get("Idempotency-Key")
        if key is not None and not (0 < len(key) <= 200):
            raise InvalidRequest("The Idempotency-Key header must be 1-200 characters.")
        body = s.MoveSubmitSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        result = services.move_submit(
            game_id=game.pk,
            seat=seat.index,
            action=body.validated_data["action"],
            version=body.validated_data.get("version"),
            source=Move.Source.API,
            idempotency_key=f"api:{key}" if key else None,
        )
        return Response(result.as_dict(), status=status.HTTP_202_ACCEPTED)


class MyDecisionsView(APIView):
    @extend_schema(responses={200: OpenApiTypes.OBJECT})
    def get(self, request):
        return Response(
            [
                {
                    "game": p.game_id,
                    "engine": p.game.engine,
                    "version": p.version,
                    "seat": p.seat.index,
                    "kind": p.kind,
                    "sealed": p.sealed,
                    "prompt": p.prompt,
                    "deadline": p.deadline,
                    "opened_at": p.opened_at,
                }
                for p in selectors.decisions_waiting_for(user=request.user)
            ]
        )


class GameRecordView(APIView):
    @extend_schema(responses={200: OpenApiTypes.OBJECT, **ERRORS})
    def get(self, request, game_id: int):
        game = selectors.game_get(game_id=game_id)
        if game.status != Game.Status.FINISHED:
            raise Conflict("The record is published once the game is finished.")
        return Response(selectors.game_record(game=game))


class GameInvitationView(APIView):
    """Invite an email address to a forming game (it needs no account)."""

    @extend_schema(request=s.InvitationCreateSerializer, responses={201: OpenApiTypes.OBJECT, **ERRORS})
    def post(self, request, game_id: int):
        from notifications.services import invitation_create

        body = s.InvitationCreateSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        invitation = invitation_create(game_id=game_id, by_user=request.user, email=body.validated_data["email"])
        return Response(
            {"id": invitation.pk, "game": invitation.game_id, "email": invitation.email, "created_at": invitation.created_at},
            status=status.HTTP_201_CREATED,
        )


# --- deadlines: time controls, vacations, reliability, resigning (issue 8) --------------


class TimeControlListView(APIView):
    """The time-control presets and the choices a game's creator has."""

    @extend_schema(responses={200: OpenApiTypes.OBJECT})
    def get(self, request):
        from pbem import clock

        return Response(
            {
                "default": clock.DEFAULT_PRESET,
                "presets": clock.presets(),
                "on_timeout": clock.ON_TIMEOUT,
                "on_leave": clock.ON_LEAVE,
            }
        )


class VacationView(APIView):
    @extend_schema(responses={200: OpenApiTypes.OBJECT})
    def get(self, request):
        return Response(selectors.vacation_status(user=request.user))

    @extend_schema(request=s.VacationSerializer, responses={201: OpenApiTypes.OBJECT, **ERRORS})
    def post(self, request):
        body = s.VacationSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        taken = services.vacation_take(user=request.user, days=body.validated_data["days"])
        return Response(taken, status=status.HTTP_201_CREATED)


class PlayerView(APIView):
    """A player's public profile: reliability figures against the clock."""

    @extend_schema(responses={200: OpenApiTypes.OBJECT, 404: s.ErrorSerializer})
    def get(self, request, username: str):
        from django.contrib.auth import get_user_model

        from pbem.errors import NotFound

        user = get_user_model().objects.filter(username=username).first()
        if user is None:
            raise NotFound(f"There is no player called {username!r}.")
        return Response({"username": user.username, "reliability": selectors.reliability_of(user=user)})


class GameResignView(APIView):
    @extend_schema(request=None, responses={200: OpenApiTypes.OBJECT, **ERRORS})
    def post(self, request, game_id: int):
        services.seat_resign(game_id=game_id, user=request.user)
        game = selectors.game_get(game_id=game_id)
        return Response(selectors.game_detail(game=game, user=request.user))


def api_not_found(request, *args, **kwargs):
    from django.http import JsonResponse

    return JsonResponse(
        {"error": "not_found", "detail": f"There is no API endpoint at {request.path}; see /api/docs/."}, status=404
    )
