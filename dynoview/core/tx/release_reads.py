"""What the release of an orphan lock (``templates.release_orphan_lock``) is guarded on: what its
caller read of the lock itself (``LockRead``) and of the lock's former owner (``OwnerRead``).

A lock read as an orphan can be something else by the time its Delete arrives: the application
put it again with a TTL ahead (a reservation: a sign-up completing) or for a new account that it
names. ``attribute_exists`` alone deletes either. Guarded on the lock as read (its TTL attribute,
absent while it had none, and the owner attribute the rule names), the Delete cancels instead,
and DynamoDB returns the lock as it is now.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from dynoview.core.expressions.builders import and_, comparison
from dynoview.core.expressions.placeholders import Placeholders
from dynoview.core.tx.cancellation import key_text
from dynoview.core.tx.model import Action
from dynoview.core.tx.template_releases import noted
from dynoview.core.uniqueness.schema import LockRule, UniquenessSchema, protected_text, string_value


@dataclass(frozen=True)
class OwnerRead:
    """What a caller read of a lock's former owner (strongly consistent): its key, and its
    item, or None when no item has that key. The release is guarded on exactly this."""

    key: Mapping[str, Any]
    item: Mapping[str, Any] | None


def owner_holds(rule: LockRule, owner: Mapping[str, Any] | None, stored: str) -> bool:
    """Whether ``owner`` holds the lock's value ``stored`` by the rule's normalisation (and, for
    a scoped rule, in the lock's scope): ``Ada@X.io`` holds ``ada@x.io`` under lowercase."""
    held = rule.held_form(owner) if owner is not None else None
    if held is None:
        return False
    try:
        return held in (stored, rule.form_of(stored))
    except ValueError:  # a form the rule cannot read: compare as stored
        return held == stored


@dataclass(frozen=True)
class LockRead:
    """What a caller read of the lock it releases (its item), and the TTL attribute of the table
    holding it (None: that table has no TTL, so no lock of it is a reservation)."""

    item: Mapping[str, Any]
    ttl_attribute: str | None = None


def guarded_as_read(schema: UniquenessSchema, rule: LockRule, delete: Action, read: LockRead) -> Action:
    """``delete`` (the lock's ``attribute_exists`` Delete) also guarded on the lock as read: the
    rule's owner attribute, then the TTL attribute, each holding the value read, or absent where
    the lock had none. ALL_OLD: a cancellation shows the lock as it is now."""
    names = [n for n in dict.fromkeys((rule.owner_attribute, read.ttl_attribute))
             if n and n not in schema.lock_key_names]
    if not names:
        return delete
    ph = Placeholders()
    parts = [comparison(ph, schema.lock_pk_name, "attribute_exists", literal=True)]
    for name in names:
        seen = read.item.get(name)
        parts.append(comparison(ph, name, "attribute_not_exists", literal=True) if seen is None
                     else comparison(ph, name, "=", seen, literal=True))
    guarded = replace(delete, condition=and_(*parts), names=ph.names, values=ph.values,
                      return_values="ALL_OLD")
    return noted(guarded, [f"only while its {' and '.join(names)} {'is' if len(names) == 1 else 'are'} "
                           "as read"])


class OwnerHoldsError(ValueError):
    """The account a release checks (``owner``) holds the lock's value by the rule: the lock is
    no orphan, so it is not released. The sentence names that account, the lock, and whether the
    lock as read (``lock_read``) names the account: then it is the lock's owner now, which may be
    a new account as well as the one that left the lock, not necessarily a former owner."""

    def __init__(self, schema: UniquenessSchema, rule: LockRule, value: str, owner: OwnerRead,
                 lock_key: Mapping[str, Any], lock_read: LockRead | None = None) -> None:
        self.rule, self.value, self.owner, self.lock_key = rule, value, owner, lock_key
        self.account = string_value(owner.key.get(schema.pk_name)) or key_text(owner.key)
        held = protected_text((owner.item or {}).get(rule.attribute)) or value
        self.named = lock_read is not None and rule.owner_attribute is not None and \
            string_value(lock_read.item.get(rule.owner_attribute)) == self.account
        spelled = rule.spelled(value) + (f" (as {held!r})" if held != value else "")
        lock = key_text(lock_key)
        super().__init__(
            f"{self.account}, which the lock {lock} names now, holds {rule.name} {spelled}: a new "
            f"account took the value, or {self.account} took it back, since the lock was found with no "
            "account holding it, so the lock is not an orphan and is not released."
            if self.named else
            f"The former owner {self.account} still holds {rule.name} {spelled}: the lock {lock} is "
            "not an orphan, so it is not released.")
