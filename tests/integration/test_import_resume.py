"""An import killed mid-way (SIGKILL, a subprocess) resumes with --resume: exactly the batches not
yet written are sent, none twice, nothing lost; every batch is in the action log."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
import uuid
from pathlib import Path
from typing import Any

import pytest

from dynoview.cli import main
from dynoview.core.items.export import DDB_JSON, render
from dynoview.core.session.connection import Connection
from dynoview.core.tx.action_log import ActionLog
from dynoview.demo.backend import create_accounts_table
from tests.integration.test_import_items import _scan
from tests.unit.core.imports.samples import canonical, dataset

pytestmark = pytest.mark.integration
ROOT = Path(__file__).resolve().parents[2]


def _progress(path: Path) -> dict[str, Any]:
    try:
        return dict(json.loads(path.read_text()))
    except (OSError, ValueError):
        return {}


def test_resume_after_a_kill_writes_exactly_the_rest(
        tmp_path: Path, endpoint_url: str, conn: Connection,
        capsys: pytest.CaptureFixture[str]) -> None:
    items = dataset(100, 200)  # 500 items: accounts with their locks, documents
    path = tmp_path / "items.json"
    path.write_text(render(items, DDB_JSON))
    progress = tmp_path / "progress.json"
    table = f"import-{uuid.uuid4().hex[:8]}"
    create_accounts_table(conn, table)
    try:
        args = ["import", str(path), "--table", table, "--endpoint-url", endpoint_url, "--yes",
                "--rate", "100", "--progress-file", str(progress)]
        child = subprocess.Popen([sys.executable, "-m", "dynoview", *args], cwd=ROOT,
                                 env={**os.environ}, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        deadline = time.monotonic() + 120
        while _progress(progress).get("batches", 0) < 2 and time.monotonic() < deadline:
            assert child.poll() is None, child.stderr.read() if child.stderr else ""
            time.sleep(0.05)
        child.send_signal(signal.SIGKILL)
        child.wait()
        killed_at = _progress(progress)
        assert killed_at["batches"] >= 2 and not killed_at["done"]
        assert len(_scan(conn, table)) < len(items)  # stopped mid-way
        assert main([*args[:-4], "--resume", "--json", "--progress-file", str(progress)]) == 0
        out = capsys.readouterr().out
        result = json.loads(out[out.index('{\n  "status": "imported"'):])
        # The batches the killed run committed are skipped (one more when it was killed after
        # the send and before saving: the action log says it was applied), the rest written.
        assert result["skipped_items"] >= killed_at["items"]
        assert result["skipped_items"] + result["items"] == len(items)
        assert canonical(_scan(conn, table)) == canonical(items)
        done = _progress(progress)
        assert done["done"] and done["items"] == len(items) and done["run"] == killed_at["run"]
        sends = [e for e in ActionLog().entries() if table in json.dumps(e.get("context") or {})]
        batches = [e["context"]["import"]["batch"] for e in sends if e.get("phase") != "void"]
        applied = [b for b, e in zip(batches, sends, strict=True)
                   if (e.get("outcome") or {}).get("status") in ("succeeded", "applied")]
        assert sorted(applied) == list(range(1, done["batches"] + 1))  # each batch applied once
    finally:
        conn.client.delete_table(TableName=table)
