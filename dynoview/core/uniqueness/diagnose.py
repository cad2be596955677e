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
from dynoview.core.reads.reader import Reader
from dynoview.core.reads.receipts import ReadReceipt
from dynoview.core.session.tables import IndexInfo, TableInfo
from dynoview.core.ttl.expiry import ttl_state
from dynoview.core.uniqueness.findings import (
    CASE_CLASH,
    DUPLICATE_VALUE,
    EXPIRED,
    MISSING_LOCK,
    OK,
    ORPHAN_LOCK,
)
from dynoview.core.uniqueness.origin import (
    LEFT_BY_CHANGE,
    LEFT_BY_DELETE,
    STREAM_MAX_CALLS,
    STUCK_SIGNUP,
    ActionEntries,
    LockOrigin,
    classify_orphan,
)
from dynoview.core.uniqueness.schema import (
    NORMALISE_TRIM_LOWER,
    LockRule,
    UniquenessSchema,
    lock_key_problem,
    normalise,
    protected_text,
)

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
    value: str  # as typed (the same as ``typed``; kept for existing callers)
    normalised: str  # after the rule's normalisation
    status: str  # FREE, OK, ORPHAN_LOCK, MISSING_LOCK, DUPLICATE_VALUE, EXPIRED, CASE_CLASH
    sentence: str
    lock_key: dict[str, Any]  # the key of the lock as stored (or as it would be stored)
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
    origin: LockOrigin | None = None  # for ORPHAN_LOCK: stuck signup, left by a change or delete
    typed: str = ""  # the value as the user typed it (defaults to ``value``)
    stored: str = ""  # the value as the table stores it (defaults to ``normalised``)

    def __post_init__(self) -> None:
        self.typed = self.typed or self.value
        self.stored = self.stored or self.normalised

    @property
    def is_problem(self) -> bool:
        return self.status not in (FREE, OK)

    @property
    def typed_note(self) -> str | None:
        """"You typed X; the lock stores Y." when the two differ, else None."""
        if self.typed == self.stored:
            return None
        where = "the lock stores" if self.lock_item is not None else "locks store"
        return f"You typed {self.typed}; {where} {self.stored}."


def holders_filter(schema: UniquenessSchema, rule: LockRule, values: list[str]) -> dict[str, Any]:
    """FilterExpression parts for the accounts holding one of the values: the rule's attribute
    equals one of them, on account items only (a diagnosis's Scan and the preflight's lookup).

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


def spellings(value: str, rule: LockRule) -> list[str]:
    """The lock spellings worth reading for a typed value, the rule's own first.

    Customers type capitals; a table whose rule says "none" may still store every lock
    lower-cased in practice, so the form the audit's CASE_CLASH compares (lower-cased, and
    trimmed for trim+lowercase) is read too. Two or three GetItems, never a Scan.
    """
    clash = value.strip().lower() if rule.normalisation == NORMALISE_TRIM_LOWER else value.lower()
    out: list[str] = []
    for form in (normalise(value, rule.normalisation), value, clash):
        if form and form not in out:
            out.append(form)
    return out


@dataclass
class _AccountSearch:
    """How the accounts holding a value were found, and what that read."""

    method: str
    accounts: list[dict[str, Any]]
    index_name: str | None = None
    estimate: ScanEstimate | None = None
    scanned: int | None = None


def _find_accounts(reader: Reader, table: TableInfo, schema: UniquenessSchema, rule: LockRule,
                   forms: list[str], use_index: bool, consistent_scan: bool,
                   receipts: list[ReadReceipt], notes: list[str],
                   cancel: threading.Event | None) -> _AccountSearch:
    """The accounts holding any spelling: through the rule's index if it has one, else a Scan."""
    index = _account_index(table, rule, use_index, notes)
    if index is not None:
        accounts = _accounts_by_index(reader, table, schema, rule, index, forms, receipts, cancel)
        if index.kind == "GSI":
            notes.append(f"Accounts were found through the GSI {index.name}, which is eventually "
                         "consistent: an account written in the last second may not show yet.")
        return _AccountSearch(VIA_INDEX, accounts, index_name=index.name)
    estimate = estimate_scan(table, consistent_scan)
    notes.append("No index on " + rule.attribute + " is named in the schema, so accounts were "
                 "found with a Scan. " + estimate.text())
    accounts, scanned = _accounts_by_scan(reader, table, schema, rule, forms, consistent_scan,
                                          receipts, cancel)
    return _AccountSearch(VIA_SCAN, accounts, estimate=estimate, scanned=scanned)


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
    explain_origin: bool = True,
    use_stream: bool = True,
    action_log: ActionEntries | None = None,
    max_stream_calls: int = STREAM_MAX_CALLS,
) -> Diagnosis:
    """Answer "is this value locked, and by whom?" in a sentence for a support agent.

    For a lock no account holds, ``explain_origin`` looks for how it got there (the lock's
    owner attribute, the table's stream, then ``action_log``) and the sentence says which.
    """
    rule = _checked_rule(table, schema, rule_name, value)
    now = now or datetime.now(UTC)
    normalised = normalise(value, rule.normalisation)
    receipts: list[ReadReceipt] = []
    notes: list[str] = []

    # 1. The lock, by exact key, strongly consistent: never a Scan for one value. The rule's own
    #    spelling first, then the other spellings a lock of this value may have been stored in.
    forms = spellings(value, rule)
    found = _read_locks(reader, table, schema, rule, forms, receipts)

    # 2. The accounts holding any of those spellings.
    search = _find_accounts(reader, table, schema, rule, forms, use_index, consistent_scan, receipts,
                            notes, cancel)
    capacity = sum(r.consumed_capacity for r in receipts if r.consumed_capacity is not None)
    if search.method == VIA_SCAN:
        notes.append(f"The Scan read {search.scanned:,} items for {capacity:g} RCU.")

    unique, ids, needed = _distinct_accounts(search.accounts, schema, rule)
    stored = _stored_spelling(forms, found, needed, normalised)
    lock_item = found.get(stored)
    lock_key = schema.stored_lock_key(rule, stored)
    ttl_attr = table.ttl_attribute
    lock_expired = bool(lock_item and ttl_attr and ttl_state(lock_item.get(ttl_attr), now).is_expired)
    # A case clash only when the table really holds two spellings (two locks, or a lock and an
    # account value that differ only in case): capitals typed by the user are not one.
    in_table = sorted(set(found) | needed)
    other = next((f for f in forms if f in found and f != stored), None) if len(in_table) >= 2 else None
    variant_key = schema.stored_lock_key(rule, other) if other is not None else None
    status, sentence = _answer(stored, rule, lock_item is not None, lock_expired, ids, in_table,
                               sorted(found))
    origin: LockOrigin | None = None
    if status == ORPHAN_LOCK and explain_origin and lock_item is not None:
        origin, more = classify_orphan(reader, table, schema, rule, stored, lock_item,
                                       action_log=action_log, use_stream=use_stream,
                                       max_stream_calls=max_stream_calls, cancel=cancel)
        receipts.extend(more)
        notes.extend(origin.notes)
        sentence = _orphan_sentence(stored, rule, origin)
    diagnosis = Diagnosis(rule.name, value, normalised, status, sentence, lock_key, lock_item, unique,
                          ids, search.method, search.index_name, lock_expired, variant_key,
                          search.estimate, search.scanned,
                          capacity if any(r.consumed_capacity is not None for r in receipts) else None,
                          receipts, notes, origin, value, stored)
    if diagnosis.typed_note:
        diagnosis.sentence = f"{diagnosis.typed_note} {diagnosis.sentence}"
    return diagnosis


def _stored_spelling(forms: list[str], found: dict[str, Any], needed: set[str], normalised: str) -> str:
    """What the table really stores: the lock found (the rule's own spelling first), else the
    one spelling the accounts need, else the rule's form of what was typed."""
    if found:
        return next(f for f in forms if f in found)
    if len(needed) == 1:
        return next(iter(needed))
    return normalised


def _checked_rule(table: TableInfo, schema: UniquenessSchema, rule_name: str, value: str) -> LockRule:
    """The rule to diagnose with, after the checks that need no request."""
    try:
        rule = schema.rule(rule_name)
    except KeyError as exc:
        raise DynoViewError(str(exc.args[0]) + " Pick one of those rules.", field="rule") from None
    if not value:
        raise DynoViewError("Type the value to diagnose (an email or a username).", field="value")
    problem = lock_key_problem(schema, rule, table)
    if problem:
        # DynamoDB would answer with a bare ValidationException; say why before sending.
        raise DynoViewError(problem, field="table")
    return rule


def _read_locks(reader: Reader, table: TableInfo, schema: UniquenessSchema, rule: LockRule,
                forms: list[str], receipts: list[ReadReceipt]) -> dict[str, dict[str, Any]]:
    """The locks found, by spelling: one strongly consistent GetItem per spelling."""
    found: dict[str, dict[str, Any]] = {}
    for form in forms:
        response, receipt = reader.read_with_receipt(
            "GetItem", {"TableName": table.name, "Key": schema.stored_lock_key(rule, form),
                        "ConsistentRead": True})
        receipts.append(receipt)
        if response.get("Item"):
            found[form] = response["Item"]
    return found


def _account_index(table: TableInfo, rule: LockRule, use_index: bool,
                   notes: list[str]) -> IndexInfo | None:
    """The rule's index when the table has it, keyed on the rule's attribute; else None."""
    if not (use_index and rule.index_name):
        return None
    try:
        idx = table.index(rule.index_name)
    except KeyError:
        notes.append(f"The schema names index {rule.index_name}, which table {table.name} does "
                     "not have, so a Scan was used instead. Fix the rule's index name.")
        return None
    return idx if idx is not None and idx.partition_key.name == rule.attribute else None


def _accounts_by_index(reader: Reader, table: TableInfo, schema: UniquenessSchema, rule: LockRule,
                       index: IndexInfo, forms: list[str], receipts: list[ReadReceipt],
                       cancel: threading.Event | None) -> list[dict[str, Any]]:
    accounts: list[dict[str, Any]] = []
    for v in forms:
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
    return accounts


def _accounts_by_scan(reader: Reader, table: TableInfo, schema: UniquenessSchema, rule: LockRule,
                      forms: list[str], consistent: bool, receipts: list[ReadReceipt],
                      cancel: threading.Event | None) -> tuple[list[dict[str, Any]], int]:
    """The accounts holding any spelling, by a filtered Scan; and how many items it read."""
    accounts: list[dict[str, Any]] = []
    scan: dict[str, Any] = {"TableName": table.name, "ConsistentRead": consistent,
                            **holders_filter(schema, rule, sorted(forms))}
    cursor = reader.cursor("Scan", scan, table)
    while not cursor.exhausted:
        if cancel is not None and cancel.is_set():
            raise CancelledError("The diagnosis was cancelled during its Scan.")
        page = cursor.next_page(want=1000, cancel=cancel)
        receipts.extend(page.receipts)
        accounts.extend(page.items)
    return accounts, cursor.total_scanned


def _distinct_accounts(accounts: list[dict[str, Any]], schema: UniquenessSchema, rule: LockRule
                       ) -> tuple[list[dict[str, Any]], list[str], set[str]]:
    """Each account once (first seen), their sorted ids, and the lock values they need."""
    pk = schema.pk_name
    seen: set[str] = set()
    unique: list[dict[str, Any]] = []
    needed: set[str] = set()  # the lock value each account needs, after normalisation
    for item in accounts:
        acct = item[pk].get("S", "")
        if acct not in seen:
            seen.add(acct)
            unique.append(item)
            held = protected_text(item.get(rule.attribute))
            if held is not None:
                needed.add(normalise(held, rule.normalisation))
    return unique, sorted(seen), needed


def _orphan_sentence(value: str, rule: LockRule, origin: LockOrigin) -> str:
    """The orphan lock's sentence once its origin is known: what it is, why we think so, and
    what releasing it means in that case."""
    head = f"{value} is locked, and no account uses it"
    if origin.kind == STUCK_SIGNUP:
        return (f"{head}: a stuck signup. {origin.evidence} Releasing the lock lets the person sign "
                "up again.")
    if origin.kind == LEFT_BY_CHANGE:
        who = origin.account_id or "an account"
        now = (f" (it now holds {origin.current_value})" if origin.current_value is not None
               else f" (it now has no {rule.name})" if origin.account_id else "")
        return (f"{head}: left behind by a change of {rule.name} on {who}{now}. {origin.evidence} "
                f"Releasing the lock frees {value} for anyone; {who} keeps its current {rule.name}.")
    if origin.kind == LEFT_BY_DELETE:
        who = f" ({origin.account_id})" if origin.account_id else ""
        return (f"{head}: left by a deleted account{who}. {origin.evidence} Releasing the lock frees "
                f"{value} for anyone.")
    return f"{head}. {origin.evidence}"


def _answer(value: str, rule: LockRule, locked: bool, expired: bool, ids: list[str],
            spelled: list[str], locks: list[str]) -> tuple[str, str]:
    """The status and the sentence a support agent can act on (before the lock's origin)."""
    if len(spelled) >= 2:
        forms = ", ".join(spelled[:-1]) + " and " + spelled[-1]
        if set(locks) == set(spelled):
            lock_text = "each is locked"
        else:
            lock_text = f"locked: {', '.join(locks)}" if locks else "none is locked"
        users = (f"account{'s' if len(ids) > 1 else ''} using them: {', '.join(ids)}" if ids
                 else "no account uses them")
        both = "both" if len(spelled) == 2 else "all"
        return CASE_CLASH, (
            f"{forms}, which differ only in case, are {both} in the table ({lock_text}; {users}): the "
            "spellings are not kept unique. Keep one spelling on the account and release the other "
            "lock.")
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
            f"{value} is locked, and no account uses it: a stuck signup or a value left behind by a "
            "change. Releasing the lock frees the value.")
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
