"""Ctrl+H in the Items tab: this table's saved reads and its recent ones, each run again with
a double-click (or Run); a recent read is kept under a name with Save as, and a saved one is
deleted after a question (Delete saved, or Del in its list)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QMessageBox,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from dynoview.core.reads.browse import BrowseSpec
from dynoview.core.reads.history import SAVED_LIMIT, describe, spec_from_json, spec_to_json
from dynoview.ui import settings as saved
from dynoview.ui.accessible import labelled
from dynoview.ui.destructive_question import ask_destructive
from dynoview.ui.plain_text import plain_label, plain_tooltip
from dynoview.ui.themed import set_role

SpecRole = Qt.ItemDataRole.UserRole + 1
NameRole = Qt.ItemDataRole.UserRole + 2


class ReadHistoryDialog(QDialog):
    """Saved and recent reads of one table; ``run`` gets the chosen spec."""

    def __init__(self, connection: str, table: str, run: Callable[[BrowseSpec], None],
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Reads of {table}").format(table=table))
        self.connection, self.table, self._run = connection, table, run
        self.delete_box: QMessageBox | None = None  # "Delete the saved read?", while asked
        layout = QVBoxLayout(self)
        self.saved_list = QListWidget()
        layout.addWidget(labelled(plain_label(QLabel(self.tr("Saved reads"))), self.saved_list))
        layout.addWidget(self.saved_list, 1)
        self.recent_list = QListWidget()
        layout.addWidget(labelled(plain_label(QLabel(
            self.tr("Recent reads (most recent first)"))), self.recent_list))
        layout.addWidget(self.recent_list, 2)
        save_row = QHBoxLayout()
        self.name_edit = QLineEdit()
        self.name_edit.setPlaceholderText(self.tr("Name for the selected read"))
        self.name_edit.setAccessibleName(self.tr("Name for the selected read"))
        self.save_button = QPushButton(self.tr("Save as"))
        self.delete_button = QPushButton(self.tr("Delete saved"))
        save_row.addWidget(self.name_edit, 1)
        save_row.addWidget(self.save_button)
        save_row.addWidget(self.delete_button)
        layout.addLayout(save_row)
        self.message = plain_label(QLabel())
        set_role(self.message, "hint")
        self.message.setWordWrap(True)
        layout.addWidget(self.message)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        self.run_button = self.buttons.addButton(self.tr("Run"), QDialogButtonBox.ButtonRole.AcceptRole)
        layout.addWidget(self.buttons)

        self.buttons.rejected.connect(self.reject)
        self.run_button.clicked.connect(self.run_selected)
        self.save_button.clicked.connect(self.save_selected)
        self.delete_button.clicked.connect(self.delete_selected)
        delete_key = QShortcut(QKeySequence(QKeySequence.StandardKey.Delete), self.saved_list,
                               self.delete_selected)
        delete_key.setContext(Qt.ShortcutContext.WidgetShortcut)  # a recent read is not deleted
        for lst in (self.saved_list, self.recent_list):
            lst.itemActivated.connect(lambda _item: self.run_selected())
            lst.currentItemChanged.connect(lambda current, _prev, lst=lst: self._picked(lst, current))
        self.fill()
        self.resize(640, 460)

    # -- contents ---------------------------------------------------------------------------
    def fill(self) -> None:
        self.saved_list.clear()
        for name, data in sorted(saved.saved_reads(self.connection, self.table).items()):
            spec = spec_from_json(data, self.table)
            if spec is not None:
                self._add(self.saved_list, f"{name} — {describe(spec)}", spec, name)
        self.recent_list.clear()
        for data in saved.read_history(self.connection, self.table):
            spec = spec_from_json(data, self.table)
            if spec is not None:
                self._add(self.recent_list, describe(spec), spec)
        if not self.saved_list.count() and not self.recent_list.count():
            self.message.setText(self.tr("No reads of this table yet: run one in the Items tab and it "
                                 "appears here."))
        self._update_buttons()

    @staticmethod
    def _add(lst: QListWidget, text: str, spec: BrowseSpec, name: str | None = None) -> None:
        item = QListWidgetItem(text)
        item.setData(SpecRole, spec)
        item.setData(NameRole, name)
        item.setToolTip(plain_tooltip(text))  # a read's text quotes its key values
        lst.addItem(item)

    def _picked(self, lst: QListWidget, current: QListWidgetItem | None) -> None:
        if current is not None:
            other = self.recent_list if lst is self.saved_list else self.saved_list
            other.blockSignals(True)
            other.setCurrentRow(-1)  # no current item: the other list's pick is the one
            other.clearSelection()
            other.blockSignals(False)
            name = current.data(NameRole)
            if name:
                self.name_edit.setText(name)
        self._update_buttons()

    def selected(self) -> tuple[BrowseSpec | None, str | None]:
        for lst in (self.saved_list, self.recent_list):
            item = lst.currentItem()
            if item is not None and item.isSelected():
                return item.data(SpecRole), item.data(NameRole)
        return None, None

    def _update_buttons(self) -> None:
        spec, name = self.selected()
        self.run_button.setEnabled(spec is not None)
        self.save_button.setEnabled(spec is not None)
        self.delete_button.setEnabled(name is not None)

    # -- actions ----------------------------------------------------------------------------
    def run_selected(self) -> None:
        spec, _name = self.selected()
        if spec is not None:
            self.accept()
            self._run(spec)

    def save_selected(self) -> None:
        spec, _name = self.selected()
        name = self.name_edit.text().strip()
        if spec is None:
            return
        if not name:
            self.message.setText(self.tr("Type a name for the read first."))
            self.name_edit.setFocus()
            return
        reads: dict[str, Any] = saved.saved_reads(self.connection, self.table)
        if name not in reads and len(reads) >= SAVED_LIMIT:
            self.message.setText(self.tr(
                "This table has {SAVED_LIMIT} saved reads: delete one first.").format(
                    SAVED_LIMIT=SAVED_LIMIT))
            return
        reads[name] = spec_to_json(spec)
        saved.save_saved_reads(self.connection, self.table, reads)
        self.message.setText(self.tr("Saved as {name}.").format(name=name))
        self.fill()

    def delete_selected(self) -> None:
        """Delete saved (the button, or Del in the saved list) asks first: nothing brings it back."""
        spec, name = self.selected()
        if spec is not None and name:
            self._ask_delete(name, spec)

    def _ask_delete(self, name: str, spec: BrowseSpec) -> None:
        """Delete / Cancel, naming the saved read and what it reads; Enter and Escape cancel."""
        def answered(delete: bool) -> None:
            self.delete_box = None
            if delete:
                self._delete(name)
            else:
                self.saved_list.setFocus()

        # The name and the read's key values are the user's text: plain.
        self.delete_box = ask_destructive(
            self, title=self.tr("Delete saved read?"),
            question=self.tr("Delete the saved read “{name}” of {table}?").format(
                name=name, table=self.table),
            details=self.tr("It reads: {read}. The recent reads and the table's items stay; "
                            "deleting it cannot be undone.").format(read=describe(spec)),
            action=self.tr("Delete"), name="delete-saved-read-question", answered=answered)

    def _delete(self, name: str) -> None:
        reads = saved.saved_reads(self.connection, self.table)
        reads.pop(name, None)
        saved.save_saved_reads(self.connection, self.table, reads)
        self.message.setText(self.tr("Deleted {name}.").format(name=name))
        self.fill()
