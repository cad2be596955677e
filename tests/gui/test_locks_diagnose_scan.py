"""Diagnose in the window, when the index cannot see every spelling (HOLDER_UNKNOWN): "Scan
instead" asks again with a Scan and gets the holder. Before, the answer said to run
``dynoview diagnose --no-index`` in a terminal, and the window had no way to."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from typing import Any

import pytest

from dynoview.core.session.connection import Connection
from dynoview.core.session.tables import describe_table
from dynoview.core.uniqueness.diagnose_answer import HOLDER_UNKNOWN
from dynoview.core.uniqueness.findings import OK
from dynoview.core.uniqueness.holders import VIA_INDEX, VIA_SCAN
from tests.gui.conftest import open_window
from tests.helpers import account_key, empty_accounts_table, lock_key, s
from tests.integration.test_folded_spellings import LOCK, LOOKED_UP, lowercase

pytestmark = pytest.mark.gui


@pytest.fixture
def folded(demo_conn: Connection) -> Iterator[str]:
    with empty_accounts_table(demo_conn, "folded-gui") as name:
        demo_conn.client.put_item(TableName=name, Item={**account_key("ada"), "email": s("Ada@Example.io")})
        demo_conn.client.put_item(TableName=name, Item=lock_key("EMAIL", LOCK))
        yield name


def test_scan_instead_finds_the_holder_the_index_could_not(
        qtbot: Any, qasync_loop: Any, demo_conn: Connection, folded: str) -> None:
    window = open_window(qtbot, demo_conn, folded)
    info = replace(describe_table(demo_conn, folded), item_count=LOOKED_UP)  # too big to read whole
    window.ctx.set_table(info)
    panel = window.feature("LocksPanel")
    panel.set_schema(lowercase(info), save=False)
    box = panel.diagnose_box
    box.rule_picker.setCurrentText("email")
    box.value_edit.setText(LOCK)
    control = panel.diagnose
    with qtbot.waitSignal(control.finished, timeout=15000) as first:
        control.run()
    assert (first.args[0].method, first.args[0].status) == (VIA_INDEX, HOLDER_UNKNOWN)
    assert box.diag_scan_button.isEnabled() and not box.diag_release_button.isEnabled()
    with qtbot.waitSignal(control.finished, timeout=15000) as scanned:
        box.diag_scan_button.click()
    d = scanned.args[0]
    assert (d.method, d.status, d.account_ids) == (VIA_SCAN, OK, ["ACCT#ada"])
    assert not box.diag_scan_button.isEnabled()
