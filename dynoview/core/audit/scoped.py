"""The audit of a schema whose rules are unique per scope (OneTable's ``field.scope``).

A scoped rule has no fixed lock prefix (``_unique#<scope>#User#email#<value>``), so the
parallel audit's page classifiers, which cut one prefix, refuse it (``LockRule.prefix``).
This audit reads the table with a plain paginated Scan and pairs it per scope
(``presets.scoped.classify_scoped``): every item is held until the end, so it suits the
tables such layouts live in, not a billion-item one.
"""

from __future__ import annotations

import dataclasses
import threading
import time
from datetime import datetime
from typing import Any

from dynoview.core.audit.run import AuditResult
from dynoview.core.reads.reader import Reader
from dynoview.core.session.tables import TableInfo
from dynoview.core.uniqueness.pairing import Pairing
from dynoview.core.uniqueness.presets.scoped import classify_scoped, in_scope
from dynoview.core.uniqueness.schema import UniquenessSchema

PATH = "in-process, per scope"


def is_scoped(schema: UniquenessSchema) -> bool:
    """Whether any rule of the schema is unique per scope (and so needs this audit)."""
    return any(r.scope is not None for r in schema.rules)


def run_scoped_audit(reader: Reader, table: TableInfo, schema: UniquenessSchema, *,
                     consistent: bool = False, cancel: threading.Event | None = None,
                     page_limit: int | None = None, now: datetime | None = None,
                     **_parallel_options: Any) -> AuditResult:
    """Scan ``table`` and pair it per scope. Options of the parallel audit (segments, workers)
    are accepted and ignored: the Scan is one sequential pass."""
    started = time.perf_counter()
    request: dict[str, Any] = {"TableName": table.name, "ConsistentRead": consistent}
    if page_limit:
        request["Limit"] = page_limit
    items: list[dict[str, Any]] = []
    receipts = []
    scanned = pages = 0
    capacity: float | None = None
    cancelled = False
    while True:
        if cancel is not None and cancel.is_set():
            cancelled = True
            break
        page, receipt = reader.read_with_receipt("Scan", request)
        receipts.append(receipt)
        pages += 1
        items.extend(page.get("Items", []))
        scanned += int(page.get("ScannedCount", 0))
        if receipt.consumed_capacity is not None:
            capacity = (capacity or 0.0) + receipt.consumed_capacity
        if "LastEvaluatedKey" not in page:
            break
        request["ExclusiveStartKey"] = page["LastEvaluatedKey"]
    scoped = classify_scoped(items, schema, table.ttl_attribute, now)
    # AuditResult carries one Pairing; the scopes have one each. It holds the counts the
    # report reads (items seen, other items); the findings are the scopes'.
    stand_in = Pairing(dataclasses.replace(schema, rules=tuple(
        in_scope(r, "") if r.scope is not None else r for r in schema.rules)), table.ttl_attribute, now)
    stand_in.items_seen, stand_in.other_items = scoped.items_seen, scoped.other_items
    return AuditResult(
        table=table.name, schema=schema, pairing=stand_in, findings=scoped.findings(),
        counts=scoped.counts(), segments=1, consistent=consistent, items_read=len(items),
        scanned=scanned, pages=pages, consumed_capacity=capacity,
        approximate_item_count=table.item_count, approximate_size_bytes=table.size_bytes,
        duration_s=time.perf_counter() - started, cancelled=cancelled, fast_parse=False,
        receipts=receipts, path=PATH)
