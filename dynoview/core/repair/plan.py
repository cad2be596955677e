"""What a repair does with each finding of a report: release an orphan lock, claim a missing
lock, or leave it to a person (duplicates, case clashes, expiry, a value whose lock key is
longer than DynamoDB allows: decisions). No reads."""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from dynoview.core.counts import count_text
from dynoview.core.repair.ttl_guard import claim_ttl_unknown_reason, ttl_unknown_reason
from dynoview.core.uniqueness.findings import (
    CASE_CLASH,
    DUPLICATE_VALUE,
    EXPIRED,
    LOOKALIKE_CLASH,
    MISSING_LOCK,
    ORPHAN_LOCK,
    Finding,
)
from dynoview.core.uniqueness.key_limits import too_long
from dynoview.core.uniqueness.pairing_findings import empty_text
from dynoview.core.uniqueness.reservation import is_reservation, reservation_reason
from dynoview.core.uniqueness.schema import UniquenessSchema

if TYPE_CHECKING:
    from dynoview.core.session.tables import TableInfo

# What a planned repair does.
RELEASE = "release"  # delete an orphan lock
CLAIM = "claim"  # put a missing lock
DECIDE = "decide"  # a person decides: never repaired automatically


def finding_id(f: Finding) -> str:
    """A stable, readable id for a finding: what a state file lists as done."""
    return json.dumps([f.status, f.rule, f.value, list(f.account_ids)], ensure_ascii=False)


@dataclass(frozen=True)
class PlannedRepair:
    """One finding and what the repair does with it."""

    finding: Finding
    kind: str  # RELEASE, CLAIM or DECIDE
    reason: str = ""  # for DECIDE: why a person decides

    @property
    def id(self) -> str:
        return finding_id(self.finding)

    def title(self) -> str:
        """"release email lock ken@thompson.dev" and the like, for one line of output."""
        f = self.finding
        # A lock on '' (older versions, other tools): bare, the title would end on a blank.
        empty = empty_text(f.rule) if f.rule is not None and not f.value else None
        value = f"for {empty}" if empty else f.value
        if self.kind == RELEASE:
            return f"release orphan {f.rule} lock {value}"
        if self.kind == CLAIM:
            holder = f.account_ids[0] if f.account_ids else "its account"
            return f"claim missing {f.rule} lock {value} for {holder}"
        what = empty or (f"{f.rule} {f.value}" if f.rule else ", ".join(f.account_ids))
        return f"{f.status} {what}"


_DECISIONS = {
    DUPLICATE_VALUE: "Which account keeps the value is a person's decision: use Resolve duplicate "
                     "on one of the accounts.",
    CASE_CLASH: "Which spelling to keep is a person's decision: normalise the account value and "
                "keep a single lock.",
    LOOKALIKE_CLASH: "A lookalike value may be an impersonation: a person checks who owns each "
                     "account before changing or deleting one.",
    EXPIRED: "An expired item is renewed or deleted by a person: releasing an expired lock could "
             "free a value a pending signup still needs.",
}


def _plan_one(f: Finding, schema: UniquenessSchema, expired: frozenset[str],
              locks_table: str) -> PlannedRepair:
    if f.status == CASE_CLASH and not f.account_ids:
        # A report of an older version: spellings no account holds are orphans each.
        return PlannedRepair(f, DECIDE, "No account holds any of these spellings, so they are "
                                        "orphan locks, not a clash: run the audit again, which "
                                        "reports each as an orphan lock that repair releases.")
    if f.status == DUPLICATE_VALUE and not f.lock_keys:
        return PlannedRepair(f, DECIDE, "Which account keeps the value is a person's decision: use "
                                        "Resolve duplicate on one of the accounts. No lock holds the value, "
                                        "so the resolve claims the kept account's lock (where none exists) "
                                        "in the same transaction as the other account's change.")
    if f.status in _DECISIONS:
        return PlannedRepair(f, DECIDE, _DECISIONS[f.status])
    try:
        rule = schema.rule(f.rule or "")
    except KeyError:
        return PlannedRepair(f, DECIDE, f"The schema has no rule {f.rule!r}: check the schema the "
                                        "report was made with.")
    if f.value is None:
        return PlannedRepair(f, DECIDE, "The finding names no value.")
    if f.status == ORPHAN_LOCK:
        if len(f.lock_keys) != 1:
            return PlannedRepair(f, DECIDE, "The finding does not name exactly one lock.")
        match = schema.match_lock(f.lock_keys[0])
        if (match is None or match[0] != rule or match[1] != f.value
                or schema.stored_lock_key(rule, f.value) != f.lock_keys[0]):
            return PlannedRepair(f, DECIDE, "The lock's key is not the schema's key for this value.")
        if is_reservation(f):  # its TTL frees it; a sign-up may still be completing
            return PlannedRepair(f, DECIDE, reservation_reason(f))
        if f.ttl_unknown:  # the audit could not read the TTL: it may be a reservation
            return PlannedRepair(f, DECIDE, ttl_unknown_reason(locks_table))
        # A lock spelled against the rule's normalisation ("Ada@x.io" under lowercase) is an
        # orphan only when no account holds any spelling of it (else the audit reports a case
        # clash), and the release deletes the key as stored: it is released like any other.
        return PlannedRepair(f, RELEASE)
    if f.status == MISSING_LOCK:
        if len(f.account_keys) != 1 or len(f.account_ids) != 1:
            return PlannedRepair(f, DECIDE, "The finding does not name exactly one account.")
        why = too_long(schema.stored_lock_key(rule, f.value), schema.lock_pk_name)
        if why is not None:
            # A claim would fail DynamoDB's key limit every time: only another value can be locked.
            return PlannedRepair(f, DECIDE, f"Not claimed: this value can never be locked (its lock's "
                                            f"{why}), so a claim would be refused every time. Which "
                                            f"shorter {rule.attribute} the account gets instead is a "
                                            "person's decision.")
        if f.account_ids[0] in expired:  # else planned, then skipped at every run's re-check
            return PlannedRepair(f, DECIDE, f"Not claimed: account {f.account_ids[0]} has expired (its "
                                            "TTL passed; the report lists it as expired), so DynamoDB "
                                            "deletes it and a lock claimed for it would be left an "
                                            "orphan. Renewing or deleting the account is a person's "
                                            "decision.")
        return PlannedRepair(f, CLAIM)
    return PlannedRepair(f, DECIDE, "This kind of finding is not repaired automatically.")


@dataclass(frozen=True)
class RepairPlan:
    """Every finding of a report with what the repair does about it."""

    table: str
    items: tuple[PlannedRepair, ...]

    @property
    def actionable(self) -> list[PlannedRepair]:
        return [p for p in self.items if p.kind != DECIDE]

    @property
    def releases(self) -> list[PlannedRepair]:
        return [p for p in self.items if p.kind == RELEASE]

    @property
    def claims(self) -> list[PlannedRepair]:
        return [p for p in self.items if p.kind == CLAIM]

    @property
    def decisions(self) -> list[PlannedRepair]:
        return [p for p in self.items if p.kind == DECIDE]

    def summary(self) -> str:
        decide = len(self.decisions)
        return (f"Will release {count_text(len(self.releases), 'orphan lock')} and claim "
                f"{count_text(len(self.claims), 'missing lock')}; {count_text(decide, 'finding')} "
                f"{'needs' if decide == 1 else 'need'} a decision.")


def plan_repairs(findings: Iterable[Finding], schema: UniquenessSchema, table: str) -> RepairPlan:
    """What a repair of these findings does, finding by finding (no reads)."""
    findings = list(findings)
    # Account items the report found expired (their EXPIRED finding names no rule).
    expired = frozenset(a for f in findings if f.status == EXPIRED and f.rule is None for a in f.account_ids)
    locks = schema.locks.name if schema.locks is not None else table
    return RepairPlan(table, tuple(_plan_one(f, schema, expired, locks) for f in findings))


def hold_releases(plan: RepairPlan, reason: str) -> RepairPlan:
    """``plan`` with every release left to a person for ``reason`` (the locks' table's TTL could
    not be read: ``repair.ttl_guard``); claims and decisions as they were."""
    return _hold(plan, RELEASE, reason)


def hold_claims(plan: RepairPlan, reason: str) -> RepairPlan:
    """``plan`` with every claim left to a person for ``reason`` (the accounts' table's TTL could
    not be read, so an expired account cannot be told: ``repair.ttl_guard``); releases and
    decisions as they were."""
    return _hold(plan, CLAIM, reason)


def held_where_ttl_unknown(plan: RepairPlan, table: TableInfo) -> RepairPlan:
    """The window's plan for one table whose TTL could not be read: its releases and claims left
    to a person up front, as its run would leave them (``ttl_guard.held_release``, ``held_claim``),
    rather than planned and then refused. A table whose TTL is known: ``plan`` as it is."""
    if table.ttl_error is None:
        return plan
    return hold_claims(hold_releases(plan, ttl_unknown_reason(table.name)),
                       claim_ttl_unknown_reason(table.name))


def _hold(plan: RepairPlan, kind: str, reason: str) -> RepairPlan:
    return replace(plan, items=tuple(PlannedRepair(p.finding, DECIDE, reason) if p.kind == kind
                                     else p for p in plan.items))
