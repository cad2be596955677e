# Quick start: `make run` (the app on the embedded demo backend) and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP_DEMO := $(VENV)/.installed-demo
STAMP_TEST := $(VENV)/.installed-test

.PHONY: run test lint bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(STAMP_DEMO): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e ".[demo]"
	touch $@

$(STAMP_TEST): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e ".[demo,test]"
	touch $@ $(STAMP_DEMO)

run: $(STAMP_DEMO)
	$(BIN)/python -m dynoview --demo

test: $(STAMP_TEST)
	QT_QPA_PLATFORM=offscreen $(BIN)/python -m pytest

lint: $(STAMP_TEST)
	$(BIN)/ruff check dynoview tests benchmarks

bench: $(STAMP_TEST)
	QT_QPA_PLATFORM=offscreen $(BIN)/python benchmarks/run_all.py

clean:
	rm -rf $(VENV) build dist *.egg-info .pytest_cache .ruff_cache .hypothesis
