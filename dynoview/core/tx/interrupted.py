"""What a send interrupted by the user (Ctrl+C, SIGTERM) left behind, read from the action log.

The log records every send before its request leaves the machine (``ActionLog.intent``, synced)
and its answer after: an intent of this run without an outcome is a request that may have
reached DynamoDB, so it is said to maybe be written, never "nothing was written". The next
execution settles it with strongly consistent reads (``settle``).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from dynoview.core.tx.action_log import INTENT, ActionLog, ActionLogError
from dynoview.core.tx.outcomes import APPLIED, SUCCEEDED, UNKNOWN


@dataclass(frozen=True)
class Interrupted:
    """``may_be_written``: the request may have reached DynamoDB (or did, and was applied)."""

    may_be_written: bool
    message: str


def _since(entry: dict[str, Any], started: datetime) -> bool:
    try:
        return datetime.fromisoformat(str(entry.get("time"))) >= started
    except ValueError:
        return False


def interrupted_send(log: ActionLog, token: str, started: datetime) -> Interrupted:
    """What to say of the transaction sent under ``token`` by an execution that began at
    ``started`` (timezone-aware) and was interrupted."""
    try:
        entries = [e for e in log.entries_for_token(token) if _since(e, started)]
    except (OSError, ActionLogError):
        return Interrupted(True, f"Interrupted while sending the transaction with token {token}; "
                                 "the action log could not be read, so it may have been written: "
                                 "read the items before sending it again.")
    if not entries:  # no intent recorded (or withdrawn: the request never left)
        return Interrupted(False, "Interrupted before the transaction was sent: nothing was written.")
    last = entries[-1]
    found = last.get("outcome")
    outcome: dict[str, Any] = found if isinstance(found, dict) else {}
    if last.get("phase") == INTENT:
        return Interrupted(True, (
            f"Interrupted while the transaction with token {token} was being sent: it may have been "
            "written. The next transaction DynoView executes on this connection settles it with "
            "strongly consistent reads and says what became of it; or send the same request again "
            "with this token (DynamoDB applies one token's transaction once within 10 minutes)."))
    status = str(outcome.get("status", "unknown"))
    said = str(outcome.get("message") or "").strip()
    written = status in (SUCCEEDED, APPLIED, UNKNOWN)
    return Interrupted(written, f"Interrupted after the transaction with token {token} was answered: "
                                f"{status}" + (f": {said}" if said else "."))
