"""Which templates apply to a selected item, from what is known about its values.

A repair is offered only where its problem is: claim for an account value with no lock (a
missing lock), resolve for a value two accounts hold (a duplicate), release for a lock no
account holds (an orphan). What is known comes from the audit's findings for the selected
row, a diagnosis of one value, or a strongly consistent read of the account's own locks
(which sees a missing lock, but not who else holds a value). Where nothing shows that a
repair applies it is not offered, and a note says why and what would tell.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from dynoview.core.uniqueness.diagnose_answer import HOLDER_UNKNOWN
from dynoview.core.uniqueness.findings import (
    DUPLICATE_VALUE,
    EXPIRED,
    EXPLANATIONS,
    LABELS,
    MISSING_LOCK,
    NO_VALUE,
    OK,
    ORPHAN_LOCK,
    Finding,
    PairRow,
)
from dynoview.core.uniqueness.schema import UniquenessSchema, protected_text, string_value

if TYPE_CHECKING:
    from dynoview.core.reads.reader import Reader
    from dynoview.core.uniqueness.diagnose import Diagnosis

SIGN_UP = "sign_up"
CHANGE_VALUE = "change_value"
DELETE_ACCOUNT = "delete_account"
CLAIM_LOCK = "claim_missing_lock"
RESOLVE_DUPLICATE = "resolve_duplicate"
RELEASE_LOCK = "release_orphan_lock"
DELETE_ITEM = "delete_item"

# Where the evidence came from: the audit and a diagnosis looked for every holder of a
# value; a lock read only saw whether each of the account's locks exists.
AUDIT = "audit"
DIAGNOSIS = "diagnosis"
LOCK_READ = "lock read"


@dataclass(frozen=True)
class Evidence:
    """What is known about the selected item's values: the findings about it, and what was
    checked (every rule unless ``rules`` names some)."""

    findings: tuple[Finding, ...] = ()
    source: str = AUDIT
    rules: frozenset[str] | None = None

    def covers(self, rule: str) -> bool:
        return self.rules is None or rule in self.rules

    @property
    def holders_known(self) -> bool:
        """Whether every account holding a value was looked for (duplicates and orphans)."""
        return self.source != LOCK_READ


@dataclass(frozen=True)
class Offer:
    """One template that applies, and the rule it acts on (None: the whole item)."""

    name: str
    rule: str | None = None


@dataclass(frozen=True)
class Applicable:
    """The templates that apply to a selection, and why any repair is not offered."""

    offers: tuple[Offer, ...]
    notes: tuple[str, ...] = ()

    def names(self) -> list[str]:
        return [o.name for o in self.offers]


def _account_findings(schema: UniquenessSchema, item: Mapping[str, Any],
                      evidence: Evidence) -> dict[str, set[str]]:
    """Per rule, the statuses of the findings about this account's current value (a finding
    about a value the account no longer holds says nothing about it)."""
    acct = string_value(item.get(schema.pk_name))
    out: dict[str, set[str]] = {}
    for rule in schema.rules:
        value = protected_text(item.get(rule.attribute))
        if value is None or not evidence.covers(rule.name):
            continue
        held = rule.held_form(item)  # the finding's value: normalised, a scoped rule's with its scope
        out[rule.name] = {f.status for f in evidence.findings
                          if f.rule == rule.name and acct in f.account_ids and f.value == held}
    return out


def _lock_findings(schema: UniquenessSchema, item: Mapping[str, Any], evidence: Evidence) -> list[Finding]:
    match = schema.match_lock(item)
    pk = string_value(item.get(schema.lock_pk_name))
    if match is None or not evidence.covers(match[0].name):
        return []
    return [f for f in evidence.findings if f.rule == match[0].name
            and any(string_value(k.get(schema.lock_pk_name)) == pk for k in f.lock_keys)]


def templates_for(schema: UniquenessSchema, item: Mapping[str, Any] | None,
                  evidence: Evidence | None = None) -> Applicable:
    """The templates that apply to ``item`` given what ``evidence`` says about it (None:
    nothing is known yet, so no repair is offered)."""
    offers = [Offer(SIGN_UP)]
    if item is None:
        return Applicable(tuple(offers))
    if schema.is_account(item):
        return _for_account(schema, item, evidence, offers)
    match = schema.match_lock(item)
    if match is None:
        return Applicable((*offers, Offer(DELETE_ITEM)))
    rule, value = match
    found = _lock_findings(schema, item, evidence) if evidence is not None else []
    # An expired lock no account holds blocks its value just as an orphan does.
    if any(f.status == ORPHAN_LOCK or (f.status == EXPIRED and not f.account_ids) for f in found):
        return Applicable((*offers, Offer(RELEASE_LOCK, rule.name)))
    if evidence is None or not evidence.holders_known or not evidence.covers(rule.name):
        note = (f"Release is offered only for an orphan lock: Diagnose {rule.name} {value} or run "
                "the audit to see whether an account holds it.")
    elif found:  # a clash folds the orphan into it: releasing one spelling is a person's call
        labels = _listed(sorted({LABELS[f.status].lower() for f in found}))
        note = (f"Release is not offered: the {evidence.source} found a {labels} on {value} (see "
                "Accounts & locks).")
    else:
        note = f"Release is not offered: the {evidence.source} found an account holding {value}."
    return Applicable(tuple(offers), (note,))


def _for_account(schema: UniquenessSchema, item: Mapping[str, Any], evidence: Evidence | None,
                 offers: list[Offer]) -> Applicable:
    offers += [Offer(CHANGE_VALUE, r.name) for r in schema.rules]
    offers.append(Offer(DELETE_ACCOUNT))
    held = [r for r in schema.rules if protected_text(item.get(r.attribute)) is not None]
    if not held:
        return Applicable(tuple(offers))
    if evidence is None:
        return Applicable(tuple(offers), (
            "Claim and resolve are offered only for a value missing its lock or held twice, and "
            "nothing is known about this account's values yet: run the audit or Diagnose a value.",))
    statuses = _account_findings(schema, item, evidence)
    repairs = [Offer(CLAIM_LOCK, r.name) for r in held if MISSING_LOCK in statuses.get(r.name, ())]
    repairs += [Offer(RESOLVE_DUPLICATE, r.name) for r in held
                if DUPLICATE_VALUE in statuses.get(r.name, ())]
    clean = [r.name for r in held if evidence.covers(r.name) and not statuses.get(r.name)]
    unchecked = [r.name for r in held if not evidence.covers(r.name)]
    notes = []
    if not repairs and clean:
        found = "locked and held once" if evidence.holders_known else "locked"
        notes.append(f"No repair applies: the {evidence.source} found {_listed(clean)} {found}.")
    for rule in held:
        other = sorted(statuses.get(rule.name, set()) - {MISSING_LOCK, DUPLICATE_VALUE})
        if other:
            notes.append(f"The {evidence.source} found {_listed([LABELS[s].lower() for s in other])} "
                         f"on {rule.name}: no template here repairs that (see Accounts & locks).")
    if unchecked:
        notes.append(f"The {evidence.source} did not check {_listed(unchecked)}: run the audit to see "
                     "whether a repair applies there.")
    if not evidence.holders_known:
        notes.append("Resolve duplicate is offered only for a value two accounts hold, which a read of "
                     "the locks cannot show: run the audit or Diagnose the value.")
    return Applicable((*offers, *repairs), tuple(notes))


def _listed(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


# ------------------------------------------------------------------ evidence from each source


def row_evidence(row: PairRow | None, stale: bool = False) -> Evidence | None:
    """What an audit row says: its findings, and a finding for any problem cell that has none
    of its own (a lock row's status stands for it). None without a row, or for a ``stale`` one
    (written since the audit, or seen before the audit ended): nothing is known then."""
    if row is None or stale:
        return None
    findings = list(row.findings)
    for rule, cell in row.cells.items():
        if cell.finding is not None and cell.finding not in findings:
            findings.append(cell.finding)
        elif cell.finding is None and cell.status not in (OK, NO_VALUE):
            accts = (row.account_id,) if row.account_id else ()
            findings.append(Finding(cell.status, rule, cell.value, accts,
                                    (cell.lock_key,) if cell.lock_key else (), "",
                                    EXPLANATIONS[cell.status]))
    return Evidence(tuple(findings), AUDIT)


def diagnosis_evidence(d: Diagnosis) -> Evidence:
    """What a diagnosis says about its one value (the other rules were not checked). A diagnosis
    that could not tell who holds the value (HOLDER_UNKNOWN: an index finds only the spellings
    asked for) checked nothing about its holders: its rule counts as not checked, so no release
    is offered and the note says what would tell, never "the diagnosis found an account"."""
    if d.status == HOLDER_UNKNOWN:
        return Evidence((), DIAGNOSIS, frozenset())
    findings: tuple[Finding, ...] = ()
    if d.is_problem and d.status in EXPLANATIONS:
        locks = (d.lock_key,) if d.lock_item is not None else ()
        findings = (Finding(d.status, d.rule, d.stored, tuple(d.account_ids), locks, d.sentence,
                            EXPLANATIONS[d.status]),)
    return Evidence(findings, DIAGNOSIS, frozenset({d.rule}))


def read_lock_evidence(reader: Reader, table: str, schema: UniquenessSchema,
                       item: Mapping[str, Any]) -> Evidence:
    """Read each of the account's locks with a strongly consistent GetItem (what a signup's
    attribute_not_exists would meet): a value whose lock is absent is a missing lock. Other
    holders of a value are not looked for (``holders_known`` is False)."""
    acct = string_value(item.get(schema.pk_name)) or ""
    findings = []
    if schema.is_account(item):
        for rule in schema.rules:
            value = protected_text(item.get(rule.attribute))
            if value is None:
                continue
            form = rule.held_form(item) or value  # a scoped rule's lock is keyed by the scope too
            key = schema.stored_lock_key(rule, form)
            if reader.get_item(schema.locks_table_name(table), key, consistent=True) is not None:
                continue
            findings.append(Finding(
                MISSING_LOCK, rule.name, form, (acct,), (),
                f"Account {acct} uses {rule.name} {value!r} and there is no lock "
                f"{string_value(key.get(schema.lock_pk_name))}.",
                EXPLANATIONS[MISSING_LOCK], (schema.account_key(acct),)))
    return Evidence(tuple(findings), LOCK_READ)
