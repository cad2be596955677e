"""The audit's fast path (``audit.pages``: ``dynoview audit`` and the window's Accounts & locks
audit, in-process or in worker processes) keeps an account's Number or Binary sort key, on moto
and DynamoDB Local: the findings, their JSON and the window's rows name the account's whole key
of its real type. They named ``{"id": ...}`` alone (only a String SK was read from the page), and
a row's key gave the SK as a String.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from dynoview.cli import main
from dynoview.core.audit.report import finding_json
from dynoview.core.audit.rows import ACCOUNT, build_rows, rows_of_findings
from dynoview.core.audit.two_tables import run_two_table_audit
from dynoview.core.reads.reader import Reader
from dynoview.core.session.connection import Connection
from dynoview.core.session.tables import describe_table
from dynoview.core.uniqueness.schema_file import schema_to_text
from tests.integration.test_repair_number_sort_key import number_sort_key_tables

pytestmark = pytest.mark.integration

#: u2's key (it holds nolock@x.com, whose lock is missing) per SK type, and as JSON.
KEYS = {"N": {"id": {"S": "U#u2"}, "ver": {"N": "1"}}, "B": {"id": {"S": "U#u2"}, "ver": {"B": b"\x01"}}}
JSON_KEYS = {"N": {"id": {"S": "U#u2"}, "ver": {"N": "1"}}, "B": {"id": {"S": "U#u2"}, "ver": {"B": "AQ=="}}}


@pytest.mark.parametrize("sk_type", ["N", "B"])
@pytest.mark.parametrize("workers", [0, 1], ids=["in-process", "worker-process"])
def test_the_fast_path_keeps_the_sort_key_type(conn: Connection, reader: Reader, sk_type: str,
                                               workers: int) -> None:
    with number_sort_key_tables(conn, sk_type) as t:
        users, uniques = describe_table(conn, t.users), describe_table(conn, t.uniques)
        result = run_two_table_audit(reader, users, uniques, t.schema, segments=2, consistent=True,
                                     fast_parse=True, workers=workers)
        assert result.fast_parse and result.path == ("in-process" if not workers else "1 worker process")
        missing = next(f for f in result.findings if f.status == "MISSING_LOCK")
        assert missing.account_keys == (KEYS[sk_type],)
        assert finding_json(missing)["account_keys"] == [JSON_KEYS[sk_type]]
        # The window's rows: the full audit's, and those of the findings shown while it runs.
        rows = build_rows(result.pairing, result.findings)
        keys = {rows.ids[r]: rows.key(r) for r in range(len(rows)) if rows.kinds[r] == ACCOUNT}
        assert keys["U#u2"] == KEYS[sk_type]
        assert keys["U#u1"] == {**KEYS[sk_type], "id": {"S": "U#u1"}}
        assert rows.row_of_key(KEYS[sk_type]) is not None  # a write's key finds its row
        assert rows.pair_row(rows.row_of_key(KEYS[sk_type]) or 0).key == KEYS[sk_type]
        partial = rows_of_findings(t.schema, result.findings)
        assert [partial.key(r) for r in range(len(partial)) if partial.ids[r] == "U#u2"] == [KEYS[sk_type]]


def test_dynoview_audit_json_names_the_number_sort_key(conn: Connection, endpoint_url: str, tmp_path: Path,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    with number_sort_key_tables(conn) as t:
        schema = tmp_path / "schema.json"
        schema.write_text(schema_to_text(t.schema))
        code = main(["audit", "--endpoint-url", endpoint_url, "--table", t.users, "--schema", str(schema),
                     "--format", "json", "--no-receipts", "--consistent"])
        out = capsys.readouterr()
        assert code == 1, out.err
        findings: list[dict[str, Any]] = json.loads(out.out)["findings"]
        missing = next(f for f in findings if f["status"] == "MISSING_LOCK")
        assert missing["account_keys"] == [JSON_KEYS["N"]]
