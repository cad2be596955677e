"""An audit of locks whose table's TTL could not be read (``TableInfo.ttl_error``: a role
without dynamodb:DescribeTimeToLive, an engine without the operation).

A lock no account holds is a reservation while its TTL is ahead (``uniqueness.reservation``):
a sign-up still completing. With the TTL unknown no lock can be told to be one, so each
orphan lock is marked as possibly one (``Finding.ttl_unknown``) and the audit says why once
(``AuditResult.ttl_unknown_note``); never a stuck signup for certain, which a repair releases.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from dynoview.core.session.tables import TableInfo
from dynoview.core.uniqueness.findings import ORPHAN_LOCK, Finding


def ttl_unknown_findings(findings: Iterable[Finding], locks: TableInfo) -> list[Finding]:
    """``findings`` with every orphan lock marked ``ttl_unknown`` when ``locks`` (the table
    that holds the locks) has a TTL that could not be read; as they are otherwise."""
    if locks.ttl_error is None:
        return list(findings)
    return [replace(f, ttl_unknown=True) if f.status == ORPHAN_LOCK else f for f in findings]
