"""The ladder, tournament and rating API: thin views over
pbem.ladders.services (writes) and pbem.ladders.selectors (reads). Reads are
public; writes need an account. Refusals answer ``{"error", "detail"}``."""

from __future__ import annotations

from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import status
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from pbem.api.ladders import serializers as s
from pbem.ladders import selectors, services
from pbem.ladders.models import Seek

ERRORS = {400: s.ErrorSerializer, 403: s.ErrorSerializer, 404: s.ErrorSerializer, 409: s.ErrorSerializer}
READ_ERRORS = {404: s.ErrorSerializer}


class PublicRead(APIView):
    def get_permissions(self):
        if self.request.method == "GET":
            return [AllowAny()]
        return super().get_permissions()


class LadderListView(PublicRead):
    @extend_schema(responses={200: s.LadderSerializer(many=True)}, tags=["ladders"])
    def get(self, request):
        return Response(selectors.ladders_list(order_by="slug"))


class LadderDetailView(PublicRead):
    @extend_schema(responses={200: s.LadderSerializer, **READ_ERRORS}, tags=["ladders"])
    def get(self, request, slug: str):
        return Response(selectors.ladder_summary(ladder=selectors.ladder_by_slug(slug=slug)))


class LadderJoinView(APIView):
    @extend_schema(request=None, responses={200: s.LadderSerializer, **ERRORS}, tags=["ladders"],
                   description="Join the ladder; refused (409) when an entry condition is not met.")
    def post(self, request, slug: str):
        ladder = selectors.ladder_by_slug(slug=slug)
        services.ladder_join(ladder=ladder, user=request.user)
        return Response(selectors.ladder_summary(ladder=ladder))


class LadderLeaveView(APIView):
    @extend_schema(request=None, responses={204: None, **ERRORS}, tags=["ladders"],
                   description="Leave the ladder (a waiting seek is cancelled; games in play go on).")
    def post(self, request, slug: str):
        services.ladder_leave(ladder=selectors.ladder_by_slug(slug=slug), user=request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)


def _seek(seek: Seek) -> dict:
    return {"ladder": seek.ladder.slug, "status": seek.status, "created_at": seek.created_at}


class LadderSeekView(APIView):
    @extend_schema(request=None, responses={201: s.SeekSerializer, **ERRORS}, tags=["ladders"],
                   description="Seek a game: the matchmaker (every minute) seats you with the closest ratings.")
    def post(self, request, slug: str):
        seek = services.seek_create(ladder=selectors.ladder_by_slug(slug=slug), user=request.user)
        return Response(_seek(seek), status=status.HTTP_201_CREATED)

    @extend_schema(responses={204: None, **ERRORS}, tags=["ladders"], description="Stop seeking.")
    def delete(self, request, slug: str):
        services.seek_cancel(ladder=selectors.ladder_by_slug(slug=slug), user=request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)


class LadderChallengeView(APIView):
    @extend_schema(request=s.ChallengeCreateSerializer, responses={201: s.ChallengeSerializer, **ERRORS}, tags=["ladders"])
    def post(self, request, slug: str):
        body = s.ChallengeCreateSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        ladder = selectors.ladder_by_slug(slug=slug)
        challenge = services.challenge_create(ladder=ladder, user=request.user, opponents=body.validated_data["players"])
        return Response(selectors.challenge_detail(challenge=challenge), status=status.HTTP_201_CREATED)


class ChallengeListView(APIView):
    @extend_schema(responses={200: s.ChallengeSerializer(many=True)}, tags=["ladders"],
                   description="Challenges you made or received.")
    def get(self, request):
        return Response(selectors.challenges_for(user=request.user))


class ChallengeRespondView(APIView):
    @extend_schema(request=s.ChallengeRespondSerializer, responses={200: s.ChallengeSerializer, **ERRORS}, tags=["ladders"])
    def post(self, request, challenge_id: int):
        body = s.ChallengeRespondSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        challenge = services.challenge_respond(
            challenge_id=challenge_id, user=request.user, accept=body.validated_data["answer"] == "accept"
        )
        return Response(selectors.challenge_detail(challenge=challenge))


class LadderStandingsView(PublicRead):
    @extend_schema(responses={200: s.StandingSerializer(many=True), **READ_ERRORS}, tags=["ladders"])
    def get(self, request, slug: str):
        return Response(selectors.ladder_standings(ladder=selectors.ladder_by_slug(slug=slug)))


class TournamentListView(PublicRead):
    @extend_schema(responses={200: s.TournamentSerializer(many=True)}, tags=["tournaments"])
    def get(self, request):
        return Response(selectors.tournaments_list(limit=200))

    @extend_schema(request=s.TournamentCreateSerializer, responses={201: s.TournamentSerializer, **ERRORS}, tags=["tournaments"])
    def post(self, request):
        body = s.TournamentCreateSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        t = services.tournament_create(creator=request.user, **body.validated_data)
        return Response(selectors.tournament_summary(tournament=t), status=status.HTTP_201_CREATED)


class TournamentDetailView(PublicRead):
    @extend_schema(responses={200: s.TournamentSerializer, **READ_ERRORS}, tags=["tournaments"])
    def get(self, request, slug: str):
        return Response(selectors.tournament_summary(tournament=selectors.tournament_by_slug(slug=slug)))


class TournamentRegisterView(APIView):
    @extend_schema(request=None, responses={200: s.TournamentSerializer, **ERRORS}, tags=["tournaments"])
    def post(self, request, slug: str):
        t = selectors.tournament_by_slug(slug=slug)
        services.tournament_register(tournament=t, user=request.user)
        return Response(selectors.tournament_summary(tournament=t))


class TournamentWithdrawView(APIView):
    @extend_schema(request=None, responses={200: s.TournamentSerializer, **ERRORS}, tags=["tournaments"],
                   description="Withdraw: no further rounds; your running games are resigned by their time control's rule.")
    def post(self, request, slug: str):
        t = selectors.tournament_by_slug(slug=slug)
        services.tournament_withdraw(tournament=t, user=request.user)
        return Response(selectors.tournament_summary(tournament=t))


class TournamentRoundsView(PublicRead):
    @extend_schema(responses={200: s.RoundSerializer(many=True), **READ_ERRORS}, tags=["tournaments"])
    def get(self, request, slug: str):
        return Response(selectors.tournament_rounds(tournament=selectors.tournament_by_slug(slug=slug)))


class TournamentStandingsView(PublicRead):
    @extend_schema(responses={200: s.TournamentStandingSerializer(many=True), **READ_ERRORS}, tags=["tournaments"])
    def get(self, request, slug: str):
        lines = selectors.tournament_standings(tournament=selectors.tournament_by_slug(slug=slug))
        return Response([{k: v for k, v in line.items() if k != "player_id"} for line in lines])


class PlayerRatingsView(PublicRead):
    @extend_schema(responses={200: s.RatingSerializer(many=True), **READ_ERRORS}, tags=["ratings"])
    def get(self, request, username: str):
        return Response(selectors.ratings_of(user=selectors.user_by_name(username=username)))


class PlayerRatingHistoryView(PublicRead):
    @extend_schema(
        parameters=[
            OpenApiParameter("engine", str, description="only this game's rating"),
            OpenApiParameter("ladder", str, description="only this ladder's own rating"),
        ],
        responses={200: s.RatingChangeSerializer(many=True), **READ_ERRORS},
        tags=["ratings"],
    )
    def get(self, request, username: str):
        user = selectors.user_by_name(username=username)
        return Response(
            selectors.rating_history(user=user, engine=request.query_params.get("engine"), ladder=request.query_params.get("ladder"))
        )
