"""A `dynoview repair --yes` killed after its release reached the engine (applied, its answer held
by the fault proxy, no outcome logged, no state saved), then `--dry-run` on the same report: the
dry run reads the action log (never writes it) and says what the resumed run says, "An earlier
run sent this repair ... applied once", never "someone released it since the report". It still
writes no file: no state file, no line in the action log, no crash report. Before, a dry run
never read the log and blamed "someone" for DynoView's own release. Both engines."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from dynoview.core.session.connection import Connection
from dynoview.core.tx.action_log import ActionLog
from tests import fault_proxy as fp
from tests.fault_proxy import FaultProxy
from tests.integration.test_cli_repair import _report, action_log, run
from tests.integration.test_repair_ctrl_c_twice import _Child, _deleted_key

pytestmark = [pytest.mark.integration, pytest.mark.faults]
__all__ = ["action_log"]  # the fixture: the children's action log, in this test's folder

EARLIER = "An earlier run sent this repair"


@pytest.fixture
def proxy(endpoint_url: str) -> Iterator[FaultProxy]:
    with FaultProxy(endpoint_url) as held:
        yield held


def _files(root: Path) -> dict[str, tuple[int, int]]:
    """Every file under ``root`` with its size and modification time."""
    return {str(p.relative_to(root)): (p.stat().st_size, p.stat().st_mtime_ns)
            for p in root.rglob("*") if p.is_file()}


def test_a_dry_run_after_a_killed_release_names_the_earlier_run_and_writes_nothing(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, endpoint_url: str, conn: Connection,
        accounts_table: str, action_log: ActionLog, proxy: FaultProxy,
        monkeypatch: pytest.MonkeyPatch) -> None:
    for var in ("XDG_STATE_HOME", "XDG_CACHE_HOME", "XDG_CONFIG_HOME"):  # a crash report lands here
        monkeypatch.setenv(var, str(tmp_path / var.lower()))
    report = _report(capsys, endpoint_url, accounts_table, tmp_path / "audit.json")
    state = tmp_path / "audit.state.json"
    args = [str(report), "--endpoint-url", proxy.url, "--table", accounts_table,
            "--rate", "50", "--resume", str(state)]
    proxy.add(fp.DELAY_RESPONSE, operation="TransactWriteItems", times=1, seconds=8)
    child = _Child([*args, "--yes"])
    try:
        child.wait_until(lambda: bool(proxy.requests("TransactWriteItems")), "sent the first repair")
        [intent] = action_log.entries()
        key = _deleted_key(intent)
        assert key is not None, intent["request"]  # the first repair is a release
        child.wait_until(lambda: "Item" not in conn.client.get_item(
            TableName=accounts_table, Key=key, ConsistentRead=True), "applied the release")
    finally:
        child.kill()  # as a crash would: no outcome logged, no state saved
    proxy.clear()
    os.remove(state)  # the state file the killed run opened: nothing in it (no finding was done)
    before = _files(tmp_path)

    code, out, err = run(capsys, "repair", *args, "--dry-run")
    first = next(line for line in out.splitlines() if line.startswith("[1/"))
    assert first.startswith("[1/") and "applied: Released" in first and EARLIER in first, out
    assert "applied once" in first, first
    assert "someone released it" not in out, out
    assert "Dry run, nothing sent:" in out and "1 applied" in out, out
    assert code == 1, err  # the report's decisions
    assert _files(tmp_path) == before  # no state file, no log line, no crash report
    assert not state.exists()

    code, out, err = run(capsys, "repair", *args, "--yes")
    real = next(line for line in out.splitlines() if line.startswith("[1/"))
    assert real == first, out  # the dry run said what the resumed run says
    assert [_deleted_key(e) for e in action_log.entries()].count(key) == 1  # never sent again
