"""Which of the audit's rows a preflight's reads contradict (nothing written, Qt-free).

A preflight reads the accounts and locks a transaction touches as they are now; where what it
read differs from what the audit read (a lock gone or come, an account gone, come, or holding
other values), the grid's rows of those items are out of date as after a write. Only the
transaction's own values and accounts are compared: the audit's ``Pairing`` answers each in a
dict look-up, so nothing here walks the table's rows.
"""

from __future__ import annotations

from typing import Any

from dynoview.core.audit.rows import AuditRows
from dynoview.core.preflight.model import Preflight


def not_as_audited(rows: AuditRows | None, preflight: Preflight, table: str) -> list[dict[str, Any]]:
    """The keys of ``table``'s accounts and locks the preflight read otherwise than the audit
    behind ``rows`` did (none for rows of findings only: they hold no audit's reads)."""
    pairing = rows.pairing if rows is not None and not rows.partial else None
    if pairing is None:
        return []
    schema = pairing.schema
    keys: list[dict[str, Any]] = []
    for pair in preflight.pairs:
        state = pairing.rules.get(pair.rule)
        # A lock the audit read is in ``locks`` (held or not); the preflight looked it up by key.
        if state is not None and (pair.value in state.locks) != pair.locked_before:
            keys.append(pair.lock_key)
    for (where, acct), item in preflight.seen.items():
        if where != table:  # an account of another table
            continue
        audited = acct in pairing.accounts
        if item is None and not audited:
            continue
        if item is None or not audited:  # deleted, or written, since the audit
            keys.append(schema.account_key(acct))
            continue
        values = pairing.account(acct)[0]
        for r, rule in enumerate(schema.rules):
            state = pairing.rules[rule.name]
            recorded = values[r]
            held = state.held_form(recorded, acct) if recorded else None
            if held != rule.held_form(item):
                keys.append(schema.account_key(acct))
                break
    return keys
