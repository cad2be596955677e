"""Which ClientRequestToken a transaction is sent with, and when it changes.

DynamoDB keeps a token for 10 minutes after the request that used it: the same request
again is answered without a second write, and another request under that token is refused
(IdempotentParameterMismatch). So the builder uses:

- a **new token whenever the actions change**: a different request must never reuse one;
- the **same token while they do not**: executing again after a lost answer, a failure
  or an unknown outcome resends the same request, which DynamoDB applies at most once
  (``tx.execution`` keeps it across its own resends too);
- a **new token after a written outcome**: the same actions sent again later are a new
  transaction the user asked for (a second increment), not a resend;
- a token the **user typed**, or that came in a request they imported, is theirs: it is
  kept when the actions change, because typing one says "this is that request" (a logged
  transaction resent to settle it), until they regenerate it or load another transaction.
  If it was already used for other actions, DynamoDB refuses it and the app says so.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any

from dynoview.core.redaction import redact_obj
from dynoview.core.tx.action_log import NO_OUTCOME, ActionLog, same_connection
from dynoview.core.tx.model import new_token


def _canonical(items: Sequence[Any]) -> str:
    """The actions as one comparable text (binary and other non-JSON values by repr)."""
    return json.dumps(items, sort_keys=True, default=repr)


def text_carries_token(text: str) -> bool:
    """True if pasted TransactWriteItems JSON names its own ClientRequestToken."""
    try:
        obj = json.loads(text)
    except (ValueError, RecursionError):
        return False
    return isinstance(obj, dict) and isinstance(obj.get("ClientRequestToken"), str)


class TokenPolicy:
    """The builder's token: regenerated when the actions change, unless the user pinned it."""

    def __init__(self, token: str | None = None) -> None:
        self.token = token or new_token()
        self.pinned = False  # typed or imported by the user: kept when the actions change
        self._body: str | None = None  # the actions the token was last handed out for

    def token_for(self, items: Sequence[Any]) -> str:
        """The token to send with these actions (``TransactItems``); a new one if they changed."""
        body = _canonical(items)
        if self._body is not None and body != self._body and not self.pinned:
            self.token = new_token()
        self._body = body
        return self.token

    def typed(self, text: str) -> None:
        """The user typed in the token field: their token, kept until they regenerate it.

        An emptied field is not a choice: the next change of the actions brings a new one.
        """
        self.token = text.strip()
        self.pinned = bool(self.token)

    def load(self, token: str, *, pinned: bool = False) -> None:
        """Another transaction was loaded (template, import, proposal) with its own token.

        The next ``token_for`` adopts its actions as they come back from the editors,
        so a loaded token is not replaced because an editor spells a value differently.
        """
        self.token = token or new_token()
        self.pinned = pinned and bool(token)
        self._body = None

    def regenerate(self) -> str:
        """A fresh token, no longer pinned (the Regenerate button, or after a written outcome)."""
        self.token = new_token()
        self.pinned = False
        return self.token

    def note(self) -> str:
        """A few words for the builder, next to the token field."""
        if self.pinned:
            return "yours: kept when the actions change"
        return "new when the actions change"


# ------------------------------------------------------------------ the token's 10 minutes

#: Past this age (seconds since the token was first sent) a resend may land outside the
#: window: the margin covers the first request's own duration and clock differences.
TOKEN_RESEND_WARNING = 540.0


def entry_sent_at(entry: Mapping[str, Any]) -> float | None:
    """When an action log entry's request was sent (epoch seconds), when the entry says."""
    outcome = entry.get("outcome")
    stamp = (outcome.get("sent_at") if isinstance(outcome, Mapping) else None) or entry.get("time")
    try:
        return datetime.fromisoformat(str(stamp)).timestamp()
    except (TypeError, ValueError):
        return None


#: What names a connection in a logged send (``action_log.connection_record``) for
#: ``action_log.same_connection``: a send through another endpoint, region or profile reached
#: another DynamoDB (or another account's), which never saw the token.
_CONNECTION_KEYS = ("endpoint", "region", "profile")


def sent_through(entry: Mapping[str, Any], connection: Mapping[str, Any]) -> bool:
    """Whether a logged send went through ``connection`` (a ``connection_record``). An entry that
    does not name all of its endpoint, region and profile (an older log) cannot be told to have,
    so it has not: taking another endpoint's send for this one's would call a write a replay."""
    there = entry.get("connection")
    # The log keeps the record with secrets scrubbed (a profile named like a key): compare alike.
    return (isinstance(there, Mapping) and all(k in there for k in _CONNECTION_KEYS)
            and (same_connection(there, connection) or same_connection(there, redact_obj(dict(connection)))))


def sends_of(log: ActionLog, token: str, connection: Mapping[str, Any] | None) -> list[dict[str, Any]]:
    """The logged sends of ``token`` through ``connection``, oldest first. None: through any
    connection (only for a caller that has none to give: it may count another endpoint's send)."""
    entries = log.entries_for_token(token)
    return entries if connection is None else [e for e in entries if sent_through(e, connection)]


def token_first_sent(log: ActionLog | None, token: str,
                     connection: Mapping[str, Any] | None = None) -> float | None:
    """When the token's current run of sends through ``connection`` began (epoch seconds), from
    the action log.

    Sends within ``TOKEN_RESEND_WARNING`` of a run's first send are resends of one request
    as DynamoDB sees them; a send later than that was a new request to DynamoDB, and starts
    a new run. None when the log has no send of this token through this connection (DynamoDB
    keeps a token per endpoint and account: another one's send started nothing here).
    """
    if log is None or not token:
        return None
    times = sorted(t for e in sends_of(log, token, connection) for t in [entry_sent_at(e)] if t is not None)
    start: float | None = None
    for sent in times:
        if start is None or sent - start > TOKEN_RESEND_WARNING:
            start = sent
    return start


def stale_token_warning(token: str, first_sent: float | None, now: float) -> str | None:
    """A sentence when sending under this token again is likely past DynamoDB's 10 minutes
    (``first_sent``: ``token_first_sent`` through the connection it is sent on)."""
    if first_sent is None or now - first_sent <= TOKEN_RESEND_WARNING:
        return None
    minutes = (now - first_sent) / 60
    return (f"The token {token} was first sent {minutes:.0f} minutes ago, and DynamoDB honours a token "
            "for 10 minutes: it treats this as a new request, so if the earlier one was applied, this "
            "one can be applied again (or be cancelled by its own conditions). Check the items first, "
            "and regenerate the token for a transaction you mean as new.")


#: Logged outcomes of a send DynamoDB applied; and of one it may have applied (answer lost,
#: not settled; or killed before its outcome was written).
_APPLIED_STATUSES = frozenset({"succeeded", "applied"})
_MAYBE_APPLIED_STATUSES = frozenset({"unknown", NO_OUTCOME})


def earlier_send(log: ActionLog | None, token: str, request: Any, since: float, *,
                 connection: Mapping[str, Any]) -> tuple[float, bool] | None:
    """The newest send of this very request under ``token`` through ``connection`` since ``since``
    (the token's run of sends, within DynamoDB's 10 minutes) that was or may have been applied:
    (when it was sent, True if applied for sure). Another 200 for the request is then DynamoDB's
    replay of it; a send through another connection reached a DynamoDB that never saw it. A send
    that was itself answered as a replay wrote nothing: an older send of the run is named."""
    if log is None or not token:
        return None
    for entry in reversed(sends_of(log, token, connection)):
        sent = entry_sent_at(entry)
        status = str((entry.get("outcome") or {}).get("status", "unknown")).lower()
        if (sent is None or sent < since or entry.get("request") != request
                or status not in _APPLIED_STATUSES | _MAYBE_APPLIED_STATUSES):
            continue
        if (entry.get("outcome") or {}).get("replay_of"):
            continue
        return sent, status in _APPLIED_STATUSES
    return None
