"""How each action's outcome shows on its row: a cancelled transaction's passed actions are
"passed, not written", never the success tick (issue 23)."""

from __future__ import annotations

import pytest

from dynoview.core.tx.outcomes import (
    APPLIED,
    CANCELLED,
    FAILED,
    NOT_APPLIED,
    SUCCEEDED,
    UNKNOWN,
    ActionOutcome,
)
from dynoview.ui.builder.action_list_view import DONE, ERROR, PASSED, WARNING, outcome_mark


def outcome(code: str | None = None, state: str | None = None) -> ActionOutcome:
    return ActionOutcome(0, code, "message", state=state)


@pytest.mark.parametrize(("result", "action", "mark"), [
    (CANCELLED, outcome(), ("passed, not written", PASSED)),
    (CANCELLED, outcome("ConditionalCheckFailed"), ("ConditionalCheckFailed", ERROR)),
    (SUCCEEDED, outcome(), ("written", DONE)),
    (APPLIED, outcome(state="applied"), ("applied", DONE)),
    (UNKNOWN, outcome(state="unverifiable"), ("unverifiable", WARNING)),
    (NOT_APPLIED, outcome(state="not_applied"), ("not applied", WARNING)),
    (FAILED, outcome(), ("not written", WARNING)),
])
def test_outcome_marks(result: str, action: ActionOutcome, mark: tuple[str, str]) -> None:
    assert outcome_mark(action, result) == mark
