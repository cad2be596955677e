"""A row's or an answer's repair, from the button to the builder, as a state machine with no
widget in it.

idle → (a repair chosen) form open → accepted (its transaction goes to the builder, where it
is reviewed before anything is sent) | closed; choosing another repair while a form is open
closes the first. Which repairs a row allows (``row_actions``) is decided here too, so the
buttons and the flow agree, and tests drive both without a window.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from dynoview.core.uniqueness.findings import (
    CASE_CLASH,
    DUPLICATE_VALUE,
    EXPIRED,
    LOOKALIKE_CLASH,
    MISSING_LOCK,
    ORPHAN_LOCK,
    PairRow,
)
from dynoview.core.uniqueness.key_limits import unlockable
from dynoview.core.uniqueness.reservation import is_reservation
from dynoview.core.uniqueness.schema import UniquenessSchema

IDLE, FORM_OPEN, ACCEPTED, CLOSED = "idle", "form open", "accepted", "closed"
RELEASE, CLAIM, RESOLVE = "release", "claim", "resolve"
CLASHES = frozenset({CASE_CLASH, LOOKALIKE_CLASH})


@dataclass(frozen=True)
class RowActions:
    """The selected row's buttons."""

    open_item: bool = False
    release: bool = False
    claim: bool = False
    resolve: bool = False


def row_actions(schema: UniquenessSchema, row: PairRow | None, *, partial: bool,
                account_row: Callable[[str], PairRow | None] | None = None) -> RowActions:
    """Every button needs a row; rows of findings found so far (the audit still reads) are
    for reading only: repairs wait for the whole table. ``account_row`` finds an account's row
    by id (a clash's lock offers Release only when its accounts' rows show their own locks)."""
    if row is None:
        return RowActions()
    statuses = row.statuses if not partial else set()
    return RowActions(
        open_item=True,
        release=row.kind == "lock" and (EXPIRED in statuses or (not partial and stuck_orphan(row)) or (
            bool(statuses & CLASHES) and other_clash_lock(row, account_row))),
        claim=not partial and claimable_rule(schema, row) is not None,
        resolve=DUPLICATE_VALUE in statuses,
    )


def stuck_orphan(row: PairRow) -> bool:
    """Whether a lock row is an orphan lock that is stuck, not a reservation its TTL frees
    (``reservation.is_reservation``: a sign-up may still be completing, so no Release button;
    diagnosing the value still offers a release by hand)."""
    return any(c.status == ORPHAN_LOCK and not is_reservation(c.finding) for c in row.cells.values())


def other_clash_lock(row: PairRow, account_row: Callable[[str], PairRow | None] | None) -> bool:
    """Whether a lock row of a case or lookalike clash is "the other lock" the clash's advice
    ("keep one spelling on the account and release the other lock") means: no account holds
    its spelling (it is a lock row), and every account of the clash holds a spelling with its
    own lock, so releasing it leaves each of them its lock. A clash whose account has no lock of
    its own is left to the person (the account may take this lock's spelling instead). The
    release's own form and preflight judge again before anything is sent."""
    if row.kind != "lock" or account_row is None:
        return False
    clash = False
    for rule, cell in row.cells.items():
        finding = cell.finding
        if cell.status not in CLASHES or finding is None:
            continue
        clash = True
        for account_id in finding.account_ids:
            held = account_row(account_id)
            own = held.cells.get(rule) if held is not None else None
            if own is None or own.lock_key is None:
                return False
    return clash


def claimable_rule(schema: UniquenessSchema, row: PairRow) -> str | None:
    """The first rule whose lock the account row misses and can claim: not a value whose lock
    key DynamoDB could never hold (the finding says to change the value instead)."""
    for rule, cell in row.cells.items():
        if cell.status == MISSING_LOCK and cell.value and unlockable(schema, rule, cell.value) is None:
            return rule
    return None


class RepairFlow:
    """One open repair form at a time, and what became of it."""

    def __init__(self) -> None:
        self.state = IDLE
        self.kind: str | None = None
        self.form: Any = None  # the open form (a widget the flow only holds)
        self.request: dict[str, Any] | None = None  # the accepted transaction, for the builder

    def opened(self, kind: str, form: Any) -> Any:
        """A form is shown; returns the one it replaces (to close), if any."""
        replaced = self.form if self.state == FORM_OPEN else None
        self.state, self.kind, self.form, self.request = FORM_OPEN, kind, form, None
        return replaced

    def finished(self, form: Any, request: dict[str, Any] | None) -> dict[str, Any] | None:
        """A form closed: accepted with its transaction (returned, for the builder), or not.
        A form the flow already replaced changes nothing."""
        if form is not self.form:
            return None
        self.form = None
        self.state = ACCEPTED if request is not None else CLOSED
        self.request = request
        return request
