"""Name what a ``Pairing`` holds: its findings, the forms of a clash, counts and view rows.

``pairing.py`` keeps the state and how items reach it (``feed``, ``apply``) and caches the
findings; here that state is read and classified, as functions of the pairing (its methods
delegate to them). Kept apart so the feeding hot loop and the rules that name each broken case
(see ``pairing.py``'s docstring) can each be read on their own.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any, Protocol

from dynoview.core.uniqueness.clash_groups import case_groups, lookalike_groups, spelled
from dynoview.core.uniqueness.findings import (
    CASE_CLASH,
    DUPLICATE_VALUE,
    EXPIRED,
    EXPLANATIONS,
    LOOKALIKE_CLASH,
    MISSING_LOCK,
    NO_VALUE,
    OK,
    ORPHAN_LOCK,
    SEVERITY,
    STATUSES,
    Cell,
    Finding,
    PairRow,
)
from dynoview.core.uniqueness.forms import trims
from dynoview.core.uniqueness.key_limits import too_long
from dynoview.core.uniqueness.pairing_state import RuleState, missing_from, shared_values
from dynoview.core.uniqueness.reservation import (
    RESERVATION_EXPLANATION,
    reservation_sentence,
    reservation_state,
    until_text,
)
from dynoview.core.uniqueness.schema import LockRule
from dynoview.core.uniqueness.scoped_keys import rule_clash_key, rule_lookalike_key
from dynoview.core.values.visible_text import visible_value

if TYPE_CHECKING:
    from dynoview.core.uniqueness.schema import UniquenessSchema


class Pairing(Protocol):
    """What these functions read of a ``pairing.Pairing`` (which imports this module: naming
    the class here would make the two modules a cycle)."""

    schema: UniquenessSchema
    rules: dict[str, RuleState]
    now: float  # epoch seconds the TTLs are judged at

    @property
    def accounts(self) -> Mapping[str, object]: ...

    def account(self, acct: str) -> tuple[tuple[str | None, ...], bool, str | None]: ...

    def account_key(self, acct: str) -> dict[str, Any]: ...

    def lock_key(self, rule: LockRule, stored_value: str) -> dict[str, Any]: ...

    def expired_account_ids(self) -> set[str]: ...

    def findings(self) -> list[Finding]: ...

    def ok_count(self) -> int: ...

# (sort value, status, finding): a rule's findings before they are put in order.
Found = list[tuple[str, str, Finding]]


def empty_text(rule_name: str | None, scope: str | None = None) -> str:
    """The empty value as every sentence names it: printed bare, '' reads as a missing word
    (a lock ``UNIQ#EMAIL#`` left by older versions or other tools is an orphan on '')."""
    where = "" if scope is None else f" in scope {scope}"
    return f"the empty {rule_name or 'value'} ('')" + where


def empty_named(rule: LockRule, form: str) -> str | None:
    """``empty_text`` for a stored form whose value (scope aside) is empty, else None."""
    return empty_text(rule.name, rule.scope_part(form)) if not rule.value_part(form) else None


def _named(rule: LockRule, value: str) -> str:
    """"email 'ada@x.io'" in a sentence, or the empty value named as such."""
    return empty_named(rule, value) or f"{rule.name} {rule.spelled(value)}"


def all_findings(pairing: Pairing) -> tuple[list[Finding], int, dict[str, list[str]]]:
    """Every problem in the pairing's state, in a stable order (rule, value, status); the
    number of healthy (account, rule) pairs; per rule, the lock values no account holds."""
    out: list[Finding] = []
    ok = 0
    unheld: dict[str, list[str]] = {}
    for state in pairing.rules.values():
        found, healthy = _rule_findings(pairing, state, unheld)
        out.extend(found)
        ok += healthy
    for acct in sorted(pairing.expired_account_ids()):
        out.append(_expired_account_finding(pairing, acct))
    return out, ok, unheld


def _expired_account_finding(pairing: Pairing, acct: str) -> Finding:
    return Finding(
        EXPIRED, None, None, (acct,), (),
        f"Account {visible_value(acct)} has expired (its TTL has passed) but is still readable; once "
        "DynamoDB deletes it, its locks become orphans. Renew the TTL or delete the "
        "account and its locks together.",
        EXPLANATIONS[EXPIRED], (pairing.account_key(acct),))


def _rule_findings(pairing: Pairing, state: RuleState,
                   unheld: dict[str, list[str]]) -> tuple[list[Finding], int]:
    """One rule's findings and its number of healthy (account, value, lock) triples."""
    found, clashed = _clash_findings(pairing, state)
    lookalikes, alike = _lookalike_findings(pairing, state)
    found.extend(lookalikes)
    ok = _value_findings(pairing, state, clashed, found, alike, unheld)
    found.sort(key=lambda t: (t[0], t[1]))
    return [f for _, _, f in found], ok


def _clash_findings(pairing: Pairing, state: RuleState) -> tuple[Found, set[str]]:
    """The rule's CASE_CLASH findings (by clash key), and every form that clashes."""
    def say(members: set[str], who: str, n_locks: int) -> str:
        how = "case or spacing" if all(map(str.isascii, members)) else (
            "case, spacing, Unicode form or invisible characters")
        return (f"The {state.rule.name} values {_members(state.rule, members)} differ only in {how} ({who}; "
                f"{n_locks} lock(s)): uniqueness is not enforced between them. Keep one "
                "spelling and one lock.")
    return _group_findings(pairing, state, CASE_CLASH, case_groups(state), say)


def _lookalike_findings(pairing: Pairing, state: RuleState) -> tuple[Found, set[str]]:
    """The rule's LOOKALIKE_CLASH findings (by lookalike key), and every form in one."""
    def say(members: set[str], who: str, n_locks: int) -> str:
        return (f"The {state.rule.name} values {_members(state.rule, members)} look the same but are "
                f"different values ({who}; {n_locks} lock(s)): one may be impersonating another. Check who "
                "owns each account before changing either.")
    return _group_findings(pairing, state, LOOKALIKE_CLASH, lookalike_groups(state), say)


def _members(rule: LockRule, members: set[str]) -> str:
    """A clash's forms as ``spelled`` shows them, a lock on '' named as the empty value."""
    empty = [text for m in members if (text := empty_named(rule, m)) is not None]
    return ", ".join(filter(None, [", ".join(empty), spelled(m for m in members if rule.value_part(m))]))


def _group_findings(pairing: Pairing, state: RuleState, status: str, groups: dict[str, set[str]],
                    say: Callable[[set[str], str, int], str]) -> tuple[Found, set[str]]:
    """One clash finding per group of forms (by its key), worded by ``say(members, who, number
    of locks)``; and every form in a group."""
    grouped: set[str] = set()
    found: Found = []
    for key, members in groups.items():
        grouped.update(members)
        accts = sorted({a for m in members for a in state.holders_of(m)})
        lock_values = sorted(m for m in members if m in state.locks)
        who = f"account(s) {_ids(accts)}" if accts else "no account"
        found.append((key, status, _finding(pairing, status, state.rule, key, accts, lock_values,
                                            say(members, who, len(lock_values)))))
    return found, grouped


def _shared(state: RuleState) -> set[str]:
    """The rule's values held by two or more accounts, found once until more items come."""
    shared = state.shared
    if shared is None:
        shared = state.shared = shared_values(state.holders)
    return shared


def _value_findings(pairing: Pairing, state: RuleState, clashed: set[str], found: Found,
                    alike: set[str], unheld_by_rule: dict[str, list[str]]) -> int:
    """Add the rule's duplicate, expired, missing and orphan findings (missing and orphan
    outside case clashes) to ``found``, and its unheld lock values to ``unheld_by_rule``;
    return the number of healthy values (outside case and lookalike clashes)."""
    rule = state.rule
    locks, holders = state.locks, state.holders
    # The healthy case (one account, its live lock, no clash) is most values: set operations
    # (C loops) find the others, and only those are visited here.
    shared = _shared(state)
    # Slice by slice (C loops of milliseconds): a window's event loop runs meanwhile.
    unhealthy = set(missing_from(holders, locks))
    expired_locks = state.expired_locks()
    unhealthy.update(shared, filter(holders.__contains__, clashed),
                     filter(holders.__contains__, alike),
                     filter(holders.__contains__, expired_locks))
    ok = len(holders) - len(unhealthy)
    for value in unhealthy:
        held = holders[value]
        lock_expired = locks.get(value)  # None: no lock; False: live lock; True: expired
        accts = [held] if held.__class__ is str else sorted(held)
        locked = lock_expired is not None
        if len(accts) >= 2:
            found.append((value, DUPLICATE_VALUE, _duplicate_finding(pairing, rule, value, accts, locked)))
        if lock_expired:
            found.append((value, EXPIRED, _expired_finding(pairing, rule, value, accts)))
        elif len(accts) == 1 and not locked and value not in clashed:
            found.append((value, MISSING_LOCK, _missing_finding(pairing, rule, value, accts[0])))
    unheld = unheld_by_rule[rule.name] = missing_from(locks, holders)
    for value in unheld:
        expired = locks[value]
        if expired:
            found.append((value, EXPIRED, _expired_finding(pairing, rule, value, [])))
        elif value not in clashed:
            found.append((value, ORPHAN_LOCK, _orphan_finding(pairing, state, value)))
    return ok


def _orphan_finding(pairing: Pairing, state: RuleState, value: str) -> Finding:
    """A live lock no account holds: stuck, or a reservation its TTL frees (``reservation``)."""
    rule = state.rule
    reserved = reservation_state(state.ttls.get(value), pairing.now) if state.ttls else None
    if reserved is not None:
        until = until_text(reserved)
        found = _finding(pairing, ORPHAN_LOCK, rule, value, [], [value], reservation_sentence(
            _orphan_named(rule, value), until))
        return replace(found, explanation=RESERVATION_EXPLANATION, reserved_until=until)
    return _finding(pairing, ORPHAN_LOCK, rule, value, [], [value],
                    f"{_orphan_named(rule, value)} is locked, and no account uses it: a stuck signup "
                    "or a value left behind by a change; diagnose it to see which.")


def _orphan_named(rule: LockRule, value: str) -> str:
    """An orphan lock's value at the start of its sentence: bare, or the empty value named."""
    empty = empty_named(rule, value)
    if empty is not None:
        return empty[0].upper() + empty[1:]
    return visible_value(value) if rule.scope is None else rule.spelled(value)


def _ids(accts: Sequence[str]) -> str:
    """Account ids (partition keys from the table) in a sentence, each as ``visible_value``
    quotes it: one line, and two different ids never read alike."""
    return ", ".join(visible_value(a) for a in accts)


#: A missing lock whose key is longer than DynamoDB allows: "Claim the lock" would be advice
#: no one can follow (the claim fails validation), so the value itself has to change.
UNLOCKABLE_EXPLANATION = (
    "The account's value has no lock item, and none can ever be written: the lock's key would be "
    "longer than DynamoDB allows for a key. Uniqueness cannot be enforced for this value; a person "
    "changes the account's value to a shorter one, whose lock can then be claimed.")


def _missing_finding(pairing: Pairing, rule: LockRule, value: str, acct: str) -> Finding:
    """A missing lock: claim it, or, when its key can never exist, change the value."""
    uses = f"Account {visible_value(acct)} uses {_named(rule, value)} without a lock"
    why = too_long(pairing.lock_key(rule, value), pairing.schema.lock_pk_name)
    if why is None:
        return _finding(pairing, MISSING_LOCK, rule, value, [acct], [],
                        f"{uses}: uniqueness is not enforced for it. Claim the lock for this account.")
    found = _finding(pairing, MISSING_LOCK, rule, value, [acct], [],
                     f"{uses}, and this value can never be locked: its lock's {why}. Change the "
                     f"account's {rule.attribute} to a shorter value; no lock can be claimed for this one.")
    return replace(found, explanation=UNLOCKABLE_EXPLANATION)


def _duplicate_finding(pairing: Pairing, rule: LockRule, value: str, accts: list[str],
                       locked: bool) -> Finding:
    lock_text = "is locked" if locked else "has no lock"
    return _finding(
        pairing, DUPLICATE_VALUE, rule, value, accts, [value] if locked else [],
        f"{len(accts)} accounts ({_ids(accts)}) hold the {rule.name} "
        f"{rule.spelled(value)}, which {lock_text}: uniqueness was already broken. Keep it on one "
        "account and change the others.")


def certain_findings(pairing: Pairing) -> list[Finding]:
    """The findings no item read later can undo (duplicates, case and lookalike clashes,
    expired items), so they can be shown while the scan runs; orphans and missing locks
    need every item.

    Costs set operations over the state (C loops), not a walk of every value.
    """
    out: list[Finding] = []
    for state in pairing.rules.values():
        found, _clashed = _clash_findings(pairing, state)
        found.extend(_lookalike_findings(pairing, state)[0])
        holders, locks = state.holders, state.locks
        for value in _shared(state):
            found.append((value, DUPLICATE_VALUE, _duplicate_finding(
                pairing, state.rule, value, sorted(holders[value]), value in locks)))
        for value in state.expired_locks():
            found.append((value, EXPIRED, _expired_finding(
                pairing, state.rule, value, sorted(state.holders_of(value)))))
        found.sort(key=lambda t: (t[0], t[1]))
        out.extend(f for _, _, f in found)
    for acct in sorted(pairing.expired_account_ids()):
        out.append(_expired_account_finding(pairing, acct))
    return out


def _expired_finding(pairing: Pairing, rule: LockRule, value: str, accts: list[str]) -> Finding:
    owner = f"account {visible_value(accts[0])}" if len(accts) == 1 else (
        "no account" if not accts else f"{len(accts)} accounts")
    return _finding(
        pairing, EXPIRED, rule, value, accts, [value],
        f"The lock for {_named(rule, value)} (held by {owner}) has expired but is "
        "still readable: it blocks the value until DynamoDB deletes it, then the value "
        "is unprotected. Renew the TTL, or release the lock if it is not needed.")


def _finding(pairing: Pairing, status: str, rule: LockRule, value: str, accts: list[str],
             locks: list[str], sentence: str) -> Finding:
    return Finding(status, rule.name, value, tuple(accts),
                   tuple(pairing.lock_key(rule, v) for v in locks), sentence,
                   EXPLANATIONS[status], tuple(pairing.account_key(a) for a in accts))


def findings_of(pairing: Pairing, rule_name: str, form: str) -> list[Finding]:
    """The findings that concern one stored form of a rule (a lock value, or an account
    value after the rule's normalisation): its own, the clashes it is a member of, and its
    holders' expired-account findings. What a diagnosis of the form reports."""
    state = pairing.rules[rule_name]
    holders = set(state.holders_of(form))
    trim = trims(state.rule.normalisation)
    out: list[Finding] = []
    for f in pairing.findings():
        if f.rule is None:
            if holders.intersection(f.account_ids):
                out.append(f)
        elif f.rule != rule_name:
            continue
        elif f.status in (CASE_CLASH, LOOKALIKE_CLASH):
            # A member by its key, not by its holders: where accounts' sort keys vary, one
            # account's items may hold a member and another value of the rule.
            key = rule_clash_key if f.status == CASE_CLASH else rule_lookalike_key
            if key(state.rule.middle, form, trim) == f.value:
                out.append(f)
        elif f.value == form:
            out.append(f)
    return out


def members(pairing: Pairing, finding: Finding) -> list[str]:
    """The stored forms of a case or lookalike clash, sorted (a walk of the rule's forms:
    for a small pairing, such as a diagnosis's)."""
    state = pairing.rules[finding.rule or ""]
    trim = trims(state.rule.normalisation)
    key = rule_clash_key if finding.status == CASE_CLASH else rule_lookalike_key
    middle = state.rule.middle
    return sorted(f for f in {*state.locks, *state.holders} if key(middle, f, trim) == finding.value)


def counts(pairing: Pairing) -> dict[str, int]:
    """Findings per status, plus OK as the number of healthy (account, rule) pairs."""
    counted = dict.fromkeys(STATUSES, 0)
    for f in pairing.findings():
        counted[f.status] += 1
    counted[OK] = pairing.ok_count()
    return counted


def rows(pairing: Pairing) -> list[PairRow]:
    """The side-by-side view: one row per account, then one per lock no account needs. A cell
    shows the worst finding naming it; its row lists every finding that names it."""
    schema = pairing.schema
    by_cell, by_lock, acct_expired = findings_by_place(schema.lock_pk_name, pairing.findings())
    out: list[PairRow] = []
    for acct in sorted(pairing.accounts):
        values, expired, _ = pairing.account(acct)
        row = PairRow("account", acct, pairing.account_key(acct), expired=expired)
        if acct in acct_expired:
            row.findings.append(acct_expired[acct])
        for index, state in enumerate(pairing.rules.values()):
            rule = state.rule
            value = values[index]
            found = by_cell.get((rule.name, acct), ())
            row.findings.extend(f for f in found if f not in row.findings)
            if not value:
                row.cells[rule.name] = Cell(value, NO_VALUE)
                continue
            lock_value = state.held_form(value, acct)  # a scope may hold the middle
            lock_key = pairing.lock_key(rule, lock_value) if lock_value in state.locks else None
            cell_finding = found[0] if found else None
            row.cells[rule.name] = Cell(value, cell_finding.status if cell_finding else OK, lock_key,
                                        cell_finding)
        out.append(row)
    for state in pairing.rules.values():
        rule = state.rule
        for value in sorted(state.locks):
            if state.holders.get(value) is not None:
                continue
            key = pairing.lock_key(rule, value)
            found = by_lock.get((rule.name, key[schema.lock_pk_name]["S"]), ())
            lock_finding = found[0] if found else None
            status = lock_finding.status if lock_finding else ORPHAN_LOCK
            row = PairRow("lock", None, key, cells={rule.name: Cell(value, status, key, lock_finding)})
            row.findings.extend(found)
            out.append(row)
    return out


def place_rank(status: str) -> tuple[int, bool]:
    """Which finding a cell shows when several name it: the most severe; between warnings,
    a lookalike clash (a possible impersonation) over the others."""
    return SEVERITY[status], status == LOOKALIKE_CLASH


def findings_by_place(pk_name: str, findings: Iterable[Finding]) -> tuple[
        dict[tuple[str, str], list[Finding]], dict[tuple[str, str], list[Finding]], dict[str, Finding]]:
    """Every finding naming each account cell, by (rule, account id), and each lock, by (rule,
    lock PK), worst first (``place_rank``: the first is what the cell shows; a lookalike clash
    is never hidden behind a missing lock, nor an expired lock behind a duplicate); and each
    expired account's finding."""
    by_cell: dict[tuple[str, str], list[Finding]] = {}
    by_lock: dict[tuple[str, str], list[Finding]] = {}
    acct_expired: dict[str, Finding] = {}
    # Reversed, then a stable sort: between findings of one rank the last one given comes
    # first, as when the last one written won.
    for f in sorted(reversed(list(findings)), key=lambda f: place_rank(f.status), reverse=True):
        if f.rule is None:
            acct_expired.setdefault(f.account_ids[0], f)
            continue
        for a in f.account_ids:
            by_cell.setdefault((f.rule, a), []).append(f)
        for key in f.lock_keys:
            by_lock.setdefault((f.rule, key[pk_name]["S"]), []).append(f)
    return by_cell, by_lock, acct_expired
