"""Whether a draft's transaction already left the machine: the action log's word on its token.

The builder's draft is cleared as soon as a send's outcome is written, but a kill between the
send and that save (or a draft an older version left) still holds a transaction that was sent.
Its ``ClientRequestToken`` names it in the action log (``dynoview.core.tx.action_log``), which
records every send before it leaves and its outcome after: so a restore can tell applied work
from unsent work instead of offering it again as new.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from dynoview.core.tx.action_log import NO_OUTCOME, ActionLog
from dynoview.core.tx.idempotency import entry_sent_at
from dynoview.core.tx.outcomes import UNKNOWN, WRITTEN

#: Outcomes after which the transaction may be in the table: the answer was lost and reads did
#: not settle it, or the app stopped before recording an answer.
MAYBE_APPLIED = frozenset({UNKNOWN, NO_OUTCOME})


@dataclass(frozen=True)
class SentBefore:
    """What the action log says of a draft's transaction."""

    token: str
    applied: bool  # True: recorded as applied; False: it may have been (no outcome, or unknown)
    at: float | None  # epoch seconds of that send, when the log says


def sent_before(log: ActionLog, request: Mapping[str, Any]) -> SentBefore | None:
    """What the log records of ``request`` (a draft's, as Import/Export JSON has it) under its
    token: applied, maybe applied, or None (never sent, or sent and not applied: cancelled,
    refused, not applied). A send of the token with other actions is another transaction
    (DynamoDB refuses it as IdempotentParameterMismatch), so it does not count."""
    token = request.get("ClientRequestToken")
    items = request.get("TransactItems")
    if not isinstance(token, str) or not token or not isinstance(items, list) or not items:
        return None
    applied: SentBefore | None = None
    maybe: SentBefore | None = None
    for entry in log.entries_for_token(token):  # oldest first: the latest of each kind wins
        sent = entry.get("request")
        if not isinstance(sent, Mapping) or sent.get("TransactItems") != items:
            continue
        outcome = entry.get("outcome")
        status = outcome.get("status") if isinstance(outcome, Mapping) else None
        if status in WRITTEN:
            applied = SentBefore(token, True, entry_sent_at(entry))
        elif status in MAYBE_APPLIED:
            maybe = SentBefore(token, False, entry_sent_at(entry))
    return applied or maybe
