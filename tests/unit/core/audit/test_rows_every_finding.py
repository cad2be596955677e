"""The audit's view rows (core/audit/rows.py) and their orders (core/audit/view_order.py): a lock
on the empty value (``UNIQ#EMAIL#``) is a row like any orphan lock, found by its key; and a
cell named by two findings shows the worse, while its row carries both and the status filter
finds it under either (before, the other finding was on no row)."""

from __future__ import annotations

from typing import Any

from dynoview.core.audit.rows import AuditRows, build_rows, rows_of_findings, status_rank
from dynoview.core.audit.view_order import RowOrdering, SortKey, ViewQuery
from dynoview.core.uniqueness.findings import (
    DUPLICATE_VALUE,
    EXPIRED,
    LOOKALIKE_CLASH,
    MISSING_LOCK,
    ORPHAN_LOCK,
    STATUSES,
    Finding,
    PairRow,
)
from dynoview.core.uniqueness.pairing import classify
from dynoview.core.uniqueness.schema import article_schema

SCHEMA = article_schema()
TTL = "expiresAt"
PAST = {"N": "1700000000"}  # November 2023: long past


def s(v: str) -> dict[str, str]:
    return {"S": v}


def account(acct: str, email: str, handle: str) -> dict[str, Any]:
    return {"PK": s(acct), "SK": s("PROFILE"), "email": s(email), "username": s(handle)}


def lock(kind: str, value: str, **extra: Any) -> dict[str, Any]:
    return {"PK": s(f"UNIQ#{kind}#{value}"), "SK": s("LOCK"), **extra}


def _by_key(rows: list[PairRow]) -> list[PairRow]:
    return sorted(rows, key=lambda r: (r.kind, r.account_id or "", repr(r.key)))


def _rows_naming(rows: AuditRows, f: Finding) -> list[int]:
    """The rows a finding is about: its accounts', or its locks' when no account holds them."""
    keys = f.account_keys if f.account_ids else f.lock_keys
    found = [rows.row_of_key(key) for key in keys]
    assert None not in found, f
    return [row for row in found if row is not None]


def test_a_lock_on_the_empty_value_is_an_orphan_lock_row() -> None:
    items = [account("ACCT#bob", "bob@x.io", "bob"), lock("EMAIL", ""), lock("EMAIL", "ken@x.io"),
             lock("HANDLE", "")]
    pairing = classify(items, SCHEMA, TTL)
    rows = build_rows(pairing, pairing.findings())
    empty = {"PK": s("UNIQ#EMAIL#"), "SK": s("LOCK")}
    row = rows.row_of_key(empty)  # raised StopIteration: the row has no value to find its rule by
    assert row is not None and rows.key(row) == empty
    pair = rows.pair_row(row)
    assert pair.kind == "lock" and list(pair.cells) == ["email"]
    cell = pair.cells["email"]
    assert (cell.value, cell.status, cell.lock_key) == ("", ORPHAN_LOCK, empty)
    assert [f.status for f in pair.findings] == [ORPHAN_LOCK] and cell.finding == pair.findings[0]
    assert rows.statuses(row) == {ORPHAN_LOCK}
    for r in range(rows.accounts, len(rows)):  # every lock row's key leads back to it
        assert rows.row_of_key(rows.key(r)) == r
    assert _by_key([rows.pair_row(i) for i in range(len(rows))]) == _by_key(pairing.rows())
    handle = rows.row_of_key({"PK": s("UNIQ#HANDLE#"), "SK": s("LOCK")})
    assert handle is not None and list(rows.pair_row(handle).cells) == ["username"]
    # Under the Orphan lock filter, and sorted by the email lock column as an orphan lock (the
    # username lock's row has no cell there: it sorts with the empty cells).
    ordering = RowOrdering(rows)
    assert {row, handle} <= set(ordering.order(ViewQuery(None, frozenset({ORPHAN_LOCK}))))
    by_lock = list(ordering.order(ViewQuery(SortKey("lock", 0))))

    def rank(i: int) -> tuple[int, str]:
        shown = rows.pair_row(i).cells.get("email")
        return status_rank(rows.cell_status[0][i]) if shown is not None else (-1, "")
    assert [rank(i) for i in by_lock] == sorted(rank(i) for i in range(len(rows)))
    assert rank(row) == status_rank(rows.cell_status[0][row]) > rank(handle)


def test_rows_of_findings_so_far_know_a_lock_on_the_empty_value() -> None:
    pairing = classify([lock("EMAIL", "", expiresAt=PAST)], SCHEMA, TTL)
    certain = pairing.certain_findings()
    assert [f.status for f in certain] == [EXPIRED]
    rows = rows_of_findings(SCHEMA, certain)
    pair = rows.pair_row(0)
    assert list(pair.cells) == ["email"] and pair.cells["email"].status == EXPIRED
    assert 0 in RowOrdering(rows).order(ViewQuery(None, frozenset({EXPIRED})))


def _two_findings_a_cell() -> list[dict[str, Any]]:
    """A Cyrillic 'а' impersonating ada@x.io, with no email lock of its own (a lookalike clash
    and a missing lock on one cell); two accounts on dup@x.io whose lock expired (a duplicate
    and an expired lock on each of their cells)."""
    return [
        account("ACCT#latin", "ada@x.io", "ada"), lock("EMAIL", "ada@x.io"), lock("HANDLE", "ada"),
        account("ACCT#cyrillic", "\u0430da@x.io", "imp"), lock("HANDLE", "imp"),
        account("ACCT#d1", "dup@x.io", "d1"), account("ACCT#d2", "dup@x.io", "d2"),
        lock("EMAIL", "dup@x.io", expiresAt=PAST), lock("HANDLE", "d1"), lock("HANDLE", "d2"),
        # An expired orphan lock in a lookalike clash with a live orphan one.
        lock("HANDLE", "\t9", expiresAt=PAST), lock("HANDLE", "9"),
    ]


def test_every_finding_is_on_its_rows_and_under_its_status_filter() -> None:
    pairing = classify(_two_findings_a_cell(), SCHEMA, TTL)
    findings = pairing.findings()
    assert {(f.status, f.value) for f in findings} >= {
        (LOOKALIKE_CLASH, "ada@x.io"), (MISSING_LOCK, "\u0430da@x.io"), (DUPLICATE_VALUE, "dup@x.io"),
        (EXPIRED, "dup@x.io")}
    rows = build_rows(pairing, findings)
    built = [rows.pair_row(i) for i in range(len(rows))]
    assert _by_key(built) == _by_key(pairing.rows())
    ordering = RowOrdering(rows)
    shown = {status: set(ordering.order(ViewQuery(None, frozenset({status})))) for status in STATUSES}
    for f in findings:
        for row in _rows_naming(rows, f):
            assert f in built[row].findings, (f.status, f.value, built[row].account_id)
            assert row in shown[f.status], (f.status, f.value, built[row].account_id)
            assert f.status in rows.statuses(row)
    # Each cell still shows the worse finding (its colour and label); the row lists both.
    cyrillic = built[rows.ids.index("ACCT#cyrillic")]
    assert cyrillic.cells["email"].status == MISSING_LOCK
    assert [f.status for f in cyrillic.findings] == [MISSING_LOCK, LOOKALIKE_CLASH]
    d1 = built[rows.ids.index("ACCT#d1")]
    assert d1.cells["email"].status == DUPLICATE_VALUE
    assert [f.status for f in d1.findings] == [DUPLICATE_VALUE, EXPIRED]
    # The union of the rows' findings is the audit's: none lost, none made up.
    every = [f for pair in built for f in pair.findings]
    assert all(f in every for f in findings) and all(f in findings for f in every)
