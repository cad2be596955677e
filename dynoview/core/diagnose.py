"""Diagnose one protected value: is it locked, and by whom?

The lock is read by its exact key with a strongly consistent GetItem (never a
Scan): that read is the truth a signup's ``attribute_not_exists`` would meet.
The accounts holding the value are then found through the rule's GSI when the
schema names one (GSIs only serve eventually consistent reads, and the answer
says so) or else by a Scan filtered on the attribute, whose estimated cost is
given before it runs and whose actual cost is reported after.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from dynoview.core.errors import CancelledError, DynoViewError
from dynoview.core.locks import NORMALISE_NONE, LockRule, UniquenessSchema, normalise
from dynoview.core.pairing import (
    CASE_CLASH,
    DUPLICATE_VALUE,
    EXPIRED,
    MISSING_LOCK,
    OK,
    ORPHAN_LOCK,
)
from dynoview.core.reads import Reader
from dynoview.core.receipts import ReadReceipt
from dynoview.core.tables import TableInfo
from dynoview.core.ttl import ttl_state

FREE = "FREE"  # neither locked nor used: the person can sign up
VIA_INDEX = "index"
VIA_SCAN = "scan"


@dataclass(frozen=True)
class ScanEstimate:
    """What a full Scan would read, from DescribeTable's approximate figures."""

    items: int | None
    size_bytes: int | None
    read_units: float | None  # 4 KB per unit; half for eventual reads
    consistent: bool

    def text(self) -> str:
        if self.size_bytes is None or self.read_units is None:
            return "The table's size is unknown, so the Scan's cost cannot be estimated."
        items = f"about {self.items:,} items, " if self.items is not None else ""
        mode = "strongly consistent" if self.consistent else "eventually consistent"
        return (f"A {mode} Scan reads the whole table ({items}{self.size_bytes:,} bytes): about "
                f"{self.read_units:g} RCU.")


def estimate_scan(table: TableInfo, consistent: bool) -> ScanEstimate:
    """Estimate a full Scan's read units from the table's approximate size."""
    size = table.size_bytes
    units = None
    if size is not None:
        units = max(size, 1) / 4096
        units = round(units if consistent else units / 2, 1)
    return ScanEstimate(table.item_count, size, units, consistent)


@dataclass
class Diagnosis:
    """The answer for one value, with the items and receipts behind it."""

    rule: str
    value: str
    normalised: str
    status: str  # FREE, OK, ORPHAN_LOCK, MISSING_LOCK, DUPLICATE_VALUE, EXPIRED, CASE_CLASH
    sentence: str
    lock_key: dict[str, Any]
    lock_item: dict[str, Any] | None
    accounts: list[dict[str, Any]]
    account_ids: list[str]
    method: str  # VIA_INDEX or VIA_SCAN
    index_name: str | None
    lock_expired: bool = False
    variant_lock_key: dict[str, Any] | None = None  # a lock spelled differently (case clash)
    estimate: ScanEstimate | None = None
    scanned_count: int | None = None
    consumed_capacity: float | None = None
    receipts: list[ReadReceipt] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    @property
    def is_problem(self) -> bool:
        return self.status not in (FREE, OK)


def _account_filter(schema: UniquenessSchema, rule: LockRule, values: list[str]) -> dict[str, Any]:
    """FilterExpression parts: the attribute equals one of the values, on account items only.

    Every attribute name is aliased: a rule on a reserved word (status, name)
    would otherwise be a ValidationException.
    """
    names = {"#v": rule.attribute, "#pk": schema.pk_name}
    vals: dict[str, Any] = {":acct": {"S": schema.account_pk_prefix}}
    tests = []
    for i, value in enumerate(values):
        vals[f":v{i}"] = {"S": value}
        tests.append(f"#v = :v{i}")
    expr = f"({' OR '.join(tests)}) AND begins_with(#pk, :acct)"
    if schema.sk_name and schema.account_sk_value is not None:
        names["#sk"] = schema.sk_name
        vals[":sk"] = {"S": schema.account_sk_value}
        expr += " AND #sk = :sk"
    return {"FilterExpression": expr, "ExpressionAttributeNames": names,
            "ExpressionAttributeValues": vals}


def diagnose(
    reader: Reader,
    table: TableInfo,
    schema: UniquenessSchema,
    rule_name: str,
    value: str,
    *,
    use_index: bool = True,
    consistent_scan: bool = True,
    cancel: threading.Event | None = None,
    now: datetime | None = None,
) -> Diagnosis:
    """Answer "is this value locked, and by whom?" in a sentence for a support agent."""
    try:
        rule = schema.rule(rule_name)
    except KeyError as exc:
        raise DynoViewError(str(exc.args[0]) + " Pick one of those rules.", field="rule") from None
    if not value:
        raise DynoViewError("Type the value to diagnose (an email or a username).", field="value")
    now = now or datetime.now(UTC)
    normalised = normalise(value, rule.normalisation)
    receipts: list[ReadReceipt] = []
    notes: list[str] = []
    if normalised != value:
        notes.append(f"Looked up as {normalised!r} after the rule's {rule.normalisation} "
                     "normalisation.")

    # 1. The lock, by exact key, strongly consistent: never a Scan for one value.
    lock_key = schema.lock_key(rule, value)
    response, receipt = reader.read_with_receipt(
        "GetItem", {"TableName": table.name, "Key": lock_key, "ConsistentRead": True})
    receipts.append(receipt)
    lock_item = response.get("Item")
    ttl_attr = table.ttl_attribute
    lock_expired = bool(lock_item and ttl_attr and ttl_state(lock_item.get(ttl_attr), now).is_expired)

    # A differently cased lock (the clash the pairing view calls CASE_CLASH).
    variant_key: dict[str, Any] | None = None
    if rule.normalisation == NORMALISE_NONE and value.lower() != value:
        alt_key = schema.lock_key(rule, value.lower())
        alt, receipt = reader.read_with_receipt(
            "GetItem", {"TableName": table.name, "Key": alt_key, "ConsistentRead": True})
        receipts.append(receipt)
        if alt.get("Item"):
            variant_key = alt_key

    # 2. The accounts holding the value.
    wanted = sorted({value, normalised} | ({value.lower()} if variant_key else set()))
    index = None
    if use_index and rule.index_name:
        try:
            idx = table.index(rule.index_name)
        except KeyError:
            idx = None
            notes.append(f"The schema names index {rule.index_name}, which table {table.name} does "
                         "not have, so a Scan was used instead. Fix the rule's index name.")
        if idx is not None and idx.partition_key.name == rule.attribute:
            index = idx
    accounts: list[dict[str, Any]] = []
    estimate: ScanEstimate | None = None
    scanned: int | None = None
    capacity = 0.0
    if index is not None:
        method = VIA_INDEX
        for v in wanted:
            # GSIs only serve eventually consistent reads: ConsistentRead stays false.
            request = {"TableName": table.name, "IndexName": index.name,
                       "KeyConditionExpression": "#v = :v",
                       "ExpressionAttributeNames": {"#v": rule.attribute},
                       "ExpressionAttributeValues": {":v": {"S": v}}}
            cursor = reader.cursor("Query", request, table)
            while not cursor.exhausted:
                page = cursor.next_page(want=1000, cancel=cancel)
                receipts.extend(page.receipts)
                accounts.extend(i for i in page.items if schema.is_account(i))
        if index.kind == "GSI":
            notes.append(f"Accounts were found through the GSI {index.name}, which is eventually "
                         "consistent: an account written in the last second may not show yet.")
    else:
        method = VIA_SCAN
        estimate = estimate_scan(table, consistent_scan)
        notes.append("No index on " + rule.attribute + " is named in the schema, so accounts were "
                     "found with a Scan. " + estimate.text())
        request = {"TableName": table.name, "ConsistentRead": consistent_scan,
                   **_account_filter(schema, rule, wanted)}
        cursor = reader.cursor("Scan", request, table)
        while not cursor.exhausted:
            if cancel is not None and cancel.is_set():
                raise CancelledError("The diagnosis was cancelled during its Scan.")
            page = cursor.next_page(want=1000, cancel=cancel)
            receipts.extend(page.receipts)
            accounts.extend(page.items)
        scanned = cursor.total_scanned
    for r in receipts:
        if r.consumed_capacity is not None:
            capacity += r.consumed_capacity
    if method == VIA_SCAN:
        notes.append(f"The Scan read {scanned:,} items for {capacity:g} RCU.")

    pk = schema.pk_name
    seen: set[str] = set()
    unique: list[dict[str, Any]] = []
    for item in accounts:
        acct = item[pk].get("S", "")
        if acct not in seen:
            seen.add(acct)
            unique.append(item)
    ids = sorted(seen)
    status, sentence = _answer(value, rule, bool(lock_item), lock_expired, ids, variant_key)
    return Diagnosis(rule.name, value, normalised, status, sentence, lock_key, lock_item, unique, ids,
                     method, index.name if index else None, lock_expired, variant_key, estimate,
                     scanned, capacity if any(r.consumed_capacity is not None for r in receipts)
                     else None, receipts, notes)


def _answer(value: str, rule: LockRule, locked: bool, expired: bool, ids: list[str],
            variant: dict[str, Any] | None) -> tuple[str, str]:
    """The status and the sentence a support agent can act on."""
    if variant is not None:
        own = "is locked" if locked else "has no lock of its own"
        users = f"accounts using either spelling: {', '.join(ids)}" if ids else "no account uses either"
        return CASE_CLASH, (
            f"{value} {own}, and {value.lower()}, which differs only in case, is locked too "
            f"({users}): the two spellings are not kept unique. Keep one spelling on the account "
            "and release the other lock.")
    if len(ids) >= 2:
        lock_text = "is locked" if locked else "is not locked"
        return DUPLICATE_VALUE, (
            f"{value} {lock_text}, and {len(ids)} accounts use it ({', '.join(ids)}): a duplicate. "
            "Uniqueness was already broken; keep the value on one account and change the others.")
    if locked and expired:
        owner = f"account {ids[0]} uses it" if ids else "no account uses it"
        return EXPIRED, (
            f"{value} is locked by a lock whose TTL has passed, and {owner}. The expired lock still "
            "blocks signups until DynamoDB deletes it (typically within days); renew its TTL if the "
            "value is in use, or release it to free the value now.")
    if locked and not ids:
        return ORPHAN_LOCK, (
            f"{value} is locked, and no account uses it: a stuck signup. Releasing the lock lets the "
            "person sign up again.")
    if locked:
        return OK, (
            f"{value} is locked and belongs to account {ids[0]}: working as intended. The person "
            "already has an account; help them sign in or recover it.")
    if ids:
        return MISSING_LOCK, (
            f"{value} belongs to account {ids[0]} but has no lock, so uniqueness is not enforced: "
            f"someone else could sign up with it. Claim the {rule.name} lock for that account.")
    return FREE, (f"{value} is free: there is no lock and no account uses it. The person can sign up "
                  "with it.")
