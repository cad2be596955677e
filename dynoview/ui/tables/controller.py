"""The work behind the local table dialogs: create or delete a table off the UI thread
(``ctx.tasks``), and say how it went with a signal. The dialogs stay synchronous.

It works on the connection the window had when it was made (``transfer.opened_on``), never on
the one the window has when Create or Delete is pressed: a dialog opened on A whose window moved
to B meanwhile refuses, instead of deleting (or creating) B's table of the same name. Work
already under way finishes on the connection it started on.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Signal

from dynoview.core.errors import DynoViewError, InputError
from dynoview.core.session import local_tables
from dynoview.ui.context import AppContext
from dynoview.ui.transfer.opened_on import OpenedOn

if TYPE_CHECKING:
    from dynoview.core.session.connection import Connection

CREATE_TASK = "create-local-table"
DELETE_TASK = "delete-local-table"


class LocalTablesController(QObject):
    """Creates and deletes tables on the connection the context had when it was made (local
    endpoints only: the core refuses any other before sending)."""

    created = Signal(str)  # the table's name, once it is active
    #: The table's name and a sentence: created and ACTIVE, but TTL could not be turned on.
    created_without_ttl = Signal(str, str)
    deleted = Signal(str)  # the table's name, once it is gone
    failed = Signal(str)  # a sentence

    def __init__(self, ctx: AppContext, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.ctx = ctx
        self.opened_on = OpenedOn(ctx, self)

    def creating(self) -> bool:
        return self.ctx.tasks.is_running(CREATE_TASK)

    def deleting(self) -> bool:
        return self.ctx.tasks.is_running(DELETE_TASK)

    def connection(self, action: str) -> Connection | None:
        """The connection to ``action`` on, or None (``failed`` said why): none, or the window
        has moved to another since (the dialog was checked, and its table named, on this one)."""
        if self.opened_on.stale:
            self.failed.emit(self.opened_on.stale_text())
            return None
        if self.opened_on.connection is None:
            self.failed.emit(self.tr("Connect to a local endpoint to {action}.").format(action=action))
        return self.opened_on.connection

    def create(self, plan: local_tables.TablePlan) -> None:
        if (conn := self.connection(self.tr("create a table"))) is not None:  # kept to the end
            self.ctx.tasks.start(CREATE_TASK, self._create(conn, plan),
                                 on_error=lambda exc: self._failed(exc, "CreateTable"))

    def turn_ttl_on(self, plan: local_tables.TablePlan) -> None:
        """Only the TTL step, for the plan's table made by a create whose TTL step failed."""
        if (conn := self.connection(self.tr("turn TTL on"))) is not None:
            self.ctx.tasks.start(CREATE_TASK, self._turn_ttl_on(conn, plan),
                                 on_error=lambda exc: self._failed(exc, "UpdateTimeToLive"))

    def delete(self, name: str, typed: str) -> None:
        if (conn := self.connection(self.tr("delete a table"))) is not None:
            self.ctx.tasks.start(DELETE_TASK, self._delete(conn, name, typed),
                                 on_error=lambda exc: self._failed(exc, "DeleteTable"))

    async def _create(self, conn: Connection, plan: local_tables.TablePlan) -> None:
        # CreateTable and then the TTL step, both on ``conn``, whatever the window does meanwhile.
        note = await self.ctx.tasks.call(local_tables.create_table, conn, plan)
        if note:  # how it was found created after a lost answer: the status bar says it
            self.ctx.status_message.emit(note)
        self.created.emit(plan.name)

    async def _turn_ttl_on(self, conn: Connection, plan: local_tables.TablePlan) -> None:
        note = await self.ctx.tasks.call(local_tables.enable_ttl, conn, plan)
        if note:  # TTL was on already, or a lost answer was settled: the status bar says how
            self.ctx.status_message.emit(note)
        self.created.emit(plan.name)

    async def _delete(self, conn: Connection, name: str, typed: str) -> None:
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
