from django.contrib import admin
from django.urls import include, path
from drf_spectacular.views import SpectacularSwaggerSplitView

from pbem.web import views as web_views

urlpatterns = [
    path("admin/", admin.site.urls),
    # Swagger UI from the sidecar's files, its script served apart (the
    # Content-Security-Policy allows no inline script); before the API's own routes.
    path("api/docs/", SpectacularSwaggerSplitView.as_view(url_name="api-schema"), name="api-docs-ui"),
    # ladders, tournaments, ratings: before pbem.api.urls, whose last route answers every other /api/ path
    path("api/", include("pbem.api.ladders.urls")),
    path("api/", include("pbem.api.urls")),
    # ESP inbound webhooks: /anymail/<esp>/inbound/ (signatures checked by anymail;
    # an ESP not in PBEM_INBOUND_WEBHOOKS answers 404, see pbem.email.webhook_urls)
    path("anymail/", include("pbem.email.webhook_urls")),
    # The password-set link in mails to players invited by email (built with
    # default_token_generator and urlsafe_base64_encode(force_bytes(user.pk))).
    path("accounts/password/set/<str:uidb64>/<str:token>/", web_views.password_set, name="password-set-from-link"),
    path("accounts/", include("allauth.urls")),
    # ladder, standings, tournament and rating pages
    path("", include("pbem.web.ladders.urls")),
    path("", include("pbem.web.urls")),
]
