"""The main window's menus and what its command palette offers.

Every window shortcut comes from the table in ``shortcuts.py``; the palette lists the menu
commands that are enabled now, the tables (recent ones first) and the open table's commands.
The menus take the commands they trigger (``MenuCommands``) and hand back their actions
(``WindowActions``); the palette reads a small ``PaletteHost``. Neither knows the window.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QDockWidget, QMainWindow, QMenu, QMenuBar, QWidget

from dynoview import APP_NAME

if TYPE_CHECKING:
    # QAction and the shortcut table load with the menus' contents (``build_menus``), which the
    # app's main window makes right after its first paint: only the menus' titles show then.
    from PySide6.QtGui import QAction, QActionGroup

    from dynoview.ui.context import AppContext
    from dynoview.ui.items.panel import ItemsPanel
    from dynoview.ui.window.command_palette import PaletteEntry
    from dynoview.ui.window.feature_tabs import FeatureTabs
    from dynoview.ui.window.router import WindowRouter

RECENT_MENU = "recent-menu"  # its entries are tables: the palette lists those itself


# Plain classes, not dataclasses: this module loads before the window's first paint, and
# dataclasses (its import, and each class's generated methods, compiled) with it (issue 19).
class MenuCommands(NamedTuple):
    """What the menus trigger."""

    connect: Callable[[], None]
    refresh_tables: Callable[[], None]
    command_palette: Callable[[], None]
    quit: Callable[[], Any]
    export_audit: Callable[[], None]
    switch_table: Callable[[], None]
    show_tab: Callable[[int], None]
    open_builder: Callable[[], None]
    set_theme: Callable[[str], None]
    shortcuts: Callable[[], None]
    about: Callable[[], None]
    recent_tables: Callable[[], list[str]]
    open_table: Callable[[str], None]
    create_table: Callable[[], None]  # on a local endpoint (ui/tables)
    delete_table: Callable[[], None]  # the selected table, on a local endpoint
    check_updates: Callable[[], None] | None = None  # Help → Check for updates… (issue 27)


class WindowActions:
    """The menus' actions, for the window to enable, check and trigger: the File menu's are
    given when it is made, the others set as their menus are."""

    connect_action: QAction
    recent_menu: QMenu
    refresh_action: QAction
    palette_action: QAction
    quit_action: QAction
    export_audit_action: QAction
    create_table_action: QAction
    delete_table_action: QAction
    switch_table_action: QAction
    builder_action: QAction
    tab_actions: list[QAction]
    theme_group: QActionGroup
    theme_actions: dict[str, QAction]
    shortcuts_action: QAction
    about_action: QAction
    check_updates_action: QAction | None

    def __init__(self, *, connect_action: QAction, recent_menu: QMenu, refresh_action: QAction,
                 palette_action: QAction, quit_action: QAction, export_audit_action: QAction,
                 create_table_action: QAction, delete_table_action: QAction) -> None:
        self.connect_action = connect_action
        self.recent_menu = recent_menu
        self.refresh_action = refresh_action
        self.palette_action = palette_action
        self.quit_action = quit_action
        self.export_audit_action = export_audit_action
        self.create_table_action = create_table_action
        self.delete_table_action = delete_table_action
        self.tab_actions = []
        self.theme_actions = {}
        self.check_updates_action = None


#: The window's members that its menus' contents set.
MENU_MEMBERS = frozenset(WindowActions.__annotations__)


class MenusOnDemand(QMainWindow):
    """A main window that may make its menus' contents (actions, shortcuts) after its first
    paint: the function in ``fill_menus`` runs on ``finish_menus`` (the loop turn after that
    paint), or at once when anything asks for an action (``MENU_MEMBERS``) or the menu bar
    first. ``QMainWindow.menuBar(window)`` is the bar as it is."""

    fill_menus: Callable[[], None] | None = None

    def finish_menus(self) -> None:
        fill, self.fill_menus = self.fill_menus, None
        if fill is not None:
            fill()

    def __getattr__(self, name: str) -> Any:
        # Only for what normal lookup did not find: an action asked for before it was made.
        if name in MENU_MEMBERS and self.fill_menus is not None:
            self.finish_menus()
            return getattr(self, name)
        raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")

    def menuBar(self) -> QMenuBar:
        self.finish_menus()
        return super().menuBar()


def window_action(owner: QWidget, text: str, command: str | None,
                  slot: Callable[..., Any]) -> QAction:
    """A window-wide action; ``command`` names its row in the shortcut table."""
    from PySide6.QtGui import QAction

    from dynoview.ui.shortcuts import WINDOW, shortcut

    action = QAction(text, owner)
    if command is not None:
        entry = shortcut(command)
        assert entry.owner == WINDOW, f"{command} is bound by its panel, not the window"
        action.setShortcuts(entry.sequences())
        action.setToolTip(f"{entry.description} ({entry.native_text()})")
    action.triggered.connect(slot)
    owner.addAction(action)
    return action


def top_menus(bar: QMenuBar) -> tuple[QMenu, QMenu, QMenu]:
    """File, View and Help, still empty (``build_menus`` fills them)."""
    return (bar.addMenu(QCoreApplication.translate("window.menus", "&File")),
            bar.addMenu(QCoreApplication.translate("window.menus", "&View")),
            bar.addMenu(QCoreApplication.translate("window.menus", "&Help")))


def build_menus(bar: QMenuBar, owner: QWidget, commands: MenuCommands, tab_titles: list[str],
                docks: list[QDockWidget], theme_mode: str,
                menus: tuple[QMenu, QMenu, QMenu] | None = None) -> WindowActions:
    """File, View and Help (``menus``: made by ``top_menus`` already, else now). ``tab_titles``
    escape "&" as "&&", as an action's text needs."""
    file_menu, view_menu, help_menu = menus or top_menus(bar)
    actions = _build_file_menu(file_menu, owner, commands)
    _build_view_menu(view_menu, owner, commands, actions, tab_titles, docks, theme_mode)
    actions.shortcuts_action = window_action(owner, QCoreApplication.translate(
        "window.menus", "&Keyboard shortcuts"), "keyboard-shortcuts",
                                             commands.shortcuts)
    help_menu.addAction(actions.shortcuts_action)
    if commands.check_updates is not None:
        actions.check_updates_action = window_action(owner, QCoreApplication.translate(
            "window.menus", "Check for &updates…"), None, commands.check_updates)
        actions.check_updates_action.setObjectName("check-updates")
        help_menu.addAction(actions.check_updates_action)
    help_menu.addSeparator()
    actions.about_action = window_action(owner, QCoreApplication.translate(
        "window.menus", "&About {APP_NAME}").format(APP_NAME=APP_NAME), None, commands.about)
    help_menu.addAction(actions.about_action)
    return actions


def _build_file_menu(file_menu: QMenu, owner: QWidget, commands: MenuCommands) -> WindowActions:
    recent_menu = QMenu(QCoreApplication.translate("window.menus", "Open &recent table"), owner)
    recent_menu.setObjectName(RECENT_MENU)
    recent_menu.aboutToShow.connect(lambda: fill_recent_menu(recent_menu, commands))
    actions = WindowActions(
        connect_action=window_action(owner, QCoreApplication.translate(
            "window.menus", "&Connect…"), "connect", commands.connect),
        recent_menu=recent_menu,
        refresh_action=window_action(owner, QCoreApplication.translate(
            "window.menus", "Re&fresh tables"), "refresh-tables",
                                     commands.refresh_tables),
        palette_action=window_action(owner, QCoreApplication.translate(
            "window.menus", "Command &palette…"), "command-palette",
                                     commands.command_palette),
        quit_action=window_action(owner, QCoreApplication.translate(
            "window.menus", "&Quit"), "quit", commands.quit),
        export_audit_action=window_action(owner, QCoreApplication.translate(
            "window.menus", "Audit an &export…"), None, commands.export_audit),
        create_table_action=window_action(owner, QCoreApplication.translate(
            "window.menus", "Create &table…"), None, commands.create_table),
        delete_table_action=window_action(owner, QCoreApplication.translate(
            "window.menus", "&Delete table…"), None, commands.delete_table),
    )
    file_menu.addAction(actions.connect_action)
    file_menu.addMenu(recent_menu)
    file_menu.addAction(actions.refresh_action)
    file_menu.addAction(actions.export_audit_action)
    file_menu.addSeparator()
    file_menu.addAction(actions.create_table_action)
    file_menu.addAction(actions.delete_table_action)
    file_menu.addSeparator()
    file_menu.addAction(actions.palette_action)
    file_menu.addSeparator()
    file_menu.addAction(actions.quit_action)
    return actions


def _build_view_menu(view_menu: QMenu, owner: QWidget, commands: MenuCommands,
                     actions: WindowActions, tab_titles: list[str], docks: list[QDockWidget],
                     theme_mode: str) -> None:
    from PySide6.QtGui import QAction, QActionGroup

    from dynoview.ui.shortcuts import shortcut
    from dynoview.ui.theme import MODE_LABELS, MODES

    for dock in docks:
        view_menu.addAction(dock.toggleViewAction())
    actions.switch_table_action = window_action(owner, QCoreApplication.translate(
        "window.menus", "Switch &table"), "switch-table",
                                                commands.switch_table)
    view_menu.addAction(actions.switch_table_action)
    view_menu.addSeparator()
    keys = shortcut("go-to-tab").keys
    for i, title in enumerate(tab_titles[:len(keys)]):
        act = window_action(owner, title, None, lambda _=False, i=i: commands.show_tab(i))
        act.setShortcut(keys[i])
        view_menu.addAction(act)
        actions.tab_actions.append(act)
    for i in range(len(tab_titles), len(keys)):  # the keys left: tabs opened later (extra Items tabs)
        act = window_action(owner, QCoreApplication.translate("window.menus", "Tab {number}").format(
            number=i + 1), None, lambda _=False, i=i: commands.show_tab(i))
        act.setShortcut(keys[i])
        actions.tab_actions.append(act)
    actions.builder_action = window_action(owner, QCoreApplication.translate(
        "window.menus", "Open transaction &builder"), "open-builder",
                                           commands.open_builder)
    view_menu.addAction(actions.builder_action)
    view_menu.addSeparator()
    theme_menu = view_menu.addMenu(QCoreApplication.translate("window.menus", "T&heme"))
    actions.theme_group = QActionGroup(owner)
    for mode in MODES:
        act = QAction(QCoreApplication.translate("theme", MODE_LABELS[mode]), owner, checkable=True)
        act.setChecked(mode == theme_mode)
        act.triggered.connect(lambda _=False, mode=mode: commands.set_theme(mode))
        actions.theme_group.addAction(act)
        theme_menu.addAction(act)
        actions.theme_actions[mode] = act


def fill_recent_menu(menu: QMenu, commands: MenuCommands) -> None:
    menu.clear()
    names = commands.recent_tables()
    for name in names:
        act = menu.addAction(menu_text(name))
        act.triggered.connect(_opener(commands.open_table, name))
    if not names:
        menu.addAction(QCoreApplication.translate(
            "window.menus", "No recent tables on this connection")).setEnabled(False)


def menu_text(text: str) -> str:
    """Data (a table name) as a menu line: a lone "&" would mark a mnemonic and vanish."""
    return text.replace("&", "&&")


def _opener(open_table: Callable[[str], None], name: str) -> Callable[[], None]:
    """A slot without arguments (not handed ``triggered``'s checked flag) that opens ``name``."""
    return lambda: open_table(name)


# -- command palette -------------------------------------------------------------------------
class PaletteHost(Protocol):
    """What the palette reads: the context, the Items tab, the tabs and where commands go."""

    ctx: AppContext
    items_panel: ItemsPanel
    feature_tabs: FeatureTabs
    router: WindowRouter

    def menuBar(self) -> QMenuBar: ...


def palette_entries(host: PaletteHost) -> list[PaletteEntry]:
    """What the command palette offers now: recent tables, tables, enabled commands."""
    from dynoview.ui.shortcuts import ITEMS, shortcut
    from dynoview.ui.window.command_palette import COMMAND, RECENT, TABLE, PaletteEntry

    entries: list[PaletteEntry] = []
    open_table = host.router.open_table_by_name
    recent = host.router.recent_tables()
    for name in recent:
        entries.append(PaletteEntry(name, RECENT, functools.partial(open_table, name)))
    for name in host.router.table_names():
        if name not in recent:
            entries.append(PaletteEntry(name, TABLE, functools.partial(open_table, name)))
    for title, action in menu_actions(host.menuBar()):
        entries.append(PaletteEntry(title, COMMAND, action.trigger, action.shortcut().toString()))
    if host.ctx.table is not None:
        panel = host.items_panel
        commands = [
            ("run-query", QCoreApplication.translate("window.menus", "Run the read"), panel.run),
            ("next-page", QCoreApplication.translate(
                "window.menus", "Load the next page"), panel.controller.fetch_more),
            ("copy-item-json", QCoreApplication.translate(
                "window.menus", "Copy the selected item as JSON"), panel.detail.copy),
            ("edit-item", QCoreApplication.translate(
                "window.menus", "Edit the selected item"), panel.edit_selected),
            ("delete-item", QCoreApplication.translate(
                "window.menus", "Delete the selected item"), panel.delete_selected),
        ]
        for command, title, run in commands:
            entry = shortcut(command)
            assert entry.owner == ITEMS
            entries.append(PaletteEntry(title, COMMAND, run, entry.native_text()))
        entries.extend(_feature_entries(host))
    return entries


def _feature_entries(host: PaletteHost) -> list[PaletteEntry]:
    """Accounts & locks commands and every template that applies to the selection."""
    from dynoview.ui.builder.template_forms import template_entries
    from dynoview.ui.window.command_palette import COMMAND, PaletteEntry

    router = host.router
    entries: list[PaletteEntry] = []
    for title, command in ((QCoreApplication.translate(
        "window.menus", "Diagnose a value (is it locked, and by whom?)"), "diagnose"),
                           (QCoreApplication.translate(
                               "window.menus", "Run the accounts & locks audit"), "audit"),
                           (QCoreApplication.translate(
                               "window.menus", "Edit the uniqueness schema"), "schema")):
        entries.append(PaletteEntry(title, COMMAND, functools.partial(router.locks_command, command)))
    # The builder knows what applies to the selection (it may have read the account's locks);
    # before it is built, what the selecting view knows.
    builder: Any = host.feature_tabs.features.get("BuilderPanel")
    subject = host.ctx.subject
    templates = builder.template_entries() if builder is not None else template_entries(
        host.ctx.schema, subject.item if subject is not None else None,
        subject.evidence if subject is not None else None)
    for t in templates:
        if not t.is_note:
            entries.append(PaletteEntry(QCoreApplication.translate(
                "window.menus", "Template: {rstrip}").format(rstrip=t.title.rstrip('…')), COMMAND,
                                        functools.partial(router.run_template, t.name, t.rule)))
    return entries


def menu_actions(bar: QMenuBar) -> list[tuple[str, QAction]]:
    """Enabled menu commands with their menu path, e.g. ("Theme: Dark", action)."""
    found: list[tuple[str, QAction]] = []

    def walk(menu: QMenu, prefix: str) -> None:
        for action in menu.actions():
            title = action.text().replace("&&", "\0").replace("&", "").replace("\0", "&")
            title = title.rstrip("…")
            submenu = action.menu()
            if isinstance(submenu, QMenu):
                if submenu.objectName() != RECENT_MENU:
                    walk(submenu, f"{title}: ")
            elif not action.isSeparator() and action.isEnabled():
                found.append((prefix + title, action))

    for top in bar.actions():
        submenu = top.menu()
        if isinstance(submenu, QMenu):
            walk(submenu, "")
    return found
