"""Drafts saved under a name: Save draft as… (a name, checked as it is typed) and Open draft…
(the list with each draft's time and number of actions; open, or delete after a question)."""

from __future__ import annotations

import time

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QLabel,
    QLineEdit,
    QMessageBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from dynoview.core.drafts.model import Draft, DraftError
from dynoview.core.drafts.store import DraftInfo, DraftStore
from dynoview.ui.accessible import tab_leaves
from dynoview.ui.builder.drafts_prompts import DRAFTS_PROMPTS
from dynoview.ui.destructive_question import ask_destructive
from dynoview.ui.plain_text import plain_label
from dynoview.ui.themed import set_role


def _label(text: str = "", role: str = "hint") -> QLabel:
    label = plain_label(QLabel(text))
    label.setWordWrap(True)
    set_role(label, role)
    label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
    return label


class SaveDraftDialog(QDialog):
    """Save the builder's work under a name (a draft of that name is replaced, and said so)."""

    saved = Signal(str, object)  # name, the Draft as written

    def __init__(self, store: DraftStore, draft: Draft, name: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Save draft as"))
        self.store = store
        self.draft = draft
        self.name_edit = QLineEdit(name)
        self.name_edit.setAccessibleName(self.tr("Draft name"))
        self.name_edit.selectAll()
        self.hint = _label()
        self.error = _label(role="error")
        self.error.hide()
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Save
                                        | QDialogButtonBox.StandardButton.Cancel)
        self.buttons.accepted.connect(self.save)
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(_label(self.tr("Saves the builder's {describe} under a name: Drafts → "
                                "Open draft… brings them back.").format(describe=draft.describe())))
        name_label = plain_label(QLabel(self.tr("&Name")))
        name_label.setBuddy(self.name_edit)
        layout.addWidget(name_label)
        layout.addWidget(self.name_edit)
        layout.addWidget(self.hint)
        layout.addWidget(self.error)
        layout.addWidget(self.buttons)
        self.name_edit.textChanged.connect(self._check)
        self._check(name)
        self.resize(460, self.sizeHint().height())

    def _check(self, text: str) -> None:
        name = text.strip()
        try:
            taken = bool(name) and self.store.find_named(name) is not None
        except OSError:
            taken = False  # the folder cannot be looked into: Save says why, in a sentence
        self.hint.setText(self.tr(
            "A draft named “{name}” exists: saving replaces it.").format(name=name) if taken else "")
        self.hint.setVisible(taken)
        self.buttons.button(QDialogButtonBox.StandardButton.Save).setEnabled(bool(name))

    def save(self) -> None:
        name = self.name_edit.text().strip()
        try:
            written = self.store.save_named(name, self.draft)
        except (OSError, DraftError) as exc:
            self.error.setText(self.tr("The draft could not be saved: {exc}").format(exc=exc))
            self.error.show()
            return
        self.saved.emit(name, written)
        self.accept()


class OpenDraftDialog(QDialog):
    """The named drafts, newest first: open one in the builder, or delete it."""

    chosen = Signal(object)  # the Draft to open
    COLUMNS = ("Name", "Made for", "Saved", "Actions")

    def __init__(self, store: DraftStore, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Open draft"))
        self.store = store
        self.infos: list[DraftInfo] = []
        self.delete_box: QMessageBox | None = None  # "Delete the draft?", while asked
        self.table = tab_leaves(QTableWidget(0, len(self.COLUMNS)))
        self.table.setHorizontalHeaderLabels([self.tr("Name"), self.tr("Made for", "a draft's connection "
                                                      "and table"), self.tr("Saved"), self.tr("Actions")])
        self.table.setAccessibleName(self.tr("Saved drafts"))
        self.table.verticalHeader().hide()
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        for column in (1, 2, 3):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
        self.message = _label()
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Open
                                        | QDialogButtonBox.StandardButton.Close)
        self.open_button = self.buttons.button(QDialogButtonBox.StandardButton.Open)
        self.delete_button = self.buttons.addButton(self.tr(
            "Delete"), QDialogButtonBox.ButtonRole.DestructiveRole)
        self.buttons.accepted.connect(self.open_selected)
        self.buttons.rejected.connect(self.reject)
        self.delete_button.clicked.connect(self.delete_selected)
        delete_key = QShortcut(QKeySequence(QKeySequence.StandardKey.Delete), self.table,
                               self.delete_selected)
        delete_key.setContext(Qt.ShortcutContext.WidgetShortcut)
        self.table.itemSelectionChanged.connect(self._selection_changed)
        self.table.cellDoubleClicked.connect(lambda *_: self.open_selected())
        layout = QVBoxLayout(self)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.message)
        layout.addWidget(self.buttons)
        self.resize(640, 360)
        self.reload()

    def reload(self, problems: list[str] | None = None) -> None:
        self.infos, found = self.store.list_named()
        self.table.setRowCount(len(self.infos))
        for row, info in enumerate(self.infos):
            when = time.strftime("%Y-%m-%d %H:%M", time.localtime(info.saved_at))
            # Where its work was meant to go: opening it on another connection or table warns.
            made_for = " @ ".join(p for p in (info.table, info.connection) if p) or "—"
            for col, text in enumerate((info.name, made_for, when, str(info.action_count))):
                cell = QTableWidgetItem(text)
                if col == 3:
                    cell.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                self.table.setItem(row, col, cell)
        said = [*(problems or []), *found]
        if not self.infos and not said:
            said.append(self.tr(
                "No drafts saved yet: Drafts → Save draft as… keeps the builder's work under a name."))
        elif self.infos:
            said.insert(0, self.tr("%Ln draft(s) saved.", "", len(self.infos)))
        self.message.setText(" ".join(said))
        if self.infos:
            self.table.selectRow(0)
        self._selection_changed()

    def selected(self) -> DraftInfo | None:
        rows = self.table.selectionModel().selectedRows()
        return self.infos[rows[0].row()] if rows else None

    def _selection_changed(self) -> None:
        chosen = self.selected() is not None
        self.open_button.setEnabled(chosen)
        self.delete_button.setEnabled(chosen)

    def open_selected(self) -> None:
        info = self.selected()
        if info is None:
            return
        try:
            draft = self.store.open_named(info.name)
        except DraftError as exc:
            self.reload([str(exc)])
            return
        self.chosen.emit(draft)
        self.accept()

    def delete_selected(self) -> None:
        """Delete (the button, or Del in the list) asks first: a deleted draft cannot come back."""
        info = self.selected()
        if info is not None:
            self._ask_delete(info)

    def _ask_delete(self, info: DraftInfo) -> None:
        """Delete / Cancel, naming the draft, its actions and where they were meant to go; Enter
        and Escape cancel."""
        actions = DRAFTS_PROMPTS.tr("%Ln action(s)", "", info.action_count)
        when = time.strftime("%Y-%m-%d %H:%M", time.localtime(info.saved_at))
        where = (self.tr("the table {table} on the connection {connection}") if info.table and info.connection
                 else self.tr("the table {table}") if info.table
                 else self.tr("the connection {connection}") if info.connection else "")
        held = (self.tr("It holds {actions} for {where}, saved {when}.") if where
                else self.tr("It holds {actions}, saved {when}.")).format(
                    actions=actions, when=when,
                    where=where.format(table=info.table, connection=info.connection))
        def answered(delete: bool) -> None:
            self.delete_box = None
            if delete:
                self._delete(info)
            else:
                self.table.setFocus()

        # The draft's, table's and connection's names are the user's text: plain.
        self.delete_box = ask_destructive(
            self, title=self.tr("Delete draft?"),
            question=self.tr("Delete the draft “{name}”?").format(name=info.name),
            details=" ".join([held, self.tr("Deleting it cannot be undone.")]), action=self.tr("Delete"),
            name="delete-draft-question", answered=answered)

    def _delete(self, info: DraftInfo) -> None:
        try:
            self.store.delete_named(info.name)
        except OSError as exc:
            self.reload([self.tr(
                "The draft “{name}” could not be deleted: {value}.").format(
                    name=info.name, value=exc.strerror or exc)])
            return
        self.reload([self.tr("Deleted the draft “{name}”.").format(name=info.name)])
