"""What the uniqueness preflight answers: each (rule, value) pair before and after, the refusals,
the warnings that need confirmation, and the notes.

The reading and judging live in ``check``; the before/after comparison of findings in
``compare``; the sentences for a refusal in ``refusals`` and for a warning in ``warnings``.
All name items by the helpers at the end of this module.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from dynoview.core.preflight.effects import UNKNOWN
from dynoview.core.tx.model import Transaction
from dynoview.core.tx.wire import body_json, request_body
from dynoview.core.uniqueness.findings import (
    CASE_CLASH,
    DUPLICATE_VALUE,
    EXPIRED,
    LABELS,
    LOOKALIKE_CLASH,
    MISSING_LOCK,
    OK,
    ORPHAN_LOCK,
    SEVERITY,
)
from dynoview.core.uniqueness.reservation import reservation_sentence
from dynoview.core.uniqueness.schema import LockRule, UniquenessSchema
from dynoview.core.values.visible_text import visible_value

FREE = "FREE"  # no lock and no account: nothing to protect
UNPREDICTABLE = "UNPREDICTABLE"  # an Update whose effect on a protected value cannot be computed
CANCELLED = "CANCELLED"  # a refusal: an action's condition fails on what the preflight read
#: A refusal: a Delete would destroy attributes added since its item was opened. Not CANCELLED:
#: DynamoDB would apply it (a resend's replay check must not drop it).
UNSEEN_ATTRIBUTES = "UNSEEN_ATTRIBUTES"
#: A warning: a lock removed while an account storing another spelling of its value (which the
#: rule folds into it, or the audit pairs with it as a case clash) could not be looked up, so it
#: may still be held.
UNSEEN_HOLDER = "UNSEEN_HOLDER"
_LABELS = {**LABELS, UNSEEN_HOLDER: "Holder not looked up"}
#: A refusal: the transaction releases a lock read as a reservation (its TTL ahead, no account
#: holding its value yet: a sign-up completing), which the audit never counts as a problem.
RESERVATION = "RESERVATION"

NOT_ATOMIC_NOTE = ("The preflight's reads are not atomic with the write: another writer can change "
                   "these items in between, so the transaction's own conditions remain the real guard.")

#: rule name -> form (a lock value, or an account value after the rule's normalisation) ->
#: (the accounts holding it, whether its lock exists)
Forms = dict[str, dict[str, tuple[tuple[str, ...], bool]]]

#: How bad a pair's status is, for "repaired" (FREE is as good as OK; UNPREDICTABLE is worst).
_RANK = {**SEVERITY, FREE: 0, UNPREDICTABLE: 3}


@dataclass(frozen=True)
class Pair:
    """One (rule, value) before and after the transaction.

    The statuses are the audit engine's findings for the value (``findings`` names), or FREE
    (no lock, no account) or UNPREDICTABLE (an Update the preflight cannot simulate).
    """

    rule: str
    value: str  # the value as the lock stores it (normalised)
    lock_key: dict[str, Any]
    lock_text: str  # the lock's partition key, e.g. UNIQ#EMAIL#ada@lovelace.io
    holders_before: tuple[str, ...]
    holders_after: tuple[str, ...]
    locked_before: bool
    locked_after: bool
    status_before: str
    status_after: str
    #: The transaction creates (or grows) a finding that breaks the invariant on this value.
    breaks: bool = False
    #: The transaction creates (or grows) a warning on this value (needs confirmation).
    warns: bool = False
    #: The other forms of the value's clash group after the transaction (case or lookalike).
    clash_with: tuple[str, ...] = ()
    #: Accounts holding the value (or another spelling of it) could not all be looked up, and the
    #: transaction releases its lock or adds a holder to it (UNSEEN_HOLDER).
    unseen: bool = False
    #: When the lock's TTL passes, before and after, where the value is a reservation (an orphan
    #: lock whose TTL is ahead: ``reservation``), else "".
    reserved: tuple[str, str] = ("", "")

    @property
    def worse(self) -> bool:
        """True when the transaction breaks this pair (a new problem, or a bigger duplicate)."""
        return self.breaks or self.status_after == UNPREDICTABLE

    @property
    def repaired(self) -> bool:
        """A problem before, and a lesser one (or none) after."""
        # Not when its holders were not all seen: an "orphan" lock may be a live account's; nor
        # a reservation: a sign-up completing is no problem, and releasing it none repaired.
        return (self.status_before not in (OK, FREE) and self.status_after != UNPREDICTABLE
                and not self.unseen and not self.reserved[0]
                and _RANK[self.status_after] < _RANK[self.status_before])

    @property
    def releases_reservation(self) -> bool:
        """The lock was read as a reservation, and the transaction removes it."""
        return bool(self.reserved[0]) and self.locked_before and not self.locked_after

    @property
    def changed(self) -> bool:
        return (self.holders_before, self.locked_before) != (self.holders_after, self.locked_after)

    def line(self) -> str:
        """"after: lock UNIQ#EMAIL#ada@… held by ACCT#a1f9c3 ✓" and the broken variants: ✗ for a
        finding that breaks the invariant, ⚠ for a warning. Values from the table are quoted as
        ``visible_value`` shows them: a line break, a tab or a backslash in one cannot print a
        line, or a verdict, of its own."""
        rule, value = visible_value(self.rule), visible_value(self.value)
        lock_text = visible_value(self.lock_text)
        holders = ", ".join(visible_value(h) for h in self.holders_after)
        status = self.status_after
        if status == OK and self.unseen:
            return (f"after: lock {lock_text} held by {holders} ⚠ other holders not looked up: "
                    "the lock may be another account's")
        if status == OK:
            return f"after: lock {lock_text} held by {holders} ✓"
        if status == FREE and self.releases_reservation:
            return (f"after: {rule} {value} is free (no lock, no account) ✗ its lock was reserved "
                    f"until {self.reserved[0]} (a sign-up in progress), which loses the value")
        if status == FREE and self.unseen:
            return (f"after: {rule} {value} has no lock, and no account found holds it ⚠ "
                    "holders not all looked up")
        if status == FREE:
            return f"after: {rule} {value} is free (no lock, no account) ✓"
        if status == MISSING_LOCK:
            return f"after: {holders} holds {rule} {value} with no lock ✗ missing lock"
        if status == ORPHAN_LOCK and all(self.reserved):  # one found, not one this writes: not stuck
            return (f"after: lock {lock_text} held by no account yet {'✗' if self.breaks else '⚠'} "
                    f"reserved until {self.reserved[1]} (a sign-up in progress)")
        if status == ORPHAN_LOCK:
            return f"after: lock {lock_text} held by no account ✗ orphan lock"
        if status == DUPLICATE_VALUE:
            return f"after: {rule} {value} held by {holders} ✗ duplicate"
        who = f" (held by {holders})" if holders else ""
        others = ", ".join(visible_value(c) for c in self.clash_with)
        if status == CASE_CLASH and self.breaks and self.holders_after and not self.locked_after:
            # its own lock gone: the audit folds that into the clash, the preflight refuses it
            return (f"after: {holders} holds {rule} {value} with no lock of its own ✗ missing lock "
                    f"(the lock of {others or 'another spelling'} does not guard it)")
        if status == CASE_CLASH:
            return (f"after: {rule} {value}{who} and {others or 'another spelling'} are one "
                    f"value to a person but different lock keys ⚠ {LABELS[CASE_CLASH].lower()}")
        if status == LOOKALIKE_CLASH:
            return (f"after: {rule} {value}{who} looks like {others or 'another value'} "
                    f"⚠ {LABELS[LOOKALIKE_CLASH].lower()}")
        if status == EXPIRED:
            return f"after: lock {lock_text}{who} has expired but is still readable ⚠ expired"
        return f"after: {rule} {value}: cannot be predicted ✗"


@dataclass(frozen=True)
class Choice:
    """One thing the user can do where no right transaction exists, with its request when it
    is a write (each one passed its own preflight)."""

    text: str  # "claim it for ACCT#a1f9c3, which holds Mallory@example.com"
    template: str | None = None  # "claim_missing_lock", ... or None
    suggestion: Transaction | None = None  # None: nothing to send (e.g. "do not write it")


@dataclass(frozen=True)
class Refusal:
    """Why a transaction is refused: one broken pair in a sentence, and what to do instead.

    ``suggestion`` is the right transaction (it passed its own preflight); where none exists,
    ``choices`` lists what can be done instead.
    """

    action: int | None  # 0-based action that causes it, when one does
    rule: str
    value: str
    message: str
    template: str | None  # "change_value", "delete_account", "sign_up", ... or None
    suggestion: Transaction | None = None
    choices: tuple[Choice, ...] = ()
    status: str = ""  # the finding it would create: MISSING_LOCK, ORPHAN_LOCK, ...


def reservation_refusal(pair: Pair, index: int | None) -> Refusal:
    """The refusal of a transaction that releases ``pair``'s lock, read as a reservation, at
    action ``index`` (0-based; None: no one action does)."""
    where = f"Action {index + 1} releases" if index is not None else "This transaction releases"
    named = f"{visible_value(pair.rule).capitalize()} {visible_value(pair.value)}"
    return Refusal(index, pair.rule, pair.value, (
        f"{where} the lock {visible_value(pair.lock_text)}, which the preflight read as a "
        f"reservation. {reservation_sentence(named, pair.reserved[0])} Nothing was sent. Run the "
        "audit again to see the lock as it is now; to release it all the same, override this "
        "refusal."), None, status=RESERVATION)


@dataclass(frozen=True)
class PreflightWarning:
    """A warning the transaction would create (a case or lookalike clash, an expired item): it
    is sent only after the same explicit confirmation as an override."""

    action: int | None  # 0-based action that causes it, when one does
    status: str  # CASE_CLASH, LOOKALIKE_CLASH or EXPIRED
    rule: str | None  # None for an expired account item
    value: str | None  # the finding's value: the clash key, lookalike key or lock value
    forms: tuple[str, ...]  # the spellings involved (the group's members)
    accounts: tuple[str, ...]
    message: str

    @property
    def label(self) -> str:
        return _LABELS[self.status]


@dataclass
class Preflight:
    """The preflight's answer for one transaction."""

    pairs: list[Pair] = field(default_factory=list)
    refusals: list[Refusal] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    checked: bool = True  # False when nothing in the transaction is an account or a lock
    #: (table, account id) -> the account as read before the write (None: absent)
    seen: dict[tuple[str, str], dict[str, Any] | None] = field(default_factory=dict)
    #: The locks the transaction writes that the preflight read as present (``item_ident``s).
    locks_present: set[tuple[str, str]] = field(default_factory=set)
    warnings: list[PreflightWarning] = field(default_factory=list)

    @property
    def refused(self) -> bool:
        return bool(self.refusals)

    @property
    def needs_confirmation(self) -> bool:
        """Whether sending needs an explicit confirmation (the override: typing the table name):
        the transaction is refused, or it creates a warning."""
        return self.refused or bool(self.warnings)

    @property
    def repairs(self) -> list[Pair]:
        return [p for p in self.pairs if p.repaired]

    def lines(self) -> list[str]:
        """The "after this transaction" view: one line per pair the transaction touches."""
        out = [p.line() for p in self.pairs if p.changed or p.worse or p.status_after != OK]
        if not out:
            out = [p.line() for p in self.pairs]
        return out

    def summary(self) -> str:
        unseen = sum(1 for r in self.refusals if r.status == UNSEEN_ATTRIBUTES)
        if unseen:  # judged on any item, accounts and locks or not (``preflight.unseen``)
            others = len(self.refusals) - unseen
            return ("Refused by the preflight: an item this transaction deletes holds attributes "
                    "added since it was opened, which the Delete would destroy unseen. Nothing was "
                    "sent." + (f" {others} other refusal(s) are listed too." if others else ""))
        if self.refused and all(r.status == RESERVATION for r in self.refusals):
            return ("Refused by the preflight: this transaction releases a lock reserved by a sign-up "
                    "still completing (its TTL is ahead). Nothing was sent.")
        if self.refused and all(r.status == CANCELLED for r in self.refusals):  # any items', checked or not
            return (f"Refused by the preflight: DynamoDB would cancel this transaction ({len(self.refusals)} "
                    "condition(s) fail on the items as the preflight read them). Nothing was sent.")
        if not self.checked:
            return "Preflight: this transaction touches no account or lock of the uniqueness schema."
        if self.refused:
            return (f"Refused by the preflight: {len(self.refusals)} uniqueness problem(s) would be "
                    "created. Nothing was sent.")
        fixed = len(self.repairs)
        extra = f"; repairs {fixed} problem(s)" if fixed else ""
        if self.warnings:
            kinds = ", ".join(dict.fromkeys(w.label.lower() for w in self.warnings))
            return (f"Preflight: no lock breaks{extra}, but this transaction creates "
                    f"{len(self.warnings)} warning(s) ({kinds}) that need your explicit confirmation.")
        return f"Preflight passed: every account keeps its locks{extra}."

    def to_json(self) -> dict[str, Any]:
        return {
            "checked": self.checked,
            "refused": self.refused,
            "needs_confirmation": self.needs_confirmation,
            "pairs": [{"rule": p.rule, "value": p.value, "lock": p.lock_text,
                       "before": p.status_before, "after": p.status_after,
                       "holders_after": list(p.holders_after), "locked_after": p.locked_after,
                       "line": p.line()} for p in self.pairs],
            "refusals": [{"action": _one_based(r.action), "rule": r.rule, "value": r.value,
                          "status": r.status, "message": r.message, "template": r.template,
                          "suggestion": request_json(r.suggestion),
                          "choices": [{"text": c.text, "template": c.template,
                                       "suggestion": request_json(c.suggestion)} for c in r.choices]}
                         for r in self.refusals],
            "warnings": [{"action": _one_based(w.action), "status": w.status, "rule": w.rule,
                          "value": w.value, "forms": list(w.forms), "accounts": list(w.accounts),
                          "message": w.message} for w in self.warnings],
            "notes": list(self.notes),
        }


def _one_based(index: int | None) -> int | None:
    return None if index is None else index + 1


def request_json(tx: Transaction | None) -> Any:
    """A suggestion as the complete request a file holds (``transact`` runs it as it is)."""
    return body_json(request_body(tx.to_request())) if tx is not None else None


# ------------------------------------------------------------------ naming items and values


def pk_text(key: Mapping[str, Any], schema: UniquenessSchema) -> str | None:
    av = key.get(schema.pk_name)
    return av.get("S") if isinstance(av, Mapping) and isinstance(av.get("S"), str) else None


def item_ident(table: str, key: Mapping[str, Any]) -> tuple[str, str]:
    return table, repr(sorted((k, repr(sorted(v.items()))) for k, v in key.items()))


def pair_status(holders: Sequence[str], locked: bool) -> str:
    """OK, missing lock, orphan lock, duplicate or FREE for one value's holders and lock, as if
    no other spelling existed (the engine folds these into a clash; see ``compare``)."""
    if len(holders) >= 2:
        return DUPLICATE_VALUE
    if holders:
        return OK if locked else MISSING_LOCK
    return ORPHAN_LOCK if locked else FREE


def rule_value(item: Mapping[str, Any] | None, rule: LockRule) -> str | None:
    """The item's value for ``rule`` as its lock would store it (normalised; a scoped rule's
    form holds the item's scope: ``LockRule.held_form``), or None."""
    if item is None:
        return None
    return rule.held_form(item)


def known(item: Any) -> dict[str, Any] | None:
    """The simulated item, or None when the simulation could not predict it."""
    return None if item is UNKNOWN else item
