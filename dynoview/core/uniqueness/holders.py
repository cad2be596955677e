"""The accounts that hold a value: through the rule's index when the schema names one, else a
Scan filtered on the rule's attribute (its cost estimated before it runs). Used by diagnose and
by the preflight's lookup of holders.

An index Query compares exactly, and the audit pairs more than exact spellings with a lock:
under a normalising rule an account storing ``Ada@x.io`` holds the lock ``ada@x.io``; under any
rule, ``none`` included, one storing a spelling with the lock's clash key (other capitals, an
NFC or NFD accent, an invisible character) makes the lock a case clash, not an orphan. So an
index answer that found no account is never the whole answer; a Scan compares every account's
value by its clash key, as the audit does.
"""

from __future__ import annotations

import threading
import unicodedata
from dataclasses import dataclass, field
from typing import Any

from dynoview.core.counts import units_text
from dynoview.core.reads.reader import Reader
from dynoview.core.reads.receipts import ReadReceipt
from dynoview.core.session.tables import IndexInfo, TableInfo
from dynoview.core.uniqueness.forms import clash_key, trims
from dynoview.core.uniqueness.key_limits import fits_partition_key
from dynoview.core.uniqueness.schema import LockRule, UniquenessSchema, protected_text
from dynoview.core.uniqueness.scoped_keys import rule_clash_key
from dynoview.core.values.sizes import read_units

VIA_INDEX = "index"
VIA_SCAN = "scan"
#: What a diagnosis cancelled during one of its Scans says.
SCAN_CANCELLED = "The diagnosis was cancelled during its Scan."


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
        article = "A" if self.consistent else "An"
        return (f"{article} {mode} Scan reads the whole table ({items}{self.size_bytes:,} bytes): about "
                f"{units_text(self.read_units)} RCU.")


def estimate_scan(table: TableInfo, consistent: bool) -> ScanEstimate:
    """Estimate a full Scan's read units from the table's approximate size: its 4 KB units,
    rounded up as DynamoDB rounds a page (a strongly consistent read of any size costs 1 RCU at
    least, an eventually consistent one half that)."""
    size = table.size_bytes
    units = None if size is None else read_units(size, consistent)
    return ScanEstimate(table.item_count, size, units, consistent)


def exact_lookup_finds_all(rule: LockRule) -> bool:
    """Whether looking accounts up by the stored value (an index Query, a filter's equality)
    finds every account *holding* a form. Under a normalising rule it does not: the lock
    ``ada@example.io`` of a lowercase rule is held by an account storing ``Ada@Example.io``
    too, and no DynamoDB key condition or filter folds case or Unicode forms.

    Holders only: under ``none`` too, an account storing another spelling with the form's clash
    key is a case clash to the audit, which no exact lookup finds (see the module doc)."""
    return rule.normalisation == "none"


def clash_keys_of(rule: LockRule, forms: list[str] | set[str]) -> set[str]:
    """The clash keys of lock forms, as the audit's case clash compares them (a scoped form's
    per scope: ``scoped_keys``)."""
    trim = trims(rule.normalisation)
    return {rule_clash_key(rule.middle, f, trim) for f in forms}


def pairs_with(rule: LockRule, item: dict[str, Any], keys: set[str]) -> bool:
    """Whether the account ``item`` stores a spelling the audit pairs with a form whose clash
    key is in ``keys``: the form itself (a holder), or another spelling of it (a case clash)."""
    held = rule.held_form(item)
    return held is not None and rule_clash_key(rule.middle, held, trims(rule.normalisation)) in keys


def holds_any(rule: LockRule, item: dict[str, Any], forms: set[str], raw: set[str]) -> bool:
    """Whether the account ``item`` holds one of the lock ``forms`` (its value normalised as the
    rule says), or stores one of the ``raw`` spellings as it is."""
    return rule.held_form(item) in forms or protected_text(item.get(rule.attribute)) in raw


def holders_filter(schema: UniquenessSchema, rule: LockRule, values: list[str] | None) -> dict[str, Any]:
    """FilterExpression parts for the accounts holding one of the values: the rule's attribute
    equals one of them, on account items only (the preflight's lookup). ``values`` None: every
    account that has the attribute, for holders only the caller can match (a normalising rule,
    ``exact_lookup_finds_all``; a diagnosis's Scan, which matches clash keys too).

    Every attribute name is aliased: a rule on a reserved word (status, name)
    would otherwise be a ValidationException.
    """
    names = {"#v": rule.attribute, "#pk": schema.pk_name}
    vals: dict[str, Any] = {":acct": {"S": schema.account_pk_prefix}}
    tests = []
    for i, value in enumerate(values or ()):
        vals[f":v{i}"] = {"S": value}
        tests.append(f"#v = :v{i}")
    test = f"({' OR '.join(tests)})" if values is not None else "attribute_exists(#v)"
    expr = f"{test} AND begins_with(#pk, :acct)"
    if not schema.account_pk_prefix:  # an accounts table of its own: every item is an account
        del names["#pk"], vals[":acct"]
        expr = test
    if schema.sk_name and schema.account_sk_value is not None:
        names["#sk"] = schema.sk_name
        vals[":sk"] = {"S": schema.account_sk_value}
        expr += " AND #sk = :sk"
    out = {"FilterExpression": expr, "ExpressionAttributeNames": names}
    if vals:  # attribute_exists on an accounts table of its own names none: an empty map is refused
        out["ExpressionAttributeValues"] = vals
    return out


@dataclass
class AccountSearch:
    """How the accounts holding a value were found, and what that read."""

    method: str
    accounts: list[dict[str, Any]]
    index_name: str | None = None
    estimate: ScanEstimate | None = None
    scanned: int | None = None
    #: Every account the audit pairs with the forms was found (False: an index Query, which finds
    #: only the spellings asked for, under any rule; see the module doc).
    complete: bool = True
    #: The values the index was asked for (empty for a Scan): what an answer names as looked up.
    asked: list[str] = field(default_factory=list)


def find_accounts(reader: Reader, table: TableInfo, schema: UniquenessSchema, rule: LockRule,
                   forms: list[str], use_index: bool, consistent_scan: bool,
                   receipts: list[ReadReceipt], notes: list[str],
                   cancel: threading.Event | None) -> AccountSearch:
    """The accounts holding any spelling: through the rule's index if it has one, else a Scan."""
    index = _account_index(table, rule, use_index, notes)
    if index is not None:
        asked = index_values(rule, forms)
        accounts = _accounts_by_index(reader, table, schema, rule, index, asked, receipts, cancel)
        if index.kind == "GSI":
            notes.append(f"Accounts were found through the GSI {index.name}, which is eventually "
                         "consistent: an account written in the last second may not show yet.")
        return AccountSearch(VIA_INDEX, accounts, index_name=index.name, complete=False, asked=asked)
    estimate = estimate_scan(table, consistent_scan)
    notes.append("No index on " + rule.attribute + " is named in the schema, so accounts were "
                 "found with a Scan. " + estimate.text())
    accounts, scanned = _accounts_by_scan(reader, table, schema, rule, forms, consistent_scan,
                                          receipts, cancel)
    return AccountSearch(VIA_SCAN, accounts, estimate=estimate, scanned=scanned)


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


def _attribute_values(rule: LockRule, forms: list[str]) -> list[str]:
    """The values accounts store for these forms (a scoped form's value part), each once."""
    return list(dict.fromkeys(rule.value_part(f) for f in forms))


def index_values(rule: LockRule, forms: list[str]) -> list[str]:
    """The values to ask the index for: each form's value, and the spellings accounts most often
    store beside a lock's (the clash key with its first letter capitalised, ``Ada@x.io``; each
    in NFC and NFD), so a common case clash is found. Any other spelling is not: the answer
    says so. Only values an index key can hold (an NFD spelling can outgrow the limit)."""
    trim = trims(rule.normalisation)
    out = _attribute_values(rule, forms)
    guesses: list[str] = []
    for value in out:
        key = clash_key(value, trim)
        for text in (value, key, key[:1].upper() + key[1:]):
            guesses += [unicodedata.normalize("NFC", text), unicodedata.normalize("NFD", text)]
    return list(dict.fromkeys(out + [g for g in guesses if g and fits_partition_key(g)]))


def _accounts_by_index(reader: Reader, table: TableInfo, schema: UniquenessSchema, rule: LockRule,
                       index: IndexInfo, values: list[str], receipts: list[ReadReceipt],
                       cancel: threading.Event | None) -> list[dict[str, Any]]:
    accounts: list[dict[str, Any]] = []
    for v in values:
        # GSIs only serve eventually consistent reads: ConsistentRead stays false.
        request = {"TableName": table.name, "IndexName": index.name,
                   "KeyConditionExpression": "#v = :v",
                   "ExpressionAttributeNames": {"#v": rule.attribute},
                   "ExpressionAttributeValues": {":v": {"S": v}}}
        for items in reader.cursor("Query", request, table).item_pages(receipts, cancel=cancel):
            accounts.extend(i for i in items if schema.is_account(i))
    return accounts


def _accounts_by_scan(reader: Reader, table: TableInfo, schema: UniquenessSchema, rule: LockRule,
                      forms: list[str], consistent: bool, receipts: list[ReadReceipt],
                      cancel: threading.Event | None) -> tuple[list[dict[str, Any]], int]:
    """The accounts holding any spelling, or another spelling the audit pairs with one (same
    clash key), by a Scan; and how many items it read. The filter keeps every account with the
    attribute and the forms are matched here, under every rule: no filter folds case or
    Unicode forms, and the Scan reads the whole table either way (a filter saves no capacity)."""
    scan: dict[str, Any] = {"TableName": table.name, "ConsistentRead": consistent,
                            **holders_filter(schema, rule, None)}
    cursor = reader.cursor("Scan", scan, table)
    wanted, spelt, keys = set(forms), set(_attribute_values(rule, forms)), clash_keys_of(rule, forms)
    accounts = [item for items in cursor.item_pages(receipts, cancel=cancel, cancelled=SCAN_CANCELLED)
                for item in items if holds_any(rule, item, wanted, spelt) or pairs_with(rule, item, keys)]
    return accounts, cursor.total_scanned
