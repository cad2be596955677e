"""The preflight's holder Scan on a table too large to read whole but small enough to scan (2,001
to 20,000 items when another rule has an index): under rule ``none`` an account storing another
spelling of the value (``Ada`` against a new ``ada``) is a case clash to the audit. The Scan
filtered on equality and never saw it, so a sign-up passed and the audit after flagged the clash
it made. The Scan reads the whole table either way: every account is now compared here."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

import pytest

from dynoview.core.audit.run import run_audit
from dynoview.core.preflight.check import run_preflight
from dynoview.core.reads.reader import Reader
from dynoview.core.session.connection import Connection
from dynoview.core.session.tables import describe_table
from dynoview.core.tx.model import PUT, Action, Transaction
from dynoview.core.uniqueness.findings import CASE_CLASH
from dynoview.core.uniqueness.schema import default_schema
from tests.helpers import account_key, empty_accounts_table, lock_key, s
from tests.integration.test_folded_spellings import LOOKED_UP

pytestmark = pytest.mark.integration


@pytest.fixture
def table(conn: Connection) -> Iterator[str]:
    """ACCT#ada holds the username Ada, with its lock."""
    with empty_accounts_table(conn, "spelt") as name:
        conn.client.put_item(TableName=name, Item={**account_key("ada"), "username": s("Ada")})
        conn.client.put_item(TableName=name, Item=lock_key("HANDLE", "Ada"))
        yield name


def test_a_sign_up_making_a_case_clash_on_a_scanned_table_needs_confirmation(
        reader: Reader, conn: Connection, table: str) -> None:
    info = replace(describe_table(conn, table), item_count=LOOKED_UP)
    schema = default_schema(info)
    username = schema.rule("username")
    assert (username.normalisation, username.index_name) == ("none", None)
    assert schema.rule("email").index_name, "another rule's index: the table is not read whole"
    tx = Transaction([Action(PUT, table, item={**account_key("mallory"), "username": s("ada")},
                             condition="attribute_not_exists(PK)"),
                      Action(PUT, table, item=lock_key("HANDLE", "ada"),
                             condition="attribute_not_exists(PK)")])
    result = run_preflight(reader, tx, schema, {table: info})
    assert not result.refused and result.needs_confirmation, result.summary()
    [warning] = [w for w in result.warnings if w.status == CASE_CLASH]
    assert warning.rule == "username"

    # What the audit says once it is written: the clash the preflight warned of.
    conn.client.transact_write_items(TransactItems=[
        {"Put": {"TableName": table, "Item": a.item}} for a in tx.actions])
    audit = run_audit(reader, describe_table(conn, table), schema)
    assert [f.status for f in audit.findings if f.rule == "username"] == [CASE_CLASH]
