"""What the main window's first paint does without (issue 19): modules and Qt classes that the
first screen does not need are loaded later, on first use.

Each check runs in a fresh interpreter (``sys.modules`` and PySide6's enums are per process) and
reads what was loaded at the moment of the first paint; nothing here is timed.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.gui
ROOT = Path(__file__).resolve().parents[2]

# Counts the Python enums PySide6 builds: it builds a class's enums when the class is first
# used from Python (~0.5 ms each), through the enum module's functional API.
_ENUM_SPY = """
import enum, json, sys
BUILT = []
_create = enum.EnumType._create_
def _spy(cls, class_name, names, **kw):
    BUILT.append(kw.get("qualname") or class_name)
    return _create(cls, class_name, names, **kw)
enum.EnumType._create_ = _spy
"""

# The window as ``dynoview --demo`` builds it (app._main_window), shown; what is loaded is
# read on the loop turn after its first paint, before anything connects, and the File menu's
# entries then and a turn later (QMainWindow.menuBar: the bar as it is, not filled on demand).
_WINDOW = _ENUM_SPY + """
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QMainWindow
app = QApplication(sys.argv[:1])
from dynoview.core.session import profile
from dynoview.ui.app import _main_window
from dynoview.ui.window.first_paint import after_first_paint
with profile.use(profile.DEMO):
    window = _main_window(app)
seen = {}
def file_entries():
    return len(QMainWindow.menuBar(window).actions()[0].menu().actions())
def later():
    seen["file_entries_later"] = file_entries()
    print(json.dumps(seen))
    app.quit()
def painted():
    seen.update(modules=sorted(sys.modules), enums=BUILT[:], file_entries=file_entries(),
                titles=[a.text() for a in QMainWindow.menuBar(window).actions()])
    QTimer.singleShot(0, later)
after_first_paint(window, painted)
QTimer.singleShot(60_000, lambda: sys.exit("the window was never painted"))
window.show()
app.exec()
"""

# An elided label and a flow layout on screen, painted: ``argv[1]`` is the label's text.
_LABEL_AND_FLOW = _ENUM_SPY + """
from PySide6.QtWidgets import QApplication, QPushButton, QVBoxLayout, QWidget
app = QApplication(sys.argv[:1])
from dynoview.ui.elided_label import ElidedLabel
from dynoview.ui.flow_layout import FlowLayout
from dynoview.ui.window.first_paint import after_first_paint
host = QWidget()
outer = QVBoxLayout(host)
row = FlowLayout()
row.addWidgets(QPushButton("Run"), QPushButton("Cancel"))
outer.addLayout(row)
outer.addWidget(ElidedLabel(sys.argv[1]))
host.resize(300, 120)
def painted():
    print(json.dumps({"enums": BUILT}))
    app.quit()
after_first_paint(host, painted)
host.show()
app.exec()
"""

#: Off the first paint: the MFA prompter and the reconnect keeper (with the sign-in and place
#: code they import) are made when a connection opens; redaction loads with the first error.
NOT_AT_FIRST_PAINT = (
    "dynoview.ui.session.mfa_prompt",
    "dynoview.ui.session.reconnect",
    "dynoview.core.session.signin",
    "dynoview.core.session.place",
    "dynoview.core.redaction",
    "dynoview.ui.shortcuts",  # the shortcut table: with the menus' contents
    "asyncio",  # with the qasync loop, which starts after the paint (dynoview/ui/app.py)
    "qasync",
)
#: QStyle's and QStyleOption's enums: built only when Python code touches a style object.
STYLE_ENUMS = {"PrimitiveElement", "StateFlag", "StyleOptionType"}


# ``dynoview --demo`` as users start it (dynoview/__main__.py): what is loaded at the first paint,
# and that the loop started after it shows the first rows.
_REAL_START = _ENUM_SPY + """
import json, os
os.environ["DYNOVIEW_TRACE_STARTUP"] = "1"
from dynoview.ui import startup_trace
seen = {}
def mark(what):
    if what == startup_trace.WINDOW_SHOWN:
        seen.update(modules=sorted(sys.modules), enums=BUILT[:])
    elif what == startup_trace.FIRST_ROWS:
        seen["rows_after_paint"] = "modules" in seen
        print(json.dumps(seen), flush=True)
        os._exit(0)
startup_trace.mark = mark
sys.argv = ["dynoview", "--demo"]
from dynoview.__main__ import main
main()
"""


# The same start, watching the imports between the demo saying it is seeded and the first rows:
# which the UI thread makes (the rows wait for those), and what was loaded at that moment.
_ROWS_PATH = """
import json, os, sys, threading
os.environ["DYNOVIEW_TRACE_STARTUP"] = "1"
from dynoview.demo import process
from dynoview.ui import startup_trace
seen = {"ui_thread_imports": []}
class Watch:
    def find_spec(self, name, path=None, target=None):
        if "at_ready" in seen and threading.current_thread() is threading.main_thread():
            if name not in sys.modules:
                seen["ui_thread_imports"].append(name)
        return None
sys.meta_path.insert(0, Watch())
wait_ready = process.DemoProcess.wait_ready
def ready(self):
    tables = wait_ready(self)
    seen["at_ready"] = sorted(sys.modules)
    return tables
process.DemoProcess.wait_ready = ready
def mark(what):
    if what == startup_trace.FIRST_ROWS:
        print(json.dumps(seen), flush=True)
        os._exit(0)
startup_trace.mark = mark
# What waits for the first rows runs 2 s after the paint at the latest (a table that never opens):
# on a loaded machine that can come before the rows, and its imports are not the rows' path.
import dynoview.ui.app as app
after_rows = app._after_first_rows
app._after_first_rows = lambda window, then, at_most_ms=0: after_rows(window, then, at_most_ms=600_000)
sys.argv = ["dynoview", "--demo"]
from dynoview.__main__ import main
main()
"""


def _run(code: str, tmp_path: Path, *args: str) -> dict[str, Any]:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "QT_QPA_PLATFORM": "offscreen",
           "XDG_CONFIG_HOME": str(tmp_path / "config"), "XDG_DATA_HOME": str(tmp_path / "data"),
           "XDG_STATE_HOME": str(tmp_path / "state"), "XDG_CACHE_HOME": str(tmp_path / "cache")}
    env.pop("DYNOVIEW_TRACE_STARTUP", None)
    done = subprocess.run([sys.executable, "-c", code, *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    lines = [line for line in done.stdout.splitlines() if line.startswith("{")]
    assert lines, done.stdout + done.stderr
    result: dict[str, Any] = json.loads(lines[-1])
    return result


def test_what_the_first_screen_does_not_show_loads_after_the_first_paint(tmp_path: Path) -> None:
    seen = _run(_WINDOW, tmp_path)
    modules = set(seen["modules"])
    assert "dynoview.ui.main_window" in modules and "dynoview.ui.session.view" in modules
    assert [name for name in NOT_AT_FIRST_PAINT if name in modules] == []
    assert "MenuRole" not in seen["enums"]  # no QAction yet
    # The menu bar's titles are painted; File's entries come on the next turn.
    assert seen["titles"] == ["&File", "&View", "&Help"]
    assert seen["file_entries"] == 0 and seen["file_entries_later"] >= 8


def test_dynoview_paints_before_its_asyncio_loop_loads_and_then_shows_rows(tmp_path: Path) -> None:
    seen = _run(_REAL_START, tmp_path)
    modules = set(seen["modules"])
    assert "dynoview.ui.main_window" in modules
    assert modules & {"asyncio", "qasync", "dynoview.ui.crash"} == set()
    assert "ThemeIcon" not in seen["enums"]  # QIcon: the icon comes after the paint
    assert seen["rows_after_paint"]


def test_the_first_rows_wait_for_no_import_on_the_ui_thread(tmp_path: Path) -> None:
    """What showing the first table imports is loaded in a worker while the demo seeds
    (connection_controller.FIRST_TABLE_MODULES), so the UI thread imports none of the
    description's, reader's, schema's or labels' modules between "seeded" and the rows."""
    from dynoview.ui.window.connection_controller import FIRST_TABLE_MODULES

    seen = _run(_ROWS_PATH, tmp_path)
    at_ready = set(seen["at_ready"])
    assert [name for name in FIRST_TABLE_MODULES if name not in at_ready] == []
    assert "encodings.idna" in at_ready  # the first request's host name
    rows_path = ("dynoview.core.reads", "dynoview.core.uniqueness", "dynoview.core.session",
                 "dynoview.core.expressions", "dynoview.ui.i18n")
    assert [name for name in seen["ui_thread_imports"] if name.startswith(rows_path)] == []


def test_the_window_makes_its_sign_in_helpers_when_first_asked(qtbot, qasync_loop) -> None:
    """Made on demand: the MFA prompter becomes every connection's default as it is made."""
    from dynoview.core.session import signin
    from dynoview.ui.main_window import MainWindow

    window = MainWindow()
    qtbot.addWidget(window)
    assert signin.default_prompter() is None
    window.session_view.ready()
    assert signin.default_prompter() is window.session_view.prompter
    assert window.session_view.keeper is window.session_view.keeper


def test_labels_that_fit_and_flow_rows_paint_without_a_python_style(tmp_path: Path) -> None:
    built = set(_run(_LABEL_AND_FLOW, tmp_path, "No reads yet")["enums"])
    assert built & STYLE_ENUMS == set()


def test_a_cut_label_paints_its_ellipsis_through_the_style(tmp_path: Path) -> None:
    """The other side of the check above: the spy does see the style's enums when they are
    built (a label too long for its room draws its own "…" with the style)."""
    built = set(_run(_LABEL_AND_FLOW, tmp_path, "A status message far too long to fit " * 8)["enums"])
    assert built >= STYLE_ENUMS


def test_menus_made_after_the_paint_are_made_when_first_asked_for(qtbot, qasync_loop) -> None:
    """Before the first paint, asking for an action or the menu bar fills the menus at once."""
    from PySide6.QtWidgets import QMainWindow

    from dynoview.ui.main_window import MainWindow

    window = MainWindow(after_paint=True)
    qtbot.addWidget(window)
    file_menu = QMainWindow.menuBar(window).actions()[0].menu()
    assert file_menu is not None and file_menu.actions() == []
    quit_action = window.quit_action
    assert quit_action in file_menu.actions() and quit_action.shortcuts()
    assert window.session_view.settings_action in file_menu.actions()

    other = MainWindow(after_paint=True)
    qtbot.addWidget(other)
    menus = [a.menu() for a in other.menuBar().actions()]
    assert all(menu is not None and menu.actions() for menu in menus)
