"""Start-up (dynoview/ui/app.py): the window is built before the stylesheet is set, and the
stylesheet still styles every widget of it; the window gets its icon once the first rows show;
the demo's child is spawned before Qt is imported."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtGui import QGuiApplication, QIcon, QPalette

from dynoview.ui import app as app_module
from dynoview.ui import settings as saved
from dynoview.ui.resources import ICON_SIZES

pytestmark = pytest.mark.gui
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def settings_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "config" / "settings.ini"
    monkeypatch.setattr(saved, "settings_path", lambda: path)
    return path


@pytest.fixture
def app_look(qapp) -> Iterator[None]:
    """Put the application's style, palette, stylesheet and icon back after the test."""
    style, pal, sheet, icon = (qapp.style().name(), QPalette(qapp.palette()), qapp.styleSheet(),
                               qapp.windowIcon())
    yield
    QGuiApplication.styleHints().unsetColorScheme()
    qapp.setStyleSheet(sheet)
    qapp.setStyle(style)
    qapp.setPalette(pal)
    qapp.setWindowIcon(icon)


def test_the_window_is_styled_without_an_application_stylesheet(qtbot, qasync_loop, qapp,
                                                                 app_look: None) -> None:
    """Fusion draws the window; only the badge has a sheet of its own (dynoview/ui/themed.py):
    an application stylesheet drew every widget through QStyleSheetStyle (issue 19)."""
    window = app_module._main_window(qapp)
    qtbot.addWidget(window)
    assert qapp.styleSheet() == ""
    assert window.items_panel.style().metaObject().className() == "QFusionStyle"
    assert "border-radius" in window.connection_label.styleSheet()


def test_the_icon_comes_with_the_first_rows(qtbot, qasync_loop, qapp, app_look: None) -> None:
    """The app's window is painted without an icon (QIcon's enums and files wait); every size
    comes once the first rows show, the application's icon too."""
    qapp.setWindowIcon(QIcon())
    window = app_module._main_window(qapp)
    qtbot.addWidget(window)
    app_module._icon_with_first_rows(qapp, window)  # as _run_app does
    window.show()
    qtbot.waitExposed(window)
    qtbot.wait(100)
    assert window.windowIcon().isNull()  # painted, no rows yet
    window.table_shown.emit("accounts")
    qtbot.waitUntil(lambda: not window.windowIcon().isNull(), timeout=3000)
    assert {s.width() for s in window.windowIcon().availableSizes()} == set(ICON_SIZES)
    assert {s.width() for s in qapp.windowIcon().availableSizes()} == set(ICON_SIZES)


def test_spawning_the_demo_imports_neither_qt_nor_the_core() -> None:
    """``run_app`` starts the demo's child before anything heavy is imported: the child is what
    the first rows wait for."""
    code = ("import sys; import dynoview.ui.app, dynoview.ui.demo_entry, dynoview.demo.process; "
            "print(sorted(m for m in sys.modules if m.startswith(('PySide6', 'asyncio', "
            "'dynoview.core'))))")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, check=True,
                         capture_output=True, text=True).stdout.strip()
    assert out == "[]"


def test_the_start_up_niceties_wait_for_the_first_rows(qtbot, qasync_loop, qapp) -> None:
    """The icon's HiDPI sizes, the leftovers' sweep, the unsent-work note and the update check
    run once the first rows showed, not between the paint and the rows (the connection's
    imports in a worker thread would wait for the GIL); at the latest a while after the paint."""
    from dynoview.ui.main_window import MainWindow

    window = MainWindow()
    qtbot.addWidget(window)
    ran: list[str] = []
    app_module._after_first_rows(window, lambda: ran.append("rows"))
    app_module._after_first_rows(window, lambda: ran.append("late"), at_most_ms=300)
    window.show()
    qtbot.waitExposed(window)
    qtbot.wait(150)
    assert ran == []  # painted, no rows yet
    window.table_shown.emit("accounts")
    qtbot.waitUntil(lambda: len(ran) == 2, timeout=2000)
    assert sorted(ran) == ["late", "rows"]
    window.table_shown.emit("accounts")  # another table later: each ran once
    qtbot.wait(app_module.AFTER_ROWS_MS * 3)
    assert sorted(ran) == ["late", "rows"]


def test_without_rows_the_niceties_run_a_while_after_the_paint(qtbot, qasync_loop, qapp) -> None:
    from dynoview.ui.main_window import MainWindow

    window = MainWindow()
    qtbot.addWidget(window)
    ran: list[str] = []
    app_module._after_first_rows(window, lambda: ran.append("late"), at_most_ms=200)
    window.show()
    qtbot.waitExposed(window)
    assert ran == []
    qtbot.waitUntil(lambda: ran == ["late"], timeout=3000)
