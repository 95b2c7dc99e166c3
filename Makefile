# Two commands do all set-up on a fresh machine:
#   make run    the service on its embedded default (SQLite, a broker that needs no server)
#   make test   the whole suite on PostgreSQL and Redis (started here if they are down)
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
PY := $(BIN)/python

.PHONY: install run ps test services lint messages soak soak-leaks bench bench-replies bench-sweep bench-ladders bench-moves bench-queries bench-embedded bench-delivery \
	bench-inbound bench-live bench-timeouts bench-state bench-scaleout bench-path bench-sweeps-load bench-table soak-embedded clean

$(VENV)/.installed: pyproject.toml constraints.txt
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -c constraints.txt -e '.[dev]'
	touch $@

# The translation catalogs are compiled here (Babel, no GNU gettext needed): .po committed, .mo not.
install: $(VENV)/.installed
	$(PY) manage.py catalogs_compile

# Mail sent is written to var/mail/ (one file per mail) unless EMAIL_BACKEND says otherwise;
# replies go to the SMTP server on 127.0.0.1:2525 (README, "Play by email").
# The links in mails follow the port unless PBEM_SITE_URL says otherwise.
# The processes run under supervisord (config/supervisord.conf), which restarts one that dies.
run: export PBEM_SITE_URL ?= http://127.0.0.1:$(or $(PBEM_PORT),8000)
run: export PBEM_PORT ?= 8000
run: export PBEM_SMTP_PORT ?= 2525
run: export CELERY_QUEUE ?= pbem
run: export PBEM_VAR_DIR ?= $(CURDIR)/var
run: install
	$(PY) manage.py migrate --noinput
	$(PY) manage.py demo_account
	$(PY) manage.py vapid_keys --file "$${PBEM_VAPID_FILE:-$(PBEM_VAR_DIR)/vapid.json}"
	EMAIL_BACKEND="$${EMAIL_BACKEND:-django.core.mail.backends.filebased.EmailBackend}" \
		PATH="$(CURDIR)/$(BIN):$$PATH" exec $(BIN)/supervisord -c config/supervisord.conf

# make run's processes and their state (supervisorctl; PBEM_VAR_DIR as make run had it)
ps:
	PBEM_VAR_DIR="$${PBEM_VAR_DIR:-$(CURDIR)/var}" PBEM_PORT=0 PBEM_SMTP_PORT=0 CELERY_QUEUE=pbem \
		$(BIN)/supervisorctl -c config/supervisord.conf status

# After marking texts for translation: the catalogs take the new msgids (needs GNU gettext's
# xgettext, a developer's tool), then translate every empty entry (tests/i18n checks none is left).
MESSAGE_IGNORES := $(foreach d,.venv tests bench engines boards var docs,--ignore=$(d))
messages: install
	$(PY) manage.py makemessages $(foreach l,$(shell $(PY) -c "from config.settings.base import LANGUAGES, LANGUAGE_CODE; print(' '.join(c for c, _ in LANGUAGES if c != LANGUAGE_CODE))"),-l $(l)) $(MESSAGE_IGNORES) --add-location=file
	$(PY) manage.py catalogs_compile

services:
	scripts/ensure-services
	scripts/ensure-tools

lint: install
	$(BIN)/ruff check --no-cache config engines boards pbem notifications tests bench
	$(BIN)/lint-imports

# Two processes by default (TEST_PROCESSES=0 runs the suite in one): each has its own test
# database, Celery queue, cache prefix and ports, and the longest tests are shared out first.
TEST_PROCESSES ?= 2
test: install services lint
	$(BIN)/pytest $(if $(filter 0,$(TEST_PROCESSES)),,-n $(TEST_PROCESSES) --dist worksteal)

# Long runs that stay out of the suite: thousands of checked bot games per player count.
SOAK_GAMES ?= 1000
soak: install
	for e in $$($(PY) -c "from engines.registry import ENGINES; print(' '.join(ENGINES))"); do \
		$(PY) -m engines.conformance $$e --games $(SOAK_GAMES) || exit 1; done

# The leak scan at every moment of every game (the suite scans every sixth step, turning with the day): minutes.
soak-leaks: install services
	PBEM_LEAK_SCAN_EVERY=1 $(BIN)/pytest tests/e2e/test_leak_scan.py

bench: install
	$(PY) -m bench.engines

# One deadline sweep over 1,000,000 pending actions (builds its own database; minutes).
bench-sweep: install services
	$(PY) -m bench.sweep

# The move path (docs/benchmarks.md, "The move path"). Each builds its own database and starts
# its own gunicorn and Celery processes on free ports and queues of their own.
bench-moves: install services
	$(PY) -u -m bench.moves
bench-queries: install services
	$(PY) -u -m bench.queries
# one mail with its board: CairoSVG vs resvg (first and cached) side by side (docs/benchmarks.md)
bench-delivery: install services
	$(PY) -u -m bench.delivery
bench-embedded: install
	$(PY) -u -m bench.embedded
bench-inbound: install services
	$(PY) -u -m bench.inbound
# 1,000 open game pages: polling (WSGI) against event streams (ASGI), CPU and latency (docs/benchmarks.md, "Open pages")
bench-live: install services
	$(PY) -u -m bench.live
# deadline timeouts per second: the sweep over 2,000 due decisions (10,000 pending actions)
bench-timeouts: install services
	$(PY) -u -m bench.sweep --games 1000 --history 10000
bench-state: install
	$(PY) -m bench.state_size
# a whole game of every engine played on a phone by tapping the board (Chromium, a stack of its own)
bench-table: install services
	$(PY) -u -m bench.table
# web and workers in network namespaces of their own, reaching PostgreSQL and Redis by TCP (root, ip netns, socat)
bench-scaleout: install services
	$(PY) -u -m bench.scaleout
# reading replies: the corpus and hostile input (docs/benchmarks.md, "Reading replies"; seconds)
bench-replies: install
	$(PY) -u -m bench.reply_reading
# make run's own processes under 8 clients sending legal moves to 40 games for 30 minutes, by API
# and mail, with bots (SOAK_ARGS="--kill-each" kills each process once on the way)
soak-embedded: install
	$(PY) -u -m bench.soak_embedded $(SOAK_ARGS)
# the lost-work sweeps under load: 20 games on one worker, the sweeps as they were and as they are
bench-sweeps-load: install services
	$(PY) -u -m bench.sweeps_load
# all of the move path's figures in one run, side by side
bench-path: bench-moves bench-timeouts bench-inbound bench-embedded bench-state

# The ladder matchmaker over 10,000 seekers and Swiss pairing of 2,000 players (seconds).
bench-ladders: install
	$(PY) -m bench.matchmaking
	$(PY) -m bench.swiss

clean:
	rm -rf $(VENV) .pytest_cache db.sqlite3 var/
