# The README's two commands: `make run` (serve the demo club) and `make test`.
# Everything is installed into .venv from requirements*.txt; nothing by hand. Those files
# are locks: every package, direct or not, pinned with its hashes; `make lock` writes them.

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
HOST ?= 127.0.0.1
PORT ?= 8000
WORKERS ?= 2
# The address the demo's mails link to (a player's match, their own page).
SITE_URL ?= http://$(HOST):$(PORT)

.PHONY: run dev test lint lock messages makemessages check-deploy bench lighthouse clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

# --require-hashes: a package whose file differs from the one locked, or one missing from
# the lock, stops the install instead of coming in unchecked. --build-constraint does the
# same for what pip builds with (odfpy comes as source): see requirements-tools.in.
PIP_INSTALL := $(BIN)/python -m pip install --quiet --require-hashes \
	--build-constraint requirements-tools.txt

$(VENV)/.installed: requirements.txt requirements-tools.txt | $(BIN)/python
	$(PIP_INSTALL) -r requirements.txt
	touch $@

$(VENV)/.installed-test: requirements-test.txt requirements.txt $(VENV)/.installed
	$(PIP_INSTALL) -r requirements-test.txt
	touch $@

# The locks. Edit requirements.in or requirements-test.in (the direct dependencies, pinned
# by hand, with why), then `make lock`: pip-compile pins everything they bring, with the
# hashes of every file of each release, into requirements.txt and requirements-test.txt
# (the test lock keeps the runtime lock's versions). It resolves for this machine's kind,
# Linux and CPython 3.11: a package that another platform or Python alone needs (such
# as colorama on Windows) is not in the locks. Pins already locked stay as they are;
# LOCK_ARGS="--upgrade-package NAME" moves one, LOCK_ARGS=--upgrade moves them all.
# pip-tools runs from a venv of its own, installed from its own lock.
LOCK_PYTHON ?= python3.11
TOOLS_VENV := .venv-tools
LOCK_ARGS ?=
PIP_COMPILE := CUSTOM_COMPILE_COMMAND="make lock" $(TOOLS_VENV)/bin/pip-compile --quiet \
	--generate-hashes --strip-extras --allow-unsafe --no-emit-index-url --no-emit-find-links \
	$(LOCK_ARGS)

$(TOOLS_VENV)/.installed: requirements-tools.txt
	$(LOCK_PYTHON) -m venv $(TOOLS_VENV)
	$(TOOLS_VENV)/bin/python -m pip install --quiet --require-hashes -r requirements-tools.txt
	touch $@

lock: $(TOOLS_VENV)/.installed
	$(PIP_COMPILE) --output-file requirements.txt requirements.in
	$(PIP_COMPILE) --output-file requirements-test.txt requirements-test.in
	$(PIP_COMPILE) --output-file requirements-tools.txt requirements-tools.in

# axe-core for the accessibility tests, pinned by package-lock.json (node_modules/ is
# ignored by git). `npm ci` installs exactly the locked version.
node_modules/.installed: package.json package-lock.json
	npm ci --no-audit --no-fund
	touch $@

# Compile the Catalan and Spanish catalogues (.po in the repo, .mo built here).
messages: $(VENV)/.installed
	$(BIN)/python manage.py compilemessages --verbosity 0 --ignore .venv --ignore staticfiles

# After changing user-facing strings: refresh the catalogues, then translate them.
makemessages: $(VENV)/.installed
	$(BIN)/python manage.py makemessages --locale ca --locale es --no-obsolete \
		--ignore .venv --ignore staticfiles --ignore tests --ignore node_modules

# The demo on http://$(HOST):$(PORT) with gunicorn and whitenoise, DEBUG off. HTTPS=0
# because this local demo is served over plain HTTP; a real deployment keeps HTTPS on.
# SITE_URL, for the demo's loading and the server alike, puts the link in its mails.
# One background worker (`manage.py worker`, docs/jobs.md) runs beside gunicorn, and is
# stopped with it (the trap: gunicorn's exit, Ctrl-C or a kill of the recipe's shell).
# Push notifications (docs/push.md) are signed with a key made once into .vapid_key.
run dev: export VAPID_KEY_FILE ?= $(CURDIR)/.vapid_key
run: $(VENV)/.installed messages
	$(BIN)/python manage.py make_vapid_keys --keep
	$(BIN)/python manage.py migrate --noinput
	SITE_URL=$(SITE_URL) $(BIN)/python manage.py load_demo --site-url $(SITE_URL)
	$(BIN)/python manage.py collectstatic --noinput --verbosity 0
	SITE_URL=$(SITE_URL) HTTPS=0 DEBUG=0 $(BIN)/python manage.py worker & worker=$$!; \
	trap 'kill $$worker 2>/dev/null; wait $$worker' EXIT INT TERM; \
	SITE_URL=$(SITE_URL) HTTPS=0 DEBUG=0 $(BIN)/gunicorn tournament.wsgi --bind $(HOST):$(PORT) \
		--workers $(WORKERS) --access-logfile - \
		--logger-class tournament.web.logfilters.RedactingGunicornLogger

# Django's development server with DEBUG on, for working on the code.
dev: $(VENV)/.installed messages
	$(BIN)/python manage.py make_vapid_keys --keep
	$(BIN)/python manage.py migrate --noinput
	SITE_URL=$(SITE_URL) $(BIN)/python manage.py load_demo --site-url $(SITE_URL)
	SITE_URL=$(SITE_URL) DEBUG=1 $(BIN)/python manage.py runserver $(HOST):$(PORT)

# The import contract first (pyproject.toml: the layers, and a core without Django),
# then the whole suite, in three processes (pyproject.toml's addopts).
test: $(VENV)/.installed-test node_modules/.installed messages
	$(BIN)/lint-imports
	$(BIN)/python -m pytest

# Timings and peak memory as JSON lines, on a 20,000-game season built once into its
# own SQLite file (bench.sqlite3): never the demo's database. The ratings' figures run
# on a file of their own (bench-ratings.sqlite3): a history of 100 rated matches.
# The pages are measured as served, DEBUG off: the static files' manifest must exist.
# The bench's PostgreSQL database (made if missing; skipped if the server is not reached)
# and a Redis database number of its own, for the figures over HTTP on several servers.
BENCH_POSTGRES ?= postgres://postgres@127.0.0.1:5432/tournament_bench
BENCH_REDIS ?= redis://127.0.0.1:6379/13

# One run: the JSON lines on stdout and in bench-results.jsonl (its first line the date
# and the machine); `manage.py bench --table bench-results.jsonl` makes the docs' table.
bench: $(VENV)/.installed messages
	$(BIN)/python manage.py collectstatic --noinput --verbosity 0
	DATABASE_URL=sqlite:///$(CURDIR)/bench.sqlite3 $(BIN)/python manage.py bench \
		--record bench-results.jsonl \
		--ratings-database sqlite:///$(CURDIR)/bench-ratings.sqlite3 \
		--postgres $(BENCH_POSTGRES) --redis $(BENCH_REDIS)

# Lighthouse on a phone (its default) on the 256-player cup's bracket page, served by
# gunicorn with DEBUG off from its own SQLite file (lighthouse.sqlite3); npx fetches the
# pinned Lighthouse, Chromium is Debian's (benches/lighthouse.py).
lighthouse: $(VENV)/.installed messages
	$(BIN)/python manage.py collectstatic --noinput --verbosity 0
	DATABASE_URL=sqlite:///$(CURDIR)/lighthouse.sqlite3 $(BIN)/python manage.py migrate --noinput --verbosity 0
	DATABASE_URL=sqlite:///$(CURDIR)/lighthouse.sqlite3 $(BIN)/python manage.py lighthouse

lint: $(VENV)/.installed-test
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

check-deploy: $(VENV)/.installed
	DEBUG=0 SECRET_KEY=$$(openssl rand -hex 40) ALLOWED_HOSTS=club.example.org \
		$(BIN)/python manage.py check --deploy --fail-level WARNING

clean:
	rm -rf $(VENV) $(TOOLS_VENV) node_modules staticfiles .pytest_cache .hypothesis
