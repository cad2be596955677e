"""What an audit finds: the kinds of finding, their severity, labels and explanations, findings
and view rows.

The one list of finding kinds: the pairing (live audit, preflight, diagnose), the export
audit's SQL, reports, repairs and the locks view all name findings from here. How values are
compared (normalisation, clash and lookalike keys) is defined once in ``forms``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

OK = "OK"
MISSING_LOCK = "MISSING_LOCK"
ORPHAN_LOCK = "ORPHAN_LOCK"
DUPLICATE_VALUE = "DUPLICATE_VALUE"
EXPIRED = "EXPIRED"
CASE_CLASH = "CASE_CLASH"
LOOKALIKE_CLASH = "LOOKALIKE_CLASH"
NO_VALUE = "NO_VALUE"  # view-only: the account has no value for the rule

STATUSES = (OK, MISSING_LOCK, ORPHAN_LOCK, DUPLICATE_VALUE, EXPIRED, CASE_CLASH, LOOKALIKE_CLASH)
PROBLEMS = STATUSES[1:]
#: Findings that break the invariant (a value is not, or no longer, protected by exactly one
#: lock): a write that creates one is refused. The others are warnings: a write that creates
#: one needs the same explicit confirmation as an override.
BREAKING = frozenset({MISSING_LOCK, ORPHAN_LOCK, DUPLICATE_VALUE})
WARNINGS = frozenset({EXPIRED, CASE_CLASH, LOOKALIKE_CLASH})

LABELS = {
    OK: "OK",
    MISSING_LOCK: "Missing lock",
    ORPHAN_LOCK: "Orphan lock",  # a stuck signup or a value left behind: diagnose tells which
    DUPLICATE_VALUE: "Duplicate value",
    EXPIRED: "Expired",
    CASE_CLASH: "Case or normalisation clash",
    LOOKALIKE_CLASH: "Lookalike clash",
    NO_VALUE: "No value",
}

EXPLANATIONS = {
    OK: "The account's value has its lock, so DynamoDB refuses a second signup with it.",
    MISSING_LOCK: "The account's value has no lock item, so uniqueness is not enforced for it: "
                  "another signup with the same value would succeed. Claim the lock for this account.",
    ORPHAN_LOCK: "A lock whose value no account holds: the value is blocked forever (a stuck signup, "
                 "or a stale lock left behind by a value change). Releasing the lock frees the value.",
    DUPLICATE_VALUE: "Two or more accounts hold the same value: uniqueness was already broken. "
                     "Keep one account's value and change or delete the others.",
    EXPIRED: "The item's TTL has passed, but DynamoDB deletes expired items lazily (typically "
             "within days), so it is still readable and an expired lock still blocks its value "
             "until then. Once deleted, the value is no longer protected.",
    CASE_CLASH: "These values are one value to a person (equal once case-folded, in Unicode NFKC "
                "form, without invisible characters) but stored differently, so DynamoDB sees "
                "different lock keys and does not enforce uniqueness between them. Pick one "
                "spelling, normalise the account value and keep a single lock. Spellings no "
                "account holds are no clash: each is an orphan lock, released on its own.",
    LOOKALIKE_CLASH: "These values look the same on screen (their Unicode TR39 confusable skeletons "
                     "are equal, e.g. a Cyrillic letter standing in for a Latin one) but are "
                     "different values with different locks: one account may be impersonating "
                     "another. Check who owns each account before anything else.",
    NO_VALUE: "The account has no value (missing or empty) for this attribute: nothing to protect.",
}

#: Said of an orphan lock in a table whose TTL could not be read (``TableInfo.ttl_error``): the
#: audit's, the repair's and the preflight's words, and the watch's (``watch.events``).
TTL_UNKNOWN_TEXT = ("TTL could not be read: reservations cannot be told from stuck locks, so this "
                    "lock may be a sign-up still completing, not a stuck signup")

SEVERITY = {NO_VALUE: 0, OK: 0, EXPIRED: 1, CASE_CLASH: 1, LOOKALIKE_CLASH: 1, MISSING_LOCK: 2,
            ORPHAN_LOCK: 2, DUPLICATE_VALUE: 2}


@dataclass(frozen=True)
class Finding:
    """One broken case, with everything needed to show, export and repair it."""

    status: str
    rule: str | None  # None for an expired account item (not tied to one rule)
    value: str | None
    account_ids: tuple[str, ...]
    lock_keys: tuple[dict[str, Any], ...]
    sentence: str
    explanation: str
    account_keys: tuple[dict[str, Any], ...] = ()
    #: An ORPHAN_LOCK whose lock's TTL is still ahead: when it passes (UTC), a reservation
    #: (``reservation.py``), not a stuck lock. None for every other finding.
    reserved_until: str | None = None
    #: An ORPHAN_LOCK in a table whose TTL could not be read: it may be a reservation
    #: (``TTL_UNKNOWN_TEXT``). False for every other finding.
    ttl_unknown: bool = False

    @property
    def label(self) -> str:
        return LABELS[self.status]


@dataclass
class Cell:
    """One (value, lock status) column pair of a view row."""

    value: str | None
    status: str
    lock_key: dict[str, Any] | None = None
    finding: Finding | None = None


@dataclass
class PairRow:
    """A view row: an account with one cell per rule, or a lock with no account."""

    kind: str  # "account" or "lock"
    account_id: str | None
    key: dict[str, Any]  # the account's key, or the lock's key for a lock row
    cells: dict[str, Cell] = field(default_factory=dict)
    expired: bool = False
    findings: list[Finding] = field(default_factory=list)

    @property
    def status(self) -> str:
        """The worst status in the row (what colours it)."""
        statuses = [c.status for c in self.cells.values()]
        if self.expired:
            statuses.append(EXPIRED)
        return max(statuses, key=lambda s: SEVERITY[s], default=OK) if statuses else OK

    @property
    def statuses(self) -> set[str]:
        out = {c.status for c in self.cells.values()}
        if self.expired:
            out.add(EXPIRED)
        return out
