"""How far a repair trusts the preflight's look-up of the accounts holding a value.

On a table too large to read whole, the preflight asks the rule's GSI for the value itself
(eventually consistent) and marks the rule ``unsure``: the index finds only the spelling
asked for, so the pair is no ``repaired`` one to the builder. A repair acts on an audit
report, and the audit read every spelling (docs/cli-repair.md: an orphan is one no account
holds in any spelling): the index then answers the one question left, whether an account
holds the value itself now, and the release goes ahead, guarded as always. Without an index
on a table too large to scan nothing answers it, and the finding is a person's decision.
"""

from __future__ import annotations

from dataclasses import replace

from dynoview.core.preflight.check import LOOKUP_SCAN_MAX_ITEMS, Pair, Preflight
from dynoview.core.session.tables import TableInfo
from dynoview.core.uniqueness.schema import LockRule


def find_pair(preflight: Preflight, rule: LockRule, value: str) -> Pair | None:
    return next((p for p in preflight.pairs if p.rule == rule.name and p.value == value), None)


def indexed(table: TableInfo, rule: LockRule) -> bool:
    """Whether the rule's index exists on the table, keyed by the rule's attribute."""
    return bool(rule.index_name) and any(
        i.name == rule.index_name and i.partition_key.name == rule.attribute for i in table.indexes)


def holders_checkable(table: TableInfo, rule: LockRule) -> bool:
    """Whether the preflight can look up the accounts holding a value (as its lookup decides):
    the rule's index exists on the attribute, or the table is small enough to Scan."""
    if indexed(table, rule):
        return True
    return table.item_count is not None and table.item_count <= LOOKUP_SCAN_MAX_ITEMS


def repairs(pair: Pair, table: TableInfo, rule: LockRule) -> bool:
    """Whether the transaction repairs the pair, taking the audit's word for other spellings
    when only the index could look the holders up (see the module's docstring)."""
    if pair.repaired:
        return True
    return pair.unseen and indexed(table, rule) and replace(pair, unseen=False).repaired


def index_note(table: TableInfo, rule: LockRule) -> str:
    """Said once per rule when a repair relied on the index (the run's notes)."""
    return (f"{table.name} is too large to read whole for each finding, so the {rule.name} repairs "
            f"took the audit's word that no account holds another spelling (it reads every "
            f"spelling) and asked the index {rule.index_name} (eventually consistent) for the "
            "value itself: an account written with another spelling since the audit is not seen. "
            "Run the audit again to check.")
