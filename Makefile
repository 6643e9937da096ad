# The two set-up commands: `make run` and `make test`. Everything else is a helper.
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV   ?= .venv
BIN    := $(VENV)/bin
HOST   ?= 127.0.0.1
PORT   ?= 8000

.PHONY: run test lint bench check-deploy worker clean messages messages-merge messages-compile

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(VENV)/.runtime: requirements.txt constraints.txt | $(BIN)/python
	$(BIN)/pip install --quiet -r requirements.txt -c constraints.txt
	touch $@

$(VENV)/.dev: requirements.txt requirements-dev.txt constraints.txt | $(BIN)/python
	$(BIN)/pip install --quiet -r requirements-dev.txt -c constraints.txt
	touch $@ $(VENV)/.runtime

## make run: install, migrate, load demo data, start the web server and a Celery worker.
run: $(VENV)/.runtime
	bash bin/ensure-fonts || true
	$(BIN)/python manage.py migrate --noinput
	$(BIN)/python manage.py demo_data
	CLUB_CREATION=$${CLUB_CREATION:-open} HOST=$(HOST) PORT=$(PORT) BIN=$(BIN) bash bin/serve

## make test: install what the tests need (incl. headless Chromium when possible), run them all,
## spread over the machine's cores (pytest-xdist; PYTEST_WORKERS=0 runs them in one process).
PYTEST_WORKERS ?= auto
test: $(VENV)/.dev
	bash bin/ensure-chromium || true
	bash bin/ensure-fonts || true
	$(BIN)/python -m pytest -n $(PYTEST_WORKERS) --dist worksteal $(PYTEST_ARGS)

lint: $(VENV)/.dev
	$(BIN)/ruff check .
	$(BIN)/python manage.py makemigrations --check --dry-run

bench: $(VENV)/.dev
	$(BIN)/python tests/benchmarks/bench_engine.py
	$(BIN)/python tests/benchmarks/bench_replay.py
	$(BIN)/python tests/benchmarks/bench_tournaments.py
	$(BIN)/python tests/benchmarks/bench_ratings.py --django
	$(BIN)/python tests/benchmarks/bench_analysis.py
	$(BIN)/python tests/benchmarks/bench_pages.py
	$(BIN)/python tests/benchmarks/bench_live_load.py --quiet
	$(BIN)/python tests/benchmarks/bench_web_server.py

check-deploy: $(VENV)/.runtime
	DEBUG=false SECRET_KEY=$$($(BIN)/python -c 'import secrets;print(secrets.token_urlsafe(60))') \
	ALLOWED_HOSTS=club.example.org SITE_URL=https://club.example.org \
	$(BIN)/python manage.py check --deploy --fail-level WARNING

## make messages: extract the marked strings of da, de, it, ja (django + djangojs, bin/i18n),
## then compile them; the .mo files are committed. messages-merge fills the catalogues from
## everyone's locale/parts/*/<lang>[.js].po; messages-compile only compiles.
messages: $(VENV)/.dev
	$(BIN)/python bin/i18n

messages-merge: $(VENV)/.dev
	$(BIN)/python bin/i18n --merge-parts

messages-compile: $(VENV)/.dev
	$(BIN)/python bin/i18n --compile

clean:
	rm -rf $(VENV) data staticfiles
