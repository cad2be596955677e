"""Copy to table… when a batch's answer is lost and the reads that would settle it fail too.

The builder's outcome is then unknown (the batch did reach DynamoDB here): the dialog says the
batch may have been written, and how to settle it; never "All batches are written: every item is
in the target" (what it said before, counting a batch of unknown outcome as written), nor "Not
written". Executed again with its token on DynamoDB Local (which honours tokens), the batch is
confirmed and the dialog says every batch is written.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from dynoview.core.reads.reader import Reader
from dynoview.core.session.connection import Connection
from dynoview.core.session.tables import TableInfo, describe_table
from dynoview.core.tx.action_log import ActionLog
from dynoview.core.tx.execution import execute_transaction
from dynoview.core.tx.model import Transaction
from dynoview.core.tx.outcomes import SUCCEEDED, UNKNOWN, ExecutionResult
from dynoview.ui.builder.send_flow import written_keys
from dynoview.ui.context import AppContext
from dynoview.ui.transfer.copy_dialog import CopyItemsDialog
from tests import fault_proxy as fp
from tests.fault_proxy import FaultProxy
from tests.helpers import account_key, lock_key, s

pytestmark = [pytest.mark.gui, pytest.mark.integration, pytest.mark.faults]
TX = "TransactWriteItems"
MAYBE = "May have been written: batch(es) 2 (the answer was lost and the reads could not tell)"


def account(acct: str, email: str, handle: str) -> dict[str, Any]:
    return {**account_key(acct), "email": s(email), "username": s(handle)}


def items() -> list[dict[str, Any]]:
    """98 notes (batch 1) and two accounts with their locks (batch 2)."""
    notes = [{"PK": s(f"NOTE#{i}"), "SK": s("N")} for i in range(98)]
    ada = [account("ada", "ada@x.io", "ada"), lock_key("EMAIL", "ada@x.io"), lock_key("HANDLE", "ada")]
    bob = [account("bob", "bob@x.io", "bob"), lock_key("EMAIL", "bob@x.io"), lock_key("HANDLE", "bob")]
    return notes + ada + bob


@pytest.fixture
def ctx(qasync_loop: asyncio.AbstractEventLoop, pconn: Connection) -> Iterator[AppContext]:
    context = AppContext()
    context.set_connection(pconn)
    yield context
    context.tasks.shutdown()


def send(ctx: AppContext, tx: Transaction, info: TableInfo, log: ActionLog) -> ExecutionResult:
    """What the builder does on Execute and after it settles (``panel._settled``)."""
    assert ctx.connection is not None
    result = execute_transaction(ctx.connection, tx, confirmation=True, tables={info.name: info},
                                 schema=ctx.schema, reader=Reader(ctx.connection), log=log,
                                 retry_delay=0.01)
    ctx.items_written.emit(written_keys(result, tx, {info.name: info}, ctx.schema))
    return result


def open_batches(qtbot: Any, ctx: AppContext, target: str) -> tuple[CopyItemsDialog, list[Transaction]]:
    opened: list[Transaction] = []
    ctx.open_builder_requested.connect(opened.append)
    dialog = CopyItemsDialog(ctx, items(), items())
    qtbot.addWidget(dialog)
    dialog.table.setEditText(target)
    dialog.open_next()
    qtbot.waitUntil(lambda: len(opened) == 1, timeout=10000)
    dialog.open_next()
    assert [len(t.actions) for t in opened] == [98, 6]
    return dialog, opened


def lose_the_answer_and_the_reads(proxy: FaultProxy) -> None:
    """Every answer to the transaction lost after DynamoDB applied it, and every settling read
    throttled: the outcome cannot be known."""
    proxy.add(fp.DROP_AFTER, operation=TX, times=None)
    proxy.add(fp.THROTTLE, operation="GetItem", times=None)
    proxy.add(fp.THROTTLE, operation="BatchGetItem", times=None)


def in_target(direct: Connection, target: str) -> set[str]:
    return {i["PK"]["S"] for i in direct.client.scan(TableName=target, ConsistentRead=True)["Items"]}


def test_a_batch_of_unknown_outcome_is_said_to_maybe_be_written(
        qtbot: Any, ctx: AppContext, proxy: FaultProxy, direct: Connection, empty_table: str,
        tmp_path: Path) -> None:
    info = describe_table(direct, empty_table)
    dialog, opened = open_batches(qtbot, ctx, empty_table)
    log = ActionLog(tmp_path / "actions.jsonl")
    assert send(ctx, opened[0], info, log).status == SUCCEEDED
    lose_the_answer_and_the_reads(proxy)
    result = send(ctx, opened[1], info, log)
    assert result.status == UNKNOWN, result.message
    assert proxy.forwarded(TX)  # it did reach DynamoDB: the accounts are in the target
    assert {"ACCT#ada", "ACCT#bob"} <= in_target(direct, empty_table)
    text = dialog.status.text()
    assert text.startswith(f"Written: batch(es) 1 of 2. {MAYBE}: check the target"), text
    assert "All 2 batch(es) are written" not in text and "Not written" not in text


@pytest.mark.only_on("dynamodb-local", reason="only DynamoDB Local honours the token of a resend")
def test_the_same_batch_executed_again_with_its_token_is_confirmed(
        qtbot: Any, ctx: AppContext, proxy: FaultProxy, direct: Connection, empty_table: str,
        tmp_path: Path) -> None:
    info = describe_table(direct, empty_table)
    dialog, opened = open_batches(qtbot, ctx, empty_table)
    log = ActionLog(tmp_path / "actions.jsonl")
    assert send(ctx, opened[0], info, log).status == SUCCEEDED
    lose_the_answer_and_the_reads(proxy)
    assert send(ctx, opened[1], info, log).status == UNKNOWN
    assert MAYBE in dialog.status.text()
    proxy.clear()
    again = send(ctx, opened[1], info, log)  # the builder keeps the token after an unknown outcome
    assert again.status == SUCCEEDED, again.message
    assert dialog.status.text() == "All 2 batch(es) are written: every item is in the target."
