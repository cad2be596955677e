"""What the uniqueness preflight answers: each (rule, value) pair before and after, and refusals.

The reading and judging live in ``preflight``; the sentences for a refusal in
``preflight_refusals``. Both name items by the helpers at the end of this module.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from dynoview.core.preflight.effects import UNKNOWN
from dynoview.core.tx.model import Transaction
from dynoview.core.tx.wire import body_json, request_body
from dynoview.core.uniqueness.findings import DUPLICATE_VALUE, MISSING_LOCK, OK, ORPHAN_LOCK
from dynoview.core.uniqueness.schema import LockRule, UniquenessSchema, normalise, protected_text

FREE = "FREE"  # no lock and no account: nothing to protect
UNPREDICTABLE = "UNPREDICTABLE"  # an Update whose effect on a protected value cannot be computed

NOT_ATOMIC_NOTE = ("The preflight's reads are not atomic with the write: another writer can change "
                   "these items in between, so the transaction's own conditions remain the real guard.")


@dataclass(frozen=True)
class Pair:
    """One (rule, value) before and after the transaction."""

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

    @property
    def worse(self) -> bool:
        """True when the transaction breaks this pair (a new problem, or a bigger duplicate)."""
        if self.status_after in (OK, FREE):
            return False
        if self.status_after != self.status_before:
            return True
        return len(self.holders_after) > len(self.holders_before)

    @property
    def repaired(self) -> bool:
        return self.status_before not in (OK, FREE) and self.status_after in (OK, FREE)

    @property
    def changed(self) -> bool:
        return (self.holders_before, self.locked_before) != (self.holders_after, self.locked_after)

    def line(self) -> str:
        """"after: lock UNIQ#EMAIL#ada@… held by ACCT#a1f9c3 ✓" and the broken variants."""
        holders = ", ".join(self.holders_after)
        if self.status_after == OK:
            return f"after: lock {self.lock_text} held by {holders} ✓"
        if self.status_after == FREE:
            return f"after: {self.rule} {self.value} is free (no lock, no account) ✓"
        if self.status_after == MISSING_LOCK:
            return f"after: {holders} holds {self.rule} {self.value} with no lock ✗ missing lock"
        if self.status_after == ORPHAN_LOCK:
            return f"after: lock {self.lock_text} held by no account ✗ orphan lock"
        if self.status_after == DUPLICATE_VALUE:
            return f"after: {self.rule} {self.value} held by {holders} ✗ duplicate"
        return f"after: {self.rule} {self.value}: cannot be predicted ✗"


@dataclass(frozen=True)
class Refusal:
    """Why a transaction is refused: one broken pair in a sentence, and the right template."""

    action: int | None  # 0-based action that causes it, when one does
    rule: str
    value: str
    message: str
    template: str | None  # "change_value", "delete_account", "sign_up", ... or None
    suggestion: Transaction | None = None


@dataclass
class Preflight:
    """The preflight's answer for one transaction."""

    pairs: list[Pair] = field(default_factory=list)
    refusals: list[Refusal] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    checked: bool = True  # False when nothing in the transaction is an account or a lock
    #: (table, account id) -> the account as read before the write (None: absent)
    seen: dict[tuple[str, str], dict[str, Any] | None] = field(default_factory=dict)

    @property
    def refused(self) -> bool:
        return bool(self.refusals)

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
        if not self.checked:
            return "Preflight: this transaction touches no account or lock of the uniqueness schema."
        if self.refused:
            return (f"Refused by the preflight: {len(self.refusals)} uniqueness problem(s) would be "
                    "created. Nothing was sent.")
        fixed = len(self.repairs)
        extra = f"; repairs {fixed} problem(s)" if fixed else ""
        return f"Preflight passed: every account keeps its locks{extra}."

    def to_json(self) -> dict[str, Any]:
        return {
            "checked": self.checked,
            "refused": self.refused,
            "pairs": [{"rule": p.rule, "value": p.value, "lock": p.lock_text,
                       "before": p.status_before, "after": p.status_after,
                       "holders_after": list(p.holders_after), "locked_after": p.locked_after,
                       "line": p.line()} for p in self.pairs],
            "refusals": [{"action": None if r.action is None else r.action + 1, "rule": r.rule,
                          "value": r.value, "message": r.message, "template": r.template,
                          "suggestion": (body_json(request_body(r.suggestion.to_request()))
                                         if r.suggestion else None)}
                         for r in self.refusals],
            "notes": list(self.notes),
        }



# ------------------------------------------------------------------ naming items and values


def pk_text(key: Mapping[str, Any], schema: UniquenessSchema) -> str | None:
    av = key.get(schema.pk_name)
    return av.get("S") if isinstance(av, Mapping) and isinstance(av.get("S"), str) else None


def item_ident(table: str, key: Mapping[str, Any]) -> tuple[str, str]:
    return table, repr(sorted((k, repr(sorted(v.items()))) for k, v in key.items()))



def pair_status(holders: Sequence[str], locked: bool) -> str:
    """OK, missing lock, orphan lock, duplicate or FREE for one value's holders and lock."""
    if len(holders) >= 2:
        return DUPLICATE_VALUE
    if holders:
        return OK if locked else MISSING_LOCK
    return ORPHAN_LOCK if locked else FREE


def rule_value(item: Mapping[str, Any] | None, rule: LockRule) -> str | None:
    """The item's value for ``rule`` as its lock would store it (normalised), or None."""
    if item is None:
        return None
    text = protected_text(item.get(rule.attribute))
    return normalise(text, rule.normalisation) if text else None


def known(item: Any) -> dict[str, Any] | None:
    """The simulated item, or None when the simulation could not predict it."""
    return None if item is UNKNOWN else item

