"""The "Staged changes (n)" pane under the Items tab's rows: one line per staged cell with its
diff (and what happens to a protected value's lock), Undo, Discard, Discard all and "Review and
send…". Hidden while nothing is staged and there is nothing to say."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QEvent, QObject, QSize, Qt, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QFrame,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from dynoview.core.edits.diff import describe_change, lock_notes, was_text
from dynoview.core.edits.staging import StagedEdits, key_text
from dynoview.core.uniqueness.schema import UniquenessSchema
from dynoview.core.values.display import display_text
from dynoview.ui.elided_label import ElidedLabel
from dynoview.ui.plain_text import plain_label, plain_tooltip
from dynoview.ui.themed import set_role

CELL_ROLE = Qt.ItemDataRole.UserRole + 1  # (table, key, attribute) of a line
LIST_HEIGHT = 100  # pixels, at first: about five lines; the rows above keep the room at 1024 x 700
MIN_LIST_HEIGHT = 44  # two lines: the splitter above the pane stops here
ITEM_WIDTH, ITEM_WIDTH_MAX = 180, 420  # pixels: the Item column, as wide as its keys within these

#: A table's uniqueness rules by its name (``AppContext.schema_for``); None: no lock notes.
SchemaLookup = Callable[[str], UniquenessSchema | None]


class StagedPane(QFrame):
    """The staged cells and what can be done with them; the controller does it."""

    review_requested = Signal()
    undo_requested = Signal()
    discard_requested = Signal(object)  # (table, key, attribute)
    discard_all_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("staged-pane")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.title = plain_label(QLabel())
        font = self.title.font()
        font.setBold(True)
        self.title.setFont(font)
        self.undo_button = QPushButton(self.tr("Undo"))
        self.undo_button.setToolTip(self.tr("Undo the last change to the staged cells (Ctrl+Z)"))
        self.discard_button = QPushButton(self.tr("Discard"))
        self.discard_button.setToolTip(self.tr("Drop the selected staged change (Delete)"))
        self.discard_all_button = QPushButton(self.tr("Discard all"))
        self.review_button = QPushButton(self.tr("Review and send…"))
        self.review_button.setToolTip(self.tr(
            "Open one guarded transaction in the builder: each item is updated only if it still "
            "holds the values you saw"))
        self.review_button.setDefault(False)
        top = QHBoxLayout()
        top.setContentsMargins(0, 0, 0, 0)
        top.addWidget(self.title, 1)
        for button in (self.undo_button, self.discard_button, self.discard_all_button, self.review_button):
            top.addWidget(button)
        self.list = QTreeWidget()
        self.list.setAccessibleName(self.tr("Staged changes"))
        self.list.setHeaderLabels([self.tr("Item"), self.tr("Change")])
        self.list.setRootIsDecorated(False)
        self.list.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.list.setMinimumHeight(MIN_LIST_HEIGHT)
        self.list.header().setSectionResizeMode(0, QHeaderView.ResizeMode.Interactive)
        self.list.header().setStretchLastSection(True)
        self.list.setColumnWidth(0, ITEM_WIDTH)
        self.message = ElidedLabel()
        self.message.setObjectName("staged-message")
        set_role(self.message, "error")
        self.note = ElidedLabel()
        set_role(self.note, "hint")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 4, 6, 4)
        layout.setSpacing(3)
        layout.addLayout(top)
        layout.addWidget(self.list)
        layout.addWidget(self.message)
        layout.addWidget(self.note)
        self.undo_button.clicked.connect(self.undo_requested)
        self.discard_button.clicked.connect(self._discard_selected)
        self.discard_all_button.clicked.connect(self.discard_all_requested)
        self.review_button.clicked.connect(self.review_requested)
        self.list.itemSelectionChanged.connect(self._selection_changed)
        self.list.installEventFilter(self)  # Delete in the list discards the selected line
        self.hide()

    def show_edits(self, edits: StagedEdits, schema_of: SchemaLookup | None, *, error: str = "",
                   note: str = "", sendable: bool = True) -> None:
        """Show the set as it is now (and hide while there is nothing to show). Each item's lock
        notes follow its own table's rules (``schema_of``): the set is every Items tab's."""
        count = edits.count
        self.title.setText(self.tr("Staged changes (%n)", "", count))
        self.list.clear()
        tables = {item_edits.table for item_edits in edits}
        schemas = {table: schema_of(table) if schema_of is not None else None for table in tables}
        for item_edits in edits:
            notes = lock_notes(item_edits, schemas[item_edits.table])
            where = key_text(item_edits.key)
            short = " / ".join(display_text(av, limit=40) for av in item_edits.key.values())
            if len(tables) > 1:  # the set is the window's: say whose item each line is
                short = self.tr("{table}: {key}").format(table=item_edits.table, key=short)
            for number, change in enumerate(item_edits.cells):
                text = describe_change(change)
                if change.attribute in notes:
                    text += f" ({notes[change.attribute]})"
                line = QTreeWidgetItem(["" if number else short, text])  # the key once per item
                # Keys and values are the table's: tooltips show their characters, never HTML.
                line.setToolTip(0, plain_tooltip(f"{item_edits.table}: {where}"))
                line.setToolTip(1, plain_tooltip(f"{text}\n{was_text(change)}"))
                line.setData(0, CELL_ROLE, (item_edits.table, item_edits.key, change.attribute))
                self.list.addTopLevelItem(line)
        self.list.resizeColumnToContents(0)  # a key with its table name is wider than 180
        self.list.setColumnWidth(0, max(ITEM_WIDTH, min(self.list.columnWidth(0), ITEM_WIDTH_MAX)))
        self.list.setVisible(count > 0)
        self.message.setText(error)
        self.message.setVisible(bool(error))
        self.note.setText(note)
        self.note.setVisible(bool(note))
        self.undo_button.setEnabled(edits.can_undo)
        self.discard_all_button.setEnabled(count > 0)
        self.review_button.setEnabled(count > 0 and sendable)
        self._selection_changed()
        self.setVisible(count > 0 or bool(error) or bool(note) or edits.can_undo)

    def sizeHint(self) -> QSize:
        """As tall as the buttons, about five lines and the messages: the splitter above the
        pane gives the rows the rest (a tree's own hint is 190 pixels)."""
        hint = super().sizeHint()
        extra = self.list.sizeHint().height() - LIST_HEIGHT if self.list.isVisibleTo(self) else 0
        return QSize(hint.width(), hint.height() - max(0, extra))

    def lines(self) -> list[str]:
        """Each line's change text, as shown (tests and the accessible summary read them)."""
        lines = (self.list.topLevelItem(i) for i in range(self.list.topLevelItemCount()))
        return [line.text(1) for line in lines if line is not None]

    def select_line(self, row: int) -> None:
        line = self.list.topLevelItem(row)
        if line is not None:
            self.list.setCurrentItem(line)

    def _selected(self) -> Any:
        item = self.list.currentItem()
        return item.data(0, CELL_ROLE) if item is not None and item.isSelected() else None

    def _selection_changed(self) -> None:
        self.discard_button.setEnabled(self._selected() is not None)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if (watched is self.list and event.type() == QEvent.Type.KeyPress and isinstance(event, QKeyEvent)
                and event.key() == Qt.Key.Key_Delete and self._selected() is not None):
            self._discard_selected()
            return True
        return super().eventFilter(watched, event)

    def _discard_selected(self) -> None:
        cell, current = self._selected(), self.list.currentItem()
        if cell is None or current is None:
            return
        row = self.list.indexOfTopLevelItem(current)
        self.discard_requested.emit(cell)
        # The next line (or the last) stays selected, and the focus in the list, to go on.
        count = self.list.topLevelItemCount()
        if count and self.list.isVisible():
            self.select_line(min(row, count - 1))
            self.list.setFocus()
