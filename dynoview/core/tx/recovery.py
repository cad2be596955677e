"""Sends the app was killed in the middle of, settled by reads.

Every send writes its intent to the action log before the request leaves the machine and
its outcome after the answer. A process killed in between (``kill -9``, a crash, a power
cut) leaves an intent without an outcome: the transaction may or may not have reached
DynamoDB. The next execution on the same connection (and the start of a repair run) finds
those intents, rebuilds each transaction from its logged request, decides with strongly
consistent reads whether it was applied (``settle.settled_result``, as for a lost answer),
writes the outcome to the log and says so in a sentence. An intent still owned by a running
process (this one's sends in flight, or another live process on this machine) is left alone.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from dynoview.core.reads.reader import Reader
from dynoview.core.session.connection import Connection
from dynoview.core.session.tables import TableInfo
from dynoview.core.tx.action_log import (
    ActionLog,
    ActionLogError,
    abandoned,
    connection_record,
    same_connection,
)
from dynoview.core.tx.model import TransactionImportError, parse_request
from dynoview.core.tx.outcomes import UNKNOWN, ExecutionResult
from dynoview.core.tx.settle import before_from_context, settled_result
from dynoview.core.uniqueness.schema import UniquenessSchema, article_schema


@dataclass
class Recovery:
    """One interrupted send: what the reads found (``result`` None when they could not read)."""

    intent: dict[str, Any]
    result: ExecutionResult | None
    sentence: str
    logged: bool  # the outcome is in the action log now


def _sent_at(intent: Mapping[str, Any]) -> float | None:
    try:
        return datetime.fromisoformat(str(intent.get("time"))).timestamp()
    except (TypeError, ValueError):
        return None


def settle_intent(conn: Connection, log: ActionLog, intent: Mapping[str, Any], *,
                  schema: UniquenessSchema | None = None,
                  tables: Mapping[str, TableInfo] | None = None,
                  reader: Reader | None = None) -> Recovery:
    """Settle one logged send by strongly consistent reads and record its outcome.

    When the reads themselves fail, nothing is recorded: the intent stays open and is
    checked again next time.
    """
    token = str(intent.get("token") or "")
    lost = (f"DynoView stopped after sending the transaction with token {token} ({intent.get('time')}) "
            "and before recording its answer, so it was checked with strongly consistent reads.")
    try:
        tx = parse_request(intent.get("request"))
    except TransactionImportError:
        result = ExecutionResult(UNKNOWN, f"{lost} Its logged request cannot be read back, so whether "
                                 "it was applied is not known; check its items by hand.", token)
    else:
        tx.token = token or tx.token
        # What the changes looked like before the send, as the intent kept it: without it
        # (an older log) a change in place is no evidence, and the outcome may stay unknown.
        result = settled_result(conn, tx, reader or Reader(conn), dict(tables or {}),
                                schema or article_schema(), lost,
                                before=before_from_context(intent.get("context"), tx))
    result.sent_at = _sent_at(intent)
    if result.status == UNKNOWN and result.error_code and not result.verified_by_reads:
        return Recovery(dict(intent), None, f"{result.message} It is checked again next time.", False)
    try:
        log.outcome(intent, result.to_json(), recovered=True)
    except ActionLogError as exc:
        return Recovery(dict(intent), result, f"{result.message} The action log could not record this "
                        f"({exc.reason}). {exc.fix}", False)
    return Recovery(dict(intent), result, result.message, True)


def recover_interrupted(conn: Connection, log: ActionLog | None, *,
                        schema: UniquenessSchema | None = None,
                        tables: Mapping[str, TableInfo] | None = None,
                        reader: Reader | None = None) -> list[Recovery]:
    """Settle the abandoned intents of this connection in the log, once per log and connection.

    Cheap when there is nothing to settle: one read of the log's tail, the first time.
    """
    if log is None:
        return []
    record = connection_record(conn.spec, conn.region)
    key = (record["endpoint"], record["region"], record["profile"])
    if key in log.recovered_for:
        return []
    log.recovered_for.add(key)
    out = []
    for intent in log.pending():
        connection = intent.get("connection")
        if isinstance(connection, Mapping) and same_connection(connection, record) and abandoned(intent):
            out.append(settle_intent(conn, log, intent, schema=schema, tables=tables, reader=reader))
    return out
