"""What matters on today's tables beyond keys and indexes, from DescribeTable's answer:
deletion protection, table class, encryption, warm throughput, on-demand maximum throughput,
the replicas of a global table (and multi-Region strong consistency), and indexes of a kind
DynoView does not read (vector indexes, GSIs with multi-attribute keys), which are named and
left alone so the table still opens. Point-in-time recovery and a resource policy take a
call each (``read_extras``), made when the description is shown, never while listing.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

#: What a table without a TableClassSummary is (DynamoDB leaves it out for the default).
DEFAULT_TABLE_CLASS = "STANDARD"


@dataclass(frozen=True)
class Replica:
    region: str
    status: str = ""


@dataclass(frozen=True)
class OtherIndex:
    """An index DynoView does not query: its name and what it is."""

    name: str
    what: str


@dataclass(frozen=True)
class TableSettings:
    """DescribeTable's settings that need no key schema to read."""

    arn: str | None = None
    deletion_protection: bool = False
    table_class: str = DEFAULT_TABLE_CLASS
    sse_status: str | None = None  # None: encrypted with an AWS owned key (DynamoDB omits it)
    sse_type: str | None = None  # KMS
    kms_key: str | None = None
    warm_read: int | None = None  # units per second
    warm_write: int | None = None
    warm_status: str | None = None
    max_read: int | None = None  # on-demand maximum request units; -1 or None: no maximum
    max_write: int | None = None
    replicas: tuple[Replica, ...] = ()
    global_table_version: str | None = None
    multi_region_consistency: str | None = None  # EVENTUAL or STRONG
    witnesses: tuple[str, ...] = ()  # Regions holding a witness (strong consistency)
    other_indexes: tuple[OtherIndex, ...] = field(default=())

    @property
    def is_global(self) -> bool:
        return bool(self.replicas)

    def lines(self) -> list[str]:
        """One line per setting, for the table's description."""
        out = [f"Deletion protection: {'on' if self.deletion_protection else 'off'}",
               f"Table class: {_words(self.table_class)}",
               f"Encryption: {self._encryption()}"]
        if self.warm_read is not None or self.warm_write is not None:
            status = f" ({self.warm_status.lower()})" if self.warm_status else ""
            out.append(f"Warm throughput: {_units(self.warm_read)} reads/s, {_units(self.warm_write)} "
                       f"writes/s{status}")
        if _limited(self.max_read) or _limited(self.max_write):
            out.append(f"On-demand maximum: {_maximum(self.max_read)} read units/s, "
                       f"{_maximum(self.max_write)} write units/s")
        if self.replicas:
            regions = ", ".join(f"{r.region}" + (f" ({r.status.lower()})" if r.status and r.status != "ACTIVE"
                                                 else "") for r in self.replicas)
            version = f" (version {self.global_table_version})" if self.global_table_version else ""
            out.append(f"Global table{version}: replicas in {regions}")
            consistency = self.multi_region_consistency or "EVENTUAL"
            witness = f"; witness in {', '.join(self.witnesses)}" if self.witnesses else ""
            out.append("Multi-Region consistency: " + (
                "strong (reads and writes see every Region's latest write)" if consistency == "STRONG"
                else "eventual (other Regions see a write within about a second)") + witness)
        out.extend(f"{o.name}: {o.what}; DynoView does not read it" for o in self.other_indexes)
        return out

    def transaction_note(self) -> str | None:
        """What the Items tab says before a transaction on a global table, or None."""
        if not self.replicas:
            return None
        return ("This is a global table: a transaction is atomic only in the Region that runs it; "
                "the other replicas receive its writes later, one item at a time, and a "
                "transaction in another Region can conflict with it without either failing.")

    def _encryption(self) -> str:
        if self.sse_type == "KMS" or self.kms_key:
            key = f" ({self.kms_key})" if self.kms_key else ""
            other = self.sse_status and self.sse_status != "ENABLED"
            status = f", {self.sse_status.lower()}" if other and self.sse_status else ""
            return f"AWS KMS key{key}{status}"
        return "AWS owned key (DynamoDB's default)"


@dataclass(frozen=True)
class TableExtras:
    """The settings that take a call of their own; None where the endpoint did not say."""

    pitr_status: str | None = None  # ENABLED or DISABLED
    pitr_days: int | None = None
    policy: str | None = None  # the resource policy's JSON, when the table has one
    notes: tuple[str, ...] = ()

    def lines(self) -> list[str]:
        out = []
        if self.pitr_status is not None:
            days = f", {self.pitr_days} days" if self.pitr_status == "ENABLED" and self.pitr_days else ""
            out.append(f"Point-in-time recovery: {self.pitr_status.lower()}{days}")
        if self.policy is not None:
            out.append(f"Resource policy: {_policy_summary(self.policy)}")
        out.extend(self.notes)
        return out


def settings_from_description(table: Mapping[str, Any]) -> TableSettings:
    """The settings in DescribeTable's ``Table`` (anything absent keeps its default)."""
    sse = _dict(table.get("SSEDescription"))
    warm = _dict(table.get("WarmThroughput"))
    on_demand = _dict(table.get("OnDemandThroughput"))
    replicas = tuple(Replica(str(r.get("RegionName", "?")), str(r.get("ReplicaStatus", "")))
                     for r in _list(table.get("Replicas")))
    return TableSettings(
        arn=table.get("TableArn"),
        deletion_protection=bool(table.get("DeletionProtectionEnabled")),
        table_class=str(_dict(table.get("TableClassSummary")).get("TableClass") or DEFAULT_TABLE_CLASS),
        sse_status=sse.get("Status"), sse_type=sse.get("SSEType"), kms_key=sse.get("KMSMasterKeyArn"),
        warm_read=warm.get("ReadUnitsPerSecond"), warm_write=warm.get("WriteUnitsPerSecond"),
        warm_status=warm.get("Status"),
        max_read=on_demand.get("MaxReadRequestUnits"), max_write=on_demand.get("MaxWriteRequestUnits"),
        replicas=replicas,
        global_table_version=table.get("GlobalTableVersion"),
        multi_region_consistency=table.get("MultiRegionConsistency"),
        witnesses=tuple(str(w.get("RegionName", "?")) for w in _list(table.get("GlobalTableWitnesses"))),
        other_indexes=other_indexes(table),
    )


def other_indexes(table: Mapping[str, Any]) -> tuple[OtherIndex, ...]:
    """Indexes DynoView does not query: vector indexes, and GSIs or LSIs whose key schema is
    not one partition key and at most one sort key (multi-attribute keys), or is missing."""
    out = []
    for desc in _list(table.get("VectorIndexes")):
        attr = _dict(desc.get("VectorAttribute")).get("AttributeName", "?")
        out.append(OtherIndex(str(desc.get("IndexName", "?")),
                              f"vector index on {attr} ({desc.get('Dimensions', '?')} dimensions)"))
    for key, kind in (("GlobalSecondaryIndexes", "GSI"), ("LocalSecondaryIndexes", "LSI")):
        for desc in _list(table.get(key)):
            if not is_plain_index(desc):
                schema = _list(desc.get("KeySchema"))
                hashes = [str(k.get("AttributeName")) for k in schema if k.get("KeyType") == "HASH"]
                ranges = [str(k.get("AttributeName")) for k in schema if k.get("KeyType") == "RANGE"]
                keys = " + ".join(hashes) + (f", sorted by {' + '.join(ranges)}" if ranges else "")
                out.append(OtherIndex(str(desc.get("IndexName", "?")),
                                      f"{kind} with multi-attribute keys ({keys or 'no key schema'})"))
    return tuple(out)


def is_plain_index(desc: Mapping[str, Any]) -> bool:
    """One HASH key and at most one RANGE key, named: an index DynoView can query."""
    schema = _list(desc.get("KeySchema"))
    kinds = [k.get("KeyType") for k in schema]
    named = all(isinstance(k.get("AttributeName"), str) for k in schema)
    return bool(desc.get("IndexName")) and named and kinds.count("HASH") == 1 and kinds.count("RANGE") <= 1 \
        and len(kinds) == kinds.count("HASH") + kinds.count("RANGE")


def read_extras(client: Any, name: str, arn: str | None) -> TableExtras:
    """DescribeContinuousBackups and GetResourcePolicy for one table. An endpoint without
    either API (DynamoDB Local, moto) or without the permission leaves that part out."""
    status = days = policy = None
    notes = []
    try:
        answer = client.describe_continuous_backups(TableName=name)
        backups = _dict(answer.get("ContinuousBackupsDescription"))
        pitr = _dict(backups.get("PointInTimeRecoveryDescription"))
        status, days = pitr.get("PointInTimeRecoveryStatus"), pitr.get("RecoveryPeriodInDays")
    except Exception as exc:  # no such API, no permission: say it, keep the description
        notes.append(f"Point-in-time recovery: not known ({_code(exc)})")
    if arn:
        try:
            policy = client.get_resource_policy(ResourceArn=arn).get("Policy")
        except Exception as exc:
            if _code(exc) not in ("PolicyNotFoundException", "ResourceNotFoundException"):
                notes.append(f"Resource policy: not known ({_code(exc)})")
    return TableExtras(status, days, policy, tuple(notes))


def _policy_summary(policy: str) -> str:
    try:
        statements = json.loads(policy).get("Statement", [])
    except (ValueError, AttributeError):
        return "present (not valid JSON)"
    statements = statements if isinstance(statements, list) else [statements]
    effects = sorted({str(s.get("Effect", "?")) for s in statements if isinstance(s, dict)})
    return f"{len(statements)} statement{'s' if len(statements) != 1 else ''} ({', '.join(effects)})"


def _code(exc: BaseException) -> str:
    answer = getattr(exc, "response", None)
    code = _dict(_dict(answer).get("Error")).get("Code") if isinstance(answer, Mapping) else None
    return str(code or type(exc).__name__)


def _words(code: str) -> str:
    return code.replace("_", " ").lower()


def _limited(units: int | None) -> bool:
    return units is not None and units > 0


def _maximum(units: int | None) -> str:
    return f"{units:,}" if _limited(units) else "no maximum"


def _units(units: int | None) -> str:
    return f"{units:,}" if units is not None else "?"


def _dict(value: Any) -> Mapping[str, Any]:
    return value if isinstance(value, Mapping) else {}


def _list(value: Any) -> list[Mapping[str, Any]]:
    return [v for v in value if isinstance(v, Mapping)] if isinstance(value, list) else []
