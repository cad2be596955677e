"""Issue 20: ``kill -9`` between a transaction reaching DynamoDB and its answer.

A real process runs ``dynoview repair --yes`` (or ``transact``, ``import``) through the fault proxy,
which forwards the first TransactWriteItems (the engine applies it) and holds its answer. Once
the table shows the write, the process is killed with SIGKILL. The action log then holds the
send's intent (written before the request left) without an outcome, and the repair's state
file does not list the finding. The next run settles the send by strongly consistent reads,
says so, records the outcome, and a resumed repair knows the write as its own (never "someone
released it since the report"). Both engines.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from dynoview.cli import main
from dynoview.core.items.export import DDB_JSON, render
from dynoview.core.session.connection import Connection
from dynoview.core.tx.action_log import INTENT, NO_OUTCOME, ActionLog
from dynoview.core.tx.outcomes import APPLIED, SUCCEEDED
from dynoview.core.tx.templates import sign_up
from dynoview.core.tx.wire import preview_text
from dynoview.core.uniqueness.schema import article_schema
from tests import fault_proxy as fp
from tests.fault_proxy import FaultProxy
from tests.integration.test_import_items import _scan
from tests.unit.core.imports.samples import canonical, dataset

pytestmark = [pytest.mark.integration, pytest.mark.faults]
ROOT = Path(__file__).resolve().parents[2]
TX = "TransactWriteItems"
S = article_schema()


def key(pk: str, sk: str) -> dict[str, Any]:
    return {"PK": {"S": pk}, "SK": {"S": sk}}


@pytest.fixture
def data_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> ActionLog:
    """The commands' action log (the profile's), in this test's folder: for the child too."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    return ActionLog()


def kill_when(args: list[str], written: Callable[[], bool]) -> None:
    """Run the CLI in a child process and SIGKILL it as soon as ``written()`` holds."""
    code = "import sys; from dynoview.cli import main; sys.exit(main(sys.argv[1:]))"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen([sys.executable, "-c", code, *args], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, env=env, cwd=ROOT)
    try:
        deadline = time.monotonic() + 60
        while not written():
            assert proc.poll() is None, proc.communicate()
            assert time.monotonic() < deadline, "the write never reached the table"
            time.sleep(0.05)
        proc.send_signal(signal.SIGKILL)
        proc.communicate(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate()
    assert proc.returncode == -signal.SIGKILL


def lock_gone(direct: Connection, table: str, email: str) -> bool:
    answer = direct.client.get_item(TableName=table, Key=key(f"UNIQ#EMAIL#{email}", "LOCK"),
                                    ConsistentRead=True)
    return "Item" not in answer


def test_kill_during_repair_then_resume(proxy: FaultProxy, endpoint_url: str, direct: Connection,
                                        table: str, tmp_path: Path, data_home: ActionLog,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["audit", "--endpoint-url", endpoint_url, "--table", table, "--format", "json",
                 "--no-receipts", "--consistent"]) == 1
    report = tmp_path / "audit.json"
    report.write_text(capsys.readouterr().out)
    findings = json.loads(report.read_text())["findings"]
    first = next(f["value"] for f in findings if f["status"] == "ORPHAN_LOCK")
    args = ["repair", str(report), "--endpoint-url", proxy.url, "--table", table, "--yes", "--rate", "50"]
    proxy.add(fp.DELAY_RESPONSE, operation=TX, seconds=8)  # applied, then the answer waits
    kill_when(args, lambda: lock_gone(direct, table, first))

    (pending,) = data_home.entries()
    assert pending["phase"] == INTENT and pending["outcome"]["status"] == NO_OUTCOME
    state = tmp_path / "audit.repair-state.json"
    assert json.loads(state.read_text())["done"] == []  # killed before the state was saved

    proxy.clear()
    code = main(args)
    out, err = capsys.readouterr()
    assert code == 1, out + err  # the duplicate, the clashes and the expired lock need a person
    assert "someone released it since the report" not in out
    assert f"note: DynoView stopped after sending the transaction with token {pending['token']}" in out
    line = next(line for line in out.splitlines() if line.startswith("[1/3]"))
    assert line.startswith("[1/3] applied: Released PK=UNIQ#EMAIL#")
    assert "An earlier run sent this repair and stopped before saving it in the state file" in line
    assert "Every change is in place: the transaction was applied once." in line
    assert "3 applied; 4 need a decision." in out

    entries = data_home.entries()
    assert len(entries) == 3  # one per finding: the killed run's, settled, and the two of this run
    assert entries[0]["token"] == pending["token"]
    assert entries[0]["outcome"]["status"] == APPLIED and entries[0]["outcome"]["recovered"] is True
    assert all(e["outcome"]["status"] in (APPLIED, SUCCEEDED) for e in entries)
    assert len({e["token"] for e in entries}) == 3
    sent = [r.json()["ClientRequestToken"] for r in proxy.requests(TX)]
    assert sorted(sent) == sorted(e["token"] for e in entries)  # nothing was sent twice
    done = json.loads(state.read_text())["done"]
    assert sorted(d["status"] for d in done) == ["applied"] * 3


def test_kill_during_transact_is_settled_by_the_next_one(proxy: FaultProxy, direct: Connection,
                                                         table: str, tmp_path: Path,
                                                         data_home: ActionLog,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    def request(name: str) -> Path:
        item = {**key(f"ACCT#{name}", "PROFILE"), "email": {"S": f"{name}@x.io"}, "username": {"S": name}}
        path = tmp_path / f"{name}.json"
        path.write_text(preview_text(sign_up(S, table, item).to_request()))
        return path

    proxy.add(fp.DELAY_RESPONSE, operation=TX, seconds=8)
    kill_when(["transact", str(request("killed")), "--endpoint-url", proxy.url, "--yes"],
              lambda: "Item" in direct.client.get_item(TableName=table, Key=key("ACCT#killed", "PROFILE"),
                                                       ConsistentRead=True))
    (pending,) = data_home.entries()
    assert pending["outcome"]["status"] == NO_OUTCOME

    proxy.clear()
    code = main(["transact", str(request("next")), "--endpoint-url", proxy.url, "--yes"])
    out, err = capsys.readouterr()
    assert code == 0, out + err
    assert f"note: DynoView stopped after sending the transaction with token {pending['token']}" in err
    assert "Every change is in place: the transaction was applied once." in err
    assert out.startswith("succeeded:")
    statuses = [(e["token"], e["outcome"]["status"]) for e in data_home.entries()]
    assert statuses[0] == (pending["token"], APPLIED) and statuses[1][1] == SUCCEEDED


def test_kill_during_an_import_batch_then_resume_sends_it_once(
        proxy: FaultProxy, direct: Connection, empty_table: str, tmp_path: Path,
        data_home: ActionLog, capsys: pytest.CaptureFixture[str]) -> None:
    """Killed after batch 3 reached the engine and before its answer (the progress file says 2
    batches): the resume settles batch 3 by reads, skips it as applied, and sends the rest."""
    items = dataset(100, 200)
    path = tmp_path / "items.json"
    path.write_text(render(items, DDB_JSON))
    progress = tmp_path / "progress.json"
    args = ["import", str(path), "--table", empty_table, "--endpoint-url", proxy.url, "--yes",
            "--progress-file", str(progress)]

    def third_batch_written() -> bool:
        saved = json.loads(progress.read_text()) if progress.exists() else {}
        return saved.get("batches") == 2 and len(_scan(direct, empty_table)) > saved["items"]

    proxy.add(fp.DELAY_RESPONSE, operation=TX, after=2, seconds=8)  # batch 3: applied, answer held
    kill_when(args, third_batch_written)
    (pending,) = [e for e in data_home.entries() if e["outcome"]["status"] == NO_OUTCOME]
    assert pending["context"]["import"]["batch"] == 3

    proxy.clear()
    assert main([*args, "--resume", "--json"]) == 0
    out = capsys.readouterr().out
    result = json.loads(out[out.index('{\n  "status": "imported"'):])
    sent = [r.json()["ClientRequestToken"] for r in proxy.requests(TX)]
    assert len(sent) == len(set(sent))  # batch 3 was not sent again
    assert any(f"stopped after sending the transaction with token {pending['token']}" in note
               and "applied once" in note for note in result["notes"]), result["notes"]
    assert canonical(_scan(direct, empty_table)) == canonical(items)
    applied = [e["context"]["import"]["batch"] for e in data_home.entries()
               if e["outcome"]["status"] in (APPLIED, SUCCEEDED)]
    assert sorted(applied) == list(range(1, json.loads(progress.read_text())["batches"] + 1))
