"""The site on ASGI (uvicorn; README, "Live pages"): the same views as config.wsgi, and the
event streams of open pages, which wait on the event loop without a thread or a database
connection each."""

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.base")
os.environ.setdefault("PBEM_ASGI", "true")  # the settings pool database connections (config/settings/base.py)
application = get_asgi_application()
