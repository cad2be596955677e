"""A send is checked, confirmed and sent through the one connection it started on.

Before, a transaction whose preflight read connection A, or whose confirmation named A, was sent
through whatever connection the window had at the click: a switch to B during the preflight
showed A's verdict in a confirmation for B, and a switch while the confirmation (or the
override question) was open sent the write to B. Now a change of connection before the send
abandons it: the question closes, nothing is sent, the status says why, and Execute starts
over on the new connection.

Two fault proxies in front of the one moto endpoint are the two connections: each one's
requests show where a read or the write went (the data behind them is the same).
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtWidgets import QDialog

from dynoview.core.session.connection import Connection
from dynoview.core.session.tables import describe_table
from dynoview.core.tx.action_log import ActionLog
from dynoview.core.tx.model import Transaction, import_text
from dynoview.core.uniqueness.schema import article_schema
from dynoview.ui.builder import BuilderPanel
from dynoview.ui.builder.dialogs import ConfirmDialog
from dynoview.ui.builder.preflight_view import OverrideDialog
from dynoview.ui.builder.send_flow import SendEnv, SendFlow, SendStep, State
from dynoview.ui.context import AppContext
from tests import fault_proxy as fp
from tests.fault_proxy import FaultProxy
from tests.helpers import connect

pytestmark = [pytest.mark.gui, pytest.mark.integration]
TX = "TransactWriteItems"
WRITES = (TX, "DescribeTable")  # what is not a preflight read


@pytest.fixture
def proxies(moto_endpoint: str) -> Iterator[tuple[FaultProxy, FaultProxy]]:
    with FaultProxy(moto_endpoint) as a, FaultProxy(moto_endpoint) as b:
        yield a, b


@pytest.fixture
def conns(proxies: tuple[FaultProxy, FaultProxy]) -> tuple[Connection, Connection]:
    return connect(proxies[0].url, name="conn-A"), connect(proxies[1].url, name="conn-B")


@pytest.fixture
def panel(qtbot: Any, qasync_loop: Any, conns: tuple[Connection, Connection], seeded_table: str,
          tmp_path: Path) -> Iterator[BuilderPanel]:
    ctx = AppContext()
    ctx.set_connection(conns[0])
    ctx.set_table(describe_table(conns[0], seeded_table))
    widget = BuilderPanel(ctx)
    widget.action_log = ActionLog(tmp_path / "actions.jsonl")
    qtbot.addWidget(widget)
    yield widget
    ctx.tasks.shutdown()


def switch(ctx: AppContext, conn: Connection, table: str) -> None:
    """What the window does on File > Connect... (or a reconnect)."""
    ctx.set_connection(conn)
    ctx.set_table(describe_table(conn, table))


def load(panel: BuilderPanel, request: dict[str, Any]) -> None:
    panel.imported(import_text(json.dumps(request)), False)
    panel.refresh()


def note(table: str) -> dict[str, Any]:
    return {"TransactItems": [{"Put": {"TableName": table, "Item": {
        "PK": {"S": "NOTE#switch"}, "SK": {"S": "NOTE"}, "text": {"S": "meant for A"}}}}]}


def wait_for(qtbot: Any, cond: Callable[[], bool], seconds: float = 15) -> None:
    deadline = time.monotonic() + seconds
    while not cond() and time.monotonic() < deadline:
        qtbot.wait(20)
    assert cond()


def question(panel: BuilderPanel) -> QDialog | None:
    dialog = panel.dialog
    return dialog if isinstance(dialog, (ConfirmDialog, OverrideDialog)) and dialog.isVisible() else None


def answer_yes(dialog: QDialog) -> None:
    """The user confirms whatever the dialog asks (the table name typed where asked)."""
    if isinstance(dialog, OverrideDialog):
        dialog.typed.setText(dialog.table)
    dialog.accept()


def settle_clicking_yes(qtbot: Any, panel: BuilderPanel, seconds: float = 6) -> None:
    """Play a user who clicks Yes on every question until the send is over (or none comes)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        dialog = question(panel)
        if dialog is not None:
            answer_yes(dialog)
        elif panel.send_flow.state in (State.EDITING, State.SETTLED) and not panel.send_flow.running():
            return
        qtbot.wait(20)


def item(conn: Connection, table: str, pk: str, sk: str) -> bool:
    return "Item" in conn.client.get_item(TableName=table, Key={"PK": {"S": pk}, "SK": {"S": sk}})


def said_changed(panel: BuilderPanel, new: str) -> None:
    status = panel.status.text()
    assert status.startswith("The connection changed before the send (from conn-A"), status
    assert "nothing was sent" in status and f"Press Execute again to check and send it on {new}" in status


def test_a_switch_during_the_preflight_sends_nothing(qtbot: Any, panel: BuilderPanel, seeded_table: str,
                                                     proxies: tuple[FaultProxy, FaultProxy],
                                                     conns: tuple[Connection, Connection]) -> None:
    a, b = proxies
    # ada's email lock: a Delete of it breaks her account's lock on B (and on A).
    lock = "UNIQ#EMAIL#ada@lovelace.io"
    load(panel, {"TransactItems": [{"Delete": {"TableName": seeded_table,
                                               "Key": {"PK": {"S": lock}, "SK": {"S": "LOCK"}}}}]})
    assert item(conns[1], seeded_table, lock, "LOCK")
    a.add(fp.DELAY, predicate=lambda r: r.operation not in WRITES, seconds=1.5, times=None)
    panel.execute()
    wait_for(qtbot, lambda: any(r.operation not in WRITES for r in a.requests()))
    switch(panel.ctx, conns[1], seeded_table)  # while the preflight still reads A
    abandoned = panel.send_flow.state is State.EDITING and panel.send_flow.preflight is None
    settle_clicking_yes(qtbot, panel)
    assert a.requests(TX) == [] and b.requests(TX) == []
    assert item(conns[1], seeded_table, lock, "LOCK")  # B's account keeps its lock
    assert abandoned and not panel.send_flow.running()
    said_changed(panel, conns[1].spec.describe())  # A's verdict, late, did not replace it
    # Execute again: B's own preflight (it refuses: the lock is ada's), asked about B.
    b_reads = len([r for r in b.requests() if r.operation not in WRITES])
    panel.execute()
    wait_for(qtbot, lambda: question(panel) is not None)
    assert isinstance(panel.dialog, OverrideDialog) and panel.send_flow.state is State.REFUSED
    assert len([r for r in b.requests() if r.operation not in WRITES]) > b_reads
    panel.dialog.reject()


def test_a_switch_while_the_confirmation_is_open_closes_it_and_sends_nothing(
        qtbot: Any, panel: BuilderPanel, seeded_table: str, proxies: tuple[FaultProxy, FaultProxy],
        conns: tuple[Connection, Connection]) -> None:
    a, b = proxies
    load(panel, note(seeded_table))
    panel.execute()
    wait_for(qtbot, lambda: question(panel) is not None)
    dialog = panel.dialog
    assert isinstance(dialog, ConfirmDialog) and dialog.requirement.connection == conns[0].spec.describe()
    switch(panel.ctx, conns[1], seeded_table)  # a reconnect elsewhere, or a pending Connect landing
    still_open = dialog.isVisible()
    dialog.accept()  # a click that still reaches it sends nothing either
    settle_clicking_yes(qtbot, panel)
    assert a.requests(TX) == [] and b.requests(TX) == []
    assert not item(conns[0], seeded_table, "NOTE#switch", "NOTE")
    assert not still_open
    said_changed(panel, conns[1].spec.describe())
    # Execute again: checked and confirmed on B, and sent there.
    panel.execute()
    wait_for(qtbot, lambda: question(panel) is not None)
    again = panel.dialog
    assert isinstance(again, ConfirmDialog) and again.requirement.connection == conns[1].spec.describe()
    again.accept()
    wait_for(qtbot, lambda: panel.send_flow.state is State.SETTLED and not panel.send_flow.running())
    assert a.requests(TX) == [] and len(b.requests(TX)) == 1
    assert panel.status.text().startswith("Applied: ")


def test_a_switch_while_the_override_is_asked_closes_it_and_sends_nothing(
        qtbot: Any, panel: BuilderPanel, seeded_table: str, proxies: tuple[FaultProxy, FaultProxy],
        conns: tuple[Connection, Connection]) -> None:
    a, b = proxies
    lock = "UNIQ#EMAIL#ada@lovelace.io"
    load(panel, {"TransactItems": [{"Delete": {"TableName": seeded_table,
                                               "Key": {"PK": {"S": lock}, "SK": {"S": "LOCK"}}}}]})
    panel.execute()
    wait_for(qtbot, lambda: question(panel) is not None)
    dialog = panel.dialog
    assert isinstance(dialog, OverrideDialog)
    switch(panel.ctx, conns[1], seeded_table)
    still_open = dialog.isVisible()
    answer_yes(dialog)  # the override typed anyway: no confirmation follows
    settle_clicking_yes(qtbot, panel)
    assert a.requests(TX) == [] and b.requests(TX) == []
    assert item(conns[1], seeded_table, lock, "LOCK")
    assert not still_open
    said_changed(panel, conns[1].spec.describe())


# ---------------------------------------------------------------- the flow alone (no panel)


class User:
    """Plays a panel that is not told of the switch: the flow must notice it by itself."""

    def __init__(self, flow: SendFlow, on_confirming: Callable[[], None] | None = None) -> None:
        self.steps: list[SendStep] = []
        self.flow, self.on_confirming = flow, on_confirming
        flow.changed.connect(self.render)

    def render(self, step: SendStep) -> None:
        self.steps.append(step)
        if step.state is State.CONFIRMING:
            if self.on_confirming is not None:
                self.on_confirming()
            self.flow.confirm(True)


@pytest.fixture
def flow_ctx(qasync_loop: Any, conns: tuple[Connection, Connection],
             seeded_table: str) -> Iterator[AppContext]:
    context = AppContext()
    switch(context, conns[0], seeded_table)
    yield context
    context.tasks.shutdown()


def flow_env(ctx: AppContext, tmp_path: Path) -> SendEnv:
    assert ctx.table is not None
    return SendEnv(article_schema(), {ctx.table.name: ctx.table}, ActionLog(tmp_path / "actions.jsonl"))


def test_confirm_sends_only_through_the_connection_it_confirmed(
        qtbot: Any, flow_ctx: AppContext, seeded_table: str, tmp_path: Path,
        proxies: tuple[FaultProxy, FaultProxy], conns: tuple[Connection, Connection]) -> None:
    tx = import_text(json.dumps(note(seeded_table)))
    flow = SendFlow(flow_ctx, lambda: tx)
    user = User(flow, on_confirming=lambda: switch(flow_ctx, conns[1], seeded_table))
    assert flow.check(tx, flow_env(flow_ctx, tmp_path), execute_after=True)
    wait_for(qtbot, lambda: bool(user.steps) and user.steps[-1].state in (State.EDITING, State.SETTLED)
             and not flow.running())
    assert proxies[0].requests(TX) == [] and proxies[1].requests(TX) == []
    assert [s.state for s in user.steps] == [State.CHECKING, State.CONFIRMING, State.EDITING]
    assert user.steps[1].requirement is not None
    assert user.steps[1].requirement.connection == conns[0].spec.describe()
    assert user.steps[-1].message.startswith("The connection changed before the send (from conn-A")
    assert proxies[0].requests(TX) == [] and proxies[1].requests(TX) == []


@pytest.mark.parametrize("to_b", [True, False], ids=["to-B", "to-none"])
def test_a_preflight_of_a_connection_left_is_not_confirmed_on_the_new_one(
        qtbot: Any, flow_ctx: AppContext, seeded_table: str, tmp_path: Path, to_b: bool,
        proxies: tuple[FaultProxy, FaultProxy], conns: tuple[Connection, Connection]) -> None:
    tx: Transaction = import_text(json.dumps(note(seeded_table)))
    flow = SendFlow(flow_ctx, lambda: tx)
    user = User(flow)
    assert flow.check(tx, flow_env(flow_ctx, tmp_path), execute_after=True)
    # The window moves to B (or loses A: a failed reconnect) before the preflight's answer.
    flow_ctx.set_connection(conns[1] if to_b else None)
    wait_for(qtbot, lambda: not flow.running())
    assert proxies[0].requests(TX) == [] and proxies[1].requests(TX) == []
    assert [s.state for s in user.steps] == [State.CHECKING, State.EDITING]
    assert user.steps[-1].message.startswith("The connection changed before the send (from conn-A")
    said = "Press Execute again to check and send it on conn-B" if to_b else "now none"
    assert said in user.steps[-1].message
    assert proxies[0].requests(TX) == [] and proxies[1].requests(TX) == []
