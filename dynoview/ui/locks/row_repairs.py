"""Opens the repair forms of Accounts & locks (a row's, or a diagnosis's) and hands an accepted
form's transaction to the builder; the states are ``RepairFlow``'s.

A form is built from a row or an answer read on one connection's table. When the window moves to
another connection (File → Connect…) or another table, the form stays open and says so, its OK
and Export turned off (as the dialogs watching ``transfer.opened_on`` do): its transaction would
go to the builder of the new place, where the item of the same key is another one. Accepted all
the same, nothing reaches the builder, and a former owner is not read on the new place either.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QDialog, QWidget

from dynoview.ui.builder.lock_forms import ReleaseLockForm
from dynoview.ui.builder.owner_read import read_owner
from dynoview.ui.builder.template_forms import TemplateForm
from dynoview.ui.context import AppContext
from dynoview.ui.locks.repair_flow import RepairFlow
from dynoview.ui.transfer.opened_on import OpenedOn

MOVED_NOTE = TemplateForm.MOVED_NOTE  # the form's sentence once the window moved (tests find it)


class RowRepairs(QObject):
    """``open(kind, build, *args)``: build the form with ``build(schema, table, *args,
    parent=...)`` and show it (``open()``, no nested loop); a form that cannot be built says why."""

    def __init__(self, ctx: AppContext, schema: Callable[[], Any], parent: QWidget) -> None:
        super().__init__(parent)
        self.ctx, self.schema, self.widget = ctx, schema, parent
        self.flow = RepairFlow()
        self._opened_on: OpenedOn | None = None  # the open form's connection

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
        self._opened_on = opened_on = OpenedOn(self.ctx, form)  # goes with the form
        if isinstance(form, ReleaseLockForm):  # it reads its former owner on OK: where it opened
            form.read_owner.connect(lambda key: self._read_owner(form, opened_on, key))
        form.finished.connect(lambda code: self._finished(form, opened_on, code))
        form.open()

    def turn_off_if_moved(self) -> None:
        """The window's table or connection changed: the open form, if it was opened on another
        one, says so above its fields and turns OK and Export off."""
        form, opened_on = self.current_form, self._opened_on
        if form is None or opened_on is None or not self._moved(form, opened_on):
            return
        form.set_moved(self.tr("{why} Nothing is sent from this form: close it, and open it again "
                               "from the audit or diagnosis of the table the window shows.").format(
                                   why=self._why(form, opened_on)))

    def _moved(self, form: TemplateForm, opened_on: OpenedOn) -> bool:
        """Whether the window left the form's connection or table (once left: for good)."""
        table = self.ctx.table
        return bool(opened_on.stale or table is None or table.name != form.table or form.moved)

    def _why(self, form: TemplateForm, opened_on: OpenedOn) -> str:
        """Where the form was opened and where the window is now."""
        table = self.ctx.table
        if opened_on.stale:
            now = opened_on.window_text()
        elif table is None:
            now = self.tr("The window has no table open now.")
        else:
            now = self.tr("The window shows the table {name} now.").format(name=table.name)
        return self.tr("This form was opened on the table {table} of {then}. {now}").format(
            table=form.table, then=opened_on.opened_text(), now=now)

    def _read_owner(self, form: ReleaseLockForm, opened_on: OpenedOn, key: dict[str, Any]) -> None:
        if self._moved(form, opened_on):  # the window's reader reads another place now
            form.owner_read_failed(self._why(form, opened_on))
            return
        read_owner(form, self.ctx, key)

    def _finished(self, form: TemplateForm, opened_on: OpenedOn, code: int) -> None:
        accepted = code == QDialog.DialogCode.Accepted and form.transaction is not None
        if accepted and self._moved(form, opened_on):  # OK pressed all the same (or called)
            self.ctx.status_message.emit(self.tr("{title}: nothing was opened in the builder. {why}").format(
                title=form.windowTitle(), why=self._why(form, opened_on)))
            accepted = False
        request = self.flow.finished(form, form.transaction.to_request() if accepted and form.transaction
                                     else None)
        if request is not None:
            self.ctx.open_builder_requested.emit(request)
        if self._opened_on is opened_on:
            self._opened_on = None
        form.deleteLater()
