"""When a repair leaves an orphan lock to a person because of its TTL: a reservation (its TTL
ahead: a sign-up still completing), or a lock whose table's TTL could not be read
(``TableInfo.ttl_error``: a role without dynamodb:DescribeTimeToLive, an engine without it),
where a reservation cannot be told from a stuck lock. Releasing either could free a value a
sign-up is claiming.

And when it leaves a missing lock to a person for the same reason: an account whose table's
TTL could not be read cannot be told expired, and DynamoDB deletes an expired account, leaving
a lock claimed for it without an owner (``held_claim``). No reads here."""

from __future__ import annotations

import time
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from dynoview.core.session.tables import TableInfo
from dynoview.core.ttl.expiry import expired_at
from dynoview.core.tx.cancellation import key_text
from dynoview.core.uniqueness.findings import TTL_UNKNOWN_TEXT, Finding
from dynoview.core.uniqueness.reservation import lock_reservation, reservation_reason, until_text


def ttl_unknown_reason(table: str, hint: str = "") -> str:
    """Why an orphan lock of ``table`` (whose TTL could not be read) is not released; ``hint``:
    another way out the caller offers (the command's ``--ttl-attribute``)."""
    return (f"{TTL_UNKNOWN_TEXT}. It is not released: the TTL of {table} could not be read. Allow "
            "dynamodb:DescribeTimeToLive and run the repair again"
            + (f", or pass {hint}" if hint else "") + "; or diagnose the value and decide.")


def held_release(lock: Mapping[str, Any], lock_key: Mapping[str, Any], finding: Finding,
                 locks: TableInfo) -> str | None:
    """Why the orphan ``lock`` as read now (in ``locks``, its table) is a person's decision,
    or None when it may be released."""
    if locks.ttl_error is not None:
        return f"The lock {key_text(lock_key)}: {ttl_unknown_reason(locks.name)}"
    reserved = lock_reservation(lock, locks.expiry_attribute)  # the audit's rule
    if reserved is None:
        return None
    # A reservation now (the report may predate its TTL).
    return (f"The lock {key_text(lock_key)} {reserved.text}. "
            + reservation_reason(replace(finding, reserved_until=until_text(reserved))))


def claim_ttl_unknown_reason(table: str, hint: str = "") -> str:
    """Why a missing lock is not claimed for an account of ``table`` (whose TTL could not be
    read); ``hint``: another way out the caller offers (the command's ``--ttl-attribute``)."""
    return (f"Not claimed: the TTL of {table} could not be read, so it cannot be told whether the "
            "account has expired; DynamoDB deletes an expired account and would leave a lock claimed "
            "for it without an owner. Allow dynamodb:DescribeTimeToLive and run the repair again"
            + (f", or pass {hint}" if hint else "") + "; or check the account's TTL and decide.")


def held_claim(account_id: str, accounts: TableInfo) -> str | None:
    """Why claiming the missing lock of ``account_id`` (an item of ``accounts``, as read now) is
    a person's decision, or None when it may be claimed (an expired one: ``expired_now``)."""
    if accounts.ttl_error is None:
        return None
    return f"Account {account_id}: {claim_ttl_unknown_reason(accounts.name)}"


def expired_now(item: Mapping[str, Any], info: TableInfo) -> bool:
    """Whether ``item`` (of the table ``info``) is past its TTL now: DynamoDB will delete it."""
    attr = info.expiry_attribute
    av = item.get(attr) if attr else None
    return isinstance(av, Mapping) and expired_at(av.get("N"), time.time())
