"""A resumed repair recognises its own earlier writes, by the token in the action log.

Every repair transaction is sent with a context naming the table, the report (its SHA-256)
and the finding; the action log keeps it with the send's intent (written before the request
leaves) and its outcome. A run that stopped between sending and saving the state file (a
``kill -9``, a crash, a full disk) left the finding out of the state file, but not out of
the log. The next run on the same report finds the finding's sends there before re-checking
it: a send that was applied is the finding's repair (never "someone released it since the
report"); one without an outcome, or whose outcome is unknown, is settled by strongly
consistent reads of its own request first. No reads here beyond that settling.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from dynoview.core.reads.reader import Reader
from dynoview.core.session.connection import Connection
from dynoview.core.session.tables import TableInfo
from dynoview.core.tx.action_log import (
    NO_OUTCOME,
    ActionLog,
    abandoned,
    connection_record,
    same_connection,
)
from dynoview.core.tx.model import Transaction, TransactionImportError, parse_request
from dynoview.core.tx.outcomes import CANCELLED, UNKNOWN, WRITTEN
from dynoview.core.tx.recovery import settle_intent
from dynoview.core.uniqueness.schema import UniquenessSchema

CONTEXT_KEY = "repair"

# What an earlier send means for its finding now.
WRITTEN_BEFORE = "written"  # the repair is done: applied by the earlier run
CANCELLED_BEFORE = "cancelled"  # DynamoDB cancelled it: reported, never retried
CHANGED_BEFORE = "changed"  # its item was written again since: that write's now, never retried
STILL_UNKNOWN = "unknown"  # neither the log nor the reads can tell: stop the run here


class ReadOnlyLog(ActionLog):
    """The action log as a dry run sees it: read to know what earlier runs sent (a dry run shows
    what a resumed run sends, and says "an earlier run sent this repair" as it would), never
    written: the outcome a settling read finds is not recorded, and nothing can be sent."""

    def __init__(self, log: ActionLog) -> None:
        super().__init__(log.path)

    def _write(self, entry: Mapping[str, Any], *, sync: bool, what: str) -> None:
        """A dry run writes no file; the next real run settles the send again and records it."""

    def intent(self, **_kwargs: Any) -> dict[str, Any]:
        raise AssertionError("a dry run sends nothing, so it records no intent")


def repair_context(table: str, report_digest: str, finding: str) -> dict[str, Any]:
    """What a repair's send carries into the action log."""
    return {CONTEXT_KEY: {"table": table, "report_sha256": report_digest, "finding": finding}}


def earlier_sends(log: ActionLog | None, conn: Connection, table: str,
                  report_digest: str) -> dict[str, list[dict[str, Any]]]:
    """The logged sends of earlier runs on this report, table and connection (endpoint,
    region, profile), by finding id, oldest first.

    None without a report digest (the window's in-memory state): a finding of another audit
    must never be matched to an old send."""
    if log is None or not report_digest:
        return {}
    here = connection_record(conn.spec, conn.region)
    out: dict[str, list[dict[str, Any]]] = {}
    for entry in log.find(report_digest, tail_bytes=64 << 20):
        context, there = entry.get("context"), entry.get("connection")
        tag = context.get(CONTEXT_KEY) if isinstance(context, Mapping) else None
        if (isinstance(tag, Mapping) and tag.get("table") == table
                and tag.get("report_sha256") == report_digest and isinstance(tag.get("finding"), str)
                and isinstance(there, Mapping) and same_connection(there, here)):
            out.setdefault(tag["finding"], []).append(entry)
    return out


@dataclass(frozen=True)
class EarlierSend:
    """What an earlier run's send of this finding came to."""

    verdict: str  # WRITTEN_BEFORE, CANCELLED_BEFORE, CHANGED_BEFORE or STILL_UNKNOWN
    message: str
    tx: Transaction | None


def _status(entry: Mapping[str, Any]) -> str:
    outcome = entry.get("outcome")
    return str(outcome.get("status")) if isinstance(outcome, Mapping) else NO_OUTCOME


def _message(entry: Mapping[str, Any]) -> str:
    outcome = entry.get("outcome")
    return str(outcome.get("message") or "") if isinstance(outcome, Mapping) else ""


def judge_earlier(conn: Connection, log: ActionLog, sends: list[dict[str, Any]], *,
                  schema: UniquenessSchema, table: TableInfo, reader: Reader) -> EarlierSend | None:
    """What the finding's earlier sends mean now; None when none was written (not applied,
    refused): the finding is then re-checked and repaired as usual."""
    written = [s for s in sends if _status(s) in WRITTEN]
    chosen = written[-1] if written else sends[-1]
    try:
        tx: Transaction | None = parse_request(chosen.get("request"))
    except TransactionImportError:
        tx = None
    token = chosen.get("token")
    status, said = _status(chosen), _message(chosen)
    rewritten = False  # an item the send acted on was written by another write since
    if status == NO_OUTCOME and not abandoned(chosen):
        return EarlierSend(STILL_UNKNOWN, f"Another DynoView process is sending this repair now (token "
                           f"{token}); nothing was sent for it here. Run again once that one has ended.", tx)
    if status in (NO_OUTCOME, UNKNOWN):
        recovery = settle_intent(conn, log, chosen, schema=schema, tables={table.name: table}, reader=reader)
        if recovery.result is None:
            return EarlierSend(STILL_UNKNOWN, f"An earlier run sent this repair and its outcome is still "
                               f"unknown: {recovery.sentence}", tx)
        status, said = recovery.result.status, recovery.result.message
        rewritten = bool(recovery.result.rewritten)
    named = "" if str(token) in said else f" (token {token})"
    earlier = f"An earlier run sent this repair{named} and stopped before saving it in the state file: "
    if status in WRITTEN:
        return EarlierSend(WRITTEN_BEFORE, earlier + said, tx)
    if status == CANCELLED:
        return EarlierSend(CANCELLED_BEFORE, earlier + said, tx)
    if status == UNKNOWN and rewritten:  # unknowable for good, and acting again would act on
        return EarlierSend(CHANGED_BEFORE, earlier + said, tx)  # that write's item: not a stop
    if status == UNKNOWN:
        return EarlierSend(STILL_UNKNOWN, earlier + said, tx)
    return None
