"""The builder's background work: the preflight (describing the tables the window does not
know yet, then reading what a transaction touches) and the guarded send, each an ``async def``
task named ``builder-execute`` on the qasync loop. The send's states and the questions between
these two steps are ``send_flow``'s.

One name for both: a new preflight or send cancels a stale one, and while either runs the
panel's Execute is disabled. Results and errors come back as signals; ``idle`` says the
task has ended, so the panel can enable Execute again.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, Signal

from dynoview.core.preflight.check import Preflight
from dynoview.core.preflight.replay import replayed
from dynoview.core.preflight.unseen import last_look, preflight_with_unseen
from dynoview.core.reads.reader import Reader
from dynoview.core.session.connection import Connection
from dynoview.core.session.tables import TableInfo
from dynoview.core.tx.action_log import ActionLog, connection_record
from dynoview.core.tx.execution import execute_transaction
from dynoview.core.tx.model import Transaction
from dynoview.core.tx.outcomes import ExecutionResult
from dynoview.core.tx.validation import TableSchemas, describe_tables
from dynoview.core.tx.wire import body_json, request_body
from dynoview.core.uniqueness.schema import UniquenessSchema
from dynoview.ui.context import AppContext

EXECUTE_TASK = "builder-execute"
#: Given the descriptions of the tables a preflight found unknown (on the UI thread): the schema
#: and tables to judge with, or None when the check stops there (it said why).
Described = Callable[[TableSchemas], tuple[UniquenessSchema, dict[str, TableInfo]] | None]


class BuilderController(QObject):
    """Runs one preflight or send at a time for the builder."""

    preflight_done = Signal(object, bool, object)  # Transaction judged, execute after, Preflight
    preflight_failed = Signal(object)  # the exception
    executed = Signal(object)  # ExecutionResult
    execute_failed = Signal(object)
    idle = Signal()  # the task ended, whichever way

    def __init__(self, ctx: AppContext, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.ctx = ctx

    def running(self) -> bool:
        return self.ctx.tasks.is_running(EXECUTE_TASK)

    def _start(self, work: Any, on_error: Any) -> None:
        task: asyncio.Task[Any] = self.ctx.tasks.start(EXECUTE_TASK, work, on_error=on_error)
        task.add_done_callback(lambda _task: self.idle.emit())

    def start_preflight(self, reader: Reader, tx: Transaction, schema: UniquenessSchema,
                        tables: dict[str, TableInfo], *, execute_after: bool,
                        log: ActionLog | None = None, described: Described | None = None) -> None:
        self._start(self.preflight(reader, tx, schema, tables, execute_after, log, described),
                    self.preflight_failed.emit)

    async def preflight(self, reader: Reader, tx: Transaction, schema: UniquenessSchema,
                        tables: dict[str, TableInfo], execute_after: bool,
                        log: ActionLog | None = None, described: Described | None = None) -> None:
        unknown = [name for name in dict.fromkeys(a.table for a in tx.actions) if name not in tables]
        if unknown and described is not None:
            # Tables the window has not opened are described first, as the CLI's transact does:
            # without their indexes and size the preflight missed the holders of their locks.
            given = described(await self.ctx.tasks.call(describe_tables, reader.conn, unknown))
            if given is None:
                return
            schema, tables = given
        # The uniqueness preflight, and a Delete that would destroy attributes added since
        # its item was opened (``Action.seen``) refused too.
        result: Preflight = await self.ctx.tasks.call(preflight_with_unseen, reader, tx, schema, tables,
                                                      cancellable=True)
        # A resend of a token DynamoDB still honours (this request, through this connection):
        # its guards fail on what it wrote itself.
        conn = reader.conn
        result = replayed(result, log, tx.token, time.time(),
                          connection=connection_record(conn.spec, conn.region),
                          request=body_json(request_body(tx.to_request())))
        self.preflight_done.emit(tx, execute_after, result)

    def stop_preflight(self) -> None:
        """Cancel the preflight under way; called only while checking, as a send, once under
        way, is never cancelled (its answer is always awaited and logged)."""
        self.ctx.tasks.cancel(EXECUTE_TASK)

    def start_send(self, conn: Connection, tx: Transaction, confirmation: str | bool, *,
                   tables: dict[str, TableInfo], schema: UniquenessSchema, reader: Reader | None,
                   log: ActionLog, look_again: bool = True) -> None:
        self._start(self.send(conn, tx, confirmation, tables, schema, reader, log, look_again),
                    self.execute_failed.emit)

    async def send(self, conn: Connection, tx: Transaction, confirmation: str | bool,
                   tables: dict[str, TableInfo], schema: UniquenessSchema, reader: Reader | None,
                   log: ActionLog, look_again: bool = True) -> None:
        # Not cancellable: once sent, a transaction's answer is always awaited and logged.
        result: ExecutionResult = await self.ctx.tasks.call(_send, conn, tx, confirmation, tables, schema,
                                                            reader, log, look_again)
        self.executed.emit(result)


def _send(conn: Connection, tx: Transaction, confirmation: str | bool, tables: dict[str, TableInfo],
          schema: UniquenessSchema, reader: Reader | None, log: ActionLog,
          look_again: bool) -> ExecutionResult:
    # The preflight's check for attributes added since an item was opened ran before the
    # confirmation, which may have stayed open for minutes: it is done again right before the
    # send (``look_again``: not when the user overrode that very refusal).
    late = last_look(reader, tx, schema, tables) if look_again and reader is not None else None
    if late is not None:
        return late
    return execute_transaction(conn, tx, confirmation=confirmation, tables=tables, schema=schema,
                               reader=reader, log=log)
