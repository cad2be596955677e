"""A `dynoview repair` killed while a release's answer was out (the release reached the engine and
was applied), then the freed value taken by a new sign-up before the next run: the next run
settles the earlier send by reads, finds the lock written again by another write (not what it was
before the send) and reports that finding "changed" and goes on. Before, the reads' "unknown"
stopped every later run at that finding ("The run stopped here"). Both engines."""

from __future__ import annotations

import re
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


@pytest.fixture
def proxy(endpoint_url: str) -> Iterator[FaultProxy]:
    with FaultProxy(endpoint_url) as held:
        yield held


def test_a_killed_release_whose_lock_was_claimed_again_is_changed_not_a_stop(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, endpoint_url: str, conn: Connection,
        accounts_table: str, action_log: ActionLog, proxy: FaultProxy) -> None:
    report = _report(capsys, endpoint_url, accounts_table, tmp_path / "audit.json")
    state = tmp_path / "audit.state.json"
    args = [str(report), "--endpoint-url", proxy.url, "--table", accounts_table, "--yes",
            "--rate", "50", "--resume", str(state)]
    proxy.add(fp.DELAY_RESPONSE, operation="TransactWriteItems", times=1, seconds=8)
    child = _Child(args)
    try:
        child.wait_until(lambda: bool(proxy.requests("TransactWriteItems")), "sent the first repair")
        [intent] = action_log.entries()
        key = _deleted_key(intent)
        assert key is not None, intent["request"]  # the first repair is a release
        child.wait_until(lambda: "Item" not in conn.client.get_item(
            TableName=accounts_table, Key=key, ConsistentRead=True), "applied the release")
    finally:
        child.kill()  # as a crash would: no outcome logged, no state saved
    # The freed value is taken by a new sign-up: its own lock, under the same key.
    conn.client.put_item(TableName=accounts_table, Item={**key, "account": {"S": "ACCT#newcomer"}})

    proxy.clear()
    code, out, err = run(capsys, "repair", *args)
    assert code == 1, err  # the findings left to a person, not a stop
    assert "The run stopped here" not in out + err
    assert re.search(r"\[1/3\] changed[^\n]*written by another write", out), out
    assert "2 applied" in out, out
    lock = conn.client.get_item(TableName=accounts_table, Key=key, ConsistentRead=True)["Item"]
    assert lock["account"] == {"S": "ACCT#newcomer"}  # the newcomer's lock, left alone
    assert [_deleted_key(e) for e in action_log.entries()].count(key) == 1  # never sent again
