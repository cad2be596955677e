"""Opens the repair forms of Accounts & locks (a row's, or a diagnosis's) and hands an accepted
form's transaction to the builder; the states are ``RepairFlow``'s."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QDialog, QWidget

from dynoview.ui.builder.owner_read import connect_owner_read
from dynoview.ui.builder.template_forms import TemplateForm
from dynoview.ui.context import AppContext
from dynoview.ui.locks.repair_flow import RepairFlow


class RowRepairs(QObject):
    """``open(kind, build, *args)``: build the form with ``build(schema, table, *args,
    parent=...)`` and show it (``open()``, no nested loop); a form that cannot be built says why."""

    def __init__(self, ctx: AppContext, schema: Callable[[], Any], parent: QWidget) -> None:
        super().__init__(parent)
        self.ctx, self.schema, self.widget = ctx, schema, parent
        self.flow = RepairFlow()

    @property
    def current_form(self) -> TemplateForm | None:
        return self.flow.form  # type: ignore[no-any-return]

    def open(self, kind: str, build: Callable[..., TemplateForm | None], *args: Any, **kwargs: Any) -> None:
        table = self.ctx.table
        if table is None:
            return
        try:
            form = build(self.schema(), table.name, *args, parent=self.widget, **kwargs)
        except ValueError as exc:
            self.ctx.report(exc)
            return
        if form is None:
            return
        replaced = self.flow.opened(kind, form)
        if replaced is not None:
            replaced.close()
        connect_owner_read(form, self.ctx)  # a release form reads its former owner on OK
        form.finished.connect(lambda code: self._finished(form, code))
        form.open()

    def _finished(self, form: TemplateForm, code: int) -> None:
        accepted = code == QDialog.DialogCode.Accepted and form.transaction is not None
        request = self.flow.finished(form, form.transaction.to_request() if accepted and form.transaction
                                     else None)
        if request is not None:
            self.ctx.open_builder_requested.emit(request)
        form.deleteLater()
