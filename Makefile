# Quick start: `make run` (the app on the embedded demo backend) and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP_DEMO := $(VENV)/.installed-demo
STAMP_TEST := $(VENV)/.installed-test

.PHONY: run test lint bench clean translations translations-qm

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(STAMP_DEMO): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e ".[demo]"
	$(MAKE) translations-qm
	touch $@

$(STAMP_TEST): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e ".[demo,test]"
	$(MAKE) translations-qm
	touch $@ $(STAMP_DEMO)

run: $(STAMP_DEMO)
	$(BIN)/python -m dynoview --demo

# Style and types first (seconds): a failure stops the run before the slow tests start. The
# suite runs in TEST_WORKERS processes (pytest-xdist; each starts its own moto and DynamoDB
# Local): much of it waits on those engines and on child processes, so two fit on two cores.
# A test file stays in one process, so its fixtures are made once per engine.
TEST_WORKERS ?= 2
test: $(STAMP_TEST)
	$(BIN)/ruff check dynoview tests benchmarks
	$(BIN)/mypy
	QT_QPA_PLATFORM=offscreen $(BIN)/python -m pytest -n $(TEST_WORKERS) --dist loadfile

lint: $(STAMP_TEST)
	$(BIN)/ruff check dynoview tests benchmarks

bench: $(STAMP_TEST)
	QT_QPA_PLATFORM=offscreen $(BIN)/python benchmarks/run_all.py

# The window's catalogues (docs/translations.md): `make translations` merges the texts marked in
# dynoview/ui into the .ts files (kept in git; vanished texts stay for the translators to reuse),
# the English one holding only plural forms; `make translations-qm` compiles the .qm files
# (gitignored; also built by the install stamps and packaging/build.py).
I18N_DIR := dynoview/ui/i18n/translations
I18N_LANGS := pt_BR id fr
LUPDATE := $(BIN)/pyside6-lupdate -extensions py -locations relative

translations:
	$(LUPDATE) dynoview/ui -ts $(foreach lang,$(I18N_LANGS),$(I18N_DIR)/dynoview_$(lang).ts)
	$(LUPDATE) -pluralonly -no-obsolete dynoview/ui -ts $(I18N_DIR)/dynoview_en.ts
	$(BIN)/python -m dynoview.ui.i18n.english_plurals

# Each .qm is written aside then renamed: a running app maps its .qm, and a rewrite in place
# crashes it (SIGBUS).
translations-qm:
	for ts in $(I18N_DIR)/*.ts; do $(BIN)/pyside6-lrelease -silent "$$ts" -qm "$${ts%.ts}.qm.new" \
		&& mv -f "$${ts%.ts}.qm.new" "$${ts%.ts}.qm" || exit 1; done

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
