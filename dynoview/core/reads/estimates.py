"""What a read or write should cost by DynamoDB's size rules, next to what the service reports.

The estimate uses ``values.sizes.item_size`` (attribute names plus values). Reads cost one
unit per 4 KB, halved when eventually consistent; a Query or Scan page is billed on the
total size of the items it read, rounded up once per page, while BatchGetItem rounds
each item up separately and TransactGetItems costs 2 units per 4 KB of each key read (a
key with no item too). A read of a local secondary index that asks for attributes the index
does not project also reads each item from the table, rounded up to 4 KB item by item; the
request does not say what the index projects, so such an estimate is a lower bound. Writes
cost one unit per 1 KB of the larger of the item before and after, doubled in a
transaction. The service's own figure is what counts; this estimate explains it, and stands
in where an endpoint reports nothing (moto reports placeholders).
docs/capacity.md compares both with DynamoDB Local, operation by operation.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from dynoview.core.counts import count_text, units_text
from dynoview.core.reads.receipts import ReadReceipt
from dynoview.core.values.sizes import item_size, read_units, write_units

Item = Mapping[str, Mapping[str, Any]]
#: A page read as compact rows has no ``Items``; its items' total size is under this key.
ITEMS_SIZE = "_dynoview_items_size"


# --------------------------------------------------------------------------- read estimates


@dataclass(frozen=True)
class ReadEstimate:
    """The app's estimate for one read (or write: ``unit`` "WCU"), and how much to trust it."""

    units: float | None
    basis: str
    lower_bound: bool = False
    unit: str = "RCU"

    def text(self) -> str:
        if self.units is None:
            return f"no estimate ({self.basis})"
        prefix = "at least " if self.lower_bound else ""
        return f"{prefix}{units_text(self.units)} {self.unit} ({self.basis})"


def page_read_units(items: Iterable[Item], consistent: bool) -> float:
    """One Query or Scan page: the total size of the items read, rounded up to 4 KB once."""
    return read_units(sum(item_size(i) for i in items), consistent)


def _consistent(request: Mapping[str, Any]) -> bool:
    return bool(request.get("ConsistentRead"))


def _projected(request: Mapping[str, Any]) -> bool:
    return bool(request.get("ProjectionExpression") or request.get("AttributesToGet")
                or request.get("Select") == "SPECIFIC_ATTRIBUTES")


def _all_attributes_of_index(request: Mapping[str, Any]) -> bool:
    """A Query or Scan of an index asking for every attribute (``Select: ALL_ATTRIBUTES``).

    On a local secondary index that does not project them all, DynamoDB reads the index page
    and then each item from the table, each rounded up to 4 KB on its own (DynamoDB Local:
    a strong Query of 20 items of 5 KB and 20 of 100 bytes through a KEYS_ONLY index costs
    1 + 20 x 2 + 20 x 1 = 61 RCU, not the 26 of one page of those items). On a GSI, or an
    index projecting ALL, nothing is fetched. The request does not say which, so the page of
    the items returned is only a floor."""
    return bool(request.get("IndexName")) and request.get("Select") == "ALL_ATTRIBUTES"


def estimate_is_lower_bound(operation: str, request: Mapping[str, Any], count: int | None,
                            scanned: int | None) -> bool:
    """Whether the size estimate of a read can only be a floor: DynamoDB bills what it read,
    and the response shows less (items filtered out, attributes projected away, keys missing
    from a batch, or a PartiQL statement's unreturned items), or more was read than the items
    returned (every attribute of an index, which a local secondary index may fetch from the
    table item by item). ``count`` and ``scanned`` are the read's Count and ScannedCount (a
    GetItem's count is 1 when it found the item)."""
    if operation in {"ExecuteStatement", "BatchGetItem"}:
        return True
    if operation == "GetItem":
        return bool(count) and _projected(request)
    if operation in {"Query", "Scan"}:
        filtered = count is not None and scanned is not None and scanned > count
        return filtered or _projected(request) or _all_attributes_of_index(request)
    return False


def explain_read(
    operation: str, request: Mapping[str, Any], response: Mapping[str, Any]
) -> ReadEstimate:
    """Estimate the read capacity of one read from the items in its response."""
    explain = _READ_RULES.get(operation)
    if explain is None:
        return ReadEstimate(None, f"{operation} is not a data read")
    return explain(request, response)


def _get_item(request: Mapping[str, Any], response: Mapping[str, Any]) -> ReadEstimate:
    item = response.get("Item")
    size = item_size(item) if item else 0
    basis = f"item of {size} bytes" if item else "no item found: a miss still costs one read"
    lower = estimate_is_lower_bound("GetItem", request, 1 if item else 0, None)
    return ReadEstimate(read_units(size, _consistent(request)), basis, lower)


def _page(request: Mapping[str, Any], response: Mapping[str, Any]) -> ReadEstimate:
    """A Query or Scan page."""
    sized = response.get(ITEMS_SIZE)
    if request.get("Select") == "COUNT" or ("Items" not in response and sized is None):
        return ReadEstimate(None, "the response carries no items (Select COUNT), so sizes are "
                                  "unknown")
    items = response.get("Items", [])
    size = int(sized) if sized is not None else sum(item_size(i) for i in items)
    units = read_units(size, _consistent(request))
    count = int(response.get("Count", len(items)))
    scanned = int(response.get("ScannedCount", count))
    filtered = scanned > count
    projected = _projected(request)
    basis = f"{count_text(count, 'item')}, {count_text(size, 'byte')}, rounded up to 4 KB per page"
    if filtered:
        basis += (f"; {count_text(scanned - count, 'item')} read but filtered out "
                  f"{'is' if scanned - count == 1 else 'are'} not in the response")
    if projected:
        basis += "; a projection returns fewer bytes than DynamoDB reads"
    if request.get("IndexName") and (projected or _all_attributes_of_index(request)):
        basis += _table_fetch_note(request, items if sized is None else None)
    return ReadEstimate(units, basis, estimate_is_lower_bound("Query", request, count, scanned))


def _table_fetch_note(request: Mapping[str, Any], items: Sequence[Item] | None) -> str:
    """What an index read of attributes the index does not project costs on top: each item
    read again from the table, rounded up to 4 KB on its own. With every attribute returned,
    that is the items' own sizes (the index page adds its share on top)."""
    index = request.get("IndexName")
    note = (f"; where {index} (a local secondary index) does not project an attribute asked for, "
            "DynamoDB also reads each item from the table, rounded up to 4 KB item by item")
    if items and request.get("Select") == "ALL_ATTRIBUTES":
        strong = _consistent(request)
        fetch = sum(read_units(item_size(i), strong) for i in items)
        note += f": {units_text(fetch)} RCU for these {count_text(len(items), 'item')}, plus the index page"
    return note


def _statement(request: Mapping[str, Any], response: Mapping[str, Any]) -> ReadEstimate:
    # PartiQL is billed as the GetItem, Query or Scan it runs, on what it read: the response
    # shows only what matched (and only the projected attributes), hence a lower bound.
    items = response.get("Items", [])
    size = sum(item_size(i) for i in items)
    return ReadEstimate(read_units(size, _consistent(request)),
                        f"{count_text(len(items), 'item')} returned, {count_text(size, 'byte')}, "
                        "rounded up to 4 KB per "
                        "page; items read but not returned are not counted", True)


def _batch_get(request: Mapping[str, Any], response: Mapping[str, Any]) -> ReadEstimate:
    total = 0.0
    count = 0
    tables = request.get("RequestItems", {}) or {}
    for table, items in (response.get("Responses", {}) or {}).items():
        strong = bool((tables.get(table) or {}).get("ConsistentRead"))
        for item in items:
            total += read_units(item_size(item), strong)
            count += 1
    return ReadEstimate(total, f"{count_text(count, 'item')}, each rounded up to 4 KB; misses are not "
                               "counted", True)


def _transact_get(request: Mapping[str, Any], response: Mapping[str, Any]) -> ReadEstimate:
    # Every key read costs 2 units per 4 KB (prepare and commit), a key with no item too:
    # DynamoDB Local charges a miss 2 units; moto charges nothing for it.
    total = 0.0
    responses = response.get("Responses", []) or []
    found = 0
    for entry in responses:
        item = entry.get("Item") if isinstance(entry, Mapping) else None
        found += bool(item)
        total += 2 * read_units(item_size(item) if item else 0, True)
    missing = len(responses) - found
    return ReadEstimate(total, f"{count_text(len(responses), 'key')} read ({found} found, "
                               f"{missing} missing), "
                               "2 units per 4 KB of each, a missing one too (transactional "
                               "reads cost double)")


_READ_RULES: dict[str, Callable[[Mapping[str, Any], Mapping[str, Any]], ReadEstimate]] = {
    "GetItem": _get_item,
    "Query": _page,
    "Scan": _page,
    "ExecuteStatement": _statement,
    "BatchGetItem": _batch_get,
    "TransactGetItems": _transact_get,
}


def estimate_for_response(
    operation: str, request: Mapping[str, Any], response: Mapping[str, Any]
) -> float | None:
    """The number for ``ReadReceipt.estimated_capacity``; never raises."""
    estimate = explain_for_response(operation, request, response)
    return None if estimate is None else estimate.units


def explain_for_response(
    operation: str, request: Mapping[str, Any], response: Mapping[str, Any]
) -> ReadEstimate | None:
    """``explain_read``, or None when the response cannot be sized; never raises."""
    try:
        return explain_read(operation, request, response)
    except Exception:  # an estimate must never break a read
        return None


def capacity_text(receipt: ReadReceipt) -> str:
    """Service-reported and estimated capacity side by side, e.g. "0.5 RCU (est. 0.5 RCU)";
    "est. at least" where the estimate is only a floor (``estimate_is_lower_bound``)."""
    base = receipt.cost_text()
    if receipt.estimated_capacity is None:
        return base
    floor = estimate_is_lower_bound(receipt.operation, receipt.request, receipt.count,
                                    receipt.scanned_count)
    est = f"est. {'at least ' if floor else ''}{units_text(receipt.estimated_capacity)} RCU"
    if receipt.consumed_capacity is None:
        return f"{base}; {est}"
    per_table = receipt.per_table_capacity()  # "A 1, B 0.5" for a BatchGetItem of two tables
    return f"{units_text(receipt.consumed_capacity)} RCU ({per_table + '; ' if per_table else ''}{est})"


# --------------------------------------------------------------------------- write estimates


def _size(item: Item | None) -> int:
    return item_size(item) if item else 0


def estimate_write_request(operation: str, request: Mapping[str, Any],
                           stored: Sequence[Item | None] | None = None) -> ReadEstimate:
    """Write units for a PutItem, UpdateItem, DeleteItem or TransactWriteItems request.

    DynamoDB bills a write on the larger of the item before and after it (a Delete on the
    item deleted). ``stored`` holds, per action (one for a single-item write), the item
    now at its key, or None where there is none, e.g. from the preflight's strongly
    consistent reads. Without it the stored sizes are unknown and the figure is a lower
    bound; an Update's size after its expression is never computed, so an Update is
    always one. A ConditionCheck writes nothing: it is billed as a transactional read of
    the item it checks (2 units per 4 KB), as DynamoDB Local bills it.
    """
    def before(index: int) -> tuple[int, bool]:
        if stored is None or index >= len(stored):
            return 0, False
        return _size(stored[index]), True

    if operation in {"PutItem", "UpdateItem", "DeleteItem"}:
        old, known = before(0)
        new = _size(request.get("Item")) if operation == "PutItem" else 0
        units = write_units(max(old, new), False)
        basis = f"item of {max(old, new)} bytes, 1 KB units"
        if not known:
            basis += ("; an item already stored at this key and larger costs more" if operation ==
                      "PutItem" else "; sized by the stored item, which the request does not show")
        return ReadEstimate(units, basis, not known or operation == "UpdateItem", "WCU")
    if operation == "TransactWriteItems":
        total = 0.0
        lower = False
        actions = request.get("TransactItems", []) or []
        for index, action in enumerate(actions):
            old, known = before(index)
            if "ConditionCheck" in action:
                total += 2 * read_units(old, True)
            elif "Put" in action:
                total += write_units(max(old, _size(action["Put"].get("Item"))), True)
            else:  # Update, Delete
                total += write_units(old, True)
                lower = lower or "Update" in action
            lower = lower or not known
        basis = f"{count_text(len(actions), 'action')}, each 2 units per 1 KB of the larger of the " \
                "item before and after (a condition check 2 per 4 KB)"
        if stored is None:
            basis += "; the stored items are not known, so each counts as at least its request"
        return ReadEstimate(total, basis, lower, "WCU")
    return ReadEstimate(None, f"{operation} is not a single-table write", unit="WCU")
