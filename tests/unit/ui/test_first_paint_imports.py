"""What the window's first paint must not import (issue 19, start-up).

``dynoview --demo`` is timed to its first painted window (benchmarks/startup.py). botocore alone
costs about 100 ms to import, and each feature tab, dialog or sign-in flow its own tens of
milliseconds: they load after the paint, when first used (connecting runs in a worker thread once
the window is painted; the feature tabs are built when opened). A fresh interpreter builds the
real ``MainWindow`` on the offscreen platform and lists what got imported.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]

#: Packages and modules that must stay out of the first paint's imports.
AFTER_THE_PAINT = (
    "botocore", "boto3", "moto",  # the connection, in a worker thread after the paint
    "dynoview.ui.locks", "dynoview.ui.builder", "dynoview.ui.stream", "dynoview.ui.partiql",
    "dynoview.ui.scans",  # feature tabs: built when first opened (window/feature_tabs.py)
    "dynoview.ui.crash",  # the crash handler: installed after the paint (app.py)
    "dynoview.ui.updates",  # the update check: after the paint, or Help → Check for updates…
    "dynoview.ui.window.command_palette", "dynoview.ui.window.connection_dialog",
    "dynoview.ui.session.sso_dialog", "dynoview.ui.session.write_mode_dialog",  # dialogs
    "dynoview.ui.items.tabs",  # more Items tabs: made when the first one opens
    # Edit in place (its editors, staged pane and the transaction code they use): made once
    # the Items tab has painted (ui/items/panel.py).
    "dynoview.ui.items.cell_edits", "dynoview.ui.items.staging", "dynoview.core.edits.transaction",
    "dynoview.core.uniqueness.schema_store",  # a table's saved schema: read once one is opened
    # The connection, table descriptions, reads and their receipts' labels: the window's
    # modules name them as types only, and import them where they run (after the paint).
    "dynoview.core.session.connection", "dynoview.core.session.tables",
    "dynoview.core.session.table_settings", "dynoview.core.reads.reader", "dynoview.core.edits",
    "dynoview.core.tx", "dynoview.core.uniqueness", "secrets",
    # Read with the first table description (its entity table), and the package files read as
    # plain files when they are (ui/resources.py).
    "html", "importlib.resources",
    # The task runner's thread pool: made for the first blocking call (ui/tasks.py).
    "concurrent.futures",
    # Read receipts: the read log is made for the first connection's reader (ui/context.py); a
    # table's column layout is read when its columns first show (ui/items/columns.py).
    "dynoview.core.reads.receipts", "dynoview.core.reads.column_layout",
    # Settings values, a receipt's request and an item as JSON: read or shown after the paint.
    "json",
    # The records the window's views share: made with the first selection or write.
    "dynoview.ui.context_events",
)
#: Out of the first paint as the app makes it (its menus' contents and shortcut table after it):
#: its import and each class's generated methods (compiled); records made before the paint are
#: NamedTuples or plain classes.
UNTIL_THE_MENUS = ("dataclasses",)

_BUILD = """
import sys
from PySide6.QtWidgets import QApplication
app = QApplication(sys.argv[:1])
import dynoview.ui.app  # noqa: F401 - the entry point's own module
from dynoview.ui.main_window import MainWindow
window = MainWindow(after_paint=sys.argv[2] == "after-paint")
loaded = list(sys.modules)
import json  # once the window is built: json is one of the modules it must not import
banned = json.loads(sys.argv[1])
print(json.dumps(sorted(m for m in loaded for b in banned if m == b or m.startswith(b + "."))))
"""


def loaded_by_the_window(banned: tuple[str, ...], menus: str = "now") -> list[str]:
    """What of ``banned`` building the window imported; ``menus`` "after-paint": as the app
    builds it, its menus' contents left for after the paint."""
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen",
           "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))}
    out = subprocess.run([sys.executable, "-c", _BUILD, json.dumps(banned), menus], cwd=ROOT, env=env,
                         check=True, capture_output=True, text=True, timeout=120).stdout
    return list(json.loads(out.strip().splitlines()[-1]))


def test_building_the_window_imports_neither_botocore_nor_what_shows_later() -> None:
    assert loaded_by_the_window(AFTER_THE_PAINT) == []


def test_the_window_the_app_paints_makes_no_dataclass() -> None:
    assert loaded_by_the_window(UNTIL_THE_MENUS, menus="after-paint") == []
    assert loaded_by_the_window(UNTIL_THE_MENUS) == ["dataclasses"]  # the shortcut table's


def test_the_check_sees_what_the_window_does_import() -> None:
    """The scan is not vacuous: modules the window does import are reported."""
    assert loaded_by_the_window(("dynoview.ui.items.panel", "PySide6.QtWidgets")) == [
        "PySide6.QtWidgets", "dynoview.ui.items.panel"]


_CLASSES = """
import sys
from PySide6.QtWidgets import QApplication
import PySide6.QtWidgets as widgets
app = QApplication(sys.argv[:1])
import dynoview.ui.app  # noqa: F401
from dynoview.ui.main_window import MainWindow
window = MainWindow()
print(" ".join(sorted(n for n in ("QMessageBox", "QInputDialog", "QFileDialog") if n in vars(widgets))))
"""


def test_the_window_builds_no_message_box_class_before_its_paint() -> None:
    """PySide6 makes a class (and every enum it holds: QMessageBox's 44 members) when a module
    first names it: the closing question's box had been named at import, a few ms of the start."""
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen",
           "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))}
    out = subprocess.run([sys.executable, "-c", _CLASSES], cwd=ROOT, env=env, check=True,
                         capture_output=True, text=True, timeout=120).stdout
    assert out.strip().splitlines()[-1:] in ([], [""]), out
