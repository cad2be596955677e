"""Stream records as events: what happened to which item, the attributes that changed, and
whether DynamoDB itself deleted it (TTL). Reads GetRecords answers and recorded Lambda events
alike (epoch-second timestamps, base64 binary)."""

from __future__ import annotations

import base64
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from decimal import Decimal, InvalidOperation
from typing import Any

from dynoview.core.values.display import display_text
from dynoview.core.values.dynamodb_json import to_dynamodb_json
from dynoview.core.values.equality import values_equal
from dynoview.core.values.visible_text import visible

INSERT = "INSERT"
MODIFY = "MODIFY"
REMOVE = "REMOVE"

TTL_DELETE_LABEL = "expired: deleted by DynamoDB"
EVENT_LABELS = {INSERT: "inserted", MODIFY: "modified", REMOVE: "deleted"}
# TTL deletes are service deletes: DynamoDB itself is the principal.
TTL_PRINCIPAL = "dynamodb.amazonaws.com"
TTL_IDENTITY_TYPE = "Service"

KEYS_ONLY_NOTE = "(keys only: no images in this stream)"
# The view types that carry one image: the other side of every record is simply absent.
ONE_IMAGE_VIEWS = {"NEW_IMAGE": "new", "OLD_IMAGE": "old"}
# Room for any key value (at most 2 KB) and its escapes: a key is never cut short.
KEY_LIMIT = 8192


ADDED = "added"
REMOVED = "removed"
CHANGED = "changed"


@dataclass(frozen=True)
class AttributeChange:
    """One attribute that differs between the old and the new image."""

    name: str
    kind: str  # ADDED, REMOVED or CHANGED
    old: Mapping[str, Any] | None
    new: Mapping[str, Any] | None

    def text(self, limit: int = 60) -> str:
        name = visible(self.name)  # names come from the table: shown, never obeyed
        if self.kind == ADDED:
            return f"+{name} = {display_text(self.new or {'NULL': True}, limit)}"
        if self.kind == REMOVED:
            return f"-{name} (was {display_text(self.old or {'NULL': True}, limit)})"
        old = display_text(self.old or {"NULL": True}, limit)
        new = display_text(self.new or {"NULL": True}, limit)
        return f"~{name}: {old} → {new}"

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
    Only for those: an image a stream does not carry is unknown, not empty (``record_diff``).
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


def record_diff(event_name: str, old: Mapping[str, Any] | None,
                new: Mapping[str, Any] | None) -> tuple[AttributeChange, ...]:
    """The diff of a record: when both images are there, or for an INSERT (no old image by
    nature) or a REMOVE (no new one). A MODIFY on a NEW_IMAGE or OLD_IMAGE stream has one
    image: compared with nothing, every attribute would read as added (or removed)."""
    if old is not None and new is not None:
        return diff_images(old, new)
    if (event_name == INSERT and new is not None) or (event_name == REMOVE and old is not None):
        return diff_images(old, new)
    return ()


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


def as_utc(value: Any) -> datetime | None:
    """A timestamp as an aware UTC datetime: boto3 gives datetimes; recorded JSON numbers."""
    if value is None:
        return None
    if isinstance(value, datetime):
        return value.astimezone(UTC) if value.tzinfo else value.replace(tzinfo=UTC)
    try:
        seconds = float(Decimal(str(value)))
    except (InvalidOperation, ValueError):
        try:
            return as_utc(datetime.fromisoformat(str(value).replace("Z", "+00:00")))
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


class MalformedRecordError(ValueError):
    """A stream record whose shape no stream sends (a field of the wrong type): the answer that
    carried it is damaged, not a record to show."""


def record_size(value: Any) -> int | None:
    """A record's ``SizeBytes`` (a whole number, or digits); None when absent. Anything else is
    a MalformedRecordError: DynamoDB always sends a number here."""
    if value is None:
        return None
    if value.__class__ is int or (value.__class__ is float and value.is_integer()):
        return int(value)
    if isinstance(value, str) and value.isascii() and value.isdigit():
        return int(value)
    raise MalformedRecordError("its SizeBytes is not a number of bytes")


def record_body(record: Any) -> Mapping[str, Any]:
    """A record's ``dynamodb`` part; a MalformedRecordError when the record or that part is not
    an object."""
    if not isinstance(record, Mapping):
        raise MalformedRecordError("a record is not a JSON object")
    ddb = record.get("dynamodb") or {}
    if not isinstance(ddb, Mapping):
        raise MalformedRecordError("a record's dynamodb part is not a JSON object")
    return ddb


def _image(value: Any) -> dict[str, Any] | None:
    if not isinstance(value, Mapping):
        return None
    converted = {str(k): _binary_to_bytes(v) for k, v in value.items()}
    if isinstance(value, dict) and all(converted[k] is value[k] for k in value):
        return value  # nothing was converted: keep the parsed dict rather than a copy
    return converted


def key_value_text(av: Mapping[str, Any]) -> str:
    """A key value as a user types it: S as is, N as stored, B as base64. For the key filter's
    read-back only: shown, such text would obey bidi overrides and line breaks."""
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
        """The keys as shown: names and values with control, bidi and invisible characters
        as escapes, values as the Items tab shows them (``key_value_text`` is for filtering)."""
        return ", ".join(f"{visible(n)}={display_text(v, KEY_LIMIT)}" for n, v in self.ordered_keys())

    def missing_image(self) -> str | None:
        """"old" or "new": the image this record's event has but its stream does not carry
        (a MODIFY on a NEW_IMAGE stream has no old image); None when nothing is missing or
        the stream carries keys only."""
        if self.old_image is None and self.new_image is None and self.view_type not in ONE_IMAGE_VIEWS:
            return None  # keys only
        if self.event_name in (MODIFY, REMOVE) and self.old_image is None:
            return "old"
        if self.event_name in (MODIFY, INSERT) and self.new_image is None:
            return "new"
        return None

    def image_note(self) -> str | None:
        """Why this record has nothing to compare, or None when it has."""
        side = self.missing_image()
        if side is not None:
            stream = f"this {self.view_type} stream" if self.view_type else "this stream"
            return f"(no {side} image: {stream} does not carry {side} images)"
        if self.old_image is None and self.new_image is None:
            return KEYS_ONLY_NOTE
        return None

    def diff_text(self, limit: int = 3) -> str:
        """A short summary of the changed attributes for a table cell or a text line."""
        note = self.image_note()
        if note is not None:
            return note
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
    """Turn one GetRecords record (or a recorded Lambda event record) into a StreamEvent; a
    MalformedRecordError for a record of a shape no stream sends."""
    ddb = record_body(record)
    old = _image(ddb.get("OldImage"))
    new = _image(ddb.get("NewImage"))
    keys = _image(ddb.get("Keys")) or {}
    kind, principal = _identity(record)
    size = ddb.get("SizeBytes")
    return StreamEvent(
        time=as_utc(ddb.get("ApproximateCreationDateTime")),
        event_name=str(record.get("eventName", "")),
        keys=keys,
        old_image=old,
        new_image=new,
        diff=record_diff(str(record.get("eventName", "")), old, new),
        sequence_number=str(ddb.get("SequenceNumber", "")),
        shard_id=shard_id,
        event_id=str(record.get("eventID", "")),
        ttl_delete=is_ttl_delete(record),
        identity_type=kind,
        principal_id=principal,
        size_bytes=record_size(size),
        view_type=ddb.get("StreamViewType"),
        key_names=tuple(key_names),
        table=table,
    )
