"""A scoped rule (OneTable's ``_unique#{scope}#User#email#{value}``) whose scope holds the rule's
middle text (tenantId ``Org#User#email#EU``): the lock keeps the scope as spelled and
normalises only the value (a form the code joined itself is never cut again at the first
middle), so the Sign up template, its preflight, the live audit (in-process and in worker
processes) and the export audit (DuckDB) give one answer: every account holds its lock."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest

from dynoview.core.audit.run import run_audit
from dynoview.core.exports.audit import ExportAuditOptions, audit_exports
from dynoview.core.exports.writer import write_export
from dynoview.core.preflight.check import run_preflight
from dynoview.core.reads.reader import Reader
from dynoview.core.session.connection import Connection
from dynoview.core.session.tables import TableInfo
from dynoview.core.tx import templates
from dynoview.core.tx.execution import execute_transaction
from dynoview.core.uniqueness.findings import OK
from dynoview.core.uniqueness.schema import LockRule, UniquenessSchema
from dynoview.core.uniqueness.scope import normalise_form
from tests.helpers import empty_keys_table

pytestmark = pytest.mark.integration

MIDDLE = "#User#email#"
# (account, tenantId, email, the lock key the template writes, or None for no value)
ACCOUNTS = [
    ("bob", "Org#User#email#EU", "Bob@x.io", "_unique#Org#User#email#EU#User#email#bob@x.io"),
    ("cy", "Org", "EU#User#email#Cy@x.io", "_unique#Org#User#email#eu#user#email#cy@x.io"),
    ("dee", "A#User#email#B#User#email#C", "DEE@x.io",
     "_unique#A#User#email#B#User#email#C#User#email#dee@x.io"),
]


def s(text: str) -> dict[str, str]:
    return {"S": text}


@pytest.fixture
def table(conn: Connection) -> Iterator[TableInfo]:
    with empty_keys_table(conn, "scopemiddle") as info:
        yield info


@pytest.mark.parametrize("mode", ["lowercase", "trim+lowercase", "nfkc+casefold"])
def test_template_preflight_live_and_export_audits_agree(conn: Connection, reader: Reader, table: TableInfo,
                                                          tmp_path: Path, mode: str) -> None:
    rule = LockRule("email", "email", "_unique#{scope}#User#email#{value}", "_unique#", mode,
                    scope="${tenantId}")
    schema = UniquenessSchema(rules=(rule,))
    accounts: list[tuple[str, str, str, str | None]] = list(ACCOUNTS)
    if mode != "lowercase":  # a value the rule trims away: no value, so no lock, in a middle-holding scope
        accounts.append(("em", "Org#User#email#", "   ", None))
    for name, tenant, email, pk in accounts:
        account = {"PK": s(f"ACCT#{name}"), "SK": s("PROFILE"), "tenantId": s(tenant), "email": s(email)}
        # A value the rule empties holds no form at all (the audit's reading: no value).
        assert rule.held_form(account) == (f"{tenant}{MIDDLE}{email.strip().lower()}" if pk else None)
        tx = templates.sign_up(schema, table.name, account)
        assert [a.item["PK"]["S"] for a in tx.actions[1:]] == ([pk] if pk else [])
        check = run_preflight(reader, tx, schema, {table.name: table})
        said = [r.message for r in check.refusals] + [w.message for w in check.warnings]
        assert not check.refused and not check.warnings, said
        sent = execute_transaction(conn, tx, confirmation=True, schema=schema, reader=reader)
        assert sent.status == "succeeded"
    now = datetime.now(UTC)
    held = sum(1 for a in accounts if a[3])
    for workers in (0, 2):  # in-process, and worker processes classifying the pages
        live = run_audit(reader, table, schema, segments=2, consistent=True, now=now, workers=workers)
        assert [(f.status, f.value) for f in live.findings] == []
        assert live.counts[OK] == held
    items = reader.read("Scan", {"TableName": table.name, "ConsistentRead": True})["Items"]
    folder = write_export(tmp_path, table.name, items, files=2)
    exported = audit_exports([str(folder)], schema, options=ExportAuditOptions(now=now)).result
    assert [(f.status, f.value) for f in exported.findings] == []
    assert exported.counts == live.counts


def test_a_form_read_from_a_table_is_still_cut_at_its_first_middle() -> None:
    # A lock key read back names no scope: split_form's first middle is the only reading.
    assert normalise_form(MIDDLE, "Org#User#email#EU#User#email#Bob@x.io", "lowercase") == \
        "Org#User#email#eu#user#email#bob@x.io"
