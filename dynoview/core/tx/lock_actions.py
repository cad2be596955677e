"""The guarded actions on one lock, which every template builds its transactions from: Put it
where none exists, Delete it while it exists, and check that a missing one is still missing.

A lock is only created where none exists and only deleted while it exists, so a wrong key is
reported, not silently ignored. Where the lock is really missing (an account holds its value
with no lock: the audit's missing lock), there is nothing to release: the preflight offers the
same transaction with ``lock_still_missing`` in the Delete's place (``preflight.missing_release``),
which keeps that item guarded instead of leaving it out or deleting blindly.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from dynoview.core.expressions.builders import comparison
from dynoview.core.expressions.placeholders import Placeholders
from dynoview.core.tx.model import CONDITION_CHECK, DELETE, PUT, Action
from dynoview.core.uniqueness.schema import LockRule, UniquenessSchema

#: What OneTable writes on each unique marker besides its key: its ``_Unique`` model's type field
#: (src/Schema.js createUniqueModel; the model's items carry ``_type``), so a template's marker
#: is the item the library itself writes.
ONETABLE_MARKER_ATTRIBUTES = {"_type": {"S": "_Unique"}}
_ONETABLE_MARKER_PREFIXES = ("_unique#", "_unique:")


def lock_name(rule: LockRule, value: str) -> str:
    """A lock value in a label: ``ada@x.io``, or a scoped form as ``'ada@x.io' in scope acme``."""
    return value if rule.middle is None else rule.spelled(value)


def _marker_attributes(rule: LockRule) -> dict[str, Any]:
    return dict(ONETABLE_MARKER_ATTRIBUTES) if rule.pk_template.startswith(_ONETABLE_MARKER_PREFIXES) else {}


def action(kind: str, table: str, ph: Placeholders, *, condition: str = "", update: str = "",
           key: Mapping[str, Any] | None = None, item: Mapping[str, Any] | None = None,
           label: str = "", return_values: str = "NONE", seen: Mapping[str, Any] | None = None) -> Action:
    """An action whose expressions use ``ph``'s names and values."""
    return Action(kind=kind, table=table, key=dict(key or {}), item=dict(item or {}), update=update,
                  condition=condition, names=ph.names, values=ph.values, label=label,
                  return_values=return_values, seen=None if seen is None else tuple(seen))


def lock_put(schema: UniquenessSchema, table: str, rule: LockRule, value: str) -> Action:
    """Put a lock only where none exists: the article's ``attribute_not_exists(PK)`` guard.
    ``table`` is the accounts' table: a schema with a locks table of its own puts it there."""
    return _put(schema, schema.locks_table_name(table), schema.lock_key(rule, value), rule, value)


def _put(schema: UniquenessSchema, table: str, key: Mapping[str, Any], rule: LockRule, value: str) -> Action:
    ph = Placeholders()
    cond = comparison(ph, schema.lock_pk_name, "attribute_not_exists", literal=True)
    return action(PUT, table, ph, item={**key, **_marker_attributes(rule)}, condition=cond,
                  label=f"{rule.name} lock {lock_name(rule, value)}", return_values="ALL_OLD")


def lock_delete(schema: UniquenessSchema, table: str, rule: LockRule, value: str, *,
                stored: bool = False) -> Action:
    """Delete a lock only while it exists, so a wrong key is reported, not silently ignored.

    ``stored=True``: ``value`` is spelled as the lock in the table stores it (a lock found
    there may predate the rule's normalisation), so its key is not normalised again.
    """
    ph = Placeholders()
    cond = comparison(ph, schema.lock_pk_name, "attribute_exists", literal=True)
    key = schema.stored_lock_key(rule, value) if stored else schema.lock_key(rule, value)
    return action(DELETE, schema.locks_table_name(table), ph, key=key, condition=cond,
                  label=f"release {rule.name} lock {lock_name(rule, value)}")


def lock_still_missing(schema: UniquenessSchema, release: Action, rule: LockRule, value: str) -> Action:
    """What stands in for ``release`` (a lock Delete) when the lock is missing: a ConditionCheck
    of the same item that it still does not exist. Nothing is released, and a lock claimed since
    the read cancels the transaction instead of being left behind as an orphan."""
    ph = Placeholders()
    cond = comparison(ph, schema.lock_pk_name, "attribute_not_exists", literal=True)
    return action(CONDITION_CHECK, release.table, ph, key=release.key, condition=cond,
                  label=f"{rule.name} lock {lock_name(rule, value)} still missing: nothing to release")


def lock_claimed(schema: UniquenessSchema, check: Action, rule: LockRule, value: str) -> Action:
    """What stands in for ``check`` (that a lock exists) when the lock is missing and an account
    keeps its value: the lock's guarded Put, as ``claim_missing_lock`` writes it, at the same
    item (``value`` as the lock stores it)."""
    return _put(schema, check.table, check.key, rule, value)
