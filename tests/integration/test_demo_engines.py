"""``--demo --engine``: the demo starts, seeds the same tables and stops on either engine."""

from __future__ import annotations

import pytest

from dynoview.cli import main
from dynoview.demo.backend import ACCOUNTS_TABLE, METRICS_TABLE, start_demo
from tests.demo_expectations import DEMO_ITEMS

pytestmark = pytest.mark.integration


def test_demo_seeds_the_same_tables_and_stops(engine: str, endpoint_url: str) -> None:
    """``endpoint_url`` is asked for only so DynamoDB Local's skip-or-fail rule applies here
    too; the demo starts an endpoint of its own, as the app does."""
    backend = start_demo(engine=engine)
    try:
        assert backend.endpoint_url != endpoint_url
        conn = backend.connect(read_only=True)
        assert {ACCOUNTS_TABLE, METRICS_TABLE} <= set(conn.list_tables())
        scanned = conn.client.scan(TableName=ACCOUNTS_TABLE, Select="COUNT")["Count"]
        assert scanned == DEMO_ITEMS  # on both engines
        assert conn.spec.name == ("Demo (embedded)" if engine == "moto" else "Demo (DynamoDB Local)")
    finally:
        backend.stop()
    if engine == "dynamodb-local":
        assert backend.server.process.poll() is not None  # no JVM outlives the demo


@pytest.mark.only_on("dynamodb-local", reason="the CLI's --engine flag; moto is covered by --demo alone")
def test_cli_audit_on_the_dynamodb_local_demo(capsys: pytest.CaptureFixture[str], endpoint_url: str) -> None:
    code = main(["audit", "--demo", "--engine", "dynamodb-local", "--table", ACCOUNTS_TABLE])
    out = capsys.readouterr().out
    assert code == 1 and "[MISSING_LOCK] Account ACCT#1d2e3f uses username 'linus'" in out
