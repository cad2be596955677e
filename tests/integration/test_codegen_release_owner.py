"""The generated release of an orphan lock, given the former owner, under a normalising rule.

``release_email_lock(email="ada@x.io", former_owner_id="a1")`` must not delete the lock while
account a1 holds the value in another spelling ("Ada@X.io" under a lowercase rule: one lock).
It does today: the owner's ConditionCheck comes from ``tx.templates.release_orphan_lock``,
which compares the attribute with the lock's stored form exactly (``email <> "ada@x.io"``),
and DynamoDB conditions cannot normalise. The generated code mirrors the builder's template,
so the fix belongs there (and reaches the generated code through ``codegen.derive``).
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from dynoview.core.codegen import module_code
from dynoview.core.session.connection import Connection
from dynoview.core.uniqueness.pairing import classify
from dynoview.core.uniqueness.schema import article_schema
from tests.helpers import empty_accounts_table
from tests.integration.test_codegen_run import items_of, load

pytestmark = pytest.mark.integration

LOWERCASE = dataclasses.replace(article_schema(), rules=tuple(
    dataclasses.replace(r, normalisation="lowercase") for r in article_schema().rules))


def test_a_lock_the_former_owner_holds_in_another_spelling_is_not_released(
        conn: Connection, tmp_path: Path) -> None:
    with empty_accounts_table(conn, "codegen-release") as table:
        generated = load(module_code(LOWERCASE, table, lang="python"), tmp_path)
        generated.sign_up(conn.client, account_id="a1", email="Ada@X.io", username="ada")
        with pytest.raises(generated.StillHeldError):
            generated.release_email_lock(conn.client, email="ada@x.io", former_owner_id="a1")
        assert classify(items_of(conn, table), LOWERCASE).findings() == []


def test_a_release_is_guarded_on_the_owner_as_read(conn: Connection, tmp_path: Path) -> None:
    # The owner is read, then takes the value before the release is sent: the release's
    # check (the owner unchanged since the read) cancels it, and the lock stays.
    with empty_accounts_table(conn, "codegen-release-race") as table:
        generated = load(module_code(LOWERCASE, table, lang="python"), tmp_path)
        generated.sign_up(conn.client, account_id="a1", email="old@x.io", username="ada")
        conn.client.put_item(TableName=table, Item=LOWERCASE.lock_key(LOWERCASE.rules[0], "new@x.io"))
        real_get = conn.client.get_item

        class Racing:
            """The client, with the owner changing its email right after it is read."""

            def get_item(self, **kwargs: object) -> object:
                answer = real_get(**kwargs)
                conn.client.update_item(TableName=table, Key=kwargs["Key"],
                                        UpdateExpression="SET email = :e",
                                        ExpressionAttributeValues={":e": {"S": "New@X.io"}})
                return answer

            def __getattr__(self, name: str) -> object:
                return getattr(conn.client, name)

        with pytest.raises(generated.StillHeldError):
            generated.release_email_lock(Racing(), email="new@x.io", former_owner_id="a1")
        assert LOWERCASE.lock_key(LOWERCASE.rules[0], "new@x.io") in [
            {k: i[k] for k in ("PK", "SK")} for i in items_of(conn, table)]
        # a1 now holds New@X.io with that lock; its old email's lock is the orphan, and goes.
        generated.release_email_lock(conn.client, email="old@x.io", former_owner_id="a1")
        assert classify(items_of(conn, table), LOWERCASE).findings() == []
