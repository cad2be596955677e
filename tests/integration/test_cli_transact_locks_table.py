"""`dynoview transact --locks-table`: the preflight judges a two-table layout as `audit
--locks-table` does (docs/locks-table.md). Without the flag, the app's own Sign up for that layout
was refused as a missing lock, and once written its live locks were called orphans to release."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from dynoview.cli import main
from dynoview.core.session.connection import Connection
from dynoview.core.session.tables import describe_table
from dynoview.core.tx import templates
from dynoview.core.uniqueness.locks_table import with_locks_table
from dynoview.core.uniqueness.schema import article_schema
from tests.integration.locks_table_seed import TwoTables, seeded_two_tables

pytestmark = pytest.mark.integration
ACCOUNT = {"PK": {"S": "ACCT#new1"}, "SK": {"S": "PROFILE"}, "email": {"S": "new1@x.io"},
           "username": {"S": "new1"}}


@pytest.fixture
def two(conn: Connection) -> Iterator[TwoTables]:
    with seeded_two_tables(conn, article=True) as tables:
        yield tables


def request(tmp_path: Path, name: str, tx: templates.Transaction) -> str:
    path = tmp_path / name
    path.write_text(json.dumps(tx.to_request()))
    return str(path)


def test_a_two_table_sign_up_and_change_pass_their_preflight_with_the_flag(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, conn: Connection, endpoint_url: str,
        two: TwoTables, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))  # this test's own action log
    schema = with_locks_table(article_schema(), describe_table(conn, two.uniques), two.users)
    sign_up = request(tmp_path, "signup.json", templates.sign_up(schema, two.users, ACCOUNT))
    base = ["transact", "--endpoint-url", endpoint_url]

    assert main([*base, sign_up, "--dry-run"]) == 2  # judged as one table: "no lock"
    capsys.readouterr()
    assert main([*base, sign_up, "--dry-run", "--locks-table", two.uniques]) == 0, capsys.readouterr().err
    capsys.readouterr()
    assert main([*base, sign_up, "--yes", "--locks-table", two.uniques]) == 0, capsys.readouterr().err
    capsys.readouterr()
    assert main(["audit", "--endpoint-url", endpoint_url, "--table", two.users, "--locks-table",
                 two.uniques, "--format", "json", "--consistent"]) in (0, 1)
    findings = json.loads(capsys.readouterr().out)["findings"]
    assert not [f for f in findings if "ACCT#new1" in f["accounts"] or f["value"] in ("new1@x.io", "new1")]

    change = request(tmp_path, "change.json",
                     templates.change_value(schema, two.users, ACCOUNT, "email", "new2@x.io"))
    code = main([*base, change, "--dry-run", "--locks-table", two.uniques])
    err = capsys.readouterr().err
    assert code == 0, err
    assert "orphan" not in err


def test_a_missing_locks_table_is_named(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                        conn: Connection, endpoint_url: str, two: TwoTables) -> None:
    schema = with_locks_table(article_schema(), describe_table(conn, two.uniques), two.users)
    sign_up = request(tmp_path, "signup.json", templates.sign_up(schema, two.users, ACCOUNT))
    code = main(["transact", "--endpoint-url", endpoint_url, sign_up, "--dry-run", "--locks-table",
                 "no-such-uniques"])
    assert code == 2
    assert "The locks table no-such-uniques does not exist on this connection" in capsys.readouterr().err
