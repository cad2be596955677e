"""`dynoview repair --rate N` below the window's minimum (0.5 findings per second): refused as the
arguments are read, one sentence at --rate, exit 2, nothing read or sent and no state file.
Before, `--rate 1e-10` passed ("above 0"), the first finding was repaired and the pacer's wait
of 1/rate seconds crashed the run with OverflowError (exit 3, no summary)."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest

from dynoview.core.errors import DynoViewError
from dynoview.core.repair.pacing import MIN_RATE, Pacer, check_rate
from dynoview.core.session.connection import Connection
from tests.integration.test_cli_repair import _report, _snapshot, action_log, run

pytestmark = pytest.mark.integration
__all__ = ["action_log"]  # the fixture: the command's action log, in this test's folder


@pytest.mark.parametrize("rate", ["1e-10", "0.49", "nan", "inf", "-1"])
def test_a_rate_below_the_minimum_is_refused_before_anything_is_sent(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, endpoint_url: str, conn: Connection,
        accounts_table: str, action_log: object, rate: str) -> None:
    report = _report(capsys, endpoint_url, accounts_table, tmp_path / "audit.json")
    before = _snapshot(conn, accounts_table)
    with pytest.raises(SystemExit) as caught:
        run(capsys, "repair", str(report), "--endpoint-url", endpoint_url, "--table", accounts_table,
            "--yes", "--rate", rate)
    assert caught.value.code == 2
    err = capsys.readouterr().err
    assert (f"argument --rate: give a number of findings per second, at least 0.5 and at most 100; "
            f"{rate!r} was given.") in err, err
    assert "Traceback" not in err
    assert _snapshot(conn, accounts_table) == before
    assert not (tmp_path / "audit.repair-state.json").exists()


def test_the_slowest_rate_is_taken(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                   endpoint_url: str, accounts_table: str, action_log: object) -> None:
    report = _report(capsys, endpoint_url, accounts_table, tmp_path / "audit.json")
    code, out, err = run(capsys, "repair", str(report), "--endpoint-url", endpoint_url, "--table",
                         accounts_table, "--dry-run", "--rate", "0.5")
    assert code == 1 and "Dry run, nothing sent:" in out, out + err  # the demo's decisions: 1


def test_the_core_refuses_a_tiny_rate_and_the_pacer_never_waits_past_the_slowest() -> None:
    with pytest.raises(DynoViewError, match=r"at least 0\.5"):
        check_rate(1e-10)
    pacer = Pacer(1e10, lambda: 0.0)  # an interval no rate check let through, taken anyway
    pacer.started()
    waited: list[float] = []

    class Cancel(threading.Event):
        def wait(self, timeout: float | None = None) -> bool:
            waited.append(timeout or 0.0)
            return False

    assert pacer.wait_cancelled(Cancel()) is False
    assert waited == [1 / MIN_RATE]  # before: 1e10 seconds, past what a wait takes (OverflowError)
