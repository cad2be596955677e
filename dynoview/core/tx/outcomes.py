"""What executing a transaction came to: its status, one outcome per action, and the JSON
summary the action log and ``--format json`` keep."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, field
from datetime import UTC, datetime
from typing import Any

from dynoview.core.values.dynamodb_json import to_dynamodb_json

# Outcome statuses.
SUCCEEDED = "succeeded"  # DynamoDB answered 200: every action was applied
CANCELLED = "cancelled"  # TransactionCanceledException: nothing was written
APPLIED = "applied"  # the answer was lost, reads confirm every change is in place
NOT_APPLIED = "not_applied"  # the answer was lost, reads show the changes are not there
UNKNOWN = "unknown"  # the answer was lost and reads could not settle it (an item written since)
FAILED = "failed"  # DynamoDB refused the request (validation, permissions...): nothing written
NOT_SENT = "not_sent"  # a last look just before sending refused it: nothing left the machine

WRITTEN = frozenset({SUCCEEDED, APPLIED})


@dataclass
class ActionOutcome:
    """What happened to one action, for its row in the builder and one CLI line."""

    index: int
    code: str | None  # CancellationReasons code, None when the action passed
    message: str
    field: str = ""  # the model field to highlight: "condition", "item.PK", ...
    attribute: str | None = None  # the form field the user knows: "email"
    item: dict[str, Any] | None = None  # the existing item, when ALL_OLD was asked
    state: str | None = None  # after reads: "applied", "not_applied", "unverifiable"


@dataclass
class ExecutionResult:
    status: str
    message: str
    token: str
    actions: list[ActionOutcome] = field(default_factory=list)
    attempts: int = 1  # HTTP attempts (botocore's and ours), all with the same token
    tokens_sent: list[str] = field(default_factory=list)
    error_code: str | None = None
    verified_by_reads: bool = False
    current_items: list[dict[str, Any] | None] = field(default_factory=list)
    response: dict[str, Any] | None = None
    sent_at: float | None = None  # epoch seconds of this execution's first attempt
    warnings: list[str] = field(default_factory=list)  # also in ``message``
    # Earlier sends on this connection that had no outcome (the app was killed between sending
    # and recording) and were settled by reads before this one was sent: one sentence each.
    recovered: list[str] = field(default_factory=list)
    log_error: str | None = None  # the outcome could not be written to the action log (also in message)
    # DynamoDB's 200 answered an earlier send of this request under the token (ISO time of that
    # send): this one wrote nothing again. Not a second write.
    replay_of: str | None = None
    # After a lost answer: the actions (1-based) whose items another write changed since the send,
    # so what is there now is that write's (never acted on again to "make sure").
    rewritten: list[int] = field(default_factory=list)

    @property
    def written(self) -> bool:
        return self.status in WRITTEN

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready summary (items as DynamoDB JSON text) for logs and ``--format json``."""
        return {
            "status": self.status,
            "message": self.message,
            "token": self.token,
            "attempts": self.attempts,
            "error_code": self.error_code,
            "verified_by_reads": self.verified_by_reads,
            "sent_at": (None if self.sent_at is None
                        else datetime.fromtimestamp(self.sent_at, UTC).isoformat()),
            "warnings": list(self.warnings),
            "recovered": list(self.recovered),
            "log_error": self.log_error,
            "replay_of": self.replay_of,
            "rewritten": list(self.rewritten),
            "actions": [
                {**{k: v for k, v in asdict(a).items() if k != "item"},
                 "action": a.index + 1,
                 "item": None if a.item is None else _jsonable(a.item)}
                for a in self.actions
            ],
        }


def _jsonable(item: Mapping[str, Any]) -> Any:
    return {k: to_dynamodb_json(v) for k, v in item.items()}
