"""The window's diagnose box on an expired lock whose holders were looked up through the index
(the demo's pending@signup.test, on a table too large to read whole): no holder found there is
not "no holder", so "Release lock…" stays off, "Scan instead" is on, and the Templates menu
offers no Release either. Before, the box enabled Release for it (EXPIRED, no account found)
and the menu offered "Release lock …". A Scan proves the holders: then Release is offered."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from dynoview.core.session.connection import Connection
from dynoview.core.session.tables import describe_table
from dynoview.core.uniqueness.diagnose_answer import HOLDER_UNKNOWN
from dynoview.core.uniqueness.findings import EXPIRED
from dynoview.core.uniqueness.holders import VIA_INDEX, VIA_SCAN
from dynoview.core.uniqueness.schema import default_schema
from tests.gui.conftest import open_window

pytestmark = pytest.mark.gui

PENDING = "pending@signup.test"


def release_lines(qtbot: Any, window: Any) -> list[str]:
    builder = window.feature("BuilderPanel")
    builder._fill_templates_menu()
    qtbot.waitUntil(lambda: not builder.template_runner.reading, timeout=10000)
    builder._fill_templates_menu()
    return [a.text() for a in builder.templates_menu.actions()
            if a.isEnabled() and a.text().startswith("Release")]


def test_an_expired_lock_with_unseen_holders_offers_a_scan_not_a_release(
        qtbot: Any, qasync_loop: Any, demo_conn: Connection, seeded_table: str) -> None:
    window = open_window(qtbot, demo_conn, seeded_table)
    info = replace(describe_table(demo_conn, seeded_table), item_count=50_000)  # too big to read whole
    window.ctx.set_table(info)
    panel = window.feature("LocksPanel")
    panel.set_schema(default_schema(info), save=False)
    box, control = panel.diagnose_box, panel.diagnose
    box.rule_picker.setCurrentText("email")
    box.value_edit.setText(PENDING)
    with qtbot.waitSignal(control.finished, timeout=15000) as first:
        control.run()
    d = first.args[0]
    assert (d.method, d.status, d.lock_expired) == (VIA_INDEX, HOLDER_UNKNOWN, True), d.sentence
    shown = box.diagnosis_view.toPlainText()
    assert "whose TTL has passed" in shown and "Do not release the lock on this answer" in shown
    assert not box.diag_release_button.isEnabled()
    assert box.diag_scan_button.isEnabled() and box.open_lock_button.isEnabled()
    assert release_lines(qtbot, window) == []  # the diagnosis is the selection's evidence
    with qtbot.waitSignal(control.finished, timeout=15000) as scanned:
        box.diag_scan_button.click()
    d = scanned.args[0]
    assert (d.method, d.status, d.account_ids) == (VIA_SCAN, EXPIRED, []), d.sentence
    assert box.diag_release_button.isEnabled() and not box.diag_scan_button.isEnabled()
    assert release_lines(qtbot, window) == [f"Release lock UNIQ#EMAIL#{PENDING}…"]
