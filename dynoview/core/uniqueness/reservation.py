"""A reservation: a live lock no account holds yet, whose TTL is still ahead.

A sign-up that reserves its value first (the lock, with a TTL) and writes the account later
leaves exactly this state while it runs; if it never finishes, DynamoDB's TTL frees the value.
So it is not "blocked forever" like a stuck signup: the audit reports it as a reservation
(an ORPHAN_LOCK finding with ``Finding.reserved_until``), diagnose says so, a repair's plan
leaves it to a person and its re-check refuses to release it, and the window does not offer
Release for it. One rule for all of them, here.

"Ahead" is ``ttl.expiry``'s: a TTL DynamoDB honours (a Number of epoch seconds, not in
milliseconds, not negative) that is not less than now (``ttl_state`` PENDING), and not more than
``FAR_FUTURE`` (100 years) ahead, which the TTL timeline calls "effectively never". A lock whose
TTL has passed is EXPIRED instead; one DynamoDB ignores (NEVER), or a "never expires" value such
as 9999999999 (year 2286), will never be freed: an orphan, stuck, that a repair may release.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import UTC, datetime
from typing import Any

from dynoview.core.ttl.expiry import FAR_FUTURE, PENDING, TtlState, ttl_state
from dynoview.core.uniqueness.findings import ORPHAN_LOCK, Finding

#: The explanation of an orphan lock that is a reservation (``findings.EXPLANATIONS`` holds the
#: stuck one's).
RESERVATION_EXPLANATION = (
    "A lock whose value no account holds yet, with a TTL still ahead: a reservation, most likely a "
    "sign-up still completing. Its TTL frees the value: once it passes, DynamoDB deletes the lock "
    "(typically within days after). Nothing to do unless the sign-up is stuck; then diagnose the "
    "value and release the lock by hand.")


def reservation_state(ttl: Any, now: datetime | float | None = None) -> TtlState | None:
    """The TTL state that makes a lock no account holds a reservation (its TTL ahead of
    ``now``), else None. ``ttl``: the TTL attribute value (``{"N": ...}``), its text, or None."""
    if ttl is None or ttl == "":
        return None
    if isinstance(now, int | float):
        now = datetime.fromtimestamp(now, UTC)
    now = now or datetime.now(UTC)
    state = ttl_state({"N": ttl} if isinstance(ttl, str) else ttl, now)
    if state.kind != PENDING or state.expires_at is None or state.expires_at - now > FAR_FUTURE:
        return None
    return state


def lock_reservation(lock: Mapping[str, Any] | None, ttl_attribute: str | None,
                     now: datetime | float | None = None) -> TtlState | None:
    """``reservation_state`` of a lock item read from a table whose TTL attribute is
    ``ttl_attribute`` (None: the table has no TTL, so no lock is a reservation)."""
    if lock is None or not ttl_attribute:
        return None
    return reservation_state(lock.get(ttl_attribute), now)


def until_text(state: TtlState) -> str:
    """The moment a reservation's TTL passes, as ``Finding.reserved_until`` keeps it (UTC)."""
    assert state.expires_at is not None
    return f"{state.expires_at:%Y-%m-%d %H:%M:%S} UTC"


def is_reservation(finding: Finding | None) -> bool:
    """Whether an audit finding is a reservation rather than a stuck orphan lock."""
    return finding is not None and finding.status == ORPHAN_LOCK and bool(finding.reserved_until)


def reservation_sentence(named: str, until: str, soon: str = "") -> str:
    """A reservation's sentence: ``named`` the value (sentence start), ``until`` when its TTL
    passes, ``soon`` how long that is from now ("expires in 60 min"), if known."""
    when = f"{until} ({soon})" if soon else until
    return (f"{named} is reserved: its lock has a TTL until {when} and no account uses the value "
            "yet, so a sign-up may still be completing. Its TTL frees the value; it is not stuck. "
            "Release it by hand only if that sign-up is known to have failed.")


def reservation_reason(finding: Finding) -> str:
    """Why a repair leaves a reservation to a person (``repair.plan``, its re-check)."""
    return (f"A reservation until {finding.reserved_until}: the lock's TTL frees the value then, and "
            "a sign-up may still be completing. Not released; diagnose the value and release it by "
            "hand if it is stuck.")


def reservation_taken_sentence(named: str, rule: str, until: str, soon: str = "",
                               all_looked_up: bool = True) -> str:
    """Why the preflight refuses a transaction that claims a reserved value: taken by a sign-up in
    progress, and not offered for release (releasing frees a value that sign-up is about to
    claim). ``named``: the value at a sentence start; ``all_looked_up``: False when the preflight
    could not look up every account that may hold it (then one may, and the sentence says so)."""
    when = f"{until} ({soon})" if soon else until
    held = ("no account uses the value yet" if all_looked_up else
            "no account was found using the value (the preflight could not look up every account "
            "that may hold it, see its notes)")
    return (f"{named} is already taken by a sign-up in progress: it is reserved, its lock has a TTL "
            f"until {when} and {held}. Its TTL frees the value; it is not stuck, so it is not "
            f"offered for release. Choose another {rule}, or send this transaction again once the "
            "TTL has passed; release the lock by hand only if that sign-up is known to have failed.")
