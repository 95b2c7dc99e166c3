from django.urls import path

from pbem.web import app, feeds, orders, push, views

app_name = "web"

urlpatterns = [
    path("", views.home, name="home"),
    path("lobby/", views.lobby, name="lobby"),
    path("join/<str:code>/", views.join_link, name="join-link"),
    path("games/new/", views.game_new, name="game-new"),
    path("games/<int:game_id>/", views.game_page, name="game"),
    path("games/<int:game_id>/poll/", views.game_poll, name="game-poll"),
    path("games/<int:game_id>/live/", views.game_live, name="game-live"),
    path("games/<int:game_id>/forms/", views.game_forms, name="game-forms"),
    path("games/<int:game_id>/move/", views.game_move, name="game-move"),
    path("games/<int:game_id>/join/", views.game_join, name="game-join"),
    path("games/<int:game_id>/start/", views.game_start, name="game-start"),
    path("games/<int:game_id>/invite/", views.game_invite, name="game-invite"),
    path("games/<int:game_id>/talk/", views.game_talk, name="game-talk"),
    path("games/<int:game_id>/resign/", views.game_resign, name="game-resign"),
    path("games/<int:game_id>/replay/", views.game_replay, name="game-replay"),
    path("games/<int:game_id>/orders/", orders.game_orders, name="game-orders"),
    path("games/<int:game_id>/orders/next/", orders.game_orders_set, name="game-orders-set"),
    path("games/<int:game_id>/orders/standing/", orders.game_standing_add, name="game-standing-add"),
    path("games/<int:game_id>/orders/standing/<int:order_id>/withdraw/", orders.game_standing_withdraw, name="game-standing-withdraw"),
    path("games/<int:game_id>/take-back/", orders.game_take_back, name="game-take-back"),
    path("manifest.webmanifest", app.manifest, name="manifest"),
    path("sw.js", app.service_worker, name="service-worker"),
    path("profile/", views.profile, name="profile"),
    path("push/subscribe/", push.subscribe, name="push-subscribe"),
    path("push/unsubscribe/", push.unsubscribe, name="push-unsubscribe"),
    path("profile/devices/<int:subscription_id>/remove/", push.device_remove, name="push-device-remove"),
    path("profile/channels/", push.choices_save, name="channel-choices"),
    path("profile/chat/", push.chat_add, name="chat-add"),
    path("profile/chat/handles/", push.handles_save, name="chat-handles"),
    path("profile/chat/<int:channel_id>/remove/", push.chat_remove, name="chat-remove"),
    path("games/<int:game_id>/chat/", push.table_chat_add, name="table-chat-add"),
    path("feeds/calendar/<str:token>.ics", feeds.calendar_ics, name="calendar-feed"),
    path("feeds/games/<str:token>.atom", feeds.GameAtomFeed(), name="game-feed"),
    path("language/", views.language_switch, name="language"),
]
