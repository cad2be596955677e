"""Hostile input in the Accounts & locks tab's "Diagnose one value" box: nothing typed, only
spaces, a value whose lock key DynamoDB cannot hold. The first two are a sentence in the answer
box with the value field marked and the cursor in it, nothing is read, and no crash report; a
value whose lock key is too long is looked up (an account may hold it) and answered as never
lockable; a value at the limit is diagnosed as any other."""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Iterator
from typing import Any

import pytest

from dynoview.core.session.connection import Connection
from dynoview.core.session.tables import describe_table
from dynoview.core.uniqueness.diagnose_answer import FREE
from dynoview.core.values.key_sizes import MAX_PARTITION_KEY_BYTES
from dynoview.ui.context import AppContext
from dynoview.ui.locks.panel import LocksPanel
from dynoview.ui.themed import is_refused

pytestmark = pytest.mark.gui


@pytest.fixture
def ctx(qtbot: Any, qasync_loop: asyncio.AbstractEventLoop, demo_conn: Connection) -> Iterator[AppContext]:
    context = AppContext()
    context.set_connection(demo_conn)
    yield context
    context.tasks.shutdown()


@pytest.fixture
def panel(qtbot: Any, ctx: AppContext, demo_conn: Connection, seeded_table: str,
          monkeypatch: pytest.MonkeyPatch) -> Iterator[LocksPanel]:
    crashes: list[BaseException] = []
    monkeypatch.setattr(sys, "excepthook", lambda _t, exc, _tb: crashes.append(exc))
    p = LocksPanel(ctx)
    qtbot.addWidget(p)
    with qtbot.waitSignal(p.audit_finished, timeout=20000):
        ctx.set_table(describe_table(demo_conn, seeded_table))
    p.show()
    p.activateWindow()
    p.rule_picker.setCurrentText("email")
    yield p
    assert crashes == []  # never the crash report


def _gets(ctx: AppContext) -> int:
    return len([r for r in ctx.read_log.receipts() if r.operation in ("GetItem", "Query", "Scan")])


def _email_room(panel: LocksPanel) -> int:
    """The longest email (bytes) whose lock key DynamoDB still takes."""
    schema = panel.schema
    rule = schema.rule("email")
    key = schema.stored_lock_key(rule, "")
    return MAX_PARTITION_KEY_BYTES - len(key[schema.lock_pk_name]["S"].encode())


def _refused(qtbot: Any, panel: LocksPanel, ctx: AppContext, said: str) -> None:
    before = _gets(ctx)
    panel.diagnose_button.click()
    qtbot.waitUntil(lambda: said in panel.diagnosis_view.toPlainText(), timeout=10000)
    qtbot.wait(50)
    assert is_refused(panel.value_edit) and panel.value_edit.hasFocus()
    assert _gets(ctx) - before <= 1  # at most the check: no lock or account was looked up
    assert not panel.open_account_button.isEnabled() and not panel.diag_release_button.isEnabled()


def test_nothing_typed_is_said_at_the_value(qtbot: Any, panel: LocksPanel, ctx: AppContext) -> None:
    panel.value_edit.setText("")
    _refused(qtbot, panel, ctx, "Type the value to diagnose")
    qtbot.keyClicks(panel.value_edit, "k")  # typing to fix it takes the mark off
    assert panel.value_edit.styleSheet() == ""


@pytest.mark.parametrize("value", ["   ", " \t "])
def test_only_spaces_are_not_called_free(qtbot: Any, panel: LocksPanel, ctx: AppContext, value: str) -> None:
    """It used to answer "' \\t ' is free ... The person can sign up with it."."""
    panel.value_edit.setText(value)
    _refused(qtbot, panel, ctx, "The value is only spaces")
    assert "free" not in panel.diagnosis_view.toPlainText()
    assert panel.value_edit.text() == value  # kept as typed


@pytest.mark.parametrize("extra", [1, 100_000], ids=["one byte over", "100 KB"])
def test_a_value_whose_lock_key_is_over_dynamodbs_limit_is_diagnosed_as_never_lockable(
        qtbot: Any, panel: LocksPanel, ctx: AppContext, extra: int) -> None:
    """It used to answer "is free ... The person can sign up with it": no lock can exist at
    that key, and the signup's Put would fail. It was then refused before any look-up, which
    named no account holding the value (the audit does): it is now looked up, and the answer
    says no lock can exist for it, without echoing the paste."""
    value = "a" * (_email_room(panel) - len("@x.io") + extra) + "@x.io"
    panel.value_edit.setText(value)
    with qtbot.waitSignal(panel.diagnosis_finished, timeout=20000) as done:
        panel.diagnose_button.click()
    assert done.args[0].status == FREE and done.args[0].account_ids == []
    text = panel.diagnosis_view.toPlainText()
    assert "no lock can exist for it" in text and "A signup with it would fail" in text
    assert "DynamoDB allows at most 2,048" in text and value not in text
    assert "is free" not in text
    assert not panel.diag_release_button.isEnabled()  # nothing to release or claim
    assert panel.value_edit.styleSheet() == ""
    panel.value_edit.setText(value[extra:])  # at the limit: diagnosed as any other value
    with qtbot.waitSignal(panel.diagnosis_finished, timeout=10000) as done:
        panel.diagnose_button.click()
    assert done.args[0].status == FREE
    assert "is free" in panel.diagnosis_view.toPlainText()
