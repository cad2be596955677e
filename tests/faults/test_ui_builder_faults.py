"""The transaction builder executing through faults, and its confirmation on remote endpoints.

The event loop keeps ticking (10 ms heartbeat, no stall over 100 ms, no request from
the UI thread) while the answer is lost, resent with the same token and settled by
reads; the status line says what happened.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from dynoview.core.session.connection import Connection, ConnectionSpec
from dynoview.core.session.tables import describe_table
from dynoview.core.tx.action_log import ActionLog
from dynoview.core.tx.confirmation import confirmation_for
from dynoview.core.tx.outcomes import APPLIED, NOT_APPLIED, SUCCEEDED
from dynoview.core.tx.templates import sign_up
from dynoview.core.uniqueness.schema import article_schema
from dynoview.ui.builder import BuilderPanel
from dynoview.ui.builder.dialogs import ConfirmDialog
from dynoview.ui.context import AppContext
from tests import fault_proxy as fp
from tests.fault_proxy import FaultProxy
from tests.faults.support import STALL_LIMIT_MS, Heartbeat
from tests.helpers import FAKE_KEYS

pytestmark = [pytest.mark.gui, pytest.mark.integration, pytest.mark.faults,
              # What the window does with a fault does not depend on the engine behind the
              # proxy; the core paths it drives run on both engines in the non-GUI fault tests.
              pytest.mark.only_on("moto", reason="GUI over the same core paths: one engine is enough")]
S = article_schema()
TX = "TransactWriteItems"


def account(name: str) -> dict[str, Any]:
    return {"PK": {"S": f"ACCT#{name}"}, "SK": {"S": "PROFILE"}, "email": {"S": f"{name}@x.io"},
            "username": {"S": name}}


@pytest.fixture
def panel(qtbot: Any, qasync_loop: asyncio.AbstractEventLoop, pconn: Connection, table: str,
          tmp_path: Path, heartbeat: Heartbeat) -> Iterator[BuilderPanel]:
    ctx = AppContext()
    ctx.set_connection(pconn)
    ctx.set_table(describe_table(pconn, table))
    heartbeat.watch(pconn)
    widget = BuilderPanel(ctx)
    widget.action_log = ActionLog(tmp_path / "actions.jsonl")
    widget.ask_confirmation = lambda requirement, preview, answer: answer(True)  # type: ignore[method-assign]
    qtbot.addWidget(widget)
    yield widget
    ctx.tasks.shutdown()
    assert heartbeat.requests_on_ui_thread == 0, "a request was sent from the UI thread"


def execute(qtbot: Any, panel: BuilderPanel, heartbeat: Heartbeat) -> None:
    heartbeat.start()
    panel.execute()
    # The result comes from inside the send's task, a loop turn before the task ends; Execute
    # pressed in between is refused as "being executed" (the second execute of a test was).
    qtbot.waitUntil(lambda: panel.result is not None and not panel.send_flow.running(), timeout=30000)
    heartbeat.stop()
    assert heartbeat.max_gap_ms < STALL_LIMIT_MS, f"event loop stalled {heartbeat.max_gap_ms:.0f} ms"


@pytest.mark.parametrize("kind", [fp.DROP_AFTER, fp.CUT])
def test_lost_answer_is_settled_while_the_window_stays_live(qtbot: Any, panel: BuilderPanel,
                                                            proxy: FaultProxy, direct: Connection,
                                                            table: str, heartbeat: Heartbeat,
                                                            kind: str) -> None:
    panel.load_request(sign_up(S, table, account(f"ui{kind[:3]}")).to_request())
    token = panel.token_edit.text()
    proxy.forget_tokens = True  # the resend meets its own writes (no token kept): reads settle it
    proxy.add(kind, operation=TX)
    execute(qtbot, panel, heartbeat)
    assert panel.result is not None and panel.result.status == APPLIED
    assert panel.status.text().startswith("Applied: An answer from DynamoDB was lost")
    assert {r.json()["ClientRequestToken"] for r in proxy.requests(TX)} == {token}
    assert panel.token_edit.text() != token  # written: the token is not reused for another one
    assert [e["outcome"]["status"] for e in panel.action_log.entries()] == [APPLIED]
    item = direct.client.get_item(TableName=table, Key={"PK": {"S": f"ACCT#ui{kind[:3]}"},
                                                        "SK": {"S": "PROFILE"}}, ConsistentRead=True)
    assert "Item" in item


def test_internal_errors_end_not_applied_and_the_same_token_succeeds_after(
        qtbot: Any, panel: BuilderPanel, proxy: FaultProxy, table: str, heartbeat: Heartbeat) -> None:
    panel.load_request(sign_up(S, table, account("ui500")).to_request())
    token = panel.token_edit.text()
    rule = proxy.add(fp.HTTP_500, operation=TX, times=None)
    execute(qtbot, panel, heartbeat)
    assert panel.result is not None and panel.result.status == NOT_APPLIED
    assert "Execute it again" in panel.status.text()
    assert panel.token_edit.text() == token  # not written: the same token stays for the retry
    assert rule.applied == 12
    proxy.clear()
    panel.result = None
    execute(qtbot, panel, heartbeat)
    assert panel.result is not None and panel.result.status == SUCCEEDED
    assert panel.result.token == token


def test_remote_endpoint_confirmation_dialog_needs_the_table_name(qtbot: Any, table: str) -> None:
    spec = ConnectionSpec(name="prod", endpoint_url="https://dynamodb.eu-west-1.amazonaws.com",
                          region="eu-west-1")
    conn = Connection(spec, credentials=FAKE_KEYS)  # never used to send: only to ask
    tx = sign_up(S, table, account("remote"))
    requirement = confirmation_for(conn, tx)
    assert not requirement.local and requirement.type_to_confirm == table
    dialog = ConfirmDialog(requirement, "{}")
    qtbot.addWidget(dialog)
    assert not dialog.execute_button.isEnabled()
    dialog.typed.setText(table.upper())
    assert not dialog.execute_button.isEnabled()
    dialog.typed.setText(f" {table} ")
    assert dialog.execute_button.isEnabled()
    assert dialog.confirmation() == table
    local = confirmation_for(Connection(ConnectionSpec(name="l", endpoint_url="http://localhost:8000",
                                                       region="us-east-1"), credentials=FAKE_KEYS), tx)
    assert local.local and local.type_to_confirm is None
