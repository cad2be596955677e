"""A resend of a token DynamoDB still honours is a replay, not a new transaction.

The preflight judges conditions on the items as they are now; after a send whose answer was
lost (or that succeeded), those items may be what this very transaction wrote: its guards then
fail against itself ("an account with this id already exists", "this email is taken by the
account making the change"). DynamoDB answers a resend of an applied token within 10 minutes
with success and writes nothing, so predicting a cancellation there is false, and the advice
it gives ("use another account id") would make a second account. The reads after the send
settle what happened, as for any resend.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from dynoview.core.preflight.model import CANCELLED, Preflight
from dynoview.core.tx.action_log import NO_OUTCOME, ActionLog
from dynoview.core.tx.idempotency import TOKEN_RESEND_WARNING, sends_of, token_first_sent

#: Outcomes after which DynamoDB may hold the token as applied (a cancelled or refused request
#: is not: it is judged again). ``no_outcome``: the app was stopped (Ctrl+C, a kill) after the
#: request left and before its answer came, which is when the user is told to resend it.
_MAYBE_APPLIED = frozenset({"succeeded", "applied", "unknown", NO_OUTCOME})


def replayed(preflight: Preflight, log: ActionLog | None, token: str, now: float, *,
             connection: Mapping[str, Any] | None = None,
             request: Mapping[str, Any] | None = None) -> Preflight:
    """``preflight`` for a resend of ``token``: its predicted cancellations dropped (with a
    note) when the log shows the token sent less than ``TOKEN_RESEND_WARNING`` ago through
    ``connection`` (an ``action_log.connection_record``), this very ``request`` (the wire body
    parsed, as logged) and perhaps applied; otherwise as it is. Another endpoint never saw the
    token: its conditions are judged there as for any request. Without ``connection`` or
    ``request`` (a caller that has none to give) any connection's send, or any body, counts."""
    if not preflight.refused or any(r.status != CANCELLED for r in preflight.refusals):
        return preflight
    first = token_first_sent(log, token, connection)
    if log is None or first is None or now - first > TOKEN_RESEND_WARNING:
        return preflight
    sends = sends_of(log, token, connection)
    # The newest send of the token here: a different request under it is refused by DynamoDB
    # (IdempotentParameterMismatch), never replayed.
    if not sends or (request is not None and sends[-1].get("request") != request):
        return preflight
    if str((sends[-1].get("outcome") or {}).get("status", "unknown")).lower() not in _MAYBE_APPLIED:
        return preflight
    minutes = max(0, round((now - first) / 60))
    note = (f"This transaction's token {token} was sent {minutes} minute(s) ago, and DynamoDB "
            "honours a token for 10 minutes: if that send was applied, this one is answered as "
            "applied without writing again, so its conditions, which fail on what it wrote, do "
            "not cancel it. Strongly consistent reads after the send say what happened.")
    return dataclasses.replace(preflight, refusals=[], notes=[note, *preflight.notes],
                               warnings=list(preflight.warnings))
