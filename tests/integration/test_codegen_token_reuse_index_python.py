"""The generated Python on three follow-ups of the token and key limit checks, run for real:

- a ClientRequestToken reused for a different request (DynamoDB's
  IdempotentParameterMismatchException, DynamoDB Local only: moto ignores tokens) is a
  ``TokenReusedError`` saying what to do, nothing written;
- a token DynamoDB would refuse (not 1 to 36 characters) is refused before anything is sent;
- a value that is an index key as given (a GSI keyed on ``email``) is held to the key size
  limit too, even when its lock key (trimmed) is short.
"""

from __future__ import annotations

import dataclasses
import uuid
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest

from dynoview.core.codegen import module_code
from dynoview.core.session.connection import Connection
from dynoview.core.uniqueness.forms import NORMALISE_TRIM_LOWER
from dynoview.core.uniqueness.schema import UniquenessSchema, article_schema
from dynoview.demo.backend import EMAIL_INDEX
from tests.helpers import empty_accounts_table
from tests.integration.test_codegen_run import ON_LOCAL, items_of, load
from tests.integration.test_codegen_tokens_limits_python import LOWER, Recording, account

pytestmark = pytest.mark.integration

#: The article's layout whose email rule names the table's GSI on email, trimmed: a value's
#: spaces are in the account's email (the index key), not in its lock key.
INDEXED: UniquenessSchema = dataclasses.replace(article_schema(), rules=(
    dataclasses.replace(article_schema().rules[0], normalisation=NORMALISE_TRIM_LOWER,
                        index_name=EMAIL_INDEX),
    article_schema().rules[1]))


@pytest.fixture
def table(conn: Connection) -> Iterator[str]:
    with empty_accounts_table(conn, "codegen-reuse") as name:
        yield name


@pytest.fixture
def lower(tmp_path: Path) -> ModuleType:
    return load(module_code(LOWER, "accounts", lang="python"), tmp_path / "lower")


@pytest.fixture
def indexed(tmp_path: Path) -> ModuleType:
    return load(module_code(INDEXED, "accounts", lang="python"), tmp_path / "indexed")


@ON_LOCAL
def test_a_token_reused_for_another_request_is_a_typed_error(lower: ModuleType, conn: Connection,
                                                            table: str) -> None:
    token = str(uuid.uuid4())
    lower.sign_up(conn.client, account_id="a1", email="ada@x.io", username="ada", table_name=table,
                  client_request_token=token)
    with pytest.raises(lower.TokenReusedError) as caught:
        lower.change_username(conn.client, account_id="a1", current_username="ada",
                              new_username="bob", table_name=table, client_request_token=token)
    assert isinstance(caught.value, lower.UniquenessError)
    assert caught.value.token == token
    message = str(caught.value)
    assert "used within the last 10 minutes for a different request" in message
    assert "use a new token for a new operation" in message
    assert "reuse it only to retry the same call with the same arguments" in message
    assert account(conn, table, "a1")["username"] == {"S": "ada"}  # type: ignore[index]
    # The same call again with that token is still the retry DynamoDB applies once.
    assert lower.sign_up(conn.client, account_id="a1", email="ada@x.io", username="ada",
                         table_name=table, client_request_token=token) == "a1"


@pytest.mark.parametrize("token", ["", "t" * 37, "é" * 37])
def test_a_token_dynamodb_would_refuse_is_refused_before_sending(lower: ModuleType, conn: Connection,
                                                                 table: str, token: str) -> None:
    client = Recording(conn.client)
    with pytest.raises(lower.InvalidValueError, match="client_request_token") as caught:
        lower.sign_up(client, account_id="a1", email="ada@x.io", username="ada", table_name=table,
                      client_request_token=token)
    assert caught.value.field == "client_request_token" and "1 to 36" in str(caught.value)
    # A release reads its former owner first: the token is refused before that read too.
    with pytest.raises(lower.InvalidValueError, match="client_request_token"):
        lower.release_email_lock(client, email="ada@x.io", former_owner_id="a1", table_name=table,
                                 client_request_token=token)
    assert client.calls == []
    assert items_of(conn, table) == []


def test_a_token_of_36_characters_is_sent(lower: ModuleType, conn: Connection, table: str) -> None:
    client = Recording(conn.client)
    # 36 characters (64 bytes): DynamoDB counts characters. Unique: it keeps tokens 10 minutes.
    token = "é" * 28 + uuid.uuid4().hex[:8]
    lower.sign_up(client, account_id="a1", email="ada@x.io", username="ada", table_name=table,
                  client_request_token=token)
    assert [c["ClientRequestToken"] for c in client.calls] == [token]


def test_an_index_key_over_the_limit_is_refused_naming_the_field(indexed: ModuleType,
                                                                 conn: Connection,
                                                                 table: str) -> None:
    """``ada@x.io`` and 2,041 spaces: its lock key is short (trimmed), but the account's email
    is the key of the GSI on email, which DynamoDB limits to 2,048 bytes."""
    client = Recording(conn.client)
    long = "ada@x.io" + " " * 2041
    with pytest.raises(indexed.KeyTooLongError) as caught:
        indexed.sign_up(client, account_id="a1", email=long, username="ada", table_name=table)
    assert caught.value.field == "email" and caught.value.value == long
    assert f"index {EMAIL_INDEX}'s key email would be 2,049 bytes" in str(caught.value)
    assert "allows 2,048" in str(caught.value)
    indexed.sign_up(client, account_id="a1", email="ada@x.io", username="ada", table_name=table)
    with pytest.raises(indexed.KeyTooLongError):
        indexed.change_email(client, account_id="a1", current_email="ada@x.io", new_email=long,
                             table_name=table)
    assert len(client.calls) == 1  # only the valid sign_up was sent
    # At the limit exactly, DynamoDB takes it (the check is no stricter than the index).
    indexed.change_email(client, account_id="a1", current_email="ada@x.io",
                         new_email=long[:-1], table_name=table)
    assert account(conn, table, "a1")["email"] == {"S": long[:-1]}  # type: ignore[index]
