"""Diagnose a value whose lock key would be over DynamoDB's 2,048 bytes.

Reported: the audit reports the account holding such an email (MISSING_LOCK: "this value can
never be locked"), but `diagnose` of that exact value refused before looking anything up ("No
lock can exist for it … check what was pasted", exit 2), named no account, and the other values
on the same command line got no answer. It now looks the value up as any other: the account
holding it is named, the answer still says no lock can exist for it, and every value is answered.
"""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest

from dynoview.cli import main
from dynoview.core.reads.reader import Reader
from dynoview.core.session.connection import Connection
from dynoview.core.session.tables import describe_table
from dynoview.core.uniqueness.diagnose import diagnose
from dynoview.core.uniqueness.diagnose_answer import FREE
from dynoview.core.uniqueness.findings import MISSING_LOCK, OK
from dynoview.core.uniqueness.schema import default_schema
from tests.helpers import account_key, empty_accounts_table, lock_key, s

pytestmark = pytest.mark.integration
ROOM = 2048 - len("UNIQ#EMAIL#")  # the longest email whose lock key DynamoDB takes
HELD = "b" * (ROOM + 1 - len("@x.io")) + "@x.io"  # its lock key: 2,049 bytes
UNHELD = "c" * (ROOM + 1 - len("@x.io")) + "@x.io"
HUGE = "d" * 100_000 + "@x.io"  # too long for the index's key too


@pytest.fixture
def table(conn: Connection) -> Iterator[str]:
    """The article's layout: ACCT#long holds HELD (no lock can exist for it), ACCT#ok ok@x.io."""
    with empty_accounts_table(conn, "long-value") as name:
        conn.client.put_item(TableName=name, Item={**account_key("long"), "email": s(HELD)})
        conn.client.put_item(TableName=name, Item={**account_key("ok"), "email": s("ok@x.io")})
        conn.client.put_item(TableName=name, Item=lock_key("EMAIL", "ok@x.io"))
        yield name


@pytest.mark.parametrize("use_index", [True, False], ids=["index", "scan"])
def test_the_account_holding_a_value_that_can_never_be_locked_is_named(
        conn: Connection, table: str, use_index: bool) -> None:
    reader = Reader(conn)
    info = describe_table(conn, table)
    schema = default_schema(info)
    assert schema.rule("email").index_name  # the article's table indexes email
    d = diagnose(reader, info, schema, "email", HELD, use_index=use_index, use_stream=False)
    assert (d.status, d.account_ids) == (MISSING_LOCK, ["ACCT#long"]), d.sentence
    assert "belongs to account ACCT#long but has no lock, and this value can never be locked: its " \
           "lock's partition key PK would be 2,049 bytes, and DynamoDB allows at most 2,048" in d.sentence
    assert "Change the account's email to a shorter value" in d.sentence
    assert HELD not in d.sentence  # a paste this long is not echoed back
    for value in (UNHELD, HUGE):
        d = diagnose(reader, info, schema, "email", value, use_index=use_index, use_stream=False)
        assert (d.status, d.account_ids) == (FREE, []), d.sentence
        assert "is used by no account, and no lock can exist for it" in d.sentence
        assert "A signup with it would fail: check what was pasted." in d.sentence
        assert "is free" not in d.sentence and d.lock_item is None


def test_the_cli_answers_every_value_given_with_a_long_one(
        capsys: pytest.CaptureFixture[str], conn: Connection, endpoint_url: str, table: str) -> None:
    code = main(["diagnose", "--endpoint-url", endpoint_url, "--table", table, "--rule", "email",
                 "--no-stream", "--format", "json", HELD, "ok@x.io", UNHELD])
    out = capsys.readouterr()
    assert code == 1, out.err  # a problem found (ACCT#long's), not an error (2)
    answers = json.loads(out.out)
    assert [(d["status"], d["accounts"]) for d in answers] == [
        (MISSING_LOCK, ["ACCT#long"]), (OK, ["ACCT#ok"]), (FREE, [])]
    assert "can never be locked" in answers[0]["sentence"]
    assert "check what was pasted" in answers[2]["sentence"]
