"""The main window: tables on the left, feature tabs in the middle, the read log below.

It composes what it shows: the tabs (``window/feature_tabs.py``), where requests go
(``window/router.py``), the status bar (``window/status_bar.py``), menus and shortcuts
(``window/menus.py``, from the table in ``shortcuts.py``), dialogs built on first use
(``window/dialogs.py``) and the layout kept across starts (``window/layout.py``). Connecting,
listing and describing tables run in the ``ConnectionController``; the window shows what it
reports. It never resizes itself: long texts elide (``ElidedLabel``) instead of widening it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QCloseEvent, QShowEvent
from PySide6.QtWidgets import QApplication, QLayout, QMainWindow, QMenu, QWidget

from dynoview.core.errors import UserFacingError, describe_error, is_user_facing
from dynoview.ui import settings as saved
from dynoview.ui import startup_trace, ui_thread_gc
from dynoview.ui.context import AppContext
from dynoview.ui.gc_pauses import settle_after_connect
from dynoview.ui.items.panel import ItemsPanel
from dynoview.ui.resources import app_icon
from dynoview.ui.window.closing import items_panels, may_close, stage_typed_cells
from dynoview.ui.window.connection_controller import ConnectionController
from dynoview.ui.window.crash_info import crash_context, crash_secrets
from dynoview.ui.window.feature_tabs import FEATURE_TABS, FeatureTabs
from dynoview.ui.window.first_paint import after_first_paint
from dynoview.ui.window.layout import WindowLayout, dock, fit_to_screen
from dynoview.ui.window.menus import MenuCommands, MenusOnDemand, build_menus, palette_entries, top_menus
from dynoview.ui.window.read_log import ReadLogView
from dynoview.ui.window.router import WindowRouter
from dynoview.ui.window.status_bar import WindowStatus
from dynoview.ui.window.tables_panel import TablesPanel
from dynoview.ui.window.title import connection_notes, show_connection, window_title

if TYPE_CHECKING:
    from PySide6.QtGui import QAction, QActionGroup  # with the menus' contents, after the paint
    from PySide6.QtWidgets import QMessageBox  # made with the first box (its enums: after the paint)

    # Types only, or imported when first used: more Items tabs, the sign-in view and the
    # connection's own module are none of the window module's imports.
    from dynoview.core.session.connection import Connection, ConnectionSpec
    from dynoview.core.session.tables import TableInfo
    from dynoview.ui.items.tabs import ExtraItemsTabs
    from dynoview.ui.session.view import SessionView  # issue 25 (H7)
    from dynoview.ui.shortcuts import ShortcutsDialog
    from dynoview.ui.theme import ThemeManager
    from dynoview.ui.window.command_palette import CommandPalette, PaletteEntry

__all__ = ["FEATURE_TABS", "MainWindow"]
PAINT_WAIT_MS = 1000  # at most this long does connecting wait for the first paint
MIN_WIDTH, MIN_HEIGHT = 640, 480  # pixels: below this the tabs cannot show their tables


def settle() -> None:
    """Collect once, freeze what the connection keeps, and collect from then on (the app
    starts with the collector off: dynoview/ui/app.py)."""
    settle_after_connect()
    ui_thread_gc.resume()


def _check_for_updates(window: QMainWindow) -> None:
    """Help > Check for updates…: the update code is imported on first use, not with the window."""
    from dynoview.ui.updates import check_for_updates

    check_for_updates(window)


class MainWindow(MenusOnDemand):
    table_shown = Signal(str)  # emitted once the first page of a newly opened table arrived
    #: The update check (dynoview/ui/updates), started after the first paint by app.py.
    updates: Any = None
    #: True once a signal closes the window: nobody is asked about unsent work (it is kept).
    closing_unattended = False
    #: The last error box shown (tests read it; it deletes itself when closed).
    error_box: QMessageBox | None = None

    # Set from window/menus.py's WindowActions, by finish_menus (asking for one makes them).
    connect_action: QAction
    recent_menu: QMenu
    refresh_action: QAction
    palette_action: QAction
    quit_action: QAction
    export_audit_action: QAction
    create_table_action: QAction
    delete_table_action: QAction
    switch_table_action: QAction
    tab_actions: list[QAction]
    builder_action: QAction
    theme_group: QActionGroup
    theme_actions: dict[str, QAction]
    shortcuts_action: QAction
    about_action: QAction
    check_updates_action: QAction | None
    session_view: SessionView

    def __init__(self, ctx: AppContext | None = None, theme: ThemeManager | None = None,
                 settings_problem: saved.SettingsProblem | None = None, *,
                 after_paint: bool = False) -> None:
        """``after_paint`` (the app's start, app.py): what the first paint does without comes
        after it. The menus' actions and the window's shortcuts are made on the loop turn after
        the paint, or when first asked for (~10 ms of QAction's enums and the shortcut table),
        and the window's icon is the caller's to set (~8 ms of QIcon's enums and files).
        Otherwise both are made now."""
        super().__init__()
        self.ctx = ctx or AppContext(self)
        self.connection = ConnectionController(self.ctx, self)
        self._pending_table: str | None = None
        self._awaiting_first_page: str | None = None
        self._settle_pending = False  # a new connection's objects are frozen once a table shows
        self._laid_out = False
        self.settings_problem = settings_problem or saved.recover_if_corrupt()
        app = QApplication.instance()
        assert isinstance(app, QApplication)
        if theme is None:
            from dynoview.ui.theme import ThemeManager

            theme = ThemeManager(app, saved.load_theme(), parent=self)
        self.theme = theme
        self._items_tabs: ExtraItemsTabs | None = None
        self.palette_dialog: CommandPalette | None = None
        self.shortcuts_dialog: ShortcutsDialog | None = None
        self.about_dialog: QWidget | None = None
        self.export_audit_dialog: QWidget | None = None
        self.connect_failed_box: QMessageBox | None = None
        if not after_paint:
            shared = QApplication.windowIcon()  # decoding its sizes again costs
            self.setWindowIcon(app_icon() if shared.isNull() else shared)
        fit_to_screen(self)
        self._compose(after_paint)
        # The window never resizes itself: a panel asking for more room than the window has
        # is squeezed (and fails the layout tests), instead of pushing the window past the
        # screen. The user can still not make it smaller than this.
        layout = self.layout()
        assert layout is not None  # a QMainWindow always has its own
        layout.setSizeConstraint(QLayout.SizeConstraint.SetNoConstraint)
        self.setMinimumSize(MIN_WIDTH, MIN_HEIGHT)
        self._connect_signals()
        self._update_title()
        self.layout_state.restore()
        if self.settings_problem is not None:
            from dynoview.ui.window.error_box import report_settings_problem

            QTimer.singleShot(0, lambda: report_settings_problem(self, self.show_status))
        if startup_trace.enabled():  # benchmarks/startup.py: first paint, first rows
            startup_trace.install(self, self.table_shown)

    # -- construction --------------------------------------------------------
    def _compose(self, after_paint: bool) -> None:
        """Tabs in the middle, tables and the read log docked, the status bar, the menus."""
        self.items_panel = ItemsPanel(self.ctx)
        self.feature_tabs = FeatureTabs(self.ctx, self.items_panel)
        self.tabs = self.feature_tabs.tabs
        self.features = self.feature_tabs.features
        self.setCentralWidget(self.tabs)
        self.tables_panel = TablesPanel(self.ctx)
        self.tables_dock = dock(self, self.tr("Tables"), "tables-dock", self.tables_panel,
                                Qt.DockWidgetArea.LeftDockWidgetArea)
        self.read_log = ReadLogView(self.ctx)
        self.read_log_dock = dock(self, self.tr("Read log"), "read-log-dock", self.read_log,
                                  Qt.DockWidgetArea.BottomDockWidgetArea)
        self.status = WindowStatus(self.statusBar())
        self.connection_label, self.receipt_label = self.status.connection_label, self.status.receipt_label
        self.router = WindowRouter(self.ctx, self.feature_tabs, self.items_panel, self.tables_panel,
                                   self.tables_dock, self.show_status, self._update_title)
        self.layout_state = WindowLayout(self, self.tables_dock, self.read_log_dock,
                                         self.items_panel, self.read_log)
        router = self.router
        commands = MenuCommands(
            connect=self.show_connection_dialog, refresh_tables=self.refresh_tables,
            command_palette=self.show_command_palette, quit=self.close,
            export_audit=lambda: self.show_dialog("export_audit"),
            switch_table=router.focus_tables, show_tab=self.feature_tabs.show_index,
            open_builder=router.open_builder, set_theme=self.set_theme,
            shortcuts=lambda: self.show_dialog("shortcuts"), about=lambda: self.show_dialog("about"),
            recent_tables=router.recent_tables, open_table=router.open_table_by_name,
            create_table=self.tables_panel.create_table,
            delete_table=lambda: self.tables_panel.delete_table(),
            check_updates=lambda: _check_for_updates(self))
        # Issue 25: MFA prompt, identity, production colours, File > Settings…; its dialogs are
        # imported when they open, not with the window.
        from dynoview.ui.session.view import SessionView

        self.session_view = SessionView(self, self.ctx)
        # The menus' titles now (painted); their actions and the window's shortcuts now or
        # right after the first paint (``finish_menus``, window/menus.py's MenusOnDemand).
        menus = top_menus(QMainWindow.menuBar(self))

        def fill() -> None:
            titles = [self.tabs.tabText(i) for i in range(self.tabs.count())]
            actions = build_menus(QMainWindow.menuBar(self), self, commands, titles,
                                  [self.tables_dock, self.read_log_dock], self.theme.mode, menus)
            for name, value in vars(actions).items():
                setattr(self, name, value)
            self.tables_panel.track_actions(actions.create_table_action, actions.delete_table_action)
            self.session_view.add_settings_action(actions.quit_action)

        self.fill_menus = fill
        if not after_paint:
            self.finish_menus()

    def feature(self, class_name: str) -> Any:
        """A feature panel by class name (``FEATURE_TABS``), built now if it was not yet."""
        return self.feature_tabs.feature(class_name)

    @property
    def items_tabs(self) -> ExtraItemsTabs:
        """The Items tabs opened after the feature tabs, made when the first one opens."""
        if self._items_tabs is None:
            from dynoview.ui.items.tabs import ExtraItemsTabs

            self._items_tabs = ExtraItemsTabs(self.ctx, self.tabs, self.show_status, self.open_items_tab)
        return self._items_tabs

    def _connect_signals(self) -> None:
        show_status = self.show_status
        self.ctx.receipts_recorded.connect(self.read_log.add_all)
        self.ctx.receipts_recorded.connect(self.status.receipts)
        self.ctx.error_raised.connect(self._error)
        self.ctx.status_message.connect(show_status)
        self.tables_panel.table_selected.connect(self.open_table)
        self.tables_panel.table_in_new_tab.connect(self.open_items_tab)
        self.tables_panel.tables_changed.connect(self.refresh_tables)
        self.items_panel.new_tab_requested.connect(self.open_items_tab)
        self.items_panel.status_changed.connect(show_status)
        self.items_panel.controller.page_loaded.connect(self._first_page)
        # Connected after the panel's own slot, so saved widths win over its automatic ones.
        self.items_panel.model.modelReset.connect(self.layout_state.apply_column_widths)
        self.theme.changed.connect(lambda _scheme: self._update_title())
        self.connection.connected.connect(self._connected)
        self.connection.connect_failed.connect(self._connect_failed)
        self.status.follow(self.connection)  # what a connect waits for, and its Cancel
        self.connection.opening.connect(self.session_view.ready)  # the MFA prompter, made now
        self.connection.tables_listed.connect(self.tables_panel.set_tables)
        self.connection.table_described.connect(self._table_described)
        self.connection.tab_table_described.connect(lambda conn, info: self.items_tabs.add(conn, info))

    def show_status(self, text: str, timeout_ms: int = 8000) -> None:
        """A message in the status bar, elided with the whole text in its tooltip."""
        self.status.show(text, timeout_ms)

    # -- connection ------------------------------------------------------------
    def connect_to(self, spec: ConnectionSpec | None = None, *, demo: bool = False,
                   read_only: bool = False, table: str | None = None,
                   demo_process: Any = None) -> None:
        """Open a connection off the UI thread; ``table`` opens once the list arrives.
        ``demo_process``: the demo endpoint already starting (``dynoview --demo``)."""
        self._pending_table = table
        self.announce_connection(spec, demo=demo)
        self.connection.connect_to(spec, demo=demo, read_only=read_only, demo_process=demo_process)

    def announce_connection(self, spec: ConnectionSpec | None = None, *, demo: bool = False) -> None:
        """Say where the window is connecting, in the status bar and its connection label (at
        start-up already in the first frame, before the loop that connects runs)."""
        if demo:
            what = self.tr("Starting the demo backend…")
        else:
            assert spec is not None
            what = self.tr("Connecting to {describe}…").format(describe=spec.describe())
        self.status.connecting(what)  # with a Cancel once the connect runs (``status.follow``)

    def _connected(self, conn: Connection, backend: Any, tables: list[str]) -> None:
        """``backend``: the ``DemoBackend`` when this is the embedded demo, else None."""
        if backend is not None:
            if self.ctx.demo is not None:
                self.ctx.demo.stop()
            self.ctx.demo = backend
        self.session_view.leaving()  # issue 25 (H7): a reconnect to the same place keeps the tabs
        stage_typed_cells(items_panels(self.items_panel, self._items_tabs))  # on the connection before
        # The rows of the connection left go before it does (as after a failed connect): shown
        # under this one's name, a cell staged on them would be sent here, whether a table opens or not.
        self.layout_state.remember_column_widths()
        self.items_panel.set_table(None)
        self.layout_state.columns_for = None
        self.ctx.set_connection(conn)
        self.read_log.model.clear()
        self.tables_panel.set_tables(tables)
        self._update_title()
        self.session_view.connected(conn)  # issue 25 (H7): identity, region, production colours
        note = connection_notes(conn)
        self.show_status(self.tr("Connected: %Ln table(s).{note}", "", len(tables)).format(note=note),
                         15000 if note else 5000)
        wanted = self._pending_table or (tables[0] if len(tables) == 1 else None)
        # botocore's models are loaded now and live as long as the connection: frozen out of
        # the collector's reach once the table shows (its collection pauses the UI thread).
        self._settle_pending = bool(wanted and wanted in tables)
        if wanted and wanted in tables:
            self.tables_panel.select(wanted)
        else:
            settle()
            if wanted:
                from dynoview.core.error_messages import similar_table  # with the first error
                meant = similar_table(wanted, tables)  # "accounts" for "Accounts", as the CLI says
                why = (self.tr("Table {wanted} does not exist on this connection. Did you mean {meant}?")
                       if meant else self.tr("Table {wanted} does not exist on this connection."))
                self._error(UserFacingError(self.tr("Table not found"), why.format_map(
                    {"wanted": wanted, "meant": meant})))

    def _connect_failed(self, exc: BaseException, spec: ConnectionSpec | None) -> None:
        # The previous connection's tables and panels must not stay on screen under
        # "Not connected", as if they belonged to the endpoint that just failed.
        self.layout_state.remember_column_widths()
        self.session_view.leaving()  # issue 25 (H7): kept for the sign-in's reconnect
        stage_typed_cells(items_panels(self.items_panel, self._items_tabs))  # while still connected
        self.ctx.set_connection(None)
        self.tables_panel.set_tables([])
        self.items_panel.set_table(None)
        self.layout_state.columns_for = None
        self._update_title()
        self.connection_label.setText(self.tr("Not connected"))
        self.connection_label.setToolTip("")
        self.session_view.disconnected()  # issue 25 (H7)
        ui_thread_gc.resume()  # off while the app started (dynoview/ui/app.py)
        if not is_user_facing(exc):
            self.ctx.report(exc, operation="ListTables")  # a bug: the crash dialog shows it
            return
        # Named after the endpoint that failed (the context no longer has a connection).
        err = describe_error(exc, operation="ListTables", profile=spec.profile if spec else None,
                             endpoint=spec.endpoint_url if spec else None,
                             region=spec.region if spec else None)
        self.show_status(err.message, 15000)
        from dynoview.ui.window.error_box import next_step_box  # not before the first paint

        table = self._pending_table
        retry = (lambda: self.connect_to(spec, table=table)) if spec is not None else None
        self.connect_failed_box = next_step_box(self, err, retry=retry,
                                                connect=self.show_connection_dialog)
        self.session_view.offer_sso(exc, spec, self.connect_failed_box)  # issue 25 (H7): SSO "Sign in…"

    def show_connection_dialog(self) -> None:
        current = self.ctx.connection.spec if self.ctx.connection else None
        from dynoview.ui.dialog_lifetime import forget_on_close
        from dynoview.ui.window.connection_dialog import ConnectionDialog  # built on demand

        self.connection_dialog = dialog = ConnectionDialog(self, current)
        forget_on_close(self, "connection_dialog", dialog)

        def chosen() -> None:
            if dialog.demo_chosen:
                self.connect_to(demo=True, read_only=dialog.demo_read_only, table="accounts")
            elif dialog.chosen is not None:
                self.connect_to(dialog.chosen)

        dialog.accepted.connect(chosen)
        dialog.open()

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
        self.show_status(self.tr("Opening {name}…").format(name=name), 0)
        self.connection.describe(conn, name)

    def _table_described(self, info: TableInfo) -> None:
        place = self.ctx.connection.spec.name if self.ctx.connection is not None else None
        self.layout_state.remember_column_widths()
        if place is not None:
            self.layout_state.columns_for = (place, info.name)
        self.ctx.set_table(info)
        self.items_panel.set_table(info)
        self._awaiting_first_page = info.name
        # The rows' Scan goes out first; the description's own calls (backups, resource
        # policy) and the recent-tables file do not hold it up.
        self.items_panel.run()
        self.tables_panel.show_description(info)
        if place is not None:
            saved.add_recent_table(place, info.name)
        self._update_title()

    def _first_page(self, _page: Any) -> None:
        name = self._awaiting_first_page
        if name:
            self._awaiting_first_page = None
            self.router.first_page_shown(name)
            self.table_shown.emit(name)
            if self._settle_pending:
                self._settle_pending = False
                QTimer.singleShot(0, settle)  # once the rows are painted

    # -- more Items tabs ----------------------------------------------------------------
    def open_items_tab(self, name: str) -> None:
        """Open ``name`` in another Items tab (after the feature tabs), reading at once; the
        window's own Items tab and its table stay as they are."""
        conn = self.ctx.connection
        if conn is None:
            return
        self.show_status(self.tr("Opening {name} in a new Items tab…").format(name=name), 0)
        self.connection.describe(conn, name, new_tab=True)

    @property
    def extra_items(self) -> list[ItemsPanel]:
        return self.items_tabs.panels

    def close_items_tab(self, panel: ItemsPanel) -> None:
        self.items_tabs.close(panel)

    # -- command palette, dialogs, theme -----------------------------------------------
    def palette_entries(self) -> list[PaletteEntry]:
        """What the command palette offers now: recent tables, tables, enabled commands."""
        return palette_entries(self)

    def show_command_palette(self) -> None:
        self.show_dialog("palette")

    def show_dialog(self, kind: str) -> None:
        """A window-wide dialog (``window_dialogs.KINDS``), built on first use and kept as
        ``<kind>_dialog``; Audit an export opens a new one each time."""
        from dynoview.ui.dialog_lifetime import forget_when_deleted
        from dynoview.ui.window import dialogs as window_dialogs  # on first use

        attribute = f"{kind}_dialog"
        dialog = getattr(self, attribute)
        if dialog is None or kind == "export_audit":
            dialog = window_dialogs.build(kind, self, self.ctx, self.palette_entries)
            setattr(self, attribute, dialog)
            forget_when_deleted(self, attribute, dialog)  # Audit an export's goes when done
        window_dialogs.bring_forward(kind, dialog)

    def set_theme(self, mode: str) -> None:
        """Switch to "system", "light" or "dark" now and remember it."""
        self.theme.set_mode(mode)
        self.theme_actions[mode].setChecked(True)
        if (problem := saved.save_theme(mode)) is not None:  # not a silent Light at the next start
            self.show_status(problem, 0)  # kept until the next message

    # -- status ------------------------------------------------------------------
    def _error(self, err: UserFacingError) -> None:
        self.show_status(err.message, 15000)
        # Window-modal and opened, not exec()'d: a nested event loop would stall the window's
        # tasks (and a test's clock) until someone clicks OK.
        from PySide6.QtWidgets import QMessageBox

        box = QMessageBox(QMessageBox.Icon.Warning, err.title, err.message,
                          QMessageBox.StandardButton.Ok, self)
        # Plain text: the message quotes the server (names and values from the table), and a box
        # at AutoText renders text that looks like HTML as HTML.
        box.setTextFormat(Qt.TextFormat.PlainText)
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        box.setObjectName("error-box")
        self.error_box = box
        box.open()

    def _update_title(self) -> None:
        if self.ctx.connection is not None:
            show_connection(self.connection_label, self.ctx.connection)
        self.setWindowTitle(window_title(self.ctx))

    def crash_context(self) -> dict[str, str]:
        """What the window was doing, for error reports: no credentials, only names."""
        return crash_context(self.ctx, self.tabs.tabText(self.tabs.currentIndex()))

    def crash_secrets(self) -> list[str]:
        """Credentials of the live connection, so a report can be scrubbed of their values."""
        return crash_secrets(self.ctx)

    # -- window life -----------------------------------------------------------------
    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if not self._laid_out:
            self._laid_out = True
            QTimer.singleShot(0, self.layout_state.apply_defaults)
            # Connecting waits for the first paint (its imports would hold the GIL meanwhile).
            self.connection.hold_until_painted()
            after_first_paint(self, self.connection.painted, at_most_ms=PAINT_WAIT_MS)
            after_first_paint(self, self.finish_menus, at_most_ms=PAINT_WAIT_MS)

    def save_state(self) -> None:
        """Write layout, splitters and column widths to the settings file."""
        self.layout_state.save()

    def closeEvent(self, event: QCloseEvent) -> None:
        # File → Quit, Ctrl+Q, the title bar's close and a signal all land here: what each Items
        # tab holds typed is staged, then running work and the builder's unsent actions are asked.
        panels = items_panels(self.items_panel, self._items_tabs)
        if not may_close(self, panels, self.features.get("BuilderPanel")):
            event.ignore()
            return
        self.save_state()
        self.ctx.tasks.shutdown(wait_seconds=1.0)  # reads stop at their next page; closing stays quick
        if self.ctx.demo is not None:
            self.ctx.demo.stop()
            self.ctx.demo = None
        super().closeEvent(event)
