"""The preflight on what DynamoDB will actually do (a seeded copy of the demo table over HTTP,
on moto and on DynamoDB Local): an Update that sets a past expiry warns like a Put does; a
guarded write DynamoDB would cancel is refused before it is sent, saying what to release
first; a lookup key a long value's lookalike form pushes over DynamoDB's key limit is skipped,
never a failed preflight (DynamoDB Local enforces the limit; moto does not)."""

from __future__ import annotations

import json
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from dynoview.cli import main
from dynoview.core.preflight.check import run_preflight
from dynoview.core.preflight.conditions import CANCELLED
from dynoview.core.reads.reader import Reader
from dynoview.core.session.tables import describe_table
from dynoview.core.tx import templates
from dynoview.core.tx.model import Transaction
from dynoview.core.tx.wire import preview_text
from dynoview.core.uniqueness.diagnose import FREE, diagnose
from dynoview.core.uniqueness.findings import EXPIRED
from dynoview.core.uniqueness.schema import article_schema, default_schema
from tests.helpers import account_key as _acct
from tests.helpers import lock_key as _lock
from tests.helpers import s as _s

pytestmark = pytest.mark.integration


SCHEMA = article_schema(email_index="email-index")
SKIPPED = "longer than DynamoDB allows for a key"


def _transact(tmp_path: Path, endpoint_url: str, items: list[dict[str, Any]] | Any,
              *flags: str) -> int:
    path = tmp_path / "tx.json"
    body = items if isinstance(items, list) else json.loads(preview_text(items.to_request()))
    path.write_text(json.dumps(body))
    return main(["transact", str(path), "--endpoint-url", endpoint_url, "--yes", *flags])


def _items(reader: Reader, table: str) -> list[str]:
    return sorted(map(repr, reader.conn.client.scan(TableName=table, ConsistentRead=True)["Items"]))


def test_an_update_setting_a_past_expiry_needs_confirmation(
        tmp_path: Path, endpoint_url: str, accounts_table: str, reader: Reader,
        capsys: pytest.CaptureFixture[str]) -> None:
    past = str(int(time.time()) - 3600)
    update = [{"Update": {"TableName": accounts_table, "Key": _lock("EMAIL", "ada@lovelace.io"),
                          "UpdateExpression": "SET expiresAt = :e",
                          "ExpressionAttributeValues": {":e": {"N": past}}}}]
    before = _items(reader, accounts_table)
    assert _transact(tmp_path, endpoint_url, update) == 2
    err = capsys.readouterr().err
    assert "--accept-warnings" in err and "expired" in err.lower()
    assert _items(reader, accounts_table) == before  # nothing was sent
    # The account's own expiry is the same warning.
    account = [{"Update": {"TableName": accounts_table, "Key": _acct("a1f9c3"),
                           "UpdateExpression": "SET #t = :e", "ExpressionAttributeNames": {"#t": "expiresAt"},
                           "ExpressionAttributeValues": {":e": {"N": past}}}}]
    assert _transact(tmp_path, endpoint_url, account) == 2
    assert "--accept-warnings" in capsys.readouterr().err
    table = {accounts_table: describe_table(reader.conn, accounts_table)}
    for items in (update, account):
        result = run_preflight(reader, Transaction.from_request({"TransactItems": items}), SCHEMA, table)
        assert [w.status for w in result.warnings] == [EXPIRED] and not result.refused
    # Accepted, it is sent: the audit then reports the lock as expired, as warned.
    assert _transact(tmp_path, endpoint_url, update, "--accept-warnings") == 0


@pytest.mark.parametrize("case", ["orphan", "expired"])
def test_a_guarded_put_on_a_lock_that_is_there_is_refused_before_sending(
        case: str, tmp_path: Path, endpoint_url: str, accounts_table: str, reader: Reader,
        capsys: pytest.CaptureFixture[str]) -> None:
    if case == "orphan":
        value = "stuck@x.io"
        reader.conn.client.put_item(TableName=accounts_table, Item=_lock("EMAIL", value))
    else:
        value = "pending@signup.test"  # the demo's reservation whose TTL passed two hours ago
    tx = templates.sign_up(SCHEMA, accounts_table, {**_acct("bbb222"), "email": _s(value),
                                                    "username": _s("bob")})
    result = run_preflight(reader, tx, SCHEMA, {accounts_table: describe_table(reader.conn, accounts_table)})
    (refusal,) = result.refusals
    assert refusal.status == CANCELLED and refusal.value == value
    assert "Release orphan lock template first" in refusal.message
    assert ("its TTL has passed" if case == "expired" else "an orphan lock") in refusal.message
    assert not result.repairs
    (choice,) = refusal.choices
    assert choice.suggestion is not None
    before = _items(reader, accounts_table)
    assert _transact(tmp_path, endpoint_url, tx) == 2
    err = capsys.readouterr().err
    assert "DynamoDB would cancel this transaction" in err and "repairs" not in err
    assert _items(reader, accounts_table) == before
    # Released first, as the refusal says, the same signup goes through.
    assert _transact(tmp_path, endpoint_url, choice.suggestion) == 0
    assert _transact(tmp_path, endpoint_url, tx) == 0


#: A valid lock key of 1,918 bytes; its lookalike form ("m" -> "rn") is twice as long.
LONG = "\u00e9" + "m" * 1900 + "@x.io"


def test_preflight_lookups_past_the_key_limit_are_skipped(reader: Reader, accounts_table: str) -> None:
    info = describe_table(reader.conn, accounts_table)
    big = replace(info, item_count=100_000)  # too large to read whole: the forms are read by key
    tx = templates.sign_up(SCHEMA, accounts_table, {**_acct("long01"), "email": _s(LONG)})
    result = run_preflight(reader, tx, SCHEMA, {accounts_table: big})
    assert not result.refused
    assert any(SKIPPED in n for n in result.notes)


def test_diagnose_lookups_past_the_key_limit_are_skipped(reader: Reader, accounts_table: str) -> None:
    info = describe_table(reader.conn, accounts_table)
    d = diagnose(reader, info, default_schema(info), "email", LONG)
    assert d.status == FREE and any(SKIPPED in n for n in d.notes)
