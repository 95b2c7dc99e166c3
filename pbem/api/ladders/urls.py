from django.urls import path

from pbem.api.ladders import views

urlpatterns = [
    path("ladders/", views.LadderListView.as_view(), name="api-ladders"),
    path("ladders/<slug:slug>/", views.LadderDetailView.as_view(), name="api-ladder"),
    path("ladders/<slug:slug>/join/", views.LadderJoinView.as_view(), name="api-ladder-join"),
    path("ladders/<slug:slug>/leave/", views.LadderLeaveView.as_view(), name="api-ladder-leave"),
    path("ladders/<slug:slug>/seek/", views.LadderSeekView.as_view(), name="api-ladder-seek"),
    path("ladders/<slug:slug>/challenges/", views.LadderChallengeView.as_view(), name="api-ladder-challenge"),
    path("ladders/<slug:slug>/standings/", views.LadderStandingsView.as_view(), name="api-ladder-standings"),
    path("challenges/", views.ChallengeListView.as_view(), name="api-challenges"),
    path("challenges/<int:challenge_id>/respond/", views.ChallengeRespondView.as_view(), name="api-challenge-respond"),
    path("tournaments/", views.TournamentListView.as_view(), name="api-tournaments"),
    path("tournaments/<slug:slug>/", views.TournamentDetailView.as_view(), name="api-tournament"),
    path("tournaments/<slug:slug>/register/", views.TournamentRegisterView.as_view(), name="api-tournament-register"),
    path("tournaments/<slug:slug>/withdraw/", views.TournamentWithdrawView.as_view(), name="api-tournament-withdraw"),
    path("tournaments/<slug:slug>/rounds/", views.TournamentRoundsView.as_view(), name="api-tournament-rounds"),
    path("tournaments/<slug:slug>/standings/", views.TournamentStandingsView.as_view(), name="api-tournament-standings"),
    path("players/<str:username>/ratings/", views.PlayerRatingsView.as_view(), name="api-player-ratings"),
    path("players/<str:username>/ratings/history/", views.PlayerRatingHistoryView.as_view(), name="api-player-rating-history"),
]
