"""A fast local DynamoDB Scan endpoint serving a synthetic accounts-and-locks table.

moto is far too slow past ~10k items, so this serves prepared, valid Scan
pages (about 1 MB each, segment-aware, with LastEvaluatedKey) for a table of
``--items`` items laid out like the article: per account ``ACCT#<k>``/PROFILE,
``UNIQ#EMAIL#<email>``/LOCK and ``UNIQ#HANDLE#<username>``/LOCK, with a known
set of planted findings (see ``expected_findings``).

Loopback only (127.0.0.1). Pages are generated from the item index on demand
and cached up to ``--cache-mb``; only ``Scan`` is implemented. Every answer carries
``x-amz-crc32`` over its body, as DynamoDB's do, so clients that check it pay for it.
A Scan of ``bench-bad-crc`` answers one small page whose checksum is wrong on purpose:
the benchmark uses it to prove that each contender really checks.

Run: ``python benchmarks/fake_scan_endpoint.py --items 1000000`` prints
``READY http://127.0.0.1:<port>`` and serves until killed.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import sys
import threading
from binascii import crc32
from collections import OrderedDict
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


class Table:
    """Pages of the synthetic table: ``page(start, end)`` bytes, cached within a byte budget."""

    def __init__(self, items: int, expired_at: int, cache_bytes: int) -> None:
        self.accounts = items // 3
        self.items = self.accounts * 3
        self.expired_at = expired_at
        sample = sum(len(item_json(i, expired_at)) + 1 for i in range(min(3000, self.items))) or 1
        self.page_items = max(1, int(PAGE_BYTES / (sample / max(1, min(3000, self.items)))))
        self.cache: OrderedDict[tuple[int, int], bytes] = OrderedDict()
        self.cache_bytes = cache_bytes
        self.cached = 0
        self.lock = threading.Lock()
        # LastEvaluatedKey (PK|SK) -> the next item index: bounded by the number of pages.
        self.resume: dict[str, int] = {}

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

    def scan(self, request: dict[str, Any]) -> bytes:
        total = int(request.get("TotalSegments", 1))
        segment = int(request.get("Segment", 0))
        lo, hi = self.bounds(segment, total)
        start = lo
        esk = request.get("ExclusiveStartKey")
        if esk:
            start = self.resume[f'{esk["PK"]["S"]}|{esk["SK"]["S"]}']
        limit = int(request.get("Limit") or self.page_items)
        end = min(hi, start + min(limit, self.page_items))
        body = self.items_json(start, end)
        count = end - start
        parts = [b'{"Items":[', body, b'],"Count":', str(count).encode(),
                 b',"ScannedCount":', str(count).encode()]
        if request.get("ReturnConsumedCapacity") in ("TOTAL", "INDEXES"):
            units = len(body) / 4096 * (1 if request.get("ConsistentRead") else 0.5)
            parts.append(f',"ConsumedCapacity":{{"TableName":"{TABLE}","CapacityUnits":{units:.1f}}}'
                         .encode())
        if end < hi:
            last = item_key(end - 1, self.expired_at)
            with self.lock:
                if len(self.resume) > 1_000_000:
                    self.resume.clear()
                self.resume[f'{last["PK"]["S"]}|{last["SK"]["S"]}'] = end
            parts.append(b',"LastEvaluatedKey":' + json.dumps(last).encode())
        parts.append(b"}")
        return b"".join(parts)

    def warm(self, segments: int) -> None:
        """Generate every page of a segmentation now, so timing measures the client."""
        for s in range(segments):
            lo, hi = self.bounds(s, segments)
            for start in range(lo, hi, self.page_items):
                self.items_json(start, min(hi, start + self.page_items))


def make_handler(table: Table) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

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

        def do_POST(self) -> None:
            length = int(self.headers.get("Content-Length", 0))
            if length > 1_000_000:
                self._send(413, b'{"__type":"ValidationException","message":"request too large"}')
                return
            request = json.loads(self.rfile.read(length) or b"{}")
            target = self.headers.get("X-Amz-Target", "")
            if target.endswith(".Scan") and request.get("TableName") == BAD_CRC_TABLE:
                self._send(200, b'{"Items":[{"PK":{"S":"x"}}],"Count":1,"ScannedCount":1}',
                           damage_crc=True)
                return
            if not target.endswith(".Scan") or request.get("TableName") != TABLE:
                self._send(400, json.dumps({
                    "__type": "com.amazonaws.dynamodb.v20120810#ValidationException",
                    "message": f"This benchmark endpoint only serves Scan on {TABLE}."}).encode())
                return
            self._send(200, table.scan(request))

    return Handler


def main() -> int:
    import time

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--items", type=int, default=1_000_000)
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--cache-mb", type=int, default=400)
    parser.add_argument("--warm-segments", type=int, default=0,
                        help="pre-generate the pages of this segmentation before serving")
    args = parser.parse_args()
    # Two hours ago: expired, and well inside DynamoDB's five-year window.
    table = Table(args.items, int(time.time()) - 7200, args.cache_mb * 1_000_000)
    if args.warm_segments:
        table.warm(args.warm_segments)
    server = ThreadingHTTPServer(("127.0.0.1", args.port), make_handler(table))
    server.daemon_threads = True
    print(f"READY http://127.0.0.1:{server.server_address[1]} items={table.items} "
          f"page_items={table.page_items}", flush=True)
    with contextlib.suppress(KeyboardInterrupt):
        server.serve_forever()
    return 0


if __name__ == "__main__":
    sys.exit(main())
