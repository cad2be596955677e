"""What the template forms ask for, checked the way locks are keyed.

A protected value is typed once and every item that must agree on it (the
account attribute and the lock key) is derived from that one string, so a form
cannot produce an account whose value and lock disagree. The checks here say,
per field, why a value cannot be used, in a sentence the form shows under it.
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from dynoview.core.tx.templates import lock_value, scope_attributes
from dynoview.core.uniqueness.forms import normalise, trims
from dynoview.core.uniqueness.schema import NORMALISE_NONE, LockRule, UniquenessSchema, protected_text
from dynoview.core.uniqueness.scope import UNDEFINED, scope_variables
from dynoview.core.values.key_sizes import MAX_PARTITION_KEY_BYTES, MAX_SORT_KEY_BYTES
from dynoview.core.values.numbers import stored_number
from dynoview.core.values.types import ValueParseError


def shown(text: str) -> str:
    """A value as a form shows it: quoted with escapes when spaces at either end or invisible
    characters would otherwise not be seen."""
    return text if text.isprintable() and text == text.strip() else repr(text)


@dataclass(frozen=True)
class ValueCheck:
    """A typed value for one rule: the lock key it writes, or why it cannot be used."""

    rule: LockRule
    value: str  # stored on the account as typed (a number as DynamoDB stores it)
    lock_pk: str  # the lock's partition key, after the rule's normalisation
    error: str | None = None
    note: str | None = None  # said with the preview of a usable value (a new spelling, one lock)

    @property
    def ok(self) -> bool:
        return self.error is None

    @property
    def preview(self) -> str:
        """"lock UNIQ#EMAIL#ada@x.io; the account stores Ada@x.io": what each item gets. Under a
        normalising rule the two differ, and the form shows both; then any ``note``."""
        said = f"lock {shown(self.lock_pk)}; the account stores {shown(self.value)}"
        return f"{said}. {self.note}" if self.note else said


def check_value(rule: LockRule, text: str, current: str | None = None,
                account: Mapping[str, Any] | None = None, *, shared: bool = False) -> ValueCheck:
    """Check a new value for ``rule``; ``current`` is the account's value it replaces.

    The lock key is built from the value after the rule's normalisation (``lock_pk``), as
    the schema stores its locks; a scoped rule's, in the scope filled from ``account`` (the
    account as the template writes it). Refused: an empty value (or one the normalisation
    empties, such as only invisible characters), spaces at either end (unless the rule trims
    them, they become part of the lock key), a key DynamoDB would refuse (a partition key over
    2048 bytes, a sort key holding the value over 1024), the current value itself (nothing would
    change), and, given an ``account``, a scope it cannot fill (``scope_problem``).

    A new spelling of the current value that the lock cannot see (``BOB@x.io`` for ``Bob@x.io``
    under a lowercase rule) is accepted with a ``note``: the account keeps its lock and only the
    account is updated (``templates.change_value``). ``shared=True``: ``current``'s lock is another
    account's (``resolve_duplicate`` moves this account off it), so a value keyed by that same
    lock is refused too: the account would still share it.
    """
    held = account if account is not None else {}
    held_value = held.get(rule.attribute)
    if text.strip() and isinstance(held_value, Mapping) and "N" in held_value:
        try:  # a number stays one, as DynamoDB will store it (``value_like``): its lock too
            text = stored_number(text)
        except ValueParseError as exc:
            return ValueCheck(rule, text, "", f"The account holds its {rule.name} as a number, and "
                                              f"a change keeps it one: {exc.message}")
    form = rule.form_of(lock_value(rule, held, text)) if text else ""
    lock_pk = rule.fixed_prefix + form + rule.suffix if text else ""
    if not text.strip():
        return ValueCheck(rule, text, "", f"Type the {rule.name}: it cannot be empty.")
    if not normalise(text, rule.normalisation):
        return ValueCheck(rule, text, lock_pk,
                          f"This {rule.name} is empty once the rule's {rule.normalisation} "
                          "normalisation removes its invisible characters: type a visible value.")
    if text != text.strip() and not trims(rule.normalisation):
        return ValueCheck(rule, text, lock_pk,
                          f"Remove the spaces at the start or end: the lock key would keep them "
                          f"({lock_pk!r}), so the same {rule.name} without spaces would not be "
                          "seen as taken.")
    if len(lock_pk.encode("utf-8")) > MAX_PARTITION_KEY_BYTES:
        return ValueCheck(rule, text, lock_pk,
                          f"This {rule.name} is too long: its lock key would be "
                          f"{len(lock_pk.encode('utf-8')):,} bytes, and DynamoDB allows "
                          f"{MAX_PARTITION_KEY_BYTES} for a partition key.")
    lock_sk = rule.lock_sk(form)
    if lock_sk is not None and len(lock_sk.encode("utf-8")) > MAX_SORT_KEY_BYTES:
        return ValueCheck(rule, text, lock_pk,
                          f"This {rule.name} is too long: its lock's sort key would be "
                          f"{len(lock_sk.encode('utf-8')):,} bytes, and DynamoDB allows "
                          f"{MAX_SORT_KEY_BYTES} for a sort key.")
    problem = scope_problem(rule, account) if account is not None else None
    if problem is not None:
        return ValueCheck(rule, text, lock_pk, problem)
    if current is not None and text == current:
        return ValueCheck(rule, text, lock_pk,
                          f"This is the account's current {rule.name} (lock {lock_pk}): "
                          "type a different one.")
    if current is not None and rule.lock_pk(lock_value(rule, held, current)) == lock_pk:
        how = "" if rule.normalisation == NORMALISE_NONE else f" under the rule's {rule.normalisation} " \
                                                      "normalisation"
        if shared:
            return ValueCheck(rule, text, lock_pk,
                              f"This is {shown(current)}{how} (lock {lock_pk}), the value the "
                              "account shares: type a different one.")
        return ValueCheck(rule, text, lock_pk, note=f"Only the spelling changes: the lock stays{how}, "
                                                    "so only the account is updated.")
    return ValueCheck(rule, text, lock_pk)


def scope_problem(rule: LockRule, account: Mapping[str, Any]) -> str | None:
    """Why ``account``'s scope for a scoped rule cannot be filled (an attribute its scope reads
    is missing: OneTable would key the lock in scope ``undefined``), or None."""
    if rule.scope is None:
        return None
    missing = [v for v in scope_variables(rule.scope) if protected_text(account.get(v)) is None]
    if not missing:
        return None
    names = ", ".join(missing)
    return (f"The {rule.name} is unique per {rule.scope}, and the account has no {names}: its lock "
            f"would be in the scope {UNDEFINED!r}. Set {names} on the account first.")


def check_scope(attribute: str, text: str) -> str | None:
    """Why a typed scope attribute (a new account's ``tenantId``) cannot be used, or None."""
    if not text.strip():
        return f"Type the {attribute}: the unique values are unique per {attribute}, so their locks need it."
    if text != text.strip():
        return f"Remove the spaces at the start or end: the locks' keys would keep them ({text!r})."
    return None


def check_distinct(checks: list[ValueCheck]) -> list[ValueCheck]:
    """Two fields of one form may not write the same lock key (one action per item). The key is
    the partition key with the rule's sort key: locks keyed ``value`` + ``type`` (sort keys
    ``email`` and ``username``) hold the same text for two rules as two items. A sort key holding
    ``{value}`` is the same text on both sides when the partition keys agree, so the template
    itself tells them apart."""
    seen: dict[tuple[str, str | None], LockRule] = {}
    out = []
    for c in checks:
        key = (c.lock_pk, c.rule.sk_value)
        if c.ok and key in seen:
            c = ValueCheck(c.rule, c.value, c.lock_pk,
                           f"The {seen[key].name} field writes the same lock key; "
                           "each value needs its own.")
        elif c.ok:
            seen[key] = c.rule
        out.append(c)
    return out


def new_account_id() -> str:
    """A generated account id, never derived from a protected value (the article's rule:
    the email can change, the account's key cannot)."""
    return secrets.token_hex(3)


def account_key(schema: UniquenessSchema, account_id: str) -> dict[str, Any]:
    """The account's primary key for an id (``ACCT#<id>`` / ``PROFILE`` in the article)."""
    key: dict[str, Any] = {schema.pk_name: {"S": f"{schema.account_pk_prefix}{account_id}"}}
    if schema.sk_name and schema.account_sk_value is not None:
        key[schema.sk_name] = {"S": schema.account_sk_value}
    return key


def sign_up_account(schema: UniquenessSchema, account_id: str,
                    values: Mapping[str, str], scope: Mapping[str, str] | None = None) -> dict[str, Any]:
    """The new account item: its key, the attributes scoped rules fill their scope from
    (``scope``, by attribute: ``tenantId``), and one attribute per rule, from ``values`` by rule
    name.

    ``templates.sign_up`` derives each lock from these same attributes, so the account
    and its locks are built from one string per value.
    """
    item = account_key(schema, account_id)
    for attribute in scope_attributes(schema):
        text = (scope or {}).get(attribute)
        if text:
            item[attribute] = {"S": text}
    for rule in schema.rules:
        value = values.get(rule.name)
        if value:
            item[rule.attribute] = {"S": value}
    return item


@dataclass(frozen=True)
class ProtectedChange:
    """One rule whose lock an edit moves: from ``old`` to ``new`` (None: no value). ``old_lock``
    and ``new_lock`` are what ``templates.lock_put``/``lock_delete`` take: the values, or a
    scoped rule's forms (scope included: moving to another tenant moves the lock)."""

    rule: LockRule
    old: str | None
    new: str | None
    old_lock: str | None = None
    new_lock: str | None = None

    def described(self) -> str:
        """"email ada@x.io → ada@y.io", a scoped one "email 'ada@x.io' in scope acme → …"."""
        def one(value: str | None, lock: str | None) -> str:
            scoped = lock is not None and self.rule.middle is not None
            return self.rule.spelled(lock) if scoped and lock is not None else value or "(none)"
        return f"{self.rule.name} {one(self.old, self.old_lock)} → {one(self.new, self.new_lock)}"


def protected_changes(schema: UniquenessSchema, old_item: Mapping[str, Any],
                      new_item: Mapping[str, Any]) -> list[ProtectedChange]:
    """Rules whose lock key an edit of an account changes (a different normalised value,
    a value added or removed, or a scoped rule's scope changed). Edits the lock does not see
    (case under a lowercase rule) are not listed: the lock still matches."""
    if not schema.is_account(old_item):
        return []
    changes = []
    for rule in schema.rules:
        old, new = protected_text(old_item.get(rule.attribute)), protected_text(new_item.get(rule.attribute))
        old_lock = lock_value(rule, old_item, old) if old is not None else None
        new_lock = lock_value(rule, new_item, new) if new is not None else None
        old_pk = rule.lock_pk(old_lock) if old_lock is not None else None
        new_pk = rule.lock_pk(new_lock) if new_lock is not None else None
        if old_pk != new_pk:
            changes.append(ProtectedChange(rule, old, new, old_lock, new_lock))
    return changes


def other_changes(schema: UniquenessSchema, old_item: Mapping[str, Any],
                  new_item: Mapping[str, Any]) -> list[str]:
    """Attributes an edit changes besides the protected ones (added, removed or different)."""
    protected = {r.attribute for r in schema.rules}
    names = [n for n in dict.fromkeys([*old_item, *new_item]) if n not in protected]
    return [n for n in names if old_item.get(n) != new_item.get(n)]


def describe_account(schema: UniquenessSchema, item: Mapping[str, Any]) -> str:
    """ "ACCT#a1f9c3 (ada@lovelace.io)": the account's id and its first protected value."""
    pk = item.get(schema.pk_name)
    who = pk.get("S", "?") if isinstance(pk, Mapping) else "?"
    values = [v for v in (protected_text(item.get(r.attribute)) for r in schema.rules) if v]
    return f"{who} ({values[0]})" if values else str(who)
