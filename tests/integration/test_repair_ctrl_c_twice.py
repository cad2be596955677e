"""A second Ctrl+C (or SIGTERM) sent to a `dynoview repair --yes` subprocess while a release's
answer is held: the release reached the engine and was applied (the fault proxy,
``tests/fault_proxy.py``, forwards it and holds the answer). The process dies of the signal, and
its last words name the finding and the token of the send in flight, that it may or may not
have been applied, and that running the same command again settles it; the next run reports the
release applied by the earlier run and never sends it twice. Before, the second Ctrl+C raised
KeyboardInterrupt mid-send and the command said only "Interrupted." (exit 2). Both engines."""

from __future__ import annotations

import json
import re
import signal
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from dynoview.core.session.connection import Connection
from dynoview.core.tx.action_log import ActionLog
from tests import fault_proxy as fp
from tests.fault_proxy import FaultProxy
from tests.integration.cli_child import CliChild
from tests.integration.test_cli_repair import _report, action_log, run

pytestmark = [pytest.mark.integration, pytest.mark.faults]
ROOT = Path(__file__).resolve().parents[2]
__all__ = ["action_log"]  # the fixture: the children's action log, in this test's folder


@pytest.fixture
def proxy(endpoint_url: str) -> Iterator[FaultProxy]:
    with FaultProxy(endpoint_url) as held:
        yield held


def _Child(args: list[str]) -> CliChild:
    return CliChild("repair", args)


def _deleted_key(send: dict[str, Any]) -> dict[str, Any] | None:
    """The key a release deletes (None: a claim)."""
    actions = [a["Delete"] for a in send["request"]["TransactItems"] if "Delete" in a]
    return dict(actions[0]["Key"]) if actions else None


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM], ids=["ctrl-c", "sigterm"])
def test_a_second_signal_names_the_send_in_flight_and_the_next_run_settles_it(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, endpoint_url: str, conn: Connection,
        accounts_table: str, action_log: ActionLog, proxy: FaultProxy, signum: int) -> None:
    report = _report(capsys, endpoint_url, accounts_table, tmp_path / "audit.json")
    state = tmp_path / "audit.state.json"
    args = [str(report), "--endpoint-url", proxy.url, "--table", accounts_table, "--yes",
            "--rate", "50", "--resume", str(state)]
    # The first release reaches the engine (and is applied); its answer is held far longer than
    # the test waits for the end.
    proxy.add(fp.DELAY_RESPONSE, operation="TransactWriteItems", times=1, seconds=8)
    child = _Child(args)
    try:
        child.wait_until(lambda: bool(proxy.requests("TransactWriteItems")), "sent the first repair")
        [intent] = action_log.entries()  # its intent, written before the send
        key = _deleted_key(intent)
        assert key is not None, intent["request"]  # the first repair is a release
        child.wait_until(lambda: "Item" not in conn.client.get_item(
            TableName=accounts_table, Key=key, ConsistentRead=True), "applied the release")
        child.proc.send_signal(signum)
        child.wait_until(lambda: child.said("stopping after the finding in progress"), "said it stops")
        sent = time.monotonic()
        child.proc.send_signal(signum)
        code, out, err = child.finish(timeout=30)
        took = time.monotonic() - sent
    finally:
        child.kill()
    name = "Ctrl+C" if signum == signal.SIGINT else "SIGTERM"
    assert code == -signum, err  # it died of the signal: a shell shows 130 (143 for SIGTERM)
    assert took < 4, f"the second {name} took {took:.1f} s"  # (the answer is held 8 s)
    assert f"\ndynoview: {name}: stopping after the finding in progress: its transaction, if sent, " \
           "is settled first (Ctrl+C again ends the run at once, as a kill would).\n" in err
    last = err.rstrip("\n").splitlines()[-1]
    said = re.fullmatch(
        rf"dynoview: {re.escape(name)} again: the repair ends now, as a kill would end it, while the "
        r"transaction of finding 1 of 3 \(release orphan (\w+) lock (\S+)\) was sent with token "
        rf"{re.escape(intent['token'])}: it may or may not have been applied; run the same command "
        rf"again \(state: {re.escape(str(state))}\): it settles that send first\.", last)
    assert said is not None, err
    assert said.group(2) in key["PK"]["S"]  # the finding named is the lock released
    assert "Interrupted." not in err and "applied;" not in out  # no summary: it ended at once
    assert len(proxy.requests("TransactWriteItems")) == 1

    proxy.clear()
    code, out, err = run(capsys, "repair", *args)
    assert code == 1, err  # the findings left to a person
    assert re.search(r"\[1/3\] applied: Released [^\n]*An earlier run sent this repair", out), out
    assert "3 applied; 4 need a decision." in out
    # The held release was settled by reads, never sent again: one send more for each other one.
    tokens = [json.loads(r.body)["ClientRequestToken"] for r in proxy.requests("TransactWriteItems")]
    assert len(tokens) == 3 and tokens.count(intent["token"]) == 1, tokens
    assert [_deleted_key(e) for e in action_log.entries()].count(key) == 1  # one send each
