"""A reference for benchmarks/startup.py: the widgets DynoView's first screen shows, built with
bare PySide6 and nothing else (no app code, no data, no theme, no translations), traced to its
first paint as the app and the empty window are.

It answers "how much of the start-up ratio do the widgets alone cost?": the tab bar and the
Items tab (read form, result grid with its header, detail tabs, action buttons), the Tables and
Read log docks, the menu bar and the status bar, at the size the app opens at. It is reported
beside the goal, never measured against it. It starts as the app does (dynoview/ui/app.py): the
window is painted first, then asyncio and qasync load and the loop runs (until stop 37 it
imported qasync first, as the empty window does, which put ~40 ms in it that the app no longer
pays before its paint).
Run by startup.py as ``python benchmarks/bare_first_screen.py`` with DYNOVIEW_TRACE_STARTUP=1.
"""

from __future__ import annotations

import sys

from PySide6.QtCore import (
    QAbstractTableModel,
    QCoreApplication,
    QEventLoop,
    QModelIndex,
    QPersistentModelIndex,
    Qt,
)
from PySide6.QtWidgets import (
    QApplication,
    QCheckBox,
    QComboBox,
    QDockWidget,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QMainWindow,
    QPushButton,
    QSpinBox,
    QSplitter,
    QTableView,
    QTabWidget,
    QTextBrowser,
    QTreeWidget,
    QVBoxLayout,
    QWidget,
)

from dynoview.ui import startup_trace  # the same trace as the app's and the empty window's
from dynoview.ui.window.first_paint import after_first_paint

AnyIndex = QModelIndex | QPersistentModelIndex
TABS = ("Items", "Accounts & locks", "Transaction builder", "Stream", "TTL timeline",
        "Capacity & partitions", "PartiQL")


class Columns(QAbstractTableModel):
    """An empty model with named columns: the grid paints its header, as the app's does."""

    def __init__(self, names: tuple[str, ...]) -> None:
        super().__init__()
        self.names = names

    def rowCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008 - Qt's signature
        return 0

    def columnCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008
        return len(self.names)

    def headerData(self, section: int, orientation: Qt.Orientation,
                   role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if role == Qt.ItemDataRole.DisplayRole and orientation == Qt.Orientation.Horizontal:
            return self.names[section]
        return None

    def data(self, index: AnyIndex, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        return None


def row(*widgets: QWidget) -> QHBoxLayout:
    layout = QHBoxLayout()
    for widget in widgets:
        layout.addWidget(widget)
    return layout


def items_tab() -> QWidget:
    tab = QWidget()
    layout = QVBoxLayout(tab)
    read = QGroupBox("Read")
    form = QVBoxLayout(read)
    form.addLayout(row(QLabel("Mode"), QComboBox(), QLabel("on"), QComboBox(),
                       QCheckBox("Strongly consistent"), QSpinBox(), QCheckBox("Hide expired")))
    form.addLayout(row(QPushButton("Run"), QPushButton("Cancel")))
    form.addLayout(row(QLabel("Filter"), QComboBox(), QComboBox(), QComboBox(), QLineEdit()))
    layout.addWidget(read)
    split = QSplitter()
    grid = QTableView()
    grid.setModel(Columns(("PK", "SK", "TTL status", "expiresAt")))
    split.addWidget(grid)
    detail = QTabWidget()
    tree = QTreeWidget()
    tree.setHeaderLabels(["Attribute", "Type", "Value"])
    detail.addTab(tree, "Attributes")
    detail.addTab(QTextBrowser(), "DynamoDB JSON")
    split.addWidget(detail)
    layout.addWidget(split)
    layout.addLayout(row(QLabel("Loading…"), *(QPushButton(text) for text in (
        "Export…", "Copy to table…", "Import…", "Edit…", "Delete…", "Copy as JSON"))))
    return tab


def window() -> QMainWindow:
    main = QMainWindow()
    tabs = QTabWidget()
    for title in TABS:
        tabs.addTab(items_tab() if title == "Items" else QWidget(), title)
    main.setCentralWidget(tabs)
    tables = QWidget()
    left = QVBoxLayout(tables)
    left.addWidget(QLineEdit())
    left.addWidget(QListWidget())
    left.addWidget(QTextBrowser())
    dock = QDockWidget("Tables")
    dock.setWidget(tables)
    main.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, dock)
    log = QSplitter()
    log_grid = QTableView()
    log_grid.setModel(Columns(("Time", "Operation", "Table / index", "Consistency", "Capacity",
                               "Count", "Scanned", "Duration")))
    log.addWidget(log_grid)
    log.addWidget(QTextBrowser())
    dock = QDockWidget("Read log")
    dock.setWidget(log)
    main.addDockWidget(Qt.DockWidgetArea.BottomDockWidgetArea, dock)
    for title in ("&File", "&View", "&Help"):
        menu = main.menuBar().addMenu(title)
        for number in range(8):
            menu.addAction(f"Action {number}")
    main.statusBar().addPermanentWidget(QLabel("DEMO  Demo (embedded)"))
    main.statusBar().showMessage("Starting the demo backend…")
    return main


def fit_to_screen(main: QMainWindow) -> None:
    """The app's first-start size (dynoview/ui/window/layout.py: fit_to_screen)."""
    screen = main.screen() or QApplication.primaryScreen()
    area = screen.availableGeometry()
    width, height = min(1360, int(area.width() * 0.94)), min(860, int(area.height() * 0.92))
    # A small screen's whole area rather than less than 1024x700 (first_geometry).
    main.resize(width if width >= 1024 else area.width(), height if height >= 700 else area.height())


def main() -> None:
    app = QApplication(sys.argv[:1])
    shown = window()
    fit_to_screen(shown)
    startup_trace.install(shown)
    painted: list[bool] = []
    after_first_paint(shown, lambda: painted.append(True), at_most_ms=1000)
    shown.show()
    while not painted:  # as the app's _until_first_paint: no loop runs yet
        QCoreApplication.processEvents(QEventLoop.ProcessEventsFlag.WaitForMoreEvents)
    import asyncio

    import qasync

    loop = qasync.QEventLoop(app)
    asyncio.set_event_loop(loop)
    with loop:
        loop.run_forever()


if __name__ == "__main__":
    main()
