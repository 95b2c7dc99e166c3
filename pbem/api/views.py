"""The REST API: thin views over pbem.services (writes) and pbem.selectors (reads)."""

from __future__ import annotations

from django.contrib.auth import authenticate, get_user_model
from django.http import JsonResponse
from django.utils import timezone, translation
from django.utils.translation import gettext as _
from django.views.decorators.csrf import csrf_exempt
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import status
from rest_framework.authtoken.models import Token
from rest_framework.exceptions import AuthenticationFailed
from rest_framework.parsers import FormParser, MultiPartParser
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from notifications.addresses import address_undeliverable_mark
from notifications.outbox import preference_of
from notifications.services import address_bounce_clear
from pbem import clock, selectors, services
from pbem.api import serializers as s
from pbem.api.auth import token_expires_at
from pbem.api.parsers import SafeJSONParser
from pbem.api.throttles import InvitationThrottle, MoveThrottle, SignInLockout, TokenAddressThrottle
from pbem.errors import InvalidRequest, NotFound
from pbem.models import Game, Move
from pbem.services.invitations import invitation_create
from pbem.services.languages import profile_language_set

# Every authenticated endpoint may answer 401 (no or a bad or an expired
# token) and 503 (the database is down; Retry-After says when to try again).
COMMON = {401: s.ErrorSerializer, 503: s.ErrorSerializer}
READ = {**COMMON, 404: s.ErrorSerializer}
ERRORS = {**COMMON, 400: s.ErrorSerializer, 403: s.ErrorSerializer, 404: s.ErrorSerializer, 409: s.ErrorSerializer}


class TokenView(APIView):
    """Get an API token (POST, with username and password), or revoke yours
    (DELETE). A token expires PBEM_API_TOKEN_TTL_DAYS after it was made."""

    parser_classes = [SafeJSONParser, FormParser, MultiPartParser]

    def get_permissions(self):
        return [AllowAny()] if self.request.method == "POST" else [IsAuthenticated()]

    def get_throttles(self):
        return [TokenAddressThrottle()] if self.request.method == "POST" else []

    @extend_schema(
        auth=[],
        request=s.TokenRequestSerializer,
        responses={200: s.TokenSerializer, 400: s.ErrorSerializer, 401: s.ErrorSerializer, 429: s.ErrorSerializer, 503: s.ErrorSerializer},
    )
    def post(self, request):
        body = s.TokenRequestSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        username = body.validated_data["username"]
        lockout = SignInLockout(request, username)
        lockout.check()
        user = authenticate(request=request._request, username=username, password=body.validated_data["password"])
        if user is None or not user.is_active:
            lockout.failed()
            # 401, not 400: the request was well formed, the credentials are wrong
            raise AuthenticationFailed(_("Unable to sign in with the username and password given."))
        lockout.succeeded()
        token, _created = Token.objects.get_or_create(user=user)
        if token_expires_at(token) <= timezone.now():
            token.delete()
            token = Token.objects.create(user=user)
        return Response({"token": token.key, "expires_at": token_expires_at(token)})

    @extend_schema(request=None, responses={204: None, **COMMON})
    def delete(self, request):
        Token.objects.filter(user=request.user).delete()
        return Response(status=status.HTTP_204_NO_CONTENT)


class EngineListView(APIView):
    @extend_schema(responses={200: s.EngineSerializer(many=True), **COMMON})
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
    @extend_schema(responses={200: s.GameListItemSerializer(many=True), **COMMON})
    def get(self, request):
        games = Game.objects.filter(seats__player=request.user).order_by("-updated_at")[:200]
        return Response(
            [{"id": g.pk, "engine": g.engine, "status": g.status, "version": g.version, "updated_at": g.updated_at} for g in games]
        )

    @extend_schema(request=s.GameCreateSerializer, responses={201: s.GameDetailSerializer, **ERRORS})
    def post(self, request):
        body = s.GameCreateSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        game = services.game_create(creator=request.user, **body.validated_data)
        return Response(selectors.game_detail(game=game, user=request.user), status=status.HTTP_201_CREATED)


class GameDetailView(APIView):
    @extend_schema(responses={200: s.GameDetailSerializer, **READ})
    def get(self, request, game_id: int):
        game = selectors.game_get(game_id=game_id, user=request.user)
        return Response(selectors.game_detail(game=game, user=request.user))


class GameJoinView(APIView):
    @extend_schema(request=s.GameJoinSerializer, responses={200: s.GameDetailSerializer, **ERRORS})
    def post(self, request, game_id: int):
        body = s.GameJoinSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        services.game_join(game_id=game_id, user=request.user, code=body.validated_data.get("code"))
        game = selectors.game_get(game_id=game_id, user=request.user)
        return Response(selectors.game_detail(game=game, user=request.user))


class GameStartView(APIView):
    @extend_schema(request=s.GameStartSerializer, responses={200: s.GameDetailSerializer, **ERRORS})
    def post(self, request, game_id: int):
        body = s.GameStartSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        selectors.game_get(game_id=game_id, user=request.user)
        services.game_start(game_id=game_id, user=request.user, **body.validated_data)
        game = selectors.game_get(game_id=game_id, user=request.user)
        return Response(selectors.game_detail(game=game, user=request.user))


class MoveView(APIView):
    def get_throttles(self):
        return [MoveThrottle()] if self.request.method == "POST" else []

    @extend_schema(responses={200: s.HistoryStepSerializer(many=True), **READ})
    def get(self, request, game_id: int):
        game = selectors.game_get(game_id=game_id, user=request.user)
        return Response(selectors.game_history(game=game, user=request.user))

    @extend_schema(
        request=s.MoveSubmitSerializer,
        parameters=[
            OpenApiParameter(
                "Idempotency-Key",
                str,
                OpenApiParameter.HEADER,
                description="Any unique string; the same key with the same body again returns the first answer "
                "and stores nothing new; with another body it is refused with 422.",
            )
        ],
        responses={202: s.MoveResultSerializer, **ERRORS, 422: s.ErrorSerializer, 429: s.ErrorSerializer},
    )
    def post(self, request, game_id: int):
        key = request.headers.get("Idempotency-Key")
        if key is not None and not (0 < len(key) <= 200):
            raise InvalidRequest(_("The Idempotency-Key header must be 1-200 characters."))
        body = s.MoveSubmitSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        # the sender's seat is read with the game's lock, in the same query (a game the
        # player may not see is not found; one without their seat refuses the move)
        result = services.move_submit(
            game_id=game_id,
            player=request.user,
            action=body.validated_data["action"],
            version=body.validated_data.get("version"),
            source=Move.Source.API,
            idempotency_key=f"api:{key}" if key else None,
        )
        return Response(result.as_dict(), status=status.HTTP_202_ACCEPTED)


class OrdersView(APIView):
    """Your orders given in advance in this game (private to your seat):
    candidates for your next decision (PUT replaces them, DELETE withdraws
    them) and your standing orders (OrderStandingView)."""

    def _seat(self, request, game_id: int):
        seat = selectors.seat_for_move(game_id=game_id, user=request.user)
        return selectors.game_get(game_id=game_id, user=request.user), seat

    @extend_schema(responses={200: s.OrdersSerializer, **READ, 403: s.ErrorSerializer})
    def get(self, request, game_id: int):
        game, seat = self._seat(request, game_id)
        return Response(selectors.orders_of(game=game, seat=seat))

    @extend_schema(request=s.OrdersSetSerializer, responses={200: s.OrdersSerializer, **ERRORS})
    def put(self, request, game_id: int):
        body = s.OrdersSetSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        _game, seat = self._seat(request, game_id)
        services.orders_set(game_id=game_id, seat=seat.index, candidates=body.validated_data["candidates"])
        game = selectors.game_get(game_id=game_id, user=request.user)
        return Response(selectors.orders_of(game=game, seat=seat))

    @extend_schema(request=None, responses={204: None, **ERRORS})
    def delete(self, request, game_id: int):
        _game, seat = self._seat(request, game_id)
        services.orders_withdraw(game_id=game_id, seat=seat.index)
        return Response(status=status.HTTP_204_NO_CONTENT)


class StandingOrdersView(OrdersView):
    @extend_schema(request=s.StandingOrderAddSerializer, responses={201: s.OrdersSerializer, **ERRORS})
    def post(self, request, game_id: int):
        body = s.StandingOrderAddSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        _game, seat = self._seat(request, game_id)
        services.standing_order_add(game_id=game_id, seat=seat.index, order=body.validated_data["order"])
        game = selectors.game_get(game_id=game_id, user=request.user)
        return Response(selectors.orders_of(game=game, seat=seat), status=status.HTTP_201_CREATED)


class StandingOrderView(OrdersView):
    @extend_schema(request=None, responses={204: None, **ERRORS})
    def delete(self, request, game_id: int, order_id: int):
        _game, seat = self._seat(request, game_id)
        services.standing_order_withdraw(game_id=game_id, seat=seat.index, order_id=order_id)
        return Response(status=status.HTTP_204_NO_CONTENT)


class TakeBackView(APIView):
    """Take back your last move: only while nobody has acted since and the
    move drew nothing, used no chance and showed nothing hidden."""

    @extend_schema(request=None, responses={200: s.TakeBackSerializer, **ERRORS})
    def post(self, request, game_id: int):
        seat = selectors.seat_for_move(game_id=game_id, user=request.user)
        return Response(services.move_take_back(game_id=game_id, seat=seat.index))


class MyDecisionsView(APIView):
    @extend_schema(responses={200: s.MyDecisionSerializer(many=True), **COMMON})
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
                    "prompt": selectors.prompts_now(game=p.game).get(p.seat.index, p.prompt),
                    "deadline": p.deadline,
                    "opened_at": p.opened_at,
                }
                for p in selectors.decisions_waiting_for(user=request.user)
            ]
        )


class GameRecordView(APIView):
    @extend_schema(responses={200: s.RecordSerializer, **READ, 409: s.ErrorSerializer})
    def get(self, request, game_id: int):
        game = selectors.game_get(game_id=game_id, user=request.user)
        return Response(selectors.game_record(game=game, user=request.user))


class GameInvitationView(APIView):
    """Invite an email address to a forming game (it needs no account)."""

    throttle_classes = [InvitationThrottle]

    @extend_schema(request=s.InvitationCreateSerializer, responses={201: s.InvitationSerializer, **ERRORS, 429: s.ErrorSerializer})
    def post(self, request, game_id: int):
        selectors.game_get(game_id=game_id, user=request.user)
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

    @extend_schema(responses={200: s.TimeControlsSerializer, **COMMON})
    def get(self, request):
        return Response(
            {
                "default": clock.DEFAULT_PRESET,
                "presets": clock.presets(),
                "on_timeout": clock.ON_TIMEOUT,
                "on_leave": clock.ON_LEAVE,
            }
        )


class VacationView(APIView):
    @extend_schema(responses={200: s.VacationStatusSerializer, **COMMON})
    def get(self, request):
        return Response(selectors.vacation_status(user=request.user))

    @extend_schema(request=s.VacationSerializer, responses={201: s.VacationTakenSerializer, **COMMON, 400: s.ErrorSerializer, 409: s.ErrorSerializer})
    def post(self, request):
        body = s.VacationSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        taken = services.vacation_take(user=request.user, days=body.validated_data["days"])
        return Response(taken, status=status.HTTP_201_CREATED)


# --- your account's mail state (issue 13, email helper) ---


def _me(user) -> dict:
    return {
        "username": user.username,
        "email": user.email,
        "language": selectors.language_of(user=user),
        "mail": preference_of(user),
        "address_undeliverable": address_undeliverable_mark(email=user.email),
    }


class MeView(APIView):
    """You: your address, how much mail you get, and whether mail to your
    address bounces (then nothing is mailed to it)."""

    @extend_schema(responses={200: s.MeSerializer, **COMMON})
    def get(self, request):
        return Response(_me(request.user))

    @extend_schema(request=s.MeUpdateSerializer, responses={200: s.MeSerializer, **ERRORS})
    def patch(self, request):
        # PATCH: every field optional (as the schema says); an empty body changes nothing
        data = s.MeUpdateSerializer(data=request.data, partial=True)
        data.is_valid(raise_exception=True)
        if "language" in data.validated_data:
            profile_language_set(user=request.user, language=data.validated_data["language"])
            translation.activate(data.validated_data["language"])  # this answer already in the new language
        return Response(_me(request.user))


class AddressUndeliverableView(APIView):
    """Clear the undeliverable mark once your address works again."""

    @extend_schema(request=None, responses={200: s.MeSerializer, **COMMON})
    def delete(self, request):
        address_bounce_clear(email=request.user.email)
        return Response(_me(request.user))


class PlayerView(APIView):
    """A player's public profile: reliability figures against the clock."""

    @extend_schema(responses={200: s.PlayerSerializer, **READ})
    def get(self, request, username: str):

        user = get_user_model().objects.filter(username=username).first()
        if user is None:
            raise NotFound(_("There is no player called %(name)r.") % {"name": username})
        return Response({"username": user.username, "reliability": selectors.reliability_of(user=user)})


class GameResignView(APIView):
    @extend_schema(request=None, responses={200: s.GameDetailSerializer, **ERRORS})
    def post(self, request, game_id: int):
        selectors.game_get(game_id=game_id, user=request.user)
        services.seat_resign(game_id=game_id, user=request.user)
        game = selectors.game_get(game_id=game_id, user=request.user)
        return Response(selectors.game_detail(game=game, user=request.user))


@csrf_exempt  # a POST to an unknown path is a 404, not a CSRF page
def api_not_found(request, *args, **kwargs):
    return JsonResponse(
        {"error": "not_found", "detail": _("There is no API endpoint at %(path)s; see /api/docs/.") % {"path": request.path}},
        status=404,
    )
