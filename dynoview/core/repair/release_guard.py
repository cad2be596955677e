"""The owner guard of a release: an orphan lock is deleted only while it names the owner the
re-check read, and a cancellation for that reason is said as such.

A lock released by someone else and claimed again by a new signup between the re-check and the
send names its new account: the guard keeps it (DynamoDB cancels the transaction), where
``attribute_exists`` alone deleted the new account's lock and the run reported it applied.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from dynoview.core.expressions.builders import and_, comparison
from dynoview.core.expressions.placeholders import Placeholders
from dynoview.core.repair.plan import RELEASE, PlannedRepair
from dynoview.core.tx.cancellation import key_text
from dynoview.core.tx.model import DELETE, Transaction
from dynoview.core.uniqueness.schema import UniquenessSchema, protected_text


def guard_owner(tx: Transaction, schema: UniquenessSchema, attribute: str, seen: Any) -> None:
    """The release's Delete also requires the lock to name ``seen`` (the owner the re-check
    read), or to name none when it named none."""
    delete = next(a for a in tx.actions if a.kind == DELETE)
    ph = Placeholders()
    exists = comparison(ph, schema.lock_pk_name, "attribute_exists", literal=True)
    same = (comparison(ph, attribute, "=", seen, literal=True) if isinstance(seen, Mapping) and seen
            else comparison(ph, attribute, "attribute_not_exists", literal=True))
    delete.condition, delete.names, delete.values = and_(exists, same), ph.names, ph.values
    delete.return_values = "ALL_OLD"  # the cancellation shows which account holds the lock now


def claimed_again(schema: UniquenessSchema, item: PlannedRepair, tx: Transaction,
                  actions: Sequence[Any]) -> str:
    """For a release cancelled because the lock is there but names another owner now: what
    happened, instead of the shared text that says the lock is gone; else ""."""
    rule = schema.rule(item.finding.rule or "")
    failed = next((a for a in actions if a.index == 0 and a.code), None)
    if item.kind != RELEASE or not rule.owner_attribute or failed is None or not failed.item:
        return ""
    owner = protected_text(failed.item.get(rule.owner_attribute)) or "no account"
    return (f"Nothing was written: the lock {key_text(tx.actions[0].key)} names {owner} now, "
            "not the owner the re-check read, so someone claimed it again after the re-check "
            "and it was kept.")
