"""Export CSV…/JSON… of the Accounts & locks audit: the JSON says when it was written, which
schema, and that it holds every finding (the window's filter does not apply); a path that
cannot be written safely is a sentence, never a crash report."""

from __future__ import annotations

import json
import os
import sys
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest

from dynoview.core.session.connection import Connection
from dynoview.core.session.tables import describe_table
from dynoview.core.uniqueness.findings import OK
from dynoview.ui.context import AppContext
from dynoview.ui.locks.panel import LocksPanel

pytestmark = pytest.mark.gui


def _audited(qtbot: Any, ctx: AppContext, conn: Connection, table: str) -> LocksPanel:
    panel = LocksPanel(ctx)
    qtbot.addWidget(panel)
    with qtbot.waitSignal(panel.audit_finished, timeout=20000):  # a small local table: audited at once
        ctx.set_table(describe_table(conn, table))
    return panel


def test_the_json_says_when_which_schema_and_every_finding(
        qtbot: Any, ctx: AppContext, demo_conn: Connection, seeded_table: str, tmp_path: Path) -> None:
    panel = _audited(qtbot, ctx, demo_conn, seeded_table)
    assert panel.result is not None and panel.result.findings
    panel.set_status_filter({OK})  # the window shows no problem at all
    data = json.loads(panel.export_to(tmp_path / "f.json", "json").read_text())
    assert data["schema"] == panel.result.schema.to_json()
    export = data["export"]
    assert datetime.fromisoformat(export["exported_at"]).tzinfo is not None
    assert export["scope"] == "all-findings" and export["findings"] == len(panel.result.findings)
    assert "filter" in export["note"]
    assert len(data["findings"]) == len(panel.result.findings)


def test_a_link_at_the_path_is_a_sentence_not_a_crash(
        qtbot: Any, ctx: AppContext, demo_conn: Connection, seeded_table: str, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    crashes: list[BaseException] = []
    monkeypatch.setattr(sys, "excepthook", lambda _t, exc, _tb: crashes.append(exc))
    panel = _audited(qtbot, ctx, demo_conn, seeded_table)
    target = tmp_path / "elsewhere.txt"
    target.write_text("keep me")
    os.symlink(target, tmp_path / "f.csv")
    errors: list[Any] = []
    ctx.error_raised.connect(errors.append)
    dialog = panel.exporter.ask(panel.result, "csv")
    assert dialog is not None
    dialog.fileSelected.emit(str(tmp_path / "f.csv"))
    dialog.close()
    assert crashes == []
    assert len(errors) == 1 and "was not exported" in errors[0].message
    assert target.read_text() == "keep me"
