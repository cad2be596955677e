"""The watch's starting state (its findings with the changes still settling undone) and the
changes that bring a grid's findings in line with it: a finding the grid lacks appears (with
the account's values where the watch keeps them), one the start lacks is resolved, one whose
accounts differ changes, an equal one is left alone."""

from __future__ import annotations

from collections import Counter

from dynoview.core.audit.rows import rows_of_findings
from dynoview.core.session.tables import KeyAttribute, TableInfo
from dynoview.core.uniqueness.findings import DUPLICATE_VALUE, MISSING_LOCK, ORPHAN_LOCK, Finding
from dynoview.core.uniqueness.pairing_state import pack_record
from dynoview.core.uniqueness.schema import article_schema
from dynoview.core.watch.account_items import AccountItems
from dynoview.core.watch.events import APPEARED, CHANGED, RESOLVED, FindingChange
from dynoview.core.watch.start_findings import (
    StartEvent,
    StartState,
    shown_findings,
    start_events,
    start_note,
    start_state,
)
from dynoview.core.watch.state import WatchState
from dynoview.core.watch.watcher import Watcher, _Pending

SCHEMA = article_schema()


def finding(status: str, value: str, *accounts: str) -> Finding:
    locks = () if accounts and status == MISSING_LOCK else ({"PK": {"S": f"UNIQ#EMAIL#{value}"},
                                                            "SK": {"S": "LOCK"}},)
    return Finding(status, "email", value, tuple(accounts), locks, f"{status} {value}", "",
                   tuple({"PK": {"S": a}, "SK": {"S": "PROFILE"}} for a in accounts))


ORPHAN = finding(ORPHAN_LOCK, "orphan@x.io")
MISSING = finding(MISSING_LOCK, "miss@x.io", "ACCT#m1")
DUP_AB = finding(DUPLICATE_VALUE, "dup@x.io", "ACCT#a", "ACCT#b")
DUP_ABC = finding(DUPLICATE_VALUE, "dup@x.io", "ACCT#a", "ACCT#b", "ACCT#c")


def test_settling_changes_are_undone() -> None:
    late = finding(MISSING_LOCK, "late@x.io", "ACCT#l")
    settling = [FindingChange(APPEARED, late), FindingChange(RESOLVED, ORPHAN),
                FindingChange(CHANGED, DUP_ABC, (), DUP_AB)]
    assert sorted(shown_findings([MISSING, late, DUP_ABC], settling), key=repr) == sorted(
        [MISSING, ORPHAN, DUP_AB], key=repr)


def test_the_grid_is_brought_to_the_start() -> None:
    rows = rows_of_findings(SCHEMA, [ORPHAN, DUP_AB])
    start = StartState([MISSING, DUP_ABC], {"ACCT#m1": ("miss@x.io", "m1")})
    events = start_events(rows, start)
    assert all(isinstance(e, StartEvent) for e in events)
    assert [(e.kind, e.finding) for e in events] == [
        (RESOLVED, ORPHAN), (APPEARED, MISSING), (CHANGED, DUP_ABC)]
    assert events[2].change.previous == DUP_AB
    # The added row's values, as the watch keeps the account.
    (value_cause,) = events[1].causes
    assert value_cause.account_id == "ACCT#m1" and value_cause.account_values == ("miss@x.io", "m1")
    text = "\n".join(events[0].text_lines())
    assert "RESOLVED" in text and "(at Live's start)" in text and "before Live started" in text


def test_a_grid_in_line_gets_nothing() -> None:
    rows = rows_of_findings(SCHEMA, [MISSING, DUP_AB])
    same_dup = finding(DUPLICATE_VALUE, "dup@x.io", "ACCT#b", "ACCT#a")  # accounts in another order
    assert start_events(rows, StartState([same_dup, MISSING], {})) == []


def test_the_starting_state_of_a_watcher() -> None:
    """Its state's findings less those still settling; the values of the accounts they name."""
    table = TableInfo("accounts", KeyAttribute("PK", "S"), KeyAttribute("SK", "S"))
    watcher = Watcher(None, table, SCHEMA)  # type: ignore[arg-type]  # no read: the state is set here
    state = WatchState(SCHEMA, None)
    state.book = AccountItems(2, {"ACCT#m1": pack_record(["miss@x.io", "m1"], False, "PROFILE")})
    late = finding(MISSING_LOCK, "late@x.io", "ACCT#l")
    state.findings[("C", "email", "x")] = [MISSING, late]
    watcher.state = state
    watcher._pending[("late",)] = _Pending(FindingChange(APPEARED, late), 0.0, 0)
    start = start_state(watcher)
    assert start.findings == [MISSING]
    assert start.values == {"ACCT#m1": ("miss@x.io", "m1")}


def test_the_note_counts_the_update() -> None:
    note = start_note(Counter({APPEARED: 1, RESOLVED: 2}))
    assert "1 finding added, 2 resolved." in note and "not counted as new or resolved since" in note
    assert "3 changed" in start_note(Counter({CHANGED: 3}))
