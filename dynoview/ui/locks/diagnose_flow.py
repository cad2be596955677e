"""The "Diagnose one value" workflow as a state machine, with no widget in it.

idle → (ask with no value) empty → (ask) reading → answered | failed; a write to the table
makes an answer stale, or asks again at once where that is cheap (a small local table, or an
answer found through an index); clearing goes back to idle. What the box shows and which of
its buttons are on follow from the state (``buttons``), so the panel only wires widgets to it
and tests drive it without a window.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from dynoview.core.uniqueness.diagnose import Diagnosis
from dynoview.core.uniqueness.diagnose_answer import HOLDER_UNKNOWN
from dynoview.core.uniqueness.findings import (
    CASE_CLASH,
    DUPLICATE_VALUE,
    EXPIRED,
    LOOKALIKE_CLASH,
    MISSING_LOCK,
    ORPHAN_LOCK,
)
from dynoview.core.uniqueness.forms import NORMALISE_NONE
from dynoview.core.uniqueness.holders import VIA_INDEX, VIA_SCAN
from dynoview.core.uniqueness.key_limits import unlockable
from dynoview.core.uniqueness.schema import UniquenessSchema
from dynoview.ui.i18n import QT_TRANSLATE_NOOP

IDLE, EMPTY, READING, ANSWERED, STALE, FAILED = "idle", "empty", "reading", "answered", "stale", "failed"
EMPTY_TEXT = QT_TRANSLATE_NOOP("locks.diagnose_flow", "Type the value to diagnose (an email or a username).")
READING_TEXT = "Reading…"


@dataclass(frozen=True)
class Ask:
    """A diagnosis to run: the rule, the value as typed, and whether its subject becomes the
    selection the templates act on (a re-run after a write does not move the selection)."""

    rule: str
    value: str
    select: bool = True
    scan: bool = False  # look holders up by a Scan of every spelling, not the index


@dataclass(frozen=True)
class Buttons:
    """What the answer allows."""

    release: bool = False
    claim: bool = False
    resolve: bool = False
    open_lock: bool = False
    accounts: int = 0  # accounts to offer under "Open account"
    scan: bool = False  # the index could not see every spelling: ask again with a Scan


def exact_holders(schema: UniquenessSchema, d: Diagnosis) -> list[dict[str, Any]]:
    """The accounts holding the diagnosed value as its lock stores it (normalised by the rule,
    a number by its text); a spelling the rule keeps apart is a clash, not a holder."""
    rule = schema.rule(d.rule)
    return [a for a in d.accounts if rule.held_form(a) == d.stored]


def other_clash_lock(schema: UniquenessSchema, d: Diagnosis) -> bool:
    """Whether the diagnosed lock is "the other lock" a case or lookalike clash's advice means
    (as ``repair_flow.other_clash_lock`` for an audit row): no account holds its spelling, and
    every account the answer names holds the clash's other spelling, whose lock was read by its
    key (``variant_lock_key``), so releasing this one leaves each account its lock. The holders
    of the spelling are all found only where the rule keeps spellings apart (an index finds the
    spelling asked for) or a Scan read them. The release's form and preflight judge again."""
    if d.status not in (CASE_CLASH, LOOKALIKE_CLASH) or d.lock_item is None or d.variant_lock_key is None:
        return False
    rule = schema.rule(d.rule)
    if exact_holders(schema, d) or (rule.normalisation != NORMALISE_NONE and d.method != VIA_SCAN):
        return False
    other = schema.match_lock(d.variant_lock_key)
    if other is None or other[0].name != rule.name or other[1] == d.stored:
        return False
    return all(rule.held_form(a) == other[1] for a in d.accounts)


class DiagnoseFlow:
    """One panel's diagnose box, from the question to the answer and what it allows."""

    def __init__(self) -> None:
        self.state = IDLE
        self.diagnosis: Diagnosis | None = None
        self.error = ""
        self.asked: Ask | None = None

    def ask(self, rule: str, value: str, *, select: bool = True, scan: bool = False) -> Ask | None:
        """The user pressed Diagnose: what to run (None: nothing typed, or only spaces, which no
        one signs up with: the box says so instead of calling it free)."""
        if not value.strip():
            self.state = EMPTY
            return None
        self.state = READING
        self.asked = Ask(rule, value, select, scan)
        return self.asked

    def ask_with_a_scan(self) -> Ask | None:
        """The answer could not tell (HOLDER_UNKNOWN): the same question, holders read by a Scan."""
        d = self.diagnosis
        if d is None or self.state not in (ANSWERED, STALE):
            return None
        return self.ask(d.rule, d.typed, select=True, scan=True)

    def answered(self, d: Diagnosis) -> Diagnosis:
        self.state, self.diagnosis, self.error = ANSWERED, d, ""
        return d

    def failed(self, message: str) -> None:
        self.state, self.error = FAILED, message

    def show(self, d: Diagnosis | None, *, stale: bool = False) -> None:
        """An answer from elsewhere (None clears the box)."""
        self.diagnosis = d
        self.state = IDLE if d is None else STALE if stale else ANSWERED
        self.error = ""

    def written(self, refresh: bool) -> Ask | None:
        """The table was written: the holders of the diagnosed value may have changed through
        any account, so any write counts. Returns what to ask again (at once where that is
        cheap: ``refresh`` for a small local table, or an answer found through an index), else
        the answer turns stale."""
        d = self.diagnosis
        if d is None or self.state not in (ANSWERED, STALE):
            return None
        if refresh or d.method == VIA_INDEX:
            return self.ask(d.rule, d.typed, select=False)
        self.state = STALE
        return None

    @property
    def stale(self) -> bool:
        return self.state == STALE

    def subject(self) -> dict[str, Any] | None:
        """The item an answer makes the selection: its account, or the lock when no account
        holds the value; a free value selects nothing."""
        d = self.diagnosis
        if d is None:
            return None
        return d.accounts[0] if d.accounts else d.lock_item

    def buttons(self, schema: UniquenessSchema) -> Buttons:
        d = self.diagnosis
        if d is None or self.state not in (ANSWERED, STALE):
            return Buttons()
        orphan = d.lock_item is not None and not d.accounts
        return Buttons(
            release=(orphan and d.status in (ORPHAN_LOCK, EXPIRED)) or other_clash_lock(schema, d),
            claim=(d.status == MISSING_LOCK and len(d.accounts) == 1
                   and unlockable(schema, d.rule, d.value) is None),
            resolve=d.status == DUPLICATE_VALUE and len(exact_holders(schema, d)) >= 2,
            open_lock=d.lock_item is not None,
            accounts=len(d.accounts),
            scan=d.status == HOLDER_UNKNOWN,
        )
