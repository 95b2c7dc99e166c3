from django.contrib import admin
from django.urls import include, path

urlpatterns = [
    path("admin/", admin.site.urls),
    # ladders, tournaments, ratings: before pbem.api.urls, whose last route answers every other /api/ path
    path("api/", include("pbem.ladders.api.urls")),
    path("api/", include("pbem.api.urls")),
    # ESP inbound webhooks: /anymail/<esp>/inbound/ (signatures checked by anymail)
    path("anymail/", include("anymail.urls")),
    # ladder, standings, tournament and rating pages
    path("", include("pbem.ladders.urls")),
]
