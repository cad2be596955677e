"""Sending TransactWriteItems requests to DynamoDB Local and to DynoView's validator, and
telling their verdicts apart: the shared half of the corpus test, the recorder and the
hypothesis differential test.

Requests are kept as the ``transact`` command reads them: DynamoDB JSON with binary as
base64, plus one shorthand for bulk (``{"$repeat": [TEXT, COUNT]}`` where a string or a
base64 string is expected), so a 4 MB case stays a short line in the corpus.
"""

from __future__ import annotations

import base64
import json
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from botocore.config import Config
from botocore.exceptions import ClientError

from dynoview.core.session.connection import Connection
from dynoview.core.session.tables import table_info_from_description
from dynoview.core.tx.model import Problem, TransactionImportError, parse_request
from dynoview.core.tx.validation import TableSchemas, describe_tables, has_errors, validate

# -- the tables every case may use (fixed names: each run starts them empty) --------------

PREFIX = "dvdiff-"
MAIN = PREFIX + "main"  # PK (S) + SK (S): the article's layout
NUM = PREFIX + "num"  # id (N) only
BIN = PREFIX + "bin"  # id (B) only
IDX = PREFIX + "idx"  # PK, SK (S); gsi1 gp (S) + gs (N); gsi2 gb (B); lsi1 ls (N)
NSK = PREFIX + "nsk"  # PK (S) + SK (N)
MISSING = PREFIX + "missing"  # never created
PROP = PREFIX + "prop"  # the hypothesis test's table: PK (S) + SK (N), gsi1 gp (S)

_KEY = {"HASH": "HASH", "RANGE": "RANGE"}


def _table(
    name: str,
    keys: list[tuple[str, str]],
    *,
    gsis: Iterable[tuple[str, list[tuple[str, str]]]] = (),
    lsis: Iterable[tuple[str, tuple[str, str]]] = (),
) -> dict[str, Any]:
    types = dict(keys)
    schema = [{"AttributeName": keys[0][0], "KeyType": "HASH"}]
    if len(keys) > 1:
        schema.append({"AttributeName": keys[1][0], "KeyType": "RANGE"})
    spec: dict[str, Any] = {"TableName": name, "KeySchema": schema, "BillingMode": "PAY_PER_REQUEST"}
    gsi_specs = []
    for index, index_keys in gsis:
        types.update(index_keys)
        gsi_schema = [{"AttributeName": index_keys[0][0], "KeyType": "HASH"}]
        if len(index_keys) > 1:
            gsi_schema.append({"AttributeName": index_keys[1][0], "KeyType": "RANGE"})
        gsi_specs.append(
            {"IndexName": index, "KeySchema": gsi_schema, "Projection": {"ProjectionType": "ALL"}}
        )
    lsi_specs = []
    for index, (attr, kind) in lsis:
        types[attr] = kind
        lsi_specs.append(
            {
                "IndexName": index,
                "KeySchema": [schema[0], {"AttributeName": attr, "KeyType": "RANGE"}],
                "Projection": {"ProjectionType": "KEYS_ONLY"},
            }
        )
    if gsi_specs:
        spec["GlobalSecondaryIndexes"] = gsi_specs
    if lsi_specs:
        spec["LocalSecondaryIndexes"] = lsi_specs
    spec["AttributeDefinitions"] = [{"AttributeName": k, "AttributeType": t} for k, t in types.items()]
    return spec


TABLES: dict[str, dict[str, Any]] = {
    MAIN: _table(MAIN, [("PK", "S"), ("SK", "S")]),
    NUM: _table(NUM, [("id", "N")]),
    BIN: _table(BIN, [("id", "B")]),
    IDX: _table(
        IDX,
        [("PK", "S"), ("SK", "S")],
        gsis=[("gsi1", [("gp", "S"), ("gs", "N")]), ("gsi2", [("gb", "B")])],
        lsis=[("lsi1", ("ls", "N"))],
    ),
    NSK: _table(NSK, [("PK", "S"), ("SK", "N")]),
    PROP: _table(PROP, [("PK", "S"), ("SK", "N")], gsis=[("gsi1", [("gp", "S")])]),
}


#: The corpus's tables (the property test makes its own).
CORPUS_TABLES = tuple(name for name in TABLES if name != PROP)


def create_tables(conn: Connection, names: Iterable[str] = CORPUS_TABLES) -> None:
    """(Re)create the tables empty: a table left by an earlier run is dropped first."""
    client = conn.client
    for name in names:
        try:
            client.delete_table(TableName=name)
        except ClientError as exc:
            if exc.response["Error"]["Code"] != "ResourceNotFoundException":
                raise
        client.create_table(**TABLES[name])


def empty_tables(conn: Connection, names: Iterable[str] = CORPUS_TABLES) -> None:
    """Delete every item, so the next case meets the items it seeds and nothing else."""
    client = conn.client
    for name in names:
        keys = [k["AttributeName"] for k in TABLES[name]["KeySchema"]]
        for page in client.get_paginator("scan").paginate(TableName=name, ConsistentRead=True):
            for item in page["Items"]:
                client.delete_item(TableName=name, Key={k: item[k] for k in keys})


def engine_client_config() -> Config:
    """botocore's own checks off: DynamoDB itself must judge what a request holds, once."""
    return Config(
        parameter_validation=False, retries={"total_max_attempts": 1}, connect_timeout=5, read_timeout=60
    )


# -- the shorthand and the two forms of a request -------------------------------------------


def expand(obj: Any, code: str | None = None) -> Any:
    """The request with every ``{"$repeat": [TEXT, COUNT]}`` written out (base64 under B/BS)."""
    if isinstance(obj, Mapping):
        if set(obj) == {"$repeat"}:
            text, count = obj["$repeat"]
            full = str(text) * int(count)
            return base64.b64encode(full.encode()).decode() if code in ("B", "BS") else full
        return {k: expand(v, k if k in ("S", "B", "SS", "BS") else None) for k, v in obj.items()}
    if isinstance(obj, list):
        return [expand(v, code) for v in obj]
    return obj


def _wire_value(av: Any) -> Any:
    """DynamoDB JSON to botocore's input form: base64 becomes bytes; nothing else changes
    (invalid numbers and empty sets go out as they are, for DynamoDB to refuse)."""
    if not isinstance(av, Mapping) or len(av) != 1:
        return av
    ((code, member),) = av.items()
    if code == "B" and isinstance(member, str):
        return {"B": base64.b64decode(member)}
    if code == "BS" and isinstance(member, list):
        return {"BS": [base64.b64decode(m) if isinstance(m, str) else m for m in member]}
    if code == "L" and isinstance(member, list):
        return {"L": [_wire_value(v) for v in member]}
    if code == "M" and isinstance(member, Mapping):
        return {"M": {k: _wire_value(v) for k, v in member.items()}}
    return {code: member}


def _wire_map(values: Any) -> Any:
    return {k: _wire_value(v) for k, v in values.items()} if isinstance(values, Mapping) else values


def wire_request(request: Mapping[str, Any]) -> dict[str, Any]:
    """The keyword arguments of ``transact_write_items`` for an expanded request."""
    out: dict[str, Any] = {"TransactItems": []}
    for entry in request["TransactItems"]:
        ((kind, body),) = entry.items()
        body = dict(body)
        for fld in ("Item", "Key", "ExpressionAttributeValues"):
            if fld in body:
                body[fld] = _wire_map(body[fld])
        out["TransactItems"].append({kind: body})
    if "ClientRequestToken" in request:
        out["ClientRequestToken"] = request["ClientRequestToken"]
    return out


# -- the two judges --------------------------------------------------------------------------

ACCEPTED = "accepted"
CONDITIONAL = "ConditionalCheckFailed"
#: Outcomes that mean "DynamoDB refused the request as invalid": a ValidationException, a
#: cancellation with a ValidationError reason (DynamoDB Local reports some key and index
#: checks that way), or a table that does not exist.
REFUSALS = frozenset({"ValidationException", "ValidationError", "ResourceNotFoundException"})
#: Refusals that depend on the item already stored (an attribute the expression reads is
#: missing, a nested path's parent is missing, an operand read from the item has the wrong
#: type). A validator that does not read the item cannot know them; see docs/validation.md.
ITEM_DEPENDENT_MESSAGES = (
    "The provided expression refers to an attribute that does not exist in the item",
    "The document path provided in the update expression is invalid for update",
    "An operand in the update expression has an incorrect data type",
)


@dataclass(frozen=True)
class Outcome:
    outcome: str
    message: str = ""

    @property
    def refused(self) -> bool:
        return self.outcome in REFUSALS

    @property
    def item_dependent(self) -> bool:
        return self.refused and any(m in self.message for m in ITEM_DEPENDENT_MESSAGES)

    def to_json(self) -> dict[str, str]:
        return {"outcome": self.outcome, "message": self.message}


def send(conn: Connection, request: Mapping[str, Any]) -> Outcome:
    """DynamoDB's verdict on an expanded request."""
    try:
        conn.client.transact_write_items(**wire_request(request))
    except ClientError as exc:
        error = exc.response.get("Error", {})
        code = str(error.get("Code", ""))
        message = str(error.get("Message", ""))
        if code == "TransactionCanceledException":
            reasons = exc.response.get("CancellationReasons") or []
            for reason in reasons:
                if reason.get("Code") == "ValidationError":
                    return Outcome("ValidationError", str(reason.get("Message", "")))
            codes = {str(r.get("Code")) for r in reasons} - {"None"}
            if codes <= {CONDITIONAL}:
                return Outcome(CONDITIONAL)
            return Outcome(code, ", ".join(sorted(codes)))
        return Outcome(code, message)
    return Outcome(ACCEPTED)


def seed(conn: Connection, items: Iterable[Mapping[str, Any]]) -> None:
    for entry in items:
        conn.client.put_item(TableName=entry["TableName"], Item=_wire_map(entry["Item"]))


class Runner:
    """Sends cases one after another on fresh tables (emptied after any case that wrote)."""

    def __init__(self, conn: Connection) -> None:
        self.conn = conn
        self.dirty: set[str] = set()
        create_tables(conn)

    def run(self, entry: dict[str, Any]) -> Outcome:
        if self.dirty:
            empty_tables(self.conn, sorted(self.dirty))
            self.dirty.clear()
        items = entry.get("seed") or []
        seed(self.conn, items)
        self.dirty.update(s["TableName"] for s in items)
        request = expand(entry["request"])
        outcome = send(self.conn, request)
        if outcome.outcome == ACCEPTED:
            self.dirty.update(a[next(iter(a))].get("TableName", "") for a in request["TransactItems"])
            self.dirty &= set(CORPUS_TABLES)
        return outcome


def dynoview_problems(request: Mapping[str, Any], schemas: TableSchemas) -> list[Problem]:
    """What ``transact --dry-run`` with an endpoint reports: import problems, else the
    tables that do not exist and every validation problem."""
    try:
        tx = parse_request(json.loads(json.dumps(request)))
    except TransactionImportError as exc:
        return exc.problems
    return schemas.problems(tx) + validate(tx, schemas.infos, None)


def dynoview_refuses(request: Mapping[str, Any], schemas: TableSchemas) -> bool:
    return has_errors(dynoview_problems(request, schemas))


def schemas_for(conn: Connection, names: Iterable[str] = (*CORPUS_TABLES, MISSING)) -> TableSchemas:
    """What DescribeTable says about the case tables (and that ``MISSING`` does not exist)."""
    return describe_tables(conn, names)


def offline_schemas() -> TableSchemas:
    """The same, from the CreateTable specs: the validator can be checked without an engine."""
    infos = {name: table_info_from_description(spec) for name, spec in TABLES.items()}
    return TableSchemas(infos, complete=True)  # every other name is a missing table


def expected_refused(entry: Mapping[str, Any]) -> bool:
    """What the validator must say about a corpus entry: the service's verdict where it is
    known to differ from DynamoDB Local's, never a refusal that depends on the stored item,
    else DynamoDB Local's verdict."""
    if entry.get("item_dependent"):
        return False
    outcome = (entry.get("service") or entry["local"])["outcome"]
    return outcome in REFUSALS


def stable_message(text: str) -> str:
    """The message with every ``{A,B,C}`` list sorted: the engine prints hash sets, whose
    order changes from one JVM to the next."""
    return re.sub(r"\{([^{}]*)\}", lambda m: "{" + ",".join(sorted(m.group(1).split(","))) + "}", text)


def same_message(one: str, two: str) -> bool:
    return stable_message(one) == stable_message(two)


def short(text: str, limit: int = 300) -> str:
    text = re.sub(r"\s+", " ", text)
    return text if len(text) <= limit else text[: limit - 3] + "..."
