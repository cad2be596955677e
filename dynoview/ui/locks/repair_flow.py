"""A row's or an answer's repair, from the button to the builder, as a state machine with no
widget in it.

idle → (a repair chosen) form open → accepted (its transaction goes to the builder, where it
is reviewed before anything is sent) | closed; choosing another repair while a form is open
closes the first. Which repairs a row allows (``row_actions``) is decided here too, so the
buttons and the flow agree, and tests drive both without a window.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from dynoview.core.uniqueness.findings import DUPLICATE_VALUE, EXPIRED, MISSING_LOCK, ORPHAN_LOCK, PairRow
from dynoview.core.uniqueness.key_limits import unlockable
from dynoview.core.uniqueness.schema import UniquenessSchema

IDLE, FORM_OPEN, ACCEPTED, CLOSED = "idle", "form open", "accepted", "closed"
RELEASE, CLAIM, RESOLVE = "release", "claim", "resolve"


@dataclass(frozen=True)
class RowActions:
    """The selected row's buttons."""

    open_item: bool = False
    release: bool = False
    claim: bool = False
    resolve: bool = False


def row_actions(schema: UniquenessSchema, row: PairRow | None, *, partial: bool) -> RowActions:
    """Every button needs a row; rows of findings found so far (the audit still reads) are
    for reading only: repairs wait for the whole table."""
    if row is None:
        return RowActions()
    statuses = row.statuses if not partial else set()
    return RowActions(
        open_item=True,
        release=row.kind == "lock" and bool(statuses & {ORPHAN_LOCK, EXPIRED}),
        claim=not partial and claimable_rule(schema, row) is not None,
        resolve=DUPLICATE_VALUE in statuses,
    )


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
