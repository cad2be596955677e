"""Reliability check: 50 concurrent signups of one email through the app's execution path.

Starts a local moto endpoint in-process, creates the demo's accounts table, and fires 50
sign-up transactions (each a guarded Put of the account, the email lock and a distinct
username lock) at once from 50 threads through ``execute_transaction``. Afterwards exactly
one account may hold the email, exactly one email lock may exist, no losing username lock
may be left behind, and every one of the 49 others must be reported as "email already
taken". Prints a one-line summary, writes benchmarks/results/concurrent_signups.json and
exits non-zero on any violation.

Run: .venv/bin/python benchmarks/concurrent_signups.py [--signups 50] [--raw-moto]

About the endpoint: moto's TransactWriteItems is not atomic under concurrent requests. It
deep-copies each table before a transaction and restores the copy when one is cancelled,
so a cancellation running alongside a success throws the success's writes away (and
partial writes of cancelled ones can survive). DynamoDB serializes conflicting
transactions. By default the script therefore wraps moto's WSGI app so the endpoint
handles one request at a time, which restores the guarantee DynamoDB gives; the 50
clients, their HTTP connections and the app's execution path stay fully concurrent.
``--raw-moto`` runs against moto as it is, to show the backend's own race.
"""

from __future__ import annotations

import argparse
import json
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from dynoview.core.connection import Connection, ConnectionSpec
from dynoview.core.demo import create_accounts_table, start_server
from dynoview.core.locks import article_schema
from dynoview.core.reads import Reader
from dynoview.core.templates import sign_up
from dynoview.core.tx_execution import CANCELLED, SUCCEEDED, ExecutionResult, execute_transaction

EMAIL = "race@example.com"
TABLE = "accounts-race"
RESULTS = Path(__file__).resolve().parent / "results" / "concurrent_signups.json"


class _Serialized:
    """WSGI middleware: one request at a time, DynamoDB's serializability that moto lacks."""

    def __init__(self, app: Any) -> None:
        self.app = app
        self.lock = threading.Lock()

    def __call__(self, environ: dict[str, Any], start_response: Any) -> Any:
        with self.lock:
            return list(self.app(environ, start_response))


def _connect(url: str) -> Connection:
    spec = ConnectionSpec(name="benchmark", endpoint_url=url, region="us-east-1")
    return Connection(spec, credentials={"aws_access_key_id": "bench", "aws_secret_access_key": "bench"})


def _signup(conn: Connection, index: int, barrier: threading.Barrier) -> tuple[ExecutionResult, float]:
    item = {"PK": {"S": f"ACCT#race{index:03d}"}, "SK": {"S": "PROFILE"}, "email": {"S": EMAIL},
            "username": {"S": f"racer{index:03d}"}}
    tx = sign_up(article_schema(), TABLE, item)
    barrier.wait()
    started = time.perf_counter()
    result = execute_transaction(conn, tx, confirmation=True, retry_delay=0.1)
    return result, (time.perf_counter() - started) * 1000


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--signups", type=int, default=50)
    parser.add_argument("--raw-moto", action="store_true",
                        help="do not serialize the endpoint (shows moto's non-atomic transactions)")
    args = parser.parse_args(argv)
    server, url = start_server()
    if not args.raw_moto:
        wsgi = server._server  # ThreadedMotoServer's werkzeug server; its handler calls server.app
        wsgi.app = _Serialized(wsgi.app)
    try:
        conn = _connect(url)
        create_accounts_table(conn, TABLE)
        barrier = threading.Barrier(args.signups)
        started = time.perf_counter()
        with ThreadPoolExecutor(max_workers=args.signups) as pool:
            futures = [pool.submit(_signup, conn, i, barrier) for i in range(args.signups)]
            outcomes = [f.result() for f in futures]
        wall_ms = (time.perf_counter() - started) * 1000
        reader = Reader(conn)
        items: list[dict[str, Any]] = []
        for page in reader.cursor("Scan", {"TableName": TABLE, "ConsistentRead": True, "Limit": 500}):
            items.extend(page.items)
    finally:
        server.stop()

    results = [r for r, _ in outcomes]
    latencies = sorted(ms for _, ms in outcomes)
    accounts = [i for i in items if i["PK"]["S"].startswith("ACCT#") and i.get("email") == {"S": EMAIL}]
    email_locks = [i for i in items if i["PK"]["S"] == f"UNIQ#EMAIL#{EMAIL}"]
    handle_locks = [i["PK"]["S"] for i in items if i["PK"]["S"].startswith("UNIQ#HANDLE#")]
    winners = [r for r in results if r.status == SUCCEEDED]
    taken = [r for r in results if r.status == CANCELLED and any(
        o.attribute == "email" and o.message.startswith(f"Email {EMAIL} is already taken.")
        for o in r.actions)]
    other = [r for r in results if r not in winners and r not in taken]
    violations = []
    if len(accounts) != 1:
        violations.append(f"{len(accounts)} accounts hold {EMAIL}, expected exactly 1")
    if len(email_locks) != 1:
        violations.append(f"{len(email_locks)} email locks exist, expected exactly 1")
    if len(winners) != 1:
        violations.append(f"{len(winners)} signups reported success, expected exactly 1")
    if len(taken) != args.signups - 1:
        violations.append(f"{len(taken)} signups reported 'email already taken', expected {args.signups - 1}")
    if len(handle_locks) != len(winners):
        violations.append(f"{len(handle_locks)} username locks exist for {len(winners)} successful signups")
    summary = {
        "signups": args.signups,
        "endpoint": "moto (raw)" if args.raw_moto else "moto, one request at a time",
        "succeeded": len(winners),
        "email_taken": len(taken),
        "other_outcomes": [f"{r.status}: {r.message}" for r in other],
        "accounts_with_email": len(accounts),
        "email_locks": len(email_locks),
        "username_locks": len(handle_locks),
        "wall_ms": round(wall_ms, 1),
        "latency_ms": {"min": round(latencies[0], 1), "median": round(latencies[len(latencies) // 2], 1),
                       "max": round(latencies[-1], 1)},
        "violations": violations,
    }
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    RESULTS.write_text(json.dumps(summary, indent=2) + "\n")
    verdict = "OK" if not violations else "VIOLATION: " + "; ".join(violations)
    median = summary["latency_ms"]["median"]
    print(f"{args.signups} concurrent signups of {EMAIL} ({summary['endpoint']}): {len(winners)} succeeded, "
          f"{len(taken)} reported 'email already taken', {len(accounts)} account and {len(email_locks)} "
          f"lock afterwards, {len(handle_locks)} username lock(s); wall {wall_ms:.0f} ms, median "
          f"{median} ms per transaction. {verdict}")
    return 0 if not violations else 1


if __name__ == "__main__":
    sys.exit(main())
