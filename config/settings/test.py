"""Test settings: the real PostgreSQL and Redis on loopback unless told otherwise.

The suite never falls back to SQLite: tests/conftest.py fails the run at once
when PostgreSQL or Redis cannot be reached.
"""

import os

os.environ.setdefault("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/pbem")
os.environ.setdefault("REDIS_URL", "redis://127.0.0.1:6379/14")
# One queue and one test database per test run, and per process of a run
# in several (pytest-xdist; it names each gw0, gw1, ...), so runs side by side
# (and their workers) never take each other's tasks or drop each other's
# tables. The processes a test starts inherit the names: they read them here
# again and keep what they were given. A name set from outside is kept.
_RUN = os.environ.setdefault("PBEM_TEST_RUN", str(os.getpid()))
_NAME = f"pbem-test-{_RUN}" + (f"-{os.environ['PYTEST_XDIST_WORKER']}" if os.environ.get("PYTEST_XDIST_WORKER") else "")
for _var in ("CELERY_QUEUE", "PBEM_CACHE_PREFIX"):  # and the limits' counters apart from every other run's
    # unset, or the run's name inherited by one of its xdist processes
    if os.environ.get(_var, f"pbem-test-{_RUN}") == f"pbem-test-{_RUN}":
        os.environ[_var] = _NAME

from config.settings.base import *  # noqa: E402,F403

PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
EMAIL_BACKEND = env.str("EMAIL_BACKEND", default="django.core.mail.backends.locmem.EmailBackend")  # noqa: F405
EMAIL_FILE_PATH = env.str("EMAIL_FILE_PATH", default=str(VAR_DIR / "test-mail"))  # noqa: F405
DATABASES["default"]["CONN_MAX_AGE"] = 0  # noqa: F405
DATABASES["default"]["TEST"] = {"NAME": env.str("PBEM_TEST_DB", default=f"test_pbem_{os.getpid()}")}  # noqa: F405
PBEM_EXTRA_ENGINES = ["tests.support.sealedbid"]
