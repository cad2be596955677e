"""The rule table evaluated on plain states: what the SQL renders and the pairing follows."""

from __future__ import annotations

from dynoview.core.uniqueness.findings import (
    CASE_CLASH,
    DUPLICATE_VALUE,
    EXPIRED,
    LOOKALIKE_CLASH,
    MISSING_LOCK,
    ORPHAN_LOCK,
)
from dynoview.core.uniqueness.rules import HEALTHY, form_statuses, group_holds


def state(holders: int, locked: bool, expired: bool = False, case: bool = False,
          lookalike: bool = False) -> dict[str, int | bool]:
    return {"holders": holders, "locked": locked, "lock_expired": expired, "in_case_clash": case,
            "in_lookalike_clash": lookalike}


def test_form_findings_and_the_fold_into_case_clashes() -> None:
    assert form_statuses(state(1, False)) == [MISSING_LOCK]
    assert form_statuses(state(0, True)) == [ORPHAN_LOCK]
    assert form_statuses(state(1, False, case=True)) == []  # a symptom of the clash
    assert form_statuses(state(0, True, case=True)) == []
    # A lookalike is another value: its orphan and missing lock are still reported.
    assert form_statuses(state(1, False, lookalike=True)) == [MISSING_LOCK]
    assert form_statuses(state(0, True, lookalike=True)) == [ORPHAN_LOCK]
    assert form_statuses(state(2, True, expired=True, case=True)) == [DUPLICATE_VALUE, EXPIRED]
    assert form_statuses(state(0, True, expired=True)) == [EXPIRED]


def test_healthy_is_one_holder_its_live_lock_and_no_clash() -> None:
    assert HEALTHY.holds(state(1, True))
    assert not HEALTHY.holds(state(1, True, case=True))
    assert not HEALTHY.holds(state(1, True, lookalike=True))
    assert not HEALTHY.holds(state(1, True, expired=True))
    assert form_statuses(state(1, True)) == []


def test_groups() -> None:
    assert group_holds(CASE_CLASH, {"forms": 2, "held": 1})
    assert not group_holds(CASE_CLASH, {"forms": 1, "held": 1})
    # Two spellings no account holds are two stuck signups (orphans), not a clash.
    assert not group_holds(CASE_CLASH, {"forms": 2, "held": 0})
    assert group_holds(LOOKALIKE_CLASH, {"odd": 1, "clash_keys": 2})
    assert not group_holds(LOOKALIKE_CLASH, {"odd": 0, "clash_keys": 2})  # bob1 / bobl
    assert not group_holds(LOOKALIKE_CLASH, {"odd": 2, "clash_keys": 1})  # one value
