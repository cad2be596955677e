"""The verdict: the audit engine's findings on the values in play, before and after.

The same ``Pairing`` that audits a table is fed the items the preflight read (before) and the
same items as the transaction would leave them (after). Only the findings about the values the
transaction puts in play count, and only what is new harm: a finding the table before did not
have with at least the same accounts and locks. A new finding that breaks the invariant
(``findings.BREAKING``) refuses the transaction; a new warning (``findings.WARNINGS``) needs
explicit confirmation.

The audit folds a missing or orphan lock inside a case clash into the clash (it is its
symptom), and the preflight's findings do too; ``folded`` names such a symptom, for a note. One
is not harmless: the lock of the exact spelling an account holds, deleted (or moved away) while
the account keeps that spelling, or an account moved to (or signed up with) a spelling no lock
guards. The clash's other lock does not guard it (a guarded sign-up with exactly that spelling
passes: a duplicate), so ``exposed`` names it and it refuses the transaction as a missing lock.
A duplicate with no lock folds its accounts' missing lock the same way: the account a resolve
leaves alone with the value had no lock before either, so its missing lock is no new harm.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from dynoview.core.preflight.model import FREE, Forms, pair_status, pk_text, rule_value
from dynoview.core.uniqueness.findings import (
    BREAKING,
    CASE_CLASH,
    DUPLICATE_VALUE,
    EXPIRED,
    LOOKALIKE_CLASH,
    MISSING_LOCK,
    OK,
    ORPHAN_LOCK,
    SEVERITY,
    Finding,
)
from dynoview.core.uniqueness.forms import trims
from dynoview.core.uniqueness.key_limits import unlockable
from dynoview.core.uniqueness.reservation import is_reservation
from dynoview.core.uniqueness.schema import LockRule, UniquenessSchema
from dynoview.core.uniqueness.scoped_keys import rule_clash_key, rule_lookalike_key

#: Which status names a value when several findings do: the worst, and among equals this order.
_ORDER = (DUPLICATE_VALUE, MISSING_LOCK, ORPHAN_LOCK, CASE_CLASH, LOOKALIKE_CLASH, EXPIRED)
#: Findings whose value is the stored value itself (not a group's key).
_BY_VALUE = frozenset({DUPLICATE_VALUE, MISSING_LOCK, ORPHAN_LOCK, EXPIRED})


@dataclass
class Scope:
    """The values a transaction puts in play, per rule, and the keys their groups carry."""

    values: dict[str, set[str]] = field(default_factory=dict)  # rule name -> values
    clash_keys: dict[str, set[str]] = field(default_factory=dict)
    lookalike_keys: dict[str, set[str]] = field(default_factory=dict)
    accounts: set[str] = field(default_factory=set)  # account ids the transaction touches
    locks: set[str] = field(default_factory=set)  # lock keys it touches (see ``lock_id``)

    trim: dict[str, bool] = field(default_factory=dict)  # rule name -> its clash key trims
    middle: dict[str, str | None] = field(default_factory=dict)  # rule name -> its middle (scoped)

    def add(self, rule: LockRule, value: str) -> None:
        trim = self.trim[rule.name] = trims(rule.normalisation)
        middle = self.middle[rule.name] = rule.middle
        self.values.setdefault(rule.name, set()).add(value)
        self.clash_keys.setdefault(rule.name, set()).add(rule_clash_key(middle, value, trim))
        self.lookalike_keys.setdefault(rule.name, set()).add(rule_lookalike_key(middle, value, trim))

    def holds(self, finding: Finding) -> bool:
        """Whether the finding is the transaction's business: it names an account or a lock the
        transaction touches, or a value in play (a clash: the key of one)."""
        if self.accounts.intersection(finding.account_ids) or self.locks.intersection(
                map(lock_id, finding.lock_keys)):
            return True
        if finding.rule is None:
            return False
        if finding.status == CASE_CLASH:
            return finding.value in self.clash_keys.get(finding.rule, ())
        if finding.status == LOOKALIKE_CLASH:
            return finding.value in self.lookalike_keys.get(finding.rule, ())
        if finding.value in self.values.get(finding.rule, ()):
            return True
        # Another spelling of a value in play: a missing or orphan lock its clash had hidden.
        return (finding.status in (MISSING_LOCK, ORPHAN_LOCK) and finding.value is not None
                and rule_clash_key(self.middle.get(finding.rule), finding.value,
                                   self.trim.get(finding.rule, False))
                in self.clash_keys.get(finding.rule, ()))


@dataclass(frozen=True)
class Change:
    """A finding the transaction creates, or makes bigger."""

    after: Finding
    before: Finding | None  # the finding of that kind, rule and value before, if any

    @property
    def status(self) -> str:
        return self.after.status

    @property
    def breaking(self) -> bool:
        return self.after.status in BREAKING


def _key(finding: Finding) -> tuple[object, ...]:
    if finding.rule is None:  # an expired account item
        return finding.status, None, finding.account_ids
    return finding.status, finding.rule, finding.value


def lock_id(key: Mapping[str, Any]) -> str:
    """A lock's key in a comparable form."""
    return repr(sorted(key.items()))


def _locks(finding: Finding) -> set[str]:
    return set(map(lock_id, finding.lock_keys))


def _covers(before: Finding, after: Finding) -> bool:
    """Whether ``before`` already names every account and lock ``after`` names: anything more
    (a duplicate gaining an account, a clash gaining or swapping a spelling) is new harm."""
    return set(after.account_ids) <= set(before.account_ids) and _locks(after) <= _locks(before)


def changes(before: Iterable[Finding], after: Iterable[Finding], scope: Scope,
            schema: UniquenessSchema | None = None) -> list[Change]:
    """The findings in scope that are new after the transaction: no finding before had the same
    kind, rule and value with at least its accounts and locks. With ``schema``, a missing lock
    of a value no lock can exist for, left by a duplicate of it, is not new (``_unlocked_before``)."""
    earlier: dict[tuple[object, ...], list[Finding]] = {}
    for f in before:
        if scope.holds(f):
            earlier.setdefault(_key(f), []).append(f)
    out: list[Change] = []
    for finding in after:
        if not scope.holds(finding):
            continue
        same = earlier.get(_key(finding), [])
        if not any(_covers(was, finding) for was in same) and not _unlocked_before(finding, earlier, schema):
            out.append(Change(finding, same[0] if same else None))
    return out


def _unlocked_before(finding: Finding, earlier: Mapping[tuple[object, ...], list[Finding]],
                     schema: UniquenessSchema | None) -> bool:
    """A missing lock of a value no lock can ever exist for (its key would be over DynamoDB's
    limit), whose accounts shared the value in a duplicate: the audit had folded it into the
    duplicate, and resolving it leaves one holder without the lock it can never have. A value
    that can be locked is new harm: the resolve claims its lock for the holder it keeps."""
    if schema is None or finding.status != MISSING_LOCK or finding.rule is None or finding.value is None:
        return False
    if unlockable(schema, finding.rule, finding.value) is None:
        return False
    return any(not was.lock_keys and _covers(was, finding)
               for was in earlier.get((DUPLICATE_VALUE, finding.rule, finding.value), []))


def about(findings: Iterable[Finding], rule: LockRule, value: str, present: bool) -> list[Finding]:
    """The findings that name ``value`` of ``rule``: its own, and those of a clash group it is
    in (``present``: an account holds it or its lock exists)."""
    trim = trims(rule.normalisation)
    out = []
    for f in findings:
        if f.rule != rule.name:
            continue
        if f.status in _BY_VALUE:
            if f.value == value:
                out.append(f)
        elif present and f.status in (CASE_CLASH, LOOKALIKE_CLASH):
            of = rule_clash_key if f.status == CASE_CLASH else rule_lookalike_key
            if f.value == of(rule.middle, value, trim):
                out.append(f)
    return out


def value_status(findings: Iterable[Finding], rule: LockRule, value: str, present: bool) -> str:
    """The status a pair line shows for a value: its worst finding, else OK (present) or FREE."""
    named = about(findings, rule, value, present)
    if not named:
        return OK if present else FREE
    return max(named, key=lambda f: (SEVERITY[f.status], -_ORDER.index(f.status))).status


def reserved_until(findings: Iterable[Finding], rule: LockRule, value: str) -> str:
    """When the reservation on ``value`` ends (the audit's ``Finding.reserved_until``), or ""."""
    return next((f.reserved_until or "" for f in about(findings, rule, value, True) if is_reservation(f)), "")


def folded(raw_before: str, raw_after: str, status_after: str) -> str | None:
    """The missing or orphan lock the transaction creates inside a case clash (where the audit
    names only the clash), or None. ``raw_*`` are ``model.pair_status`` of the value alone."""
    if status_after == CASE_CLASH and raw_after in (MISSING_LOCK, ORPHAN_LOCK) and raw_after != raw_before:
        return raw_after
    return None


def forms(schema: UniquenessSchema, items: Iterable[Mapping[str, Any]],
          lock_items: Iterable[Mapping[str, Any]] = ()) -> Forms:
    """Every form of every rule among ``items`` (and the locks table's ``lock_items``): its
    holders and whether its lock exists."""
    holders: dict[str, dict[str, set[str]]] = {r.name: {} for r in schema.rules}
    locked: dict[str, set[str]] = {r.name: set() for r in schema.rules}
    for item in items:
        if schema.is_account(item):
            acct = pk_text(item, schema) or ""
            for rule in schema.rules:
                value = rule_value(item, rule)
                if value is not None:  # "" too: a value of invisible characters only, as the audit counts it
                    holders[rule.name].setdefault(value, set()).add(acct)
        elif schema.locks is None:
            match = schema.match_lock(item)
            if match is not None:
                locked[match[0].name].add(match[1])
    for item in lock_items:
        match = schema.match_lock(item)
        if match is not None:
            locked[match[0].name].add(match[1])
    return {r: {form: (tuple(sorted(holders[r].get(form, ()))), form in locked[r])
                for form in {*holders[r], *locked[r]}} for r in holders}


def exposed(before: Forms, after: Forms, values: Mapping[str, Iterable[str]],
            breaks: Mapping[tuple[str, str], Iterable[str]]) -> list[tuple[str, str]]:
    """(rule, value) of each value in play whose lock existed and is gone after the transaction
    while an account holds exactly that spelling, or that an account takes without a lock: a
    missing lock even where the audit folds it into a case clash. ``before``/``after``: a
    table's ``Forms``; ``values``: rule -> values in play; ``breaks``: those already refused as
    a missing lock are left out."""
    out = []
    for rule, spellings in sorted(values.items()):
        for value in sorted(spellings):
            held_before, locked_before = before.get(rule, {}).get(value, ((), False))
            held_after, locked_after = after.get(rule, {}).get(value, ((), False))
            # Its lock gone, or an account newly holding a spelling no lock guards (moved to
            # "ADA@x.io" while only "ada@x.io" is locked): either way that exact spelling is open.
            opened = locked_before or bool(set(held_after) - set(held_before))
            if (opened and pair_status(held_after, locked_after) == MISSING_LOCK
                    and MISSING_LOCK not in breaks.get((rule, value), ())):
                out.append((rule, value))
    return out


def holders_by_form(forms: Mapping[str, tuple[tuple[str, ...], bool]], rule: LockRule, status: str,
                    key: str) -> dict[str, tuple[str, ...]]:
    """The members of a clash group (form -> its holders), given the finding's key; ``forms``
    maps each form of the rule to (its holders, whether its lock exists)."""
    trim = trims(rule.normalisation)
    of = rule_clash_key if status == CASE_CLASH else rule_lookalike_key
    return {form: held for form, (held, _locked) in sorted(forms.items())
            if of(rule.middle, form, trim) == key}
