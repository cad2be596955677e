"""Import… in the window: every read the import sends (the preflight's strongly consistent Scan
of the table, the settling reads of a batch whose answer was lost) is in the window's read log,
as every other read is. Reads on the wire are counted with a botocore before-send hook."""

from __future__ import annotations

import threading
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from dynoview.core.imports.run import ImportOptions
from dynoview.core.items.export import DDB_JSON, render
from dynoview.core.session.connection import Connection
from dynoview.core.session.tables import describe_table
from dynoview.ui.context import AppContext
from dynoview.ui.transfer.import_controller import ImportController, PreviewAnswer
from tests import fault_proxy as fp
from tests.fault_proxy import FaultProxy
from tests.helpers import connect, empty_accounts_table
from tests.unit.core.imports.samples import account

pytestmark = pytest.mark.gui

READS = {"GetItem", "Query", "Scan", "BatchGetItem", "TransactGetItems", "ExecuteStatement"}


class WireReads:
    """The read operations sent on a connection's client, counted as they leave."""

    def __init__(self, conn: Connection) -> None:
        self.client = conn.client
        self.sent: Counter[str] = Counter()
        self._lock = threading.Lock()
        self.client.meta.events.register("before-send.dynamodb", self._seen)

    def _seen(self, request: Any, **_: Any) -> None:
        target = request.headers.get("X-Amz-Target", b"")
        operation = (target.decode() if isinstance(target, bytes) else target).split(".")[-1]
        if operation in READS:
            with self._lock:
                self.sent[operation] += 1

    def close(self) -> None:
        self.client.meta.events.unregister("before-send.dynamodb", self._seen)


@pytest.fixture
def proxy(moto_endpoint: str) -> Iterator[FaultProxy]:
    with FaultProxy(moto_endpoint) as proxied:
        yield proxied


@pytest.fixture
def window(qasync_loop: Any, proxy: FaultProxy) -> Iterator[tuple[AppContext, str]]:
    """The window's context on a connection through the fault proxy, an empty accounts table open."""
    conn = connect(proxy.url, name="import-reads")
    with empty_accounts_table(conn, "import-reads") as table:
        context = AppContext()
        context.set_connection(conn)
        context.set_table(describe_table(conn, table))
        yield context, table
        context.tasks.shutdown()


def _import(qtbot: Any, ctx: AppContext, table: str, path: Path) -> Any:
    """Preview then Import, as the dialog does; the import's result (None when it stopped)."""
    assert ctx.connection is not None
    info = describe_table(ctx.connection, table)
    controller = ImportController(ctx)
    with qtbot.waitSignal(controller.previewed, timeout=20000) as previewed:
        controller.preview(path, DDB_JSON, info)
    answer: PreviewAnswer = previewed.args[0]
    assert answer.lock_rules  # accounts and locks: guarded batches, judged by the preflight
    with qtbot.waitSignal(controller.finished, timeout=60000) as finished:
        assert controller.start(answer, info, ImportOptions(progress_path=path.with_suffix(".p")))
    return finished.args[0]


def _file(tmp_path: Path) -> Path:
    path = tmp_path / "signups.json"
    path.write_text(render([i for n in range(3) for i in account(n)], DDB_JSON))
    return path


def _logged_since(ctx: AppContext, start: int) -> Counter[str]:
    return Counter(r.operation for r in ctx.read_log.receipts()[start:])


def test_the_preflight_scan_of_an_import_is_in_the_read_log(
        qtbot: Any, window: tuple[AppContext, str], tmp_path: Path) -> None:
    ctx, table = window
    path = _file(tmp_path)
    assert ctx.connection is not None
    wire = WireReads(ctx.connection)
    try:
        before = len(ctx.read_log.receipts())
        result = _import(qtbot, ctx, table, path)
    finally:
        wire.close()
    assert result is not None and result.items == 9
    assert wire.sent["Scan"] >= 1  # the preflight's view of the table
    assert _logged_since(ctx, before) == wire.sent


def test_the_settling_reads_of_a_lost_answer_are_in_the_read_log(
        qtbot: Any, window: tuple[AppContext, str], proxy: FaultProxy, tmp_path: Path) -> None:
    """Every answer to the batch is lost (its resends too): the import settles it by reading
    its items back."""
    ctx, table = window
    path = _file(tmp_path)
    assert ctx.connection is not None
    proxy.add(fp.DROP_AFTER, operation="TransactWriteItems", times=None)  # resent too
    wire = WireReads(ctx.connection)
    try:
        before = len(ctx.read_log.receipts())
        result = _import(qtbot, ctx, table, path)
    finally:
        wire.close()
    assert result is not None and result.items == 9
    assert proxy.forwarded("TransactWriteItems")
    assert wire.sent["TransactGetItems"] >= 1, wire.sent  # the settling reads
    logged = _logged_since(ctx, before)
    assert logged == wire.sent
    receipts = ctx.read_log.receipts()[before:]
    assert all(r.table == table for r in receipts if r.operation == "Scan")
