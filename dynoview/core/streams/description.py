"""A stream and its shards as DescribeStream reports them, and the shard lineage.

A stream is a set of shards. Each partition writes its records to one shard; when a
partition splits (or about every four hours) the shard closes and child shards take
over, so a reader walks the lineage parent first. Order holds per item (one primary
key), not across items or shards. Records are kept 24 hours.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from dynoview.core.errors import DynoViewError
from dynoview.core.session.connection import Connection
from dynoview.core.session.integrity import DamagedResponseError
from dynoview.core.streams.page import DAMAGED_ATTEMPTS
from dynoview.core.streams.records import as_utc

ORDER_NOTE = (
    "Order holds per item: all changes to one primary key arrive in the order they were "
    "made. There is no order across items or across partitions (shards), so changes to "
    "different items, even in one item collection or one transaction, may show in another "
    "order than they happened."
)
VIEW_TYPE_TEXT = {
    "KEYS_ONLY": "keys only: records carry no images, so there are no diffs",
    "NEW_IMAGE": "new images only: a record shows what an item became, not what it was",
    "OLD_IMAGE": "old images only: diffs show what an item was before each change",
    "NEW_AND_OLD_IMAGES": "old and new images: full diffs",
}
RETENTION_HOURS = 24
# DynamoDB Streams' SequenceNumber: 21 to 40 characters, all digits (the API's constraint).
_SEQUENCE_NUMBER = re.compile(r"[0-9]{21,40}")


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
    def disabled(self) -> bool:
        """Disabled (or being disabled): no new records arrive, but those kept stay readable."""
        return self.status in {"DISABLED", "DISABLING"}

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
        created=as_utc(created),
    )


def describe_stream(conn: Connection, arn: str) -> StreamInfo:
    """DescribeStream, following LastEvaluatedShardId so every shard is listed."""
    client = conn.streams_client()
    request: dict[str, Any] = {"StreamArn": arn}
    desc: dict[str, Any] | None = None
    shards: list[Any] = []
    while True:
        page = _described(client, request)
        desc = desc or dict(page)
        shards.extend(page.get("Shards", []) or [])
        last = page.get("LastEvaluatedShardId")
        if not last:
            break
        request["ExclusiveStartShardId"] = last
    desc["Shards"] = shards
    return stream_info_from_description(desc)


def _described(client: Any, request: Mapping[str, Any]) -> Mapping[str, Any]:
    """One DescribeStream page, asked again when its answer arrived damaged (cut short on the
    way, or of a shape DescribeStream never gives); a DamagedResponseError after
    ``DAMAGED_ATTEMPTS`` in a row, which a watch says and retries as it does GetRecords'."""
    damage = ""
    for _ in range(DAMAGED_ATTEMPTS):
        damage = _damage(page := client.describe_stream(**request).get("StreamDescription"))
        if not damage:
            return page
    raise DamagedResponseError(
        f"The answer to DescribeStream arrived damaged ({damage}) {DAMAGED_ATTEMPTS} times in a "
        "row, so it was discarded: nothing from it was used. Something between you and DynamoDB "
        "(a proxy, VPN or flaky network), or the endpoint itself, is changing answers; retry, and "
        "check the network if it keeps happening.", retried=True)


def _damage(page: Any) -> str:
    """What makes a StreamDescription one DescribeStream never gives ("" when it is whole). A
    body cut short parses as no description at all (botocore keeps its text as a message)."""
    if not isinstance(page, Mapping):
        return "it has no StreamDescription"
    if not isinstance(page.get("StreamArn"), str):
        return "its StreamDescription has no StreamArn"
    shards = page.get("Shards") or []
    if not isinstance(shards, list) or not all(
            isinstance(s, Mapping) and isinstance(s.get("ShardId"), str) for s in shards):
        return "its Shards are not a list of shards"
    return ""


def _quoted(text: str, limit: int = 48) -> str:
    """Typed text quoted for a message: control characters escaped, a long text cut."""
    return repr(text if len(text) <= limit else text[:limit] + "…")


def check_start_sequence(info: StreamInfo, sequence_number: str, shard_id: str | None = None) -> ShardInfo:
    """The shard to start reading at or after ``sequence_number`` in (``shard_id``'s when one
    is chosen), checked before any request: DynamoDB refuses a number that is not 21 to 40
    digits, and one outside the shard's range reads nothing. A DynoViewError at the field
    ``sequence_number`` says what to type instead."""
    number = sequence_number.strip()
    if not number:
        raise DynoViewError(
            "Reading at or after a sequence number needs the number. Copy one from a "
            "record, or read from the trim horizon (oldest) or latest instead.",
            field="sequence_number")
    if not _SEQUENCE_NUMBER.fullmatch(number):
        raise DynoViewError(
            f"{_quoted(number)} is not a sequence number: DynamoDB's are 21 to 40 digits (0-9). "
            "Right-click a record and choose Read after this record, or copy the number from "
            "its Sequence number column.", field="sequence_number")
    chosen = info.shard(shard_id) if shard_id else None
    if chosen is not None and not chosen.contains(number):
        raise DynoViewError(
            f"Sequence number {number} is not in shard {chosen.shard_id} (its range is "
            f"{chosen.range_text()}). Select the shard the record came from in the Shards tab.",
            field="sequence_number")
    found = chosen or info.shard_for_sequence(number)
    if found is None:
        raise DynoViewError(
            f"Sequence number {number} is not in any shard of this stream. It may be older "
            f"than the {RETENTION_HOURS}-hour retention, or from another stream; read "
            "from the trim horizon instead.", field="sequence_number")
    return found


def no_stream_message(table_name: str) -> str:
    return (
        f"Table {table_name} has no stream, so there is nothing to read. Enable one with "
        f"`aws dynamodb update-table --table-name {table_name} --stream-specification "
        "StreamEnabled=true,StreamViewType=NEW_AND_OLD_IMAGES` (NEW_AND_OLD_IMAGES shows "
        "diffs); only changes made after that appear in it."
    )


def disabled_stream_message(table_name: str) -> str:
    """What a disabled stream still offers: one sentence, said by the Stream tab and the CLI."""
    return (
        f"The stream of table {table_name} is disabled, so no new records will arrive; the "
        f"records it holds are kept {RETENTION_HOURS} hours after the last one was written and "
        "can still be read (enabling a stream again starts a new, empty one)."
    )


@dataclass(frozen=True)
class TableStream:
    """DescribeTable's LatestStreamArn and whether that stream is enabled."""

    arn: str
    #: StreamSpecification.StreamEnabled. DynamoDB drops the specification when a stream is
    #: disabled but keeps LatestStreamArn: that stream's records stay readable for 24 hours.
    enabled: bool


def latest_stream(conn: Connection, table_name: str) -> TableStream:
    """The table's latest stream, enabled or not; a DynoViewError with the fix if it has none."""
    table = conn.client.describe_table(TableName=table_name)["Table"]
    arn = table.get("LatestStreamArn")
    if not arn:
        raise DynoViewError(no_stream_message(table_name))
    enabled = bool((table.get("StreamSpecification") or {}).get("StreamEnabled"))
    return TableStream(str(arn), enabled)


def table_stream_arn(conn: Connection, table_name: str) -> str:
    """The table's latest stream ARN, a disabled stream's too (its records stay readable); a
    DynoViewError with the fix if it has none."""
    return latest_stream(conn, table_name).arn
