"""`dynoview repair --yes` on a table past 2,000 items (too large for the preflight to read whole
when a rule has an index), the article's schema (email: GSI email-index, rule none): the stuck
sign-up's orphan email lock is released. The audit behind the report read every spelling, and the
index answers whether an account holds the value itself now (eventually consistent; a note says
so). An account given the value after the audit is found through the index and its lock kept.
Before, every such lock was reported "changed since the report" (nothing had changed), recorded
as done in the state file so no later run retried it, and never released. Both engines."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from dynoview.core.preflight.source import FULL_READ_INDEXED_MAX_ITEMS
from dynoview.core.session.connection import Connection
from tests.helpers import account_key, empty_accounts_table, lock_key, s
from tests.integration.test_cli_repair import _report, action_log, run

pytestmark = pytest.mark.integration
__all__ = ["action_log"]  # the fixture: the command's action log, in this test's folder

STUCK, TAKEN = "ken@thompson.dev", "dmr@bell-labs.com"


@pytest.fixture
def large_table(conn: Connection) -> Iterator[str]:
    """Two orphan email locks among more items than the preflight reads whole."""
    with empty_accounts_table(conn, "large") as name:
        filler = FULL_READ_INDEXED_MAX_ITEMS + 50  # sessions: neither accounts nor locks
        for start in range(0, filler, 25):
            conn.client.batch_write_item(RequestItems={name: [
                {"PutRequest": {"Item": {"PK": s(f"SESSION#{i}"), "SK": s("S")}}}
                for i in range(start, min(start + 25, filler))]})
        for value in (STUCK, TAKEN):
            conn.client.put_item(TableName=name, Item=lock_key("EMAIL", value))
        yield name


def test_an_orphan_lock_of_an_indexed_rule_in_a_large_table_is_released(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, endpoint_url: str, conn: Connection,
        large_table: str, action_log: object) -> None:
    report = _report(capsys, endpoint_url, large_table, tmp_path / "audit.json")
    assert sorted(f["value"] for f in json.loads(report.read_text())["findings"]) == [TAKEN, STUCK]
    # After the audit, an account takes TAKEN (its lock is there already): no orphan any more.
    conn.client.put_item(TableName=large_table, Item={**account_key("dmr"), "email": s(TAKEN)})
    args = ["repair", str(report), "--endpoint-url", endpoint_url, "--table", large_table,
            "--rate", "50"]

    code, out, err = run(capsys, *args, "--yes")
    assert "changed since the report" not in out, out
    assert f"applied: Released PK=UNIQ#EMAIL#{STUCK}, SK=LOCK." in out, out
    assert f"already fixed: ACCT#dmr holds email {TAKEN} with its lock now" in out, out
    assert "asked the index email-index (eventually consistent)" in out, out
    assert code == 0, out + err
    get = conn.client.get_item
    assert "Item" not in get(TableName=large_table, Key=lock_key("EMAIL", STUCK), ConsistentRead=True)
    assert "Item" in get(TableName=large_table, Key=lock_key("EMAIL", TAKEN), ConsistentRead=True)

    code, out, err = run(capsys, *args, "--yes")  # resumed: both done, nothing sent again
    assert code == 0 and "1 applied, 1 already fixed (2 by an earlier run)" in out, out + err
