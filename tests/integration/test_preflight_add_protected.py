"""`dynoview transact` with ``ADD`` on a protected Number attribute, on moto and DynamoDB Local.

ADD of a Number is the sum, as ``SET a = a + :n``: the change that moves the lock with it passes
and is applied as the preflight said. What the preflight cannot compute (a set added to a
Number, which DynamoDB refuses) is refused for that attribute's rules only, blaming the Update,
never the lock Put or Delete beside it.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from dynoview.cli import main
from dynoview.core.reads.reader import Reader
from tests.helpers import account_key as _acct
from tests.helpers import lock_key as _lock
from tests.helpers import s as _s

pytestmark = pytest.mark.integration


def _seed(reader: Reader, table: str, username: str | None) -> None:
    """Account ACCT#num1 (email num1@x.io, username the Number ``username``) with its locks."""
    client = reader.conn.client
    account = {**_acct("num1"), "email": _s("num1@x.io")}
    if username is not None:
        account["username"] = {"N": username}
        client.put_item(TableName=table, Item=_lock("HANDLE", username))
    client.put_item(TableName=table, Item=account)
    client.put_item(TableName=table, Item=_lock("EMAIL", "num1@x.io"))


def _request(table: str, expression: str, values: dict[str, Any], old: str | None,
             new: str) -> dict[str, Any]:
    """A guarded Put of the new handle lock, a guarded Delete of the old one (if any), the Update."""
    items: list[dict[str, Any]] = [{"Put": {"TableName": table, "Item": _lock("HANDLE", new),
                                            "ConditionExpression": "attribute_not_exists(PK)"}}]
    if old is not None:
        items.append({"Delete": {"TableName": table, "Key": _lock("HANDLE", old),
                                 "ConditionExpression": "attribute_exists(PK)"}})
    items.append({"Update": {"TableName": table, "Key": _acct("num1"), "UpdateExpression": expression,
                             "ExpressionAttributeValues": values}})
    return {"TransactItems": items}


def _transact(tmp_path: Path, endpoint_url: str, request: dict[str, Any], *flags: str) -> int:
    path = tmp_path / "tx.json"
    path.write_text(json.dumps(request))
    return main(["transact", str(path), "--endpoint-url", endpoint_url, "--yes", *flags])


def _get(reader: Reader, table: str, key: dict[str, Any]) -> dict[str, Any] | None:
    return reader.conn.client.get_item(TableName=table, Key=key, ConsistentRead=True).get("Item")


@pytest.mark.parametrize("expression", ["ADD username :one", "SET username = username + :one"])
def test_a_number_added_to_a_protected_number_moves_its_lock(
        expression: str, tmp_path: Path, endpoint_url: str, accounts_table: str, reader: Reader,
        capsys: pytest.CaptureFixture[str]) -> None:
    _seed(reader, accounts_table, "5")
    request = _request(accounts_table, expression, {":one": {"N": "1"}}, "5", "6")
    assert _transact(tmp_path, endpoint_url, request) == 0, capsys.readouterr().err
    out = "".join(capsys.readouterr())  # the preflight's lines are on stderr
    assert "Preflight passed" in out and "after: lock UNIQ#HANDLE#6 held by ACCT#num1 ✓" in out
    account = _get(reader, accounts_table, _acct("num1"))
    assert account is not None and account["username"] == {"N": "6"}  # the engine's own sum
    assert _get(reader, accounts_table, _lock("HANDLE", "6")) is not None
    assert _get(reader, accounts_table, _lock("HANDLE", "5")) is None


def test_adding_zero_keeps_the_value_and_passes(tmp_path: Path, endpoint_url: str, accounts_table: str,
                                                reader: Reader, capsys: pytest.CaptureFixture[str]) -> None:
    _seed(reader, accounts_table, "5")
    request = {"TransactItems": [{"Update": {
        "TableName": accounts_table, "Key": _acct("num1"), "UpdateExpression": "ADD username :z",
        "ExpressionAttributeValues": {":z": {"N": "0"}}}}]}
    assert _transact(tmp_path, endpoint_url, request) == 0, capsys.readouterr().err
    account = _get(reader, accounts_table, _acct("num1"))
    assert account is not None and account["username"] == {"N": "5"}


def test_add_on_an_absent_protected_attribute_stores_the_operand(
        tmp_path: Path, endpoint_url: str, accounts_table: str, reader: Reader,
        capsys: pytest.CaptureFixture[str]) -> None:
    _seed(reader, accounts_table, None)
    request = _request(accounts_table, "ADD username :n", {":n": {"N": "7"}}, None, "7")
    assert _transact(tmp_path, endpoint_url, request) == 0, capsys.readouterr().err
    assert "after: lock UNIQ#HANDLE#7 held by ACCT#num1 ✓" in "".join(capsys.readouterr())
    account = _get(reader, accounts_table, _acct("num1"))
    assert account is not None and account["username"] == {"N": "7"}


def test_a_set_added_to_a_protected_number_is_refused_on_the_update_for_that_attribute(
        tmp_path: Path, endpoint_url: str, accounts_table: str, reader: Reader,
        capsys: pytest.CaptureFixture[str]) -> None:
    _seed(reader, accounts_table, "5")
    before = sorted(map(repr, reader.conn.client.scan(TableName=accounts_table)["Items"]))
    request = _request(accounts_table, "ADD username :s", {":s": {"SS": ["x"]}}, "5", "6")
    assert _transact(tmp_path, endpoint_url, request) == 2
    err = capsys.readouterr().err
    refused = [line for line in err.splitlines() if line.startswith("refused: ")]
    assert len(refused) == 2, err
    for value in ("5", "6"):
        assert (f"refused: Action 3: the preflight cannot tell what this Update does to username, so it "
                f"cannot check username {value} (lock UNIQ#HANDLE#{value}).") in err, err
    assert "email" not in "".join(refused) and "Action 1" not in err and "Action 2" not in err
    assert sorted(map(repr, reader.conn.client.scan(TableName=accounts_table)["Items"])) == before
    # Sent anyway, the engine refuses it too: the preflight could not have named an after-state.
    assert _transact(tmp_path, endpoint_url, request, "--allow-broken-locks") == 2
    assert "failed: DynamoDB rejected the request as invalid" in capsys.readouterr().out
    assert sorted(map(repr, reader.conn.client.scan(TableName=accounts_table)["Items"])) == before
