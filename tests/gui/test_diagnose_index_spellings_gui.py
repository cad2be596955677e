"""The window's diagnose box on a table too large to read whole, its email rule (normalisation
none) looked up through the GSI: a lock whose account stores another spelling is a case clash to
the audit. Before, the box called it an ORPHAN_LOCK and enabled "Release lock…", which frees the
only lock protecting that account's value. Now it agrees with the audit where the index finds
the spelling, else answers HOLDER_UNKNOWN: Release off, "Scan instead" on (both engines)."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from typing import Any

import pytest

from dynoview.core.session.tables import describe_table
from dynoview.core.uniqueness.diagnose_answer import HOLDER_UNKNOWN
from dynoview.core.uniqueness.findings import CASE_CLASH
from dynoview.core.uniqueness.holders import VIA_INDEX, VIA_SCAN
from dynoview.core.uniqueness.schema import default_schema
from dynoview.ui.context import AppContext
from dynoview.ui.locks.panel import LocksPanel
from tests.helpers import connect
from tests.integration.test_diagnose_index_spellings import big_clash_table

pytestmark = pytest.mark.gui


@pytest.fixture
def panel(qtbot: Any, qasync_loop: asyncio.AbstractEventLoop, endpoint_url: str) -> Iterator[LocksPanel]:
    """The Accounts & locks tab on the big table, audited with the article's schema (its GSI)."""
    conn = connect(endpoint_url, name="gui-test")
    with big_clash_table(conn, "idxsp-gui") as name:
        ctx = AppContext()
        ctx.set_connection(conn)
        try:
            widget = LocksPanel(ctx)
            qtbot.addWidget(widget)
            info = describe_table(conn, name)
            with qtbot.waitSignal(widget.audit_finished, timeout=60000):
                ctx.set_table(info)
            with qtbot.waitSignal(widget.audit_finished, timeout=60000) as done:
                widget.set_schema(default_schema(info), save=False)
            audit = sorted((f.status, f.value) for f in done.args[0].findings)
            assert audit == [(CASE_CLASH, "ada@x.io"), (CASE_CLASH, "cy@x.io"), (CASE_CLASH, "jörg@x.io")]
            yield widget
        finally:
            ctx.tasks.shutdown()


def ask(qtbot: Any, panel: LocksPanel, value: str) -> Any:
    box = panel.diagnose_box
    box.rule_picker.setCurrentText("email")
    box.value_edit.setText(value)
    with qtbot.waitSignal(panel.diagnose.finished, timeout=30000) as answered:
        panel.diagnose.run()
    return answered.args[0]


def test_the_box_agrees_with_the_audit_and_offers_no_release(qtbot: Any, panel: LocksPanel) -> None:
    box = panel.diagnose_box
    d = ask(qtbot, panel, "ada@x.io")
    assert (d.method, d.status, d.account_ids) == (VIA_INDEX, CASE_CLASH, ["ACCT#ada"]), d.sentence
    assert not box.diag_release_button.isEnabled()


def test_an_unknown_holder_offers_a_scan_not_a_release(qtbot: Any, panel: LocksPanel) -> None:
    box = panel.diagnose_box
    d = ask(qtbot, panel, "cy@x.io")
    assert (d.method, d.status) == (VIA_INDEX, HOLDER_UNKNOWN), d.sentence
    assert "Do not release the lock on this answer" in box.diagnosis_view.toPlainText()
    assert not box.diag_release_button.isEnabled() and box.diag_scan_button.isEnabled()
    with qtbot.waitSignal(panel.diagnose.finished, timeout=30000) as scanned:
        box.diag_scan_button.click()
    d = scanned.args[0]
    assert (d.method, d.status, d.account_ids) == (VIA_SCAN, CASE_CLASH, ["ACCT#cy"]), d.sentence
    assert not box.diag_release_button.isEnabled()
