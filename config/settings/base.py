"""Settings, entirely from environment variables (cookiecutter-django style).

With nothing set, pbem runs on its embedded default: SQLite under ``var/`` and
a Celery broker in a SQLite file of its own, so one command starts everything on a
machine that has only Python. Set ``DATABASE_URL`` and ``REDIS_URL`` for the
full stack (PostgreSQL and Redis).
"""

import json
from pathlib import Path

import environ
from kombu import Exchange, Queue

BASE_DIR = Path(__file__).resolve().parent.parent.parent
VAR_DIR = Path(environ.Env().str("PBEM_VAR_DIR", default=str(BASE_DIR / "var")))

env = environ.Env()

DEBUG = env.bool("DJANGO_DEBUG", default=True)
SECRET_KEY = env.str("DJANGO_SECRET_KEY", default="embedded-default-not-secret-set-DJANGO_SECRET_KEY-in-production")
ALLOWED_HOSTS = env.list("DJANGO_ALLOWED_HOSTS", default=["localhost", "127.0.0.1", "[::1]", "testserver"])
CSRF_TRUSTED_ORIGINS = env.list("DJANGO_CSRF_TRUSTED_ORIGINS", default=[])

# The public address of the site, used in emails.
SITE_URL = env.str("PBEM_SITE_URL", default="http://127.0.0.1:8000")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "rest_framework",
    "rest_framework.authtoken",
    "drf_spectacular",
    "anymail",
    # Swagger UI's files served by the project (no CDN): /api/docs/ works offline
    "drf_spectacular_sidecar",
    # before allauth: its templates take the site's layout (templates/allauth/layouts/base.html)
    "pbem.web",
    "allauth",
    "allauth.account",
    "django_htmx",
    "csp",
    "pbem",
    "notifications",
    "pbem.email",
    "pbem.ladders",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "csp.middleware.CSPMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    # a visitor's language: the switcher's cookie, else the browser's Accept-Language
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    # a signed-in player's own language and time zone (the profile's), over the browser's
    "pbem.web.middleware.AccountLanguage",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    # whatever escapes a view under /api/ is answered in JSON (503 when the database is down)
    "pbem.api.errors.ApiJsonErrors",
    "allauth.account.middleware.AccountMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
]
# A CSRF refusal under /api/ is JSON like every other answer there.
CSRF_FAILURE_VIEW = "pbem.api.errors.csrf_failure"

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "pbem.web.context.site",
            ]
        },
    }
]

# --- database -----------------------------------------------------------------
EMBEDDED = "DATABASE_URL" not in env
DATABASES = {"default": env.db("DATABASE_URL", default=f"sqlite:///{VAR_DIR / 'db.sqlite3'}")}
DATABASES["default"]["ATOMIC_REQUESTS"] = False
if DATABASES["default"]["ENGINE"].endswith("sqlite3"):
    # Web, worker and beat share the file: wait for locks, take write locks up
    # front (no upgrade deadlocks), and let readers run beside the writer.
    DATABASES["default"]["OPTIONS"] = {
        "timeout": 30,
        "transaction_mode": "IMMEDIATE",
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
    }
elif env.bool("PBEM_ASGI", default=False):
    # Served on ASGI (config/asgi.py sets PBEM_ASGI): each request runs in a thread of its own, so a
    # persistent connection would be left behind by every request; Django's pool hands them round instead.
    DATABASES["default"]["CONN_MAX_AGE"] = 0
    DATABASES["default"]["OPTIONS"] = {"pool": {"min_size": 2, "max_size": env.int("PBEM_DB_POOL_SIZE", default=10), "timeout": 10}}
else:
    DATABASES["default"]["CONN_MAX_AGE"] = env.int("DATABASE_CONN_MAX_AGE", default=60)
    DATABASES["default"]["CONN_HEALTH_CHECKS"] = True
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# --- auth ---------------------------------------------------------------------
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
]
LOGIN_URL = "/accounts/login/"
LOGIN_REDIRECT_URL = "/"
# Django's and allauth's, reading the profile (language, time zone) with the user in one query.
AUTHENTICATION_BACKENDS = [
    "pbem.web.auth.ProfileModelBackend",
    "pbem.web.auth.ProfileAllauthBackend",
]
# django-allauth: sign up with a verified address, log in by name or address,
# password reset and change of address by mail. Failed logins, sign-ups and
# reset mails are rate limited (allauth's limits, kept in the cache below).
ACCOUNT_LOGIN_METHODS = {"username", "email"}
ACCOUNT_SIGNUP_FIELDS = ["email*", "username*", "password1*", "password2*"]
ACCOUNT_EMAIL_VERIFICATION = "mandatory"
ACCOUNT_UNIQUE_EMAIL = True
ACCOUNT_LOGIN_ON_EMAIL_CONFIRMATION = True
ACCOUNT_LOGOUT_REDIRECT_URL = "/"
ACCOUNT_EMAIL_SUBJECT_PREFIX = "[pbem] "
ACCOUNT_CHANGE_EMAIL = True
ACCOUNT_RATE_LIMITS = {
    "login_failed": "10/m/ip,5/5m/key",
    # sign-up attempts (failed ones too) per address; accounts made are limited below
    "signup": "5/m/ip,20/h/ip",
    "reset_password": "20/m/ip,5/m/key",
    "change_password": "5/m/user",
    "manage_email": "10/m/user",
}

# Accounts created per address and per network (/24, /64) per hour, and the
# account mails (confirmation, "account exists", reset) one address may be sent
# per hour (pbem/web/signup.py; docs/security.md lists every door's limits).
ACCOUNT_FORMS = {"signup": "pbem.web.signup.SignupForm"}
ACCOUNT_ADAPTER = "pbem.web.signup.AccountAdapter"
PBEM_SIGNUPS_PER_ADDRESS_HOUR = env.int("PBEM_SIGNUPS_PER_ADDRESS_HOUR", default=3)
PBEM_SIGNUPS_PER_NETWORK_HOUR = env.int("PBEM_SIGNUPS_PER_NETWORK_HOUR", default=10)
PBEM_ACCOUNT_MAILS_PER_ADDRESS_HOUR = env.int("PBEM_ACCOUNT_MAILS_PER_ADDRESS_HOUR", default=3)

# --- languages (README, "Languages"): a language is added by adding it here and a
# catalog locale/<code>/LC_MESSAGES/django.po (and the engines' catalogs, engines/i18n.py).
# Each is named in its own language: the switcher shows a German "Deutsch".
LANGUAGE_CODE = "en"  # the fallback: a text missing from a catalog is shown in English
LANGUAGES = [("de", "Deutsch"), ("it", "Italiano"), ("fr", "Français"), ("en", "English")]
# (PBEM_LOCALE_DIR: where the check that the catalogs are current lets makemessages write)
LOCALE_PATHS = [Path(env.str("PBEM_LOCALE_DIR", default=str(BASE_DIR / "locale")))]
LANGUAGE_COOKIE_NAME = "pbem_language"
LANGUAGE_COOKIE_AGE = 365 * 24 * 3600
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "/static/"
STATIC_ROOT = VAR_DIR / "static"
WHITENOISE_USE_FINDERS = True
for _d in (VAR_DIR, STATIC_ROOT):
    _d.mkdir(parents=True, exist_ok=True)

# --- web pages: security headers --------------------------------------------------
# Every asset is the project's own (no CDN), so the policy allows 'self' only;
# htmx runs without eval and without its injected indicator styles.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        "style-src": ["'self'"],
        "img-src": ["'self'", "data:"],
        "font-src": ["'self'"],
        "connect-src": ["'self'"],
        # the installable app: its manifest and its service worker (/sw.js), the site's own only
        "manifest-src": ["'self'"],
        "worker-src": ["'self'"],
        "object-src": ["'none'"],
        "base-uri": ["'self'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
    },
}
SESSION_COOKIE_HTTPONLY = True
# Production is DEBUG off and a site served over HTTPS (PBEM_SITE_URL https://...):
# cookies over HTTPS only, HSTS, redirect to HTTPS. The compose stack on
# http://localhost keeps plain cookies so it can be tried without a certificate.
if not DEBUG and SITE_URL.startswith("https://"):
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    SECURE_SSL_REDIRECT = env.bool("DJANGO_SECURE_SSL_REDIRECT", default=True)
    SECURE_HSTS_SECONDS = env.int("DJANGO_SECURE_HSTS_SECONDS", default=31536000)
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    ACCOUNT_DEFAULT_HTTP_PROTOCOL = "https"

# --- REST API -----------------------------------------------------------------
REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "pbem.api.auth.ExpiringTokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PARSER_CLASSES": [
        "pbem.api.parsers.SafeJSONParser",
        "rest_framework.parsers.FormParser",
        "rest_framework.parsers.MultiPartParser",
    ],
    # Limits (docs/security.md), counted in the cache below; past one: 429 with Retry-After.
    "DEFAULT_THROTTLE_RATES": {
        "moves": env.str("PBEM_THROTTLE_MOVES", default="60/min"),  # per user
        "invitations": env.str("PBEM_THROTTLE_INVITATIONS", default="30/hour"),  # per user
        "token": env.str("PBEM_THROTTLE_TOKEN", default="30/min"),  # per address
    },
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticated"],
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "EXCEPTION_HANDLER": "pbem.api.errors.exception_handler",
    "DEFAULT_PAGINATION_CLASS": "rest_framework.pagination.LimitOffsetPagination",
    "PAGE_SIZE": 100,
}
SPECTACULAR_SETTINGS = {
    "TITLE": "pbem API",
    "DESCRIPTION": "Slow, asynchronous play of German strategy board games.",
    "VERSION": "1",
    "SERVE_INCLUDE_SCHEMA": False,
    "COMPONENT_SPLIT_REQUEST": True,
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    # 401, 503, 400 and 404 on every path where they can happen, in the one error shape
    "POSTPROCESSING_HOOKS": ["drf_spectacular.hooks.postprocess_schema_enums", "pbem.api.schema.errors_documented"],
}

# An API token lasts this long, then a new one must be asked for (DELETE /api/auth/token/ revokes it).
PBEM_API_TOKEN_TTL_DAYS = env.int("PBEM_API_TOKEN_TTL_DAYS", default=30)
# Failed sign-ins (POST /api/auth/token/) before a lockout, per account and per address.
PBEM_LOGIN_FAILURES_PER_ACCOUNT = env.int("PBEM_LOGIN_FAILURES_PER_ACCOUNT", default=5)
PBEM_LOGIN_FAILURES_PER_ADDRESS = env.int("PBEM_LOGIN_FAILURES_PER_ADDRESS", default=20)
PBEM_LOGIN_LOCKOUT_SECONDS = env.int("PBEM_LOGIN_LOCKOUT_SECONDS", default=900)

# --- cache (the limits' counters; the mails' board PNGs) ---------------------------
# A board's PNG is kept for this long under a hash of its SVG, so every mail showing the same
# picture (another recipient, a retry, another channel) reuses one rendering (notifications.outbox).
PBEM_BOARD_PNG_CACHE_SECONDS = env.int("PBEM_BOARD_PNG_CACHE_SECONDS", default=3600)
if env.str("REDIS_URL", default=""):
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": env.str("REDIS_URL"),
            "KEY_PREFIX": env.str("PBEM_CACHE_PREFIX", default="pbem"),
            # an unreachable Redis fails fast; the limits are then not applied (pbem/api/throttles.py)
            "OPTIONS": {"socket_connect_timeout": 1, "socket_timeout": 1},
        }
    }
    CACHES["boards"] = {**CACHES["default"], "TIMEOUT": PBEM_BOARD_PNG_CACHE_SECONDS}
else:
    CACHES = {
        "default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"},
        # the embedded default: files, shared by the web, worker and mail processes and kept across restarts
        "boards": {
            "BACKEND": "django.core.cache.backends.filebased.FileBasedCache",
            "LOCATION": str(VAR_DIR / "cache" / "boards"),
            "TIMEOUT": PBEM_BOARD_PNG_CACHE_SECONDS,
            "OPTIONS": {"MAX_ENTRIES": 300},
        },
    }

# --- Celery -------------------------------------------------------------------
REDIS_URL = env.str("REDIS_URL", default="")
if REDIS_URL:
    CELERY_BROKER_URL = REDIS_URL
    CELERY_BROKER_TRANSPORT_OPTIONS = {"visibility_timeout": 3600, "socket_connect_timeout": 2, "socket_timeout": 5}
    # A web process does not wait long on a broker that is down: the move is
    # committed and marked, and the lost-work sweep queues its advance later.
    CELERY_TASK_PUBLISH_RETRY_POLICY = {"max_retries": 2, "interval_start": 0, "interval_step": 0.2, "interval_max": 0.5}
else:
    # A broker that needs no server: kombu's SQLAlchemy transport on a SQLite
    # file of its own, handing each message over in one transaction and
    # deleting it only when its task is acknowledged (config/broker.py says why
    # not the filesystem transport: kombu issue #1551).
    CELERY_BROKER_URL = f"sqlite:///{VAR_DIR / 'broker.sqlite3'}"
    CELERY_BROKER_TRANSPORT = "config.broker:Transport"
    CELERY_BROKER_TRANSPORT_OPTIONS = {
        # How often an idle worker looks for a message. Kombu's default (1 s)
        # was most of a move's way to the bot's answer; an empty look is one
        # read of a small indexed table.
        "polling_interval": env.float("PBEM_BROKER_POLL_SECONDS", default=0.05),
        # a message taken by a worker that was killed is handed out again after this
        "visibility_timeout": env.int("PBEM_BROKER_VISIBILITY_SECONDS", default=600),
    }
    # The transport has no fanout: no remote control, no mingle or gossip (make run's processes say --without-*).
    CELERY_WORKER_ENABLE_REMOTE_CONTROL = False
# --- pushed page updates (pbem/live) -------------------------------------------
# How a committed change reaches the web processes' open pages: Redis pub/sub between processes
# when there is a Redis, else a datagram socket in the var directory to the one web process of
# make run (README, "Live pages"). The channel is the cache prefix's, so test runs stay apart.
PBEM_LIVE_URL = env.str("PBEM_LIVE_URL", default=REDIS_URL or f"unix:{VAR_DIR / 'live.sock'}")
PBEM_LIVE_CHANNEL = f"{env.str('PBEM_CACHE_PREFIX', default='pbem')}:live"
# an open stream says it is alive this often (proxies drop a silent connection), and is closed
# after PBEM_LIVE_MAX_SECONDS (the browser opens it again, so no connection lives for ever)
PBEM_LIVE_HEARTBEAT_SECONDS = env.float("PBEM_LIVE_HEARTBEAT_SECONDS", default=25)
# (15 minutes: opening a stream costs about as much as a page's part, so 1,000 pages opening theirs
# again every 5 minutes would cost more than all of them waiting; docs/benchmarks.md, "Open pages")
PBEM_LIVE_MAX_SECONDS = env.float("PBEM_LIVE_MAX_SECONDS", default=900)
CELERY_TASK_ALWAYS_EAGER = env.bool("CELERY_TASK_ALWAYS_EAGER", default=False)
CELERY_TASK_IGNORE_RESULT = True
CELERY_ACCEPT_CONTENT = ["json"]
CELERY_TASK_SERIALIZER = "json"
CELERY_RESULT_SERIALIZER = "json"
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TASK_DEFAULT_QUEUE = env.str("CELERY_QUEUE", default="pbem")
# Mail (deliver, and delivery_send for pushes and chat posts: slow I/O too) on
# a queue of its own, on every broker: under a load that keeps the games'
# workers busy, mail that only sat below the advances (Redis priority 6)
# starved (docs/benchmarks.md, "The lost-work sweeps under load": 5 mails in
# 3 minutes). Every way of running pbem starts a mail worker of its own
# (config/supervisord.conf, Procfile, docker-compose.yml: `-Q <queue>.mail`),
# so a game never waits behind a mail and mail never waits for the games. A
# worker given both queues (`-Q pbem,pbem.mail`, or no -Q: it takes every
# queue below) serves them in turn, kombu's round robin, a task of each.
# PBEM_MAIL_QUEUE="" puts mail back on the games' queue, below every advance.
PBEM_MAIL_QUEUE = env.str("PBEM_MAIL_QUEUE", default=f"{CELERY_TASK_DEFAULT_QUEUE}.mail")
if PBEM_MAIL_QUEUE:
    CELERY_TASK_ROUTES = {
        "notifications.tasks.deliver": {"queue": PBEM_MAIL_QUEUE},
        "notifications.tasks.delivery_send": {"queue": PBEM_MAIL_QUEUE},
    }
# The queues a worker takes when not told (-Q): the games' and mail's; each
# with the exchange and routing key Celery gives a queue it makes itself.
CELERY_TASK_QUEUES = [Queue(q, Exchange(q), routing_key=q) for q in dict.fromkeys([CELERY_TASK_DEFAULT_QUEUE, PBEM_MAIL_QUEUE]) if q]
CELERY_TIMEZONE = "UTC"
CELERY_BEAT_SCHEDULE_FILENAME = str(VAR_DIR / "celerybeat-schedule")
# How long a complete decision or an unsent notification may wait before the
# sweep re-queues it (a lost task never stalls a game).
PBEM_SWEEP_GRACE_SECONDS = env.int("PBEM_SWEEP_GRACE_SECONDS", default=60)
# An advance queued but not run to its end within this many seconds (its
# worker died, the broker was down) is queued again; beat looks this often,
# so a game waits at most about twice this after a whole worker dies.
PBEM_LOST_WORK_SECONDS = env.int("PBEM_LOST_WORK_SECONDS", default=10)
# ... but only when the broker holds no message of it (pbem.broker_state): a
# message a worker took and no live process runs is lost once taken this long ago.
PBEM_HELD_LOST_SECONDS = env.int("PBEM_HELD_LOST_SECONDS", default=30)
# A wave of due deadlines (a full sweep batch) is shared out in this many
# tasks, by game, so that every worker process takes a share.
PBEM_SWEEP_PARTS = env.int("PBEM_SWEEP_PARTS", default=4)

# --- email --------------------------------------------------------------------
EMAIL_BACKEND = env.str("EMAIL_BACKEND", default="django.core.mail.backends.console.EmailBackend")
EMAIL_HOST = env.str("EMAIL_HOST", default="localhost")
EMAIL_PORT = env.int("EMAIL_PORT", default=25)
EMAIL_HOST_USER = env.str("EMAIL_HOST_USER", default="")
EMAIL_HOST_PASSWORD = env.str("EMAIL_HOST_PASSWORD", default="")
EMAIL_USE_TLS = env.bool("EMAIL_USE_TLS", default=False)
# The file backend (make run) writes each mail sent as a file here.
EMAIL_FILE_PATH = env.str("EMAIL_FILE_PATH", default=str(VAR_DIR / "mail"))
DEFAULT_FROM_EMAIL = env.str("DEFAULT_FROM_EMAIL", default="pbem <games@pbem.localhost>")
# Replies go to <token>@PBEM_MAIL_DOMAIN.
PBEM_MAIL_DOMAIN = env.str("PBEM_MAIL_DOMAIN", default="pbem.localhost")
ANYMAIL = env.dict("ANYMAIL", default={}) if "ANYMAIL" in env else {}
# Inbound webhooks (django-anymail): URLs under /anymail/<esp>/inbound/.
# WEBHOOK_SECRET is the "user:password" the ESP sends as HTTP basic auth
# (Postmark, SendGrid, Amazon SES, and optionally Mailgun); Mailgun signs each
# post with its webhook signing key, checked as well. See docs/email.md.
for _name, _var in (
    ("WEBHOOK_SECRET", "ANYMAIL_WEBHOOK_SECRET"),
    ("MAILGUN_WEBHOOK_SIGNING_KEY", "MAILGUN_WEBHOOK_SIGNING_KEY"),
    ("MAILGUN_API_KEY", "MAILGUN_API_KEY"),
    ("POSTMARK_SERVER_TOKEN", "POSTMARK_SERVER_TOKEN"),
    ("SENDGRID_API_KEY", "SENDGRID_API_KEY"),
):
    if env.str(_var, default=""):
        ANYMAIL[_name] = env.str(_var)
# Amazon SES: confirm the SNS subscription automatically (it arrives with the basic auth).
ANYMAIL.setdefault("AMAZON_SES_AUTO_CONFIRM_SNS_SUBSCRIPTIONS", env.bool("AMAZON_SES_AUTO_CONFIRM_SNS_SUBSCRIPTIONS", default=True))
# The built-in SMTP server (manage.py smtp_inbound) and the largest mail it takes.
PBEM_SMTP_HOST = env.str("PBEM_SMTP_HOST", default="127.0.0.1")
PBEM_SMTP_PORT = env.int("PBEM_SMTP_PORT", default=2525)
PBEM_INBOUND_MAX_BYTES = env.int("PBEM_INBOUND_MAX_BYTES", default=10 * 1024 * 1024)
# Inbound mail per sender and per reply token within a window (0: no limit).
PBEM_INBOUND_LIMIT = env.int("PBEM_INBOUND_LIMIT", default=30)
PBEM_INBOUND_WINDOW_SECONDS = env.int("PBEM_INBOUND_WINDOW_SECONDS", default=600)
# The ESP inbound webhooks that take mail (e.g. "postmark,amazon_ses"); outside
# development (DJANGO_DEBUG false) each needs ANYMAIL_WEBHOOK_SECRET, or the
# service refuses to start. Posts to a webhook not listed here are not stored.
PBEM_INBOUND_WEBHOOKS = env.list("PBEM_INBOUND_WEBHOOKS", default=[])
# An ESP posts a whole mail (a 5 MB attachment included) in one request body,
# base64 in SES's (a third more): room for a mail of PBEM_INBOUND_MAX_BYTES,
# which the webhooks' gate then holds to that (pbem.email.webhook_urls).
DATA_UPLOAD_MAX_MEMORY_SIZE = env.int("DATA_UPLOAD_MAX_MEMORY_SIZE", default=PBEM_INBOUND_MAX_BYTES * 4 // 3 + 256 * 1024)

# --- logging ------------------------------------------------------------------
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {"plain": {"format": "%(asctime)s %(levelname)s %(name)s %(message)s"}},
    "handlers": {"console": {"class": "logging.StreamHandler", "formatter": "plain"}},
    "root": {"handlers": ["console"], "level": env.str("LOG_LEVEL", default="INFO")},
    # urllib3 logs every URL it requests at debug: push endpoints and chat webhook URLs are secrets
    "loggers": {"django.db.backends": {"level": "WARNING"}, "urllib3": {"level": "WARNING"}},
}

CELERY_BEAT_SCHEDULE = {
    "sweep-stalled-work": {"task": "pbem.tasks.sweep", "schedule": 60.0},
    "sweep-lost-advances": {"task": "pbem.tasks.lost_work_sweep", "schedule": float(PBEM_LOST_WORK_SECONDS)},
    "sweep-lost-deliveries": {"task": "notifications.tasks.lost_deliveries_sweep", "schedule": float(PBEM_LOST_WORK_SECONDS)},
    "sweep-lost-channel-deliveries": {
        "task": "notifications.tasks.lost_channel_deliveries_sweep", "schedule": float(PBEM_LOST_WORK_SECONDS)
    },
    "sweep-inbound-mail": {"task": "notifications.tasks.inbound_sweep", "schedule": 60.0},
    "sweep-deadlines": {"task": "pbem.tasks.deadlines_sweep", "schedule": 60.0},
    "ladders-matchmake": {"task": "pbem.ladders.tasks.matchmake", "schedule": 60.0},
    "ladders-challenges-expire": {"task": "pbem.ladders.tasks.challenges_expire", "schedule": 300.0},
    "tournaments-advance": {"task": "pbem.ladders.tasks.tournaments_advance", "schedule": 60.0},
}
# Vacation days per player and calendar year, unless the player's profile says otherwise.
PBEM_VACATION_DAYS_PER_YEAR = env.int("PBEM_VACATION_DAYS_PER_YEAR", default=14)

# --- Web Push and chat channels (issue 24; README "Told wherever you are") ----------------------
# VAPID (RFC 8292): the key pair pushes are signed with. From the environment, else from the file
# `manage.py vapid_keys` writes (make run makes var/vapid.json when it is absent); none: no push.
PBEM_VAPID_FILE = env.str("PBEM_VAPID_FILE", default=str(VAR_DIR / "vapid.json"))
PBEM_VAPID_PRIVATE_KEY = env.str("PBEM_VAPID_PRIVATE_KEY", default="")
PBEM_VAPID_PUBLIC_KEY = env.str("PBEM_VAPID_PUBLIC_KEY", default="")
if not PBEM_VAPID_PRIVATE_KEY and Path(PBEM_VAPID_FILE).is_file():
    _vapid = json.loads(Path(PBEM_VAPID_FILE).read_text())
    PBEM_VAPID_PRIVATE_KEY, PBEM_VAPID_PUBLIC_KEY = _vapid["private_key"], _vapid["public_key"]
# The contact a push service may write to about our pushes (the JWT's "sub").
PBEM_VAPID_SUBJECT = env.str("PBEM_VAPID_SUBJECT", default="mailto:operator@pbem.localhost")
# How long a push service keeps a push for a device that is offline (seconds).
PBEM_PUSH_TTL_SECONDS = env.int("PBEM_PUSH_TTL_SECONDS", default=86400)
# Seconds a push service or chat server has to answer before the delivery is retried.
PBEM_CHANNEL_TIMEOUT_SECONDS = env.float("PBEM_CHANNEL_TIMEOUT_SECONDS", default=10.0)
# The key chat channel URLs are encrypted with (Fernet, 32 url-safe base64 bytes); by default
# derived from DJANGO_SECRET_KEY, so replacing that key makes the stored channels unreadable.
PBEM_CHANNEL_KEY = env.str("PBEM_CHANNEL_KEY", default="")
# Networks a chat channel or a push may reach though they are not public (SSRF, notifications.egress): none by
# default; e.g. "10.0.5.0/24" for a self-hosted ntfy or Matrix on the operator's own network.
PBEM_CHANNEL_ALLOWED_NETWORKS = env.list("PBEM_CHANNEL_ALLOWED_NETWORKS", default=[])
