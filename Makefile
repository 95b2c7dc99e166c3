# Two commands do all set-up on a fresh machine:
#   make run    the service on its embedded default (SQLite, a broker that needs no server)
#   make test   the whole suite on PostgreSQL and Redis (started here if they are down)
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
PY := $(BIN)/python

.PHONY: install run test services lint soak bench bench-sweep bench-ladders clean

$(VENV)/.installed: pyproject.toml constraints.txt
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -c constraints.txt -e '.[dev]'
	touch $@

install: $(VENV)/.installed

# Mail sent is written to var/mail/ (one file per mail) unless EMAIL_BACKEND says otherwise;
# replies go to the SMTP server on 127.0.0.1:2525 (README, "Play by email").
run: install
	$(PY) manage.py migrate --noinput
	$(PY) manage.py demo_account
	EMAIL_BACKEND="$${EMAIL_BACKEND:-django.core.mail.backends.filebased.EmailBackend}" \
		PATH="$(CURDIR)/$(BIN):$$PATH" $(BIN)/honcho -f Procfile.embedded start

services:
	scripts/ensure-services
	scripts/ensure-tools

lint: install
	$(BIN)/ruff check --no-cache config engines boards pbem notifications tests bench
	$(BIN)/lint-imports

test: install services lint
	$(BIN)/pytest

# Long runs that stay out of the suite: thousands of checked bot games per player count.
SOAK_GAMES ?= 1000
soak: install
	for e in $$($(PY) -c "from engines.registry import ENGINES; print(' '.join(ENGINES))"); do \
		$(PY) -m engines.conformance $$e --games $(SOAK_GAMES) || exit 1; done

bench: install
	$(PY) -m bench.engines

# One deadline sweep over 1,000,000 pending actions (builds its own database; minutes).
bench-sweep: install services
	$(PY) -m bench.sweep

# The ladder matchmaker over 10,000 seekers and Swiss pairing of 2,000 players (seconds).
bench-ladders: install
	$(PY) -m bench.matchmaking
	$(PY) -m bench.swiss

clean:
	rm -rf $(VENV) .pytest_cache db.sqlite3 var/
