from django.urls import path, re_path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerView

from pbem.api import views

urlpatterns = [
    path("auth/token/", views.TokenView.as_view(), name="api-token"),
    path("engines/", views.EngineListView.as_view(), name="api-engines"),
    path("games/", views.GameListView.as_view(), name="api-games"),
    path("games/<int:game_id>/", views.GameDetailView.as_view(), name="api-game"),
    path("games/<int:game_id>/join/", views.GameJoinView.as_view(), name="api-game-join"),
    path("games/<int:game_id>/start/", views.GameStartView.as_view(), name="api-game-start"),
    path("games/<int:game_id>/moves/", views.MoveView.as_view(), name="api-game-moves"),
    path("games/<int:game_id>/orders/", views.OrdersView.as_view(), name="api-game-orders"),
    path("games/<int:game_id>/orders/standing/", views.StandingOrdersView.as_view(), name="api-game-standing-orders"),
    path(
        "games/<int:game_id>/orders/standing/<int:order_id>/", views.StandingOrderView.as_view(), name="api-game-standing-order"
    ),
    path("games/<int:game_id>/take-back/", views.TakeBackView.as_view(), name="api-game-take-back"),
    path("games/<int:game_id>/record/", views.GameRecordView.as_view(), name="api-game-record"),
    path("games/<int:game_id>/invitations/", views.GameInvitationView.as_view(), name="api-game-invitations"),
    path("me/", views.MeView.as_view(), name="api-me"),
    path("me/address-undeliverable/", views.AddressUndeliverableView.as_view(), name="api-me-undeliverable"),
    path("me/decisions/", views.MyDecisionsView.as_view(), name="api-my-decisions"),
    path("games/<int:game_id>/resign/", views.GameResignView.as_view(), name="api-game-resign"),
    path("time-controls/", views.TimeControlListView.as_view(), name="api-time-controls"),
    path("me/vacation/", views.VacationView.as_view(), name="api-my-vacation"),
    path("players/<str:username>/", views.PlayerView.as_view(), name="api-player"),
    path("schema/", SpectacularAPIView.as_view(), name="api-schema"),
    path("docs/", SpectacularSwaggerView.as_view(url_name="api-schema"), name="api-docs"),
    # Anything else under /api/ (a newline in the path included) is answered
    # in JSON too, never with an HTML page.
    re_path(r"^[\s\S]*$", views.api_not_found, name="api-not-found"),
]
