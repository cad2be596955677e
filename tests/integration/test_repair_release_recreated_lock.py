"""`dynoview repair` releases a stuck signup's orphan lock; every answer to the release is lost
(the engine applied it), and before the settling reads the waiting user signs up with the freed
email (a new account and a new lock, guarded), straight to the engine.

The lock there now is the new account's. The repair must not say "Nothing was written ...
retries it" (a rerun would delete the new account's lock): the finding is reported changed,
with the reads' sentence (the lock was written by another write since the send), recorded as
done and never sent again; the action log keeps the send as unknown. Both engines, through the
fault proxy."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from dynoview.cli import main
from dynoview.core.session.connection import Connection
from dynoview.core.tx.action_log import ActionLog
from tests import fault_proxy as fp
from tests.fault_proxy import FaultProxy, RequestInfo

pytestmark = [pytest.mark.integration, pytest.mark.faults]
TX = "TransactWriteItems"
EMAIL = "ken@thompson.dev"
LOCK = {"PK": {"S": f"UNIQ#EMAIL#{EMAIL}"}, "SK": {"S": "LOCK"}}
NEW_LOCK = {**LOCK, "by": {"S": "newken"}}


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


def signup(conn: Connection, table: str) -> None:
    """The new user's signup, as the app does it: account and locks, each guarded."""
    new = "attribute_not_exists(PK)"
    conn.client.transact_write_items(TransactItems=[
        {"Put": {"TableName": table, "ConditionExpression": new, "Item": {
            "PK": {"S": "ACCT#newken"}, "SK": {"S": "PROFILE"}, "email": {"S": EMAIL},
            "username": {"S": "kenny"}}}},
        {"Put": {"TableName": table, "Item": NEW_LOCK, "ConditionExpression": new}},
        {"Put": {"TableName": table, "ConditionExpression": new,
                 "Item": {"PK": {"S": "UNIQ#HANDLE#kenny"}, "SK": {"S": "LOCK"}}}},
    ])


@pytest.fixture
def action_log(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> ActionLog:
    """The command's own action log (the profile's), in a folder of this test only."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    return ActionLog()


def test_a_release_whose_lock_is_claimed_again_before_the_reads_is_never_retried(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, endpoint_url: str, conn: Connection,
        accounts_table: str, action_log: ActionLog) -> None:
    code, out, err = run(capsys, "audit", "--endpoint-url", endpoint_url, "--table", accounts_table,
                         "--format", "json", "--no-receipts", "--consistent")
    data = json.loads(out)
    data["findings"] = [f for f in data["findings"] if f.get("value") == EMAIL]
    assert [f["status"] for f in data["findings"]] == ["ORPHAN_LOCK"]
    report = tmp_path / "ken.json"
    report.write_text(json.dumps(data))
    orphan = conn.client.get_item(TableName=accounts_table, Key=LOCK, ConsistentRead=True)["Item"]
    assert "createdAt" in orphan

    sent: list[bool] = []

    def release_sent(_: RequestInfo) -> bool:
        sent.append(True)
        return True  # every answer to the release is lost

    def signs_up_before_the_reads(_: RequestInfo) -> bool:
        if sent and len(sent) < 100:  # once, after the release's attempts
            sent.extend([True] * 100)
            signup(conn, accounts_table)
        return False  # no fault on the read itself

    argv = ("repair", str(report), "--table", accounts_table, "--yes", "--rate", "50",
            "--resume", str(tmp_path / "ken.state.json"))
    with FaultProxy(endpoint_url) as proxy:
        proxy.add(fp.DROP_AFTER, operation=TX, predicate=release_sent, times=None)
        proxy.add(fp.DELAY, operation="TransactGetItems", predicate=signs_up_before_the_reads,
                  times=None)
        code, out, err = run(capsys, *argv, "--endpoint-url", proxy.url)
        assert proxy.forwarded(TX)
        lock: dict[str, Any] = conn.client.get_item(TableName=accounts_table, Key=LOCK,
                                                    ConsistentRead=True)["Item"]
        assert lock == NEW_LOCK  # the new account's lock
        assert code == 1, out + err
        assert "[1/1] changed since the report: " in out
        assert "written by another write after the send" in out and "not retried" in out
        assert "Nothing was written" not in out + err and "Execute it again" not in out + err
        (entry,) = action_log.entries()
        assert entry["outcome"]["status"] == "unknown" and entry["outcome"]["rewritten"] == [1]

        # The same command again (same connection): the finding is done, nothing is sent.
        proxy.reset()
        code, out, err = run(capsys, *argv, "--endpoint-url", proxy.url)
        assert code == 1 and "(1 by an earlier run)" in out, out + err
        assert not proxy.requests(TX) and len(action_log.entries()) == 1
    assert conn.client.get_item(TableName=accounts_table, Key=LOCK,
                                ConsistentRead=True)["Item"] == NEW_LOCK
