# The two commands the README names: `make run` and `make test`. Both set up everything.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test validate clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[test]'
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/pokerrules validate
	$(BIN)/pokerrules books

test: $(STAMP)
	$(BIN)/pytest -q

validate: $(STAMP)
	$(BIN)/pokerrules validate

clean:
	rm -rf $(VENV) build dist *.egg-info test-output
