"""Issue 22's proof, its other half: the same ``dynoview watch --fail-on <every kind>`` that
finds nothing beside the generated code's run (the ``watched`` fixture of
test_codegen_run.py) exits 1 beside a deliberately broken writer, naming the write.

The broken writer is the generated sign-up with the email lock's Put taken out of its request
as data (a wrapper of the boto3 client in Python; a middleware of the SDK client in
TypeScript), after one correct sign-up the watch must let pass. The watch names the account's
INSERT, its keys, the values it wrote and the rest of the transaction (the handle lock).

On DynamoDB Local and on moto (no transaction is cancelled here, see ``WATCHES_BESIDE``).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from dynoview.core.codegen import module_code
from dynoview.core.session.connection import Connection
from dynoview.core.tx.template_inputs import account_key
from tests.helpers import empty_accounts_table
from tests.integration.test_cli_watch import EVERY_KIND, Watch
from tests.integration.test_codegen_run import SCHEMA, audit_findings, compiled_project, load
from tests.typescript_project import COMPILES, run_driver

pytestmark = pytest.mark.integration
EMAIL = SCHEMA.rules[0]


@pytest.fixture(scope="session")
def node_project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return compiled_project(tmp_path_factory)  # compiled once, shared with test_codegen_run.py


@pytest.fixture
def table(conn: Connection) -> Iterator[str]:
    """The article's table, with a NEW_AND_OLD_IMAGES stream."""
    with empty_accounts_table(conn, "watched") as name:
        yield name


@pytest.fixture
def generated(tmp_path: Path) -> ModuleType:
    return load(module_code(SCHEMA, "accounts", lang="python"), tmp_path / "gen")


class WithoutLock:
    """A boto3 client whose TransactWriteItems requests lose the Put of one lock item."""

    def __init__(self, client: Any, lock: dict[str, Any]) -> None:
        self.client = client
        self.lock = lock
        self.dropped: list[dict[str, Any]] = []

    def transact_write_items(self, **request: Any) -> Any:
        kept = []
        for entry in request["TransactItems"]:
            item = entry.get("Put", {}).get("Item", {})
            if {k: item.get(k) for k in self.lock} == self.lock:
                self.dropped.append(entry)
            else:
                kept.append(entry)
        return self.client.transact_write_items(**{**request, "TransactItems": kept})


def fail_on_every_kind(endpoint_url: str, table: str) -> Watch:
    """The watch beside the run, ending at the first finding (or after two minutes)."""
    return Watch(endpoint_url, table, "--fail-on", EVERY_KIND, "--format", "json",
                 "--duration", "120").ready()


def assert_names_the_write(watch: Watch, account_id: str, email: str, username: str) -> None:
    assert watch.finish() == 1, (watch.out, watch.err)
    objects = watch.objects()
    assert [o["type"] for o in objects] == ["watching", "finding", "summary"], objects
    finding, summary = objects[1], objects[2]
    keys = account_key(SCHEMA, account_id)
    assert (finding["change"], finding["status"], finding["rule"], finding["value"]) == (
        "appeared", "MISSING_LOCK", "email", email)
    assert finding["account_keys"] == [keys] and finding["lock_keys"] == []
    [cause] = finding["caused_by"]
    assert (cause["event"], cause["keys"], cause["values_from"]) == ("INSERT", keys, "images")
    assert sorted(cause["protected"], key=lambda p: p["rule"]) == [
        {"rule": "email", "attribute": "email", "old": None, "new": email},
        {"rule": "username", "attribute": "username", "old": None, "new": username}]
    # The rest of the transaction, as far as the stream shows it: the handle lock it did write.
    assert [m["keys"] for m in finding["same_moment"]] == [SCHEMA.lock_key(SCHEMA.rules[1], username)]
    assert summary["failed"] is True and summary["appeared"] == {"MISSING_LOCK": 1}
    assert summary["ended"] == "a --fail-on finding appeared"
    said = watch.err[-1]
    assert "Exit 1: a missing lock appeared (--fail-on), caused by INSERT (inserted) " \
           f"PK={keys['PK']['S']}, SK={keys['SK']['S']}" in said, said
    assert f"email: (none) → '{email}'" in said


def test_a_python_signup_without_its_lock_ends_the_watch(generated: ModuleType, endpoint_url: str,
                                                         conn: Connection, table: str) -> None:
    watch = fail_on_every_kind(endpoint_url, table)
    generated.sign_up(conn.client, account_id="a1", email="ada@x.io", username="ada", table_name=table)
    buggy = WithoutLock(conn.client, SCHEMA.lock_key(EMAIL, "eve@x.io"))
    assert generated.sign_up(buggy, account_id="e1", email="eve@x.io", username="eve",
                             table_name=table) == "e1"
    assert len(buggy.dropped) == 1  # the writer really was broken, and only by the lock
    assert_names_the_write(watch, "e1", "eve@x.io", "eve")
    assert [f.status for f in audit_findings(conn, table)] == ["MISSING_LOCK"]


@COMPILES
def test_a_typescript_signup_without_its_lock_ends_the_watch(node_project: Path, endpoint_url: str,
                                                             conn: Connection, table: str) -> None:
    watch = fail_on_every_kind(endpoint_url, table)
    lock = SCHEMA.lock_key(EMAIL, "eve@x.io")
    ran = run_driver(node_project, "broken", endpoint=endpoint_url, table=table, email="eve@x.io",
                     lock=lock["PK"]["S"])
    assert ran["correct"] == {"ok": "ts1"} and ran["result"] == {"ok": "ts2"}, ran
    assert [entry["Put"]["Item"]["PK"] for entry in ran["dropped"]] == [lock["PK"]]
    assert_names_the_write(watch, "ts2", "eve@x.io", "tsb")
    assert [f.status for f in audit_findings(conn, table)] == ["MISSING_LOCK"]
