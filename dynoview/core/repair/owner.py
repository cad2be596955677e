"""The accounts a repair's re-checks read when an id alone does not make the account's key.

A lock's owner attribute names its account by id; a report's account key may lack a Number
sort key (an audit keeps String sort keys only). When the accounts' sort keys vary, the item is
found under its partition key (``diagnose_owner.read_account``), never by a guessed key; when
that finds no single item, the finding is a person's decision, said in a sentence.
"""

from __future__ import annotations

from typing import Any

from dynoview.core.reads.reader import Reader
from dynoview.core.repair.plan import PlannedRepair
from dynoview.core.session.tables import TableInfo
from dynoview.core.tx.cancellation import key_text
from dynoview.core.tx.templates import OwnerRead
from dynoview.core.uniqueness.diagnose_owner import item_key, read_account
from dynoview.core.uniqueness.schema import LockRule, UniquenessSchema

_BY_HAND = "Nothing was sent: a person decides (diagnose the value, then act on it by hand)."


def owner_read(reader: Reader, table: TableInfo, schema: UniquenessSchema, lock_key: dict[str, Any],
               owner: str, notes: list[str]) -> OwnerRead | str | None:
    """What a release is guarded on: the owner ``owner`` as read now (its key and item); None
    when no item is under its partition key (no key names it, so none can be checked); or why
    it cannot be read (a decision)."""
    found = read_account(reader, table, schema, owner)
    if found.problem is not None:
        return f"The lock {key_text(lock_key)} names account {owner}. {found.problem} {_BY_HAND}"
    if not found.by_query:
        return OwnerRead(schema.account_key(owner), found.item)
    if found.item is not None:
        return OwnerRead(item_key(table, found.item), found.item)
    note = (f"Some locks name a former owner with no item under its partition key in {table.name}: "
            "with sort keys that differ per account no key names such an account, so such a release "
            "is guarded by its lock still naming that owner, without a check that no item of the "
            "owner was written since the re-check.")
    if note not in notes:
        notes.append(note)
    return None


def account_holding(reader: Reader, table: TableInfo, schema: UniquenessSchema, rule: LockRule,
                    item: PlannedRepair) -> dict[str, Any] | str | None:
    """The item of a missing lock's account, found by its id: the one under its partition key, or
    the one of several that holds the value; None when there is none; a sentence when no one
    item can be told."""
    f = item.finding
    acct = f.account_ids[0]
    found = read_account(reader, table, schema, acct)
    if found.problem is None or not found.items:
        return found.item if found.problem is None else f"{found.problem} {_BY_HAND}"
    holding = [i for i in found.items if rule.held_form(i) == f.value]
    if len(holding) == 1 and found.whole:
        return holding[0]
    return f"{found.problem} {_BY_HAND}"
