"""The work behind the local table dialogs: create or delete a table off the UI thread
(``ctx.tasks``), and say how it went with a signal. The dialogs stay synchronous."""

from __future__ import annotations

from PySide6.QtCore import QObject, Signal

from dynoview.core.errors import DynoViewError, InputError
from dynoview.core.session import local_tables
from dynoview.ui.context import AppContext

CREATE_TASK = "create-local-table"
DELETE_TASK = "delete-local-table"


class LocalTablesController(QObject):
    """Creates and deletes tables on the context's connection (local endpoints only: the core
    refuses any other before sending)."""

    created = Signal(str)  # the table's name, once it is active
    deleted = Signal(str)  # the table's name, once it is gone
    failed = Signal(str)  # a sentence

    def __init__(self, ctx: AppContext, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.ctx = ctx

    def creating(self) -> bool:
        return self.ctx.tasks.is_running(CREATE_TASK)

    def deleting(self) -> bool:
        return self.ctx.tasks.is_running(DELETE_TASK)

    def create(self, plan: local_tables.TablePlan) -> None:
        self.ctx.tasks.start(CREATE_TASK, self._create(plan),
                             on_error=lambda exc: self._failed(exc, "CreateTable"))

    def delete(self, name: str, typed: str) -> None:
        self.ctx.tasks.start(DELETE_TASK, self._delete(name, typed),
                             on_error=lambda exc: self._failed(exc, "DeleteTable"))

    async def _create(self, plan: local_tables.TablePlan) -> None:
        conn = self.ctx.connection
        if conn is None:
            raise local_tables.LocalTablesRefused("Connect to a local endpoint to create a table.")
        note = await self.ctx.tasks.call(local_tables.create_table, conn, plan)
        if note:  # how it was found created after a lost answer: the status bar says it
            self.ctx.status_message.emit(note)
        self.created.emit(plan.name)

    async def _delete(self, name: str, typed: str) -> None:
        conn = self.ctx.connection
        if conn is None:
            raise local_tables.LocalTablesRefused("Connect to a local endpoint to delete a table.")
        note = await self.ctx.tasks.call(local_tables.delete_table, conn, name, typed)
        if note:
            self.ctx.status_message.emit(note)
        self.deleted.emit(name)

    def _failed(self, exc: BaseException, operation: str) -> None:
        if isinstance(exc, (DynoViewError, InputError)):
            self.failed.emit(exc.message)
        else:  # AWS's answer, or a bug (the crash reporter has it): a sentence either way
            self.failed.emit(self.ctx.describe(exc, operation=operation).message)
