"""Closing the window while the transaction builder sends (ui/transfer/quit_guard.py).

The fault proxy holds DynamoDB's answer (``DELAY_RESPONSE``: the write happens, the answer
waits), so the send is in flight when the window closes. Closing asks, naming the table: Keep
working leaves the window and the send settles in the builder; Wait for the answer and quit
closes once the outcome is in the action log (not a bare intent), and offers Quit now after a
while. An unattended close (a signal) asks nothing but waits a short, bounded time for the
answer. The builder's own quit prompt (unsent work) is never asked about the transaction sent.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtWidgets import QApplication, QMessageBox, QProgressDialog, QPushButton

from dynoview.core.session import profile
from dynoview.core.session.connection import Connection
from dynoview.core.tx.action_log import NO_OUTCOME, ActionLog
from dynoview.core.tx.outcomes import SUCCEEDED
from dynoview.core.tx.templates import sign_up
from dynoview.core.uniqueness.schema import article_schema
from dynoview.ui.builder import BuilderPanel
from dynoview.ui.builder.send_flow import State
from dynoview.ui.main_window import MainWindow
from dynoview.ui.transfer import quit_guard
from tests import fault_proxy as fp
from tests.fault_proxy import FaultProxy
from tests.faults.support import proxied
from tests.gui.conftest import open_window

pytestmark = pytest.mark.gui
S = article_schema()
TX = "TransactWriteItems"


@pytest.fixture(autouse=True)
def own_folders(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Drafts and the action log go under the test's folder."""
    monkeypatch.setattr(profile, "config_root", lambda: tmp_path / "config")
    monkeypatch.setattr(profile, "data_root", lambda: tmp_path / "data")


@pytest.fixture
def proxy(moto_endpoint: str) -> Iterator[FaultProxy]:
    with FaultProxy(moto_endpoint) as faults:
        yield faults


@pytest.fixture
def pconn(proxy: FaultProxy) -> Connection:
    """A writable connection whose every request goes through the fault proxy."""
    return proxied(proxy)


def account(name: str) -> dict[str, Any]:
    return {"PK": {"S": f"ACCT#{name}"}, "SK": {"S": "PROFILE"}, "email": {"S": f"{name}@x.io"},
            "username": {"S": name}}


def sending(qtbot: Any, proxy: FaultProxy, conn: Connection, table: str, log: ActionLog,
            name: str, hold_s: float) -> tuple[MainWindow, BuilderPanel]:
    """A shown window whose builder has sent a sign-up DynamoDB answers ``hold_s`` late."""
    win = open_window(qtbot, conn, table)
    win.show()  # closing hides it: that is what the tests watch
    qtbot.waitExposed(win)
    builder: BuilderPanel = win.feature("BuilderPanel")
    builder.action_log = log
    builder.ask_confirmation = lambda _r, _p, answer: answer(True)  # type: ignore[method-assign]
    builder.load_request(sign_up(S, table, account(name)).to_request())
    proxy.add(fp.DELAY_RESPONSE, operation=TX, seconds=hold_s)
    builder.execute()
    qtbot.waitUntil(lambda: bool(proxy.requests(TX)), timeout=20000)  # sent; its answer held
    assert builder.send_flow.state is State.SENDING
    assert [e["outcome"]["status"] for e in log.entries()] == [NO_OUTCOME]  # the intent alone
    return win, builder


def prompt(win: MainWindow) -> QMessageBox:
    box = win.findChild(QMessageBox, "transfer-close-prompt")
    assert isinstance(box, QMessageBox) and box.isVisible(), "closing during a send did not ask"
    return box


def click(box: QMessageBox, text: str) -> None:
    [button] = [b for b in box.buttons() if b.text() == text]
    button.click()


def no_unsent_work_prompt(win: MainWindow) -> bool:
    """The builder's own quit prompt (unsent work) is not shown: the send is not unsent work."""
    box = win.findChild(QMessageBox, "close-prompt")
    return box is None or not box.isVisible()


def statuses(log: ActionLog) -> list[str]:
    return [e["outcome"]["status"] for e in log.entries()]


def settle_in_background(qtbot: Any, log: ActionLog) -> None:
    """The pool thread goes on after the window: its answer, then the outcome logged."""
    qtbot.waitUntil(lambda: statuses(log) != [NO_OUTCOME], timeout=30000)


def test_closing_during_a_send_asks_and_keep_working_shows_its_outcome(
        qtbot: Any, qasync_loop: Any, proxy: FaultProxy, pconn: Connection, seeded_table: str,
        tmp_path: Path) -> None:
    log = ActionLog(tmp_path / "actions.jsonl")
    win, builder = sending(qtbot, proxy, pconn, seeded_table, log, "keepworking", hold_s=2.0)
    win.close()
    box = prompt(win)
    assert box.text() == f"A transaction is being sent to {seeded_table}: its answer is awaited."
    assert "action log" in box.informativeText()
    assert no_unsent_work_prompt(win) and win.isVisible()
    assert {b.text() for b in box.buttons()} == {"Wait for the answer and quit", "Keep working"}
    click(box, "Keep working")
    qtbot.waitUntil(lambda: builder.result is not None, timeout=20000)
    assert win.isVisible()
    assert builder.result is not None and builder.result.status == SUCCEEDED
    assert builder.status.text().startswith("Applied: ")
    assert statuses(log) == [SUCCEEDED]
    assert win.findChild(QProgressDialog, "transfer-stopping") is None


def test_wait_and_quit_closes_once_the_outcome_is_logged(
        qtbot: Any, qasync_loop: Any, proxy: FaultProxy, pconn: Connection, seeded_table: str,
        tmp_path: Path) -> None:
    log = ActionLog(tmp_path / "actions.jsonl")
    win, builder = sending(qtbot, proxy, pconn, seeded_table, log, "waitquit", hold_s=2.5)
    win.close()
    click(prompt(win), "Wait for the answer and quit")
    waiting = win.findChild(QProgressDialog, "transfer-stopping")
    assert isinstance(waiting, QProgressDialog) and waiting.isVisible()
    assert seeded_table in waiting.labelText() and "answer" in waiting.labelText()
    qtbot.wait(500)
    assert win.isVisible() and builder.send_flow.state is State.SENDING  # still waiting
    qtbot.waitUntil(lambda: not win.isVisible(), timeout=30000)
    assert statuses(log) == [SUCCEEDED]  # the outcome, not a bare intent
    assert builder.result is not None and builder.result.status == SUCCEEDED
    assert no_unsent_work_prompt(win)  # written as it stands: nothing unsent to ask about


def test_quit_now_leaves_the_outcome_to_the_next_execution(
        qtbot: Any, qasync_loop: Any, proxy: FaultProxy, pconn: Connection, seeded_table: str,
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(quit_guard, "QUIT_NOW_AFTER_S", 1.0)  # 10 s in the app
    log = ActionLog(tmp_path / "actions.jsonl")
    win, _builder = sending(qtbot, proxy, pconn, seeded_table, log, "quitnow", hold_s=6.0)
    win.close()
    click(prompt(win), "Wait for the answer and quit")
    waiting = win.findChild(QProgressDialog, "transfer-stopping")
    assert isinstance(waiting, QProgressDialog)
    assert waiting.findChild(QPushButton, "quit-now") is None  # not at once: the answer may come
    qtbot.waitUntil(lambda: waiting.findChild(QPushButton, "quit-now") is not None, timeout=5000)
    quit_now = waiting.findChild(QPushButton, "quit-now")
    assert isinstance(quit_now, QPushButton) and quit_now.text() == "Quit now"
    assert "settled by the next execution" in waiting.labelText()
    quit_now.click()
    qtbot.waitUntil(lambda: not win.isVisible(), timeout=5000)
    assert statuses(log) == [NO_OUTCOME]  # the answer never came while the window was there
    assert no_unsent_work_prompt(win)  # the transaction in flight is not asked about again
    settle_in_background(qtbot, log)


def test_an_unattended_close_waits_for_the_answer_without_asking(
        qtbot: Any, qasync_loop: Any, proxy: FaultProxy, pconn: Connection, seeded_table: str,
        tmp_path: Path) -> None:
    log = ActionLog(tmp_path / "actions.jsonl")
    win, _builder = sending(qtbot, proxy, pconn, seeded_table, log, "sigterm", hold_s=1.5)
    win.closing_unattended = True  # what a signal (SIGTERM, logout) sets: dynoview/ui/app.py
    QApplication.closeAllWindows()
    assert win.findChild(QMessageBox, "transfer-close-prompt") is None
    assert win.isVisible()  # waiting for the answer
    qtbot.waitUntil(lambda: not win.isVisible(), timeout=10000)
    assert statuses(log) == [SUCCEEDED]  # logged before the window went
    assert win.findChild(QMessageBox, "transfer-close-prompt") is None and no_unsent_work_prompt(win)


def test_an_unattended_close_waits_a_bounded_time(
        qtbot: Any, qasync_loop: Any, proxy: FaultProxy, pconn: Connection, seeded_table: str,
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(quit_guard, "UNATTENDED_SEND_WAIT_S", 2.5)  # 5 s in the app
    log = ActionLog(tmp_path / "actions.jsonl")
    win, _builder = sending(qtbot, proxy, pconn, seeded_table, log, "sigtermlate", hold_s=8.0)
    win.closing_unattended = True
    began = time.monotonic()
    QApplication.closeAllWindows()
    assert win.findChild(QMessageBox, "transfer-close-prompt") is None
    qtbot.waitUntil(lambda: not win.isVisible(), timeout=7000)
    waited = time.monotonic() - began  # (closing itself waits up to 1 s for pool work)
    assert 2.4 <= waited < 6.0, f"closed after {waited:.1f} s"
    assert statuses(log) == [NO_OUTCOME]  # given up on: the next execution settles it
    settle_in_background(qtbot, log)
