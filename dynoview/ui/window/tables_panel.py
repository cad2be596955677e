"""Table list with a filter and a description of the selected table.

The description is rich text made of table-derived values (names, ARNs, a policy's effects),
each escaped: a table named ``<b>x</b>`` shows its name, not bold text. Point-in-time recovery
and the resource policy take a call each, made off the UI thread when a table is shown. On a
local endpoint the list's menu (and File) can create and delete tables (``ui/tables``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QPoint, Qt, Signal
from PySide6.QtWidgets import (
    QLabel,
    QLineEdit,
    QListWidget,
    QMenu,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from dynoview.ui.accessible import name_clear_button
from dynoview.ui.i18n import QT_TRANSLATE_NOOP
from dynoview.ui.plain_text import plain_label
from dynoview.ui.window.first_paint import after_first_paint

if TYPE_CHECKING:  # types only: table descriptions load with the connection
    from PySide6.QtGui import QAction  # File's actions: made after the first paint
    from PySide6.QtWidgets import QDialog

    from dynoview.core.session.tables import TableInfo
    from dynoview.ui.context import AppContext

EXTRAS_TASK = "table-extras"
CREATE, DELETE = QT_TRANSLATE_NOOP(
    "window.tables_panel", "create a table"), QT_TRANSLATE_NOOP("window.tables_panel", "delete a table")


def description_html(info: TableInfo, more: list[str] | None = None) -> str:
    """The table's name and one bullet per line, every value escaped."""
    import html  # with the first description (its entity table is no start-up import)

    lines = [*info.summary_lines(), *(more or [])]
    rows = "".join(f"<li>{html.escape(line)}</li>" for line in lines)
    return f"<b>{html.escape(info.name)}</b><ul>{rows}</ul>"


class TablesPanel(QWidget):
    table_selected = Signal(str)
    table_in_new_tab = Signal(str)  # "Open in a new Items tab" from the list's menu
    tables_changed = Signal()  # a table was created or deleted: list the tables again

    def __init__(self, ctx: AppContext | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ctx = ctx
        self.info: TableInfo | None = None  # the table described
        self.table_dialog: QDialog | None = None  # the open create or delete dialog
        self._select_next: str | None = None  # a table just created: selected once listed
        self._actions: tuple[QAction, QAction] | None = None  # File's Create… and Delete…
        self.filter = QLineEdit()
        self.filter.setPlaceholderText(self.tr("Filter tables (Ctrl+T)"))

        def clear_button() -> None:
            self.filter.setClearButtonEnabled(True)
            name_clear_button(self.filter)

        # Made once the panel has painted: the button shows only once the filter holds text, and
        # its icon is looked up in the desktop's icon theme (10 ms, the window's first paint).
        after_first_paint(self, clear_button)
        self.filter.setAccessibleName(self.tr("Filter tables"))
        self.list = QListWidget()
        self.list.setAccessibleName(self.tr("Tables"))
        self.description = QTextBrowser()
        self.description.setOpenLinks(False)
        self.heading = plain_label(QLabel(self.tr("Tables")))
        # Wide enough for names and the description even when a tab asks for all the room.
        self.setMinimumWidth(180)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.heading)
        layout.addWidget(self.filter)
        layout.addWidget(self.list, 2)
        layout.addWidget(plain_label(QLabel(self.tr("Description"))))
        layout.addWidget(self.description, 3)
        self.filter.textChanged.connect(self._apply_filter)
        self.filter.returnPressed.connect(self._pick_first_visible)
        self.list.currentTextChanged.connect(self._current_changed)
        self.list.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.list.customContextMenuRequested.connect(self._menu)
        self.extras: ExtrasReader | None = None
        if ctx is not None:
            ctx.connection_changed.connect(lambda _conn: self.update_actions())
            self.extras = ExtrasReader(ctx, self)
            self.extras.read_done.connect(self._extras_read)

    def context_menu(self, name: str) -> QMenu:
        """The list's menu for the table ``name``."""
        menu = QMenu(self.list)
        menu.setToolTipsVisible(True)
        menu.addAction(self.tr(
            "Open {name} in a new Items tab").format(name=name), lambda: self.table_in_new_tab.emit(name))
        if self.ctx is not None:
            menu.addSeparator()
            for text, action, slot in ((self.tr("Create table…"), CREATE, self.create_table),
                                       (self.tr(
                                           "Delete {name}…").format(
                                               name=name), DELETE, lambda: self.delete_table(name))):
                entry = menu.addAction(text.replace("&", "&&"), slot)
                self._allow(entry, action)
        menu.aboutToHide.connect(menu.deleteLater)
        return menu

    def _menu(self, pos: QPoint) -> None:
        item = self.list.itemAt(pos)
        if item is not None:
            self.context_menu(item.text()).popup(self.list.viewport().mapToGlobal(pos))

    # -- local tables: create and delete ---------------------------------------------
    def refusal(self, action: str) -> str | None:
        """Why ``action`` cannot be done on this connection (not local, read-only), or None:
        ``tables.create_dialog.refusal``'s sentence, without loading the dialogs (200 ms) on
        every connection."""
        conn = self.ctx.connection if self.ctx is not None else None
        if conn is None:
            return self.tr(
                "Connect to a local endpoint (such as DynamoDB Local) to {action}.").format(action=action)
        from dynoview.core.session import local_tables  # botocore: loaded once connected

        try:
            local_tables.check_local(conn.spec, action)
        except local_tables.LocalTablesRefused as exc:
            return exc.message
        return None

    def _allow(self, entry: QAction, action: str, default_tip: str = "") -> None:
        why = self.refusal(action)
        entry.setEnabled(why is None)
        entry.setToolTip(why or default_tip)

    def track_actions(self, create: QAction, delete: QAction) -> None:
        """Keep File's Create table… and Delete table… enabled only where they can work."""
        self._actions = (create, delete)
        self.update_actions()

    def update_actions(self) -> None:
        if self._actions is None:
            return
        create, delete = self._actions
        self._allow(create, CREATE, self.tr("Create a table on this local endpoint"))
        self._allow(delete, DELETE, self.tr("Delete the selected table on this local endpoint"))
        if delete.isEnabled() and not self.current_name():
            delete.setEnabled(False)
            delete.setToolTip(self.tr("Select a table to delete in the Tables list."))

    def current_name(self) -> str | None:
        item = self.list.currentItem()
        return item.text() if item is not None else None

    def create_table(self) -> None:
        """Create table…: the dialog; once the table is active, the list is read again and
        the new table selected."""
        if self.ctx is None:
            return
        from dynoview.ui.tables.create_dialog import CreateTableDialog

        dialog = CreateTableDialog(self.ctx, self)
        dialog.created.connect(self._created)
        self._show_dialog(dialog)

    def delete_table(self, name: str | None = None) -> None:
        """Delete table…: ``name`` or the selected table, once its name is typed again."""
        name = name or self.current_name()
        if self.ctx is None or not name:
            return
        from dynoview.ui.tables.delete_dialog import DeleteTableDialog

        dialog = DeleteTableDialog(self.ctx, name, self)
        dialog.deleted.connect(lambda _name: self.tables_changed.emit())
        dialog.deleted.connect(self.ctx.table_deleted)  # views showing it let it go
        self._show_dialog(dialog)

    def _show_dialog(self, dialog: QDialog) -> None:
        self.table_dialog = dialog
        dialog.finished.connect(dialog.deleteLater)
        dialog.open()

    def _created(self, name: str) -> None:
        self._select_next = name
        self.tables_changed.emit()

    # -- the list ----------------------------------------------------------------------
    def set_tables(self, names: list[str]) -> None:
        self.list.blockSignals(True)
        self.list.clear()
        self.list.addItems(names)
        self.list.blockSignals(False)
        self.heading.setText(self.tr("Tables ({names_count})").format(names_count=len(names)))
        self.info = None
        self.description.clear()
        self._apply_filter(self.filter.text())
        self.update_actions()
        wanted, self._select_next = self._select_next, None
        if wanted in names:
            self.select(wanted)

    def select(self, name: str) -> None:
        matches = self.list.findItems(name, Qt.MatchFlag.MatchExactly)
        if matches:
            self.list.setCurrentItem(matches[0])

    def _apply_filter(self, text: str) -> None:
        needle = text.strip().lower()
        for row in range(self.list.count()):
            item = self.list.item(row)
            item.setHidden(bool(needle) and needle not in item.text().lower())

    def _pick_first_visible(self) -> None:
        for row in range(self.list.count()):
            item = self.list.item(row)
            if not item.isHidden():
                self.list.setCurrentItem(item)
                return

    def _current_changed(self, name: str) -> None:
        self.update_actions()
        if name:
            self.table_selected.emit(name)

    # -- the description ----------------------------------------------------------------
    def show_description(self, info: TableInfo) -> None:
        """The table's keys, indexes and settings now; point-in-time recovery and the
        resource policy once their calls answer."""
        self.info = info
        self.description.setHtml(description_html(info))
        if self.extras is not None:
            self.extras.read(info)

    def _extras_read(self, info: TableInfo, lines: list[str]) -> None:
        if self.info is info:  # still the table shown
            self.description.setHtml(description_html(info, lines))


class ExtrasReader(QObject):
    """Reads a table's point-in-time recovery and resource policy (a call each) off the UI
    thread and hands back their lines, or one saying they are not known."""

    read_done = Signal(object, object)  # (TableInfo, list[str])

    def __init__(self, ctx: AppContext, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.ctx = ctx

    def read(self, info: TableInfo) -> None:
        if self.ctx.connection is not None:
            self.ctx.tasks.start(EXTRAS_TASK, self._read(info),
                                 on_error=lambda exc: self._failed(info, exc))

    async def _read(self, info: TableInfo) -> None:
        from dynoview.core.session.tables import table_extras

        conn = self.ctx.connection
        assert conn is not None
        extras = await self.ctx.tasks.call(table_extras, conn, info)
        self.read_done.emit(info, extras.lines())

    def _failed(self, info: TableInfo, exc: BaseException) -> None:
        self.read_done.emit(info, [self.tr("Point-in-time recovery and resource policy: not known "
                                   "({type})").format(type=type(exc).__name__)])
