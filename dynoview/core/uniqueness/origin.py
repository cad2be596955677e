"""Where an orphan lock came from: a stuck signup, or a value left behind by a change or a delete.

A lock no account holds is either a signup whose account write never happened (releasing it
lets that person sign up) or the old value of an account that changed its value, or was
deleted, without releasing the lock (releasing it frees the value for anyone). The two look
the same in the table, so the answer comes from evidence, most certain first:

1. the lock's owner attribute, when the schema declares one (a GetItem of that account);
2. the table's stream, when enabled: 24 hours of writes, read from the trim horizon within a
   bounded number of GetRecords calls;
3. the app's action log: the transactions DynoView sent that wrote or released this lock;
4. nothing: then the answer says plainly that it is one or the other, and what releasing means.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any, Protocol

from botocore.exceptions import BotoCoreError, ClientError

from dynoview.core.counts import count_text
from dynoview.core.errors import CancelledError, DynoViewError, aws_error_code
from dynoview.core.reads.reader import Reader
from dynoview.core.reads.receipts import ReadLog, ReadReceipt
from dynoview.core.redaction import redact_url
from dynoview.core.session.tables import TableInfo
from dynoview.core.streams.description import RETENTION_HOURS
from dynoview.core.streams.records import INSERT, MODIFY, REMOVE, StreamEvent
from dynoview.core.uniqueness.diagnose_owner import read_account
from dynoview.core.uniqueness.origin_stream import (
    EARLIEST,
    TTL_REMOVE,
    UNSEEN,
    AccountTrail,
    StreamRecords,
    read_stream,
    value_text,
)
from dynoview.core.uniqueness.pairing_findings import empty_named
from dynoview.core.uniqueness.schema import LockRule, UniquenessSchema, normalise
from dynoview.core.values.visible_text import visible_value as said

STUCK_SIGNUP = "stuck-signup"
LEFT_BY_CHANGE = "left-by-change"
LEFT_BY_DELETE = "left-by-delete"
UNKNOWN = "unknown"
KINDS = (STUCK_SIGNUP, LEFT_BY_CHANGE, LEFT_BY_DELETE, UNKNOWN)

SOURCE_OWNER = "owner"
SOURCE_STREAM = "stream"
SOURCE_ACTION_LOG = "action-log"
SOURCE_NONE = "none"

#: GetRecords calls one diagnosis may make (each returns at most 1,000 records), over all shards.
STREAM_MAX_CALLS = 60
#: Records of one transaction carry approximately the same creation time (rounded to the
#: second by DynamoDB); writes this close to the lock's are "the same transaction".
TRANSACTION_WINDOW = timedelta(seconds=2)
#: The action log's outcomes for a transaction that was written (tx_execution.WRITTEN).
_WRITTEN = frozenset({"succeeded", "applied"})

LABELS = {
    STUCK_SIGNUP: "stuck signup",
    LEFT_BY_CHANGE: "left behind by a change",
    LEFT_BY_DELETE: "left by a deleted account",
    UNKNOWN: "origin unknown",
}


class ActionEntries(Protocol):
    """Anything that lists action-log entries oldest first (``ActionLog`` does)."""

    def entries(self, limit: int | None = None) -> list[dict[str, Any]]: ...


@dataclass(frozen=True)
class LockOrigin:
    """How an orphan lock came to be, and the evidence that says so."""

    kind: str  # STUCK_SIGNUP, LEFT_BY_CHANGE, LEFT_BY_DELETE or UNKNOWN
    evidence: str  # one sentence: what shows it
    source: str  # SOURCE_OWNER, SOURCE_STREAM, SOURCE_ACTION_LOG or SOURCE_NONE
    account_id: str | None = None  # the account the lock belonged to, when known
    current_value: str | None = None  # what that account holds now (a change), when known
    when: datetime | None = None  # when the deciding write happened, when known
    notes: tuple[str, ...] = ()  # sources that were looked at and could not tell, and why

    @property
    def label(self) -> str:
        return LABELS.get(self.kind, self.kind)

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "label": self.label, "evidence": self.evidence,
                "source": self.source, "account": self.account_id,
                "current_value": self.current_value,
                "time": self.when.isoformat() if self.when else None, "notes": list(self.notes)}


@dataclass
class _Context:
    reader: Reader
    table: TableInfo
    schema: UniquenessSchema
    rule: LockRule
    stored: str
    lock_key: dict[str, Any]
    receipts: list[ReadReceipt] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    accounts: TableInfo | None = None  # the accounts' table (``table`` holds the locks)

    def holds(self, text: Any) -> bool:
        """True if an account value needs this lock (after the rule's normalisation)."""
        return isinstance(text, str) and normalise(text, self.rule.normalisation) == self.stored

    def from_account_now(self, account_id: str, source: str, how: str,
                         when: datetime | None) -> LockOrigin:
        """The lock was written with ``account_id`` (``how`` says how we know): what that
        account holds now (``read_account``: by its key, or under its partition key when the
        accounts' sort keys vary) decides between a change and a delete."""
        found = read_account(self.reader, self.accounts or self.table, self.schema, account_id, self.receipts)
        if found.problem is not None:
            return LockOrigin(UNKNOWN, f"{how} {found.problem}", source, account_id, None, when)
        item = found.item
        rule = self.rule.name
        if item is None:
            return LockOrigin(LEFT_BY_DELETE, f"{how} That account no longer exists.", source,
                              account_id, None, when)
        value = value_text(item.get(self.rule.attribute))
        if self.holds(value):
            return LockOrigin(UNKNOWN, f"{how} Account {said(account_id)} holds {said(self.stored)} now, "
                              "so the search for accounts missed it (a GSI answers eventually consistent "
                              "reads): diagnose again in a moment.", source, account_id, value, when)
        now = (f"That account now holds {said(value)}." if value is not None
               else f"That account now has no {rule}.")
        return LockOrigin(LEFT_BY_CHANGE, f"{how} {now}", source, account_id, value, when)


def _a(noun: str) -> str:
    """The noun with its indefinite article: "an email", "a username"."""
    return f"{'an' if noun[:1].lower() in 'aeiou' else 'a'} {noun}"


def _when(t: datetime | None) -> str:
    return f" at {t:%Y-%m-%d %H:%M:%S} UTC" if t else ""


def classify_orphan(
    reader: Reader,
    table: TableInfo,
    schema: UniquenessSchema,
    rule: LockRule,
    stored: str,
    lock_item: Mapping[str, Any],
    *,
    action_log: ActionEntries | None = None,
    use_stream: bool = True,
    max_stream_calls: int = STREAM_MAX_CALLS,
    cancel: threading.Event | None = None,
    accounts: TableInfo | None = None,
) -> tuple[LockOrigin, list[ReadReceipt]]:
    """Classify a lock no account holds, with the reads it took (GetItem, Query, GetRecords).

    ``stored`` is the value as the lock stores it; ``table`` holds the lock, ``accounts`` the
    accounts (default: ``table``). Sources that cannot tell add a note and hand over to the
    next; one that cannot be read (no permission, no stream) says so in the notes.
    """
    ctx = _Context(reader, table, schema, rule, stored, schema.stored_lock_key(rule, stored),
                   accounts=accounts)
    steps: list[Callable[[], LockOrigin | None]] = [lambda: _from_owner(ctx, lock_item)]
    if use_stream:
        steps.append(lambda: _from_stream(ctx, max_stream_calls, cancel))
    if action_log is not None:
        steps.append(lambda: _from_action_log(ctx, action_log))
    for step in steps:
        if cancel is not None and cancel.is_set():
            raise CancelledError("The diagnosis was cancelled while looking for the lock's origin.")
        found = step()
        if found is not None:
            return _with_notes(found, ctx.notes), ctx.receipts
    rule_name = rule.name
    plain = LockOrigin(
        UNKNOWN,
        "Nothing on record says how the lock got there: either it is a stuck signup (the account "
        "write never happened; releasing the lock lets that person sign up) or a value left behind "
        f"when an account changed its {rule_name} or was deleted (releasing it frees "
        f"{empty_named(rule, stored) or said(stored)} for "
        "anyone, and the account that had it keeps its current value).",
        SOURCE_NONE)
    return _with_notes(plain, ctx.notes), ctx.receipts


def _with_notes(origin: LockOrigin, notes: Sequence[str]) -> LockOrigin:
    if not notes:
        return origin
    return LockOrigin(origin.kind, origin.evidence, origin.source, origin.account_id,
                      origin.current_value, origin.when, tuple(notes))


# --------------------------------------------------------------------------- a. owner attribute


def _from_owner(ctx: _Context, lock_item: Mapping[str, Any]) -> LockOrigin | None:
    attr = ctx.rule.owner_attribute
    if not attr:
        return None
    owner = value_text(lock_item.get(attr))
    if not owner:
        ctx.notes.append(f"The lock has no {attr} attribute naming its owner (the schema's "
                         "owner_attribute), so other evidence was used.")
        return None
    account_id = value_text(ctx.schema.account_key(owner)[ctx.schema.pk_name]) or owner
    return ctx.from_account_now(account_id, SOURCE_OWNER,
                                f"The lock's {attr} attribute names account {said(account_id)}.", None)


# --------------------------------------------------------------------------- b. the stream


def _from_stream(ctx: _Context, max_calls: int, cancel: threading.Event | None) -> LockOrigin | None:
    table = ctx.table
    if not table.stream_arn:  # a disabled stream is still read: it keeps its records 24 hours
        ctx.notes.append(f"Table {table.name} has no stream, so its recent writes could not be "
                         "checked.")
        return None
    records = _read_stream(ctx, table.stream_arn, max_calls, cancel)
    if records is None:
        return None
    _note_stream_coverage(ctx, records)
    created = _latest_lock_write(records.lock_events)
    released, acquired = _value_changes(ctx, records.trails)
    if released is not None and _released_since(released, created):
        return _left_in_stream(ctx, released)
    if created is None:
        if not records.partial:
            ctx.notes.append(
                f"The stream has no record of this lock: it was written more than {RETENTION_HOURS} "
                "hours ago (streams keep records that long) or before the stream was enabled.")
        return None
    return _written_in_stream(ctx, created.time, records.trails, acquired)


def _read_stream(ctx: _Context, stream_arn: str, max_calls: int,
                 cancel: threading.Event | None) -> StreamRecords | None:
    """The stream's records for this lock, or None (with a note) when it cannot be read."""
    log = ReadLog()  # this reading's receipts, handed on to the diagnosis and the app's log
    try:
        return read_stream(ctx.reader, stream_arn, ctx.table.name, ctx.schema, ctx.rule.attribute,
                           ctx.lock_key, max_calls, cancel, log)
    except CancelledError:
        raise
    except (ClientError, BotoCoreError, DynoViewError) as exc:
        code = aws_error_code(exc)
        ctx.notes.append(f"The table's stream could not be read ({code or type(exc).__name__}: "
                         f"{getattr(exc, 'message', None) or exc}), so it was not used as evidence.")
        return None
    finally:
        for receipt in log.receipts():
            ctx.receipts.append(receipt)
            ctx.reader.log.record(receipt)


def _note_stream_coverage(ctx: _Context, records: StreamRecords) -> None:
    """Say when the stream could not hold, or was not read for, every write that matters."""
    read = (f"{count_text(records.calls, 'GetRecords call')} over {records.shards_read} of the "
            f"stream's {count_text(records.shards, 'shard')}")
    trimmed = [n for n in records.notices if "trimmed" in n or "retention" in n]
    ctx.notes.extend(trimmed)
    if records.partial:
        ctx.notes.append(f"The stream was read only in part ({read}, the limit for one "
                         "diagnosis), so older or newer writes may be missing.")


def _latest_lock_write(lock_events: list[StreamEvent]) -> StreamEvent | None:
    """The lock's latest creation in the stream."""
    return max((e for e in lock_events if e.event_name in (INSERT, MODIFY)),
               key=lambda e: (e.time or EARLIEST, int(e.sequence_number or 0)), default=None)


_Release = tuple[datetime | None, str, str, Any]  # (time, account, event, value after)


def _value_changes(ctx: _Context, trails: Mapping[str, AccountTrail]
                   ) -> tuple[_Release | None, list[tuple[datetime | None, str]]]:
    """The latest account write that gave up the value (a change away from it, or a delete
    while holding it), and every (time, account) write that took the value."""
    released: _Release | None = None
    acquired: list[tuple[datetime | None, str]] = []
    for account_id, trail in trails.items():
        for when, name, before, after in trail.states():
            if ctx.holds(after) and not ctx.holds(before):
                acquired.append((when, account_id))
            gave_up = ctx.holds(before) and not ctx.holds(after) and after is not UNSEEN
            if gave_up and (released is None or (when or EARLIEST) >= (released[0] or EARLIEST)):
                released = (when, account_id, name, after)
    return released, acquired


def _released_since(released: _Release, created: StreamEvent | None) -> bool:
    """The value was given up after (or in the same transaction as) the lock's last write."""
    return (created is None or created.time is None or released[0] is None
            or released[0] + TRANSACTION_WINDOW >= created.time)


def _left_in_stream(ctx: _Context, released: _Release) -> LockOrigin:
    when, account_id, name, after = released
    if name == TTL_REMOVE:
        return LockOrigin(LEFT_BY_DELETE, f"The stream shows account {said(account_id)}, which held "
                          f"{said(ctx.stored)}, expired and deleted by DynamoDB's TTL{_when(when)}; this "
                          "lock has no TTL (or a later one), so it stayed. Give the locks their "
                          "account's TTL when it is written.", SOURCE_STREAM, account_id, None, when)
    if name == REMOVE:
        return LockOrigin(LEFT_BY_DELETE, f"The stream shows account {said(account_id)}, which held "
                          f"{said(ctx.stored)}, deleted{_when(when)} without this lock.", SOURCE_STREAM,
                          account_id, None, when)
    to = f" to {said(after)}" if after is not None else ""
    return LockOrigin(LEFT_BY_CHANGE, f"The stream shows {said(account_id)}'s {ctx.rule.name} changed "
                      f"from {said(ctx.stored)}{to}{_when(when)} without this lock being released.",
                      SOURCE_STREAM, account_id, after, when)


def _written_in_stream(ctx: _Context, when: datetime | None, trails: Mapping[str, AccountTrail],
                       acquired: list[tuple[datetime | None, str]]) -> LockOrigin | None:
    """The lock was written at ``when``: with an account that took the value, or alone."""
    near = [a for t, a in acquired if t is None or when is None or abs(t - when) <= TRANSACTION_WINDOW]
    if ctx.table.stream_view_type == "KEYS_ONLY":
        # No images: only time ties records together; any account written alongside may be it.
        near = sorted({a for a, trail in trails.items() for t, *_ in trail.states()
                       if t is not None and when is not None and abs(t - when) <= TRANSACTION_WINDOW})
        if len(near) > 1:
            ctx.notes.append(f"The stream (keys only, no images) shows {len(near)} accounts written "
                             f"within {TRANSACTION_WINDOW.seconds} s of the lock; it cannot tell which, if "
                             "any, came with it.")
            return None
    if near:
        account_id = near[-1]
        return ctx.from_account_now(account_id, SOURCE_STREAM, f"The stream shows the lock written"
                                    f"{_when(when)} in the same transaction as account {said(account_id)}.",
                                    when)
    return LockOrigin(STUCK_SIGNUP, f"The stream shows the lock written{_when(when)} with no account "
                      f"write carrying {said(ctx.stored)} in the same transaction: the account write never "
                      "happened.", SOURCE_STREAM, None, None, when)


# --------------------------------------------------------------------------- c. the action log


def _same_connection(entry: Mapping[str, Any], reader: Reader) -> bool:
    """An entry sent to this endpoint (or, on AWS, this region): another endpoint's table of
    the same name is another table."""
    conn = entry.get("connection")
    if not isinstance(conn, Mapping):
        return False
    spec = reader.conn.spec
    if spec.endpoint_url or conn.get("endpoint"):  # the log keeps the URL redacted
        return bool(conn.get("endpoint") == redact_url(spec.endpoint_url))
    region = getattr(reader.conn, "region", None) or spec.region
    return not conn.get("region") or not region or conn.get("region") == region


def _parse_time(text: Any) -> datetime | None:
    try:
        return datetime.fromisoformat(str(text))
    except ValueError:
        return None


def _action_target(kind: str, body: Mapping[str, Any]) -> Mapping[str, Any]:
    """The item a Put writes, or the key another action names (empty if malformed)."""
    target = body.get("Item") if kind == "Put" else body.get("Key")
    return target if isinstance(target, Mapping) else {}


def _action_key(kind: str, body: Mapping[str, Any], like: Mapping[str, Any]) -> dict[str, Any]:
    """The primary key an action touches, with the attribute names of ``like``."""
    target = _action_target(kind, body)
    return {k: v for k, v in target.items() if k in like} if kind == "Put" else dict(target)



_Logged = tuple[Mapping[str, Any], str, str, str | None]  # entry, kind, account, new value


def _from_action_log(ctx: _Context, action_log: ActionEntries) -> LockOrigin | None:
    try:
        entries = action_log.entries()
    except OSError as exc:
        ctx.notes.append(f"The action log could not be read ({exc.strerror or exc}).")
        return None
    created: tuple[Mapping[str, Any], list[str]] | None = None  # (entry, accounts written with it)
    released: _Logged | None = None
    for entry in entries:
        actions = _logged_actions(ctx, entry)
        if _writes_lock(ctx, actions, "Put"):
            created, released = (entry, _accounts_written(ctx, actions)), None
            continue
        if _writes_lock(ctx, actions, "Delete"):
            created, released = None, None  # released here: whatever wrote it later is what counts
            continue
        found = _logged_release(ctx, entry, actions)
        if found is not None:
            released = found
    if released is not None:
        return _left_in_log(ctx, released)
    if created is not None:
        return _written_in_log(ctx, *created)
    path = getattr(action_log, "path", None)
    if not entries and isinstance(path, Path) and not path.exists():
        # Not "no transaction": nothing was there to search (a new log, or a mistyped name).
        ctx.notes.append(f"The action log {path} does not exist (yet), so no transaction was "
                         "searched.")
        return None
    ctx.notes.append("The action log has no transaction that wrote or released this lock.")
    return None


def _logged_actions(ctx: _Context, entry: Mapping[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    """The actions on this table of a transaction written through this connection (else none)."""
    outcome = entry.get("outcome")
    request = entry.get("request")
    if not isinstance(outcome, Mapping) or outcome.get("status") not in _WRITTEN:
        return []  # cancelled or failed: nothing was written
    if not isinstance(request, Mapping) or not _same_connection(entry, ctx.reader):
        return []
    actions: list[tuple[str, dict[str, Any]]] = []
    for raw in request.get("TransactItems") or []:
        if isinstance(raw, Mapping) and len(raw) == 1:
            (kind, body), = raw.items()
            if isinstance(body, dict) and body.get("TableName") == ctx.table.name:
                actions.append((kind, body))
    return actions


def _writes_lock(ctx: _Context, actions: list[tuple[str, dict[str, Any]]], verb: str) -> bool:
    return any(k == verb and _action_key(k, b, ctx.lock_key) == ctx.lock_key for k, b in actions)


def _account_actions(ctx: _Context, actions: list[tuple[str, dict[str, Any]]]
                     ) -> list[tuple[str, dict[str, Any]]]:
    return [(k, b) for k, b in actions if ctx.schema.is_account(_action_target(k, b))]


def _accounts_written(ctx: _Context, actions: list[tuple[str, dict[str, Any]]]) -> list[str]:
    pk = ctx.schema.pk_name
    accounts = [value_text(_action_target(k, b).get(pk)) or ""
                for k, b in _account_actions(ctx, actions)]
    return [a for a in accounts if a]


def _logged_release(ctx: _Context, entry: Mapping[str, Any],
                    actions: list[tuple[str, dict[str, Any]]]) -> _Logged | None:
    """The last change or delete in this transaction of an account that held the value."""
    released: _Logged | None = None
    for kind, body in _account_actions(ctx, actions):
        if kind not in ("Update", "Delete"):
            continue
        values = body.get("ExpressionAttributeValues") or {}
        texts = [value_text(v) for v in values.values()] if isinstance(values, Mapping) else []
        if not any(ctx.holds(t) for t in texts):
            continue  # the guard of an app-made change or delete names the value it held
        account_id = value_text(_action_target(kind, body).get(ctx.schema.pk_name)) or ""
        if kind == "Delete":
            released = (entry, LEFT_BY_DELETE, account_id, None)
            continue
        new = next((m[1] for k, b in actions if k == "Put"
                    and (m := ctx.schema.match_lock(_action_target(k, b))) is not None
                    and m[0] == ctx.rule and m[1] != ctx.stored), None)
        new = new or next((t for t in texts if t is not None and not ctx.holds(t)), None)
        if new is not None:
            released = (entry, LEFT_BY_CHANGE, account_id, new)
    return released


def _left_in_log(ctx: _Context, released: _Logged) -> LockOrigin:
    logged, kind, account_id, new = released
    when = _parse_time(logged.get("time"))
    token = logged.get("token") or "?"
    if kind == LEFT_BY_DELETE:
        return LockOrigin(LEFT_BY_DELETE, f"The action log shows account {said(account_id)}, which held "
                          f"{said(ctx.stored)}, deleted{_when(when)} (token {token}) without this lock.",
                          SOURCE_ACTION_LOG, account_id, None, when)
    return LockOrigin(LEFT_BY_CHANGE, f"The action log shows {_a(ctx.rule.name)} change on "
                      f"{said(account_id)} from {said(ctx.stored)} to {said(str(new))}{_when(when)} (token "
                      f"{token}) that did not release this lock.", SOURCE_ACTION_LOG, account_id, new, when)


def _written_in_log(ctx: _Context, logged: Mapping[str, Any], accounts: list[str]) -> LockOrigin:
    when = _parse_time(logged.get("time"))
    token = logged.get("token") or "?"
    if accounts:
        return ctx.from_account_now(accounts[0], SOURCE_ACTION_LOG, f"The action log shows the "
                                    f"lock written{_when(when)} (token {token}) with account "
                                    f"{said(accounts[0])}.", when)
    return LockOrigin(STUCK_SIGNUP, f"The action log shows the lock written{_when(when)} (token "
                      f"{token}) without any account write: the account write never happened.",
                      SOURCE_ACTION_LOG, None, None, when)
