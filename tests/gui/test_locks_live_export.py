"""Export CSV…/JSON… with Live mode on, on moto and on DynamoDB Local over HTTP: the file holds
the findings as the grid shows them (the audit's, with Live's changes: a finding resolved since
is left out, a new one is in), the status line and the JSON say so; after Live is switched off
the grid keeps its changes, and so does the export."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from dynoview.core.audit.export_file import LIVE_NOTE
from dynoview.core.session.connection import Connection
from dynoview.core.uniqueness.findings import ORPHAN_LOCK
from dynoview.ui.context import AppContext
from dynoview.ui.locks.model import NEW_TEXT, RESOLVED_TEXT
from dynoview.ui.locks.panel import LocksPanel
from tests.gui import live_locks_support as live
from tests.gui.live_locks_support import WAIT_MS, conn_fixture, ctx_fixture, s  # noqa: F401 - conn, ctx fixtures
from tests.integration.test_cli_watch import signup

pytestmark = pytest.mark.gui


def _export(qtbot: Any, ctx: AppContext, panel: LocksPanel, path: Path, fmt: str) -> str:
    """What Export CSV…/JSON… runs once its dialog names ``path``; the status line it leaves."""
    said: list[str] = []
    ctx.status_message.connect(said.append)
    assert panel.result is not None
    with qtbot.waitSignal(panel.exporter.finished, timeout=WAIT_MS):
        assert panel.exporter.start(panel.result, path, fmt)
    ctx.status_message.disconnect(said.append)
    return said[-1]


def _lock(email: str) -> dict[str, Any]:
    return {"PK": s(f"UNIQ#EMAIL#{email}"), "SK": s("LOCK")}


def test_the_export_writes_the_grid_as_live_mode_shows_it(
        qtbot: Any, ctx: AppContext, conn: Connection, tmp_path: Path) -> None:
    table = live.create_table(conn, "live-export", ("PK", "SK"))
    try:
        signup(conn, table, 1)
        conn.client.put_item(TableName=table, Item=_lock("stuck@x.io"))  # an orphan
        panel = live.open_panel(qtbot, ctx, conn, table)
        assert panel.result is not None
        assert [(f.status, f.value) for f in panel.result.findings] == [(ORPHAN_LOCK, "stuck@x.io")]
        live.started(qtbot, panel)

        # Released by someone else, and a new orphan: the grid shows both.
        conn.client.delete_item(TableName=table, Key=_lock("stuck@x.io"))
        conn.client.put_item(TableName=table, Item=_lock("newstuck@x.io"))
        def shown() -> bool:
            old = live.lock_row(panel, "email", "stuck@x.io")
            return live.lock_row(panel, "email", "newstuck@x.io") is not None and old is not None \
                and RESOLVED_TEXT in live.status_text(panel, old)

        qtbot.waitUntil(shown, timeout=WAIT_MS)
        new_row = live.lock_row(panel, "email", "newstuck@x.io")
        assert new_row is not None and live.status_text(panel, new_row) == f"Orphan lock · {NEW_TEXT}"

        said = _export(qtbot, ctx, panel, tmp_path / "grid.csv", "csv")
        text = (tmp_path / "grid.csv").read_text(encoding="utf-8")
        assert "ORPHAN_LOCK,email,newstuck@x.io" in text
        assert "stuck@x.io," not in text.replace("newstuck@x.io,", "")
        assert len(text.strip().splitlines()) == 2  # the header and the one finding the grid shows
        assert said.startswith("Exported every finding the grid shows (1): the audit's, with the "
                               "changes Live mode applied since (1 resolved, 1 new or changed)")

        _export(qtbot, ctx, panel, tmp_path / "grid.json", "json")
        report = json.loads((tmp_path / "grid.json").read_text(encoding="utf-8"))
        assert [(f["status"], f["value"]) for f in report["findings"]] == [(ORPHAN_LOCK, "newstuck@x.io")]
        assert report["counts"][ORPHAN_LOCK] == 1 and not report["clean"]
        assert report["export"]["scope"] == "grid-with-live-changes"
        assert report["export"]["note"] == LIVE_NOTE and report["export"]["findings"] == 1

        # Off: the grid keeps what Live changed, and the export still writes it.
        live.stopped(qtbot, ctx, panel)
        assert live.lock_row(panel, "email", "newstuck@x.io") is not None
        said = _export(qtbot, ctx, panel, tmp_path / "after.csv", "csv")
        assert (tmp_path / "after.csv").read_text(encoding="utf-8") == text
        assert "Live mode" in said

        # A new audit: its own findings, and the export says nothing of Live.
        with qtbot.waitSignal(panel.audit_finished, timeout=WAIT_MS):
            panel.run_audit()
        said = _export(qtbot, ctx, panel, tmp_path / "audit.csv", "csv")
        assert said.startswith("Exported every finding of the audit (1)")
        assert "ORPHAN_LOCK,email,newstuck@x.io" in (tmp_path / "audit.csv").read_text(encoding="utf-8")
    finally:
        conn.client.delete_table(TableName=table)
