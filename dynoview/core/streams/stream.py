"""DynamoDB Streams: describe a table's stream, read and follow its shards, and turn
records into events with diffs and TTL labels.

A stream is a set of shards. Each partition writes its records to one shard; when a
partition splits (or about every four hours) the shard closes and child shards take
over, so a reader walks the lineage parent first. Order holds per item (one primary
key), not across items or shards. Records are kept 24 hours; shard iterators expire
after 15 minutes. Every GetRecords call leaves a read receipt marked eventual: stream
reads are eventually consistent and are not billed in read capacity units.
"""

from __future__ import annotations

import base64
import threading
import time
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from decimal import Decimal, InvalidOperation
from typing import Any

import orjson
from botocore.exceptions import ClientError

from dynoview.core.errors import CancelledError, DynoViewError
from dynoview.core.reads.receipts import EVENTUAL, ReadLog, ReadReceipt, now_utc, snapshot_request
from dynoview.core.session.connection import Connection
from dynoview.core.session.integrity import check_read_response
from dynoview.core.values.attributes import display_text, to_dynamodb_json, values_equal

TRIM_HORIZON = "TRIM_HORIZON"
LATEST = "LATEST"
AT_SEQUENCE_NUMBER = "AT_SEQUENCE_NUMBER"
AFTER_SEQUENCE_NUMBER = "AFTER_SEQUENCE_NUMBER"
POSITIONS = (TRIM_HORIZON, LATEST, AT_SEQUENCE_NUMBER, AFTER_SEQUENCE_NUMBER)
_SEQUENCE_POSITIONS = (AT_SEQUENCE_NUMBER, AFTER_SEQUENCE_NUMBER)

INSERT = "INSERT"
MODIFY = "MODIFY"
REMOVE = "REMOVE"

TTL_DELETE_LABEL = "expired: deleted by DynamoDB"
EVENT_LABELS = {INSERT: "inserted", MODIFY: "modified", REMOVE: "deleted"}
# TTL deletes are service deletes: DynamoDB itself is the principal.
TTL_PRINCIPAL = "dynamodb.amazonaws.com"
TTL_IDENTITY_TYPE = "Service"

ORDER_NOTE = (
    "Order holds per item: all changes to one primary key arrive in the order they were "
    "made. There is no order across items or across partitions (shards), so changes to "
    "different items, even in one item collection or one transaction, may show in another "
    "order than they happened."
)
VIEW_TYPE_TEXT = {
    "KEYS_ONLY": "keys only: records carry no images, so there are no diffs",
    "NEW_IMAGE": "new images only: diffs show what an item became, not what it was",
    "OLD_IMAGE": "old images only: diffs show what an item was before each change",
    "NEW_AND_OLD_IMAGES": "old and new images: full diffs",
}
RETENTION_HOURS = 24
ITERATOR_LIFETIME_MINUTES = 15
MAX_RECORDS_PER_CALL = 1000  # the GetRecords maximum
EMPTY_PAGES_AT_TIP = 2  # consecutive empty pages before a shard counts as read to its tip
# A GetRecords response stops at 1 MB; a page this big probably has more behind it.
_FULL_PAGE_BYTES = 900_000

ADDED = "added"
REMOVED = "removed"
CHANGED = "changed"


# --------------------------------------------------------------------------- description


@dataclass(frozen=True)
class ShardInfo:
    """One shard: its id, its parent (lineage) and its sequence-number range."""

    shard_id: str
    parent_shard_id: str | None = None
    starting_sequence_number: str | None = None
    ending_sequence_number: str | None = None

    @property
    def is_open(self) -> bool:
        """An open shard has no ending sequence number: new records still arrive in it."""
        return self.ending_sequence_number is None

    @property
    def state(self) -> str:
        return "open" if self.is_open else "closed"

    def contains(self, sequence_number: str) -> bool:
        """True if the sequence number lies in this shard's range."""
        try:
            seq = int(sequence_number)
            start = int(self.starting_sequence_number or 0)
            if seq < start:
                return False
            return self.ending_sequence_number is None or seq <= int(self.ending_sequence_number)
        except ValueError:
            return False

    def range_text(self) -> str:
        start = self.starting_sequence_number or "?"
        end = self.ending_sequence_number or "(open)"
        return f"{start} … {end}"


@dataclass(frozen=True)
class StreamInfo:
    """A stream as DescribeStream reports it, with helpers for the shard lineage."""

    arn: str
    table_name: str
    view_type: str | None
    status: str
    label: str | None = None
    key_names: tuple[str, ...] = ()
    shards: tuple[ShardInfo, ...] = ()
    created: datetime | None = None

    def shard(self, shard_id: str) -> ShardInfo | None:
        return next((s for s in self.shards if s.shard_id == shard_id), None)

    def children(self, shard_id: str) -> list[ShardInfo]:
        return [s for s in self.shards if s.parent_shard_id == shard_id]

    def roots(self) -> list[ShardInfo]:
        """Shards with no parent in the description (none, or already trimmed after 24 h)."""
        ids = {s.shard_id for s in self.shards}
        return [s for s in self.shards if not s.parent_shard_id or s.parent_shard_id not in ids]

    @property
    def open_shards(self) -> list[ShardInfo]:
        return [s for s in self.shards if s.is_open]

    def shard_for_sequence(self, sequence_number: str) -> ShardInfo | None:
        matches = [s for s in self.shards if s.contains(sequence_number)]
        # A number past the last closed range but after an open shard's start belongs to
        # the open one; prefer the most specific (latest starting) match.
        matches.sort(key=lambda s: int(s.starting_sequence_number or 0), reverse=True)
        return matches[0] if matches else None

    @property
    def view_type_text(self) -> str:
        return VIEW_TYPE_TEXT.get(self.view_type or "", self.view_type or "unknown view type")

    def lineage(self) -> list[tuple[int, ShardInfo]]:
        """Shards depth-first from the roots, with their depth, for a tree or indented text."""
        out: list[tuple[int, ShardInfo]] = []
        seen: set[str] = set()

        def walk(shard: ShardInfo, depth: int) -> None:
            if shard.shard_id in seen:
                return
            seen.add(shard.shard_id)
            out.append((depth, shard))
            for child in self.children(shard.shard_id):
                walk(child, depth + 1)

        for root in self.roots():
            walk(root, 0)
        for shard in self.shards:  # anything left over (a cycle in bad data) still shows
            walk(shard, 0)
        return out

    def describe_lines(self) -> list[str]:
        """Plain-text description: ARN, view type, shard tree with open/closed state."""
        open_count = len(self.open_shards)
        lines = [
            f"Stream: {self.arn}",
            f"Table: {self.table_name}; status {self.status.lower()}",
            f"View type: {self.view_type} ({self.view_type_text})",
            f"Shards: {len(self.shards)} ({open_count} open)",
        ]
        for depth, shard in self.lineage():
            lines.append(f"{'  ' * (depth + 1)}{shard.shard_id} [{shard.state}] {shard.range_text()}")
        return lines


def stream_info_from_description(desc: Mapping[str, Any]) -> StreamInfo:
    """Build StreamInfo from DescribeStream's ``StreamDescription``."""
    shards = tuple(
        ShardInfo(
            shard_id=s["ShardId"],
            parent_shard_id=s.get("ParentShardId"),
            starting_sequence_number=(s.get("SequenceNumberRange") or {}).get("StartingSequenceNumber"),
            ending_sequence_number=(s.get("SequenceNumberRange") or {}).get("EndingSequenceNumber"),
        )
        for s in desc.get("Shards", []) or []
    )
    schema = desc.get("KeySchema", []) or []
    keys = sorted(schema, key=lambda k: 0 if k.get("KeyType") == "HASH" else 1)
    created = desc.get("CreationRequestDateTime")
    return StreamInfo(
        arn=desc["StreamArn"],
        table_name=desc.get("TableName", ""),
        view_type=desc.get("StreamViewType"),
        status=desc.get("StreamStatus", "ENABLED"),
        label=desc.get("StreamLabel"),
        key_names=tuple(k["AttributeName"] for k in keys),
        shards=shards,
        created=_as_utc(created),
    )


def describe_stream(conn: Connection, arn: str) -> StreamInfo:
    """DescribeStream, following LastEvaluatedShardId so every shard is listed."""
    client = conn.streams_client()
    request: dict[str, Any] = {"StreamArn": arn}
    desc: dict[str, Any] | None = None
    shards: list[Any] = []
    while True:
        page = client.describe_stream(**request)["StreamDescription"]
        desc = desc or dict(page)
        shards.extend(page.get("Shards", []) or [])
        last = page.get("LastEvaluatedShardId")
        if not last:
            break
        request["ExclusiveStartShardId"] = last
    desc["Shards"] = shards
    return stream_info_from_description(desc)


def no_stream_message(table_name: str) -> str:
    return (
        f"Table {table_name} has no stream, so there is nothing to read. Enable one with "
        f"`aws dynamodb update-table --table-name {table_name} --stream-specification "
        "StreamEnabled=true,StreamViewType=NEW_AND_OLD_IMAGES` (NEW_AND_OLD_IMAGES shows "
        "diffs); only changes made after that appear in it."
    )


def table_stream_arn(conn: Connection, table_name: str) -> str:
    """The table's latest stream ARN; a DynoViewError with the fix if it has none."""
    table = conn.client.describe_table(TableName=table_name)["Table"]
    arn = table.get("LatestStreamArn")
    enabled = (table.get("StreamSpecification") or {}).get("StreamEnabled")
    if not arn or not enabled:
        raise DynoViewError(no_stream_message(table_name))
    return str(arn)


# --------------------------------------------------------------------------- records


@dataclass(frozen=True)
class AttributeChange:
    """One attribute that differs between the old and the new image."""

    name: str
    kind: str  # ADDED, REMOVED or CHANGED
    old: Mapping[str, Any] | None
    new: Mapping[str, Any] | None

    def text(self, limit: int = 60) -> str:
        if self.kind == ADDED:
            return f"+{self.name} = {display_text(self.new or {'NULL': True}, limit)}"
        if self.kind == REMOVED:
            return f"-{self.name} (was {display_text(self.old or {'NULL': True}, limit)})"
        old = display_text(self.old or {"NULL": True}, limit)
        new = display_text(self.new or {"NULL": True}, limit)
        return f"~{self.name}: {old} → {new}"

    def to_json(self) -> dict[str, Any]:
        return {
            "attribute": self.name,
            "change": self.kind,
            "old": to_dynamodb_json(self.old) if self.old is not None else None,
            "new": to_dynamodb_json(self.new) if self.new is not None else None,
        }


def diff_images(
    old: Mapping[str, Any] | None, new: Mapping[str, Any] | None
) -> tuple[AttributeChange, ...]:
    """Attributes added, removed or changed between two images (DynamoDB equality rules).

    Missing images count as empty, so an INSERT's diff lists every attribute as added
    and a REMOVE's as removed. Old-image order first, then attributes only in the new.
    """
    old = old or {}
    new = new or {}
    changes: list[AttributeChange] = []
    for name, value in old.items():
        if name not in new:
            changes.append(AttributeChange(name, REMOVED, value, None))
        elif not values_equal(value, new[name]):
            changes.append(AttributeChange(name, CHANGED, value, new[name]))
    for name, value in new.items():
        if name not in old:
            changes.append(AttributeChange(name, ADDED, None, value))
    return tuple(changes)


def _identity(record: Mapping[str, Any]) -> tuple[str | None, str | None]:
    """(type, principal) from ``userIdentity``, as GetRecords (``Type``) or Lambda (``type``)
    spell it."""
    ident = record.get("userIdentity") or {}
    if not isinstance(ident, Mapping):
        return None, None
    kind = ident.get("Type", ident.get("type"))
    principal = ident.get("PrincipalId", ident.get("principalId"))
    return kind, principal


def is_ttl_delete(record: Mapping[str, Any]) -> bool:
    """True for a REMOVE made by TTL: a service delete whose principal is DynamoDB itself.

    User deletes carry no such identity. (Documented in the DynamoDB guide, "DynamoDB
    Streams and Time to Live".)
    """
    kind, principal = _identity(record)
    return (record.get("eventName") == REMOVE and kind == TTL_IDENTITY_TYPE
            and principal == TTL_PRINCIPAL)


def _as_utc(value: Any) -> datetime | None:
    """A timestamp as an aware UTC datetime: boto3 gives datetimes; recorded JSON numbers."""
    if value is None:
        return None
    if isinstance(value, datetime):
        return value.astimezone(UTC) if value.tzinfo else value.replace(tzinfo=UTC)
    try:
        seconds = float(Decimal(str(value)))
    except (InvalidOperation, ValueError):
        try:
            return _as_utc(datetime.fromisoformat(str(value).replace("Z", "+00:00")))
        except ValueError:
            return None
    return datetime.fromtimestamp(seconds, UTC)


def _binary_to_bytes(av: Any) -> Any:
    """Binary members of recorded (JSON) records are base64 text; make them bytes as boto3
    would, so diffs and display treat both sources alike."""
    if not isinstance(av, Mapping) or len(av) != 1:
        return av
    (code, member), = av.items()
    if code == "B" and isinstance(member, str):
        return {"B": base64.b64decode(member)}
    if code == "BS":
        return {"BS": [base64.b64decode(m) if isinstance(m, str) else m for m in member]}
    if code == "L":
        return {"L": [_binary_to_bytes(v) for v in member]}
    if code == "M":
        return {"M": {k: _binary_to_bytes(v) for k, v in member.items()}}
    return av


def _image(value: Any) -> dict[str, Any] | None:
    if not isinstance(value, Mapping):
        return None
    converted = {str(k): _binary_to_bytes(v) for k, v in value.items()}
    if isinstance(value, dict) and all(converted[k] is value[k] for k in value):
        return value  # nothing was converted: keep the parsed dict rather than a copy
    return converted


def key_value_text(av: Mapping[str, Any]) -> str:
    """A key value as a user types it: S as is, N as stored, B as base64."""
    if "S" in av:
        return str(av["S"])
    if "N" in av:
        return str(av["N"])
    if "B" in av:
        return base64.b64encode(bytes(av["B"])).decode("ascii")
    return display_text(av)


@dataclass(frozen=True)
class StreamEvent:
    """One stream record, ready to show: what happened to which item, and how it changed."""

    time: datetime | None
    event_name: str
    keys: Mapping[str, Any]
    old_image: Mapping[str, Any] | None
    new_image: Mapping[str, Any] | None
    diff: tuple[AttributeChange, ...]
    sequence_number: str
    shard_id: str
    event_id: str = ""
    ttl_delete: bool = False
    identity_type: str | None = None
    principal_id: str | None = None
    size_bytes: int | None = None
    view_type: str | None = None
    key_names: tuple[str, ...] = ()
    table: str | None = None

    @property
    def label(self) -> str:
        """What happened, in words; TTL deletes are told apart from user deletes."""
        if self.ttl_delete:
            return TTL_DELETE_LABEL
        return EVENT_LABELS.get(self.event_name, self.event_name.lower())

    def ordered_keys(self) -> list[tuple[str, Mapping[str, Any]]]:
        names = [n for n in self.key_names if n in self.keys]
        names += [n for n in self.keys if n not in names]
        return [(n, self.keys[n]) for n in names]

    def key_text(self) -> str:
        return ", ".join(f"{n}={key_value_text(v)}" for n, v in self.ordered_keys())

    def diff_text(self, limit: int = 3) -> str:
        """A short summary of the changed attributes for a table cell or a text line."""
        if self.old_image is None and self.new_image is None:
            return "(keys only: no images in this stream)"
        changes = [c for c in self.diff if c.name not in self.keys]  # keys are shown already
        shown = [c.text(40) for c in changes[:limit]]
        more = len(changes) - limit
        if more > 0:
            shown.append(f"and {more} more")
        if shown:
            return "; ".join(shown)
        return "(no attribute changed)" if self.event_name == MODIFY else "(key attributes only)"

    def to_json(self) -> dict[str, Any]:
        """The `dynoview stream` JSON line: lossless DynamoDB JSON values, binary as base64."""

        def image(img: Mapping[str, Any] | None) -> dict[str, Any] | None:
            return None if img is None else {k: to_dynamodb_json(v) for k, v in img.items()}

        return {
            "time": self.time.isoformat().replace("+00:00", "Z") if self.time else None,
            "event": self.event_name,
            "label": self.label,
            "ttl_delete": self.ttl_delete,
            "table": self.table,
            "keys": {n: to_dynamodb_json(v) for n, v in self.ordered_keys()},
            "old_image": image(self.old_image),
            "new_image": image(self.new_image),
            "diff": [c.to_json() for c in self.diff],
            "sequence_number": self.sequence_number,
            "shard_id": self.shard_id,
            "event_id": self.event_id,
            "user_identity": ({"type": self.identity_type, "principal_id": self.principal_id}
                              if self.identity_type or self.principal_id else None),
            "size_bytes": self.size_bytes,
            "view_type": self.view_type,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> StreamEvent:
        """Rebuild an event from its ``to_json`` form (how compact stores keep events)."""
        ddb: dict[str, Any] = {
            "ApproximateCreationDateTime": data.get("time"),
            "Keys": data.get("keys") or {},
            "SequenceNumber": data.get("sequence_number", ""),
            "SizeBytes": data.get("size_bytes"),
            "StreamViewType": data.get("view_type"),
        }
        if data.get("old_image") is not None:
            ddb["OldImage"] = data["old_image"]
        if data.get("new_image") is not None:
            ddb["NewImage"] = data["new_image"]
        record: dict[str, Any] = {"eventID": data.get("event_id", ""), "eventName": data.get("event", ""),
                                  "dynamodb": ddb}
        identity = data.get("user_identity")
        if identity:
            record["userIdentity"] = {"Type": identity.get("type"),
                                      "PrincipalId": identity.get("principal_id")}
        return parse_record(record, data.get("shard_id", ""), key_names=tuple(data.get("keys") or ()),
                            table=data.get("table"))

    def text_line(self) -> str:
        """One human line: time, event, label, keys and the changes."""
        when = self.time.strftime("%Y-%m-%dT%H:%M:%SZ") if self.time else "?"
        return f"{when}  {self.event_name:<6}  {self.label:<28}  {self.key_text()}  {self.diff_text()}"


def parse_record(
    record: Mapping[str, Any],
    shard_id: str = "",
    *,
    key_names: Sequence[str] = (),
    table: str | None = None,
) -> StreamEvent:
    """Turn one GetRecords record (or a recorded Lambda event record) into a StreamEvent."""
    ddb = record.get("dynamodb") or {}
    old = _image(ddb.get("OldImage"))
    new = _image(ddb.get("NewImage"))
    keys = _image(ddb.get("Keys")) or {}
    kind, principal = _identity(record)
    size = ddb.get("SizeBytes")
    return StreamEvent(
        time=_as_utc(ddb.get("ApproximateCreationDateTime")),
        event_name=str(record.get("eventName", "")),
        keys=keys,
        old_image=old,
        new_image=new,
        diff=diff_images(old, new) if (old is not None or new is not None) else (),
        sequence_number=str(ddb.get("SequenceNumber", "")),
        shard_id=shard_id,
        event_id=str(record.get("eventID", "")),
        ttl_delete=is_ttl_delete(record),
        identity_type=kind,
        principal_id=principal,
        size_bytes=int(size) if size is not None else None,
        view_type=ddb.get("StreamViewType"),
        key_names=tuple(key_names),
        table=table,
    )


# --------------------------------------------------------------------------- key filter


def _split_unescaped(text: str, sep: str) -> list[str]:
    """Split on ``sep`` except where it is escaped with a backslash (``\\,``)."""
    parts: list[str] = []
    current: list[str] = []
    chars = iter(text)
    for ch in chars:
        if ch == "\\":
            nxt = next(chars, "")
            current.append(nxt if nxt in (sep, "\\") else ch + nxt)
        elif ch == sep:
            parts.append("".join(current))
            current = []
        else:
            current.append(ch)
    parts.append("".join(current))
    return parts


def _key_equals(av: Mapping[str, Any] | None, text: str) -> bool:
    if av is None:
        return False
    if "N" in av:
        try:
            return values_equal(av, {"N": text.strip()})
        except Exception:  # not a number: cannot equal a number key
            return False
    return key_value_text(av) == text


@dataclass(frozen=True)
class KeyFilter:
    """Match records by primary key: any of several (partition key, optional sort key).

    ``PK`` alone matches every item in that item collection; ``PK,SK`` one item. This is
    how to answer "what happened to this signup": the email lock and the account.
    """

    keys: tuple[tuple[str, str | None], ...] = ()

    @classmethod
    def parse(cls, specs: str | Iterable[str]) -> KeyFilter:
        """From ``"PK[,SK]"`` strings; in one string several keys may be separated by ``;``.

        A comma or semicolon inside a value is escaped with a backslash.
        """
        texts = [specs] if isinstance(specs, str) else list(specs)
        keys: list[tuple[str, str | None]] = []
        for text in texts:
            for spec in _split_unescaped(text, ";"):
                if not spec.strip():
                    continue
                parts = _split_unescaped(spec.strip(), ",")
                if len(parts) > 2:
                    # A table key has two parts at most: a third was silently folded into
                    # the sort key, so the filter matched nothing and said nothing.
                    raise DynoViewError(
                        f"The key filter {spec.strip()!r} has {len(parts)} parts, but a key is "
                        "PK or PK,SK. Write a comma inside a value as \\, (for example "
                        "UNIQ#EMAIL#ada@lovelace.io,LOCK), or separate several keys with ;.",
                        field="key",
                    )
                pk = parts[0].strip()
                sk = parts[1].strip() if len(parts) > 1 else None
                if not pk:
                    raise DynoViewError(
                        f"The key filter {spec.strip()!r} has no partition key value. Write "
                        "PK or PK,SK, for example UNIQ#EMAIL#ada@lovelace.io,LOCK.",
                        field="key",
                    )
                keys.append((pk, sk or None))
        return cls(tuple(keys))

    def __bool__(self) -> bool:
        return bool(self.keys)

    def matches(self, event: StreamEvent, key_names: Sequence[str] = ()) -> bool:
        if not self.keys:
            return True
        names = list(key_names or event.key_names) or list(event.keys)
        pk_name = names[0] if names else None
        sk_name = names[1] if len(names) > 1 else None
        pk = event.keys.get(pk_name) if pk_name else None
        sk = event.keys.get(sk_name) if sk_name else None
        return self.matches_values(pk, sk)

    def matches_values(self, pk: Mapping[str, Any] | None, sk: Mapping[str, Any] | None) -> bool:
        """Match a record's partition and sort key values (AttributeValues)."""
        if not self.keys:
            return True
        for want_pk, want_sk in self.keys:
            if not _key_equals(pk, want_pk):
                continue
            if want_sk is None or _key_equals(sk, want_sk):
                return True
        return False

    def describe(self) -> str:
        return "; ".join(pk + (f", {sk}" if sk else " (any sort key)") for pk, sk in self.keys)


# --------------------------------------------------------------------------- receipts


def record_stream_receipt(
    log: ReadLog | None,
    *,
    table: str | None,
    request: Mapping[str, Any],
    count: int | None,
    duration_ms: float,
    error: str | None = None,
    shard_id: str | None = None,
    stream_arn: str | None = None,
) -> ReadReceipt:
    """Log a GetRecords call as a read receipt: eventual, no read capacity reported."""
    receipt = ReadReceipt(
        time=now_utc(),
        operation="GetRecords",
        table=table,
        index=None,
        consistency=EVENTUAL,  # stream reads have no strongly consistent option
        consumed_capacity=None,  # billed as stream read requests, not read capacity units
        count=count,
        scanned_count=None,
        duration_ms=duration_ms,
        request=snapshot_request(request),
        error=error,
        extra={"stream_arn": stream_arn, "shard_id": shard_id},
    )
    if log is not None:
        log.record(receipt)
    return receipt


# --------------------------------------------------------------------------- reading

_FAST_PARSE_ATTR = "_dynoview_fast_get_records"


def _orjson_get_records(response_dict: dict[str, Any], customized_response_dict: dict[str, Any],
                        **_: Any) -> None:
    """before-parse hook: parse a successful GetRecords body with orjson.

    botocore's parser walks every attribute of every record in Python, which at hundreds
    of records a second holds the GIL long enough to stall the UI thread. ``parse_record``
    already reads the wire form (epoch-second timestamps, base64 binary).
    """
    if response_dict.get("status_code") != 200 or not response_dict.get("body"):
        return  # errors keep botocore's parsing, so error codes and retries behave as usual
    try:
        parsed = orjson.loads(response_dict["body"])
    except orjson.JSONDecodeError:
        return  # damaged: botocore's own handling and the integrity check deal with it
    customized_response_dict.update(parsed)
    response_dict["body"] = b"{}"


def prepare_streams_client(client: Any) -> Any:
    """Once per client: the orjson GetRecords parser, and the check that refuses damaged
    responses (a cut GetRecords body without NextShardIterator would read as a closed shard)."""
    meta = getattr(client, "meta", None)
    if meta is not None and not getattr(client, _FAST_PARSE_ATTR, False):  # not a test double
        service = meta.service_model.service_id.hyphenize()
        meta.events.register(f"before-parse.{service}.GetRecords", _orjson_get_records)
        meta.events.register(f"after-call.{service}", check_read_response)
        setattr(client, _FAST_PARSE_ATTR, True)
    return client



@dataclass
class ShardCursor:
    """Where reading stands in one shard."""

    shard_id: str
    start_type: str = TRIM_HORIZON
    start_sequence: str | None = None
    iterator: str | None = None
    last_sequence: str | None = None
    finished: bool = False
    records_read: int = 0
    empty_pages: int = 0  # consecutive GetRecords answers without records


@dataclass
class PollResult:
    """One round of GetRecords over the shards being read."""

    events: list[StreamEvent] = field(default_factory=list)
    notices: list[str] = field(default_factory=list)
    more: bool = False  # a shard returned a full page: poll again without waiting
    caught_up: bool = True  # every shard being read is at its tip (EMPTY_PAGES_AT_TIP empty pages)
    finished: bool = False  # no shard left to read: all closed and drained
    filtered_out: int = 0
    calls: int = 0
    throttled: bool = False  # DynamoDB Streams asked to slow down: wait longer before the next poll


def _error_code(exc: BaseException) -> str | None:
    if isinstance(exc, ClientError):
        return str(exc.response.get("Error", {}).get("Code") or "") or None
    return None


class StreamReader:
    """Reads a stream from a position, shard by shard, following closed shards' children.

    ``poll()`` makes at most one GetRecords call per shard (plus a retry after an expired
    iterator) and returns at once; a UI calls it from a timer in a worker thread, the CLI
    in a loop. Not thread-safe: one poll at a time.
    """

    def __init__(
        self,
        conn: Connection,
        stream: StreamInfo | str,
        *,
        position: str = TRIM_HORIZON,
        sequence_number: str | None = None,
        shard_id: str | None = None,
        key_filter: KeyFilter | None = None,
        log: ReadLog | None = None,
        limit: int = MAX_RECORDS_PER_CALL,
        table: str | None = None,
    ) -> None:
        if position not in POSITIONS:
            raise ValueError(f"Unknown stream position {position}; use one of {', '.join(POSITIONS)}.")
        if position in _SEQUENCE_POSITIONS and not (sequence_number or "").strip():
            raise DynoViewError(
                "Reading at or after a sequence number needs the number. Copy one from a "
                "record, or read from the trim horizon (oldest) or latest instead.",
                field="sequence_number",
            )
        self.conn = conn
        self.client = prepare_streams_client(conn.streams_client())
        self.position = position
        self.sequence_number = sequence_number.strip() if sequence_number else None
        self.start_shard_id = shard_id
        self.key_filter = key_filter or KeyFilter()
        self.log = log
        self.limit = max(1, min(int(limit), MAX_RECORDS_PER_CALL))
        self.info: StreamInfo | None = stream if isinstance(stream, StreamInfo) else None
        self.arn = stream.arn if isinstance(stream, StreamInfo) else stream
        self.table = table or (self.info.table_name if self.info else None)
        self.cursors: dict[str, ShardCursor] = {}
        self._started = False
        self._announced_end = False
        self.total_events = 0

    # -- setup -------------------------------------------------------------
    def refresh(self) -> StreamInfo:
        self.info = describe_stream(self.conn, self.arn)
        self.table = self.table or self.info.table_name
        return self.info

    def start(self) -> list[str]:
        """Describe the stream (if needed) and choose the shards to read. Returns notices."""
        info = self.info or self.refresh()
        notices: list[str] = []
        if self.position == TRIM_HORIZON:
            for shard in info.roots():
                self.cursors[shard.shard_id] = ShardCursor(shard.shard_id, TRIM_HORIZON)
        elif self.position == LATEST:
            for shard in info.open_shards:
                self.cursors[shard.shard_id] = ShardCursor(shard.shard_id, LATEST)
            if not info.open_shards:
                notices.append("This stream has no open shard, so no new records will arrive "
                               "(the stream may be disabled). Read from the trim horizon to see "
                               "the records it kept.")
        else:
            seq = self.sequence_number or ""
            found = info.shard(self.start_shard_id) if self.start_shard_id else \
                info.shard_for_sequence(seq)
            if found is None:
                raise DynoViewError(
                    f"Sequence number {seq} is not in any shard of this stream. It may be older "
                    f"than the {RETENTION_HOURS}-hour retention, or from another stream; read "
                    "from the trim horizon instead.",
                    field="sequence_number",
                )
            self.cursors[found.shard_id] = ShardCursor(found.shard_id, self.position, seq)
        self._started = True
        return notices

    @property
    def active(self) -> list[ShardCursor]:
        return [c for c in self.cursors.values() if not c.finished]

    @property
    def key_names(self) -> tuple[str, ...]:
        return self.info.key_names if self.info else ()

    # -- iterators ---------------------------------------------------------
    def _acquire(self, cursor: ShardCursor, notices: list[str]) -> None:
        request: dict[str, Any] = {"StreamArn": self.arn, "ShardId": cursor.shard_id}
        if cursor.last_sequence:
            request.update(ShardIteratorType=AFTER_SEQUENCE_NUMBER, SequenceNumber=cursor.last_sequence)
        elif cursor.start_type in _SEQUENCE_POSITIONS and cursor.start_sequence:
            request.update(ShardIteratorType=cursor.start_type, SequenceNumber=cursor.start_sequence)
        else:
            request["ShardIteratorType"] = cursor.start_type
        try:
            cursor.iterator = self.client.get_shard_iterator(**request)["ShardIterator"]
        except ClientError as exc:
            code = _error_code(exc)
            if code == "TrimmedDataAccessException":
                notices.append(self._trimmed_message(cursor))
                cursor.last_sequence = None
                cursor.start_type, cursor.start_sequence = TRIM_HORIZON, None
                cursor.iterator = self.client.get_shard_iterator(
                    StreamArn=self.arn, ShardId=cursor.shard_id, ShardIteratorType=TRIM_HORIZON
                )["ShardIterator"]
            elif code == "ResourceNotFoundException":
                notices.append(
                    f"Shard {cursor.shard_id} no longer exists: its records are older than the "
                    f"stream's {RETENTION_HOURS}-hour retention. Reading continues with the shards "
                    "that followed it."
                )
                self._finish(cursor, notices, announce=False)
            else:
                raise

    def _trimmed_message(self, cursor: ShardCursor) -> str:
        where = f"after sequence number {cursor.last_sequence}" if cursor.last_sequence else (
            f"at sequence number {cursor.start_sequence}" if cursor.start_sequence else "there")
        return (
            f"Records in shard {cursor.shard_id} {where} were trimmed: streams keep records for "
            f"{RETENTION_HOURS} hours only. Reading continues from the oldest record still kept "
            "(the trim horizon); anything older is gone."
        )

    def _finish(self, cursor: ShardCursor, notices: list[str], *, announce: bool = True) -> None:
        """A shard is done: add its children (refreshing the description to find them)."""
        cursor.finished = True
        cursor.iterator = None
        info = self.info
        children = info.children(cursor.shard_id) if info else []
        if not children:
            info = self.refresh()
            children = info.children(cursor.shard_id)
        new = [c for c in children if c.shard_id not in self.cursors]
        for child in new:
            self.cursors[child.shard_id] = ShardCursor(child.shard_id, TRIM_HORIZON)
        if announce:
            if new:
                names = ", ".join(c.shard_id for c in new)
                notices.append(f"Shard {cursor.shard_id} is closed (its partition split or the "
                               f"shard rolled over); continuing with its child shard(s) {names}.")
            else:
                notices.append(f"Shard {cursor.shard_id} is closed and has no child shard yet; "
                               "new records will appear in the stream's open shards.")

    # -- reading -----------------------------------------------------------
    def _get_records(self, cursor: ShardCursor) -> dict[str, Any]:
        request = {"ShardIterator": cursor.iterator, "Limit": self.limit}
        started = time.perf_counter()
        try:
            response = self.client.get_records(**request)
        except Exception as exc:
            record_stream_receipt(self.log, table=self.table, request=request, count=None,
                                  duration_ms=(time.perf_counter() - started) * 1000,
                                  error=_error_code(exc) or type(exc).__name__,
                                  shard_id=cursor.shard_id, stream_arn=self.arn)
            raise
        record_stream_receipt(self.log, table=self.table, request=request,
                              count=len(response.get("Records", [])),
                              duration_ms=(time.perf_counter() - started) * 1000,
                              shard_id=cursor.shard_id, stream_arn=self.arn)
        return response

    def _read_shard(self, cursor: ShardCursor, result: PollResult) -> None:
        for attempt in range(3):
            if cursor.iterator is None:
                self._acquire(cursor, result.notices)
                if cursor.finished:
                    return
            try:
                result.calls += 1
                response = self._get_records(cursor)
                break
            except ClientError as exc:
                code = _error_code(exc)
                if code == "ExpiredIteratorException" and attempt < 2:
                    where = (f"after sequence number {cursor.last_sequence}" if cursor.last_sequence
                             else "from the start position")
                    result.notices.append(
                        f"The shard iterator for {cursor.shard_id} expired (iterators last "
                        f"{ITERATOR_LIFETIME_MINUTES} minutes, e.g. while paused); reading resumed "
                        f"{where}, so no record was skipped."
                    )
                    cursor.iterator = None
                    continue
                if code == "TrimmedDataAccessException" and attempt < 2:
                    result.notices.append(self._trimmed_message(cursor))
                    cursor.iterator, cursor.last_sequence = None, None
                    cursor.start_type, cursor.start_sequence = TRIM_HORIZON, None
                    continue
                if code == "ResourceNotFoundException":
                    result.notices.append(
                        f"Shard {cursor.shard_id} is gone: its records passed the "
                        f"{RETENTION_HOURS}-hour retention. Reading continues with its child shards."
                    )
                    self._finish(cursor, result.notices, announce=False)
                    return
                if code in {"LimitExceededException", "ThrottlingException"}:
                    result.notices.append(
                        f"DynamoDB Streams asked DynoView to slow down on {cursor.shard_id} (at most "
                        "5 GetRecords calls per second per shard); the next poll retries."
                    )
                    result.caught_up = False
                    result.throttled = True
                    return
                raise
        else:  # pragma: no cover - the loop always breaks or returns
            return
        records = response.get("Records", []) or []
        size = 0
        for record in records:
            event = parse_record(record, cursor.shard_id, key_names=self.key_names, table=self.table)
            size += event.size_bytes or 0
            cursor.last_sequence = event.sequence_number or cursor.last_sequence
            cursor.records_read += 1
            if self.key_filter.matches(event, self.key_names):
                result.events.append(event)
            else:
                result.filtered_out += 1
        if records:
            cursor.empty_pages = 0
            result.caught_up = False
        else:
            # "It might take multiple calls to get to a portion of the shard that contains
            # stream records" (GetRecords docs): one empty page does not prove the tip.
            cursor.empty_pages += 1
            if cursor.empty_pages < EMPTY_PAGES_AT_TIP:
                result.caught_up = False
        if len(records) >= self.limit or size >= _FULL_PAGE_BYTES:
            result.more = True
        cursor.iterator = response.get("NextShardIterator")
        if cursor.iterator is None:
            self._finish(cursor, result.notices)

    def poll(self, cancel: threading.Event | None = None) -> PollResult:
        """One GetRecords per shard being read; never blocks beyond those calls."""
        result = PollResult()
        if not self._started:
            result.notices.extend(self.start())
        before = len(self.cursors)
        for cursor in list(self.active):
            if cancel is not None and cancel.is_set():
                raise CancelledError("Reading the stream was cancelled.")
            self._read_shard(cursor, result)
        if len(self.cursors) > before:
            result.caught_up = False  # child shards were added and have not been read yet
        result.finished = not self.active
        if result.finished:
            result.caught_up = True
            if self.cursors and not self._announced_end:
                self._announced_end = True
                result.notices.append("Every shard being read is closed and read to its end: no "
                                      "new records will arrive there (the stream was disabled or "
                                      "replaced).")
        self.total_events += len(result.events)
        return result

    def polls(
        self,
        *,
        follow: bool = False,
        interval: float = 1.0,
        max_seconds: float | None = None,
        stop: threading.Event | None = None,
    ) -> Iterator[PollResult]:
        """Poll until caught up, or when following until ``stop`` is set, every shard is
        finished or ``max_seconds`` pass. Waits ``interval`` seconds after a poll that found
        nothing waiting; polls again at once after a full page."""
        deadline = None if max_seconds is None else time.monotonic() + max_seconds
        stop = stop or threading.Event()
        while not stop.is_set():
            result = self.poll()
            yield result
            if result.finished or (not follow and result.caught_up):
                return
            remaining = None if deadline is None else deadline - time.monotonic()
            if remaining is not None and remaining <= 0:
                return
            if result.more or not follow:
                continue
            stop.wait(interval if remaining is None else min(interval, remaining))


def read_events(
    conn: Connection,
    arn: str,
    *,
    position: str = TRIM_HORIZON,
    key_filter: KeyFilter | None = None,
    log: ReadLog | None = None,
    table: str | None = None,
) -> list[StreamEvent]:
    """Every record available now from a position, as events (no following)."""
    reader = StreamReader(conn, arn, position=position, key_filter=key_filter, log=log, table=table)
    events: list[StreamEvent] = []
    for result in reader.polls():
        events.extend(result.events)
    return events
