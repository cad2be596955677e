""""Export…" and "Copy to table…" for a view of items (the Items tab, the PartiQL tab).

A view hands over three callables: the items of its current result, the items selected, and
the table behind them (for key columns and a whole-table export). The dialogs do the rest.
Export… is also told whether the read behind the result has more pages not loaded yet, so a
"current result" export says it holds only the items loaded.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from PySide6.QtWidgets import QDialog, QHBoxLayout, QPushButton, QWidget

from dynoview.ui.context import AppContext

if TYPE_CHECKING:  # the connection code and table descriptions load when one is made
    from dynoview.core.session.connection import ConnectionSpec
    from dynoview.core.session.tables import TableInfo
    from dynoview.ui.transfer.export_controller import ExportController
    from dynoview.ui.transfer.import_controller import ImportController

Items = Callable[[], list[dict[str, Any]]]
TableOf = Callable[[], "TableInfo | None"]
MorePages = Callable[[], bool]
#: Why the view's rows are only part of each item (an index's projection, a SELECT of named
#: attributes: ``core.items.partial_rows``), or None when they are whole items.
Partial = Callable[[], "str | None"]


class TransferButtons(QWidget):
    """Buttons that open the export, copy and import dialogs for one view's items."""

    def __init__(self, ctx: AppContext, result: Items, selected: Items,
                 table: TableOf, *, source: str = "the current result",
                 has_result: Callable[[], bool] | None = None,
                 more_pages: MorePages | None = None, partial: Partial | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ctx = ctx
        self._partial = partial or (lambda: None)
        self._result, self._selected, self._table = result, selected, table
        # Whether there is a result, without building it: asked after every page.
        self._has_result = has_result or (lambda: bool(result()))
        # Whether the read has more pages than the result holds: asked when Export… opens.
        self._more_pages = more_pages or (lambda: False)
        self.source = source
        self.dialog: QWidget | None = None  # the open dialog (tests and re-focus)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.export_button = QPushButton(self.tr("Export…"))
        self.export_button.setToolTip(self.tr("Write the current result or the whole table to a file: "
                                      "DynamoDB JSON lines, plain JSON lines or CSV"))
        self.copy_button = QPushButton(self.tr("Copy to table…"))
        self.copy_button.setToolTip(self.tr("Copy the selected items (or the whole result) to another table, "
                                    "through guarded Puts in the transaction builder"))
        self.import_button = QPushButton(self.tr("Import…"))
        self.import_button.setToolTip(self.tr("Load items into this table from JSON lines, a JSON array, "
                                      "DynamoDB JSON, CSV or an S3 export, in guarded batches"))
        layout.addWidget(self.export_button)
        layout.addWidget(self.copy_button)
        layout.addWidget(self.import_button)
        self.export_button.clicked.connect(self.open_export)
        self.copy_button.clicked.connect(self.open_copy)
        self.import_button.clicked.connect(self.open_import)
        self.update_state()

    def update_state(self) -> None:
        """Enable what makes sense now (call when the result or the selection changes)."""
        has_result = self._has_result()
        self.export_button.setEnabled(has_result or self._table() is not None)
        # Rows that hold part of each item would be copied as whole items, the rest lost.
        partial = self._partial() if has_result else None
        self.copy_button.setEnabled(has_result and self.ctx.connection is not None and partial is None)
        self.copy_button.setToolTip(partial or self.tr(
            "Copy the selected items (or the whole result) to another table, through guarded Puts "
            "in the transaction builder"))
        conn = self.ctx.connection
        # A read-only connection refuses imports before anything is read: say so on the button.
        self.import_button.setEnabled(self._table() is not None and conn is not None and not conn.read_only)
        self.import_button.setToolTip(
            self.tr("This connection is read-only: importing writes items.")
            if conn is not None and conn.read_only
            else self.tr("Load items into this table from JSON lines, a JSON array, DynamoDB JSON, CSV or an "
                 "S3 export, in guarded batches"))

    def open_export(self) -> QWidget:
        from dynoview.ui.transfer.export_dialog import ExportDialog  # built on first use

        table = self._table()
        dialog = ExportDialog(self.ctx, self._result(), table=table, source=self.source,
                              more_pages=self._more_pages(), rows_note=self._partial(),
                              parent=self.window())
        self._open(dialog, dialog.controller)
        return dialog

    def open_import(self) -> QWidget | None:
        from dynoview.ui.transfer.import_dialog import ImportDialog  # built on first use

        table = self._table()
        if table is None:
            return None
        from dynoview.ui.transfer.import_controller import PREVIEW_TASK

        dialog = ImportDialog(self.ctx, table, parent=self.window())
        tasks = self.ctx.tasks
        # Only this dialog's Preview can be running when it closes: the dialog is modal, and
        # each one closed stops its own.
        self._open(dialog, dialog.controller, lambda: tasks.cancel(PREVIEW_TASK))
        return dialog

    def _open(self, dialog: QDialog, controller: ExportController | ImportController,
              stop_preview: Callable[[], None] | None = None) -> None:
        """Open a dialog made for this open; closed (Close, Esc, the title bar) it is deleted,
        with the rows it was given, rather than kept hidden in the window for the session."""
        self.dialog = dialog
        # Weak: the last reference to these buttons must not be let go inside the dialog's own
        # destructor (a parentless owner would then delete the dialog a second time).
        owner = weakref.ref(self)

        def closed(_code: int) -> None:
            buttons = owner()
            if buttons is not None and buttons.dialog is dialog:
                buttons.dialog = None
            if controller.running:
                # Still writing (an export stopping after its page, an import a closing window
                # stops): its controller reports to the dialog, and the window finds it there
                # to stop and wait for; both go once it ends.
                controller.finished.connect(lambda *_: dialog.deleteLater())
                return
            if stop_preview is not None:
                stop_preview()  # its answer, now for nobody, must not reach a deleted controller
            dialog.deleteLater()

        dialog.finished.connect(closed)
        dialog.open()

    def open_copy(self) -> QWidget | None:
        from dynoview.ui.transfer.copy_dialog import CopyItemsDialog  # built on first use

        partial = self._partial()
        if partial is not None:  # the button says so; a shortcut or a stale state lands here
            self.ctx.status_message.emit(partial)
            return None

        window: Any = self.window()
        connect_to = getattr(window, "connect_to", None)

        def switch(spec: ConnectionSpec, table: str) -> None:
            assert connect_to is not None
            connect_to(spec, table=table)

        source = self._table()  # this tab's table: an extra tab's items are judged by its rules
        dialog = CopyItemsDialog(self.ctx, self._selected(), self._result(),
                                 switch_connection=switch if connect_to is not None else None,
                                 source_table=source.name if source is not None else None, parent=window)
        self.dialog = dialog
        dialog.open()
        return dialog
