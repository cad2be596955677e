"""``uniqueness.findings``: the one list of finding kinds, and how a row's status is chosen."""

from __future__ import annotations

from dynoview.core.uniqueness.findings import (
    BREAKING,
    CASE_CLASH,
    DUPLICATE_VALUE,
    EXPIRED,
    EXPLANATIONS,
    LABELS,
    MISSING_LOCK,
    NO_VALUE,
    OK,
    PROBLEMS,
    SEVERITY,
    STATUSES,
    WARNINGS,
    Cell,
    PairRow,
)


def test_every_problem_is_breaking_or_a_warning_never_both() -> None:
    assert set(PROBLEMS) == BREAKING | WARNINGS and not BREAKING & WARNINGS
    assert OK not in PROBLEMS


def test_every_kind_has_a_label_an_explanation_and_a_severity() -> None:
    for status in (*STATUSES, NO_VALUE):
        assert LABELS[status] and EXPLANATIONS[status].endswith(".") and status in SEVERITY
    assert all(SEVERITY[b] > SEVERITY[w] for b in BREAKING for w in WARNINGS)


def row(*statuses: str, expired: bool = False) -> PairRow:
    cells = {f"rule{n}": Cell("v", s) for n, s in enumerate(statuses)}
    return PairRow("account", "ACCT#1", {}, cells, expired=expired)


def test_a_rows_status_is_its_worst_cell() -> None:
    assert row().status == OK
    assert row(OK, CASE_CLASH).status == CASE_CLASH
    assert row(CASE_CLASH, MISSING_LOCK, OK).status == MISSING_LOCK
    assert row(NO_VALUE).status == NO_VALUE


def test_an_expired_account_counts_among_its_statuses() -> None:
    expired = row(OK, expired=True)
    assert expired.status == EXPIRED and expired.statuses == {OK, EXPIRED}
    assert row(DUPLICATE_VALUE, expired=True).status == DUPLICATE_VALUE
