"""Diagnose one protected value: is it locked, and by whom?

The locks are read by their exact keys with strongly consistent GetItems (never a Scan):
that read is the truth a signup's ``attribute_not_exists`` would meet. The keys read are the
value's candidate spellings: as typed, after the rule's normalisation, its clash key, and for
a value outside ASCII the form of its lookalike key (the Latin ``ada@x.io`` a Cyrillic
``аda@x.io`` imitates). The accounts holding any of them are found through the rule's GSI
when the schema names one (GSIs only serve eventually consistent reads, and the answer says
so; the index is also asked for the capitalised and NFC/NFD spellings, ``holders.index_values``,
and since it finds no other, a lock it finds no account for is HOLDER_UNKNOWN, never an orphan)
or else by a Scan of the accounts matched by clash key, whose estimated cost is given before it
runs and whose actual cost is reported after.

The items read are judged by the audit's own engine: a ``Pairing`` fed them says which
findings concern the value, so a diagnosis says what the audit says about it (as far as the
candidate spellings reach: a clash with a spelling none of them names is the audit's to find).
"""

from __future__ import annotations

import dataclasses
import threading
import unicodedata
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from dynoview.core.counts import units_text
from dynoview.core.errors import DynoViewError
from dynoview.core.reads.reader import Reader
from dynoview.core.reads.receipts import ReadReceipt
from dynoview.core.session.tables import TableInfo, describe_table
from dynoview.core.uniqueness.diagnose_answer import (
    FREE,
    HOLDER_UNKNOWN,
    answer,
    case_clash_sentence,
    free_lookalike_note,
    holder_unknown_note,
    holder_unknown_sentence,
    lookalike_sentence,
    orphan_sentence,
    shown,
)
from dynoview.core.uniqueness.findings import (
    CASE_CLASH,
    EXPIRED,
    LOOKALIKE_CLASH,
    MISSING_LOCK,
    OK,
    ORPHAN_LOCK,
    Finding,
)
from dynoview.core.uniqueness.forms import clash_key, lookalike_key, odd_forms, trims
from dynoview.core.uniqueness.holders import SCAN_CANCELLED, VIA_SCAN, ScanEstimate, find_accounts
from dynoview.core.uniqueness.key_limits import fits_partition_key, oversized, skipped_note, too_long
from dynoview.core.uniqueness.locks_table import pair_tables
from dynoview.core.uniqueness.origin import STREAM_MAX_CALLS, ActionEntries, LockOrigin, classify_orphan
from dynoview.core.uniqueness.pairing import Pairing
from dynoview.core.uniqueness.pairing_findings import place_rank
from dynoview.core.uniqueness.reservation import is_reservation
from dynoview.core.uniqueness.schema import (
    LockRule,
    UniquenessSchema,
    lock_key_problem,
    normalise,
)
from dynoview.core.uniqueness.scoped_keys import rule_clash_key, rule_is_odd, rule_lookalike_key


@dataclass
class Diagnosis:
    """The answer for one value, with the items and receipts behind it."""

    rule: str
    value: str  # as typed (the same as ``typed``; kept for existing callers)
    normalised: str  # after the rule's normalisation
    status: str  # FREE, OK, or the kind of the audit's worst finding about the value
    sentence: str
    lock_key: dict[str, Any]  # the key of the lock as stored (or as it would be stored)
    lock_item: dict[str, Any] | None
    accounts: list[dict[str, Any]]
    account_ids: list[str]
    method: str  # VIA_INDEX or VIA_SCAN
    index_name: str | None
    lock_expired: bool = False
    variant_lock_key: dict[str, Any] | None = None  # another member's lock (case or lookalike clash)
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
        # ``shown``: an NFC and an NFD spelling print alike; their characters are named.
        return f"You typed {shown(self.typed)}; {where} {shown(self.stored)}."


def spellings(value: str, rule: LockRule) -> list[str]:
    """The lock spellings worth reading for a typed value, the rule's own first.

    Customers type capitals; a table whose rule says "none" may still store every lock
    lower-cased in practice, so the value's clash key (the form a case clash compares) is read
    too. For an odd value (outside ASCII, or padded with whitespace), the form of its lookalike
    key as well (and that form's clash key): the value it may imitate; and each form outside
    ASCII in NFC and NFD. Two to five GetItems for ASCII, a few more otherwise, never a Scan.
    """
    if rule.middle is not None:  # a scoped form: the spellings of its value, in its scope
        scope, plain = rule.scope_part(value) or "", rule.value_part(value)
        head = scope + rule.middle
        return [head + f for f in spellings(plain, dataclasses.replace(rule, scope=None))]
    trim = trims(rule.normalisation)
    forms = [normalise(value, rule.normalisation), value, clash_key(value, trim)]
    if odd_forms(forms, trim):  # only an odd form (forms.is_odd) can be a lookalike clash
        alike = lookalike_key(value, trim)
        forms += [alike, clash_key(alike, trim)]
    # An accent typed precomposed (NFC) may be locked decomposed (NFD), or the other way: two
    # keys to DynamoDB, one value to a person. ASCII has one form, so no more reads for it.
    forms += [unicodedata.normalize(nf, f) for f in forms if not f.isascii() for nf in ("NFC", "NFD")]
    out: list[str] = []
    for form in forms:
        if form and form not in out:
            out.append(form)
    return out


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
    locks_table: TableInfo | None = None,
    scope: str | None = None,
    empty_given: bool = False,
) -> Diagnosis:
    """Answer "is this value locked, and by whom?" in a sentence for a support agent.

    A rule unique per scope needs the value's scope: ``scope``, or the value written
    ``<scope>#<value>`` (see ``scoped_form``).

    For a lock no account holds, ``explain_origin`` looks for how it got there (the lock's
    owner attribute, the table's stream, then ``action_log``) and the sentence says which.
    ``locks_table``: the schema's separate locks table (``schema.locks``), where locks are read.
    ``empty_given``: an empty ``value`` was given on purpose (the CLI's ``""``), so the lock on
    '' is diagnosed; without it an empty value is one not typed yet, and refused.
    """
    locks = _locks_info(reader, table, schema, locks_table)
    rule = _checked_rule(locks, schema, rule_name, value, empty_given)
    if rule.scope is not None:  # from here on the value is the rule's form: scope included
        value = scoped_form(rule, value, scope)
    elif scope is not None:
        raise DynoViewError(f"The {rule.name} rule is not unique per scope: leave the scope out.",
                            field="scope")
    now = now or datetime.now(UTC)
    normalised = rule.form_of(value)
    # Over DynamoDB's key limit, no lock can exist for the value: still looked up (an account
    # may hold it, as the audit reports), and the answer says no lock can ever be written.
    too_long_why = too_long(schema.stored_lock_key(rule, normalised), locks.partition_key.name)
    receipts: list[ReadReceipt] = []
    notes: list[str] = []

    # 1. The locks, by exact key, strongly consistent: never a Scan for one value. The rule's own
    #    spelling first, then the other spellings a lock of this value may have been stored in.
    forms = spellings(value, rule) or [normalised]  # '' given on purpose: its lock is still read
    found = _read_locks(reader, locks, schema, rule, forms, receipts, notes)

    # 2. The accounts holding any of those spellings.
    before = len(receipts)
    search = find_accounts(reader, table, schema, rule, _index_forms(table, rule, forms, use_index, notes),
                           use_index, consistent_scan, receipts, notes, cancel)
    if search.method == VIA_SCAN:  # that Scan's own cost, not the lock reads' before it
        notes.append(f"The Scan read {search.scanned:,} items for "
                     f"{units_text(_capacity(receipts[before:]) or 0)} RCU.")

    # 3. The audit's judgement. A small table is read whole (one consistent Scan), so every
    #    spelling of the value is compared as the audit compares them; else what was read.
    whole = _read_whole(reader, table, rule, use_index, receipts, cancel)
    whole_locks = whole if locks is table else (
        _read_whole(reader, locks, rule, use_index, receipts, cancel) if whole is not None else None)
    if whole is not None and whole_locks is not None:
        notes.append(f"{_both(table, locks)} small, so it was read whole ({len(whole):,} items, one "
                     "consistent Scan) and every spelling was compared, as the audit compares them.")
    if locks is not table:  # accounts and locks come from their own tables
        read_whole = whole is not None and whole_locks is not None
        judged = _judge(schema, table, rule, value, whole if read_whole and whole else search.accounts,
                        now, whole_locks if read_whole and whole_locks else list(found.values()), locks)
    else:
        judged = _judge(schema, table, rule, value,
                        whole if whole is not None else list(found.values()) + search.accounts, now)
    stored, pairing, about = judged.stored, judged.pairing, judged.findings
    state = pairing.rules[rule.name]
    lock_item = found.get(stored) if stored in state.locks else None
    ids = sorted(state.holders_of(stored))
    worst = about[0] if about else None
    status, sentence = answer(pairing, rule, stored, worst, lock_item is not None, ids)
    if not search.complete and whole is None and (
            status == ORPHAN_LOCK or (status == EXPIRED and lock_item is not None and not ids)):
        # Through an index, "no account" is only "none of the spellings asked for": an account
        # storing another spelling may hold the lock (or make it a case clash), so no Release,
        # expired or not (releasing an expired lock an account holds frees its value too).
        status, sentence = HOLDER_UNKNOWN, holder_unknown_sentence(
            stored, rule, search.index_name, search.asked, expired=status == EXPIRED)
    if status == OK and set(ids) & pairing.expired_account_ids():
        # The value is held as it should be, by an account on its way out: the audit lists that
        # account as expired, and the lock outlives it unless the lock expires too.
        sentence += (f" Account {ids[0]}'s own TTL has passed, though: DynamoDB will delete the "
                     "account (typically within days), and its lock then holds the value for no "
                     "account. Renew the account's TTL if it is in use.")
    if too_long_why is not None:
        sentence = _unlockable_sentence(status, sentence, rule, normalised, ids, too_long_why)
    origin: LockOrigin | None = None
    # A reservation (its TTL ahead) is no stuck signup: where it came from is not asked.
    if status == ORPHAN_LOCK and explain_origin and lock_item is not None and not is_reservation(worst):
        origin, more = classify_orphan(reader, locks, schema, rule, stored, lock_item,
                                       action_log=action_log, use_stream=use_stream,
                                       max_stream_calls=max_stream_calls, cancel=cancel,
                                       accounts=table)
        receipts.extend(more)
        notes.extend(origin.notes)
        sentence = orphan_sentence(stored, rule, origin)
    # A possible impersonation, or a second spelling, is never left unsaid behind a worse finding.
    for f in about[1:]:
        if f.status == LOOKALIKE_CLASH:
            sentence += " Also: " + lookalike_sentence(pairing, f, stored)
        elif f.status == CASE_CLASH:
            sentence += " Also: " + case_clash_sentence(pairing, f)
    if status == FREE and judged.alike:
        sentence += free_lookalike_note(pairing, rule, value, judged.alike)
    if status == FREE and not search.complete and whole is None:
        sentence += holder_unknown_note(rule, search.index_name, search.asked)
    named = {a for f in about for a in f.account_ids} | set(ids) | {
        a for f in judged.alike for a in state.holders_of(f)}
    # The engine may name accounts the look-up by spelling did not return (a whole read finds
    # ``Dup@X.io`` for ``dup@x.io``): each named account is listed, from whichever read had it.
    pool = search.accounts + [i for i in whole or () if schema.is_account(i)]
    accounts = [a for a in _distinct(pool, schema) if a[schema.pk_name].get("S") in named]
    variant = next((m for f in about if f.status in (CASE_CLASH, LOOKALIKE_CLASH)
                    for m in pairing.members(f) if m in found and m != stored), None)
    diagnosis = Diagnosis(rule.name, value, normalised, status, sentence,
                          schema.stored_lock_key(rule, stored), lock_item, accounts,
                          [a[schema.pk_name]["S"] for a in accounts], search.method, search.index_name,
                          bool(state.locks.get(stored)),
                          schema.stored_lock_key(rule, variant) if variant is not None else None,
                          search.estimate, search.scanned, _capacity(receipts),  # every read's
                          receipts, notes, origin, value, stored)
    if diagnosis.typed_note and too_long_why is None:  # a paste this long is not echoed twice
        diagnosis.sentence = f"{diagnosis.typed_note} {diagnosis.sentence}"
    return diagnosis


def _capacity(receipts: list[ReadReceipt]) -> float | None:
    """What these reads consumed, as DynamoDB reported it (None: it reported none)."""
    reported = [r.consumed_capacity for r in receipts if r.consumed_capacity is not None]
    return sum(reported) if reported else None


@dataclass
class _Judged:
    """What the audit's engine says about a value: the form the table stores it as, the
    findings about it (worst first), and the stored forms that only look like it."""

    stored: str
    pairing: Pairing
    findings: list[Finding]
    alike: list[str]


def _judge(schema: UniquenessSchema, table: TableInfo, rule: LockRule, value: str,
           items: list[dict[str, Any]], now: datetime, lock_items: list[dict[str, Any]] | None = None,
           locks: TableInfo | None = None) -> _Judged:
    """Feed the items read to a ``Pairing`` (the audit's classifier, the whole schema: an item
    is a lock of the rule the audit would say) and pick its findings about the value.

    The value's forms are its normalisation and, when the table stores it so, the value as
    typed; when neither is stored, the stored clash-key form (capitals typed for a lower-case
    lock are the same value, not a clash), else another stored form with the value's clash key
    (a lock first: ``jörg`` typed in NFC for a lock stored in NFD)."""
    pairing = pair_tables(schema, items, lock_items or [], accounts_ttl=table.expiry_attribute,
                          locks_ttl=(locks or table).expiry_attribute, now=now)
    state = pairing.rules[rule.name]
    trim = trims(rule.normalisation)
    stored_forms = state.locks.keys() | state.holders.keys()
    normalised = rule.form_of(value)
    mine = [f for f in dict.fromkeys((normalised, value)) if f in stored_forms]
    # The clash-key form (of the value part only, for a scoped form: its scope is kept).
    folded = value if rule.middle is None else rule.value_part(value)
    folded = value[:len(value) - len(folded)] + clash_key(folded, trim)
    if not mine and folded in stored_forms:
        mine = [folded]
    if not mine:  # another stored spelling of the value (NFD for a typed NFC): a lock's first
        key = rule_clash_key(rule.middle, value, trim)  # a scoped form's: in its own scope
        mine = sorted((f for f in stored_forms if rule_clash_key(rule.middle, f, trim) == key),
                      key=lambda f: (f not in state.locks, f))[:1]
    about: dict[tuple[str, str | None], Finding] = {}
    for form in mine:
        for f in pairing.findings_of(rule.name, form):
            if f.rule is not None:  # an account's own expiry is not the value's
                about.setdefault((f.status, f.value), f)
    ranked = sorted(about.values(), key=lambda f: place_rank(f.status), reverse=True)
    if ranked and ranked[0].status not in (CASE_CLASH, LOOKALIKE_CLASH) and ranked[0].value:
        mine.insert(0, ranked[0].value)  # the answer is about the form its finding names
    alike: list[str] = []
    if not mine:  # a free value: does it look like one the table holds?
        middle = rule.middle
        key, own = rule_lookalike_key(middle, value, trim), rule_clash_key(middle, value, trim)
        alike = sorted(f for f in stored_forms if rule_lookalike_key(middle, f, trim) == key
                       and rule_clash_key(middle, f, trim) != own)
        alike = alike if any(rule_is_odd(middle, f, trim) for f in [value, *alike]) else []
    return _Judged(mine[0] if mine else normalised, pairing, ranked, alike)


def _locks_info(reader: Reader, table: TableInfo, schema: UniquenessSchema,
                locks: TableInfo | None) -> TableInfo:
    """The table the locks are read from: ``table`` itself, or the schema's locks table."""
    if schema.locks is None:
        return table
    if locks is None:
        return describe_table(reader.conn, schema.locks.name)  # metadata: no read capacity
    if locks.name != schema.locks.name:
        raise DynoViewError(f"The schema keeps its locks in table {schema.locks.name}, not "
                            f"{locks.name}.", field="table")
    return locks


def _both(table: TableInfo, locks: TableInfo) -> str:
    return f"{table.name} is" if locks is table else f"{table.name} and {locks.name} are"


def _checked_rule(table: TableInfo, schema: UniquenessSchema, rule_name: str, value: str,
                  empty_given: bool = False) -> LockRule:
    """The rule to diagnose with, after the checks that need no request."""
    try:
        rule = schema.rule(rule_name)
    except KeyError as exc:
        raise DynoViewError(str(exc.args[0]) + " Pick one of those rules.", field="rule") from None
    if not value and not empty_given:  # nothing typed; '' on purpose diagnoses the lock on ''
        raise DynoViewError("Type the value to diagnose (an email or a username).", field="value")
    problem = lock_key_problem(schema, rule, table)
    if problem:
        # DynamoDB would answer with a bare ValidationException; say why before sending.
        raise DynoViewError(problem, field="table")
    return rule


def _unlockable_sentence(status: str, sentence: str, rule: LockRule, form: str, ids: list[str],
                        why: str) -> str:
    """The answer for a value whose own lock key is over DynamoDB's key limit ("free, the person
    can sign up with it" would be wrong: the signup's Put fails). The value is not repeated:
    at this length it is most likely a paste gone wrong."""
    size = len(form.encode("utf-8", "surrogatepass"))
    what = f"This {rule.name} value ({size:,} bytes)"
    if status == FREE:
        return (f"{what} is used by no account, and no lock can exist for it: its lock's {why}. A "
                "signup with it would fail: check what was pasted.")
    if status == MISSING_LOCK:
        return (f"{what} belongs to account {', '.join(ids)} but has no lock, and this value can "
                f"never be locked: its lock's {why}. Change the account's {rule.attribute} to a "
                "shorter value; no lock can be claimed for this one.")
    return f"{sentence} No lock can ever exist for this value: its lock's {why}."


def _read_locks(reader: Reader, table: TableInfo, schema: UniquenessSchema, rule: LockRule,
                forms: list[str], receipts: list[ReadReceipt],
                notes: list[str]) -> dict[str, dict[str, Any]]:
    """The locks found, by spelling: one strongly consistent GetItem per spelling whose key
    DynamoDB accepts (a lookalike form can outgrow the value: no lock can exist at its key)."""
    found: dict[str, dict[str, Any]] = {}
    for form in forms:
        key = schema.stored_lock_key(rule, form)
        if oversized(key, table.partition_key.name):
            notes.append(skipped_note(f"The lock key of the spelling {_short(form)} is"))
            continue
        response, receipt = reader.read_with_receipt(
            "GetItem", {"TableName": table.name, "Key": key, "ConsistentRead": True})
        receipts.append(receipt)
        if response.get("Item"):
            found[form] = response["Item"]
    return found


def _index_forms(table: TableInfo, rule: LockRule, forms: list[str], use_index: bool,
                 notes: list[str]) -> list[str]:
    """The spellings to look accounts up by: through the rule's index, only those an index key
    can hold (a longer one fails the Query, and no account can be in the index under it)."""
    try:
        index = table.index(rule.index_name) if use_index and rule.index_name else None
    except KeyError:
        index = None  # find_accounts says so, and scans instead
    if index is None or index.partition_key.name != rule.attribute:
        return forms  # a Scan compares any length
    # An index key cannot hold '' (DynamoDB refuses the Query), and no account holds it as a value.
    kept = [f for f in forms if rule.value_part(f) and fits_partition_key(rule.value_part(f))]
    for form in forms:
        if form not in kept and rule.value_part(form):
            notes.append(skipped_note(f"The lookup of the spelling {_short(form)} through the index "
                                      f"{index.name} is"))
    return kept


def _short(form: str) -> str:
    """A spelling as a note shows it: the start of a value too long to print."""
    return form if len(form) <= 60 else f"{form[:40]}… ({len(form.encode('utf-8')):,} bytes)"


def scoped_form(rule: LockRule, value: str, scope: str | None) -> str:
    """The form a scoped rule pairs on (``acme#User#email#ada@x.io``) for a value and its scope:
    ``scope`` as given, else the value's text before its first ``#`` (``acme#ada@x.io``)."""
    if scope is None:
        cut = value.find("#")
        if cut < 0:
            raise DynoViewError(
                f"The {rule.name} rule is unique per scope ({rule.scope}): say which scope the value "
                f"belongs to, e.g. acme#{value} for scope acme (or give the scope on its own, "
                "dynoview diagnose --scope).", field="scope")
        scope, value = value[:cut], value[cut + 1:]
        if not value:
            raise DynoViewError("Type the value after the scope, e.g. acme#ada@example.com.",
                                field="value")
    return scope + (rule.middle or "") + value


#: Diagnose reads a table whole when it holds at most this many items (the preflight's limits:
#: a rule with an index would otherwise need no Scan at all, so its limit is lower).
WHOLE_READ_MAX_ITEMS = 20_000
WHOLE_READ_INDEXED_MAX_ITEMS = 2_000


def _read_whole(reader: Reader, table: TableInfo, rule: LockRule, use_index: bool,
                receipts: list[ReadReceipt], cancel: threading.Event | None
                ) -> list[dict[str, Any]] | None:
    """Every item of a small table, strongly consistent; None when it is larger than the limit
    (DescribeTable's count is hours old at worst, so the Scan also gives up past it)."""
    limit = WHOLE_READ_INDEXED_MAX_ITEMS if use_index and rule.index_name else WHOLE_READ_MAX_ITEMS
    if table.item_count is None or table.item_count > limit:
        return None
    items: list[dict[str, Any]] = []
    cursor = reader.cursor("Scan", {"TableName": table.name, "ConsistentRead": True}, table)
    for page in cursor.item_pages(receipts, cancel=cancel, cancelled=SCAN_CANCELLED):
        items.extend(page)
        if len(items) > limit:
            return None
    return items


def _distinct(accounts: list[dict[str, Any]], schema: UniquenessSchema) -> list[dict[str, Any]]:
    """Each account once (first seen), in the order read."""
    seen: set[str] = set()
    out: list[dict[str, Any]] = []
    for item in accounts:
        acct = item[schema.pk_name].get("S", "")
        if acct not in seen:
            seen.add(acct)
            out.append(item)
    return out
