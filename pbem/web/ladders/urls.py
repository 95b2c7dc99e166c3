from django.urls import path

from pbem.web.ladders import views

urlpatterns = [
    path("ladders/", views.ladder_list, name="ladders"),
    path("ladders/<slug:slug>/", views.ladder_page, name="ladder"),
    path("ladders/<slug:slug>/standings/", views.standings_page, name="ladder-standings"),
    path("ladders/<slug:slug>/action/", views.ladder_action, name="ladder-action"),
    path("tournaments/new/", views.tournament_new, name="tournament-new"),
    path("tournaments/<slug:slug>/", views.tournament_page, name="tournament"),
    path("tournaments/<slug:slug>/action/", views.tournament_action, name="tournament-action"),
    path("ratings/<str:username>/", views.rating_page, name="ratings"),
]
