"""Export audits against real local endpoints: the seeded table's export gives the live audit's
findings; an export in S3 (moto's S3) is checked and audited; the Athena path sends its
queries to moto's Athena, whose canned answers are the DuckDB twin's rows on the same files."""

from __future__ import annotations

import json
import urllib.request
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import boto3
import pytest

from dynoview.cli import main
from dynoview.core.audit.run import run_audit
from dynoview.core.exports import duckdb_engine as export_duckdb
from dynoview.core.exports.athena import AthenaSettings
from dynoview.core.exports.audit import ExportAuditOptions, audit_exports, finding_keys
from dynoview.core.exports.manifest import ExportError
from dynoview.core.exports.sql import ATHENA_TWIN
from dynoview.core.exports.writer import upload_export, write_export
from dynoview.core.reads.reader import Reader
from dynoview.core.session.connection import Connection
from dynoview.core.session.tables import describe_table
from dynoview.core.uniqueness.schema import default_schema
from tests.helpers import FAKE_KEYS, seeded_accounts_copy

pytestmark = pytest.mark.integration


def scan_all(conn: Connection, table: str) -> list[dict[str, Any]]:
    items: list[dict[str, Any]] = []
    for page in conn.client.get_paginator("scan").paginate(TableName=table, ConsistentRead=True):
        items.extend(page["Items"])
    return items


def test_export_of_the_seeded_table_gives_the_live_findings(conn: Connection, tmp_path: Path) -> None:
    # The demo's accounts with every broken case, audited live (Scan) and from an export of the
    # same items: the same findings, word for word, with the same keys and counts.
    with seeded_accounts_copy(conn) as table:
        info = describe_table(conn, table)
        schema = default_schema(info)
        now = datetime.now(UTC)
        live = run_audit(Reader(conn), info, schema, segments=2, consistent=True, now=now)
        folder = write_export(tmp_path, table, scan_all(conn, table), files=4)
    result = audit_exports([str(folder)], schema,
                           options=ExportAuditOptions(ttl_attribute=info.ttl_attribute, now=now))
    assert finding_keys(result.result.findings) == finding_keys(live.findings)
    assert result.result.findings == live.findings
    assert result.result.counts == live.counts
    assert {f.status for f in live.findings} == {
        "ORPHAN_LOCK", "MISSING_LOCK", "DUPLICATE_VALUE", "EXPIRED", "CASE_CLASH", "LOOKALIKE_CLASH"}
    assert result.result.items_read == live.items_read


@pytest.fixture
def s3(moto_endpoint: str) -> Any:
    return boto3.client("s3", endpoint_url=moto_endpoint, region_name="us-east-1", **FAKE_KEYS)


@pytest.fixture
def demo_export(moto_endpoint: str, tmp_path: Path) -> tuple[Path, Any, datetime]:
    """An export folder of the seeded demo table (written from a Scan of a moto copy)."""
    from tests.helpers import connect

    conn = connect(moto_endpoint)
    with seeded_accounts_copy(conn) as table:
        items = scan_all(conn, table)
        info = describe_table(conn, table)
    return write_export(tmp_path / "local", table, items, files=3, s3_prefix="exports/daily"), info, \
        datetime.now(UTC)


def _bucket(s3: Any, name: str) -> str:
    s3.create_bucket(Bucket=name)
    return name


def test_s3_export_checked_and_audited(s3: Any, moto_endpoint: str, demo_export: Any,
                                       capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    folder, info, now = demo_export
    bucket = _bucket(s3, "dynoview-export-s3")
    url = upload_export(s3, folder, bucket, "exports/daily")
    local = audit_exports([str(folder)], default_schema(info),
                          options=ExportAuditOptions(ttl_attribute="expiresAt", now=now))
    remote = audit_exports(["s3://dynoview-export-s3/exports/daily/"], default_schema(info), s3_client=s3,
                           options=ExportAuditOptions(ttl_attribute="expiresAt", now=now,
                                                      temp_directory=tmp_path / "work"))
    assert remote.result.findings == local.result.findings and remote.manifests[0].store.where == url
    assert not (tmp_path / "work" / "download").exists()  # downloads removed after the audit
    code = main(["audit", "--export", url, "--s3-endpoint-url", moto_endpoint, "--ttl-attribute",
                 "expiresAt", "--format", "json", "--no-receipts", "--detect"])  # detect: streamed sample
    out = capsys.readouterr()
    assert code == 1, out.err
    data = json.loads(out.out)
    assert [(f["status"], f["value"]) for f in data["findings"]] == [
        (f.status, f.value) for f in local.result.findings]
    assert data["export"]["exports"][0]["location"] == url
    code = main(["audit", "--export", url, "--s3-endpoint-url", moto_endpoint, "--print-sql", "athena"])
    out = capsys.readouterr()
    assert code == 0, out.err
    assert f"LOCATION '{url}data/'" in out.out and "s3://YOUR-ATHENA-RESULTS-BUCKET/dynoview/" in out.out
    assert out.out.count("CREATE EXTERNAL TABLE") == 1 and "DROP TABLE IF EXISTS" in out.out
    # A data file deleted from the bucket: exit 2 naming it.
    manifest = remote.manifests[0]
    s3.delete_object(Bucket=bucket, Key=f"exports/daily/AWSDynamoDB/{folder.name}/{manifest.files[2].rel}")
    code = main(["audit", "--export", url, "--s3-endpoint-url", moto_endpoint])
    out = capsys.readouterr()
    assert (code, out.out) == (2, "")
    assert f"{manifest.files[2].rel} listed in manifest-files.json is missing from {url}" in out.err
    # A data file replaced: its ETag no longer matches, for the Athena path's check too.
    s3.put_object(Bucket=bucket, Key=f"exports/daily/AWSDynamoDB/{folder.name}/{manifest.files[2].rel}",
                  Body=b"not the export's bytes")
    with pytest.raises(ExportError, match=f"{manifest.files[2].rel} is corrupted"):
        audit_exports([url], default_schema(info), s3_client=s3)


def _athena_result(columns: list[str], rows: list[tuple[Any, ...]]) -> dict[str, Any]:
    """An Athena ResultSet as get_query_results gives it: the header row, then the rows as text."""
    def cell(v: Any) -> dict[str, str]:
        return {} if v is None else {"VarCharValue": str(v)}

    return {"rows": [{"Data": [cell(c) for c in columns]}, *({"Data": [cell(v) for v in r]} for r in rows)],
            "column_info": [{"Name": c, "Label": c, "Type": "varchar"} for c in columns]}


def _queue_athena_results(endpoint: str, results: list[dict[str, Any]]) -> None:
    body = json.dumps({"region": "us-east-1", "results": results}).encode()
    request = urllib.request.Request(f"{endpoint}/moto-api/static/athena/query-results", data=body,
                                     headers={"Content-Type": "application/json"}, method="POST")
    with urllib.request.urlopen(request, timeout=10) as response:  # loopback only
        assert response.status == 201


def test_athena_path_sends_the_rules_and_reads_the_same_report(s3: Any, moto_endpoint: str,
                                                               demo_export: Any, tmp_path: Path) -> None:
    folder, info, now = demo_export
    schema = default_schema(info)
    bucket = _bucket(s3, "dynoview-export-athena")
    url = upload_export(s3, folder, bucket, "exports/daily")
    athena = boto3.client("athena", endpoint_url=moto_endpoint, region_name="us-east-1", **FAKE_KEYS)
    athena.create_work_group(Name="dynoview-audit", Configuration={})
    # Moto's Athena runs no SQL: it answers each query with the next canned result. The answers
    # are what Athena's SQL returns on the same files when DuckDB runs it (its twin: the same
    # expressions, DuckDB's spelling of a few functions).
    data_files = [str(p) for p in sorted((folder / "data").iterdir())]
    twin = export_duckdb.plan(schema, [(data_files, False)], ttl_attribute="expiresAt", now=now,
                              dialect=ATHENA_TWIN)
    counts, rows = export_duckdb.run(twin, export_duckdb.DuckDBSettings(tmp_path / "twin"))
    attrs = [f"a{i}" for i in range(len(twin.attributes))]
    empty = {"rows": [], "column_info": []}
    _queue_athena_results(moto_endpoint, [
        empty,  # CREATE EXTERNAL TABLE
        empty,  # CTAS of the projected lines
        _athena_result(["export_seq", "file", "n"], [(s, f, n) for (s, f), n in counts.items()]),
        _athena_result(["section", "status", "rule", "value", "account", "sk", "ttl", "n", *attrs], rows),
        empty, empty,  # DROP TABLE x2
    ])
    settings = AthenaSettings("s3://dynoview-export-athena/athena-results/", "dynoview-audit", "default")
    result = audit_exports([url], schema, s3_client=s3, athena_client=athena,
                           options=ExportAuditOptions(ttl_attribute="expiresAt", now=now, athena=settings))
    local = audit_exports([str(folder)], schema, options=ExportAuditOptions(ttl_attribute="expiresAt",
                                                                             now=now))
    assert result.engine == "athena" and result.result.findings == local.result.findings
    assert result.result.counts == local.result.counts
    assert result.athena is not None and result.athena.queries == 6
    sent = [athena.get_query_execution(QueryExecutionId=i)["QueryExecution"]
            for i in result.athena.execution_ids]
    queries = [q["Query"] for q in sent]
    table = f"dynoview_export0_{settings.run_id}"
    assert queries[0].startswith(f"CREATE EXTERNAL TABLE IF NOT EXISTS `default`.`{table}`")
    assert "ROW FORMAT SERDE 'org.apache.hive.hcatalog.data.JsonSerDe'" in queries[0]
    assert queries[0].endswith(f"LOCATION '{url}data/'")
    assert queries[1].startswith(f'CREATE TABLE "default"."dynoview_raw_{settings.run_id}"')
    assert (f"external_location = 's3://dynoview-export-athena/athena-results/dynoview-{settings.run_id}"
            "/raw/'") in queries[1]
    assert "element_at(\"item\", 'email').s" in queries[1] and f'FROM "default"."{table}"' in queries[1]
    assert queries[2].startswith("SELECT export_seq, file, count(*)")
    assert queries[3].startswith("WITH items AS") and "normalize(k.value, NFKC)" in queries[3]
    assert queries[3].count("split_to_map(") == 2 and "dynoview_clash_key" not in queries[3]
    assert queries[4:] == [f"DROP TABLE IF EXISTS `default`.`{table}`",
                           f"DROP TABLE IF EXISTS `default`.`dynoview_raw_{settings.run_id}`"]
    assert {q["WorkGroup"] for q in sent} == {"dynoview-audit"}
    # Athena reports each query's own result file under the output location it was given.
    assert all(q["ResultConfiguration"]["OutputLocation"].startswith(settings.output) for q in sent)
    assert {q["QueryExecutionContext"]["Database"] for q in sent} == {"default"}
    report = result.report_json(include_receipts=False)
    assert report["export"]["engine"] == "athena" and report["export"]["athena"]["queries"] == 6


@pytest.mark.parametrize(("flags", "message"), [
    (["--athena-database", 'audits"; DROP TABLE x; --'],
     """dynoview: --athena-database: 'audits"; DROP TABLE x; --' has upper-case letters, '"', ';', ' ' """
     "and '-': a Glue database name is 1 to 255 characters, each a lower-case letter a-z, a digit 0-9 "
     "or an underscore. Nothing was sent."),
    (["--athena-database", "audit`db"], "dynoview: --athena-database: 'audit`db' has '`'"),
    (["--athena-database", "Audits"], "(in lower case: 'audits')"),
    (["--athena-database", "team.audits"], "dynoview: --athena-database: 'team.audits' has '.'"),
    (["--athena-workgroup", "my workgroup"],
     "dynoview: --athena-workgroup: 'my workgroup' has ' ': an Athena workgroup name is 1 to 128 "
     "characters, each a letter, a digit, '.', '-' or '_'. Nothing was sent."),
    (["--athena-database", "x" * 256, "--print-sql", "athena"], "is 256 characters long"),
])
def test_an_unusable_athena_name_is_refused_before_any_request(
        flags: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    from tests.integration.test_read_only import CountingListener

    listener = CountingListener()  # S3 and Athena both here: it counts every connection
    try:
        endpoints = ["--s3-endpoint-url", listener.url, "--athena-endpoint-url", listener.url]
        code = main(["audit", "--export", "s3://exports/daily/", "--athena-output", "s3://results/x/",
                     *endpoints, *flags])
        out = capsys.readouterr()
        assert (code, out.out) == (2, "")
        assert message in out.err and out.err.count("\n") == 1
        assert listener.accepted == 0
        # The same command with usable names does reach the endpoint: the count above means it.
        main(["audit", "--export", "s3://exports/daily/", "--athena-output", "s3://results/x/",
              *endpoints, "--athena-database", "audits", "--athena-workgroup", "team.audit-1"])
        assert "Nothing was sent" not in capsys.readouterr().err
        assert listener.accepted > 0
    finally:
        listener.close()
