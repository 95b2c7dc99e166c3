from django.contrib import admin
from django.urls import include, path

urlpatterns = [
    path("admin/", admin.site.urls),
    path("api/", include("pbem.api.urls")),
    # ESP inbound webhooks: /anymail/<esp>/inbound/ (signatures checked by anymail)
    path("anymail/", include("anymail.urls")),
]
