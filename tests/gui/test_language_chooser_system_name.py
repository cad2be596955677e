"""Settings › Language names what "System" loads: DYNOVIEW_LANG first, as the window does."""

from __future__ import annotations

import pytest
from pytestqt.qtbot import QtBot

from dynoview.ui.i18n import languages
from dynoview.ui.i18n.language_dialog import LanguageChooser


@pytest.mark.parametrize(("env", "name"), [("fr", "Français"), ("id", "Bahasa Indonesia"),
                                           ("pt_BR", "Português (Brasil)")])
def test_system_names_the_language_dynoview_lang_chooses(qtbot: QtBot, monkeypatch: pytest.MonkeyPatch,
                                                          env: str, name: str) -> None:
    monkeypatch.setenv(languages.ENV_VAR, env)
    chooser = LanguageChooser()
    qtbot.addWidget(chooser)
    system = chooser.combo.itemText(chooser.combo.findData(languages.SYSTEM))
    assert system.endswith(f"({name})"), system
