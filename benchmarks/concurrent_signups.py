"""Reliability check: 50 concurrent signups of one email through the app's execution path, on
DynamoDB Local (AWS's own engine), nothing serialised at the endpoint.

DynamoDB Local runs concurrent transactions atomically, as DynamoDB does, so the 50 sign-up
transactions (each a guarded Put of the account, the email lock and a distinct username lock,
fired at once from 50 threads through ``execute_transaction``) go to it as they are. It never
answers TransactionConflict, which DynamoDB does when transactions touch the same item at the
same moment; so the fault proxy (tests/fault_proxy.py) answers a share of them (``--conflicts``,
chosen at random) with DynamoDB's TransactionCanceledException, reasons
``[None, TransactionConflict, None]``, without forwarding them.

Afterwards: exactly one account holds the email, exactly one email lock exists, no losing
username lock is left; every conflicted signup was told to try again and never that the
email is taken; every other loser was told "email already taken". Then the conflicted ones
try again, as told: each must now be told the email is taken. Prints a one-line summary,
writes benchmarks/results/concurrent_signups.json and exits 1 on any violation (or when
DynamoDB Local cannot run here: the race needs AWS's engine; moto is not atomic).

Run: .venv/bin/python benchmarks/concurrent_signups.py [--signups 50] [--conflicts 10] [--seed N]
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import threading
import time
from binascii import crc32
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import benchmarks._common  # noqa: E402, F401 - isolates the AWS config on import
from dynoview.core.reads.reader import Reader  # noqa: E402
from dynoview.core.session.connection import Connection, ConnectionSpec  # noqa: E402
from dynoview.core.tx.execution import execute_transaction  # noqa: E402
from dynoview.core.tx.outcomes import CANCELLED, SUCCEEDED, ExecutionResult  # noqa: E402
from dynoview.core.tx.templates import sign_up  # noqa: E402
from dynoview.core.uniqueness.schema import article_schema  # noqa: E402
from dynoview.demo import dynamodb_local as ddbl  # noqa: E402
from dynoview.demo.backend import create_accounts_table  # noqa: E402
from tests import fault_proxy as fp  # noqa: E402

EMAIL = "race@example.com"
TABLE = "accounts-race"
RESULTS = Path(__file__).resolve().parent / "results" / "concurrent_signups.json"
TX = "TransactWriteItems"


def conflict_answer(actions: int, conflicted: int = 1) -> tuple[bytes, dict[str, str]]:
    """DynamoDB's answer when another transaction holds action ``conflicted``'s item: 400
    TransactionCanceledException, one reason per action, with the CRC32 DynamoDB sends."""
    reasons = [{"Code": "TransactionConflict", "Message": "Transaction is ongoing for the item"}
               if i == conflicted else {"Code": "None"} for i in range(actions)]
    codes = ", ".join(r["Code"] for r in reasons)
    body = json.dumps({
        "__type": "com.amazonaws.dynamodb.v20120810#TransactionCanceledException",
        "message": f"Transaction cancelled, please refer cancellation reasons for specific reasons [{codes}]",
        "CancellationReasons": reasons,
    }).encode()
    return body, {"x-amz-crc32": str(crc32(body) & 0xFFFFFFFF)}


def add_conflicts(proxy: fp.FaultProxy, pick: Any, actions: int = 3) -> fp.Rule:
    """Answer the TransactWriteItems requests ``pick(info)`` chooses with a TransactionConflict."""
    body, headers = conflict_answer(actions)
    return proxy.add(fp.RESPOND, operation=TX, times=None, status=400, body=body, headers=headers,
                     predicate=pick)


def pick_numbers(wanted: set[int]) -> Any:
    """A predicate true for the n-th matching request, n in ``wanted`` (thread-safe)."""
    lock = threading.Lock()
    seen = [0]

    def pick(_info: fp.RequestInfo) -> bool:
        with lock:
            seen[0] += 1
            return seen[0] in wanted
    return pick


def told_taken(result: ExecutionResult, email: str) -> bool:
    return result.status == CANCELLED and any(
        o.attribute == "email" and o.message.startswith(f"Email {email} is already taken.")
        for o in result.actions)


def told_try_again(result: ExecutionResult) -> bool:
    """Cancelled by a TransactionConflict, told to try again, at the email field, never 'taken'."""
    return (result.status == CANCELLED and "already taken" not in result.message
            and "try again" in result.message
            and any(o.code == "TransactionConflict" and o.attribute == "email" for o in result.actions))


@contextmanager
def dynamodb_local() -> Iterator[str]:
    """DynamoDB Local in memory (tests/conftest.py's engine: fetched once, hashes checked)."""
    reason = ddbl.unavailable_reason()
    if reason:
        raise ddbl.DynamoDBLocalUnavailable(reason)
    server = ddbl.start(ddbl.install())
    try:
        yield server.url
    finally:
        server.stop()


def connect(url: str) -> Connection:
    spec = ConnectionSpec(name="benchmark", endpoint_url=url, region="us-east-1")
    return Connection(spec, credentials=dict(ddbl.LOCAL_KEYS))


def scan_all(conn: Connection, table: str) -> list[dict[str, Any]]:
    items: list[dict[str, Any]] = []
    for page in Reader(conn).cursor("Scan", {"TableName": table, "ConsistentRead": True, "Limit": 500}):
        items.extend(page.items)
    return items


def _signup(conn: Connection, index: int, barrier: threading.Barrier) -> tuple[Any, ExecutionResult, float]:
    item = {"PK": {"S": f"ACCT#race{index:03d}"}, "SK": {"S": "PROFILE"}, "email": {"S": EMAIL},
            "username": {"S": f"racer{index:03d}"}}
    tx = sign_up(article_schema(), TABLE, item)
    barrier.wait()
    started = time.perf_counter()
    result = execute_transaction(conn, tx, confirmation=True, retry_delay=0.1)
    return tx, result, (time.perf_counter() - started) * 1000


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--signups", type=int, default=50)
    parser.add_argument("--conflicts", type=int, default=10,
                        help="signups answered TransactionConflict by the fault proxy (default 10)")
    parser.add_argument("--seed", type=int, default=None)
    args = parser.parse_args(argv)
    seed = args.seed if args.seed is not None else random.randrange(1 << 30)
    conflicted_numbers = set(random.Random(seed).sample(range(1, args.signups + 1),
                                                        min(args.conflicts, args.signups)))
    try:
        with dynamodb_local() as url, fp.FaultProxy(url, max_connections=args.signups + 8) as proxy:
            direct, faulty = connect(url), connect(proxy.url)
            create_accounts_table(direct, TABLE)
            rule = add_conflicts(proxy, pick_numbers(conflicted_numbers))
            barrier = threading.Barrier(args.signups)
            started = time.perf_counter()
            with ThreadPoolExecutor(max_workers=args.signups) as pool:
                futures = [pool.submit(_signup, faulty, i, barrier) for i in range(args.signups)]
                outcomes = [f.result() for f in futures]
            wall_ms = (time.perf_counter() - started) * 1000
            proxy.remove(rule)
            # Those told to try again do so, once, all at once: the email is taken by now.
            again_txs = [tx for tx, r, _ in outcomes if told_try_again(r)]
            with ThreadPoolExecutor(max_workers=max(1, len(again_txs))) as pool:
                retried = list(pool.map(lambda tx: execute_transaction(faulty, tx, confirmation=True),
                                        again_txs))
            items = scan_all(direct, TABLE)
            engine = f"DynamoDB Local {ddbl.ENGINE_VERSION}"
    except ddbl.DynamoDBLocalUnavailable as exc:
        print(f"concurrent signups: not run, the race needs DynamoDB Local: {exc.message}")
        return 1

    results = [r for _, r, _ in outcomes]
    latencies = sorted(ms for _, _, ms in outcomes)
    accounts = [i for i in items if i["PK"]["S"].startswith("ACCT#") and i.get("email") == {"S": EMAIL}]
    email_locks = [i for i in items if i["PK"]["S"] == f"UNIQ#EMAIL#{EMAIL}"]
    handle_locks = [i["PK"]["S"] for i in items if i["PK"]["S"].startswith("UNIQ#HANDLE#")]
    winners = [r for r in results if r.status == SUCCEEDED]
    taken = [r for r in results if told_taken(r, EMAIL)]
    try_again = [r for r in results if told_try_again(r)]
    conflicted = [r for r in results if any(o.code == "TransactionConflict" for o in r.actions)]
    other = [r for r in results if r not in winners and r not in taken and r not in try_again]
    injected = rule.applied
    raced = args.signups - injected
    violations = []
    if len(accounts) != 1:
        violations.append(f"{len(accounts)} accounts hold {EMAIL}, expected exactly 1")
    if len(email_locks) != 1:
        violations.append(f"{len(email_locks)} email locks exist, expected exactly 1")
    if len(winners) != min(1, raced):
        violations.append(f"{len(winners)} signups reported success, expected {min(1, raced)}")
    if len(taken) != max(0, raced - 1):
        violations.append(f"{len(taken)} signups reported 'email already taken', "
                          f"expected {max(0, raced - 1)}")
    if len(try_again) != injected or len(conflicted) != injected:
        violations.append(f"{injected} TransactionConflict answers injected, {len(conflicted)} reported as a "
                          f"conflict, {len(try_again)} of them as 'try again' at the email field")
    if any("already taken" in r.message for r in conflicted):
        violations.append("a TransactionConflict was reported as 'already taken'")
    if other:
        violations.append(f"{len(other)} other outcomes: {sorted({r.message[:100] for r in other})}")
    if len(handle_locks) != len(winners):
        violations.append(f"{len(handle_locks)} username locks exist for {len(winners)} successful signups")
    retried_taken = sum(1 for r in retried if told_taken(r, EMAIL))
    if retried_taken != len(retried):
        violations.append(f"{len(retried) - retried_taken} of {len(retried)} retries after a conflict were "
                          "not told 'email already taken'")
    summary = {
        "signups": args.signups,
        "endpoint": f"{engine}, concurrent (not serialised), through the fault proxy",
        "seed": seed,
        "conflicts_injected": injected,
        "succeeded": len(winners),
        "email_taken": len(taken),
        "try_again": len(try_again),
        "retried_after_conflict_told_taken": retried_taken,
        "other_outcomes": [f"{r.status}: {r.message}" for r in other],
        "conflict_message_example": try_again[0].message if try_again else None,
        "accounts_with_email": len(accounts),
        "email_locks": len(email_locks),
        "username_locks": len(handle_locks),
        "wall_ms": round(wall_ms, 1),
        "latency_ms": {"min": round(latencies[0], 1), "median": round(latencies[len(latencies) // 2], 1),
                       "max": round(latencies[-1], 1)},
        "goals": {"accounts_with_email": 1, "email_locks": 1, "succeeded": min(1, raced),
                  "email_taken": max(0, raced - 1), "try_again": injected,
                  "retried_after_conflict_told_taken": len(retried)},
        "violations": violations,
        "ok": not violations,
    }
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    RESULTS.write_text(json.dumps(summary, indent=2) + "\n")
    verdict = "OK" if not violations else "VIOLATION: " + "; ".join(violations)
    median = summary["latency_ms"]["median"]
    print(f"concurrent signups: {args.signups} of {EMAIL} at once on {engine} (not serialised), "
          f"{injected} answered TransactionConflict by the proxy: {len(winners)} succeeded, {len(taken)} "
          f"told 'email already taken', {len(try_again)} told 'try again' (then {retried_taken} told "
          f"'taken' on retry); {len(accounts)} account, {len(email_locks)} email lock, {len(handle_locks)} "
          f"username lock afterwards; wall {wall_ms:.0f} ms, median {median} ms per transaction. {verdict}")
    return 0 if not violations else 1


if __name__ == "__main__":
    sys.exit(main())
