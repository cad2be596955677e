"""The main window: tables on the left, feature tabs in the middle, the read log below.

It also owns the desktop side: menus and shortcuts (from ``shortcuts.SHORTCUTS``), the
command palette, themes, and saving/restoring the layout, column widths and recent tables.
"""

from __future__ import annotations

import importlib
import importlib.util
import logging
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
    QSplitter,
    QTabBar,
    QTabWidget,
    QToolButton,
    QWidget,
)

from dynoview import APP_NAME
from dynoview.core.errors import UserFacingError, describe_error, is_user_facing
from dynoview.core.reads.receipts import ReadReceipt
from dynoview.core.session.connection import PLACEHOLDER_NOTE, Connection, ConnectionSpec, demo_credentials
from dynoview.core.session.tables import TableInfo, describe_table
from dynoview.ui import settings as saved
from dynoview.ui import startup_trace
from dynoview.ui.context import AppContext
from dynoview.ui.gc_pauses import settle_after_connect
from dynoview.ui.items_panel import ItemsPanel
from dynoview.ui.read_log import ReadLogView
from dynoview.ui.resources import app_icon
from dynoview.ui.shortcuts import ITEMS, PANELS, WINDOW, ShortcutsDialog, shortcut
from dynoview.ui.tables_panel import TablesPanel
from dynoview.ui.theme import MODE_LABELS, MODES, ThemeManager
from dynoview.ui.windows import bring_to_front

if TYPE_CHECKING:
    from dynoview.ui.command_palette import CommandPalette, PaletteEntry

log = logging.getLogger(__name__)

# Feature tabs that land independently: (module, class, tab title). A missing
# module is skipped so the window always opens.
FEATURE_TABS: list[tuple[str, str, str]] = [
    ("dynoview.ui.locks_panel", "LocksPanel", "Accounts && locks"),
    ("dynoview.ui.builder", "BuilderPanel", "Transaction builder"),
    ("dynoview.ui.stream_panel", "StreamPanel", "Stream"),
    ("dynoview.ui.ttl_timeline_panel", "TtlTimelinePanel", "TTL timeline"),
    ("dynoview.ui.capacity_panel", "CapacityPanel", "Capacity && partitions"),
    ("dynoview.ui.partiql_panel", "PartiqlPanel", "PartiQL"),
]


def _connect_blocking(spec: ConnectionSpec | None, demo: bool, read_only: bool) -> tuple[Any, Any, list[str]]:
    """Open a connection (starting the demo if asked) and list its tables; runs off the UI thread."""
    backend = None
    if demo:
        from dynoview.demo.backend import start_demo

        backend = start_demo()
        conn = backend.connect(read_only=read_only)
    else:
        assert spec is not None
        from dynoview.core.session.endpoint_probe import check_reachable

        check_reachable(spec.endpoint_url)  # "unreachable" at once, before any credential lookup
        conn = Connection(spec)
    return conn, backend, conn.list_tables()


class MainWindow(QMainWindow):
    table_shown = Signal(str)  # emitted once the first page of a newly opened table arrived

    def __init__(self, ctx: AppContext | None = None, theme: ThemeManager | None = None,
                 settings_problem: saved.SettingsProblem | None = None) -> None:
        super().__init__()
        self.ctx = ctx or AppContext(self)
        self.features: dict[str, QWidget] = {}
        self.extra_items: list[ItemsPanel] = []  # more Items tabs, each on its own table
        self._pending_table: str | None = None
        self._pending_key: tuple[str, dict] | None = None  # an item to open once its table shows
        self._awaiting_first_page: str | None = None
        self._auto_widths: dict[str, int] = {}  # column widths the items view chose itself
        self._columns_for: tuple[str, str] | None = None  # (connection, table) shown in the view
        self._laid_out = False
        self.settings_problem = settings_problem or saved.recover_if_corrupt()
        self.theme = theme or ThemeManager(QApplication.instance(), saved.load_theme(),  # type: ignore[arg-type]
                                           parent=self)
        self.palette_dialog: CommandPalette | None = None
        self.shortcuts_dialog: ShortcutsDialog | None = None
        self.about_dialog: QWidget | None = None
        self.setWindowIcon(app_icon())
        self._setup_ui()
        self._setup_actions()
        self._connect_signals()
        self._update_title()
        self._restore_state()
        if startup_trace.enabled():  # benchmarks/startup.py: first paint, first rows
            startup_trace.install(self, self.table_shown)

    # -- construction --------------------------------------------------------
    def _setup_ui(self) -> None:
        self._fit_to_screen()
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
        """Menus; every shortcut comes from the table in ``shortcuts.py``."""
        menu = self.menuBar()
        file_menu = menu.addMenu("&File")
        self.connect_action = self._action("&Connect…", "connect", self.show_connection_dialog)
        self.recent_menu = QMenu("Open &recent table", self)
        self.recent_menu.aboutToShow.connect(self._fill_recent_menu)
        self.refresh_action = self._action("&Refresh tables", "refresh-tables", self.refresh_tables)
        self.palette_action = self._action("Command &palette…", "command-palette",
                                           self.show_command_palette)
        self.quit_action = self._action("&Quit", "quit", self.close)
        file_menu.addAction(self.connect_action)
        file_menu.addMenu(self.recent_menu)
        file_menu.addAction(self.refresh_action)
        self.export_audit_action = self._action("Audit an &export…", None, self.show_export_audit)
        file_menu.addAction(self.export_audit_action)
        file_menu.addSeparator()
        file_menu.addAction(self.palette_action)
        file_menu.addSeparator()
        file_menu.addAction(self.quit_action)

        view_menu = menu.addMenu("&View")
        view_menu.addAction(self.tables_dock.toggleViewAction())
        view_menu.addAction(self.read_log_dock.toggleViewAction())
        self.switch_table_action = self._action("Switch &table", "switch-table", self._focus_tables)
        view_menu.addAction(self.switch_table_action)
        view_menu.addSeparator()
        self.tab_actions: list[QAction] = []
        keys = shortcut("go-to-tab").keys
        for i in range(min(self.tabs.count(), len(keys))):
            # Tab titles escape "&" as "&&", which is also what an action's text needs.
            act = self._action(self.tabs.tabText(i), None, lambda _=False, i=i: self._show_tab(i))
            act.setShortcut(keys[i])
            view_menu.addAction(act)
            self.tab_actions.append(act)
        self.builder_action = self._action("Open transaction &builder", "open-builder",
                                           self.open_builder)
        self.builder_action.setEnabled(self._has_feature("BuilderPanel"))
        view_menu.addAction(self.builder_action)
        view_menu.addSeparator()
        theme_menu = view_menu.addMenu("T&heme")
        self.theme_group = QActionGroup(self)
        self.theme_actions: dict[str, QAction] = {}
        for mode in MODES:
            act = QAction(MODE_LABELS[mode], self, checkable=True)
            act.setChecked(mode == self.theme.mode)
            act.triggered.connect(lambda _=False, mode=mode: self.set_theme(mode))
            self.theme_group.addAction(act)
            theme_menu.addAction(act)
            self.theme_actions[mode] = act

        help_menu = menu.addMenu("&Help")
        self.shortcuts_action = self._action("&Keyboard shortcuts", "keyboard-shortcuts",
                                             self.show_shortcuts)
        help_menu.addAction(self.shortcuts_action)
        help_menu.addSeparator()
        self.about_action = self._action(f"&About {APP_NAME}", None, self.show_about)
        help_menu.addAction(self.about_action)

    def _action(self, text: str, command: str | None, slot: Any) -> QAction:
        """A window-wide action; ``command`` names its row in the shortcut table."""
        action = QAction(text, self)
        if command is not None:
            entry = shortcut(command)
            assert entry.owner == WINDOW, f"{command} is bound by its panel, not the window"
            action.setShortcuts(entry.sequences())
            action.setToolTip(f"{entry.description} ({entry.native_text()})")
        action.triggered.connect(slot)
        self.addAction(action)
        return action

    def _connect_signals(self) -> None:
        self.ctx.receipt_recorded.connect(self._receipt)
        self.ctx.error_raised.connect(self._error)
        self.ctx.status_message.connect(lambda text: self.statusBar().showMessage(text, 8000))
        self.tables_panel.table_selected.connect(self.open_table)
        self.tables_panel.table_in_new_tab.connect(self.open_items_tab)
        self.items_panel.new_tab_requested.connect(self.open_items_tab)
        # Extra Items tabs show tables of the connection they were opened on.
        self.ctx.connection_changed.connect(lambda _conn: self.close_items_tabs())
        self.items_panel.status_changed.connect(lambda text: self.statusBar().showMessage(text, 8000))
        self.items_panel.controller.page_loaded.connect(self._first_page)
        # Connected after the panel's own slot, so saved widths win over its automatic ones.
        self.items_panel.model.modelReset.connect(self._apply_column_widths)
        self.theme.changed.connect(lambda _scheme: self._update_title())
        self.ctx.open_item_requested.connect(self._open_item)
        if any(name == "BuilderPanel" for _m, name in self._lazy_tabs.values()):
            self.ctx.open_builder_requested.connect(self._open_builder)
            self.ctx.edit_requested.connect(self._open_edit)
            self.ctx.delete_requested.connect(self._open_delete)

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
        settle_after_connect()  # botocore's models are loaded now and live as long as the connection
        self.read_log.model.clear()
        self.tables_panel.set_tables(tables)
        self._update_title()
        note = f" {PLACEHOLDER_NOTE}" if conn.placeholder_credentials else ""
        self.statusBar().showMessage(f"Connected: {len(tables)} tables.{note}", 15000 if note else 5000)
        wanted = self._pending_table or (tables[0] if len(tables) == 1 else None)
        if wanted and wanted in tables:
            self.tables_panel.select(wanted)
        elif wanted:
            self._error(UserFacingError("Table not found",
                                        f"Table {wanted} does not exist on this connection."))

    def _connect_failed(self, exc: BaseException, spec: ConnectionSpec | None) -> None:
        # The previous connection's tables and panels must not stay on screen under
        # "Not connected", as if they belonged to the endpoint that just failed.
        self._remember_column_widths()
        self.ctx.set_connection(None)
        self.tables_panel.set_tables([])
        self.items_panel.set_table(None)
        self._columns_for = None
        self._update_title()
        self.connection_label.setText("Not connected")
        self.connection_label.setToolTip("")
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
        from dynoview.ui.connection_dialog import ConnectionDialog  # built on demand

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
        self.ctx.tasks.submit("list-tables", conn.list_tables,
                              on_result=self.tables_panel.set_tables,
                              on_error=lambda exc: self.ctx.report(exc, operation="ListTables"))

    # -- tables ------------------------------------------------------------------
    def open_table(self, name: str) -> None:
        conn = self.ctx.connection
        if conn is None:
            return
        self._remember_column_widths()
        self.statusBar().showMessage(f"Opening {name}…")
        self.ctx.tasks.submit("describe", describe_table, conn, name,
                              on_result=self._table_described,
                              on_error=lambda exc: self.ctx.report(exc, operation="DescribeTable",
                                                                   table=name))

    # -- more Items tabs ----------------------------------------------------------------
    def open_items_tab(self, name: str) -> None:
        """Open ``name`` in another Items tab (after the feature tabs), reading at once; the
        window's own Items tab and its table stay as they are."""
        conn = self.ctx.connection
        if conn is None:
            return
        self.statusBar().showMessage(f"Opening {name} in a new Items tab…")
        self.ctx.tasks.submit(f"describe-tab-{name}", describe_table, conn, name,
                              on_result=lambda info: self._add_items_tab(conn, info),
                              on_error=lambda exc: self.ctx.report(exc, operation="DescribeTable",
                                                                   table=name))

    def _add_items_tab(self, conn: Connection, info: TableInfo) -> ItemsPanel | None:
        if conn is not self.ctx.connection:
            return None  # the connection changed while the table was described
        self.ctx.tables[info.name] = info  # the builder and the reads find it by name
        panel = ItemsPanel(self.ctx)
        panel.status_changed.connect(lambda text: self.statusBar().showMessage(text, 8000))
        panel.new_tab_requested.connect(self.open_items_tab)
        panel.set_table(info)
        index = self.tabs.addTab(panel, f"Items: {info.name}")
        close = QToolButton()
        close.setText("✕")
        close.setAutoRaise(True)
        close.setToolTip(f"Close this Items tab on {info.name}")
        close.clicked.connect(lambda: self.close_items_tab(panel))
        self.tabs.tabBar().setTabButton(index, QTabBar.ButtonPosition.RightSide, close)
        self.extra_items.append(panel)
        self.tabs.setCurrentIndex(index)
        panel.run()
        return panel

    def close_items_tab(self, panel: ItemsPanel) -> None:
        if panel not in self.extra_items:
            return
        self.extra_items.remove(panel)
        panel.controller.cancel()
        self.tabs.removeTab(self.tabs.indexOf(panel))
        panel.deleteLater()

    def close_items_tabs(self) -> None:
        for panel in list(self.extra_items):
            self.close_items_tab(panel)

    def _table_described(self, info: TableInfo) -> None:
        self._remember_column_widths()
        if self.ctx.connection is not None:
            saved.add_recent_table(self.ctx.connection.spec.name, info.name)
            self._columns_for = (self.ctx.connection.spec.name, info.name)
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
            pending, self._pending_key = self._pending_key, None
            if pending is not None and pending[0] == name:
                self.items_panel.open_key(pending[1])
            self.table_shown.emit(name)

    def _open_item(self, table: str, key: dict) -> None:
        """Show an item by key: its row when it is on the page, else read by key (GetItem)."""
        self.tabs.setCurrentWidget(self.items_panel)
        if self.ctx.table is None or self.ctx.table.name != table:
            self._pending_key = (table, dict(key))  # opened once the table's first page shows
            self.tables_panel.select(table)
        else:
            self.items_panel.open_key(key)

    def _open_builder(self, request: dict) -> None:
        builder = self.feature("BuilderPanel")
        assert builder is not None
        builder.load_request(request)  # type: ignore[attr-defined]
        self.tabs.setCurrentWidget(builder)

    def _open_edit(self, info: TableInfo, old_item: dict, new_item: dict) -> None:
        builder = self.feature("BuilderPanel")
        assert builder is not None
        self.tabs.setCurrentWidget(builder)
        builder.open_edit(info, old_item, new_item)  # type: ignore[attr-defined]

    def _open_delete(self, info: TableInfo, item: dict) -> None:
        builder = self.feature("BuilderPanel")
        assert builder is not None
        self.tabs.setCurrentWidget(builder)
        builder.open_delete(info, item)  # type: ignore[attr-defined]

    def run_template(self, name: str, rule: str | None = None) -> None:
        """Start a template from the palette: the builder comes forward and opens its form."""
        builder = self.feature("BuilderPanel")
        if builder is None:
            return
        self.tabs.setCurrentWidget(builder)
        builder.run_template(name, rule)  # type: ignore[attr-defined]

    def locks_command(self, command: str) -> None:
        """Diagnose, run the audit or edit the schema, from the palette."""
        panel: Any = self.feature("LocksPanel")
        if panel is None:
            return
        self.tabs.setCurrentWidget(panel)
        if command == "diagnose":
            panel.value_edit.setFocus(Qt.FocusReason.ShortcutFocusReason)
            panel.value_edit.selectAll()
        elif command == "audit":
            panel.run_audit()
        elif command == "schema":
            panel.edit_schema()

    def _focus_tables(self) -> None:
        self.tables_dock.show()
        self.tables_panel.filter.setFocus()
        self.tables_panel.filter.selectAll()

    def _has_feature(self, class_name: str) -> bool:
        return class_name in self.features or any(
            name == class_name for _m, name in self._lazy_tabs.values())

    def _show_tab(self, index: int) -> None:
        self.tabs.setCurrentIndex(index)
        self.tabs.currentWidget().setFocus(Qt.FocusReason.ShortcutFocusReason)

    def open_builder(self) -> None:
        builder = self.feature("BuilderPanel")
        if builder is None:
            self.statusBar().showMessage("The transaction builder is not part of this build.", 8000)
            return
        self.tabs.setCurrentWidget(builder)
        builder.setFocus(Qt.FocusReason.ShortcutFocusReason)

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

    def _table_names(self) -> list[str]:
        lst = self.tables_panel.list
        return [lst.item(r).text() for r in range(lst.count())]

    def _recent_tables(self) -> list[str]:
        conn = self.ctx.connection
        if conn is None:
            return []
        present = set(self._table_names())
        return [t for t in saved.recent_tables(conn.spec.name) if t in present]

    def _fill_recent_menu(self) -> None:
        self.recent_menu.clear()
        names = self._recent_tables()
        for name in names:
            act = self.recent_menu.addAction(name)
            act.triggered.connect(lambda _=False, name=name: self.open_table_by_name(name))
        if not names:
            empty = self.recent_menu.addAction("No recent tables on this connection")
            empty.setEnabled(False)

    # -- command palette, shortcuts, theme, about -----------------------------------
    def palette_entries(self) -> list[PaletteEntry]:
        from dynoview.ui.command_palette import COMMAND, RECENT, TABLE, PaletteEntry

        """What the command palette offers now: recent tables, tables, enabled commands."""
        entries: list[PaletteEntry] = []
        recent = self._recent_tables()
        for name in recent:
            entries.append(PaletteEntry(name, RECENT, lambda name=name: self.open_table_by_name(name)))
        for name in self._table_names():
            if name not in recent:
                entries.append(PaletteEntry(name, TABLE, lambda name=name: self.open_table_by_name(name)))
        for title, action in self._menu_actions():
            keys = action.shortcut().toString()
            entries.append(PaletteEntry(title, COMMAND, action.trigger, keys))
        if self.ctx.table is not None:
            panel = self.items_panel
            commands = [
                ("run-query", "Run the read", panel.run),
                ("next-page", "Load the next page", panel.controller.fetch_more),
                ("copy-item-json", "Copy the selected item as JSON", panel.detail.copy),
                ("edit-item", "Edit the selected item", getattr(panel, "edit_selected", None)),
                ("delete-item", "Delete the selected item", getattr(panel, "delete_selected", None)),
            ]
            for command, title, run in commands:
                if run is None:
                    continue
                entry = shortcut(command)
                assert entry.owner == ITEMS
                entries.append(PaletteEntry(title, COMMAND, run, entry.native_text()))
            entries.extend(self._feature_entries())
        return entries

    def _feature_entries(self) -> list[PaletteEntry]:
        """Accounts & locks commands and every template that applies to the selection."""
        from dynoview.ui.command_palette import COMMAND, PaletteEntry

        entries: list[PaletteEntry] = []
        if self._has_feature("LocksPanel"):
            for title, command in (("Diagnose a value (is it locked, and by whom?)", "diagnose"),
                                   ("Run the accounts & locks audit", "audit"),
                                   ("Edit the uniqueness schema", "schema")):
                entries.append(PaletteEntry(title, COMMAND,
                                            lambda command=command: self.locks_command(command)))
        if self._has_feature("BuilderPanel"):
            from dynoview.ui.builder.template_forms import template_entries

            subject = self.ctx.subject
            for t in template_entries(self.ctx.schema, subject.item if subject is not None else None):
                entries.append(PaletteEntry(f"Template: {t.title.rstrip('…')}", COMMAND,
                                            lambda t=t: self.run_template(t.name, t.rule)))
        return entries

    def _menu_actions(self) -> list[tuple[str, QAction]]:
        """Enabled menu commands with their menu path, e.g. ("Theme: Dark", action)."""
        found: list[tuple[str, QAction]] = []

        def walk(menu: QMenu, prefix: str) -> None:
            for action in menu.actions():
                title = action.text().replace("&&", "\0").replace("&", "").replace("\0", "&")
                title = title.rstrip("…")
                if action.menu() is not None:
                    if action.menu() is not self.recent_menu:
                        walk(action.menu(), f"{title}: ")  # type: ignore[arg-type]
                elif not action.isSeparator() and action.isEnabled():
                    found.append((prefix + title, action))

        for top in self.menuBar().actions():
            if top.menu() is not None:
                walk(top.menu(), "")  # type: ignore[arg-type]
        return found

    def show_command_palette(self) -> None:
        if self.palette_dialog is None:
            from dynoview.ui.command_palette import CommandPalette  # built on first use

            self.palette_dialog = CommandPalette(self.palette_entries, self)
        self.palette_dialog.popup()

    def show_shortcuts(self) -> None:
        if self.shortcuts_dialog is None:
            owners = {WINDOW} | {owner for owner, panel in PANELS.items()
                                 if panel == "ItemsPanel" or self._has_feature(panel)}
            self.shortcuts_dialog = ShortcutsDialog(self, owners)
        bring_to_front(self.shortcuts_dialog)

    def set_theme(self, mode: str) -> None:
        """Switch to "system", "light" or "dark" now and remember it."""
        self.theme.set_mode(mode)
        self.theme_actions[mode].setChecked(True)
        saved.save_theme(mode)

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
            placeholder = "  (placeholder keys)" if getattr(conn, "placeholder_credentials", False) else ""
            self.connection_label.setText(f"{demo}{conn.spec.name}{ro}{placeholder}")
            self.connection_label.setToolTip(conn.spec.describe()
                                             + (f"\n{PLACEHOLDER_NOTE}" if placeholder else ""))
            kind = "-".join(k for k, on in (("demo", conn.spec.demo),
                                            ("read-only", conn.spec.read_only)) if on)
            # Styled by the theme's stylesheet (resources/styles/*.qss) through this property.
            self.connection_label.setProperty("kind", kind)
            self.connection_label.style().unpolish(self.connection_label)
            self.connection_label.style().polish(self.connection_label)
        if self.ctx.table is not None:
            parts.insert(1, self.ctx.table.name)
        self.setWindowTitle(" — ".join(parts))

    def show_export_audit(self) -> None:
        """Audit a DynamoDB export to S3 (a folder or s3:// prefix) without touching the table."""
        from dynoview.ui.export_audit_dialog import open_export_audit_dialog

        self.export_audit_dialog = open_export_audit_dialog(self, self.ctx)

    def show_about(self) -> None:
        from dynoview.ui.about_dialog import AboutDialog

        if self.about_dialog is None:
            self.about_dialog = AboutDialog(self)
        bring_to_front(self.about_dialog)

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

    # -- window size and persistence -----------------------------------------------
    def _fit_to_screen(self) -> None:
        """A first-start size that fits the screen (1360x860 at most), centred."""
        screen = self.screen() or QApplication.primaryScreen()
        if screen is None:
            self.resize(1360, 860)
            return
        area = screen.availableGeometry()
        width, height = min(1360, int(area.width() * 0.94)), min(860, int(area.height() * 0.92))
        self.resize(width, height)
        self.move(area.x() + (area.width() - width) // 2, area.y() + (area.height() - height) // 2)

    def _default_layout(self) -> None:
        """Dock and splitter sizes for a first start, in proportion to the window (docks only
        take sizes once the window is laid out, hence after the first show)."""
        if not self._layout_restored:
            self.resizeDocks([self.tables_dock], [max(200, min(260, self.width() // 5))],
                             Qt.Orientation.Horizontal)
            # Five compact receipt rows at 700 px high, a few more on a taller window.
            self.resizeDocks([self.read_log_dock], [max(150, min(200, self.height() // 5))],
                             Qt.Orientation.Vertical)
        items = self._splitters().get("items")
        if items is not None and "items" not in self._splitters_restored:
            total = sum(items.sizes())
            detail = max(300, min(420, total * 3 // 10))  # room for both JSON tabs and a key
            items.setSizes([total - detail, detail])

    def _splitters(self) -> dict[str, QSplitter]:
        found = {}
        for name, owner in (("items", self.items_panel), ("read-log", self.read_log)):
            splitter = owner.findChild(QSplitter)
            if splitter is not None:
                found[name] = splitter
        return found

    def _restore_state(self) -> None:
        store = saved.settings()
        geometry = saved.byte_array(store, "window/geometry")
        state = saved.byte_array(store, "window/state")
        self._layout_restored = bool(geometry and self.restoreGeometry(geometry))
        if state is not None and not self.restoreState(state):
            log.warning("saved window layout could not be restored; using the default")
            state = None
        self._layout_restored = self._layout_restored and state is not None
        self._splitters_restored: set[str] = set()
        for name, splitter in self._splitters().items():
            sizes = saved.byte_array(store, f"window/splitter-{name}")
            if sizes is not None and splitter.restoreState(sizes):
                self._splitters_restored.add(name)
        if self.settings_problem is not None:
            QTimer.singleShot(0, self._report_settings_problem)

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
            QTimer.singleShot(0, self._default_layout)

    def _apply_column_widths(self) -> None:
        """Record the widths the view chose, then apply the ones the user set last time."""
        if self._columns_for is None or not self.items_panel.model.rowCount():
            return
        header = self.items_panel.view.horizontalHeader()
        columns = self.items_panel.model.columns()
        self._auto_widths = {name: header.sectionSize(i) for i, name in enumerate(columns)}
        widths = saved.column_widths(*self._columns_for)
        for i, name in enumerate(columns):
            if name in widths:
                header.resizeSection(i, widths[name])

    def _remember_column_widths(self) -> None:
        """Save the widths the user changed (not the automatic ones) for the shown table."""
        if self._columns_for is None or not self._auto_widths:
            return
        header = self.items_panel.view.horizontalHeader()
        columns = self.items_panel.model.columns()
        widths = saved.column_widths(*self._columns_for)
        for i, name in enumerate(columns):
            if header.isSectionHidden(i):
                continue  # a hidden column reports width 0: keep the width it had
            size = header.sectionSize(i)
            if name in self._auto_widths and size != self._auto_widths[name]:
                widths[name] = size
            elif name in widths and size == self._auto_widths.get(name):
                del widths[name]
        saved.save_column_widths(*self._columns_for, widths)
        self._auto_widths = {}

    def save_state(self) -> None:
        """Write layout, splitters and column widths to the settings file."""
        self._remember_column_widths()
        store = saved.settings()
        store.setValue("window/geometry", self.saveGeometry())
        store.setValue("window/state", self.saveState())
        for name, splitter in self._splitters().items():
            store.setValue(f"window/splitter-{name}", splitter.saveState())
        saved.sync(store)  # and keep the file private

    def closeEvent(self, event: QCloseEvent) -> None:
        self.save_state()
        self.ctx.tasks.shutdown()
        if self.ctx.demo is not None:
            self.ctx.demo.stop()
            self.ctx.demo = None
        super().closeEvent(event)

__all__ = ["MainWindow", "demo_credentials"]
