"""Issue 27: which language the window loads, from Settings, DYNOVIEW_LANG or the locale; our
catalogue and Qt's own installed together; English plural forms; numbers in the language."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication, QLocale
from PySide6.QtWidgets import QComboBox, QLabel

from dynoview.ui import settings as saved
from dynoview.ui.i18n import formats, languages, loader
from dynoview.ui.i18n.labels import finding_label
from dynoview.ui.session.settings_dialog import SettingsDialog

pytestmark = pytest.mark.gui


@pytest.fixture
def store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "config" / "settings.ini"
    monkeypatch.setattr(saved, "settings_path", lambda: path)
    return path


@pytest.fixture
def english_after(qapp) -> Iterator[None]:
    yield
    loader.install("en", qapp)


@pytest.mark.parametrize(("name", "code"), [
    ("pt_BR.UTF-8", "pt_BR"), ("pt-PT", "pt_BR"), ("fr_CA", "fr"), ("fr", "fr"), ("id_ID", "id"),
    ("in", "id"), ("en_GB", "en"), ("C", "en"), ("de_DE", None), ("", None)])
def test_locale_names(name: str, code: str | None) -> None:
    assert languages.normalise(name) == code


def test_the_saved_choice_wins_then_the_environment() -> None:
    assert languages.resolve("fr", {languages.ENV_VAR: "id"}) == "fr"
    assert languages.resolve(languages.SYSTEM, {languages.ENV_VAR: "id_ID"}) == "id"
    assert languages.resolve(languages.SYSTEM, {languages.ENV_VAR: "de"}) == "en"  # no catalogue
    assert languages.resolve("xx", {}) == "en"


def test_settings_keep_the_choice(store: Path) -> None:
    assert saved.load_language() == languages.SYSTEM
    saved.save_language("pt_BR")
    assert saved.load_language() == "pt_BR"
    saved.save_language("klingon")
    assert saved.load_language() == languages.SYSTEM  # an unknown value reads as the default


def test_portuguese_installs_ours_and_qts(qapp, english_after: None) -> None:
    done = loader.install("pt_BR", qapp)
    assert done.language == "pt_BR" and len(done.translators) == 2, done
    assert QCoreApplication.translate("window.menus", "&File") == "&Arquivo"  # ours
    assert QCoreApplication.translate("QPlatformTheme", "Cancel") == "Cancelar"  # Qt's qtbase_pt_BR
    assert finding_label("ORPHAN_LOCK") == "Bloqueio órfão"
    assert formats.number(1234567) == "1.234.567"
    loader.install("en", qapp)
    assert QCoreApplication.translate("window.menus", "&File") == "&File"
    assert finding_label("ORPHAN_LOCK") == "Orphan lock"
    assert formats.number(1234567) == "1,234,567"


def test_indonesian_has_no_qt_catalogue_and_still_loads_ours(qapp, english_after: None) -> None:
    done = loader.install("id", qapp)
    assert done.missing == ["qtbase"]  # Qt ships no qtbase_id.qm: standard buttons stay English
    assert QCoreApplication.translate("window.menus", "&File") == "&Berkas"


def test_english_plurals_come_from_the_catalogue(qapp) -> None:
    loader.install("en", qapp)
    assert QCoreApplication.translate("LIVE_COUNTS", "%Ln record(s) read", "", 1) == "1 record read"
    assert QCoreApplication.translate("LIVE_COUNTS", "%Ln record(s) read", "", 1204) == "1,204 records read"


def test_french_numbers_and_times(qapp, english_after: None) -> None:
    from datetime import datetime

    loader.install("fr", qapp)
    assert QLocale().name() == "fr_FR"
    assert formats.number(1234.5, 1) == "1\u202f234,5"  # French groups with a narrow no-break space
    assert formats.clock_text(datetime(2026, 12, 2, 7, 5)) == "07:05"


def test_settings_save_the_choice_and_say_when_it_applies(qtbot, store: Path) -> None:
    dialog = SettingsDialog()
    qtbot.addWidget(dialog)
    combo = dialog.findChild(QComboBox, "language-combo")
    assert [combo.itemData(i) for i in range(combo.count())] == ["system", "en", "pt_BR", "id", "fr"]
    assert [combo.itemText(i) for i in range(1, combo.count())] == [
        "English", "Português (Brasil)", "Bahasa Indonesia", "Français"]
    note = dialog.findChild(QLabel, "language-note")
    assert "next start" in note.text()
    combo.setCurrentIndex(combo.findData("fr"))
    dialog.accept()
    assert saved.load_language() == "fr"
    again = SettingsDialog()
    qtbot.addWidget(again)
    assert again.language.choice() == "fr"
    again.reject()  # Cancel keeps what was saved
    assert saved.load_language() == "fr"


def test_the_label_tables_cover_the_core_codes() -> None:
    from dynoview.core.uniqueness import findings, origin
    from dynoview.ui.i18n import labels

    assert set(labels.FINDINGS) == set(findings.LABELS)
    assert set(labels.ORIGINS) == set(origin.LABELS)
    from dynoview.core.reads.receipts import EVENTUAL, MIXED, STRONG

    assert set(labels.CONSISTENCY) == {STRONG, EVENTUAL, MIXED}


_REWRITE = """
import shutil, sys
from pathlib import Path
from PySide6.QtCore import QCoreApplication
app = QCoreApplication([])
from dynoview.ui.i18n import loader
folder = Path(sys.argv[1])
loader.CATALOGUES = folder
loader.install("pt_BR", app)
before = QCoreApplication.translate("window.menus", "&File")
(folder / "dynoview_pt_BR.qm").write_bytes(b"")  # what lrelease does first: truncate in place
print(before + "|" + QCoreApplication.translate("window.menus", "&View"))
"""


def test_a_catalogue_rebuilt_while_running_does_not_kill_the_app(tmp_path: Path) -> None:
    """lrelease rewrites a .qm in place; a mapped catalogue then dies with SIGBUS. Ours is a
    private copy (in a child process: a regression would kill it, not the test run)."""
    import shutil
    import subprocess
    import sys

    source = Path(loader.CATALOGUES)
    for name in ("dynoview_pt_BR.ts", "dynoview_pt_BR.qm"):
        shutil.copy(source / name, tmp_path / name)
    (tmp_path / "dynoview_pt_BR.qm").touch()  # newer than the .ts: used as it is
    env = {"QT_QPA_PLATFORM": "offscreen", "PATH": "/usr/bin:/bin"}
    run = subprocess.run([sys.executable, "-c", _REWRITE, str(tmp_path)], capture_output=True, text=True,
                         timeout=120, env=env, cwd=Path(__file__).resolve().parents[2])
    assert run.returncode == 0, run.stderr[-2000:]
    first, second = run.stdout.strip().split("|")
    assert first != "&File" and second != "&View", run.stdout  # still Portuguese, still alive
