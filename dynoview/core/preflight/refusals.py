"""A preflight refusal in words: the action to blame, what is wrong with the value, and what to
do instead.

Each message names the account, rule and value. A suggested transaction is only offered after
it passed its own preflight (``Context.verify``, on the same reads); a refusal never sends the
user to the template they are already using: it says what is wrong with the value ("grace@…
is held by ACCT#b27d10: pick another email"). Where no right transaction exists (a lone lock
that no account holds), the refusal says so and lists the choices that do exist.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from dynoview.core.preflight.model import (
    Choice,
    Forms,
    Pair,
    Preflight,
    Refusal,
    item_ident,
    known,
    pk_text,
    rule_value,
)
from dynoview.core.tx import templates
from dynoview.core.tx.model import DELETE, Action, Transaction
from dynoview.core.uniqueness.findings import CASE_CLASH, DUPLICATE_VALUE, MISSING_LOCK, ORPHAN_LOCK
from dynoview.core.uniqueness.forms import trims
from dynoview.core.uniqueness.locks_table import home_table
from dynoview.core.uniqueness.schema import LockRule, UniquenessSchema, protected_text
from dynoview.core.uniqueness.scope import fill_form, fill_scope, scope_variables
from dynoview.core.uniqueness.scoped_keys import rule_clash_key
from dynoview.core.values.visible_text import visible_value

Touched = tuple[int, Action, dict[str, Any], str]  # (index, action, key, "account"|"lock")
#: A candidate right transaction: (template name, the transaction, how the message offers it)
_Candidate = tuple[str, Transaction, str]
#: The name of the candidate that is the transaction itself with its missing lock writes added.
WITH_LOCKS = "with_locks"

_ACTION_PREFIX = re.compile(r"^Action \d+: ")

_TITLES = {
    "change_value": "the Change {rule} template (new lock, old lock released, account updated, all "
                    "guarded)",
    "delete_account": "the Delete account template (the account and all its locks together)",
    "sign_up": "the Sign up template (the account and one guarded lock per value)",
    "change_scope": "the move to another {scope} with its locks (each lock put in the new scope and "
                    "released in the old one, the account updated, all guarded)",
    WITH_LOCKS: "this transaction with the lock writes it lacks added (a guarded Put of each new "
                "lock, a guarded Delete of each lock it leaves behind)",
}


@dataclass
class Context:
    """What a refusal's sentence and suggestion are made from."""

    tx: Transaction
    touched: Sequence[Touched]
    before: Mapping[tuple[str, str], Any]
    after: Mapping[tuple[str, str], Any]
    schema: UniquenessSchema
    #: The preflight of a candidate on the same reads; None: build no suggestions.
    verify: Callable[[Transaction], Preflight] | None
    forms_before: Mapping[str, Forms]  # table -> rule -> form -> (holders, locked)
    forms_after: Mapping[str, Forms]
    #: Every break the transaction causes: (table, pair, status)
    breaks: list[tuple[str, Pair, str]] = field(default_factory=list)
    #: (table, rule) -> (the Update whose effect on the rule's values cannot be computed, the
    #: attribute it cannot compute; "": which attributes it changes cannot be told)
    blind: Mapping[tuple[str, str], tuple[int, str]] = field(default_factory=dict)
    #: (table, account id) -> the account as the transaction leaves it, touched or not (None: unread)
    account: Callable[[str, str], Mapping[str, Any] | None] = lambda _table, _acct: None
    _checked: dict[str, Preflight] = field(default_factory=dict)

    def check(self, candidate: Transaction) -> Preflight | None:
        """The candidate's own preflight (each distinct request judged once)."""
        if self.verify is None:
            return None
        body = repr(candidate.to_request()["TransactItems"])
        if body not in self._checked:
            self._checked[body] = self.verify(candidate)
        return self._checked[body]


@dataclass(frozen=True)
class _Cause:
    """The action a refusal blames, and the account it writes before and after."""

    index: int | None  # 0-based
    table: str
    kind: str | None  # "account", "lock", or None when no action is to blame
    acct: str | None = None
    acct_before: Mapping[str, Any] | None = None
    acct_after: Mapping[str, Any] | None = None
    lock_removed: bool = False  # the action deletes the lock of a value still held

    @property
    def where(self) -> str:
        return f"Action {self.index + 1}: " if self.index is not None else ""


def unpredictable(pair: Pair, table: str, ctx: Context) -> Refusal:
    """An Update whose effect on a protected value cannot be computed. The Update is blamed,
    with the attribute it cannot compute, never the lock write whose value it leaves unjudged."""
    rule = ctx.schema.rule(pair.rule)
    index, attribute = ctx.blind.get((table, rule.name), (None, rule.attribute))
    if index is None:  # not expected: every unpredictable rule has its Update
        what = f"the preflight cannot tell what this transaction does to {attribute}"
    elif attribute:
        what = f"Action {index + 1}: the preflight cannot tell what this Update does to {attribute}"
    else:
        what = f"Action {index + 1}: the preflight cannot tell which attributes this Update changes"
    return Refusal(index, rule.name, pair.value, f"{what}, so it cannot check {rule.name} "
                   f"{_named(rule, pair.value)} (lock {visible_value(pair.lock_text)}). Set "
                   f"{attribute or rule.attribute} to a value placeholder (SET {attribute or rule.attribute} "
                   f"= :v), or use the Change {rule.name} template.", "change_value",
                   status=pair.status_after)


def refusal(pair: Pair, status: str, table: str, ctx: Context) -> Refusal:
    """Why ``pair`` (which would get ``status``) refuses the transaction, and what to do."""
    rule = ctx.schema.rule(pair.rule)
    cause = _cause(pair, rule, table, ctx)
    named = _named(rule, pair.value)
    if status == DUPLICATE_VALUE:
        text = _locked_duplicate(pair, rule, cause) if cause.kind == "lock" else _duplicate(pair, rule, cause)
        return Refusal(cause.index, rule.name, pair.value, text, None, status=status)
    if (pair.holders_before, pair.locked_before) == (pair.holders_after, pair.locked_after):
        return _unfolded(pair, rule, status, table, ctx)
    if status == MISSING_LOCK and pair.status_after == CASE_CLASH and pair.locked_before:  # ``exposed``
        return _clash_lock_removed(pair, rule, cause, ctx, status)
    if cause.kind == "lock" and cause.lock_removed:
        return _lock_removed(pair, rule, cause, ctx, status)
    if cause.kind == "lock" and status == ORPHAN_LOCK:
        return _lone_lock(pair, rule, cause, ctx, status)
    if status == MISSING_LOCK:
        holder = _shown(pair.holders_after[:1]) or "an account"
        text = (f"{cause.where}{holder} would hold {rule.name} {named} with no lock "
                f"{visible_value(pair.lock_text)}: uniqueness would not be enforced for it.")
    else:  # ORPHAN_LOCK left by an account write
        left = _shown(pair.holders_before) or "no account"
        text = (f"{cause.where}lock {visible_value(pair.lock_text)} would be left with no account "
                f"({left} held it before): nobody could use {rule.name} {named} again until it is released.")
    template, suggestion, offer = _offer(_candidates(cause, rule, ctx), ctx)
    return Refusal(cause.index, rule.name, pair.value, f"{text} {offer}", template, suggestion,
                   status=status)


def _unfolded(pair: Pair, rule: LockRule, status: str, table: str, ctx: Context) -> Refusal:
    """A missing or orphan lock the audit counted in a case clash, which the transaction ends
    (it deletes or moves the other spelling): the value itself is unchanged, and now exposed."""
    trim = trims(rule.normalisation)
    named = _named(rule, pair.value)
    key = rule_clash_key(rule.middle, pair.value, trim)  # a scoped rule's: per scope
    group = sorted(f for f in ctx.forms_before.get(table, {}).get(rule.name, {})
                   if f != pair.value and rule_clash_key(rule.middle, f, trim) == key)
    index = next((i for i, action, k, kind in ctx.touched
                  if home_table(ctx.schema, action.table) == table and (
        (kind == "lock" and (m := ctx.schema.match_lock(k)) is not None and m[0] == rule and m[1] in group)
        or (kind == "account" and rule_value(ctx.before.get(item_ident(table, k)), rule) in group))), None)
    where = f"Action {index + 1}: " if index is not None else ""
    others = _shown(group) or "another spelling"
    if status == MISSING_LOCK:
        text = (f"{where}{_shown(pair.holders_after)} holds {rule.name} {named} without a lock of "
                f"its own; the case clash with {others} hid that, and this transaction ends the clash, so "
                f"{named} would be left unprotected (a missing lock).")
    else:
        text = (f"{where}lock {visible_value(pair.lock_text)} is held by no account; the case clash with "
                f"{others} hid that, and this transaction ends the clash, so it would be left an orphan "
                "lock.")
    completed = _with_locks(ctx)
    candidates = [] if completed is None else [(WITH_LOCKS, completed, _TITLES[WITH_LOCKS])]
    template, suggestion, offer = _offer(candidates, ctx)
    return Refusal(index, rule.name, pair.value, f"{text} {offer}", template, suggestion, status=status)


# ------------------------------------------------------------------ who is to blame


def _cause(pair: Pair, rule: LockRule, table: str, ctx: Context) -> _Cause:
    """The lock delete that breaks the pair, else the account write that moves its value, else
    the lock write."""
    schema = ctx.schema
    movers = (set(pair.holders_after) - set(pair.holders_before)) or (
        set(pair.holders_before) - set(pair.holders_after))
    lock_entry = next((e for e in ctx.touched if e[3] == "lock" and home_table(schema, e[1].table) == table
                       and schema.match_lock(e[2]) == (rule, pair.value)), None)
    accounts = [e for e in ctx.touched if e[3] == "account" and e[1].table == table]
    account_entry = next((e for e in accounts if pk_text(e[2], schema) in movers), None)
    if account_entry is None:
        account_entry = next((e for e in accounts if pair.value in (
            rule_value(ctx.before.get(item_ident(table, e[2])), rule),
            rule_value(known(ctx.after.get(item_ident(table, e[2]))), rule))), None)
    lock_removed = pair.locked_before and not pair.locked_after and lock_entry is not None
    if lock_entry is not None and (lock_removed or account_entry is None):
        return _Cause(lock_entry[0], table, "lock", lock_removed=lock_removed)
    if account_entry is None:
        return _Cause(None, table, None)
    ident = item_ident(table, account_entry[2])
    return _Cause(account_entry[0], table, "account", pk_text(account_entry[2], schema),
                  ctx.before.get(ident), known(ctx.after.get(ident)))


# ------------------------------------------------------------------ the sentences


def _duplicate(pair: Pair, rule: LockRule, cause: _Cause) -> str:
    """What is wrong with the value: who holds it. No template can make a taken value free."""
    acct = cause.acct
    named = _named(rule, pair.value)
    others = [h for h in pair.holders_before if h != acct]
    if others:
        for_whom = f" for {visible_value(acct)}" if acct else ""
        return (f"{cause.where}{named} is held by {_shown(others)}: pick another "
                f"{rule.name}{for_whom}.")
    return (f"{cause.where}{named} would be held by {_shown(pair.holders_after)}, more than one "
            f"account: pick another {rule.name} for all but one of them.")


def _locked_duplicate(pair: Pair, rule: LockRule, cause: _Cause) -> str:
    """A lock written for a value two accounts hold: it protects neither."""
    named = _named(rule, pair.value)
    return (f"{cause.where}{named} is held by {_shown(pair.holders_after)}, more than one account: "
            f"writing its lock {visible_value(pair.lock_text)} does not make it unique. Keep the value on "
            "one account and change it on the others first (the Resolve duplicate template).")


def _lock_removed(pair: Pair, rule: LockRule, cause: _Cause, ctx: Context, status: str) -> Refusal:
    holder = _shown(pair.holders_after) or "an account"
    named = _named(rule, pair.value)
    text = (f"{cause.where}{holder} holds {rule.name} {named}, so its lock "
            f"{visible_value(pair.lock_text)} must stay: without it anyone could sign up with the value "
            f"(a missing lock). To free the value, change the account's {rule.name} or delete the account "
            "together with its locks.")
    keep = _without(cause, ctx, "keep the lock")
    if keep is None or keep.suggestion is None:  # nothing else to send: keeping it is not sending
        return Refusal(cause.index, rule.name, pair.value, text, None, status=status)
    return Refusal(cause.index, rule.name, pair.value, f"{text} Or {keep.text}.", None, choices=(keep,),
                   status=status)


def _clash_lock_removed(pair: Pair, rule: LockRule, cause: _Cause, ctx: Context, status: str) -> Refusal:
    """The lock of the exact spelling an account keeps, removed inside a case clash: the other
    spelling's lock does not guard it. Instead: the account takes a kept spelling in the same
    transaction (offered where that passes its own preflight), or the lock stays."""
    holder = _shown(pair.holders_after)
    named, others = _named(rule, pair.value), _shown(pair.clash_with) or "another spelling"
    text = (f"{cause.where}{holder} still holds {rule.name} {named}, exactly this spelling, so its lock "
            f"{visible_value(pair.lock_text)} must stay: the lock of {others} (the other spelling in the "
            f"case clash) does not guard it, and without its own lock anyone could sign up with exactly "
            f"{named} (a missing lock).")
    refused: list[str] = []
    for kept, tx in _kept_spellings(pair, rule, cause.table, ctx):
        check = ctx.check(tx)
        if check is not None and not check.refused:
            return Refusal(cause.index, rule.name, pair.value, (
                f"{text} To keep one spelling, change {holder}'s {rule.name} to {_named(rule, kept)} in "
                f"the same transaction: use this transaction with {holder}'s guarded Update to "
                f"{_named(rule, kept)} added."), "change_value", tx, status=status)
        if check is not None and check.refusals:
            reason = _ACTION_PREFIX.sub("", check.refusals[0].message).rstrip(".")
            refused.append(f"; changing it to {_named(rule, kept)} is refused too ({reason})")
    text += (f" Keep the lock, or change {holder}'s {rule.name} in the same transaction (the Change "
             f"{rule.name} template releases the old lock with it){''.join(refused)}.")
    keep = _without(cause, ctx, "keep the lock")
    if keep is None or keep.suggestion is None:
        return Refusal(cause.index, rule.name, pair.value, text, None, status=status)
    return Refusal(cause.index, rule.name, pair.value, f"{text} Or {keep.text}.", None, choices=(keep,),
                   status=status)


def _kept_spellings(pair: Pair, rule: LockRule, table: str, ctx: Context) -> list[tuple[str, Transaction]]:
    """For each other locked spelling of the clash, the transaction with the holder's guarded
    Update to it added (the Update of ``templates.change_value``: its lock exists already)."""
    if ctx.verify is None or len(pair.holders_after) != 1:
        return []
    acct = pair.holders_after[0]
    item = ctx.account(table, acct)
    if item is None or any(k == "account" and pk_text(key, ctx.schema) == acct and a.table == table
                           for _i, a, key, k in ctx.touched):
        return []  # a second write of the account in one transaction: DynamoDB refuses it
    out = []
    forms = ctx.forms_after.get(table, {}).get(rule.name, {})
    for kept in (k for k in pair.clash_with if forms.get(k, ((), False))[1]):  # locked spellings
        try:
            moved = templates.change_value(ctx.schema, table, item, rule.name, rule.value_part(kept))
        except (KeyError, ValueError):
            continue
        tx = ctx.tx.copy()
        tx.add(moved.actions[-1])  # the account's Update, guarded on the value it holds
        tx.regenerate_token()
        out.append((kept, tx))
    return out


def _lone_lock(pair: Pair, rule: LockRule, cause: _Cause, ctx: Context, status: str) -> Refusal:
    """A lock no account holds: no transaction writes it right on its own. The choices that
    exist: write it with the account that is to hold the value, or do not write it.

    (An account holding another spelling of the value would make the lock a case clash, a
    warning, not an orphan: the audit folds the orphan into the clash.)"""
    named = _named(rule, pair.value)
    choices = [Choice(f"write it together with the account that is to hold {rule.name} {named} "
                      f"(the Sign up template for a new account, the Change {rule.name} template for an "
                      "existing one)")]
    without = _without(cause, ctx, "do not write it")
    if without is not None:
        choices.append(without)
    text = (f"{cause.where}lock {visible_value(pair.lock_text)} would be held by no account: no "
            f"account holds {rule.name} {named}, so the lock would only block the value. No right "
            "transaction writes this lock on its own: a lock needs an account that holds its value. Instead: "
            + "; or ".join(c.text for c in choices) + ".")
    return Refusal(cause.index, rule.name, pair.value, text, None, choices=tuple(choices),
                   status=status)


def _without(cause: _Cause, ctx: Context, what: str) -> Choice | None:
    """Leave the action out: the rest of the transaction, when it passes, or nothing to send."""
    if cause.index is None or ctx.verify is None:
        return None
    rest = ctx.tx.copy()
    rest.remove(cause.index)
    n = cause.index + 1
    if not rest.actions:
        return Choice(f"{what} (this transaction has nothing else to send)")
    rest.regenerate_token()
    if _passes(rest, ctx):
        return Choice(f"{what}: send the other actions without action {n}", None, rest)
    return Choice(f"{what} (remove action {n}; the other actions are refused too)")


# ------------------------------------------------------------------ the right transaction


def _offer(candidates: Sequence[_Candidate], ctx: Context) -> tuple[str | None, Transaction | None, str]:
    """The first candidate that passes its own preflight, and the sentence offering it; else a
    sentence saying none is offered and why."""
    if ctx.verify is None:  # judging a candidate itself: no suggestions of its own
        return None, None, "Write the account and its locks together in one transaction."
    refused: list[tuple[str, Preflight]] = []
    for name, tx, title in candidates:
        check = ctx.check(tx)
        if check is not None and not check.refused:
            return name, tx, f"Use {title}."
        if check is not None:
            refused.append((title, check))
    if refused:
        title, check = refused[0]
        reason = _ACTION_PREFIX.sub("", check.refusals[0].message) if check.refusals else ""
        return None, None, (f"No right transaction is offered: {title} would be refused too "
                            f"({reason.rstrip('.')}).")
    return None, None, "Write the account and its locks together in one transaction."


def _candidates(cause: _Cause, rule: LockRule, ctx: Context) -> list[_Candidate]:
    """The template for the account, when the transaction writes only that account and its
    locks; the transaction with its missing lock writes added; in that order (or the other,
    when the transaction writes more than the template would)."""
    out: list[_Candidate] = []
    template = _template(cause, rule, ctx)
    if template is not None:
        out.append(template)
    completed = _with_locks(ctx)
    if completed is not None:
        entry = (WITH_LOCKS, completed, _TITLES[WITH_LOCKS])
        out.insert(0 if template is not None and not _only(cause, ctx) else len(out), entry)
    return out


def _template(cause: _Cause, rule: LockRule, ctx: Context) -> _Candidate | None:
    """The template that does what the account write seems to want, filled from the items."""
    if cause.kind != "account":
        return None
    before, after, table, schema = cause.acct_before, cause.acct_after, cause.table, ctx.schema
    try:
        if before is not None and after is None:
            if cause.index is not None and ctx.tx.actions[cause.index].kind != DELETE:
                return None  # an unpredictable Update, not a delete
            return "delete_account", templates.delete_account(schema, table, before), _title(
                "delete_account", rule)
        if before is None and after is not None:
            return "sign_up", templates.sign_up(schema, table, after), _title("sign_up", rule)
        if before is not None and after is not None:
            new = protected_text(after.get(rule.attribute))
            moved = _scope_moved(rule, before, after)
            if new and new == protected_text(before.get(rule.attribute)) and moved is not None:
                # The value stays and the account moves to another scope: its locks move with it.
                to = protected_text(after.get(moved)) or ""
                return ("change_scope", templates.change_scope(schema, table, before, moved, to),
                        _TITLES["change_scope"].format(scope=moved))
            if new:
                return ("change_value", templates.change_value(schema, table, before, rule.name, new),
                        _title("change_value", rule))
    except (KeyError, ValueError):
        return None
    return None


def _scope_moved(rule: LockRule, before: Mapping[str, Any], after: Mapping[str, Any]) -> str | None:
    """The one attribute a scoped rule's scope reads that the write changes to a value, else None."""
    if rule.scope is None:
        return None
    changed = [v for v in scope_variables(rule.scope) if before.get(v) != after.get(v)]
    return changed[0] if len(changed) == 1 and protected_text(after.get(changed[0])) else None


def _named(rule: LockRule, value: str) -> str:
    """A value in a sentence: as stored, or a scoped form as ``'ada@x.io' in scope acme``; one
    of only invisible characters, which the rule normalises to nothing, by what it became."""
    if not value:
        return f"an empty {rule.name} (nothing is left of it once normalised)"
    return visible_value(value) if rule.middle is None else rule.spelled(value)


def _shown(names: Sequence[str]) -> str:
    """Accounts or spellings in a sentence: each as ``visible_value`` quotes it (a value from the
    table cannot break the line, and two different ones never read alike)."""
    return ", ".join(visible_value(n) for n in names)


def _title(name: str, rule: LockRule) -> str:
    return _TITLES[name].format(rule=rule.name)


def _only(cause: _Cause, ctx: Context) -> bool:
    """Whether every action writes the cause's account or one of its values' locks (a template
    for that account then drops nothing the user wrote)."""
    if len(ctx.touched) != len(ctx.tx.actions):
        return False
    values: set[tuple[str, str]] = set()
    for item in (cause.acct_before, cause.acct_after):
        for rule in ctx.schema.rules:
            value = rule_value(item, rule)
            if value:
                values.add((rule.name, value))
    for _i, _action, key, kind in ctx.touched:
        if kind == "account" and pk_text(key, ctx.schema) != cause.acct:
            return False
        if kind == "lock":
            match = ctx.schema.match_lock(key)
            if match is None or (match[0].name, match[1]) not in values:
                return False
    return True


def _with_locks(ctx: Context) -> Transaction | None:
    """The transaction with a guarded Put of each lock its accounts need and a guarded Delete of
    each lock they leave behind (those it does not write itself), or None if none is missing."""
    touched = {item_ident(a.table, k) for _i, a, k, _kind in ctx.touched}
    out = ctx.tx.copy()
    added: set[tuple[str, str]] = set()
    for table, pair, status in ctx.breaks:
        if status not in (MISSING_LOCK, ORPHAN_LOCK):
            continue
        ident = item_ident(ctx.schema.locks_table_name(table), pair.lock_key)
        if ident in touched or ident in added:
            continue
        rule = ctx.schema.rule(pair.rule)
        if status == MISSING_LOCK and pair.holders_after:
            out.add(templates.lock_put(ctx.schema, table, rule,
                                       _joined(rule, pair.value, pair.holders_after, ctx.after, ctx)))
        elif status == ORPHAN_LOCK and pair.locked_after:
            value = _joined(rule, pair.value, pair.holders_before, ctx.before, ctx)  # its label's scope
            out.add(templates.lock_delete(ctx.schema, table, rule, value, stored=True))
        else:
            continue
        added.add(ident)
    if not added:
        return None
    out.regenerate_token()
    return out


def _joined(rule: LockRule, value: str, holders: Sequence[str], items: Mapping[tuple[str, str], Any],
            ctx: Context) -> str:
    """A lock's value (a pair's: as stored) as ``lock_put`` and ``lock_delete`` take it: a scoped
    form joined from a touched account of ``holders`` as ``items`` hold it (``fill_form``), as
    the templates join it. A plain form is cut at its first middle, which the scope may hold
    too: its key was another lock, and its label named another scope."""
    if rule.scope is None or rule.middle is None:
        return value
    for _i, action, key, kind in ctx.touched:
        item = known(items.get(item_ident(action.table, key))) if kind == "account" else None
        if item is None or pk_text(key, ctx.schema) not in holders or rule_value(item, rule) != value:
            continue
        head = len(fill_scope(rule.scope, item)) + len(rule.middle)
        return fill_form(rule.scope, rule.middle, item, value[head:])
    return value


def _passes(candidate: Transaction, ctx: Context) -> bool:
    check = ctx.check(candidate)
    return check is not None and not check.refused
