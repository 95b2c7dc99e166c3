# One image for web, worker, beat and the inbound SMTP server.
FROM python:3.11-slim-bookworm

ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1 PIP_NO_CACHE_DIR=1 \
    DJANGO_SETTINGS_MODULE=config.settings.base PBEM_VAR_DIR=/var/lib/pbem

WORKDIR /app
# fonts-dejavu-core: the font the boards are drawn in, for resvg's PNG of the mails' inline image
RUN apt-get update && apt-get install -y --no-install-recommends fonts-dejavu-core && rm -rf /var/lib/apt/lists/*
RUN useradd --system --home /app pbem && mkdir -p /var/lib/pbem && chown pbem /var/lib/pbem
COPY pyproject.toml constraints.txt README.md ./
COPY config ./config
COPY engines ./engines
COPY boards ./boards
COPY pbem ./pbem
COPY notifications ./notifications
COPY locale ./locale
COPY manage.py Procfile ./
RUN pip install -c constraints.txt . && DJANGO_SECRET_KEY=build python manage.py collectstatic --noinput \
    && DJANGO_SECRET_KEY=build python manage.py catalogs_compile
USER pbem
EXPOSE 8000
CMD ["gunicorn", "config.asgi:application", "-k", "uvicorn_worker.UvicornWorker", "--bind", "0.0.0.0:8000", "--workers", "3", "--graceful-timeout", "5"]
