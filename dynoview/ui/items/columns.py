"""The items view's columns: choose, reorder, hide and sort them, remembered per table.

Drag a header to move its column; click it to sort the loaded items (ascending, descending,
then back to the order read); right-click the header to show or hide columns. The layout is
kept by column name (``core.reads.column_layout``), since columns come and go as pages bring new
attributes, and saved for the connection and table.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QPoint, Qt
from PySide6.QtWidgets import QHeaderView, QMenu, QTableView

from dynoview.ui import settings as saved
from dynoview.ui.items.model import ItemsModel

if TYPE_CHECKING:  # loaded when a table's columns are first shown, after the window's first paint
    from dynoview.core.reads.column_layout import ColumnLayout

TableKey = tuple[str, str]  # (connection name, table name)


class ItemsColumns(QObject):
    """Keeps a QTableView's header in step with the saved ``ColumnLayout`` of its table."""

    def __init__(self, view: QTableView, model: ItemsModel,
                 table_key: Callable[[], TableKey | None]) -> None:
        super().__init__(view)
        self.view = view
        self.model = model
        self._table_key = table_key
        self._applying = False
        self._layout: ColumnLayout | None = None  # ``layout``: made when first needed
        header = self.header
        header.setSectionsMovable(True)
        header.setSortIndicatorShown(False)
        header.setSortIndicatorClearable(True)
        header.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        header.customContextMenuRequested.connect(self._menu)
        header.sectionMoved.connect(lambda *_: self._save())
        header.sectionClicked.connect(self._clicked)
        header.setToolTip(self.tr("Click to sort the loaded items, drag to move a column, "
                          "right-click to choose columns"))
        model.modelReset.connect(self.apply)

    @property
    def header(self) -> QHeaderView:
        return self.view.horizontalHeader()

    @property
    def layout(self) -> ColumnLayout:
        """The table's layout as last applied or saved (an empty one before that)."""
        if self._layout is None:
            from dynoview.core.reads.column_layout import ColumnLayout

            self._layout = ColumnLayout()
        return self._layout

    # -- applying the saved layout ---------------------------------------------------------
    def apply(self) -> None:
        """Show the model's columns as the table's saved layout says."""
        key = self._table_key()
        if key:
            from dynoview.core.reads.column_layout import ColumnLayout

            self._layout = ColumnLayout.from_json(saved.column_layout(*key))
        else:
            self._layout = None  # the empty layout, made when asked for
        columns = self.model.columns()
        self._applying = True
        try:
            sort, descending = None, False
            if columns:  # none in the empty view the window is built with: nothing to arrange
                layout, header = self.layout, self.header
                for visual, name in enumerate(layout.arranged(columns)):
                    logical = columns.index(name)
                    header.moveSection(header.visualIndex(logical), visual)
                for logical, name in enumerate(columns):
                    header.setSectionHidden(logical, name in layout.hidden)
                if not any(not header.isSectionHidden(i) for i in range(len(columns))):
                    header.setSectionHidden(0, False)  # never a table with no column at all
                sort = layout.sort if layout.sort in columns else None
                descending = layout.descending
            self.model.sorting.set_sort(sort, descending)
            self._show_indicator()
        finally:
            self._applying = False

    def _show_indicator(self) -> None:
        sort = self.model.sorting.current
        columns = self.model.columns()
        header = self.header
        if sort is None or sort[0] not in columns:
            header.setSortIndicatorShown(False)
            header.setSortIndicator(-1, Qt.SortOrder.AscendingOrder)
            return
        header.setSortIndicatorShown(True)
        header.setSortIndicator(columns.index(sort[0]), Qt.SortOrder.DescendingOrder if sort[1]
                                else Qt.SortOrder.AscendingOrder)

    # -- user actions -----------------------------------------------------------------------
    def sort_by(self, name: str | None, descending: bool = False) -> None:
        self.model.sorting.set_sort(name, descending)
        self._show_indicator()
        self._save()

    def _clicked(self, logical: int) -> None:
        """Ascending, then descending, then the order DynamoDB returned."""
        columns = self.model.columns()
        if not 0 <= logical < len(columns):
            return
        name = columns[logical]
        current = self.model.sorting.current
        if current is None or current[0] != name:
            self.sort_by(name)
        elif not current[1]:
            self.sort_by(name, descending=True)
        else:
            self.sort_by(None)

    def set_hidden(self, name: str, hidden: bool) -> None:
        columns = self.model.columns()
        if name not in columns:
            return
        logical = columns.index(name)
        shown = [i for i in range(len(columns)) if not self.header.isSectionHidden(i)]
        if hidden and shown == [logical]:
            return  # the last column stays
        self.header.setSectionHidden(logical, hidden)
        self._save()

    def reset(self) -> None:
        """Back to the model's order, every column shown, the order read."""
        key = self._table_key()
        if key:
            saved.save_column_layout(*key, {})
        self.apply()

    def visible_columns(self) -> list[str]:
        """Shown columns in their shown order (what "copy as CSV" of a view would follow)."""
        columns = self.model.columns()
        header = self.header
        return [columns[header.logicalIndex(v)] for v in range(len(columns))
                if not header.isSectionHidden(header.logicalIndex(v))]

    def _menu(self, pos: QPoint) -> None:
        self.menu(self.header.logicalIndexAt(pos)).popup(self.header.mapToGlobal(pos))

    def menu(self, clicked: int = -1) -> QMenu:
        """The header's right-click menu: every column to show or hide, sorting, reset."""
        from dynoview.core.values.visible_text import visible  # with the menu, after the paint

        def shown(name: str) -> str:
            """An attribute name as the table holds it, its hidden characters made visible (a
            U+202E reversed the entry) and its & not taken for a menu accelerator."""
            return visible(name).replace("&", "&&")

        menu = QMenu(self.view)
        menu.addSection(self.tr("Columns"))
        columns = self.model.columns()
        header = self.header
        for visual in range(len(columns)):
            logical = header.logicalIndex(visual)
            name = columns[logical]
            action = menu.addAction(shown(name))
            action.setCheckable(True)
            action.setChecked(not header.isSectionHidden(logical))
            action.toggled.connect(lambda on, name=name: self.set_hidden(name, not on))
        menu.addSeparator()
        if 0 <= clicked < len(columns):
            name = columns[clicked]
            menu.addAction(self.tr("Sort by {name}, ascending").format(name=shown(name)),
                           lambda: self.sort_by(name))
            menu.addAction(self.tr("Sort by {name}, descending").format(name=shown(name)),
                           lambda: self.sort_by(name, True))
        if self.model.sorting.current is not None:
            menu.addAction(self.tr("Order as read (no sort)"), lambda: self.sort_by(None))
        menu.addAction(self.tr("Reset columns (order, shown, sort)"), self.reset)
        menu.aboutToHide.connect(menu.deleteLater)
        return menu

    def _save(self) -> None:
        if self._applying:
            return
        from dynoview.core.reads.column_layout import ColumnLayout

        key = self._table_key()
        columns = self.model.columns()
        header = self.header
        present = set(columns)
        order = [columns[header.logicalIndex(v)] for v in range(len(columns))]
        # Choices about columns this read did not bring are kept for the reads that do.
        absent_order = [name for name in self.layout.order if name not in present]
        hidden = {columns[i] for i in range(len(columns)) if header.isSectionHidden(i)}
        sort = self.model.sorting.current
        self._layout = ColumnLayout(
            order=tuple(order + absent_order) if order != columns or absent_order else (),
            hidden=frozenset(hidden | (self.layout.hidden - present)),
            sort=sort[0] if sort else None, descending=bool(sort and sort[1]))
        if key:
            saved.save_column_layout(*key, self.layout.to_json())
