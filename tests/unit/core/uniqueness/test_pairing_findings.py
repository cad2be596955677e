"""``uniqueness.pairing_findings``: the advice a missing lock gets when its lock key is longer
than DynamoDB allows (no lock can ever exist there, so "Claim the lock" cannot be followed)."""

from __future__ import annotations

from typing import Any

import pytest

from dynoview.core.uniqueness.findings import EXPLANATIONS, MISSING_LOCK, Finding
from dynoview.core.uniqueness.key_limits import too_long
from dynoview.core.uniqueness.pairing import classify
from dynoview.core.uniqueness.schema import NORMALISE_LOWER, LockRule, UniquenessSchema

#: 2,005 bytes as stored; lower-cased, each "İ" becomes "i" + a combining dot (3 bytes), so the
#: lock key UNIQ#EMAIL#<value> is 3,016 bytes: over the 2,048 of a partition key.
LONG = "İ" * 1000 + "@x.io"
LOWER = UniquenessSchema(rules=(LockRule("email", "email", "UNIQ#EMAIL#{value}", "LOCK", NORMALISE_LOWER),))


def _acct(acct: str, email: str) -> dict[str, Any]:
    return {"PK": {"S": f"ACCT#{acct}"}, "SK": {"S": "PROFILE"}, "email": {"S": email}}


def _missing(items: list[dict[str, Any]], schema: UniquenessSchema = LOWER) -> dict[str, Finding]:
    found = classify(items, schema).findings()
    assert {f.status for f in found} == {MISSING_LOCK}
    return {f.account_ids[0]: f for f in found}


def test_a_value_whose_lock_key_is_too_long_is_never_advised_a_claim() -> None:
    found = _missing([_acct("long", LONG), _acct("m", "miss@x.io")])
    long, ordinary = found["ACCT#long"], found["ACCT#m"]
    assert "can never be locked" in long.sentence
    assert "its lock's partition key PK would be 3,016 bytes, and DynamoDB allows at most 2,048" \
        in long.sentence
    assert "Change the account's email to a shorter value" in long.sentence
    assert "Claim the lock" not in long.sentence + long.explanation
    assert "none can ever be written" in long.explanation
    # A value that fits keeps the advice to claim its lock.
    assert ordinary.sentence.endswith("Claim the lock for this account.")
    assert ordinary.explanation == EXPLANATIONS[MISSING_LOCK]


@pytest.mark.parametrize(("length", "claimable"), [(2037, True), (2038, False)])
def test_the_limit_is_dynamodbs_2048_bytes_of_lock_key(length: int, claimable: bool) -> None:
    """UNIQ#EMAIL# is 11 bytes: a 2,037-byte value makes a 2,048-byte key, which DynamoDB takes."""
    (finding,) = _missing([_acct("1", "a" * length)]).values()
    assert ("Claim the lock for this account." in finding.sentence) is claimable


def test_a_sort_key_holding_the_value_has_its_own_limit() -> None:
    """Layouts that repeat the value in the sort key (TypeDORM) meet the sort key's 1,024 bytes
    first."""
    both = UniquenessSchema(rules=(LockRule("email", "email", "UNIQ#EMAIL#{value}", "UNIQ#{value}"),))
    (finding,) = _missing([_acct("1", "a" * 1100)], both).values()
    assert ("its lock's sort key SK would be 1,105 bytes, and DynamoDB allows at most 1,024"
            in finding.sentence)
    assert too_long({"PK": {"S": "x" * 2048}, "SK": {"S": "y" * 1024}}, "PK") is None
