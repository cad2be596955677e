"""The open table's uniqueness schema in Accounts & locks: its sentence, the schema dialog
(Edit schema…) and detection from a sample page (Detect from sample); the panel composes one
and applies a saved schema (``apply``)."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QDialog, QLabel, QWidget

from dynoview.core.uniqueness.schema import SchemaProposal, UniquenessSchema
from dynoview.ui.context import AppContext
from dynoview.ui.locks.controller import LocksController
from dynoview.ui.locks.diagnose import DiagnoseBox
from dynoview.ui.locks.schema_dialog import SchemaDialog
from dynoview.ui.locks.text import schema_html


class SchemaActions(QObject):
    """Shows the schema and edits it; ``apply(schema)`` uses a saved one."""

    def __init__(self, ctx: AppContext, controller: LocksController, label: QLabel, box: DiagnoseBox,
                 apply: Callable[[UniquenessSchema], None], parent: QWidget) -> None:
        super().__init__(parent)
        self.ctx, self.controller, self.label, self.box, self.apply = ctx, controller, label, box, apply
        self.widget = parent
        self.dialog: SchemaDialog | None = None
        controller.detected.connect(self._detected)
        controller.detect_failed.connect(ctx.report)

    def show(self, note: str) -> None:
        self.label.setText(schema_html(self.ctx.schema, note))
        self.box.set_rules([r.name for r in self.ctx.schema.rules])

    def edit(self, notes: tuple[str, ...] = (), schema: UniquenessSchema | None = None) -> None:
        """Open the schema dialog (``open()``, no nested loop); Save applies it."""
        if self.dialog is not None:
            self.dialog.close()
        dialog = SchemaDialog(schema or self.ctx.schema, tuple(notes or ()), self.widget, ctx=self.ctx)
        self.dialog = dialog
        dialog.finished.connect(lambda code: self._finished(dialog, code))
        dialog.open()

    def detect(self) -> None:
        """Read a sample page (in the background) and propose a schema to confirm."""
        self.controller.start_detect()

    def _detected(self, proposal: SchemaProposal) -> None:
        if self.dialog is not None and self.dialog.edited():
            # Replacing the open editor would throw away what the user typed there.
            self.ctx.status_message.emit(self.tr(
                "A schema was detected from the sample, but the schema editor holds your changes: "
                "save or cancel them, then choose Detect from sample again."))
            return
        notes = proposal.notes
        if not proposal.confident:
            # Saved as proposed, a guessed layout reads a healthy table's locks as orphans (or
            # its accounts as missing locks), and a repair would then break them all.
            notes = (self.tr("Not sure: this is a guess, not the table's layout. Edit it to match "
                             "your items (the accounts' key prefix and sort key, each lock's key "
                             "template) before you save it."), *notes)
        self.edit(notes, proposal.schema)

    def _finished(self, dialog: SchemaDialog, code: int) -> None:
        if self.dialog is dialog:
            self.dialog = None
        if code == QDialog.DialogCode.Accepted:
            self.apply(dialog.schema())
        dialog.deleteLater()
