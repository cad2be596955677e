"""The main window: tables on the left, feature tabs in the middle, the read log below."""

from __future__ import annotations

import importlib
import importlib.util
import logging
from typing import Any

from PySide6.QtCore import QByteArray, Qt, Signal
from PySide6.QtGui import QAction, QCloseEvent, QKeySequence
from PySide6.QtWidgets import (
    QDockWidget,
    QLabel,
    QMainWindow,
    QMessageBox,
    QTabWidget,
    QWidget,
)

from dynoview import APP_NAME, __version__
from dynoview.core.connection import Connection, ConnectionSpec, demo_credentials
from dynoview.core.errors import UserFacingError
from dynoview.core.receipts import ReadReceipt
from dynoview.core.tables import TableInfo, describe_table
from dynoview.ui.connection_dialog import ConnectionDialog
from dynoview.ui.context import AppContext
from dynoview.ui.items_panel import ItemsPanel
from dynoview.ui.read_log import ReadLogView
from dynoview.ui.settings import settings
from dynoview.ui.tables_panel import TablesPanel

log = logging.getLogger(__name__)

# Feature tabs that land independently: (module, class, tab title). A missing
# module is skipped so the window always opens.
FEATURE_TABS: list[tuple[str, str, str]] = [
    ("dynoview.ui.locks_panel", "LocksPanel", "Accounts && locks"),
    ("dynoview.ui.builder", "BuilderPanel", "Transaction builder"),
]


def _connect_blocking(spec: ConnectionSpec | None, demo: bool, read_only: bool) -> tuple[Any, Any, list[str]]:
    """Open a connection (starting the demo if asked) and list its tables; runs off the UI thread."""
    backend = None
    if demo:
        from dynoview.core.demo import start_demo

        backend = start_demo()
        conn = backend.connect(read_only=read_only)
    else:
        assert spec is not None
        conn = Connection(spec)
    return conn, backend, conn.list_tables()


class MainWindow(QMainWindow):
    table_shown = Signal(str)  # emitted once the first page of a newly opened table arrived

    def __init__(self, ctx: AppContext | None = None) -> None:
        super().__init__()
        self.ctx = ctx or AppContext(self)
        self.features: dict[str, QWidget] = {}
        self._pending_table: str | None = None
        self._setup_ui()
        self._setup_actions()
        self._connect_signals()
        self._update_title()
        self._restore_state()

    # -- construction --------------------------------------------------------
    def _setup_ui(self) -> None:
        self.resize(1360, 860)
        self.tabs = QTabWidget()
        self.tabs.setDocumentMode(True)
        self.items_panel = ItemsPanel(self.ctx)
        self.tabs.addTab(self.items_panel, "Items")
        # Feature panels are built when their tab is first opened, so the window
        # appears without importing or constructing what the user has not asked for.
        self._lazy_tabs: dict[int, tuple[str, str]] = {}
        for module_name, class_name, title in FEATURE_TABS:
            if importlib.util.find_spec(module_name) is None:
                continue
            index = self.tabs.addTab(QWidget(), title)
            self._lazy_tabs[index] = (module_name, class_name)
        self.tabs.currentChanged.connect(self._build_tab)
        self.setCentralWidget(self.tabs)

        self.tables_panel = TablesPanel()
        self.tables_dock = QDockWidget("Tables", self)
        self.tables_dock.setObjectName("tables-dock")
        self.tables_dock.setWidget(self.tables_panel)
        self.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, self.tables_dock)

        self.read_log = ReadLogView()
        self.read_log_dock = QDockWidget("Read log", self)
        self.read_log_dock.setObjectName("read-log-dock")
        self.read_log_dock.setWidget(self.read_log)
        self.addDockWidget(Qt.DockWidgetArea.BottomDockWidgetArea, self.read_log_dock)
        self.resizeDocks([self.tables_dock], [260], Qt.Orientation.Horizontal)
        self.resizeDocks([self.read_log_dock], [170], Qt.Orientation.Vertical)

        self.connection_label = QLabel("Not connected")
        self.receipt_label = QLabel("No reads yet")
        self.receipt_label.setToolTip("The last read: operation, consistency, capacity, duration")
        self.statusBar().addPermanentWidget(self.receipt_label)
        self.statusBar().addPermanentWidget(self.connection_label)

    def _build_tab(self, index: int) -> None:
        spec = self._lazy_tabs.pop(index, None)
        if spec is None:
            return
        module_name, class_name = spec
        panel = getattr(importlib.import_module(module_name), class_name)(self.ctx)
        self.features[class_name] = panel
        title = self.tabs.tabText(index)
        placeholder = self.tabs.widget(index)
        self.tabs.blockSignals(True)
        self.tabs.removeTab(index)
        self.tabs.insertTab(index, panel, title)
        self.tabs.setCurrentIndex(index)
        self.tabs.blockSignals(False)
        placeholder.deleteLater()

    def feature(self, class_name: str) -> QWidget | None:
        """A feature panel, built on demand (None if that feature is not installed)."""
        for index, (_module, name) in list(self._lazy_tabs.items()):
            if name == class_name:
                current = self.tabs.currentIndex()
                self._build_tab(index)
                self.tabs.setCurrentIndex(current)
        return self.features.get(class_name)

    def _setup_actions(self) -> None:
        menu = self.menuBar()
        file_menu = menu.addMenu("&File")
        self.connect_action = self._action("&Connect…", "Ctrl+O", self.show_connection_dialog)
        self.refresh_action = self._action("&Refresh tables", "Ctrl+Shift+R", self.refresh_tables)
        self.quit_action = self._action("&Quit", QKeySequence.StandardKey.Quit, self.close)
        for a in (self.connect_action, self.refresh_action):
            file_menu.addAction(a)
        file_menu.addSeparator()
        file_menu.addAction(self.quit_action)
        view_menu = menu.addMenu("&View")
        view_menu.addAction(self.tables_dock.toggleViewAction())
        view_menu.addAction(self.read_log_dock.toggleViewAction())
        self.switch_table_action = self._action("Switch &table", "Ctrl+T", self._focus_tables)
        view_menu.addAction(self.switch_table_action)
        for i in range(self.tabs.count()):
            act = self._action(self.tabs.tabText(i).replace("&&", "&"), f"Ctrl+{i + 1}",
                               lambda _=False, i=i: self.tabs.setCurrentIndex(i))
            view_menu.addAction(act)
        help_menu = menu.addMenu("&Help")
        help_menu.addAction(self._action("&About DynoView", None, self.show_about))

    def _action(self, text: str, shortcut: Any, slot: Any) -> QAction:
        action = QAction(text, self)
        if shortcut is not None:
            action.setShortcut(QKeySequence(shortcut))
        action.triggered.connect(slot)
        self.addAction(action)
        return action

    def _connect_signals(self) -> None:
        self.ctx.receipt_recorded.connect(self._receipt)
        self.ctx.error_raised.connect(self._error)
        self.ctx.status_message.connect(lambda text: self.statusBar().showMessage(text, 8000))
        self.tables_panel.table_selected.connect(self.open_table)
        self.items_panel.status_changed.connect(lambda text: self.statusBar().showMessage(text, 8000))
        self.items_panel.controller.page_loaded.connect(self._first_page)
        self.ctx.open_item_requested.connect(self._open_item)
        if any(name == "BuilderPanel" for _m, name in self._lazy_tabs.values()):
            self.ctx.open_builder_requested.connect(self._open_builder)

    # -- connection ------------------------------------------------------------
    def connect_to(self, spec: ConnectionSpec | None = None, *, demo: bool = False,
                   read_only: bool = False, table: str | None = None) -> None:
        """Open a connection off the UI thread; ``table`` opens once the list arrives."""
        self._pending_table = table
        what = "Starting the demo backend…" if demo else f"Connecting to {spec.describe()}…"  # type: ignore[union-attr]
        self.connection_label.setText(what)
        self.statusBar().showMessage(what)
        self.ctx.tasks.submit("connect", _connect_blocking, spec, demo, read_only,
                              on_result=self._connected,
                              on_error=lambda exc: self._connect_failed(exc, spec))

    def _connected(self, result: tuple[Connection, Any, list[str]]) -> None:
        conn, backend, tables = result
        if backend is not None:
            if self.ctx.demo is not None:
                self.ctx.demo.stop()
            self.ctx.demo = backend
        self.ctx.set_connection(conn)
        self.read_log.model.clear()
        self.tables_panel.set_tables(tables)
        self._update_title()
        self.statusBar().showMessage(f"Connected: {len(tables)} tables.", 5000)
        wanted = self._pending_table or (tables[0] if len(tables) == 1 else None)
        if wanted and wanted in tables:
            self.tables_panel.select(wanted)
        elif wanted:
            self._error(UserFacingError("Table not found",
                                        f"Table {wanted} does not exist on this connection."))

    def _connect_failed(self, exc: BaseException, spec: ConnectionSpec | None) -> None:
        self.connection_label.setText("Not connected")
        err = self.ctx.report(exc, operation="ListTables")
        del spec, err

    def show_connection_dialog(self) -> None:
        current = self.ctx.connection.spec if self.ctx.connection else None
        dialog = ConnectionDialog(self, current)
        if dialog.exec():
            if dialog.demo_chosen:
                self.connect_to(demo=True, read_only=dialog.read_only.isChecked(),
                                table="accounts")
            elif dialog.chosen is not None:
                self.connect_to(dialog.chosen)

    def refresh_tables(self) -> None:
        conn = self.ctx.connection
        if conn is None:
            self.show_connection_dialog()
            return
        self.ctx.tasks.submit("list-tables", conn.list_tables,
                              on_result=self.tables_panel.set_tables,
                              on_error=lambda exc: self.ctx.report(exc, operation="ListTables"))

    # -- tables ------------------------------------------------------------------
    def open_table(self, name: str) -> None:
        conn = self.ctx.connection
        if conn is None:
            return
        self.statusBar().showMessage(f"Opening {name}…")
        self.ctx.tasks.submit("describe", describe_table, conn, name,
                              on_result=self._table_described,
                              on_error=lambda exc: self.ctx.report(exc, operation="DescribeTable",
                                                                   table=name))

    def _table_described(self, info: TableInfo) -> None:
        self.ctx.set_table(info)
        self.tables_panel.show_description(info)
        self.items_panel.set_table(info)
        self._update_title()
        self._awaiting_first_page = info.name
        self.items_panel.run()

    def _first_page(self, _page: Any) -> None:
        name = getattr(self, "_awaiting_first_page", None)
        if name:
            self._awaiting_first_page = None
            self.table_shown.emit(name)

    def _open_item(self, table: str, key: dict) -> None:
        self.tabs.setCurrentWidget(self.items_panel)
        if self.ctx.table is None or self.ctx.table.name != table:
            self.tables_panel.select(table)
        else:
            self.items_panel.select_key(key)

    def _open_builder(self, request: dict) -> None:
        builder = self.feature("BuilderPanel")
        assert builder is not None
        builder.load_request(request)  # type: ignore[attr-defined]
        self.tabs.setCurrentWidget(builder)

    def _focus_tables(self) -> None:
        self.tables_dock.show()
        self.tables_panel.filter.setFocus()
        self.tables_panel.filter.selectAll()

    # -- status ------------------------------------------------------------------
    def _receipt(self, receipt: ReadReceipt) -> None:
        self.read_log.add(receipt)
        self.receipt_label.setText("Last read: " + receipt.summary())

    def _error(self, err: UserFacingError) -> None:
        self.statusBar().showMessage(err.message, 15000)
        QMessageBox.warning(self, err.title, err.message)

    def _update_title(self) -> None:
        conn = self.ctx.connection
        parts = [APP_NAME]
        if conn is not None:
            parts.append(conn.spec.describe())
            demo = "DEMO  " if conn.spec.demo else ""
            ro = "  READ-ONLY" if conn.spec.read_only else ""
            self.connection_label.setText(f"{demo}{conn.spec.name}{ro}")
            self.connection_label.setToolTip(conn.spec.describe())
            style = "background:#1565c0;color:white;padding:1px 6px;border-radius:3px;"
            self.connection_label.setStyleSheet(style if conn.spec.demo else "")
        if self.ctx.table is not None:
            parts.insert(1, self.ctx.table.name)
        self.setWindowTitle(" — ".join(parts))

    def show_about(self) -> None:
        import boto3
        import PySide6
        from PySide6.QtCore import qVersion

        QMessageBox.about(
            self, f"About {APP_NAME}",
            f"<b>{APP_NAME} {__version__}</b><br>A desktop explorer for DynamoDB tables that hold "
            f"uniqueness locks.<br><br>Licence: MIT<br>Qt {qVersion()}, PySide6 "
            f"{PySide6.__version__}, boto3 {boto3.__version__}",
        )

    # -- persistence ---------------------------------------------------------------
    def _restore_state(self) -> None:
        store = settings()
        geometry = store.value("window/geometry")
        state = store.value("window/state")
        if isinstance(geometry, QByteArray):
            self.restoreGeometry(geometry)
        if isinstance(state, QByteArray):
            self.restoreState(state)

    def closeEvent(self, event: QCloseEvent) -> None:
        store = settings()
        store.setValue("window/geometry", self.saveGeometry())
        store.setValue("window/state", self.saveState())
        self.ctx.tasks.shutdown()
        if self.ctx.demo is not None:
            self.ctx.demo.stop()
            self.ctx.demo = None
        super().closeEvent(event)


__all__ = ["MainWindow", "demo_credentials"]
