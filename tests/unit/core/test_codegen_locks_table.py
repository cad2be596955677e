"""Generated code for a schema whose locks are in a table of their own (docs/locks-table.md):
every lock goes to ``locks_table_name``, which a call for a stage's copy passes beside
``table_name``; leaving it out there is refused before anything is sent, so a stage's call
never writes its locks into the default locks table. Locks said to be in the accounts' table
itself follow ``table_name``. (The same code on real endpoints, and the command:
tests/integration/test_codegen_locks_table_run.py.)"""

from __future__ import annotations

import dataclasses
import subprocess
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from dynoview.core.codegen import CodegenError, module_code, template_code
from dynoview.core.tx import templates
from dynoview.core.tx.template_inputs import account_key, sign_up_account
from dynoview.core.uniqueness.schema import LocksTable, UniquenessSchema, article_schema
from tests.unit.core.test_codegen_python import BIN, Recorder, load


def locks_schema(name: str = "uniques", accounts_table: str | None = None) -> UniquenessSchema:
    """The article's rules with their locks in ``name``, keyed on ``pk`` alone."""
    schema = article_schema()
    return dataclasses.replace(
        schema, locks=LocksTable(name, "pk", None, accounts_table),
        rules=tuple(dataclasses.replace(r, sk_value=None) for r in schema.rules))


SCHEMA = locks_schema()
ACCOUNT = {**account_key(SCHEMA, "a1"), "email": {"S": "ada@x.io"}, "username": {"S": "ada"}}
OTHER = {**account_key(SCHEMA, "b2"), "email": {"S": "ada@x.io"}, "username": {"S": "bob"}}


def staged(schema: UniquenessSchema, locks: str) -> UniquenessSchema:
    """The schema as a stage's copy has it: its locks in ``locks``."""
    assert schema.locks is not None
    return dataclasses.replace(schema, locks=dataclasses.replace(schema.locks, name=locks))


@pytest.fixture(scope="module")
def generated(tmp_path_factory: pytest.TempPathFactory) -> ModuleType:
    return load(module_code(SCHEMA, "accounts", lang="python"), tmp_path_factory.mktemp("locks"))


def sent(call: Any) -> list[dict[str, Any]]:
    client = Recorder()
    call(client)
    (request,) = client.calls
    return list(request["TransactItems"])


def test_every_operation_sends_the_template_with_its_locks_in_the_locks_table(
        generated: ModuleType) -> None:
    stage = staged(SCHEMA, "uniques-staging")
    tables = {"table_name": "accounts-staging", "locks_table_name": "uniques-staging"}
    item = sign_up_account(SCHEMA, "a1", {"email": "ada@x.io", "username": "ada"})
    cases = [
        (lambda c: generated.sign_up(c, email="ada@x.io", username="ada", account_id="a1", **tables),
         templates.sign_up(stage, "accounts-staging", item)),
        (lambda c: generated.change_email(c, account_id="a1", current_email="ada@x.io",
                                          new_email="ada@y.io", **tables),
         templates.change_value(stage, "accounts-staging", ACCOUNT, "email", "ada@y.io")),
        (lambda c: generated.delete_account(c, account_id="a1", email="ada@x.io", username="ada",
                                            **tables),
         templates.delete_account(stage, "accounts-staging", ACCOUNT)),
        (lambda c: generated.claim_username_lock(c, account_id="a1", username="ada", **tables),
         templates.claim_missing_lock(stage, "accounts-staging", ACCOUNT, "username")),
        (lambda c: generated.release_email_lock(c, email="old@x.io", **tables),
         templates.release_orphan_lock(stage, "accounts-staging", {"pk": {"S": "UNIQ#EMAIL#old@x.io"}})),
        (lambda c: generated.resolve_duplicate_email(
            c, keep_account_id="a1", other_account_id="b2", email="ada@x.io", other_email="ada@x.io",
            new_email="bob@x.io", **tables),
         templates.resolve_duplicate(stage, "accounts-staging", ACCOUNT, OTHER, "email", "bob@x.io")),
    ]
    for call, want in cases:
        items = sent(call)
        assert items == want.to_request()["TransactItems"]
        for action in (next(iter(a.values())) for a in items):
            lock = "pk" in action.get("Item", action.get("Key", {}))
            assert action["TableName"] == ("uniques-staging" if lock else "accounts-staging"), items


def test_left_out_the_locks_table_goes_with_the_default_table_only(generated: ModuleType) -> None:
    items = sent(lambda c: generated.sign_up(c, email="ada@x.io", username="ada", account_id="a1"))
    assert [next(iter(a.values()))["TableName"] for a in items] == ["accounts", "uniques", "uniques"]
    assert generated.LOCKS_TABLE_NAME == "uniques"
    client = Recorder()
    with pytest.raises(ValueError, match="locks_table_name was left out: pass the locks table of "
                                         "'accounts-staging' too"):
        generated.sign_up(client, email="ada@x.io", username="ada", table_name="accounts-staging")
    with pytest.raises(ValueError, match="locks_table_name was left out"):
        generated.release_email_lock(client, email="ada@x.io", former_owner_id="a1",
                                     table_name="accounts-staging")
    assert client.calls == [] and client.reads == []  # nothing was sent


def test_locks_said_to_be_in_the_accounts_table_follow_table_name(tmp_path: Path) -> None:
    # `dynoview codegen --table users --locks-table users`
    beside = dataclasses.replace(article_schema(), locks=LocksTable("users", "PK", "SK", "users"))
    code = module_code(beside, "users", lang="python")
    assert "locks_table_name" not in code and "LOCKS_TABLE_NAME" not in code
    assert "locksTableName" not in module_code(beside, "users", lang="typescript")
    items = sent(lambda c: load(code, tmp_path).sign_up(c, email="ada@x.io", username="ada",
                                                         table_name="users-staging"))
    assert {next(iter(a.values()))["TableName"] for a in items} == {"users-staging"}


def test_code_for_the_locks_table_itself_is_refused() -> None:
    with pytest.raises(CodegenError, match="Table uniques holds the schema's locks, and its accounts "
                                           "are in another table: generate the code for accounts "):
        module_code(locks_schema(accounts_table="accounts"), "uniques", lang="python")
    with pytest.raises(CodegenError, match="generate the code for the table holding its accounts"):
        template_code(locks_schema(), "uniques", "sign_up", {"values": {"email": "a", "username": "b"}},
                      lang="typescript")


def test_the_template_forms_export_takes_the_locks_table_too(tmp_path: Path) -> None:
    code = template_code(SCHEMA, "accounts", "claim_missing_lock", {"account": ACCOUNT, "rule": "email"},
                         lang="python")
    module = load(code, tmp_path)
    items = sent(module.example)
    assert items == templates.claim_missing_lock(SCHEMA, "accounts", ACCOUNT, "email").to_request()[
        "TransactItems"]
    staged_items = sent(lambda c: module.claim_email_lock(
        c, account_id="a1", email="ada@x.io", table_name="accounts-staging",
        locks_table_name="uniques-staging"))
    assert [next(iter(a.values()))["TableName"] for a in staged_items] == ["uniques-staging",
                                                                           "accounts-staging"]
    ts = template_code(SCHEMA, "accounts", "claim_missing_lock", {"account": ACCOUNT, "rule": "email"},
                       lang="typescript")
    assert 'export const LOCKS_TABLE_NAME = "uniques";' in ts
    assert "const locksTableName = locksTable(tableName, options.locksTableName);" in ts


def test_locks_table_modules_pass_ruff_and_mypy_strict(tmp_path: Path) -> None:
    (tmp_path / "generated_locks.py").write_text(module_code(SCHEMA, "accounts", lang="python"),
                                                 encoding="utf-8")
    ruff = subprocess.run([str(BIN / "ruff"), "check", "--isolated", "--select",
                           "E,F,W,I,B,UP,SIM,RUF", "--target-version", "py311", "--line-length", "88",
                           str(tmp_path)], capture_output=True, text=True, check=False)
    assert ruff.returncode == 0, ruff.stdout + ruff.stderr
    mypy = subprocess.run([sys.executable, "-m", "mypy", "--strict", "--ignore-missing-imports",
                           "--no-incremental", "generated_locks.py"],
                          capture_output=True, text=True, check=False, cwd=tmp_path)
    assert mypy.returncode == 0, mypy.stdout + mypy.stderr
