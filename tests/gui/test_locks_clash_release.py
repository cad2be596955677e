"""A case clash's advice is "keep one spelling on the account and release the other lock": the
window offers that Release (hostile window test, defect 2). The demo's lock
``Margaret@Hamilton.space`` is held by no account; ACCT#5d6e7f holds margaret@hamilton.space
with its own lock. Its grid row and its diagnosis offered no Release; now both do, through the
release form and the builder's preflight, which still judges. A clash whose account has no
lock of its own is left to the person (the account may take the locked spelling instead), and
the account's own lock is never offered."""

from __future__ import annotations

from typing import Any

import pytest

from dynoview.core.session.connection import Connection
from dynoview.core.uniqueness.findings import CASE_CLASH
from dynoview.ui.builder import BuilderPanel
from dynoview.ui.builder.lock_forms import ReleaseLockForm
from dynoview.ui.builder.send_flow import State
from dynoview.ui.locks.panel import LocksPanel
from dynoview.ui.main_window import MainWindow

pytestmark = pytest.mark.gui
OTHER = "Margaret@Hamilton.space"  # the other lock: no account holds this spelling
OWN = "margaret@hamilton.space"  # ACCT#5d6e7f's spelling, with its own lock


def audited(qtbot: Any, window: MainWindow) -> LocksPanel:
    panel = window.feature("LocksPanel")
    if panel.model.rowCount() == 0 or panel.stale:
        with qtbot.waitSignal(panel.audit_finished, timeout=30000):
            panel.run_audit()
    return panel


def lock_row(panel: LocksPanel, value: str) -> int:
    return next(i for i in range(panel.model.rowCount())
                if (r := panel.model.pair_row(i)) is not None and r.kind == "lock"
                and r.cells["email"].value == value)


def diagnose(qtbot: Any, panel: LocksPanel, value: str) -> Any:
    panel.rule_picker.setCurrentText("email")
    panel.value_edit.setText(value)
    with qtbot.waitSignal(panel.diagnosis_finished, timeout=20000) as blocker:
        panel.diagnose_button.click()
    return blocker.args[0]


def released(qtbot: Any, window: MainWindow, panel: LocksPanel, button: Any) -> dict[str, Any]:
    """Click a Release button, accept its form: the request the builder receives."""
    assert button.isEnabled()
    button.click()
    form = panel.repairs.current_form
    assert isinstance(form, ReleaseLockForm) and not form.holders and form.revalidate()
    with qtbot.waitSignal(window.ctx.open_builder_requested, timeout=5000) as blocker:
        form.accept()
    return blocker.args[0]  # type: ignore[no-any-return]


def preflight(qtbot: Any, builder: BuilderPanel) -> Any:
    builder.check_preflight()
    flow = builder.send_flow
    qtbot.waitUntil(lambda: flow.state is State.EDITING and flow.preflight is not None, timeout=20000)
    return flow.preflight


def test_the_other_lock_of_a_case_clash_can_be_released_from_its_row_and_its_diagnosis(
        qtbot: Any, connected_window: MainWindow, seeded_table: str) -> None:
    window = connected_window
    panel = audited(qtbot, window)
    panel.select_row(lock_row(panel, OTHER))
    row = panel.selected_row()
    assert row is not None and row.status == CASE_CLASH  # "(no account) · Case or normalisation clash"
    request = released(qtbot, window, panel, panel.release_button)
    (action,) = request["TransactItems"]
    assert action["Delete"]["Key"]["PK"] == {"S": f"UNIQ#EMAIL#{OTHER}"}
    builder = window.feature("BuilderPanel")
    result = preflight(qtbot, builder)
    assert not result.refused and not result.needs_confirmation, result.summary()

    d = diagnose(qtbot, panel, OTHER)
    assert d.status == CASE_CLASH and "release the other lock" in d.sentence
    request = released(qtbot, window, panel, panel.diag_release_button)
    assert request["TransactItems"][0]["Delete"]["Key"]["PK"] == {"S": f"UNIQ#EMAIL#{OTHER}"}
    # The account's own spelling: its lock is the one kept, never offered for release.
    d = diagnose(qtbot, panel, OWN)
    assert d.status == CASE_CLASH and not panel.diag_release_button.isEnabled()


def test_a_clash_whose_account_has_no_lock_of_its_own_offers_no_release(
        qtbot: Any, connected_window: MainWindow, demo_conn: Connection, seeded_table: str) -> None:
    """bob@clash.io is held without a lock; Bob@clash.io is locked by no account. Releasing
    that lock would leave the clash with no lock at all: the person decides (change the
    account to the locked spelling, or claim its own first)."""
    for item in ({"PK": {"S": "ACCT#b0b0b0"}, "SK": {"S": "PROFILE"}, "email": {"S": "bob@clash.io"},
                  "username": {"S": "bobclash"}},
                 {"PK": {"S": "UNIQ#HANDLE#bobclash"}, "SK": {"S": "LOCK"}},
                 {"PK": {"S": "UNIQ#EMAIL#Bob@clash.io"}, "SK": {"S": "LOCK"}}):
        demo_conn.client.put_item(TableName=seeded_table, Item=item)
    panel = connected_window.feature("LocksPanel")
    with qtbot.waitSignal(panel.audit_finished, timeout=30000):
        panel.run_audit()
    panel.select_row(lock_row(panel, "Bob@clash.io"))
    row = panel.selected_row()
    assert row is not None and row.status == CASE_CLASH
    assert not panel.release_button.isEnabled()
    d = diagnose(qtbot, panel, "Bob@clash.io")
    assert d.status == CASE_CLASH and not panel.diag_release_button.isEnabled()
    # The demo's other lock still offers it.
    panel.select_row(lock_row(panel, OTHER))
    assert panel.release_button.isEnabled()
