"""A theme switch after a PartiQL statement failed, in one window, several times.

It crashed Qt (SIGBUS/SIGSEGV in ``QApplication.setStyleSheet``): the new stylesheet made the
statement editor repaint its highlighting (a PaletteChange), the rehighlight emitted
``textChanged``, the panel took that for an edit and cleared the editor's error style, and
changing a widget's stylesheet while Qt polishes that same widget uses freed memory. A user
could do it: run a statement that fails, then View > Theme > Dark. The GUI tests' conftest
now deletes every window after its test, which hid it; here the window lives through the
whole sequence, as a user's does.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QWidget

from dynoview.core.reads import partiql_statements as partiql
from dynoview.core.session.connection import Connection
from dynoview.ui import settings as saved
from dynoview.ui.main_window import MainWindow
from dynoview.ui.partiql.editor import _COLOURS
from dynoview.ui.partiql.panel import PartiqlPanel
from dynoview.ui.themed import is_refused
from tests.gui.conftest import open_window

pytestmark = pytest.mark.gui


def keyword_colour(panel: PartiqlPanel) -> str:
    """The colour the first word of the statement (SELECT, a keyword) is drawn in now."""
    block = panel.editor.document().firstBlock()
    layout = block.layout()
    assert layout is not None
    [first] = [r for r in layout.formats() if r.start == 0]
    return QColor(first.format.foreground().color()).name()


def marked(root: QWidget) -> dict[str, str]:
    """The widgets under ``root`` that carry a style of their own (a field marked with a problem)."""
    return {f"{type(w).__name__}#{i}": w.styleSheet() for i, w in enumerate(root.findChildren(QWidget))
            if w.styleSheet()}


def test_switching_the_theme_after_the_builder_and_a_failed_statement_keeps_the_window_and_the_marks(
        qtbot: Any, qasync_loop: Any, demo_conn: Connection, seeded_table: str, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    # The theme chosen is saved: not in the settings other tests read.
    monkeypatch.setattr(saved, "settings_path", lambda: tmp_path / "config" / "settings.ini")
    win: MainWindow = open_window(qtbot, demo_conn, seeded_table)
    win.set_theme("light")
    win.show()
    qtbot.waitExposed(win)
    # The builder first, as the crash was first seen: four actions checked, their fields marked.
    builder = win.feature("BuilderPanel")
    win.tabs.setCurrentWidget(builder)
    for kind in ("ConditionCheck", "Put", "Update", "Delete"):
        builder.add_action(kind)
    builder.check_button.click()
    qtbot.waitUntil(lambda: bool(marked(builder)), timeout=10000)
    builder_marks = marked(builder)
    panel = win.feature("PartiqlPanel")
    assert isinstance(panel, PartiqlPanel)
    win.tabs.setCurrentWidget(panel)
    panel.editor.setPlainText("SELECT * FROM \"no-such-table\" WHERE PK = 'x'")
    assert panel.run()
    qtbot.waitUntil(lambda: panel.error_label.isVisible(), timeout=10000)
    assert is_refused(panel.editor)  # the failure is marked at the statement
    message = panel.error_label.text()
    light, dark = _COLOURS[partiql.KEYWORD]
    assert keyword_colour(panel) == light

    for mode in ("dark", "light", "dark", "light"):
        win.theme_actions[mode].trigger()  # View > Theme, as a user picks it
        qtbot.wait(50)  # the repaints the new style and palette posted
        assert win.theme.scheme == mode
        # Recoloured for the theme, and a recolour is no edit: the error stays where it was.
        assert keyword_colour(panel) == (dark if mode == "dark" else light)
        assert is_refused(panel.editor)
        assert panel.error_label.isVisible() and panel.error_label.text() == message
        assert marked(builder) == builder_marks

    # A real edit still clears the mark, as before.
    panel.editor.insertPlainText(" ")
    assert panel.editor.styleSheet() == ""
    assert not panel.error_label.isVisible()
