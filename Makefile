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

# Style and types first (seconds): a failure stops the run before the slow tests start.
test: $(STAMP_TEST)
	$(BIN)/ruff check dynoview tests benchmarks
	$(BIN)/mypy
	QT_QPA_PLATFORM=offscreen $(BIN)/python -m pytest

lint: $(STAMP_TEST)
	$(BIN)/ruff check dynoview tests benchmarks

bench: $(STAMP_TEST)
	QT_QPA_PLATFORM=offscreen $(BIN)/python benchmarks/run_all.py

clean:
	rm -rf $(VENV) build dist *.egg-info .pytest_cache .ruff_cache .hypothesis

# Desktop bundles (packaging/README.md): `make package` builds dist/ for this platform (on Debian
# and Ubuntu also dist/dynoview_<version>_amd64.deb), plus the wheel and sdist (checked by twine);
# `make package-check` also runs the built bundle: --smoke in an empty environment offscreen and on
# a real X server (xvfb-run), then headless commands; then lintian on the .deb and, as root, the
# .deb installed with apt in a clean debootstrap'd Debian root, run and purged (`make deb-check`
# does only that last step, on the .deb already in dist/).
STAMP_PACKAGE := $(VENV)/.installed-package
.PHONY: package package-check deb-check

$(STAMP_PACKAGE): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e ".[demo,package]"
	touch $@ $(STAMP_DEMO)

package: $(STAMP_PACKAGE)
	$(BIN)/python packaging/build.py

package-check: $(STAMP_PACKAGE)
	QT_QPA_PLATFORM=offscreen $(BIN)/python packaging/build.py --check

deb-check:
	sh packaging/linux/test_deb.sh
