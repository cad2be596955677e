"""The main window: tables on the left, feature tabs in the middle, the read log below.

It also owns the desktop side: menus and shortcuts (``window_menus.py``, from the table in
``shortcuts.py``), the command palette, themes, and the layout kept across starts
(``window_layout.py``). Connecting, listing and describing tables run in the
``ConnectionController``; the window shows what it reports.
"""

from __future__ import annotations

import gc
import importlib
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QAction, QActionGroup, QCloseEvent, QShowEvent
from PySide6.QtWidgets import (
    QApplication,
    QDockWidget,
    QLabel,
    QMainWindow,
    QMenu,
    QMessageBox,
    QTabWidget,
    QWidget,
)

from dynoview.core.errors import UserFacingError, describe_error, is_user_facing
from dynoview.core.reads.receipts import ReadReceipt
from dynoview.core.session.connection import PLACEHOLDER_NOTE, Connection, ConnectionSpec
from dynoview.core.session.tables import TableInfo
from dynoview.ui import settings as saved
from dynoview.ui import startup_trace
from dynoview.ui.context import AppContext
from dynoview.ui.gc_pauses import settle_after_connect
from dynoview.ui.items.panel import ItemsPanel
from dynoview.ui.items.tabs import ExtraItemsTabs
from dynoview.ui.resources import app_icon
from dynoview.ui.theme import ThemeManager
from dynoview.ui.window import menus as window_menus
from dynoview.ui.window.connection_controller import ConnectionController
from dynoview.ui.window.first_paint import after_first_paint
from dynoview.ui.window.layout import WindowLayout
from dynoview.ui.window.read_log import ReadLogView
from dynoview.ui.window.tables_panel import TablesPanel
from dynoview.ui.window.title import show_connection, window_title

if TYPE_CHECKING:
    from dynoview.ui.shortcuts import ShortcutsDialog
    from dynoview.ui.window.command_palette import CommandPalette, PaletteEntry

# The feature tabs after Items: (module, class, tab title). Each panel is built when its tab is
# first opened, so the window appears without importing what the user has not asked for.
FEATURE_TABS: list[tuple[str, str, str]] = [
    ("dynoview.ui.locks.panel", "LocksPanel", "Accounts && locks"),
    ("dynoview.ui.builder", "BuilderPanel", "Transaction builder"),
    ("dynoview.ui.stream.panel", "StreamPanel", "Stream"),
    ("dynoview.ui.scans.ttl_timeline_panel", "TtlTimelinePanel", "TTL timeline"),
    ("dynoview.ui.scans.capacity_panel", "CapacityPanel", "Capacity && partitions"),
    ("dynoview.ui.partiql.panel", "PartiqlPanel", "PartiQL"),
]
PAINT_WAIT_MS = 1000  # at most this long does connecting wait for the first paint


class MainWindow(QMainWindow):
    table_shown = Signal(str)  # emitted once the first page of a newly opened table arrived

    # Set by window_menus.build_menus.
    connect_action: QAction
    recent_menu: QMenu
    refresh_action: QAction
    palette_action: QAction
    quit_action: QAction
    export_audit_action: QAction
    switch_table_action: QAction
    tab_actions: list[QAction]
    builder_action: QAction
    theme_group: QActionGroup
    theme_actions: dict[str, QAction]
    shortcuts_action: QAction
    about_action: QAction

    def __init__(self, ctx: AppContext | None = None, theme: ThemeManager | None = None,
                 settings_problem: saved.SettingsProblem | None = None) -> None:
        super().__init__()
        self.ctx = ctx or AppContext(self)
        self.connection = ConnectionController(self.ctx, self)
        self.layout_state = WindowLayout(self)
        self.features: dict[str, QWidget] = {}
        self._pending_table: str | None = None
        self._pending_key: tuple[str, dict] | None = None  # an item to open once its table shows
        self._awaiting_first_page: str | None = None
        self._settle_pending = False  # a new connection's objects are frozen once a table shows
        self._laid_out = False
        self.settings_problem = settings_problem or saved.recover_if_corrupt()
        app = QApplication.instance()
        assert isinstance(app, QApplication)
        self.theme = theme or ThemeManager(app, saved.load_theme(), parent=self)
        self.palette_dialog: CommandPalette | None = None
        self.shortcuts_dialog: ShortcutsDialog | None = None
        self.about_dialog: QWidget | None = None
        self.export_audit_dialog: QWidget | None = None
        shared = QApplication.windowIcon()  # set by run_app: decoding its sizes again costs
        self.setWindowIcon(app_icon() if shared.isNull() else shared)
        self.layout_state.fit_to_screen()
        self._build_tabs()
        self._build_docks()
        self._build_status_bar()
        window_menus.build_menus(self)
        self._connect_signals()
        self._update_title()
        self.layout_state.restore()
        if self.settings_problem is not None:
            QTimer.singleShot(0, self._report_settings_problem)
        if startup_trace.enabled():  # benchmarks/startup.py: first paint, first rows
            startup_trace.install(self, self.table_shown)

    # -- construction --------------------------------------------------------
    def _build_tabs(self) -> None:
        self.tabs = QTabWidget()
        self.tabs.setDocumentMode(True)
        self.items_panel = ItemsPanel(self.ctx)
        self.tabs.addTab(self.items_panel, "Items")
        self._lazy_tabs: dict[int, tuple[str, str]] = {}
        for module_name, class_name, title in FEATURE_TABS:
            index = self.tabs.addTab(QWidget(), title)
            self._lazy_tabs[index] = (module_name, class_name)
        self.tabs.currentChanged.connect(self._build_tab)
        self.setCentralWidget(self.tabs)
        self.items_tabs = ExtraItemsTabs(self.ctx, self.tabs, self.show_status, self.open_items_tab)

    def _build_docks(self) -> None:
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

    def _build_status_bar(self) -> None:
        self.connection_label = QLabel("Not connected")
        self.connection_label.setObjectName("connection-badge")
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
        if placeholder is not None:
            placeholder.deleteLater()

    def feature(self, class_name: str) -> Any:
        """A feature panel by class name (``FEATURE_TABS``), built now if it was not yet."""
        for index, (_module, name) in list(self._lazy_tabs.items()):
            if name == class_name:
                current = self.tabs.currentIndex()
                self._build_tab(index)
                self.tabs.setCurrentIndex(current)
        return self.features[class_name]

    def _connect_signals(self) -> None:
        show_status = self.show_status
        self.ctx.receipts_recorded.connect(self._receipts)
        self.ctx.error_raised.connect(self._error)
        self.ctx.status_message.connect(show_status)
        self.tables_panel.table_selected.connect(self.open_table)
        self.tables_panel.table_in_new_tab.connect(self.open_items_tab)
        self.items_panel.new_tab_requested.connect(self.open_items_tab)
        self.items_panel.status_changed.connect(show_status)
        self.items_panel.controller.page_loaded.connect(self._first_page)
        # Connected after the panel's own slot, so saved widths win over its automatic ones.
        self.items_panel.model.modelReset.connect(self.layout_state.apply_column_widths)
        self.theme.changed.connect(lambda _scheme: self._update_title())
        self.ctx.open_item_requested.connect(self._open_item)
        self.ctx.open_builder_requested.connect(self._open_builder)
        self.ctx.edit_requested.connect(self._open_edit)
        self.ctx.delete_requested.connect(self._open_delete)
        self.connection.connected.connect(self._connected)
        self.connection.connect_failed.connect(self._connect_failed)
        self.connection.tables_listed.connect(self.tables_panel.set_tables)
        self.connection.table_described.connect(self._table_described)
        self.connection.tab_table_described.connect(self.items_tabs.add)

    def show_status(self, text: str) -> None:
        self.statusBar().showMessage(text, 8000)

    # -- connection ------------------------------------------------------------
    def connect_to(self, spec: ConnectionSpec | None = None, *, demo: bool = False,
                   read_only: bool = False, table: str | None = None,
                   demo_process: Any = None) -> None:
        """Open a connection off the UI thread; ``table`` opens once the list arrives.
        ``demo_process``: the demo endpoint already starting (``dynoview --demo``)."""
        self._pending_table = table
        if demo:
            what = "Starting the demo backend…"
        else:
            assert spec is not None
            what = f"Connecting to {spec.describe()}…"
        self.connection_label.setText(what)
        self.statusBar().showMessage(what)
        self.connection.connect_to(spec, demo=demo, read_only=read_only, demo_process=demo_process)

    def _connected(self, conn: Connection, backend: Any, tables: list[str]) -> None:
        """``backend``: the ``DemoBackend`` when this is the embedded demo, else None."""
        if backend is not None:
            if self.ctx.demo is not None:
                self.ctx.demo.stop()
            self.ctx.demo = backend
        self.ctx.set_connection(conn)
        self.read_log.model.clear()
        self.tables_panel.set_tables(tables)
        self._update_title()
        note = f" {PLACEHOLDER_NOTE}" if conn.placeholder_credentials else ""
        self.statusBar().showMessage(f"Connected: {len(tables)} tables.{note}", 15000 if note else 5000)
        wanted = self._pending_table or (tables[0] if len(tables) == 1 else None)
        # botocore's models are loaded now and live as long as the connection: frozen out of
        # the collector's reach once the table shows (its collection pauses the UI thread).
        self._settle_pending = bool(wanted and wanted in tables)
        if wanted and wanted in tables:
            self.tables_panel.select(wanted)
        else:
            self._settle()
            if wanted:
                self._error(UserFacingError("Table not found",
                                            f"Table {wanted} does not exist on this connection."))

    def _connect_failed(self, exc: BaseException, spec: ConnectionSpec | None) -> None:
        # The previous connection's tables and panels must not stay on screen under
        # "Not connected", as if they belonged to the endpoint that just failed.
        self.layout_state.remember_column_widths()
        self.ctx.set_connection(None)
        self.tables_panel.set_tables([])
        self.items_panel.set_table(None)
        self.layout_state.columns_for = None
        self._update_title()
        self.connection_label.setText("Not connected")
        self.connection_label.setToolTip("")
        gc.enable()  # off while the app started (dynoview/ui/app.py)
        if not is_user_facing(exc):
            self.ctx.report(exc, operation="ListTables")  # a bug: the crash dialog shows it
            return
        # Named after the endpoint that failed (the context no longer has a connection).
        self._error(describe_error(exc, operation="ListTables",
                                   profile=spec.profile if spec else None,
                                   endpoint=spec.endpoint_url if spec else None,
                                   region=spec.region if spec else None))

    def show_connection_dialog(self) -> None:
        current = self.ctx.connection.spec if self.ctx.connection else None
        from dynoview.ui.window.connection_dialog import ConnectionDialog  # built on demand

        self.connection_dialog = dialog = ConnectionDialog(self, current)
        dialog.accepted.connect(lambda: self._connection_chosen(dialog))
        dialog.open()

    def _connection_chosen(self, dialog: Any) -> None:  # a ConnectionDialog, imported on demand
        if dialog.demo_chosen:
            self.connect_to(demo=True, read_only=dialog.read_only.isChecked(), table="accounts")
        elif dialog.chosen is not None:
            self.connect_to(dialog.chosen)

    def refresh_tables(self) -> None:
        conn = self.ctx.connection
        if conn is None:
            self.show_connection_dialog()
            return
        self.connection.refresh_tables(conn)

    # -- tables ------------------------------------------------------------------
    def open_table(self, name: str) -> None:
        conn = self.ctx.connection
        if conn is None:
            return
        self.layout_state.remember_column_widths()
        self.statusBar().showMessage(f"Opening {name}…")
        self.connection.describe(conn, name)

    def _table_described(self, info: TableInfo) -> None:
        self.layout_state.remember_column_widths()
        if self.ctx.connection is not None:
            saved.add_recent_table(self.ctx.connection.spec.name, info.name)
            self.layout_state.columns_for = (self.ctx.connection.spec.name, info.name)
        self.ctx.set_table(info)
        self.tables_panel.show_description(info)
        self.items_panel.set_table(info)
        self._update_title()
        self._awaiting_first_page = info.name
        self.items_panel.run()

    def _first_page(self, _page: Any) -> None:
        name = self._awaiting_first_page
        if name:
            self._awaiting_first_page = None
            pending, self._pending_key = self._pending_key, None
            if pending is not None and pending[0] == name:
                self.items_panel.open_key(pending[1])
            self.table_shown.emit(name)
            if self._settle_pending:
                self._settle_pending = False
                QTimer.singleShot(0, self._settle)  # once the rows are painted

    def _settle(self) -> None:
        """Collect once, freeze what the connection keeps, and collect from then on (the app
        starts with the collector off: dynoview/ui/app.py)."""
        settle_after_connect()
        gc.enable()

    # -- more Items tabs ----------------------------------------------------------------
    def open_items_tab(self, name: str) -> None:
        """Open ``name`` in another Items tab (after the feature tabs), reading at once; the
        window's own Items tab and its table stay as they are."""
        conn = self.ctx.connection
        if conn is None:
            return
        self.statusBar().showMessage(f"Opening {name} in a new Items tab…")
        self.connection.describe(conn, name, new_tab=True)

    @property
    def extra_items(self) -> list[ItemsPanel]:
        return self.items_tabs.panels

    def close_items_tab(self, panel: ItemsPanel) -> None:
        self.items_tabs.close(panel)

    # -- routing to the feature panels --------------------------------------------------
    def _open_item(self, table: str, key: dict) -> None:
        """Show an item by key: its row when it is on the page, else read by key (GetItem)."""
        self.tabs.setCurrentWidget(self.items_panel)
        if self.ctx.table is None or self.ctx.table.name != table:
            self._pending_key = (table, dict(key))  # opened once the table's first page shows
            self.tables_panel.select(table)
        else:
            self.items_panel.open_key(key)

    def _builder(self) -> Any:
        """The transaction builder, brought forward."""
        builder = self.feature("BuilderPanel")
        self.tabs.setCurrentWidget(builder)
        return builder

    def _open_builder(self, request: dict) -> None:
        builder = self.feature("BuilderPanel")
        builder.load_request(request)
        self.tabs.setCurrentWidget(builder)

    def _open_edit(self, info: TableInfo, old_item: dict, new_item: dict) -> None:
        self._builder().open_edit(info, old_item, new_item)

    def _open_delete(self, info: TableInfo, item: dict) -> None:
        self._builder().open_delete(info, item)

    def run_template(self, name: str, rule: str | None = None) -> None:
        """Start a template from the palette: the builder comes forward and opens its form."""
        self._builder().run_template(name, rule)

    def open_builder(self) -> None:
        self._builder().setFocus(Qt.FocusReason.ShortcutFocusReason)

    def locks_command(self, command: str) -> None:
        """Diagnose, run the audit or edit the schema, from the palette."""
        panel = self.feature("LocksPanel")
        self.tabs.setCurrentWidget(panel)
        if command == "diagnose":
            panel.value_edit.setFocus(Qt.FocusReason.ShortcutFocusReason)
            panel.value_edit.selectAll()
        elif command == "audit":
            panel.run_audit()
        elif command == "schema":
            panel.edit_schema()

    def focus_tables(self) -> None:
        self.tables_dock.show()
        self.tables_panel.filter.setFocus()
        self.tables_panel.filter.selectAll()

    def show_tab(self, index: int) -> None:
        self.tabs.setCurrentIndex(index)
        self.tabs.currentWidget().setFocus(Qt.FocusReason.ShortcutFocusReason)

    def open_table_by_name(self, name: str) -> None:
        """Show the Items tab on ``name`` (from the palette or the recent menu)."""
        self.tabs.setCurrentWidget(self.items_panel)
        if self.ctx.table is not None and self.ctx.table.name == name:
            self.items_panel.view.setFocus()
            return
        if not self.tables_panel.list.findItems(name, Qt.MatchFlag.MatchExactly):
            self.statusBar().showMessage(f"Table {name} is not on this connection.", 8000)
            return
        self.tables_panel.filter.clear()
        self.tables_panel.select(name)
        self.items_panel.view.setFocus()

    # -- command palette, shortcuts, theme, about -----------------------------------
    def palette_entries(self) -> list[PaletteEntry]:
        """What the command palette offers now: recent tables, tables, enabled commands."""
        return window_menus.palette_entries(self)

    def show_command_palette(self) -> None:
        if self.palette_dialog is None:
            from dynoview.ui.window.command_palette import CommandPalette  # built on first use

            self.palette_dialog = CommandPalette(self.palette_entries, self)
        self.palette_dialog.popup()

    def set_theme(self, mode: str) -> None:
        """Switch to "system", "light" or "dark" now and remember it."""
        self.theme.set_mode(mode)
        self.theme_actions[mode].setChecked(True)
        saved.save_theme(mode)

    # -- status ------------------------------------------------------------------
    def _receipts(self, receipts: list[ReadReceipt]) -> None:
        self.read_log.add_all(receipts)
        self.receipt_label.setText("Last read: " + receipts[-1].summary())

    def _error(self, err: UserFacingError) -> None:
        self.statusBar().showMessage(err.message, 15000)
        QMessageBox.warning(self, err.title, err.message)

    def _update_title(self) -> None:
        if self.ctx.connection is not None:
            show_connection(self.connection_label, self.ctx.connection)
        self.setWindowTitle(window_title(self.ctx))

    def crash_context(self) -> dict[str, str]:
        """What the window was doing, for error reports: no credentials, only names."""
        conn = self.ctx.connection
        context = {"Connection": "none"}
        if conn is not None:
            flags = [f for f, on in (("demo", conn.spec.demo), ("read-only", conn.spec.read_only)) if on]
            context["Connection"] = conn.spec.describe() + (f" ({', '.join(flags)})" if flags else "")
        context["Table"] = self.ctx.table.name if self.ctx.table is not None else "none"
        context["Tab"] = self.tabs.tabText(self.tabs.currentIndex()).replace("&&", "&")
        context["Running tasks"] = ", ".join(self.ctx.tasks.running()) or "none"
        return context

    def crash_secrets(self) -> list[str]:
        """Credentials of the live connection, so a report can be scrubbed of their values."""
        from dynoview.ui.crash import credential_secrets

        conn = self.ctx.connection
        return credential_secrets(conn.session) if conn is not None else []

    # -- window life -----------------------------------------------------------------
    def _report_settings_problem(self) -> None:
        problem = self.settings_problem
        if problem is None:
            return
        self.statusBar().showMessage("Settings were reset: the settings file was damaged.", 15000)
        box = QMessageBox(QMessageBox.Icon.Warning, "Settings reset", problem.message,
                          QMessageBox.StandardButton.Ok, self)
        box.setObjectName("settings-problem")
        box.open()
        self.settings_problem_box = box

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if not self._laid_out:
            self._laid_out = True
            QTimer.singleShot(0, self.layout_state.apply_defaults)
            # Connecting waits for the first paint (its imports would hold the GIL meanwhile).
            self.connection.hold_until_painted()
            after_first_paint(self, self.connection.painted, at_most_ms=PAINT_WAIT_MS)

    def save_state(self) -> None:
        """Write layout, splitters and column widths to the settings file."""
        self.layout_state.save()

    def closeEvent(self, event: QCloseEvent) -> None:
        self.save_state()
        self.ctx.tasks.shutdown(wait_seconds=1.0)  # reads stop at their next page; closing stays quick
        if self.ctx.demo is not None:
            self.ctx.demo.stop()
            self.ctx.demo = None
        super().closeEvent(event)
