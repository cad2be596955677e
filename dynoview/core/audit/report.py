"""Audit and diagnosis reports as JSON and CSV: a stable interface for scripts.

The field names are documented in docs/cli-audit.md. Fields are only ever
added; ``version`` changes if one is renamed or removed. Keys are in
DynamoDB's low-level JSON form (``{"PK": {"S": "..."}}``, binary as base64).
"""

from __future__ import annotations

import io
import json
from collections.abc import Iterable, Mapping
from datetime import UTC, datetime
from typing import Any

from dynoview.core.audit.run import AuditResult
from dynoview.core.counts import count_text, units_text
from dynoview.core.reads.receipts import ReadReceipt
from dynoview.core.uniqueness.diagnose import Diagnosis
from dynoview.core.uniqueness.findings import STATUSES, TTL_UNKNOWN_TEXT, Finding
from dynoview.core.values.csv_cells import CsvWriter
from dynoview.core.values.dynamodb_json import to_dynamodb_json

AUDIT_FORMAT = "dynoview-audit"
DIAGNOSIS_FORMAT = "dynoview-diagnosis"
VERSION = 1

CSV_COLUMNS = ("status", "rule", "value", "accounts", "lock_keys", "sentence")


def _key_json(key: Mapping[str, Any]) -> dict[str, Any]:
    return {name: to_dynamodb_json(av) for name, av in key.items()}


def _key_text(key: Mapping[str, Any]) -> str:
    """A key as "PK=UNIQ#EMAIL#x SK=LOCK" for a CSV cell."""
    parts = []
    for name, av in key.items():
        value = to_dynamodb_json(av)
        parts.append(f"{name}={next(iter(value.values())) if isinstance(value, dict) else value}")
    return " ".join(parts)


def finding_json(f: Finding) -> dict[str, Any]:
    out = {
        "status": f.status,
        "rule": f.rule,
        "value": f.value,
        "accounts": list(f.account_ids),
        "account_keys": [_key_json(k) for k in f.account_keys],
        "lock_keys": [_key_json(k) for k in f.lock_keys],
        "sentence": f.sentence,
        "explanation": f.explanation,
    }
    if f.reserved_until:  # an orphan lock that is a reservation (uniqueness.reservation)
        out["reserved_until"] = f.reserved_until
    if f.ttl_unknown:  # an orphan lock on a table whose TTL could not be read: maybe a reservation
        out["ttl_unknown"] = TTL_UNKNOWN_TEXT
    return out


def _receipts(receipts: Iterable[ReadReceipt]) -> list[dict[str, Any]]:
    return [r.to_json() for r in receipts]


def audit_json(result: AuditResult, *, include_receipts: bool = True,
               with_findings: bool = True, schema_origin: str | None = None,
               schema_confident: bool | None = None) -> dict[str, Any]:
    """The audit report as a JSON-ready dict (see docs/cli-audit.md). ``with_findings=False``
    leaves ``findings`` empty, for a writer that adds them in slices (``audit.export_file``).
    ``schema_origin`` says where the schema came from; ``schema_confident`` False: a detection
    that was not sure of it, whose findings a repair refuses (``repair.report``). Each is left out
    when not given."""
    data: dict[str, Any] = {
        "format": AUDIT_FORMAT,
        "version": VERSION,
        "generated_at": datetime.now(UTC).isoformat(),
        "table": result.table,
        "complete": result.complete,
        "cancelled": result.cancelled,
        "clean": result.clean,
        "schema": result.schema.to_json(),
        **({} if schema_origin is None else {"schema_origin": schema_origin}),
        **({} if schema_confident is None else {"schema_confident": schema_confident}),
        "scan": {
            "segments": result.segments,
            "consistency": "strong" if result.consistent else "eventual",
            "items_read": result.items_read,
            "scanned_count": result.scanned,
            "pages": result.pages,
            "approximate_item_count": result.approximate_item_count,
            "approximate_size_bytes": result.approximate_size_bytes,
            "consumed_capacity": result.consumed_capacity,
            "duration_s": round(result.duration_s, 3),
            "path": result.path,
            "workers": result.workers,
            "throttled": result.throttle_note,
        },
        **({} if result.ttl_unknown_note is None else {"ttl_unknown": result.ttl_unknown_note}),
        "counts": {s: result.counts.get(s, 0) for s in STATUSES},
        "findings": [finding_json(f) for f in result.findings] if with_findings else [],
    }
    if include_receipts:
        data["receipts"] = _receipts(result.receipts)
        data["receipts_dropped"] = result.receipts_dropped
    return data


def nothing_matched(result: AuditResult, origin: str = "", fix: str = "") -> str | None:
    """The sentence for an audit whose schema matched none of the items it read (every one
    "something else"), or None. "No problems found" would be a wrong answer there: the schema
    describes another layout. ``origin`` says where the schema came from, ``fix`` how to change
    it where the sentence is shown (``dynoview audit``'s flags, the window's buttons)."""
    if not result.items_read or result.items_read - result.pairing.other_items:
        return None
    return (f"no account or lock in {result.table} matched the uniqueness schema"
            + (f" ({origin})" if origin else "")
            + f": all {result.items_read:,} items read are something else. Check the schema's key "
            "names and prefixes" + (f" ({fix})" if fix else "") + ".")


def diagnosis_json(d: Diagnosis) -> dict[str, Any]:
    """One diagnosis as a JSON-ready dict (see docs/cli-audit.md)."""
    return {
        "format": DIAGNOSIS_FORMAT,
        "version": VERSION,
        "rule": d.rule,
        "value": d.value,
        "normalised": d.normalised,
        "status": d.status,
        "sentence": d.sentence,
        "lock_key": _key_json(d.lock_key),
        "locked": d.lock_item is not None,
        "lock_expired": d.lock_expired,
        "lock_item": _key_json(d.lock_item) if d.lock_item else None,
        "variant_lock_key": _key_json(d.variant_lock_key) if d.variant_lock_key else None,
        "typed": d.typed,
        "stored": d.stored,
        "origin": d.origin.to_json() if d.origin is not None else None,
        "accounts": d.account_ids,
        "account_items": [_key_json(i) for i in d.accounts],
        "method": d.method,
        "index": d.index_name,
        "scan_estimate": None if d.estimate is None else {
            "items": d.estimate.items, "size_bytes": d.estimate.size_bytes,
            "read_units": d.estimate.read_units,
            "consistency": "strong" if d.estimate.consistent else "eventual"},
        "scanned_count": d.scanned_count,
        "consumed_capacity": d.consumed_capacity,
        "notes": list(d.notes),
        "receipts": _receipts(d.receipts),
    }


def dumps(data: Any) -> str:
    return json.dumps(data, indent=2, ensure_ascii=False)


def findings_csv(findings: Iterable[Finding], *, raw: bool = False) -> str:
    """One line per finding; accounts and lock keys joined with "; ". A cell a spreadsheet
    would run as a formula (a value, an account id, a key from the table) is neutralised
    (``values.csv_cells``) unless ``raw``."""
    out = io.StringIO()
    writer = CsvWriter(out, raw=raw)
    writer.writerow(CSV_COLUMNS)
    for f in findings:
        writer.writerow([f.status, f.rule or "", f.value or "", "; ".join(f.account_ids),
                         "; ".join(_key_text(k) for k in f.lock_keys),
                         f"{f.sentence} {TTL_UNKNOWN_TEXT}." if f.ttl_unknown else f.sentence])
    return out.getvalue()


def audit_text(result: AuditResult) -> str:
    """A human summary for the terminal: counts, then one sentence per finding."""
    lines = [f"Audit of {result.table}: {count_text(result.items_read, 'item')} read in "
             f"{count_text(result.segments, 'segment')}, "
             f"{'strong' if result.consistent else 'eventual'} reads, "
             + (f"{units_text(result.consumed_capacity)} RCU" if result.consumed_capacity is not None
                else "capacity not reported") + f", {result.duration_s:.1f} s, pages classified "
             f"{result.path}."]
    if result.throttle_note:
        lines.append(result.throttle_note)
    if result.ttl_unknown_note:
        lines.append(result.ttl_unknown_note)
    if result.cancelled:
        lines.append("The audit was cancelled: these results cover only the items read.")
    lines.append("Counts: " + ", ".join(f"{s} {result.counts.get(s, 0)}" for s in STATUSES))
    if not result.findings:
        lines.append("No problems found.")
    for f in result.findings:
        lines.append(f"[{f.status}] {f.sentence}")
        if f.ttl_unknown:
            lines.append(f"    {TTL_UNKNOWN_TEXT}.")
    return "\n".join(lines)
