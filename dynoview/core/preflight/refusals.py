"""A preflight refusal in words: the action to blame, what it would break, the template that fits.

Each message names the account, rule and value, and says what to do instead.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from dynoview.core.preflight.model import (
    UNPREDICTABLE,
    Pair,
    Refusal,
    item_ident,
    known,
    pk_text,
    rule_value,
)
from dynoview.core.tx import templates
from dynoview.core.tx.model import Action, Transaction
from dynoview.core.uniqueness.findings import DUPLICATE_VALUE, MISSING_LOCK
from dynoview.core.uniqueness.schema import LockRule, UniquenessSchema, protected_text

Touched = tuple[int, Action, dict[str, Any], str]  # (index, action, key, "account"|"lock")
_Said = tuple[str, str | None, Transaction | None]  # message, template, suggestion


@dataclass(frozen=True)
class _Cause:
    """The action a refusal blames, and the account it writes before and after."""

    index: int | None  # 0-based
    table: str
    acct: str | None
    acct_before: Mapping[str, Any] | None
    acct_after: Mapping[str, Any] | None
    lock_removed: bool  # the action deletes the lock of a value still held

    @property
    def where(self) -> str:
        return f"Action {self.index + 1}: " if self.index is not None else ""


def refusal(pair: Pair, tx: Transaction, touched: Sequence[Touched],
            before: Mapping[tuple[str, str], Any], after: Mapping[tuple[str, str], Any],
            schema: UniquenessSchema) -> Refusal:
    """Why ``pair`` refuses the transaction, in a sentence, with the template that fits."""
    rule = schema.rule(pair.rule)
    cause = _cause(pair, rule, tx, touched, before, after, schema)
    if pair.status_after == UNPREDICTABLE:
        return Refusal(cause.index, rule.name, pair.value, f"{cause.where}the preflight cannot tell what "
                       f"this Update does to {rule.attribute}, so it cannot check the {rule.name} locks. "
                       f"Set {rule.attribute} to a value placeholder, or use the Change {rule.name} "
                       "template.", "change_value")
    if pair.status_after == DUPLICATE_VALUE:
        message, template, suggestion = _duplicate(pair, rule, cause)
    elif pair.status_after == MISSING_LOCK:
        message, template, suggestion = _missing_lock(pair, rule, cause, schema)
    else:  # ORPHAN_LOCK
        message, template, suggestion = _orphan_lock(pair, rule, cause, schema)
    if suggestion is None and template == "change_value" and cause.acct_before and cause.acct_after:
        suggestion = _change_value(schema, cause, rule)
    return Refusal(cause.index, rule.name, pair.value, message, template, suggestion)


def _cause(pair: Pair, rule: LockRule, tx: Transaction, touched: Sequence[Touched],
           before: Mapping[tuple[str, str], Any], after: Mapping[tuple[str, str], Any],
           schema: UniquenessSchema) -> _Cause:
    """The lock delete that breaks the pair, else the account write that moves its value."""
    movers = (set(pair.holders_after) - set(pair.holders_before)) or (
        set(pair.holders_before) - set(pair.holders_after))
    lock_entry = next((e for e in touched
                       if e[3] == "lock" and schema.match_lock(e[2]) == (rule, pair.value)), None)
    accounts = [e for e in touched if e[3] == "account"]
    account_entry = next((e for e in accounts if pk_text(e[2], schema) in movers), None)
    if account_entry is None:
        account_entry = next((e for e in accounts if pair.value in (
            rule_value(before.get(item_ident(e[1].table, e[2])), rule),
            rule_value(known(after.get(item_ident(e[1].table, e[2]))), rule))), None)
    lock_removed = pair.locked_before and not pair.locked_after and lock_entry is not None
    cause = lock_entry if lock_removed or account_entry is None else account_entry
    if not cause:
        return _Cause(None, tx.actions[0].table if tx.actions else "", None, None, None, lock_removed)
    table = cause[1].table
    return _Cause(cause[0], table, pk_text(cause[2], schema), before.get(item_ident(table, cause[2])),
                  known(after.get(item_ident(table, cause[2]))), lock_removed)


def _duplicate(pair: Pair, rule: LockRule, cause: _Cause) -> _Said:
    acct = cause.acct
    others = [h for h in pair.holders_before if h != acct] or [h for h in pair.holders_after if h != acct]
    verb = "holds" if len(others) == 1 else "hold"
    message = (f"{cause.where}{acct or 'an account'} would hold {rule.name} {pair.value}, which "
               f"{', '.join(others) or 'another account'} already {verb}: the value would no longer "
               f"be unique. Pick another {rule.name}; to move a value use the Change {rule.name} "
               "template, whose guarded lock Put refuses a taken value.")
    return message, "change_value", None


def _missing_lock(pair: Pair, rule: LockRule, cause: _Cause, schema: UniquenessSchema) -> _Said:
    holder, where, lock = pair.holders_after[0], cause.where, pair.lock_text
    if cause.lock_removed:
        return (f"{where}deleting lock {lock} would leave {holder}'s {rule.name} {pair.value} "
                "unprotected (a missing lock): anyone could sign up with it. Keep the lock; to "
                f"free the value change the account's {rule.name} or delete the account with "
                "its locks (the Change and Delete account templates).", "change_value", None)
    template, suggestion = _suggest(schema, cause.table, cause.acct_before, cause.acct_after, rule,
                                    pair.value)
    return (f"{where}{holder} would hold {rule.name} {pair.value} with no lock {lock}: "
            "uniqueness would not be enforced for it. " + _template_offer(template, rule),
            template, suggestion)


def _orphan_lock(pair: Pair, rule: LockRule, cause: _Cause, schema: UniquenessSchema) -> _Said:
    left = ", ".join(pair.holders_before) or "no account"
    template, suggestion = _suggest(schema, cause.table, cause.acct_before, cause.acct_after, rule,
                                    pair.value)
    return (f"{cause.where}lock {pair.lock_text} would be left with no account ({left} held it "
            f"before): nobody could use {rule.name} {pair.value} again until it is released. "
            + _template_offer(template, rule), template, suggestion)


def _change_value(schema: UniquenessSchema, cause: _Cause, rule: LockRule) -> Transaction | None:
    """The Change template filled from the account's new value, when it has one."""
    assert cause.acct_before is not None and cause.acct_after is not None
    new = protected_text(cause.acct_after.get(rule.attribute))
    if not new:
        return None
    try:
        return templates.change_value(schema, cause.table, cause.acct_before, rule.name, new)
    except (KeyError, ValueError):
        return None


def _template_offer(template: str | None, rule: LockRule) -> str:
    titles = {"change_value": f"the Change {rule.name} template (new lock, old lock released, "
                              "account updated, all guarded)",
              "delete_account": "the Delete account template (the account and all its locks together)",
              "sign_up": "the Sign up template (the account and one guarded lock per value)"}
    if template is None:
        return "Write the account and its locks together in one transaction."
    return f"Use {titles[template]}."


def _suggest(schema: UniquenessSchema, table: str, acct_before: Mapping[str, Any] | None,
             acct_after: Mapping[str, Any] | None, rule: LockRule, value: str
             ) -> tuple[str | None, Transaction | None]:
    """The template that does what the transaction seems to want, filled from the items."""
    try:
        if acct_before is not None and acct_after is None:
            return "delete_account", templates.delete_account(schema, table, acct_before)
        if acct_before is None and acct_after is not None:
            return "sign_up", templates.sign_up(schema, table, acct_after)
        if acct_before is not None and acct_after is not None:
            new = protected_text(acct_after.get(rule.attribute))
            if new:
                return "change_value", templates.change_value(schema, table, acct_before, rule.name, new)
            return "change_value", None
    except (KeyError, ValueError):
        return None, None
    return None, None
