"""Two windows, each with File > Settings open: OK in one saves only what was changed there, so a
production pattern or a language the other saved meanwhile stays (it was erased silently)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from dynoview.core.session import production, profile
from dynoview.ui import settings as saved
from dynoview.ui.session import production_patterns as pattern_store
from dynoview.ui.session.settings_dialog import SettingsDialog

pytestmark = [pytest.mark.gui]


@pytest.fixture(autouse=True)
def config(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    root = tmp_path / "dynoview-config"
    monkeypatch.setattr(profile, "config_root", lambda: root)
    return root


def add(dialog: SettingsDialog, text: str) -> None:
    dialog.production.field.setText(text)
    assert dialog.production.add()


def test_ok_in_one_window_keeps_the_pattern_the_other_saved(qtbot: Any) -> None:
    pattern_store.save_production_patterns(["live"])
    a, b = SettingsDialog(None), SettingsDialog(None)
    qtbot.addWidget(a)
    qtbot.addWidget(b)
    add(b, "*-prod")
    b.accept()
    a.accept()  # nothing changed in A
    assert production.load_patterns() == ("live", "*-prod")


def test_each_window_applies_its_own_change_only(qtbot: Any) -> None:
    pattern_store.save_production_patterns(["live", "old"])
    a, b = SettingsDialog(None), SettingsDialog(None)
    qtbot.addWidget(a)
    qtbot.addWidget(b)
    add(b, "*-prod")
    b.accept()
    a.production.list.setCurrentRow(1)
    a.production.remove()  # "old"
    add(a, "team-*")
    a.accept()
    assert production.load_patterns() == ("live", "*-prod", "team-*")
    assert pattern_store.production_patterns() == ["live", "*-prod", "team-*"]


def test_ok_keeps_the_language_the_other_window_chose(qtbot: Any) -> None:
    a, b = SettingsDialog(None), SettingsDialog(None)
    qtbot.addWidget(a)
    qtbot.addWidget(b)
    b.language.combo.setCurrentIndex(b.language.combo.findData("fr"))
    b.accept()
    add(a, "*-prod")  # A changes only the patterns
    a.accept()
    assert saved.load_language() == "fr"
    assert production.load_patterns() == ("*-prod",)
