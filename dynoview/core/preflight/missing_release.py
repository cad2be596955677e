"""A lock's release (or check) that DynamoDB would cancel because the lock is really missing,
and the right transaction for it.

Templates release the lock of every value an account gives up with a Delete guarded by
``attribute_exists`` (and check a kept lock with a ConditionCheck), so a wrong key is reported,
not silently ignored (``tx.lock_actions``). When the lock is genuinely missing (an account this
transaction writes holds its value with no lock: the audit's missing lock), that guard fails
every time, and rebuilding gives the same transaction. The preflight recognises it on what it
read and offers the same transaction with, in that action's place, a check that the lock is
still missing (``lock_still_missing``: nothing to release, and a lock claimed since still
cancels), or, where an account keeps the value after the transaction, the lock's guarded Put
(``lock_claimed``). Every other action stays as it is; the offer passed its own preflight.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from dynoview.core.preflight.model import CANCELLED, Refusal, item_ident, known, pk_text, rule_value
from dynoview.core.preflight.refusals import Context, Touched
from dynoview.core.tx.lock_actions import lock_claimed, lock_still_missing
from dynoview.core.tx.model import CONDITION_CHECK, DELETE, Action, Transaction
from dynoview.core.uniqueness.locks_table import home_table
from dynoview.core.uniqueness.schema import LockRule
from dynoview.core.values.visible_text import visible_value

_ACTION_PREFIX = re.compile(r"^Action \d+: ")


@dataclass(frozen=True)
class _Missing:
    """One failing lock action on a missing lock, and what stands in for it."""

    rule: LockRule
    value: str  # as the lock would store it
    holders: tuple[str, ...]  # the accounts written here that hold it with no lock
    replacement: Action
    claims: bool  # the replacement Puts the lock (an account keeps the value)


def _missing(entry: Touched, ctx: Context) -> _Missing | None:
    """``entry`` as a guard on a lock that is missing while an account this transaction writes
    holds its value, else None (a lock released or changed since: rebuilding does differ)."""
    _index, action, key, kind = entry
    if kind != "lock" or action.kind not in (DELETE, CONDITION_CHECK):
        return None
    if ctx.before.get(item_ident(action.table, key)) is not None:
        return None  # the lock is there: its condition fails for another reason
    match = ctx.schema.match_lock(key)
    if match is None:
        return None
    rule, stored = match
    home = home_table(ctx.schema, action.table)
    if ctx.forms_before.get(home, {}).get(rule.name, {}).get(stored, ((), False))[1]:
        return None
    holders, keepers = [], []
    for _i, acted, account_key, what in ctx.touched:
        if what != "account" or acted.table != home:
            continue
        ident, acct = item_ident(acted.table, account_key), pk_text(account_key, ctx.schema) or ""
        if rule_value(ctx.before.get(ident), rule) == stored:
            holders.append(acct)
        if rule_value(known(ctx.after.get(ident)), rule) == stored:
            keepers.append(acct)
    if not holders:
        return None
    if keepers:  # the value stays held: the lock it lacks is written, guarded
        return _Missing(rule, stored, tuple(holders), lock_claimed(ctx.schema, action, rule, stored), True)
    return _Missing(rule, stored, tuple(holders), lock_still_missing(ctx.schema, action, rule, stored), False)


def missing_lock_refusals(failing: Sequence[Touched], ctx: Context,
                          head: Callable[[Touched], str]) -> dict[int, Refusal]:
    """By action index, the refusal of each failing action that guards a missing lock, each
    offering the one transaction that stands a replacement in for all of them (``head``: the
    sentence saying DynamoDB would cancel the action)."""
    found = {e[0]: m for e in failing if (m := _missing(e, ctx)) is not None}
    if not found:
        return {}
    candidate = ctx.tx.copy()
    for index, missing in found.items():
        candidate.actions[index] = missing.replacement
    candidate.regenerate_token()
    changes = "; ".join(_change(i, m) for i, m in sorted(found.items()))
    offered: Transaction | None = None
    checked = ctx.check(candidate)
    if ctx.verify is None:  # judging a candidate itself: no suggestion of its own
        offer = f"Send it with {changes}."
    elif checked is not None and not checked.refused:
        offered, offer = candidate, f"Use this transaction with {changes}."
    else:
        reason = _ACTION_PREFIX.sub("", checked.refusals[0].message) if checked and checked.refusals else ""
        offer = (f"No right transaction is offered: this transaction with {changes} would be refused "
                 f"too ({reason.rstrip('.')}).")
    out: dict[int, Refusal] = {}
    for entry in failing:
        if entry[0] not in found:
            continue
        this = found[entry[0]]
        rule, value = this.rule, visible_value(this.value)
        who = ", ".join(map(visible_value, this.holders))
        verb = "holds" if len(this.holders) == 1 else "hold"
        what = "release" if entry[1].kind == DELETE else "check"
        tail = (f"{who} {verb} {rule.name} {value} with no lock (a missing lock): there is no lock to "
                f"{what}, and rebuilding the transaction would give this same one. {offer}")
        out[entry[0]] = Refusal(entry[0], rule.name, this.value, f"{head(entry)} {tail}", None,
                                offered, status=CANCELLED)
    return out


def _change(index: int, missing: _Missing) -> str:
    lock = f"the {missing.rule.name} lock {visible_value(missing.value)}"
    if missing.claims:
        return (f"action {index + 1} writing {lock} instead (a Put guarded by attribute_not_exists, "
                "as the Claim missing lock template writes it)")
    return (f"action {index + 1} checking that {lock} is still missing instead "
            f"(a ConditionCheck attribute_not_exists: nothing is released)")
