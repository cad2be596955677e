"""What the demo's seeded accounts table holds wrong, written once for every test that checks it
(dynoview/demo/backend.py ``seed_accounts`` seeds these on purpose)."""

from __future__ import annotations

from dynoview.core.uniqueness.findings import (
    CASE_CLASH,
    DUPLICATE_VALUE,
    EXPIRED,
    LOOKALIKE_CLASH,
    MISSING_LOCK,
    ORPHAN_LOCK,
)
from dynoview.demo.backend import LOOKALIKE_EMAIL  # noqa: F401  (the tests' one name for it)

#: Items in a freshly seeded accounts table: 12 signups of 3 items and every broken case.
DEMO_ITEMS = 63

#: The seeded account whose email (``LOOKALIKE_EMAIL``) only looks like katherine@johnson.nasa
#: (ACCT#b8d966): its first "a" is Cyrillic. The audit's value for the pair is their lookalike key.
LOOKALIKE_ACCOUNT = "ACCT#0e1f2a"

#: The audit's findings on a freshly seeded table, in the order it reports them: (status, rule, value).
DEMO_FINDINGS = [
    (ORPHAN_LOCK, "email", "barbara@mit.edu"),
    (LOOKALIKE_CLASH, "email", "katherine@johnson.nasa"),
    (ORPHAN_LOCK, "email", "ken@thompson.dev"),
    (CASE_CLASH, "email", "margaret@hamilton.space"),
    (EXPIRED, "email", "pending@signup.test"),
    (DUPLICATE_VALUE, "email", "shared@example.com"),
    (MISSING_LOCK, "username", "linus"),
]

#: The findings a repair fixes by itself, as (repair kind, value): orphan locks are released,
#: a missing lock is claimed.
REPAIRS = {("release" if status == ORPHAN_LOCK else "claim", value)
           for status, _rule, value in DEMO_FINDINGS if status in (ORPHAN_LOCK, MISSING_LOCK)}

#: The findings a person must decide on: the repair never guesses these.
DECISIONS = {finding for finding in DEMO_FINDINGS if finding[0] not in (ORPHAN_LOCK, MISSING_LOCK)}
