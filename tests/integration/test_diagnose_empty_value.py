"""Diagnose the lock on the empty value, ``UNIQ#EMAIL#`` (written by older versions or other tools).

Reported: the audit said "[ORPHAN_LOCK]  is locked, and no account uses it: … diagnose it to see
which.", and ``dynoview diagnose --rule email ""`` exited 2 with "Type the value to diagnose":
the suggested diagnosis could not be run. An empty value given on purpose is now diagnosed (the
orphan lock on '', released as any orphan is); a value not given at all is still refused.
"""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest

from dynoview.cli import main
from dynoview.core.errors import DynoViewError
from dynoview.core.reads.reader import Reader
from dynoview.core.session.connection import Connection
from dynoview.core.session.tables import describe_table
from dynoview.core.uniqueness.diagnose import diagnose
from dynoview.core.uniqueness.findings import ORPHAN_LOCK
from dynoview.core.uniqueness.schema import default_schema
from tests.helpers import lock_key, seeded_accounts_copy

pytestmark = pytest.mark.integration
EMPTY = "the empty email ('')"


@pytest.fixture
def table(conn: Connection) -> Iterator[str]:
    """The demo's accounts, plus a lock on the empty email that no account can hold."""
    with seeded_accounts_copy(conn, "empty-lock") as name:
        conn.client.put_item(TableName=name, Item=lock_key("EMAIL", ""))
        yield name


def _url(conn: Connection) -> str:
    assert conn.spec.endpoint_url
    return conn.spec.endpoint_url


def test_the_cli_diagnoses_an_empty_value_given_on_purpose(
        capsys: pytest.CaptureFixture[str], conn: Connection, table: str) -> None:
    code = main(["diagnose", "--endpoint-url", _url(conn), "--table", table, "--rule", "email",
                 "--no-stream", "--format", "json", ""])
    out = capsys.readouterr()
    assert code == 1, out.err  # a problem, not an error (2)
    [d] = json.loads(out.out)
    assert d["status"] == ORPHAN_LOCK, d["sentence"]
    assert d["lock_key"]["PK"] == {"S": "UNIQ#EMAIL#"} and d["locked"] is True
    assert d["sentence"].startswith(f"The {EMPTY[4:]} is locked, and no account uses it")
    assert "Type the value" not in out.err


@pytest.mark.parametrize("use_index", [True, False], ids=["index", "scan"])
def test_core_diagnoses_the_lock_on_the_empty_value(conn: Connection, table: str,
                                                    use_index: bool) -> None:
    reader = Reader(conn)
    info = describe_table(conn, table)
    d = diagnose(reader, info, default_schema(info), "email", "", use_index=use_index,
                 use_stream=False, empty_given=True)
    assert d.status == ORPHAN_LOCK, d.sentence
    assert d.lock_item is not None and d.lock_key["PK"] == {"S": "UNIQ#EMAIL#"}
    assert d.account_ids == []
    assert EMPTY in d.sentence.lower() and " is locked" in d.sentence


def test_a_value_not_given_is_still_refused(
        capsys: pytest.CaptureFixture[str], conn: Connection, table: str) -> None:
    reader = Reader(conn)
    info = describe_table(conn, table)
    with pytest.raises(DynoViewError, match="Type the value to diagnose"):
        diagnose(reader, info, default_schema(info), "email", "")
    with pytest.raises(SystemExit) as exited:  # no VALUE at all: argparse's usage error
        main(["diagnose", "--endpoint-url", _url(conn), "--table", table, "--rule", "email"])
    assert exited.value.code == 2
    assert "VALUE" in capsys.readouterr().err
