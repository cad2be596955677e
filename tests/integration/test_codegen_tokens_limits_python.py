"""The generated Python run for real on the three gaps the builder already covered:

- a caller's ClientRequestToken (``client_request_token``) is sent as given, so a retry of a
  call whose answer was lost is applied once (DynamoDB Local keeps tokens; moto does not);
- a lock or account key over DynamoDB's limits (2048 bytes of UTF-8 for a partition key,
  1024 for a sort key) is refused before sending, with an error naming the field;
- a new spelling of the current value under a normalising rule (``Ada@X.io`` → ``ada@x.io``,
  one lock key) keeps the lock and updates the account, as ``templates.change_value`` does.
"""

from __future__ import annotations

import dataclasses
import uuid
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from dynoview.core.codegen import module_code
from dynoview.core.session.connection import Connection
from dynoview.core.tx import templates
from dynoview.core.tx.template_inputs import account_key
from dynoview.core.uniqueness.forms import NORMALISE_LOWER
from dynoview.core.uniqueness.pairing import classify
from dynoview.core.uniqueness.schema import LockRule, UniquenessSchema, article_schema
from tests.helpers import empty_accounts_table
from tests.integration.test_codegen_run import ON_LOCAL, items_of, load

pytestmark = pytest.mark.integration

#: The article's layout with a case-insensitive email rule: Ada@X.io and ada@x.io share a lock.
LOWER = dataclasses.replace(article_schema(), rules=(
    dataclasses.replace(article_schema().rules[0], normalisation=NORMALISE_LOWER),
    article_schema().rules[1]))
#: A lock whose sort key holds the value too (TypeDORM's layout): the 1024-byte limit applies.
SORTED = UniquenessSchema(rules=(LockRule("email", "email", "DRM.EMAIL#{value}", "DRM.EMAIL#{value}",
                                          NORMALISE_LOWER),))


class Recording:
    """The real client; every TransactWriteItems and GetItem request is kept before it is sent."""

    def __init__(self, client: Any) -> None:
        self.client = client
        self.calls: list[dict[str, Any]] = []

    def transact_write_items(self, **kwargs: Any) -> Any:
        self.calls.append(kwargs)
        return self.client.transact_write_items(**kwargs)

    def get_item(self, **kwargs: Any) -> Any:
        self.calls.append(kwargs)
        return self.client.get_item(**kwargs)


@pytest.fixture
def table(conn: Connection) -> Iterator[str]:
    with empty_accounts_table(conn, "codegen-tok") as name:
        yield name


@pytest.fixture
def lower(tmp_path: Path) -> ModuleType:
    return load(module_code(LOWER, "accounts", lang="python"), tmp_path / "lower")


def findings(conn: Connection, table: str, schema: UniquenessSchema) -> list[Any]:
    return classify(items_of(conn, table), schema).findings()


def account(conn: Connection, table: str, account_id: str) -> dict[str, Any] | None:
    item = conn.client.get_item(TableName=table, Key=account_key(LOWER, account_id),
                                ConsistentRead=True).get("Item")
    return dict(item) if item is not None else None


# ------------------------------------------------------------------------- ClientRequestToken


def test_the_callers_token_is_sent_on_every_attempt(lower: ModuleType, conn: Connection,
                                                    table: str) -> None:
    client = Recording(conn.client)
    token = f"signup-{uuid.uuid4().hex[:20]}"
    lower.sign_up(client, account_id="a1", email="ada@x.io", username="ada", table_name=table,
                  client_request_token=token)
    lower.change_username(client, account_id="a1", current_username="ada", new_username="ada2",
                          table_name=table)
    assert client.calls[0]["ClientRequestToken"] == token
    assert client.calls[1]["ClientRequestToken"] != token  # left out: a token of its own
    assert findings(conn, table, LOWER) == []


@ON_LOCAL
def test_a_retry_with_the_same_token_applies_once(lower: ModuleType, conn: Connection,
                                                  table: str) -> None:
    """The first answer is lost (the caller saw a timeout): the retry, same token and arguments,
    succeeds without a second write instead of reporting the call's own write."""
    client = conn.client
    token = str(uuid.uuid4())
    for _ in range(2):
        assert lower.sign_up(client, account_id="a1", email="ada@x.io", username="ada",
                             table_name=table, client_request_token=token) == "a1"
    change = {"account_id": "a1", "current_email": "ada@x.io", "new_email": "ada@y.io",
              "table_name": table}
    moved = str(uuid.uuid4())
    lower.change_email(client, **change, client_request_token=moved)
    lower.change_email(client, **change, client_request_token=moved)  # no AccountChangedError
    assert {i["PK"]["S"] for i in items_of(conn, table)} == {
        "ACCT#a1", "UNIQ#EMAIL#ada@y.io", "UNIQ#HANDLE#ada"}
    assert findings(conn, table, LOWER) == []
    # Without the token the same retry meets the first call's write: its own new lock reads
    # as "taken", the confusing answer a token spares the caller.
    with pytest.raises(lower.ValueTakenError):
        lower.change_email(client, **change)
    # One token for another operation is DynamoDB's IdempotentParameterMismatch, nothing written.
    with pytest.raises(lower.TokenReusedError):
        lower.change_username(client, account_id="a1", current_username="ada", new_username="bob",
                              table_name=table, client_request_token=moved)
    assert account(conn, table, "a1")["username"] == {"S": "ada"}  # type: ignore[index]


# ------------------------------------------------------------------------- key size limits


def test_keys_over_dynamodbs_limits_are_refused_before_sending(lower: ModuleType, conn: Connection,
                                                                table: str) -> None:
    client = Recording(conn.client)
    prefix = len("UNIQ#EMAIL#")
    cases: list[tuple[dict[str, str], str | None]] = [
        ({"email": "a" * (2049 - prefix), "username": "ada"}, "email"),
        # Bytes, not characters: 1019 two-byte letters make 2049 bytes with the prefix.
        ({"email": "é" * 1019, "username": "ada"}, "email"),
        ({"account_id": "x" * (2049 - len("ACCT#")), "email": "a@x.io", "username": "ada"}, None),
    ]
    for arguments, field in cases:
        with pytest.raises(lower.KeyTooLongError) as refused:
            lower.sign_up(client, table_name=table, **arguments)
        assert refused.value.field == field
        assert "is too long" in str(refused.value) and "2,049 bytes" in str(refused.value)
    with pytest.raises(lower.KeyTooLongError) as released:
        lower.release_email_lock(client, email="a" * 2048, table_name=table)
    assert released.value.field == "email"
    with pytest.raises(lower.KeyTooLongError) as owner:  # before the owner is even read
        lower.release_email_lock(client, email="a@x.io", former_owner_id="x" * 2044,
                                 table_name=table)
    assert owner.value.field is None
    assert client.calls == [] and items_of(conn, table) == []
    # At the limit exactly, DynamoDB takes it: the check is not stricter than the service.
    at_limit = "a" * (2048 - prefix)
    lower.sign_up(client, account_id="a1", email=at_limit, username="ada", table_name=table)
    assert {"PK": {"S": "UNIQ#EMAIL#" + at_limit}, "SK": {"S": "LOCK"}} in items_of(conn, table)


def test_a_sort_key_over_1024_bytes_is_refused_naming_the_field(conn: Connection, table: str,
                                                                tmp_path: Path) -> None:
    generated = load(module_code(SORTED, "accounts", lang="python"), tmp_path / "sorted")
    client = Recording(conn.client)
    value = "b" * (1025 - len("DRM.EMAIL#"))  # the partition key (same text) is far below 2048
    with pytest.raises(generated.KeyTooLongError) as refused:
        generated.sign_up(client, account_id="a1", email=value, table_name=table)
    assert refused.value.field == "email" and "allows 1,024" in str(refused.value)
    assert client.calls == []
    generated.sign_up(client, account_id="a1", email=value[:-1], table_name=table)
    assert findings(conn, table, SORTED) == []


# ------------------------------------------------------------------------- a new spelling


def test_a_new_spelling_keeps_the_lock_and_updates_the_account(lower: ModuleType, conn: Connection,
                                                               table: str) -> None:
    client = Recording(conn.client)
    lower.sign_up(client, account_id="a1", email="Ada@X.io", username="ada", table_name=table)
    held = account(conn, table, "a1")
    assert held is not None
    lower.change_email(client, account_id="a1", current_email="Ada@X.io", new_email="ada@x.io",
                       table_name=table)
    # What the builder's template sends for the same change, request for request.
    tx = templates.change_value(LOWER, table, held, "email", "ada@x.io")
    assert client.calls[-1]["TransactItems"] == [a.to_request() for a in tx.actions]
    assert account(conn, table, "a1")["email"] == {"S": "ada@x.io"}  # type: ignore[index]
    assert {i["PK"]["S"] for i in items_of(conn, table)} == {
        "ACCT#a1", "UNIQ#EMAIL#ada@x.io", "UNIQ#HANDLE#ada"}
    assert findings(conn, table, LOWER) == []
    # The guard still holds: a stale spelling is refused, the value itself too.
    with pytest.raises(lower.AccountChangedError):
        lower.change_email(client, account_id="a1", current_email="Ada@X.io", new_email="ADA@x.io",
                           table_name=table)
    with pytest.raises(lower.InvalidValueError, match="nothing would change"):
        lower.change_email(client, account_id="a1", current_email="ada@x.io", new_email="ada@x.io",
                           table_name=table)
    assert account(conn, table, "a1")["email"] == {"S": "ada@x.io"}  # type: ignore[index]
    # Another address still moves the lock.
    lower.change_email(client, account_id="a1", current_email="ada@x.io", new_email="Ada@Y.io",
                       table_name=table)
    assert {i["PK"]["S"] for i in items_of(conn, table)} == {
        "ACCT#a1", "UNIQ#EMAIL#ada@y.io", "UNIQ#HANDLE#ada"}
    assert findings(conn, table, LOWER) == []
