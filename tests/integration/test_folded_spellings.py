"""Holders of a lock under a normalising rule, over HTTP: an account storing ``Ada@Example.io``
holds the lowercase rule's lock ``ada@example.io``, and neither the preflight nor diagnose may
call that lock free or orphaned because a look-up by the lock's own spelling missed it."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

import pytest

from dynoview.core.preflight.check import FREE, run_preflight
from dynoview.core.preflight.model import UNSEEN_HOLDER
from dynoview.core.reads.reader import Reader
from dynoview.core.session.connection import Connection
from dynoview.core.session.tables import TableInfo, describe_table
from dynoview.core.tx.model import DELETE, Action, Transaction
from dynoview.core.tx.templates import sign_up
from dynoview.core.uniqueness.diagnose import diagnose
from dynoview.core.uniqueness.diagnose_answer import HOLDER_UNKNOWN
from dynoview.core.uniqueness.findings import DUPLICATE_VALUE, MISSING_LOCK, OK
from dynoview.core.uniqueness.holders import VIA_INDEX, VIA_SCAN
from dynoview.core.uniqueness.schema import (
    NORMALISE_LOWER,
    NORMALISE_NFKC_CASEFOLD,
    UniquenessSchema,
    default_schema,
)
from dynoview.ui.locks.diagnose_flow import DiagnoseFlow, exact_holders
from tests.helpers import account_key, empty_accounts_table, lock_key, s

pytestmark = pytest.mark.integration
LOCK = "ada@example.io"
#: DescribeTable's count as a large table reports it: the preflight then looks holders up
#: instead of reading the table whole (a Scan up to 20,000 items, else the index only).
LOOKED_UP, TOO_LARGE_TO_SCAN = 5_000, 50_000


@pytest.fixture
def table(conn: Connection) -> Iterator[str]:
    """ACCT#ada stores ``Ada@Example.io``; the lock ``ada@example.io`` is its own."""
    with empty_accounts_table(conn, "folded") as name:
        conn.client.put_item(TableName=name, Item={**account_key("ada"), "email": s("Ada@Example.io")})
        conn.client.put_item(TableName=name, Item=lock_key("EMAIL", LOCK))
        yield name


def lowercase(info: TableInfo) -> UniquenessSchema:
    """The article's layout with the email rule lower-casing (its GSI on email kept)."""
    schema = default_schema(info)
    email = replace(schema.rule("email"), normalisation=NORMALISE_LOWER)
    assert email.index_name, "the accounts table has a GSI on email"
    return replace(schema, rules=(email, *(r for r in schema.rules if r.name != "email")))


def counted(conn: Connection, name: str, items: int) -> TableInfo:
    return replace(describe_table(conn, name), item_count=items)


def release(name: str) -> Transaction:
    return Transaction([Action(DELETE, name, key=lock_key("EMAIL", LOCK),
                               condition="attribute_exists(PK)")])


def test_preflight_refuses_releasing_a_lock_an_account_holds_in_another_spelling(
        reader: Reader, conn: Connection, table: str) -> None:
    info = counted(conn, table, LOOKED_UP)
    result = run_preflight(reader, release(table), lowercase(info), {table: info})
    assert result.refused, result.summary()
    (pair,) = result.pairs
    assert (pair.holders_before, pair.status_before, pair.status_after) == (("ACCT#ada",), OK, MISSING_LOCK)
    assert "ACCT#ada holds email ada@example.io" in result.refusals[0].message


def test_preflight_warns_when_another_spelling_cannot_be_looked_up(
        reader: Reader, conn: Connection, table: str) -> None:
    info = counted(conn, table, TOO_LARGE_TO_SCAN)  # the GSI is the only look-up left
    result = run_preflight(reader, release(table), lowercase(info), {table: info})
    assert not result.refused
    (warning,) = result.warnings
    assert (warning.status, warning.rule, warning.value, warning.action) == (UNSEEN_HOLDER, "email", LOCK, 0)
    assert "An account storing another spelling would lose its lock" in warning.message
    assert result.needs_confirmation and "need your explicit confirmation" in result.summary()
    (pair,) = result.pairs
    assert pair.status_after == FREE and pair.unseen
    assert "✓" not in pair.line() and "holders not all looked up" in pair.line()


def test_preflight_of_a_lock_kept_as_spelled_warns_of_spellings_the_index_cannot_see(
        reader: Reader, conn: Connection, table: str) -> None:
    """The article's own rule (no normalisation): the index finds the spellings asked for, but
    the audit pairs an account holding another spelling (Ada@Example.io) with the lock as a case
    clash, so a release through the index alone warns rather than calling the value free."""
    info = counted(conn, table, TOO_LARGE_TO_SCAN)
    result = run_preflight(reader, release(table), default_schema(info), {table: info})
    assert [w.status for w in result.warnings] == [UNSEEN_HOLDER] and not result.refused


def test_diagnose_does_not_call_a_held_lock_an_orphan(reader: Reader, conn: Connection,
                                                     table: str) -> None:
    info = counted(conn, table, LOOKED_UP)  # over the whole-read limit of an indexed rule
    schema = lowercase(info)
    d = diagnose(reader, info, schema, "email", LOCK, explain_origin=False)
    assert (d.method, d.status) == (VIA_INDEX, HOLDER_UNKNOWN), d.sentence
    assert "Do not release the lock on this answer" in d.sentence
    flow = DiagnoseFlow()
    flow.answered(d)
    assert not flow.buttons(schema).release
    scanned = diagnose(reader, info, schema, "email", LOCK, explain_origin=False, use_index=False)
    assert (scanned.method, scanned.status, scanned.account_ids) == (VIA_SCAN, OK, ["ACCT#ada"])


def test_diagnose_lists_every_holder_of_a_duplicate(reader: Reader, conn: Connection, table: str) -> None:
    conn.client.put_item(TableName=table, Item={**account_key("ada2"), "email": s("ADA@example.IO")})
    info = describe_table(conn, table)  # small: read whole
    schema = lowercase(info)
    d = diagnose(reader, info, schema, "email", LOCK, explain_origin=False)
    assert (d.status, sorted(d.account_ids)) == (DUPLICATE_VALUE, ["ACCT#ada", "ACCT#ada2"]), d.sentence
    flow = DiagnoseFlow()
    flow.answered(d)
    assert sorted(a["PK"]["S"] for a in exact_holders(schema, d)) == ["ACCT#ada", "ACCT#ada2"]
    assert flow.buttons(schema).resolve


def test_diagnose_of_a_missing_lock_found_by_scan(reader: Reader, conn: Connection, table: str) -> None:
    conn.client.delete_item(TableName=table, Key=lock_key("EMAIL", LOCK))
    info = counted(conn, table, LOOKED_UP)
    d = diagnose(reader, info, lowercase(info), "email", LOCK, explain_origin=False, use_index=False)
    assert (d.status, d.account_ids) == (MISSING_LOCK, ["ACCT#ada"]), d.sentence


def test_a_value_normalised_to_nothing_is_no_value(reader: Reader, conn: Connection,
                                                   table: str) -> None:
    """Emails of invisible characters only are no email to an nfkc+casefold rule (nothing is left
    of them once normalised), as the audit has it: no lock on "" is written, and one such account
    does not refuse the next (a lock on "" refused every blank account after the first)."""
    info = describe_table(conn, table)
    email = replace(lowercase(info).rule("email"), normalisation=NORMALISE_NFKC_CASEFOLD, index_name=None)
    schema = replace(default_schema(info), rules=(email,))
    first = sign_up(schema, table, {**account_key("zw1"), "email": s("\u200b")})
    assert [a.kind for a in first.actions] == ["Put"]  # the account only
    assert not run_preflight(reader, first, schema, {table: info}).refused
    conn.client.transact_write_items(**first.to_request())
    second = sign_up(schema, table, {**account_key("zw2"), "email": s("\u200d")})
    result = run_preflight(reader, second, schema, {table: describe_table(conn, table)})
    assert not result.refused and [a.kind for a in second.actions] == ["Put"]


def test_a_preflight_told_not_to_scan_asks_the_index_and_warns(reader: Reader, conn: Connection,
                                                                table: str) -> None:
    """A repair run's preflights (one per finding, after an audit that read every spelling)
    do not Scan the table each: the index is asked, and the release is a warning."""
    info = counted(conn, table, LOOKED_UP)
    result = run_preflight(reader, release(table), lowercase(info), {table: info}, fold_by_scan=False)
    assert [w.status for w in result.warnings] == [UNSEEN_HOLDER] and not result.refused
    assert any("finds only the spellings asked for" in n for n in result.notes)
