"""A staged set spanning tables is built with each table's own uniqueness schema: the set is the
window's (every Items tab's), and one table's rules say nothing of another's accounts."""

from __future__ import annotations

import dataclasses

from dynoview.core.edits.staging import StagedEdits
from dynoview.core.edits.transaction import build_transaction
from dynoview.core.session.tables import KeyAttribute, TableInfo
from dynoview.core.tx.model import DELETE, PUT, UPDATE
from dynoview.core.uniqueness.schema import UniquenessSchema, article_schema

ACCOUNTS = TableInfo("accounts", KeyAttribute("PK", "S"), KeyAttribute("SK", "S"))
USERS = TableInfo("users", KeyAttribute("PK", "S"), KeyAttribute("SK", "S"))
SCHEMAS = {"accounts": article_schema(),
           "users": dataclasses.replace(article_schema(), account_pk_prefix="USER#")}


def schema_of(table: str) -> UniquenessSchema:
    return SCHEMAS[table]


def test_each_table_s_edits_are_built_with_that_table_s_schema() -> None:
    staged = StagedEdits()
    acct = {"PK": {"S": "ACCT#a1"}, "SK": {"S": "PROFILE"}, "email": {"S": "a@x.io"}}
    user = {"PK": {"S": "USER#u1"}, "SK": {"S": "PROFILE"}, "email": {"S": "u@x.io"}}
    staged.stage_text(ACCOUNTS, acct, "email", "S", "a@y.io", schema=SCHEMAS["accounts"])
    staged.stage_text(USERS, user, "email", "S", "u@y.io", schema=SCHEMAS["users"])
    tx = build_transaction(staged, {"accounts": ACCOUNTS, "users": USERS}, schema_of)
    assert [(a.kind, a.table, a.target_key(("PK", "SK"))["PK"]["S"]) for a in tx.actions] == [
        (PUT, "accounts", "UNIQ#EMAIL#a@y.io"), (DELETE, "accounts", "UNIQ#EMAIL#a@x.io"),
        (UPDATE, "accounts", "ACCT#a1"),
        (PUT, "users", "UNIQ#EMAIL#u@y.io"), (DELETE, "users", "UNIQ#EMAIL#u@x.io"),
        (UPDATE, "users", "USER#u1")]
    # One schema for both (the main tab's, as before): the other table's account moves no lock.
    kinds = [(a.kind, a.table) for a in build_transaction(
        staged, {"accounts": ACCOUNTS, "users": USERS}, SCHEMAS["users"]).actions]
    assert kinds == [(UPDATE, "accounts"), (PUT, "users"), (DELETE, "users"), (UPDATE, "users")]
