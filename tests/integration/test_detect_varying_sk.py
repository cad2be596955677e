"""`audit --detect` on accounts whose sort key varies per account (``USER#<id>`` / ``USER#<id>``,
TypeDORM's single-table style), each with its ``UNIQ#EMAIL#`` / ``LOCK`` lock.

Reported: the detected schema took ONE account's sort key (``USER#0``) as every account's, so
the other five locks were ORPHAN_LOCKs ("stuck signup") and `repair --dry-run` planned to
delete five live accounts' locks. The table is clean: no finding, and nothing to repair.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from dynoview.cli import main
from dynoview.core.session.connection import Connection
from tests.helpers import empty_keys_table, lock_key, s

pytestmark = pytest.mark.integration


def test_audit_detect_finds_no_problem_where_each_account_has_its_own_sort_key(
        capsys: pytest.CaptureFixture[str], conn: Connection, endpoint_url: str,
        tmp_path: Path) -> None:
    with empty_keys_table(conn, "detect-varying-sk") as info:
        for i in range(6):
            conn.client.put_item(TableName=info.name, Item={
                "PK": s(f"USER#{i}"), "SK": s(f"USER#{i}"), "email": s(f"user{i}@x.io")})
            conn.client.put_item(TableName=info.name, Item=lock_key("EMAIL", f"user{i}@x.io"))
        code = main(["audit", "--endpoint-url", endpoint_url, "--table", info.name, "--detect",
                     "--format", "json", "--no-receipts"])
        out = capsys.readouterr()
        report = json.loads(out.out)
        assert report["schema"]["account_pk_prefix"] == "USER#"
        assert report["schema"]["account_sk_value"] is None
        assert [r["name"] for r in report["schema"]["rules"]] == ["email"]
        assert [(f["status"], f["value"]) for f in report["findings"]] == []
        assert code == 0, out.err
        assert report["counts"]["OK"] == 6
        path = tmp_path / "report.json"
        path.write_text(out.out)
        code = main(["repair", str(path), "--endpoint-url", endpoint_url, "--table", info.name,
                     "--dry-run"])
        out = capsys.readouterr()
        assert code == 0, out.err
        assert "0 planned" in out.out
        # Every lock is still there: nothing was, or would be, released.
        for i in range(6):
            key = lock_key("EMAIL", f"user{i}@x.io")
            assert "Item" in conn.client.get_item(TableName=info.name, Key=key, ConsistentRead=True)
