"""Deleting the lock of the exact spelling an account holds, inside a case clash, over HTTP on moto
and DynamoDB Local. The audit folds that missing lock into the clash, and the preflight used to
pass it ("Preflight passed: every account keeps its locks." and a note): `dynoview transact --yes`
sent it, and a guarded sign-up with exactly that spelling then succeeded, a duplicate. It is
refused now (exit 2, nothing written); the override still sends it; releasing a spelling no
account holds, or moving the account to the kept spelling in the same transaction, passes.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from botocore.exceptions import ClientError

from dynoview.cli import main
from dynoview.core.errors import aws_error_code
from dynoview.core.preflight.check import Preflight, run_preflight
from dynoview.core.reads.reader import Reader
from dynoview.core.session.connection import Connection
from dynoview.core.session.tables import describe_table
from dynoview.core.tx.execution import execute_transaction
from dynoview.core.tx.model import Action, Transaction
from dynoview.core.uniqueness.findings import CASE_CLASH, MISSING_LOCK
from dynoview.core.uniqueness.pairing import classify
from dynoview.core.uniqueness.schema import article_schema
from tests.helpers import account_key, empty_accounts_table, lock_key, s

pytestmark = pytest.mark.integration

SCHEMA = article_schema()


@pytest.fixture
def clash_table(conn: Connection) -> Iterator[str]:
    """ACCT#a1 holds Ann@x.com and ACCT#a2 ann@x.com, each with its own lock (a case clash of two
    accounts); ACCT#m1 holds margaret@x.io with its lock, and Margaret@x.io is locked by no one."""
    with empty_accounts_table(conn, "clash") as table:
        for acct, email in (("a1", "Ann@x.com"), ("a2", "ann@x.com"), ("m1", "margaret@x.io")):
            conn.client.put_item(TableName=table, Item={**account_key(acct), "email": s(email)})
        for value in ("Ann@x.com", "ann@x.com", "margaret@x.io", "Margaret@x.io"):
            conn.client.put_item(TableName=table, Item=lock_key("EMAIL", value))
        yield table


def _exists(conn: Connection, table: str, key: dict[str, Any]) -> bool:
    return "Item" in conn.client.get_item(TableName=table, Key=key, ConsistentRead=True)


def _findings(conn: Connection, table: str) -> set[tuple[str, str | None]]:
    items = conn.client.scan(TableName=table, ConsistentRead=True)["Items"]
    return {(f.status, f.value) for f in classify(items, SCHEMA).findings()}


def _preflight(reader: Reader, table: str, tx: Transaction) -> Preflight:
    return run_preflight(reader, tx, SCHEMA, {table: describe_table(reader.conn, table)})


def _sign_up_a3(conn: Connection, table: str, email: str) -> None:
    """The application's guarded sign-up: the account and its lock, each attribute_not_exists."""
    guard = "attribute_not_exists(PK)"
    conn.client.transact_write_items(TransactItems=[
        {"Put": {"TableName": table, "Item": item, "ConditionExpression": guard}}
        for item in ({**account_key("a3"), "email": s(email)}, lock_key("EMAIL", email))])


def test_transact_yes_refuses_deleting_an_accounts_own_lock_in_a_clash(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, conn: Connection, endpoint_url: str,
        clash_table: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))  # this test's own action log
    path = tmp_path / "delete.json"
    own = lock_key("EMAIL", "ann@x.com")
    path.write_text(json.dumps({"TransactItems": [{"Delete": {"TableName": clash_table, "Key": own}}]}))
    base = ["transact", str(path), "--endpoint-url", endpoint_url, "--yes"]

    assert main([*base, "--format", "json"]) == 2
    payload = json.loads(capsys.readouterr().out)
    assert payload["status"] == "refused"
    (refusal,) = payload["preflight"]["refusals"]
    assert refusal["status"] == MISSING_LOCK and refusal["action"] == 1
    assert refusal["message"].startswith("Action 1: ACCT#a2 still holds email ann@x.com, exactly this "
                                         "spelling, so its lock UNIQ#EMAIL#ann@x.com must stay")
    assert "changing it to Ann@x.com is refused too (Ann@x.com is held by ACCT#a1" in refusal["message"]
    assert not [n for n in payload["preflight"]["notes"] if "so it is not refused" in n]
    assert _exists(conn, clash_table, own)  # nothing written
    with pytest.raises(ClientError) as caught:  # so the exact spelling stays guarded
        _sign_up_a3(conn, clash_table, "ann@x.com")
    assert aws_error_code(caught.value) == "TransactionCanceledException"
    assert not _exists(conn, clash_table, account_key("a3"))

    # In words: the refusal, and the override that still sends it.
    assert main(base) == 2
    assert "refused: Action 1: ACCT#a2 still holds email ann@x.com" in capsys.readouterr().err
    assert main([*base, "--allow-broken-locks"]) == 0, capsys.readouterr().err
    capsys.readouterr()
    assert not _exists(conn, clash_table, own)


def test_the_offered_move_to_the_kept_spelling_is_sent_and_leaves_the_value_clean(
        reader: Reader, conn: Connection, clash_table: str) -> None:
    tx = Transaction([Action("Delete", clash_table, key=lock_key("EMAIL", "margaret@x.io"))])
    (refusal,) = _preflight(reader, clash_table, tx).refusals
    assert refusal.status == MISSING_LOCK and refusal.template == "change_value"
    assert refusal.message.endswith("To keep one spelling, change ACCT#m1's email to Margaret@x.io in the "
                                    "same transaction: use this transaction with ACCT#m1's guarded Update "
                                    "to Margaret@x.io added.")
    assert refusal.suggestion is not None
    assert execute_transaction(conn, refusal.suggestion, confirmation=True, schema=SCHEMA,
                               reader=reader).status == "succeeded"
    item = conn.client.get_item(TableName=clash_table, Key=account_key("m1"), ConsistentRead=True)["Item"]
    assert item["email"] == s("Margaret@x.io")
    assert not _exists(conn, clash_table, lock_key("EMAIL", "margaret@x.io"))
    assert {v for _status, v in _findings(conn, clash_table)} == {"ann@x.com"}  # only the a1/a2 clash left


def test_what_still_passes_inside_a_clash(reader: Reader, conn: Connection, clash_table: str) -> None:
    # Releasing the spelling no account holds: the repair.
    release = Transaction([Action("Delete", clash_table, key=lock_key("EMAIL", "Margaret@x.io"))])
    result = _preflight(reader, clash_table, release)
    assert not result.refused and not result.warnings and len(result.repairs) == 1
    # Deleting the held spelling's lock while the account moves to the other spelling.
    move = Transaction([
        Action("Delete", clash_table, key=lock_key("EMAIL", "margaret@x.io")),
        Action("Update", clash_table, key=account_key("m1"), update="SET email = :n", condition="email = :o",
               values={":n": s("Margaret@x.io"), ":o": s("margaret@x.io")})])
    result = _preflight(reader, clash_table, move)
    assert not result.refused and not result.warnings
    assert result.summary().startswith("Preflight passed")
    assert (CASE_CLASH, "margaret@x.io") in _findings(conn, clash_table)
