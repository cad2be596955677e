"""The PartiQL tab on ``FROM "T"."index"`` with *Strongly consistent* ticked, T never opened in
the Items tab nor read by an earlier SELECT *: a strong read of a GSI is refused before sending
(it was sent, and DynamoDB refused it), at the consistency box. T is described first, off the UI
thread, and remembered; a DescribeTable that fails does not block the statement. A recording
proxy (tests/fault_proxy.py) says which requests reached the endpoint. DynamoDB Local only: moto
answers ResourceNotFound for any ``"T"."index"`` statement, and cannot judge the rule."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from dynoview.core.reads.partiql import StatementSpec
from dynoview.demo.backend import CREATED_INDEX, EMAIL_INDEX
from dynoview.ui.context import AppContext
from dynoview.ui.partiql.panel import PartiqlPanel
from tests import fault_proxy as fp
from tests.fault_proxy import FaultProxy
from tests.helpers import connect, seeded_accounts_copy

pytestmark = [pytest.mark.gui, pytest.mark.integration,
              pytest.mark.only_on("dynamodb-local", reason="moto answers ResourceNotFound for an index")]

OP = "ExecuteStatement"
ADA = ({"S": "ada@lovelace.io"},)


@pytest.fixture
def table(endpoint_url: str) -> Iterator[str]:
    with seeded_accounts_copy(connect(endpoint_url, name="direct"), "strong-gsi") as name:
        yield name


@pytest.fixture
def proxy(endpoint_url: str) -> Iterator[FaultProxy]:
    with FaultProxy(endpoint_url) as recording:
        yield recording


@pytest.fixture
def panel(qtbot: Any, qasync_loop: Any, proxy: FaultProxy, table: str) -> Iterator[PartiqlPanel]:
    ctx = AppContext()
    ctx.set_connection(connect(proxy.url, name="proxied"))
    view = PartiqlPanel(ctx)
    qtbot.addWidget(view)
    qtbot.waitUntil(lambda: bool(view.controller.tables), timeout=10000)
    yield view
    ctx.tasks.shutdown()


def by_email(table: str, consistent: bool) -> StatementSpec:
    return StatementSpec(f'SELECT * FROM "{table}"."{EMAIL_INDEX}" WHERE email = ?', ADA,
                         consistent=consistent)


def run(qtbot: Any, panel: PartiqlPanel, spec: StatementSpec) -> list[tuple[str, str]]:
    """Run ``spec`` in the tab; what it said failed (field, message)."""
    failed: list[tuple[str, str]] = []
    panel.controller.failed.connect(lambda field, message: failed.append((field, message)))
    panel.controller.run(spec)
    qtbot.waitUntil(lambda: not panel.controller.busy, timeout=10000)
    qtbot.wait(20)
    return failed


def test_a_strong_read_of_the_gsi_of_an_unopened_table_is_refused_before_sending(
        qtbot: Any, panel: PartiqlPanel, proxy: FaultProxy, table: str) -> None:
    ctl = panel.controller
    assert table not in ctl.ctx.tables  # neither open in the Items tab nor read before
    failed = run(qtbot, panel, by_email(table, True))
    assert proxy.requests(OP) == [], "the statement left the machine"
    assert len(failed) == 1 and failed[0][0] == "consistency", failed
    assert f"{EMAIL_INDEX} is a global secondary index" in failed[0][1]
    assert panel.error_label.text() == failed[0][1]
    assert not ctl.more_available and ctl.model.rowCount() == 0  # nothing to Load more
    assert table in ctl.ctx.tables  # described once: the next run is refused at once
    assert not ctl.history or ctl.history[0]["statement"] != by_email(table, True).statement
    assert ctl.run(by_email(table, True)) is False
    assert len(proxy.requests("DescribeTable")) == 1 and proxy.requests(OP) == []


def test_an_eventual_read_of_the_gsi_and_a_strong_one_of_the_lsi_are_sent(
        qtbot: Any, panel: PartiqlPanel, proxy: FaultProxy, table: str) -> None:
    assert run(qtbot, panel, by_email(table, False)) == []
    assert panel.controller.model.rowCount() == 1
    lsi = StatementSpec(f"SELECT * FROM \"{table}\".\"{CREATED_INDEX}\" WHERE PK = 'ACCT#a1f9c3'",
                        consistent=True)
    assert run(qtbot, panel, lsi) == []
    assert panel.controller.model.rowCount() >= 1
    assert len(proxy.forwarded(OP)) == 2
    assert panel.controller.history[0]["statement"] == lsi.statement


def test_a_failed_describe_table_does_not_block_the_statement(
        qtbot: Any, panel: PartiqlPanel, proxy: FaultProxy, table: str) -> None:
    denied = proxy.add(fp.RESPOND, operation="DescribeTable", times=None, status=400, body={
        "__type": "com.amazon.coral.service#AccessDeniedException",
        "message": "User: arn:aws:iam::123456789012:user/dev is not authorized to perform: "
                   "dynamodb:DescribeTable"})
    failed = run(qtbot, panel, by_email(table, True))
    assert denied.applied >= 1
    assert len(proxy.forwarded(OP)) == 1  # sent: DynamoDB judged it
    assert len(failed) == 1 and failed[0][0] == "statement", failed
    assert table not in panel.controller.ctx.tables
