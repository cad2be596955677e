"""The Items tab's selection: the selected row or the item read by key, shown in the detail
pane, kept across a model reset, handed to the templates (``ctx.select_item``), and what
Edit…, Delete… and the transfer buttons act on."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QCoreApplication, QItemSelection
from PySide6.QtWidgets import QPushButton

from dynoview.ui.context import AppContext
from dynoview.ui.items.controller import Fresh, ReadFor
from dynoview.ui.items.model import ItemsModel
from dynoview.ui.items.result_pane import ResultPane
from dynoview.ui.row_select import select_only_row

Item = dict[str, Any]

if TYPE_CHECKING:  # a type only: table descriptions load with the connection, after the first paint
    from dynoview.core.session.tables import TableInfo


class ItemSelection:
    def __init__(self, ctx: AppContext, model: ItemsModel, results: ResultPane,
                 info: Callable[[], TableInfo | None], buttons: list[QPushButton]) -> None:
        self.ctx, self.model, self.results = ctx, model, results
        self.detail = results.detail
        self._info = info
        self._buttons = buttons  # Edit… and Delete…: one item at a time
        self.by_key_item: Item | None = None  # shown in the detail, not on the page
        self.row_item: Item | None = None  # the selected row shown in the detail
        self._kept_key: Item | None = None  # the selected row's key across a reset
        results.view.selectionModel().selectionChanged.connect(self.changed)
        # A reset (a new read, or a page bringing new columns) or a removed row drops the
        # selection without selectionChanged: keep the row when it is still there.
        model.modelAboutToBeReset.connect(self._remember)
        model.modelReset.connect(self._restore)
        model.rowsRemoved.connect(self.maybe_gone)

    def clear(self) -> None:
        """Nothing shown: a new table or a new read."""
        self.by_key_item = self.row_item = None
        self.detail.show_item(None)
        self.update_actions()

    def changed(self, selected: QItemSelection, _deselected: QItemSelection) -> None:
        rows = {i.row() for i in selected.indexes()} or set(self.results.selected_rows())
        if not rows:
            self.maybe_gone()
            return
        self.by_key_item = None
        row = min(rows)
        item = self.model.item(row)
        self.row_item = item
        self.detail.show_item(item, self.key_text(item), self.model.ttl_of(row))
        self.update_actions()
        self.ctx.select_item(item, "items", self._table_name())

    def _remember(self) -> None:
        item, info = self.selected_item(), self._info()
        self._kept_key = info.key_of(item) if item is not None and info is not None else None

    def _restore(self) -> None:
        key, self._kept_key = self._kept_key, None
        if key is None or not self.select_key(key):
            self.maybe_gone()

    def maybe_gone(self) -> None:
        """The selected row is gone (deselected, a new read, a deleted row): its detail, its
        buttons and the templates' subject go with it. A message about an item read by key
        stays."""
        if self.selected_item() is not None or self.by_key_item is not None:
            return
        if self.row_item is not None:
            self.row_item = None
            self.detail.show_item(None)
            if self.ctx.subject is not None and self.ctx.subject.source == "items":
                self.ctx.select_item(None)
        self.update_actions()

    def update_actions(self) -> None:
        """Edit… and Delete… need one item: a selected row or one opened by key."""
        has_item = self.current_item() is not None and len(self.selected_items()) <= 1
        for button in self._buttons:
            button.setEnabled(has_item)
        self.results.transfer.update_state()

    def selected_item(self) -> Item | None:
        rows = self.results.selected_rows()
        return self.model.item(rows[0]) if rows else None

    def selected_items(self) -> list[Item]:
        """Every selected row's item, in the order shown."""
        return self.results.selected_items()

    def current_item(self) -> Item | None:
        """The item Edit… and Delete… act on: the selected row, or the item read by key."""
        return self.selected_item() or self.by_key_item

    def _table_name(self) -> str | None:
        info = self._info()
        return info.name if info is not None else None

    # -- items by key --------------------------------------------------------------
    def select_key(self, key: Item) -> bool:
        """Select the loaded row with this primary key (used by links from other panels)."""
        row = self.model.row_of(key)
        if row is None:
            return False
        view = self.results.view
        select_only_row(view, row)
        view.scrollTo(self.model.index(row, 0))
        return True

    def reading_key(self, key: Item) -> None:
        """A GetItem for ``key`` started: the detail says so until it answers."""
        self.results.view.clearSelection()
        self.detail.title.setText(QCoreApplication.translate(
            "ItemSelection", "Reading {key_text}…").format(key_text=self.key_text(key)))

    def key_answered(self, read_for: ReadFor, key: Item, item: Item | None) -> None:
        """``read_key``'s answer, shown only while the panel shows the table (and connection)
        it was read for: after a switch it is another table's item."""
        if read_for.still(self.ctx, self._info()):
            self.show_by_key(key, item)

    def show_by_key(self, key: Item, item: Item | None) -> None:
        if self.selected_item() is not None:
            return  # the user picked a row meanwhile
        self.by_key_item = item
        self.row_item = None
        key_text = self.key_text(key)
        if item is None:
            self.detail.show_item(None)
            self.detail.title.setText(QCoreApplication.translate(
                "ItemSelection", "No item with {key_text}: it does not exist (or was deleted).").format(
                    key_text=key_text))
            self.ctx.select_item(None)
        else:
            self.detail.show_item(item, QCoreApplication.translate(
                "ItemSelection", "{key_text} — read by key (GetItem): not on the current page").format(
                    key_text=key_text))
            self.ctx.select_item(item, "items", self._table_name())
        self.update_actions()

    def key_text(self, item: Item) -> str:
        from dynoview.core.values.display import display_text  # with the rows, after the paint
        from dynoview.core.values.visible_text import visible

        info = self._info()
        return ", ".join(f"{visible(k)} = {display_text(item[k])}" for k in (info.key_names if info else ())
                         if k in item)

    # -- after the builder wrote ------------------------------------------------
    def apply_fresh(self, fresh: Fresh) -> int:
        """Put the items a transaction touched in the page and the detail, as they are now;
        returns how many it wrote that this page does not hold."""
        shown = self.current_item()
        not_on_page = 0
        for key, item in fresh:
            on_page = self.model.replace_item(key, item)
            if not on_page and item is not None:
                not_on_page += 1
            if shown is None or not all(shown.get(k) == v for k, v in key.items()):
                continue
            if self.by_key_item is not None:
                self.show_by_key(key, item)
            elif item is None:
                self.detail.show_item(None)
                self.detail.title.setText(QCoreApplication.translate(
                    "ItemSelection", "{key_text} was deleted by the transaction.").format(
                        key_text=self.key_text(key)))
            else:
                row = self.model.row_of(key)
                ttl = self.model.ttl_of(row) if row is not None else None
                self.detail.show_item(item, self.key_text(item), ttl)
        self.update_actions()
        return not_on_page
