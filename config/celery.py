"""The Celery app (cookiecutter-django wiring): settings under CELERY_*."""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.base")

app = Celery("pbem")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
