"""Where the window's requests go: an item opened from another panel, the builder brought
forward with an edit, a delete or a template, the locks panel's commands, a table by name.

It takes the views it routes between, not the window.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import QDockWidget

from dynoview.ui import settings as saved
from dynoview.ui.context import AppContext
from dynoview.ui.items.panel import ItemsPanel
from dynoview.ui.window.feature_tabs import FeatureTabs
from dynoview.ui.window.tables_panel import TablesPanel

if TYPE_CHECKING:  # a type only: table descriptions load with the connection, after the first paint
    from dynoview.core.session.tables import TableInfo
    from dynoview.core.tx.model import Transaction


class WindowRouter:
    def __init__(self, ctx: AppContext, tabs: FeatureTabs, items_panel: ItemsPanel,
                 tables_panel: TablesPanel, tables_dock: QDockWidget,
                 show_status: Callable[[str], None], update_title: Callable[[], None]) -> None:
        self.ctx = ctx
        self.tabs = tabs
        self.items_panel = items_panel
        self.tables_panel = tables_panel
        self.tables_dock = tables_dock
        self.show_status = show_status
        self.update_title = update_title
        self.pending_key: tuple[str, dict] | None = None  # an item to open once its table shows
        ctx.open_item_requested.connect(self.open_item)
        ctx.open_builder_requested.connect(self.open_request)
        ctx.edit_requested.connect(lambda info, old, new: self.builder().open_edit(info, old, new))
        ctx.delete_requested.connect(self.open_delete)
        ctx.table_deleted.connect(self.table_deleted)

    # -- items ---------------------------------------------------------------------------
    def open_item(self, table: str, key: dict) -> None:
        """Show an item by key: its row when it is on the page, else read by key (GetItem)."""
        self.tabs.show(self.items_panel)
        if self.ctx.table is None or self.ctx.table.name != table:
            self.pending_key = (table, dict(key))  # opened once the table's first page shows
            self.tables_panel.select(table)
        else:
            self.items_panel.open_key(key)

    def first_page_shown(self, table: str) -> None:
        pending, self.pending_key = self.pending_key, None
        if pending is not None and pending[0] == table:
            self.items_panel.open_key(pending[1])

    def table_deleted(self, name: str) -> None:
        """``name`` was deleted from this window: its rows are not shown as if it were there,
        nor are its actions (Copy to table…, Import…) left on them."""
        self.ctx.tables.pop(name, None)
        if self.pending_key is not None and self.pending_key[0] == name:
            self.pending_key = None
        if self.ctx.table is not None and self.ctx.table.name == name:
            self.ctx.set_table(None)
            self.items_panel.set_table(None)
            self.update_title()
        self.show_status(QCoreApplication.translate("WindowRouter", "Table {name} was deleted.")
                         .format(name=name))

    def open_table_by_name(self, name: str) -> None:
        """Show the Items tab on ``name`` (from the palette or the recent menu)."""
        self.tabs.show(self.items_panel)
        if self.ctx.table is not None and self.ctx.table.name == name:
            self.items_panel.view.setFocus()
            return
        if not self.tables_panel.list.findItems(name, Qt.MatchFlag.MatchExactly):
            self.show_status(QCoreApplication.translate(
                "WindowRouter", "Table {name} is not on this connection.").format(name=name))
            return
        self.tables_panel.filter.clear()
        self.tables_panel.select(name)
        self.items_panel.view.setFocus()

    def table_names(self) -> list[str]:
        lst = self.tables_panel.list
        return [lst.item(r).text() for r in range(lst.count())]

    def recent_tables(self) -> list[str]:
        """This connection's recent tables that are still on it, latest first."""
        conn = self.ctx.connection
        if conn is None:
            return []
        present = set(self.table_names())
        return [t for t in saved.recent_tables(conn.spec.name) if t in present]

    def focus_tables(self) -> None:
        self.tables_dock.show()
        self.tables_panel.filter.setFocus()
        self.tables_panel.filter.selectAll()

    # -- the builder -----------------------------------------------------------------------
    def builder(self) -> Any:
        """The transaction builder, brought forward."""
        builder = self.tabs.feature("BuilderPanel")
        self.tabs.show(builder)
        return builder

    def open_request(self, request: dict | Transaction) -> None:
        """Another tab's transaction (staged edits, a copy's batch, a lock repair) in the
        builder: over its unsent actions, Replace / Append / Cancel is asked first."""
        builder = self.builder()  # first: the question is about what it shows
        # What the window's own panels send is in memory form (ctx.open_builder_requested).
        builder.drafts.receive(request)

    def open_delete(self, info: TableInfo, item: dict) -> None:
        self.builder().open_delete(info, item)

    def run_template(self, name: str, rule: str | None = None) -> None:
        """Start a template from the palette: the builder comes forward and opens its form."""
        self.builder().run_template(name, rule)

    def open_builder(self) -> None:
        self.tabs.focus_first_field(self.builder())  # the panel itself takes no keys

    # -- accounts and locks --------------------------------------------------------------------
    def locks_command(self, command: str) -> None:
        """Diagnose, run the audit or edit the schema, from the palette."""
        panel = self.tabs.feature("LocksPanel")
        self.tabs.show(panel)
        if command == "diagnose":
            panel.value_edit.setFocus(Qt.FocusReason.ShortcutFocusReason)
            panel.value_edit.selectAll()
        elif command == "audit":
            panel.run_audit()
        elif command == "schema":
            panel.edit_schema()
