"""A value unique per scope (OneTable's ``_unique#{scope}#User#email#{value}``) in two tenants whose
ids differ only by case, Unicode form or a lookalike letter (``Acme``/``acme``, fullwidth ``ａcme``,
Cyrillic ``аcme``): DynamoDB compares lock keys by their bytes, so these are two scopes and the same
email in each is two values. The clash keys fold only a form's value part (``scoped_keys``): the
live audit, the export audit (DuckDB), the preflight (whole-table and large-table paths), the
repair plan and ``diagnose`` agree that nothing clashes across tenants, a missing lock in one
tenant is reported as such, and a real clash inside one tenant is still found."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from dynoview.core.audit.run import run_audit
from dynoview.core.exports.audit import ExportAuditOptions, audit_exports
from dynoview.core.exports.writer import write_export
from dynoview.core.preflight.check import run_preflight
from dynoview.core.reads.reader import Reader
from dynoview.core.repair.plan import plan_repairs
from dynoview.core.session.connection import Connection
from dynoview.core.session.tables import TableInfo, describe_table
from dynoview.core.tx.templates import sign_up
from dynoview.core.uniqueness.diagnose import diagnose
from dynoview.core.uniqueness.findings import CASE_CLASH, DUPLICATE_VALUE, LOOKALIKE_CLASH, MISSING_LOCK
from dynoview.core.uniqueness.schema import LockRule, UniquenessSchema
from tests.helpers import empty_keys_table

pytestmark = pytest.mark.integration

MIDDLE = "#User#email#"
TENANTS = [("Acme", "acme"), ("acme", "\uff41cme"), ("acme", "\u0430cme")]


def schema(mode: str = "none") -> UniquenessSchema:
    rule = LockRule("email", "email", "_unique#{scope}#User#email#{value}", "_unique#", mode,
                    scope="${tenantId}")
    return UniquenessSchema(rules=(rule,))


def s(text: str) -> dict[str, str]:
    return {"S": text}


def user(uid: str, tenant: str, email: str) -> dict[str, Any]:
    return {"PK": s(f"ACCT#{uid}"), "SK": s("PROFILE"), "tenantId": s(tenant), "email": s(email)}


@pytest.fixture
def table(conn: Connection) -> Iterator[TableInfo]:
    with empty_keys_table(conn, "scopedclash") as info:
        yield info


def sigs(findings: Any) -> list[tuple[str, str | None, str | None, tuple[str, ...]]]:
    return sorted((f.status, f.rule, f.value, tuple(f.account_ids)) for f in findings)


def audits(reader: Reader, table: TableInfo, sch: UniquenessSchema, tmp_path: Path) -> list[Any]:
    """The live audit's findings and the export audit's (DuckDB), which must be the same."""
    now = datetime.now(UTC)
    info = describe_table(reader.conn, table.name)
    live = run_audit(reader, info, sch, segments=1, consistent=True, now=now).findings
    items = reader.read("Scan", {"TableName": table.name, "ConsistentRead": True})["Items"]
    folder = write_export(tmp_path / f"e{len(list(tmp_path.iterdir()))}", table.name, items, files=1)
    exported = audit_exports([str(folder)], sch, options=ExportAuditOptions(now=now)).result.findings
    assert sigs(exported) == sigs(live)
    return live


def send(conn: Connection, reader: Reader, table: TableInfo, sch: UniquenessSchema, account: dict[str, Any],
         large: bool = False) -> Any:
    tx = sign_up(sch, table.name, account)
    info = describe_table(conn, table.name)
    if large:  # as judged on a table too large to read whole: the preflight probes the forms
        info = dataclasses.replace(info, item_count=1_000_000)
    check = run_preflight(reader, tx, sch, {table.name: info})
    conn.client.transact_write_items(**tx.to_request())
    return check


@pytest.mark.parametrize("tenant_a,tenant_b", TENANTS)
@pytest.mark.parametrize("large", [False, True])
def test_same_email_in_two_scopes_is_two_values(conn: Connection, reader: Reader, table: TableInfo,
                                                tmp_path: Path, tenant_a: str, tenant_b: str,
                                                large: bool) -> None:
    sch = schema()
    first = send(conn, reader, table, sch, user("1", tenant_a, "ada@x.io"), large)
    assert not first.refused and not first.warnings
    assert audits(reader, table, sch, tmp_path) == []
    second = send(conn, reader, table, sch, user("2", tenant_b, "ada@x.io"), large)
    said = [r.message for r in second.refusals] + [w.message for w in second.warnings]
    assert not second.refused and not second.warnings, said
    assert audits(reader, table, sch, tmp_path) == []


def test_missing_lock_in_another_tenant_is_its_own(conn: Connection, reader: Reader, table: TableInfo,
                                                   tmp_path: Path) -> None:
    """Tenant acme's account holds ada@x.io with no lock, beside tenant Acme's healthy one: a
    missing lock (not a case clash folding it), claimed by the repair plan; diagnose in scope
    acme says so and never names Acme's lock; a third acme sign-up is refused as a duplicate."""
    sch = schema()
    send(conn, reader, table, sch, user("1", "Acme", "ada@x.io"))
    conn.client.put_item(TableName=table.name, Item=user("2", "acme", "ada@x.io"))  # no lock
    found = audits(reader, table, sch, tmp_path)
    assert sigs(found) == [(MISSING_LOCK, "email", f"acme{MIDDLE}ada@x.io", ("ACCT#2",))]
    plan = plan_repairs(found, sch, table.name)
    assert [p.kind for p in plan.items] == ["claim"], [(p.kind, p.reason) for p in plan.items]
    info = describe_table(conn, table.name)
    d = diagnose(reader, info, sch, "email", "ada@x.io", scope="acme", explain_origin=False, use_stream=False)
    assert d.status == MISSING_LOCK
    assert "Acme" not in str(getattr(d, "sentence", ""))
    third = run_preflight(reader, sign_up(sch, table.name, user("3", "acme", "ada@x.io")), sch,
                          {table.name: info})
    assert [r.status for r in third.refusals] == [DUPLICATE_VALUE]


@pytest.mark.parametrize("mode", ["none", "nfkc+casefold"])
def test_a_clash_inside_one_tenant_is_still_found(conn: Connection, reader: Reader, table: TableInfo,
                                                  tmp_path: Path, mode: str) -> None:
    """Case and lookalike clashes are judged per scope: inside tenant Acme they are found (the
    value reported is the form with its value folded, its scope as spelled); tenant acme's same
    spellings are another group."""
    sch = schema(mode)
    rows = [("1", "Acme", "ada@x.io"), ("2", "Acme", "\u0430da@x.io"), ("3", "acme", "\u0430da@x.io")]
    if mode == "none":
        rows.append(("4", "Acme", "ADA@x.io"))
    for uid, tenant, email in rows:
        conn.client.transact_write_items(**sign_up(sch, table.name, user(uid, tenant, email)).to_request())
    found = sigs(audits(reader, table, sch, tmp_path))
    want = [(LOOKALIKE_CLASH, "email", f"Acme{MIDDLE}ada@x.io", ("ACCT#1", "ACCT#2", *(
        ("ACCT#4",) if mode == "none" else ())))]
    if mode == "none":
        want.append((CASE_CLASH, "email", f"Acme{MIDDLE}ada@x.io", ("ACCT#1", "ACCT#4")))
    assert found == sorted(want)
