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
    #: The table's name and a sentence: created and ACTIVE, but TTL could not be turned on.
    created_without_ttl = Signal(str, str)
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

    def turn_ttl_on(self, plan: local_tables.TablePlan) -> None:
        """Only the TTL step, for the plan's table made by a create whose TTL step failed."""
        self.ctx.tasks.start(CREATE_TASK, self._turn_ttl_on(plan),
                             on_error=lambda exc: self._failed(exc, "UpdateTimeToLive"))

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

    async def _turn_ttl_on(self, plan: local_tables.TablePlan) -> None:
        conn = self.ctx.connection
        if conn is None:
            raise local_tables.LocalTablesRefused("Connect to a local endpoint to turn TTL on.")
        note = await self.ctx.tasks.call(local_tables.enable_ttl, conn, plan)
        if note:  # TTL was on already, or a lost answer was settled: the status bar says how
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
        if isinstance(exc, local_tables.TtlNotEnabledError):  # made, not failed: said as such
            if exc.note:
                self.ctx.status_message.emit(exc.note)
            sentence = self.tr(
                "Created {table}, but whether TTL on {attribute} was turned on is not known: "
                "{reason} Press Turn TTL on: it checks first, and sends that step only if TTL is "
                "off. Or run: {command}") if exc.unsure else self.tr(
                "Created {table}, but TTL on {attribute} was not turned on: {reason} The table is "
                "there without TTL: press Turn TTL on to try that step again, or run: {command}")
            self.created_without_ttl.emit(exc.table, sentence.format(
                table=exc.table, attribute=exc.attribute, reason=exc.reason, command=exc.command))
        elif isinstance(exc, (DynoViewError, InputError)):
            self.failed.emit(exc.message)
        else:  # AWS's answer, or a bug (the crash reporter has it): a sentence either way
            self.failed.emit(self.ctx.describe(exc, operation=operation).message)
