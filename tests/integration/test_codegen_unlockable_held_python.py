"""The generated Python on an account holding a value no lock can exist for, run for real and
compared request for request with the builder's templates:

- a value its rule empties ("   " under trim+lowercase, a zero-width space under nfkc+casefold)
  is no value, so it has no lock: changing it or deleting the account sends no Delete of the
  empty-value key (``UNIQ#HANDLE#``), which would always fail (or delete that item);
- a value too long for any lock key (a 2,045-byte email: its lock key would be 2,056 bytes)
  never had a lock: the change the audit advises, the delete and a resolve go through without
  the lock's Delete or check, instead of refusing the call with KeyTooLongError.

``templates.delete_account`` itself left the empty-value Delete in until this was fixed, so
the builder's request is checked to be sent as it is too.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from dynoview.core.codegen import module_code
from dynoview.core.session.connection import Connection
from dynoview.core.tx import templates
from dynoview.core.tx.model import Transaction
from dynoview.core.tx.template_inputs import account_key
from dynoview.core.uniqueness.forms import NORMALISE_NFKC_CASEFOLD, NORMALISE_TRIM_LOWER
from dynoview.core.uniqueness.key_limits import oversized
from dynoview.core.uniqueness.pairing import classify
from dynoview.core.uniqueness.schema import article_schema
from tests.helpers import empty_accounts_table
from tests.integration.test_codegen_run import items_of, load

pytestmark = pytest.mark.integration

_ARTICLE = article_schema()
#: email under nfkc+casefold ("\u200b" is emptied), username under trim+lowercase ("   " is).
SCHEMA = dataclasses.replace(_ARTICLE, rules=(
    dataclasses.replace(_ARTICLE.rules[0], normalisation=NORMALISE_NFKC_CASEFOLD),
    dataclasses.replace(_ARTICLE.rules[1], normalisation=NORMALISE_TRIM_LOWER)))
#: Its lock key UNIQ#EMAIL#<this> would be 2,056 bytes: no lock can exist for it.
LONG_EMAIL = "e" * 2040 + "@x.io"


class Recording:
    """The real client; each TransactWriteItems' items are kept before they are sent."""

    def __init__(self, client: Any) -> None:
        self.client = client
        self.sent: list[Any] = []

    def transact_write_items(self, **kwargs: Any) -> Any:
        self.sent.append(kwargs["TransactItems"])
        return self.client.transact_write_items(**kwargs)

    def get_item(self, **kwargs: Any) -> Any:
        return self.client.get_item(**kwargs)


@pytest.fixture
def table(conn: Connection) -> Iterator[str]:
    with empty_accounts_table(conn, "codegen-unlockable") as name:
        yield name


@pytest.fixture
def generated(tmp_path: Path) -> ModuleType:
    return load(module_code(SCHEMA, "accounts", lang="python"), tmp_path / "gen")


def seed(conn: Connection, table: str, account_id: str, **values: str) -> dict[str, Any]:
    """An account holding ``values`` and the lock of each value that can have one."""
    item = {**account_key(SCHEMA, account_id), **{k: {"S": v} for k, v in values.items()}}
    conn.client.put_item(TableName=table, Item=item)
    for action in templates.sign_up(SCHEMA, table, item).actions[1:]:
        if not oversized(action.item, SCHEMA.lock_pk_name):
            conn.client.put_item(TableName=table, Item=action.item)
    return item


def same(sent: Any, tx: Transaction) -> None:
    """The generated call sent exactly the builder's request."""
    def norm(x: Any) -> Any:
        return json.loads(json.dumps(x, sort_keys=True))
    assert norm(sent) == norm(tx.to_request()["TransactItems"])


def keys(conn: Connection, table: str) -> set[str]:
    return {i["PK"]["S"][:40] for i in items_of(conn, table)}


def test_builder_delete_leaves_out_the_lock_of_an_emptied_value(conn: Connection, table: str) -> None:
    account = seed(conn, table, "a1", email="ada@x.io", username="   ")
    tx = templates.delete_account(SCHEMA, table, account)
    deleted = [a.key["PK"]["S"] for a in tx.actions]
    assert deleted == ["ACCT#a1", "UNIQ#EMAIL#ada@x.io"]  # no UNIQ#HANDLE#
    conn.client.transact_write_items(**tx.to_request())
    assert keys(conn, table) == set()


@pytest.mark.parametrize(("rule", "held", "other"), [
    ("username", "   ", {"email": "ada@x.io"}),
    ("email", "\u200b", {"username": "ada"}),
])
def test_change_and_delete_of_an_emptied_value(generated: ModuleType, conn: Connection, table: str,
                                               rule: str, held: str, other: dict[str, str]) -> None:
    account = seed(conn, table, "a1", **{rule: held}, **other)
    new = "new@x.io" if rule == "email" else "newname"
    client = Recording(conn.client)
    change = templates.change_value(SCHEMA, table, account, rule, new)
    getattr(generated, f"change_{rule}")(client, account_id="a1", **{f"current_{rule}": held,
                                                                     f"new_{rule}": new},
                                         table_name=table)
    same(client.sent[-1], change)
    assert classify(items_of(conn, table), SCHEMA).findings() == []

    account = seed(conn, table, "a2", **{rule: held}, **{k: "b" + v for k, v in other.items()})
    delete = templates.delete_account(SCHEMA, table, account)
    generated.delete_account(client, account_id="a2", **{rule: held},
                             **{k: "b" + v for k, v in other.items()}, table_name=table)
    same(client.sent[-1], delete)
    assert not any(k.startswith("ACCT#a2") for k in keys(conn, table))
    assert classify(items_of(conn, table), SCHEMA).findings() == []


def test_change_delete_and_resolve_of_a_value_too_long_for_a_lock(
        generated: ModuleType, conn: Connection, table: str) -> None:
    client = Recording(conn.client)
    account = seed(conn, table, "a1", email=LONG_EMAIL, username="ada")
    change = templates.change_value(SCHEMA, table, account, "email", "short@x.io")
    generated.change_email(client, account_id="a1", current_email=LONG_EMAIL,
                           new_email="short@x.io", table_name=table)
    same(client.sent[-1], change)

    account = seed(conn, table, "a2", email=LONG_EMAIL, username="bob")
    delete = templates.delete_account(SCHEMA, table, account)
    generated.delete_account(client, account_id="a2", email=LONG_EMAIL, username="bob",
                             table_name=table)
    same(client.sent[-1], delete)

    keep = seed(conn, table, "k", email=LONG_EMAIL, username="kim")
    other = seed(conn, table, "o", email=LONG_EMAIL.upper(), username="otto")
    resolve = templates.resolve_duplicate(SCHEMA, table, keep, other, "email", "otto@x.io")
    generated.resolve_duplicate_email(client, keep_account_id="k", other_account_id="o",
                                      email=LONG_EMAIL, other_email=LONG_EMAIL.upper(),
                                      new_email="otto@x.io", table_name=table)
    same(client.sent[-1], resolve)
    assert keys(conn, table) == {"ACCT#a1", "UNIQ#EMAIL#short@x.io", "UNIQ#HANDLE#ada",
                                 "ACCT#k", "UNIQ#HANDLE#kim", "ACCT#o", "UNIQ#EMAIL#otto@x.io",
                                 "UNIQ#HANDLE#otto"}


def test_a_new_value_too_long_for_its_lock_is_still_refused(generated: ModuleType, conn: Connection,
                                                            table: str) -> None:
    seed(conn, table, "a1", email="ada@x.io", username="ada")
    client = Recording(conn.client)
    with pytest.raises(generated.KeyTooLongError, match="2,056 bytes"):
        generated.change_email(client, account_id="a1", current_email="ada@x.io",
                               new_email=LONG_EMAIL, table_name=table)
    assert client.sent == []

