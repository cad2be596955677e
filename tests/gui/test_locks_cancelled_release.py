"""A Release from the Accounts & locks grid whose lock someone else deleted after the audit,
against moto in the window: the preflight that reads the lock gone, and a send DynamoDB
cancels because the lock went after the preflight, mark that row stale (as after a write; a
small table is audited again); rows the reads agree with stay as they
are."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from dynoview.core.session.connection import Connection
from dynoview.core.tx.outcomes import CANCELLED
from dynoview.ui.main_window import MainWindow

pytestmark = pytest.mark.gui

GONE = "barbara@mit.edu"  # an orphan email lock of the demo seed
OTHER = "ken@thompson.dev"  # the seed's other orphan lock


def _lock_key(value: str) -> dict[str, Any]:
    return {"PK": {"S": f"UNIQ#EMAIL#{value}"}, "SK": {"S": "LOCK"}}


def _lock_row(panel: Any, value: str) -> int:
    return next(i for i in range(panel.model.rowCount())
                if (r := panel.model.pair_row(i)) is not None and r.kind == "lock"
                and r.cells["email"].value == value)


def _stale(panel: Any, value: str) -> bool:
    return bool(panel.model.is_stale(panel.model.pair_row(_lock_row(panel, value))))


def _release(qtbot: Any, win: MainWindow, value: str, confirm: Callable[[], None] = lambda: None,
             *, override: bool = False, send: bool = True) -> Any:
    """Release ``value``'s lock from its row, through the builder: ``confirm`` runs when the
    send is confirmed (``send`` False: cancelled there); a refusal of the preflight is
    overridden with ``override``."""
    panel, builder = win.feature("LocksPanel"), win.feature("BuilderPanel")
    panel.select_row(_lock_row(panel, value))
    assert panel.release_button.isEnabled()
    with qtbot.waitSignal(win.ctx.open_builder_requested, timeout=15000):
        panel.release_button.click()
        panel.current_form.accept()
    qtbot.waitUntil(lambda: builder.transaction is not None and bool(builder.transaction.actions))
    asked: list[str] = []
    builder.ask_confirmation = lambda _req, _preview, answer: (confirm(), asked.append("confirm"),
                                                              answer(True if send else None))
    builder.ask_override = lambda _preflight, _table, answer: (asked.append("override"), answer(override))
    builder.result = None
    builder.execute()
    qtbot.waitUntil(lambda: (builder.result is not None or bool(asked))
                    and not builder.send_flow.running(), timeout=30000)
    return builder


@pytest.fixture
def window(connected_window: MainWindow, qtbot: Any, monkeypatch: pytest.MonkeyPatch) -> MainWindow:
    """The window with the seed audited, and, as on a large table, no audit after a write."""
    panel = connected_window.feature("LocksPanel")
    with qtbot.waitSignal(panel.audit_finished, timeout=20000):
        panel.run_audit()
    monkeypatch.setattr(connected_window.ctx, "reads_on_open", lambda _table: False)
    return connected_window


def test_a_preflight_that_reads_the_lock_gone_marks_its_row_stale(
        qtbot: Any, window: MainWindow, demo_conn: Connection, seeded_table: str) -> None:
    panel = window.feature("LocksPanel")
    before = panel.counts_label.text()
    demo_conn.client.delete_item(TableName=seeded_table, Key=_lock_key(GONE))
    builder = _release(qtbot, window, GONE)  # the refusal is not overridden: nothing is sent
    assert builder.result is None and builder.preflight is not None and builder.preflight.refused
    assert _stale(panel, GONE) and panel.stale
    assert not _stale(panel, OTHER)  # the preflight did not read it
    assert panel.counts_label.text().startswith("Stale: 1 item is not as this audit read it")
    assert panel.counts_label.text().endswith(before)


def test_a_preflight_that_agrees_with_the_grid_marks_nothing(
        qtbot: Any, window: MainWindow, demo_conn: Connection, seeded_table: str) -> None:
    panel = window.feature("LocksPanel")
    builder = _release(qtbot, window, GONE, send=False)
    # Not sent (the confirmation was cancelled): the preflight read what the audit read.
    assert builder.preflight is not None and not builder.preflight.refused
    assert not panel.stale and not _stale(panel, GONE)
    assert panel.counts_label.text().startswith("OK: ")


def test_a_send_cancelled_because_the_lock_went_after_the_preflight_marks_its_row_stale(
        qtbot: Any, window: MainWindow, demo_conn: Connection, seeded_table: str) -> None:
    panel = window.feature("LocksPanel")

    def delete_meanwhile() -> None:  # between the preflight's read and the send
        demo_conn.client.delete_item(TableName=seeded_table, Key=_lock_key(GONE))

    builder = _release(qtbot, window, GONE, delete_meanwhile)
    assert builder.result is not None and builder.result.status == CANCELLED
    assert "no longer exists" in builder.result.message
    assert _stale(panel, GONE) and panel.stale and not _stale(panel, OTHER)
    assert panel.counts_label.text().startswith("Stale: 1 item is not as this audit read it")


def test_on_a_small_table_the_row_is_read_again(
        qtbot: Any, connected_window: MainWindow, demo_conn: Connection, seeded_table: str) -> None:
    panel = connected_window.feature("LocksPanel")
    with qtbot.waitSignal(panel.audit_finished, timeout=20000):
        panel.run_audit()
    demo_conn.client.delete_item(TableName=seeded_table, Key=_lock_key(GONE))
    with qtbot.waitSignal(panel.audit_finished, timeout=20000):
        _release(qtbot, connected_window, GONE)
    qtbot.waitUntil(lambda: not panel.controller.audit_running(), timeout=20000)
    with pytest.raises(StopIteration):
        _lock_row(panel, GONE)  # gone from the grid, as from the table
    assert not panel.stale
