"""The lock on the empty value (``UNIQ#EMAIL#``, from older versions or other tools) is named.

Reported: the audit said "[ORPHAN_LOCK]  is locked, and no account uses it: …" and repair's plan
read "release orphan email lock " (blank): '' printed bare reads as a missing word. Every
sentence now names it one way, "the empty email ('')".
"""

from __future__ import annotations

from datetime import UTC, datetime

from dynoview.core.repair.plan import RELEASE, PlannedRepair
from dynoview.core.uniqueness.diagnose_answer import answer, orphan_sentence, shown
from dynoview.core.uniqueness.findings import EXPIRED, ORPHAN_LOCK
from dynoview.core.uniqueness.origin import UNKNOWN, LockOrigin
from dynoview.core.uniqueness.pairing import Pairing
from dynoview.core.uniqueness.schema import NORMALISE_TRIM_LOWER, LockRule, UniquenessSchema

NOW = datetime(2026, 6, 1, tzinfo=UTC)
EMAIL = LockRule("email", "email", "UNIQ#EMAIL#{value}", "LOCK", NORMALISE_TRIM_LOWER)
SCHEMA = UniquenessSchema("PK", "SK", "ACCT#", "PROFILE", (EMAIL,))
EMPTY = "the empty email ('')"


def _pairing(*locks: dict[str, dict[str, str]]) -> Pairing:
    """An account whose email trims to '' (no value), an account with its lock, and ``locks``."""
    p = Pairing(SCHEMA, "expires", NOW)
    p.feed([{"PK": {"S": "ACCT#1"}, "SK": {"S": "PROFILE"}, "email": {"S": "   "}},
            {"PK": {"S": "ACCT#2"}, "SK": {"S": "PROFILE"}, "email": {"S": "ok@x.io"}},
            {"PK": {"S": "UNIQ#EMAIL#ok@x.io"}, "SK": {"S": "LOCK"}}, *locks])
    return p


def test_the_audit_names_the_orphan_lock_on_the_empty_value() -> None:
    [f] = _pairing({"PK": {"S": "UNIQ#EMAIL#"}, "SK": {"S": "LOCK"}}).findings()
    assert (f.status, f.value) == (ORPHAN_LOCK, "")
    assert f.sentence.startswith("The empty email ('') is locked, and no account uses it: "), f.sentence


def test_an_expired_lock_on_the_empty_value_is_named() -> None:
    [f] = _pairing({"PK": {"S": "UNIQ#EMAIL#"}, "SK": {"S": "LOCK"},
                    "expires": {"N": str(int(NOW.timestamp()) - 60)}}).findings()
    assert f.status == EXPIRED
    assert f.sentence.startswith(f"The lock for {EMPTY} (held by no account) has expired"), f.sentence


def test_the_diagnosis_names_the_empty_value() -> None:
    p = _pairing({"PK": {"S": "UNIQ#EMAIL#"}, "SK": {"S": "LOCK"}})
    [f] = p.findings()
    status, sentence = answer(p, EMAIL, "", f, True, [])
    assert status == ORPHAN_LOCK
    assert sentence.startswith("The empty email ('') is locked, and no account uses it"), sentence
    origin = LockOrigin(UNKNOWN, "Nothing on record says how the lock got there.", "none")
    assert orphan_sentence("", EMAIL, origin).startswith("The empty email ('') is locked")
    assert shown("", EMAIL) == EMPTY and shown("") == "the empty value ('')"
    assert shown("ada@x.io", EMAIL) == "ada@x.io"  # any other value as before


def test_the_repair_plan_title_names_the_empty_value() -> None:
    [f] = _pairing({"PK": {"S": "UNIQ#EMAIL#"}, "SK": {"S": "LOCK"}}).findings()
    assert PlannedRepair(f, RELEASE).title() == f"release orphan email lock for {EMPTY}"
