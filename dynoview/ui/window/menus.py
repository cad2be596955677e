"""The main window's menus and what its command palette offers.

Every window shortcut comes from the table in ``shortcuts.py``; the palette lists the menu
commands that are enabled now, the tables (recent ones first) and the open table's commands.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from PySide6.QtGui import QAction, QActionGroup
from PySide6.QtWidgets import QMenu

from dynoview import APP_NAME
from dynoview.ui import settings as saved
from dynoview.ui.shortcuts import ITEMS, WINDOW, shortcut
from dynoview.ui.theme import MODE_LABELS, MODES
from dynoview.ui.windows import bring_to_front

if TYPE_CHECKING:
    from dynoview.ui.main_window import MainWindow
    from dynoview.ui.window.command_palette import PaletteEntry


def window_action(win: MainWindow, text: str, command: str | None, slot: Callable[..., Any]) -> QAction:
    """A window-wide action; ``command`` names its row in the shortcut table."""
    action = QAction(text, win)
    if command is not None:
        entry = shortcut(command)
        assert entry.owner == WINDOW, f"{command} is bound by its panel, not the window"
        action.setShortcuts(entry.sequences())
        action.setToolTip(f"{entry.description} ({entry.native_text()})")
    action.triggered.connect(slot)
    win.addAction(action)
    return action


def build_menus(win: MainWindow) -> None:
    """File, View and Help, with their actions set on ``win``."""
    _build_file_menu(win)
    _build_view_menu(win)
    help_menu = win.menuBar().addMenu("&Help")
    win.shortcuts_action = window_action(win, "&Keyboard shortcuts", "keyboard-shortcuts",
                                         lambda: show_shortcuts(win))
    help_menu.addAction(win.shortcuts_action)
    help_menu.addSeparator()
    win.about_action = window_action(win, f"&About {APP_NAME}", None, lambda: show_about(win))
    help_menu.addAction(win.about_action)


def _build_file_menu(win: MainWindow) -> None:
    file_menu = win.menuBar().addMenu("&File")
    win.connect_action = window_action(win, "&Connect…", "connect", win.show_connection_dialog)
    win.recent_menu = QMenu("Open &recent table", win)
    win.recent_menu.aboutToShow.connect(lambda: fill_recent_menu(win))
    win.refresh_action = window_action(win, "&Refresh tables", "refresh-tables", win.refresh_tables)
    win.palette_action = window_action(win, "Command &palette…", "command-palette",
                                       win.show_command_palette)
    win.quit_action = window_action(win, "&Quit", "quit", win.close)
    win.export_audit_action = window_action(win, "Audit an &export…", None,
                                            lambda: show_export_audit(win))
    file_menu.addAction(win.connect_action)
    file_menu.addMenu(win.recent_menu)
    file_menu.addAction(win.refresh_action)
    file_menu.addAction(win.export_audit_action)
    file_menu.addSeparator()
    file_menu.addAction(win.palette_action)
    file_menu.addSeparator()
    file_menu.addAction(win.quit_action)


def _build_view_menu(win: MainWindow) -> None:
    view_menu = win.menuBar().addMenu("&View")
    view_menu.addAction(win.tables_dock.toggleViewAction())
    view_menu.addAction(win.read_log_dock.toggleViewAction())
    win.switch_table_action = window_action(win, "Switch &table", "switch-table", win.focus_tables)
    view_menu.addAction(win.switch_table_action)
    view_menu.addSeparator()
    win.tab_actions = []
    keys = shortcut("go-to-tab").keys
    for i in range(min(win.tabs.count(), len(keys))):
        # Tab titles escape "&" as "&&", which is also what an action's text needs.
        act = window_action(win, win.tabs.tabText(i), None, lambda _=False, i=i: win.show_tab(i))
        act.setShortcut(keys[i])
        view_menu.addAction(act)
        win.tab_actions.append(act)
    win.builder_action = window_action(win, "Open transaction &builder", "open-builder",
                                       win.open_builder)
    view_menu.addAction(win.builder_action)
    view_menu.addSeparator()
    theme_menu = view_menu.addMenu("T&heme")
    win.theme_group = QActionGroup(win)
    win.theme_actions = {}
    for mode in MODES:
        act = QAction(MODE_LABELS[mode], win, checkable=True)
        act.setChecked(mode == win.theme.mode)
        act.triggered.connect(lambda _=False, mode=mode: win.set_theme(mode))
        win.theme_group.addAction(act)
        theme_menu.addAction(act)
        win.theme_actions[mode] = act


# -- dialogs the menus open (built on first use) -------------------------------------------
def show_shortcuts(win: MainWindow) -> None:
    if win.shortcuts_dialog is None:
        from dynoview.ui.shortcuts import ShortcutsDialog

        win.shortcuts_dialog = ShortcutsDialog(win)
    bring_to_front(win.shortcuts_dialog)


def show_about(win: MainWindow) -> None:
    if win.about_dialog is None:
        from dynoview.ui.window.about_dialog import AboutDialog

        win.about_dialog = AboutDialog(win)
    bring_to_front(win.about_dialog)


def show_export_audit(win: MainWindow) -> None:
    """Audit a DynamoDB export to S3 (a folder or s3:// prefix) without touching the table."""
    from dynoview.ui.transfer.export_audit_dialog import open_export_audit_dialog

    win.export_audit_dialog = open_export_audit_dialog(win, win.ctx)


# -- tables by name ------------------------------------------------------------------------
def table_names(win: MainWindow) -> list[str]:
    lst = win.tables_panel.list
    return [lst.item(r).text() for r in range(lst.count())]


def recent_tables(win: MainWindow) -> list[str]:
    conn = win.ctx.connection
    if conn is None:
        return []
    present = set(table_names(win))
    return [t for t in saved.recent_tables(conn.spec.name) if t in present]


def fill_recent_menu(win: MainWindow) -> None:
    win.recent_menu.clear()
    names = recent_tables(win)
    for name in names:
        act = win.recent_menu.addAction(name)
        act.triggered.connect(_opener(win, name))
    if not names:
        empty = win.recent_menu.addAction("No recent tables on this connection")
        empty.setEnabled(False)


def _opener(win: MainWindow, name: str) -> Callable[[], None]:
    """A slot without arguments (not handed ``triggered``'s checked flag) that opens ``name``."""
    return lambda: win.open_table_by_name(name)


# -- command palette -------------------------------------------------------------------------
def palette_entries(win: MainWindow) -> list[PaletteEntry]:
    """What the command palette offers now: recent tables, tables, enabled commands."""
    from dynoview.ui.window.command_palette import COMMAND, RECENT, TABLE, PaletteEntry

    entries: list[PaletteEntry] = []
    recent = recent_tables(win)
    for name in recent:
        entries.append(PaletteEntry(name, RECENT, functools.partial(win.open_table_by_name, name)))
    for name in table_names(win):
        if name not in recent:
            entries.append(PaletteEntry(name, TABLE, functools.partial(win.open_table_by_name, name)))
    for title, action in menu_actions(win):
        entries.append(PaletteEntry(title, COMMAND, action.trigger, action.shortcut().toString()))
    if win.ctx.table is not None:
        panel = win.items_panel
        commands = [
            ("run-query", "Run the read", panel.run),
            ("next-page", "Load the next page", panel.controller.fetch_more),
            ("copy-item-json", "Copy the selected item as JSON", panel.detail.copy),
            ("edit-item", "Edit the selected item", panel.edit_selected),
            ("delete-item", "Delete the selected item", panel.delete_selected),
        ]
        for command, title, run in commands:
            entry = shortcut(command)
            assert entry.owner == ITEMS
            entries.append(PaletteEntry(title, COMMAND, run, entry.native_text()))
        entries.extend(_feature_entries(win))
    return entries


def _feature_entries(win: MainWindow) -> list[PaletteEntry]:
    """Accounts & locks commands and every template that applies to the selection."""
    from dynoview.ui.builder.template_forms import template_entries
    from dynoview.ui.window.command_palette import COMMAND, PaletteEntry

    entries: list[PaletteEntry] = []
    for title, command in (("Diagnose a value (is it locked, and by whom?)", "diagnose"),
                           ("Run the accounts & locks audit", "audit"),
                           ("Edit the uniqueness schema", "schema")):
        entries.append(PaletteEntry(title, COMMAND, functools.partial(win.locks_command, command)))
    # The builder knows what applies to the selection (it may have read the account's locks);
    # before it is built, what the selecting view knows.
    builder: Any = win.features.get("BuilderPanel")
    subject = win.ctx.subject
    templates = builder.template_entries() if builder is not None else template_entries(
        win.ctx.schema, subject.item if subject is not None else None,
        subject.evidence if subject is not None else None)
    for t in templates:
        if not t.is_note:
            entries.append(PaletteEntry(f"Template: {t.title.rstrip('…')}", COMMAND,
                                        functools.partial(win.run_template, t.name, t.rule)))
    return entries


def menu_actions(win: MainWindow) -> list[tuple[str, QAction]]:
    """Enabled menu commands with their menu path, e.g. ("Theme: Dark", action)."""
    found: list[tuple[str, QAction]] = []

    def walk(menu: QMenu, prefix: str) -> None:
        for action in menu.actions():
            title = action.text().replace("&&", "\0").replace("&", "").replace("\0", "&")
            title = title.rstrip("…")
            submenu = action.menu()
            if isinstance(submenu, QMenu):
                if submenu is not win.recent_menu:
                    walk(submenu, f"{title}: ")
            elif not action.isSeparator() and action.isEnabled():
                found.append((prefix + title, action))

    for top in win.menuBar().actions():
        submenu = top.menu()
        if isinstance(submenu, QMenu):
            walk(submenu, "")
    return found
