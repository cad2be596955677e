"""Issue 20 in the transaction builder (and so in Copy to table, whose batches it sends).

The first attempt is applied and its answer lost, the resend is throttled: the status line
says the transaction was applied, by reads, never "wrote nothing"; the token is renewed as
after any write. An action log that cannot take the intent stops the send with its sentence.
A send an earlier session was killed in the middle of is settled before the next one and
said in the status line.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from dynoview.core.session.connection import Connection
from dynoview.core.session.tables import describe_table
from dynoview.core.tx.action_log import ActionLog, connection_record
from dynoview.core.tx.outcomes import APPLIED, SUCCEEDED
from dynoview.core.tx.settle import HELD_KEY
from dynoview.core.tx.templates import sign_up
from dynoview.core.tx.wire import body_json, preview_text
from dynoview.core.uniqueness.schema import article_schema
from dynoview.ui.builder import BuilderPanel
from dynoview.ui.context import AppContext
from tests import fault_proxy as fp
from tests.fault_proxy import FaultProxy
from tests.faults.support import STALL_LIMIT_MS, Heartbeat

pytestmark = [pytest.mark.gui, pytest.mark.integration, pytest.mark.faults,
              pytest.mark.only_on("moto", reason="GUI over the core paths the non-GUI fault tests "
                                  "run on both engines")]
S = article_schema()
TX = "TransactWriteItems"


def account(name: str) -> dict[str, Any]:
    return {"PK": {"S": f"ACCT#{name}"}, "SK": {"S": "PROFILE"}, "email": {"S": f"{name}@x.io"},
            "username": {"S": name}}


def exists(direct: Connection, table: str, name: str) -> bool:
    key = {"PK": {"S": f"ACCT#{name}"}, "SK": {"S": "PROFILE"}}
    answer = direct.client.get_item(TableName=table, Key=key, ConsistentRead=True)
    return "Item" in answer


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


def execute(qtbot: Any, panel: BuilderPanel, heartbeat: Heartbeat, done: Any = None) -> None:
    heartbeat.start()
    panel.execute()
    qtbot.waitUntil(done or (lambda: panel.result is not None), timeout=60000)
    heartbeat.stop()
    assert heartbeat.max_gap_ms < STALL_LIMIT_MS, f"event loop stalled {heartbeat.max_gap_ms:.0f} ms"


def test_a_throttled_resend_after_a_lost_answer_shows_applied(qtbot: Any, panel: BuilderPanel,
                                                              proxy: FaultProxy, direct: Connection,
                                                              table: str, heartbeat: Heartbeat) -> None:
    panel.load_request(sign_up(S, table, account("uithrottle")).to_request())
    token = panel.token_edit.text()
    proxy.add(fp.DROP_AFTER, operation=TX, times=1)
    proxy.add(fp.THROTTLE, operation=TX, times=3)
    execute(qtbot, panel, heartbeat)
    assert panel.result is not None and panel.result.status == APPLIED, panel.status.text()
    text = panel.status.text()
    assert text.startswith("Applied: An answer from DynamoDB was lost")
    assert "ProvisionedThroughputExceededException" in text and "wrote nothing" not in text
    assert panel.token_edit.text() != token  # written: the token is not reused
    assert exists(direct, table, "uithrottle")
    assert [e["outcome"]["status"] for e in panel.action_log.entries()] == [APPLIED]


def test_an_action_log_that_cannot_be_written_stops_the_send(qtbot: Any, panel: BuilderPanel,
                                                             proxy: FaultProxy, direct: Connection,
                                                             table: str, heartbeat: Heartbeat) -> None:
    panel.action_log.path.mkdir()
    panel.load_request(sign_up(S, table, account("uilogdir")).to_request())
    execute(qtbot, panel, heartbeat, done=lambda: "cannot be written" in panel.status.text())
    assert "a folder is in its place), so the transaction was not sent" in panel.status.text()
    assert panel.result is None and proxy.requests(TX) == []
    assert not exists(direct, table, "uilogdir")


def test_an_earlier_sessions_interrupted_send_is_settled_and_said(qtbot: Any, panel: BuilderPanel,
                                                                  proxy: FaultProxy, pconn: Connection,
                                                                  direct: Connection, table: str,
                                                                  heartbeat: Heartbeat) -> None:
    """An intent left by a session killed after sending (written here as that session would:
    the write applied, the intent logged by a process that no longer exists)."""
    earlier = sign_up(S, table, account("uikilled"))
    direct.client.transact_write_items(**earlier.to_request())
    # As the session logged it: with what held before its send (none of it: settle.held_before).
    intent = panel.action_log.intent(connection=connection_record(pconn.spec, pconn.region),
                                     token=earlier.token,
                                     request=body_json(preview_text(earlier.to_request())),
                                     context={HELD_KEY: [False] * len(earlier.actions)})
    pid = f'"pid": {intent["process"]["pid"]}'
    lines = panel.action_log.path.read_text().replace(pid, '"pid": 999999999')  # a process gone
    panel.action_log.path.write_text(lines)
    panel.load_request(sign_up(S, table, account("uinext")).to_request())
    execute(qtbot, panel, heartbeat)
    assert panel.result is not None and panel.result.status == SUCCEEDED
    text = panel.status.text()
    assert f"Earlier: DynoView stopped after sending the transaction with token {earlier.token}" in text
    assert "Every change is in place: the transaction was applied once." in text
    assert [(e["token"], e["outcome"]["status"]) for e in panel.action_log.entries()] == [
        (earlier.token, APPLIED), (panel.result.token, SUCCEEDED)]


def test_preflight_read_errors_say_nothing_was_sent(qtbot: Any, panel: BuilderPanel, proxy: FaultProxy,
                                                    direct: Connection, table: str,
                                                    heartbeat: Heartbeat) -> None:
    panel.load_request(sign_up(S, table, account("uipre500")).to_request())
    proxy.add(fp.HTTP_500, predicate=lambda r: r.operation not in (TX, "DescribeTable"), times=None)
    execute(qtbot, panel, heartbeat, done=lambda: "preflight could not read" in panel.status.text())
    text = panel.status.text()
    assert text.startswith("The preflight could not read the items this transaction touches, so "
                           "nothing was sent.")
    assert "internal error" in text and "TransactWriteItems" not in text
    assert panel.result is None and proxy.requests(TX) == []
    assert not exists(direct, table, "uipre500")
