"""A fast local DynamoDB endpoint serving a synthetic accounts-and-locks table.

moto is far too slow past ~10k items, so this serves prepared, valid Scan
pages (about 1 MB each, segment-aware, with LastEvaluatedKey) for a table of
``--items`` items laid out like the article: per account ``ACCT#<k>``/PROFILE,
``UNIQ#EMAIL#<email>``/LOCK and ``UNIQ#HANDLE#<username>``/LOCK, with a known
set of planted findings (see ``expected_findings``).

Loopback only (127.0.0.1). Pages are generated from the item index on demand and cached up
to ``--cache-mb``, whatever their ``Limit`` (the Items tab's pages of 100 or 200 too). Besides
``Scan`` it answers what the window and ``dynoview audit`` call on table ``bench-accounts``:
``ListTables``, ``DescribeTable`` (PK/SK strings, on demand, no indexes, ItemCount exact),
``DescribeTimeToLive`` (enabled on ``expiresAt``), ``DescribeContinuousBackups``,
``GetResourcePolicy`` (PolicyNotFoundException: the table has none), and
``GetItem``, ``BatchGetItem`` and ``Query`` (``#pk = :pk`` with an optional sort-key
condition), answered by decoding the key back to its item number (every partition holds one
item). Anything else gets DynamoDB's ``UnknownOperationException`` (an unknown target) or a
``ValidationException`` (a parameter this fake does not implement), and a line on stderr, so
a benchmark never measures an answer the fake got wrong; ``--log-requests`` prints every
request's target.

Every answer carries ``x-amz-crc32`` over its body, as DynamoDB's do, so clients that check
it pay for it. A Scan of ``bench-bad-crc`` answers one small page whose checksum is wrong on
purpose: the benchmark uses it to prove that each contender really checks.

Run: ``python benchmarks/fake_scan_endpoint.py --items 1000000`` prints
``READY http://127.0.0.1:<port> items=<n> page_items=<n>`` and serves until killed.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import re
import sys
import threading
import time
import traceback
from binascii import crc32
from collections import OrderedDict
from collections.abc import Callable
from decimal import Decimal
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

TABLE = "bench-accounts"
BAD_CRC_TABLE = "bench-bad-crc"
PLANT_EVERY = 50_000  # one of each planted case per this many accounts
PAGE_BYTES = 1_000_000

# Planted cases, by account number modulo PLANT_EVERY.
MISSING_HANDLE = 11  # the username lock is replaced by a session item
NO_ACCOUNT = 22  # the account is replaced by a session item: two orphan locks
DUPLICATE = 33  # the account uses the previous account's email; its own email lock is absent
EXPIRED_LOCK = 44  # the email lock's TTL has passed
CASE_CLASH = 55  # the email lock is stored upper-cased


def email(k: int) -> str:
    return f"user{k:07d}@example.com"


def handle(k: int) -> str:
    return f"user{k:07d}"


def _session(i: int) -> str:
    # A binary attribute makes the fast path meet base64 text in ordinary items.
    return (f'{{"PK":{{"S":"SESSION#{i:08d}"}},"SK":{{"S":"SESSION"}},'
            f'"blob":{{"B":"AAEC/w=="}},"n":{{"N":"{i}"}}}}')


def item_json(i: int, expired_at: int) -> str:
    """The JSON text of item number ``i`` (three items per account)."""
    k, r = divmod(i, 3)
    plant = k % PLANT_EVERY
    if r == 0:
        if plant == NO_ACCOUNT:
            return _session(i)
        mail = email(k - 1) if plant == DUPLICATE else email(k)
        return (f'{{"PK":{{"S":"ACCT#{k:07d}"}},"SK":{{"S":"PROFILE"}},"email":{{"S":"{mail}"}},'
                f'"username":{{"S":"{handle(k)}"}},"displayName":{{"S":"User {k}"}},'
                f'"createdAt":{{"S":"2026-01-01T00:00:00Z"}},"status":{{"S":"active"}}}}')
    if r == 1:
        if plant == DUPLICATE:
            return _session(i)
        mail = email(k).upper() if plant == CASE_CLASH else email(k)
        ttl = f',"expiresAt":{{"N":"{expired_at}"}}' if plant == EXPIRED_LOCK else ""
        return f'{{"PK":{{"S":"UNIQ#EMAIL#{mail}"}},"SK":{{"S":"LOCK"}}{ttl}}}'
    if plant == MISSING_HANDLE:
        return _session(i)
    return f'{{"PK":{{"S":"UNIQ#HANDLE#{handle(k)}"}},"SK":{{"S":"LOCK"}}}}'


def item_key(i: int, expired_at: int) -> dict[str, Any]:
    item = json.loads(item_json(i, expired_at))
    return {"PK": item["PK"], "SK": item["SK"]}


def expected_findings(accounts: int) -> set[tuple[str, str, str]]:
    """(status, rule, value) of every planted finding for a table of ``accounts`` accounts."""
    out: set[tuple[str, str, str]] = set()
    for k in range(accounts):
        plant = k % PLANT_EVERY
        if plant == MISSING_HANDLE:
            out.add(("MISSING_LOCK", "username", handle(k)))
        elif plant == NO_ACCOUNT:
            out.add(("ORPHAN_LOCK", "email", email(k)))
            out.add(("ORPHAN_LOCK", "username", handle(k)))
        elif plant == DUPLICATE:
            out.add(("DUPLICATE_VALUE", "email", email(k - 1)))
        elif plant == EXPIRED_LOCK:
            out.add(("EXPIRED", "email", email(k)))
        elif plant == CASE_CLASH:
            out.add(("CASE_CLASH", "email", email(k)))
    return out




_USER = re.compile(r"user(\d{7})")
_EMAIL = re.compile(r"user(\d{7})@example\.com")
_SESSION = re.compile(r"SESSION#(\d{8})")


def item_index(key: Any) -> int | None:
    """The number of the item whose key ``key`` may be, decoded from its text (not checked).

    Each partition key names one item: ``ACCT#<k>`` is 3k, an email lock 3k+1 (any case: the
    clashing lock is stored upper-cased), a username lock 3k+2, ``SESSION#<i>`` is i.
    """
    try:
        pk = key["PK"]["S"]
    except (KeyError, TypeError):
        return None
    if not isinstance(pk, str):
        return None
    if pk.startswith("ACCT#") and re.fullmatch(r"\d{7}", pk[5:]):
        return 3 * int(pk[5:])
    if pk.startswith("UNIQ#EMAIL#") and (m := _EMAIL.fullmatch(pk[11:].lower())):
        return 3 * int(m[1]) + 1
    if pk.startswith("UNIQ#HANDLE#") and (m := _USER.fullmatch(pk[12:])):
        return 3 * int(m[1]) + 2
    if m := _SESSION.fullmatch(pk):
        return int(m[1])
    return None


class Refused(Exception):
    """A request this endpoint answers with a DynamoDB error (400) rather than an answer."""

    def __init__(self, code: str, message: str, *, log: bool = False) -> None:
        super().__init__(message)
        self.code, self.message, self.log = code, message, log


def _unsupported(operation: str, what: str) -> Refused:
    # Logged: the caller sent something this fake would answer wrongly if it ignored it.
    return Refused("ValidationException", f"{operation}: {what} is not implemented by the benchmark "
                                          "endpoint", log=True)


# The conditions of a KeyConditionExpression or a FilterExpression this fake evaluates: a
# conjunction (AND) of comparisons, BETWEEN and begins_with on top-level attributes, each
# optionally in parentheses. OR, NOT and functions beyond begins_with are refused.
_CONDITIONS = [
    ("between", re.compile(r"\s*([#\w]+)\s+between\s+(:\w+)\s+and\s+(:\w+)\s*", re.I)),
    ("begins_with", re.compile(r"\s*begins_with\s*\(\s*([#\w]+)\s*,\s*(:\w+)\s*\)\s*", re.I)),
    ("compare", re.compile(r"\s*([#\w]+)\s*(=|<>|<=|>=|<|>)\s*(:\w+)\s*")),
]
_AND = re.compile(r"and\b", re.I)
_OPEN = re.compile(r"\s*\(")
_CLOSE = re.compile(r"\s*\)\s*")
_COMPARE: dict[str, Callable[[Any, Any], bool]] = {
    "=": lambda a, b: a == b, "<>": lambda a, b: a != b, "<": lambda a, b: a < b,
    "<=": lambda a, b: a <= b, ">": lambda a, b: a > b, ">=": lambda a, b: a >= b}

Condition = tuple[str, str, list[dict[str, Any]]]  # attribute, operator, operand values


def _condition_at(text: str, pos: int, field: str, operation: str) -> tuple[str, re.Match[str]]:
    for kind, pattern in _CONDITIONS:
        m = pattern.match(text, pos)
        if m:
            return kind, m
    raise _unsupported(operation, f"the {field} {text!r}")


def conditions(request: dict[str, Any], field: str, operation: str) -> list[Condition]:
    """``(attribute, operator, values)`` of each condition of ``request[field]``, placeholders
    resolved: ``#pk = :pk AND begins_with(#sk, :p)`` gives two."""
    text = str(request.get(field) or "").strip()
    names = request.get("ExpressionAttributeNames") or {}
    values = request.get("ExpressionAttributeValues") or {}

    def name(token: str) -> str:
        if not token.startswith("#"):
            return token
        if token not in names:
            raise Refused("ValidationException", "An expression attribute name used in the document "
                                                 f"path is not defined; attribute name: {token}")
        return str(names[token])

    def value(token: str) -> dict[str, Any]:
        if token not in values:
            raise Refused("ValidationException", "An expression attribute value used in expression is "
                                                 f"not defined; attribute value: {token}")
        return dict(values[token])

    out: list[Condition] = []
    pos = 0
    while True:
        opened = 0
        while paren := _OPEN.match(text, pos):
            opened, pos = opened + 1, paren.end()
        kind, m = _condition_at(text, pos, field, operation)
        if kind == "compare":
            out.append((name(m[1]), m[2], [value(m[3])]))
        elif kind == "between":
            out.append((name(m[1]), "between", [value(m[2]), value(m[3])]))
        else:
            out.append((name(m[1]), "begins_with", [value(m[2])]))
        pos = m.end()
        for _ in range(opened):
            close = _CLOSE.match(text, pos)
            if close is None:
                raise _unsupported(operation, f"the {field} {text!r}")
            pos = close.end()
        if pos >= len(text):
            return out
        and_ = _AND.match(text, pos)
        if and_ is None:
            raise _unsupported(operation, f"the {field} {text!r}")
        pos = and_.end()


def _ordered(value: dict[str, Any]) -> tuple[str, Any] | None:
    if "S" in value:
        return "S", value["S"]
    if "N" in value:
        return "N", Decimal(value["N"])
    return None


def holds(item: dict[str, Any], condition: Condition) -> bool:
    """Whether an item (DynamoDB JSON) meets one condition; a missing attribute meets none."""
    attribute, op, want = condition
    have = item.get(attribute)
    if have is None:
        return False
    if op in ("=", "<>") and not ("N" in have and "N" in want[0]):
        return _COMPARE[op](have, want[0])
    if op == "begins_with":
        return "S" in have and "S" in want[0] and str(have["S"]).startswith(want[0]["S"])
    a, bounds = _ordered(have), [_ordered(w) for w in want]
    if a is None or any(b is None or b[0] != a[0] for b in bounds):
        return False  # DynamoDB compares like types only
    if op == "between":
        return bool(bounds[0][1] <= a[1] <= bounds[1][1])  # type: ignore[index]
    return _COMPARE[op](a[1], bounds[0][1])  # type: ignore[index]


def _projection(request: dict[str, Any], operation: str) -> list[str] | None:
    """Top-level attribute names of a ProjectionExpression (None: every attribute)."""
    text = request.get("ProjectionExpression")
    if request.get("AttributesToGet"):
        raise _unsupported(operation, "AttributesToGet")
    if not text:
        return None
    names = request.get("ExpressionAttributeNames") or {}
    out = []
    for part in (p.strip() for p in text.split(",")):
        if not re.fullmatch(r"#?\w+", part):
            raise _unsupported(operation, f"the projection {part!r} (nested paths)")
        out.append(str(names.get(part, part)) if part.startswith("#") else part)
    return out


def _project(text: str, names: list[str] | None) -> bytes:
    if names is None:
        return text.encode()
    return json.dumps({k: v for k, v in json.loads(text).items() if k in names}).encode()


class Table:
    """The synthetic table: ``items_json(start, end)`` bytes of a run of items, cached within a
    byte budget, and DynamoDB's answers built from it."""

    def __init__(self, items: int, expired_at: int, cache_bytes: int) -> None:
        self.accounts = items // 3
        self.items = self.accounts * 3
        self.expired_at = expired_at
        sampled = min(3000, self.items)
        sample = sum(len(item_json(i, expired_at)) + 1 for i in range(sampled)) or 1
        self.item_bytes = sample / max(1, sampled)
        self.page_items = max(1, int(PAGE_BYTES / self.item_bytes))
        # What DescribeTable says; audit_throughput.py derives the same from the page size.
        self.size_bytes = self.items * PAGE_BYTES // self.page_items
        self.created = time.time() - 86_400
        self.cache: OrderedDict[tuple[int, int], bytes] = OrderedDict()
        self.cache_bytes = cache_bytes
        self.cached = 0
        self.lock = threading.Lock()

    def bounds(self, segment: int, total: int) -> tuple[int, int]:
        return self.items * segment // total, self.items * (segment + 1) // total

    def items_json(self, start: int, end: int) -> bytes:
        key = (start, end)
        with self.lock:
            hit = self.cache.get(key)
            if hit is not None:
                self.cache.move_to_end(key)
                return hit
        body = ",".join(item_json(i, self.expired_at) for i in range(start, end)).encode()
        with self.lock:
            self.cache[key] = body
            self.cached += len(body)
            while self.cached > self.cache_bytes and self.cache:
                _, old = self.cache.popitem(last=False)
                self.cached -= len(old)
        return body

    def lookup(self, key: Any) -> str | None:
        """The JSON text of the item with exactly this primary key, or None."""
        i = item_index(key)
        if i is None or not 0 <= i < self.items or set(key) != {"PK", "SK"}:
            return None
        text = item_json(i, self.expired_at)
        return text if item_key(i, self.expired_at) == key else None

    def _capacity(self, request: dict[str, Any], size: int, *, read_units: float | None = None) -> bytes:
        if request.get("ReturnConsumedCapacity") not in ("TOTAL", "INDEXES"):
            return b""
        units = read_units if read_units is not None else max(1.0, size / 4096)
        units *= 1 if request.get("ConsistentRead") else 0.5
        return f',"ConsumedCapacity":{{"TableName":"{TABLE}","CapacityUnits":{units:.1f}}}'.encode()

    # ---------------------------------------------------------------- reads

    def scan(self, request: dict[str, Any]) -> bytes:
        for unsupported in ("ScanFilter", "ConditionalOperator", "IndexName"):
            if request.get(unsupported):
                raise _unsupported("Scan", unsupported)
        total = int(request.get("TotalSegments", 1))
        segment = int(request.get("Segment", 0))
        if not 0 <= segment < total:
            raise Refused("ValidationException", "The Segment parameter is out of range")
        lo, hi = self.bounds(segment, total)
        start = lo
        esk = request.get("ExclusiveStartKey")
        if esk:
            last = item_index(esk)
            if last is None:
                raise _unsupported("Scan", f"an ExclusiveStartKey of no item of the table ({esk})")
            start = max(lo, last + 1)
        limit = int(request.get("Limit") or self.page_items)
        end = min(hi, start + min(limit, self.page_items))
        scanned = max(0, end - start)
        body = self.items_json(start, end) if scanned else b""
        size, count = len(body), scanned
        projection = _projection(request, "Scan")
        if request.get("FilterExpression") or projection is not None:
            # Rare (diagnose without an index, a filtered Items read): item by item, uncached.
            where = conditions(request, "FilterExpression", "Scan") if request.get("FilterExpression") else []
            texts = [item_json(i, self.expired_at) for i in range(start, end)]
            kept = [_project(t, projection) for t in texts
                    if not where or all(holds(json.loads(t), c) for c in where)]
            body, count = b",".join(kept), len(kept)
        if request.get("Select") == "COUNT":
            parts = [b'{"Count":', str(count).encode()]
        else:
            parts = [b'{"Items":[', body, b'],"Count":', str(count).encode()]
        parts += [b',"ScannedCount":', str(scanned).encode()]
        parts.append(self._capacity(request, size, read_units=size / 4096))
        if end < hi:
            parts.append(b',"LastEvaluatedKey":' + json.dumps(item_key(end - 1, self.expired_at)).encode())
        parts.append(b"}")
        return b"".join(parts)

    def query(self, request: dict[str, Any]) -> bytes:
        for unsupported in ("QueryFilter", "KeyConditions", "ConditionalOperator"):
            if request.get(unsupported):
                raise _unsupported("Query", unsupported)
        if request.get("IndexName"):
            raise Refused("ValidationException",
                          f"The table does not have the specified index: {request['IndexName']}")
        if not request.get("KeyConditionExpression"):
            raise Refused("ValidationException", "Either the KeyConditions or KeyConditionExpression "
                                                 "parameter must be specified in the request.")
        keys = conditions(request, "KeyConditionExpression", "Query")
        pk = [c for c in keys if c[0] == "PK"]
        if len(pk) != 1 or pk[0][1] != "=" or any(c[0] not in ("PK", "SK") for c in keys):
            raise Refused("ValidationException", "Query condition missed key schema element: PK")
        if any(set(v) != {"S"} for c in keys for v in c[2]) or (
                any(c[1] == "<>" for c in keys)):
            raise Refused("ValidationException", "Invalid KeyConditionExpression: the key is a string "
                                                 "and <> is not a key condition")
        where = (conditions(request, "FilterExpression", "Query")
                 if request.get("FilterExpression") else [])
        i = item_index({"PK": pk[0][2][0]})
        found, scanned = [], 0
        if i is not None and 0 <= i < self.items:
            text = item_json(i, self.expired_at)
            item = json.loads(text)
            esk = request.get("ExclusiveStartKey")
            # One item per partition: nothing follows it.
            if all(holds(item, c) for c in keys) and not (esk and self.lookup(esk) == text):
                scanned = 1
                if all(holds(item, c) for c in where):
                    found.append(text)
        projection = _projection(request, "Query")
        kept = [_project(t, projection) for t in found]
        size = sum(len(k) for k in kept)
        head = (b'{"Count":' if request.get("Select") == "COUNT"
                else b'{"Items":[' + b",".join(kept) + b'],"Count":')
        return (head + str(len(kept)).encode() + b',"ScannedCount":' + str(scanned).encode()
                + self._capacity(request, size) + b"}")

    def get_item(self, request: dict[str, Any]) -> bytes:
        text = self.lookup(request.get("Key"))
        if text is None:
            return b"{" + self._capacity(request, 0).lstrip(b",") + b"}"
        item = _project(text, _projection(request, "GetItem"))
        return b'{"Item":' + item + self._capacity(request, len(item)) + b"}"

    def batch_get_item(self, request: dict[str, Any]) -> bytes:
        wanted = request.get("RequestItems") or {}
        if set(wanted) - {TABLE}:
            raise Refused("ResourceNotFoundException", "Requested resource not found")
        spec = wanted.get(TABLE, {})
        keys = spec.get("Keys") or []
        if not 0 < len(keys) <= 100:
            raise Refused("ValidationException", "Too many items requested for the BatchGetItem call")
        projection = _projection(spec, "BatchGetItem")
        found = [_project(t, projection) for t in (self.lookup(k) for k in keys) if t is not None]
        body = b'{"Responses":{"' + TABLE.encode() + b'":[' + b",".join(found) + b']},"UnprocessedKeys":{}'
        if request.get("ReturnConsumedCapacity") in ("TOTAL", "INDEXES"):
            units = sum(max(1.0, len(f) / 4096) for f in found) * (1 if spec.get("ConsistentRead") else 0.5)
            body += f',"ConsumedCapacity":[{{"TableName":"{TABLE}","CapacityUnits":{units:.1f}}}]'.encode()
        return body + b"}"

    # ---------------------------------------------------------------- metadata

    def describe_table(self) -> dict[str, Any]:
        arn = f"arn:aws:dynamodb:us-east-1:000000000000:table/{TABLE}"
        return {"Table": {
            "TableName": TABLE, "TableArn": arn, "TableId": "00000000-0000-0000-0000-000000000000",
            "TableStatus": "ACTIVE", "CreationDateTime": self.created,
            "AttributeDefinitions": [{"AttributeName": "PK", "AttributeType": "S"},
                                     {"AttributeName": "SK", "AttributeType": "S"}],
            "KeySchema": [{"AttributeName": "PK", "KeyType": "HASH"},
                          {"AttributeName": "SK", "KeyType": "RANGE"}],
            "ItemCount": self.items, "TableSizeBytes": self.size_bytes,
            "BillingModeSummary": {"BillingMode": "PAY_PER_REQUEST",
                                   "LastUpdateToPayPerRequestDateTime": self.created},
            "ProvisionedThroughput": {"NumberOfDecreasesToday": 0, "ReadCapacityUnits": 0,
                                      "WriteCapacityUnits": 0},
            "DeletionProtectionEnabled": False,
        }}

    def answer(self, operation: str, request: dict[str, Any]) -> bytes:
        """The body of the answer to one request (Refused for an error)."""
        if operation == "ListTables":
            after = request.get("ExclusiveStartTableName")
            names = [TABLE] if not after or after < TABLE else []
            return json.dumps({"TableNames": names}).encode()
        if operation not in HANDLED:
            raise Refused("UnknownOperationException", f"Unknown operation: {operation}", log=True)
        if operation == "BatchGetItem":
            return self.batch_get_item(request)
        if operation == "GetResourcePolicy":  # the table description asks; this table has none
            raise Refused("PolicyNotFoundException", "Resource-based policy not found for the "
                          f"provided ResourceArn: {request.get('ResourceArn')}")
        if request.get("TableName") != TABLE:
            raise Refused("ResourceNotFoundException",
                          f"Requested resource not found: Table: {request.get('TableName')} not found")
        if operation == "DescribeTable":
            return json.dumps(self.describe_table()).encode()
        if operation == "DescribeTimeToLive":
            return json.dumps({"TimeToLiveDescription": {"TimeToLiveStatus": "ENABLED",
                                                         "AttributeName": "expiresAt"}}).encode()
        if operation == "DescribeContinuousBackups":
            return json.dumps({"ContinuousBackupsDescription": {
                "ContinuousBackupsStatus": "ENABLED",
                "PointInTimeRecoveryDescription": {"PointInTimeRecoveryStatus": "DISABLED"}}}).encode()
        if operation == "Scan":
            return self.scan(request)
        if operation == "Query":
            return self.query(request)
        return self.get_item(request)

    def warm(self, segments: int) -> None:
        """Generate every page of a segmentation now, so timing measures the client."""
        for s in range(segments):
            lo, hi = self.bounds(s, segments)
            for start in range(lo, hi, self.page_items):
                self.items_json(start, min(hi, start + self.page_items))


HANDLED = frozenset({"ListTables", "DescribeTable", "DescribeTimeToLive", "DescribeContinuousBackups",
                     "GetResourcePolicy", "Scan", "Query", "GetItem", "BatchGetItem"})


_LOG_LOCK = threading.Lock()


def _log(text: str) -> None:
    with _LOG_LOCK:  # one line at a time from the server's threads
        sys.stderr.write(f"fake_scan_endpoint: {text}\n")
        sys.stderr.flush()


def make_handler(table: Table, *, log_requests: bool = False) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"
        # Headers and body leave in two writes: with Nagle on, a small answer (GetItem, an
        # Items page) waits for the client's delayed ACK, 40 ms a request.
        disable_nagle_algorithm = True

        def log_message(self, format: str, *args: Any) -> None:  # quiet
            return

        def _send(self, status: int, body: bytes, *, damage_crc: bool = False) -> None:
            checksum = crc32(body) & 0xFFFFFFFF
            self.send_response(status)
            self.send_header("Content-Type", "application/x-amz-json-1.0")
            self.send_header("Content-Length", str(len(body)))
            self.send_header("x-amzn-RequestId", "bench")
            self.send_header("x-amz-crc32", str(checksum ^ 1 if damage_crc else checksum))
            self.end_headers()
            self.wfile.write(body)

        def _error(self, status: int, code: str, message: str) -> None:
            self._send(status, json.dumps({"__type": f"com.amazonaws.dynamodb.v20120810#{code}",
                                           "message": message}).encode())

        def do_GET(self) -> None:
            _log(f"GET {self.path}: not a DynamoDB request")
            self._error(400, "UnknownOperationException", "DynamoDB requests are POSTs")

        def do_POST(self) -> None:
            length = int(self.headers.get("Content-Length", 0))
            if length > 1_000_000:
                self.rfile.read(length)  # keep the connection usable
                self._error(413, "ValidationException", "request too large")
                return
            target = self.headers.get("X-Amz-Target", "")
            prefix, _, operation = target.rpartition(".")
            try:
                request = json.loads(self.rfile.read(length) or b"{}")
            except ValueError:
                self._error(400, "SerializationException", "the body is not JSON")
                return
            if log_requests:
                _log(f"request {target} {json.dumps(request)[:300]}")
            if prefix != "DynamoDB_20120810":
                _log(f"unknown target {target!r}")
                self._error(400, "UnknownOperationException", f"Unknown target: {target}")
                return
            if operation == "Scan" and request.get("TableName") == BAD_CRC_TABLE:
                self._send(200, b'{"Items":[{"PK":{"S":"x"}}],"Count":1,"ScannedCount":1}',
                           damage_crc=True)
                return
            try:
                body = table.answer(operation, request)
            except Refused as exc:
                if exc.log:
                    _log(f"{operation} refused ({exc.code}): {exc.message}; "
                         f"request {json.dumps(request)[:500]}")
                self._error(400, exc.code, exc.message)
                return
            except Exception:  # a bug here: say so loudly, answer as DynamoDB's 500 does
                _log(f"{operation} failed:\n{traceback.format_exc()}")
                self._error(500, "InternalServerError", "the benchmark endpoint failed")
                return
            self._send(200, body)

    return Handler


def serve(items: int, *, port: int = 0, cache_mb: int = 400, warm_segments: int = 0,
          log_requests: bool = False) -> tuple[ThreadingHTTPServer, Table]:
    """A server (not yet serving) on 127.0.0.1 and its table."""
    # Two hours ago: expired, and well inside DynamoDB's five-year window.
    table = Table(items, int(time.time()) - 7200, cache_mb * 1_000_000)
    if warm_segments:
        table.warm(warm_segments)
    server = ThreadingHTTPServer(("127.0.0.1", port), make_handler(table, log_requests=log_requests))
    server.daemon_threads = True
    return server, table


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--items", type=int, default=1_000_000)
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--cache-mb", type=int, default=400)
    parser.add_argument("--warm-segments", type=int, default=0,
                        help="pre-generate the pages of this segmentation before serving")
    parser.add_argument("--log-requests", action="store_true",
                        help="print every request's X-Amz-Target to stderr")
    args = parser.parse_args()
    server, table = serve(args.items, port=args.port, cache_mb=args.cache_mb,
                          warm_segments=args.warm_segments, log_requests=args.log_requests)
    print(f"READY http://127.0.0.1:{server.server_address[1]} items={table.items} "
          f"page_items={table.page_items}", flush=True)
    with contextlib.suppress(KeyboardInterrupt):
        server.serve_forever()
    return 0


if __name__ == "__main__":
    sys.exit(main())
