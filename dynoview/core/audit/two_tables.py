"""The audit of a schema whose locks have a table of their own (``uniqueness.locks_table``).

Two whole-table audits through ``run_audit`` (the same parallel Scan, fast parsing and worker
processes as any audit): the locks table first, over ``locks_view`` (it matches only locks),
into a pairing that is never judged on its own (every lock would be an orphan: 400,000 of them
cost 13 s to name); its locks seed the accounts' pairing, and the accounts table's Scan
classifies into that one (the schema matches only accounts there). Its findings, worked out
once at the end, are exactly one table's: orphan, missing, duplicate, case clash.

The two Scans are not one snapshot: a sign-up between them can look like a missing lock or
an orphan for one run; the result says so in ``note``. The locks table is read first, so a
sign-up completed during the run shows as a missing lock at worst, never a lost account.
"""

from __future__ import annotations

import dataclasses
import threading
from datetime import UTC, datetime
from typing import Any

from dynoview.core.audit.run import (
    DEFAULT_SEGMENTS,
    AuditProgress,
    AuditResult,
    FindingsCallback,
    ProgressCallback,
    run_audit,
)
from dynoview.core.audit.ttl_unknown import ttl_unknown_findings
from dynoview.core.errors import DynoViewError
from dynoview.core.reads.reader import Reader
from dynoview.core.session.tables import TableInfo, describe_table
from dynoview.core.uniqueness.findings import Finding
from dynoview.core.uniqueness.locks_table import locks_table_problem, locks_view, merge_locks
from dynoview.core.uniqueness.pairing import Pairing
from dynoview.core.uniqueness.schema import UniquenessSchema, lock_key_problem

TWO_SCANS_NOTE = ("The accounts table and the locks table were read by two Scans, one after the "
                  "other: a write between them can show as a missing lock or an orphan for this "
                  "run. Diagnose a value to check it with consistent reads.")


def run_two_table_audit(reader: Reader, accounts: TableInfo, locks: TableInfo,
                        schema: UniquenessSchema, *, segments: int = DEFAULT_SEGMENTS,
                        progress: ProgressCallback | None = None,
                        cancel: threading.Event | None = None,
                        findings_so_far: FindingsCallback | None = None,
                        **options: Any) -> AuditResult:
    """Audit ``accounts`` against the locks in ``locks`` (``schema.locks`` names it).

    ``options`` go to both ``run_audit`` calls (consistent, fast_parse, page_limit, workers,
    spare_cores). Progress counts both tables' items; findings come at the end (a lock read
    first has no account yet), so ``findings_so_far`` only hears of duplicates and clashes
    among the accounts, which no lock can undo.
    """
    check_two_tables(schema, accounts, locks)
    # One instant judges both tables' TTLs; a TTL turned off (DISABLED, DISABLING) judges none.
    options.setdefault("now", datetime.now(UTC))
    keep = bool(options.pop("keep_ttls_ahead", False))  # for the pairings made here

    def locks_progress(p: AuditProgress) -> None:
        if progress is not None:  # the locks first: their share of the bar, no findings yet
            progress(dataclasses.replace(p, findings=None, approximate_total=_total(accounts, locks)))

    now = options["now"]
    lock_result = run_audit(reader, locks, locks_view(schema), segments=segments,
                            progress=locks_progress if progress else None, cancel=cancel,
                            pairing=_LocksOnly(locks_view(schema), locks.expiry_attribute, now,
                                               keep_ttls_ahead=keep), **options)
    if lock_result.cancelled:
        return _combined(lock_result, lock_result, accounts, locks, schema)
    read_first = lock_result.scanned
    pairing = Pairing(schema, accounts.expiry_attribute, now, keep_ttls_ahead=keep)
    merge_locks(pairing, lock_result.pairing)  # the accounts' Scan classifies into this one

    def accounts_progress(p: AuditProgress) -> None:
        if progress is not None:
            progress(dataclasses.replace(
                p, scanned=p.scanned + read_first, items_read=p.items_read + lock_result.items_read,
                approximate_total=_total(accounts, locks)))

    result = run_audit(reader, accounts, schema, segments=segments,
                       progress=accounts_progress if progress else None, cancel=cancel,
                       findings_so_far=findings_so_far, pairing=pairing, **options)
    return _combined(result, lock_result, accounts, locks, schema)


class _LocksOnly(Pairing):
    """The locks table's pairing: it collects locks for the accounts' pairing and is never
    judged on its own (no account is in it, so every lock would be named an orphan)."""

    def findings(self) -> list[Finding]:
        return []

    def counts(self) -> dict[str, int]:
        return {}


def check_two_tables(schema: UniquenessSchema, accounts: TableInfo, locks: TableInfo) -> None:
    """Refuse, before any Scan, a locks table that cannot hold the schema's lock keys."""
    if schema.locks is None or schema.locks.name != locks.name:
        raise DynoViewError(f"The schema does not keep its locks in {locks.name}.", field="locks_table")
    problem = locks_table_problem(schema, accounts) or next(
        (p for rule in schema.rules if (p := lock_key_problem(schema, rule, locks))), None)
    if problem:
        raise DynoViewError(problem, field="locks_table")


def _total(accounts: TableInfo, locks: TableInfo) -> int | None:
    if accounts.item_count is None or locks.item_count is None:
        return None
    return accounts.item_count + locks.item_count


def _combined(result: AuditResult, lock_result: AuditResult, accounts: TableInfo,
              locks: TableInfo, schema: UniquenessSchema) -> AuditResult:
    """One result for both Scans: the accounts' pairing (with the locks merged), both costs."""
    both = result is not lock_result
    capacity = [r.consumed_capacity for r in (result, lock_result)[:2 if both else 1]
                if r.consumed_capacity is not None]
    return dataclasses.replace(
        result, table=accounts.name, schema=schema,
        scanned=result.scanned + (lock_result.scanned if both else 0),
        pages=result.pages + (lock_result.pages if both else 0),
        consumed_capacity=sum(capacity) if capacity else None,
        approximate_item_count=_total(accounts, locks),
        approximate_size_bytes=(None if accounts.size_bytes is None or locks.size_bytes is None
                                else accounts.size_bytes + locks.size_bytes),
        duration_s=result.duration_s + (lock_result.duration_s if both else 0.0),
        cancelled=result.cancelled or lock_result.cancelled,
        receipts=[*lock_result.receipts, *result.receipts] if both else result.receipts,
        receipts_dropped=result.receipts_dropped + (lock_result.receipts_dropped if both else 0),
        throttle_note=result.throttle_note or lock_result.throttle_note,
        locks_ttls_ahead=lock_result.pairing.ttls_ahead if both else None,
        # The orphans are the locks table's: whether one is a reservation is its TTL's to tell.
        findings=ttl_unknown_findings(result.findings, locks), ttl_unknown_note=locks.ttl_unknown_note)


def run_schema_audit(reader: Reader, table: TableInfo, schema: UniquenessSchema,
                     **options: Any) -> AuditResult:
    """The audit ``schema`` calls for: ``run_audit`` of ``table``, or with the locks in a table of
    their own (described here: metadata, no read capacity) ``run_two_table_audit``."""
    if schema.locks is None:
        return run_audit(reader, table, schema, **options)
    locks = describe_table(reader.conn, schema.locks.name)
    return run_two_table_audit(reader, table, locks, schema, **options)
