"""A release cancelled because its lock names another owner now, said as such (the guard
itself: ``core.tx.release_reads.guarded_as_read``, the lock's owner and TTL as read).

A lock released by someone else and claimed again by a new signup between the re-check and the
send names its new account: the guard keeps it (DynamoDB cancels the transaction), where
``attribute_exists`` alone deleted the new account's lock and the run reported it applied.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from dynoview.core.repair.plan import RELEASE, PlannedRepair
from dynoview.core.tx.cancellation import key_text
from dynoview.core.tx.model import Transaction
from dynoview.core.uniqueness.schema import UniquenessSchema, protected_text


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
