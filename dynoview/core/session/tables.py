"""Table descriptions: keys, indexes, TTL, streams, counts.

A listing describes every table it names; a table deleted between ListTables and its
DescribeTable (ResourceNotFoundException) is skipped with a note, never the whole listing
lost. An answer that holds no table description (an endpoint that is not DynamoDB) is a
sentence, never a ``KeyError``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from botocore.exceptions import ClientError

from dynoview.core.errors import DynoViewError, aws_error_code
from dynoview.core.session.table_settings import (
    TableExtras,
    TableSettings,
    is_plain_index,
    read_extras,
    settings_from_description,
)

if TYPE_CHECKING:  # a type here: the connection code loads when one is made
    from dynoview.core.session.connection import Connection

#: DescribeTable calls in flight while a listing is described (metadata reads, no capacity).
LISTING_WORKERS = 8
#: DescribeTimeToLive's refusals that mean "the TTL cannot be described here": the engine lacks
#: the operation, or the role may not call it. The table's TTL is then unknown (``ttl_error``).
TTL_NOT_DESCRIBABLE = frozenset({"UnknownOperationException", "AccessDeniedException",
                                 "NotImplementedException", "NotImplemented"})


@dataclass(frozen=True)
class KeyAttribute:
    name: str
    type: str  # S, N or B


@dataclass(frozen=True)
class IndexInfo:
    name: str
    kind: str  # "GSI" or "LSI"
    partition_key: KeyAttribute
    sort_key: KeyAttribute | None
    projection: str
    projected_attributes: tuple[str, ...] = ()

    @property
    def strong_reads_allowed(self) -> bool:
        # GSIs are replicated asynchronously, so DynamoDB only serves eventual reads from them.
        return self.kind == "LSI"

    def describe(self) -> str:
        keys = self.partition_key.name + (f", {self.sort_key.name}" if self.sort_key else "")
        strong = "strong or eventual reads" if self.strong_reads_allowed else "eventual reads only"
        proj = self.projection
        if self.projected_attributes:
            proj += " (" + ", ".join(self.projected_attributes) + ")"
        return f"{self.kind} {self.name}: keys {keys}; projection {proj}; {strong}"


@dataclass(frozen=True)
class TableInfo:
    name: str
    partition_key: KeyAttribute
    sort_key: KeyAttribute | None
    gsis: tuple[IndexInfo, ...] = ()
    lsis: tuple[IndexInfo, ...] = ()
    ttl_attribute: str | None = None  # as DescribeTimeToLive names it: a DISABLED one still does
    #: As DescribeTimeToLive says it; "" (a table described in code): on when an attribute is named.
    ttl_status: str = ""
    #: Why DescribeTimeToLive could not be read here (its error code: an engine without it, access
    #: denied), so the TTL is unknown (``ttl_status`` UNKNOWN); None: it was read.
    ttl_error: str | None = None
    stream_enabled: bool = False
    stream_view_type: str | None = None
    stream_arn: str | None = None
    item_count: int | None = None
    size_bytes: int | None = None
    billing_mode: str = "PROVISIONED"
    status: str = "ACTIVE"
    attribute_types: dict[str, str] = field(default_factory=dict)
    # Deletion protection, class, encryption, throughput, replicas, indexes DynoView leaves alone.
    settings: TableSettings = field(default_factory=TableSettings)

    @property
    def key_names(self) -> tuple[str, ...]:
        return (self.partition_key.name,) + ((self.sort_key.name,) if self.sort_key else ())

    @property
    def indexes(self) -> tuple[IndexInfo, ...]:
        return self.lsis + self.gsis

    def index(self, name: str | None) -> IndexInfo | None:
        if not name:
            return None
        for idx in self.indexes:
            if idx.name == name:
                return idx
        raise KeyError(f"Table {self.name} has no index named {name}.")

    def keys_for(self, index_name: str | None) -> tuple[KeyAttribute, KeyAttribute | None]:
        idx = self.index(index_name)
        if idx is None:
            return self.partition_key, self.sort_key
        return idx.partition_key, idx.sort_key

    @property
    def ttl_enabled(self) -> bool:
        status = self.ttl_status or ("ENABLED" if self.ttl_attribute else "DISABLED")
        return status in {"ENABLED", "ENABLING"} and bool(self.ttl_attribute)

    @property
    def ttl_unknown_note(self) -> str | None:
        """What a check by TTL says when the TTL could not be read (None: it was): a lock whose
        TTL may be ahead cannot be told from a stuck one."""
        if self.ttl_error is None:
            return None
        return (f"TTL could not be read for table {self.name} (DescribeTimeToLive: {self.ttl_error}): "
                "reservations cannot be told from stuck locks, so a lock no account holds may be a "
                "sign-up still completing (its TTL ahead) rather than a stuck signup. Allow "
                "dynamodb:DescribeTimeToLive to have them told apart.")

    @property
    def expiry_attribute(self) -> str | None:
        """The attribute DynamoDB deletes expired items by, or None when TTL is off: a DISABLED
        or DISABLING table still names its attribute, but nothing it holds will expire, so a lock
        past it is an orphan to release, not an expired one DynamoDB will delete."""
        return self.ttl_attribute if self.ttl_enabled else None

    def key_of(self, item: dict[str, Any]) -> dict[str, Any]:
        """The primary key of an item (low-level form)."""
        return {k: item[k] for k in self.key_names if k in item}

    def summary_lines(self) -> list[str]:
        keys = f"{self.partition_key.name} ({self.partition_key.type})"
        if self.sort_key:
            keys += f", {self.sort_key.name} ({self.sort_key.type})"
        lines = [
            f"Keys: {keys}",
            f"Billing: {self.billing_mode.replace('_', ' ').lower()}",
            f"Items: {self.item_count if self.item_count is not None else '?'} "
            f"(approximate, refreshed by DynamoDB about every 6 hours)",
            f"Size: {_human_bytes(self.size_bytes)}",
        ]
        if self.ttl_enabled:
            lines.append(f"TTL: {(self.ttl_status or 'enabled').lower()} on attribute {self.ttl_attribute}")
        elif self.ttl_error is not None:
            lines.append(f"TTL: unknown (DescribeTimeToLive: {self.ttl_error})")
        else:
            lines.append("TTL: disabled")
        if self.stream_enabled:
            lines.append(f"Stream: {self.stream_view_type}")
        else:
            lines.append("Stream: disabled")
        lines.extend(idx.describe() for idx in self.indexes)
        lines.extend(self.settings.lines())
        return lines


def _human_bytes(size: int | None) -> str:
    if size is None:
        return "?"
    value = float(size)
    for unit in ("bytes", "KB", "MB", "GB", "TB"):
        if value < 1024 or unit == "TB":
            return f"{value:.0f} {unit}" if unit == "bytes" else f"{value:.1f} {unit}"
        value /= 1024
    return f"{size} bytes"


def _key(schema: list[dict[str, Any]], types: dict[str, str], role: str) -> KeyAttribute | None:
    for element in schema:
        if element.get("KeyType") == role:
            name = element["AttributeName"]
            return KeyAttribute(name, types.get(name, "S"))
    return None


def _projection(desc: dict[str, Any]) -> tuple[str, tuple[str, ...]]:
    proj = desc.get("Projection", {})
    return proj.get("ProjectionType", "ALL"), tuple(proj.get("NonKeyAttributes", []))


class NotATableDescriptionError(DynoViewError):
    """DescribeTable answered without a usable table description."""


def table_info_from_description(
    table: dict[str, Any], ttl: dict[str, Any] | None = None
) -> TableInfo:
    """Build TableInfo from DescribeTable's ``Table`` and DescribeTimeToLive's description."""
    try:
        types = {a["AttributeName"]: a["AttributeType"] for a in table.get("AttributeDefinitions", [])}
        pk = _key(table["KeySchema"], types, "HASH")
    except (KeyError, TypeError, AttributeError):
        pk = None
    if pk is None or not isinstance(table.get("TableName"), str):
        raise NotATableDescriptionError(
            "The endpoint answered DescribeTable without a table's name and key schema, which "
            "DynamoDB always sends: is the endpoint URL a DynamoDB endpoint?")
    sk = _key(table["KeySchema"], types, "RANGE")

    def indexes(key: str, kind: str) -> tuple[IndexInfo, ...]:
        out = []
        for desc in table.get(key, []) or []:
            if not is_plain_index(desc):
                continue  # multi-attribute keys, or no key schema: named in settings.other_indexes
            ipk = _key(desc["KeySchema"], types, "HASH")
            assert ipk is not None
            projection, attrs = _projection(desc)
            out.append(IndexInfo(desc["IndexName"], kind, ipk, _key(desc["KeySchema"], types, "RANGE"),
                                 projection, attrs))
        return tuple(out)

    stream = table.get("StreamSpecification") or {}
    ttl = ttl or {}
    billing = (table.get("BillingModeSummary") or {}).get("BillingMode", "PROVISIONED")
    return TableInfo(
        name=table["TableName"],
        partition_key=pk,
        sort_key=sk,
        gsis=indexes("GlobalSecondaryIndexes", "GSI"),
        lsis=indexes("LocalSecondaryIndexes", "LSI"),
        ttl_attribute=ttl.get("AttributeName"),
        ttl_status=ttl.get("TimeToLiveStatus", "DISABLED"),
        stream_enabled=bool(stream.get("StreamEnabled")),
        stream_view_type=stream.get("StreamViewType"),
        stream_arn=table.get("LatestStreamArn"),
        item_count=table.get("ItemCount"),
        size_bytes=table.get("TableSizeBytes"),
        billing_mode=billing,
        status=table.get("TableStatus", "ACTIVE"),
        attribute_types=types,
        settings=settings_from_description(table),
    )


def describe_table(conn: Connection, name: str) -> TableInfo:
    """DescribeTable plus DescribeTimeToLive (metadata reads; they consume no capacity)."""
    table = conn.client.describe_table(TableName=name).get("Table")
    if not isinstance(table, dict):
        raise NotATableDescriptionError(
            f"The endpoint answered DescribeTable for {name} without a table description, which "
            "DynamoDB always sends: is the endpoint URL a DynamoDB endpoint?")
    try:
        ttl = conn.client.describe_time_to_live(TableName=name).get("TimeToLiveDescription", {})
    except ClientError as exc:
        # An engine without the TTL API, or a role without its permission: the table is still
        # browsable, its TTL unknown and said so. Anything else (throttling, a 5xx past
        # botocore's retries) raises, as DescribeTable's errors do: a TTL taken for "none"
        # would call every reservation a stuck signup.
        code = aws_error_code(exc)
        if code not in TTL_NOT_DESCRIBABLE:
            raise
        info = table_info_from_description(table, {"TimeToLiveStatus": "UNKNOWN"})
        return replace(info, ttl_error=code)
    return table_info_from_description(table, ttl if isinstance(ttl, dict) else {})


def table_extras(conn: Connection, info: TableInfo) -> TableExtras:
    """Point-in-time recovery and the resource policy: a call each, for the description view
    (``TableExtras.lines()`` after ``summary_lines()``); an endpoint without them says so."""
    return read_extras(conn.client, info.name, info.settings.arn)


def is_not_found(exc: BaseException) -> bool:
    """True for DynamoDB's ResourceNotFoundException (the table does not exist)."""
    return aws_error_code(exc) == "ResourceNotFoundException"


@dataclass
class TableListing:
    """The tables a connection lists, described, and what happened to those skipped."""

    tables: list[TableInfo] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    vanished: list[str] = field(default_factory=list)


def describe_tables(conn: Connection, names: Sequence[str] | None = None, *,
                    describe: Callable[[Connection, str], TableInfo] = describe_table,
                    workers: int = LISTING_WORKERS) -> TableListing:
    """Describe every table ``names`` lists (default: ListTables), in their order, a few at a
    time. A table gone before its DescribeTable (deleted meanwhile) is skipped with a note; any
    other failure stops the listing with its own error."""
    names = list(conn.list_tables() if names is None else names)
    listing = TableListing()

    def one(name: str) -> TableInfo | None:
        try:
            return describe(conn, name)
        except Exception as exc:
            if is_not_found(exc):
                return None
            raise

    with ThreadPoolExecutor(max_workers=max(1, min(workers, len(names) or 1)),
                            thread_name_prefix="describe-table") as pool:
        for name, info in zip(names, pool.map(one, names), strict=True):
            if info is None:
                listing.vanished.append(name)
            else:
                listing.tables.append(info)
    if listing.vanished:
        shown = ", ".join(listing.vanished[:10]) + (" and more" if len(listing.vanished) > 10 else "")
        count = len(listing.vanished)
        listing.notes.append(
            f"{count} table{'s' if count != 1 else ''} listed no longer exist{'s' if count == 1 else ''} "
            f"(deleted while the list was read) and {'were' if count != 1 else 'was'} skipped: {shown}.")
    return listing
