"""Stress: signups racing through a faulty network, audits and browsing under injected faults,
and the parser fuzzing at full example counts. Run on demand, never as a test.

Checks, one summary line each:

- load held: rounds of 50 concurrent signups for one email (the race of
  ``benchmarks/concurrent_signups.py``) on DynamoDB Local, AWS's own engine, nothing
  serialised at the endpoint, sent through the fault proxy (``tests/fault_proxy.py``)
  that drops, cuts or fails a share of the TransactWriteItems answers and answers
  another share with DynamoDB's TransactionConflict cancellation (which DynamoDB Local
  never sends itself). Each round must end with exactly one account and one email lock,
  one winner reported (succeeded, or applied after settling a lost answer), every other
  signup told the email is taken or, after a conflict, told to try again (never "taken");
  those try again, as told, until they are told the email is taken; no stray username lock.
- faults survived: audits and full-table browses through the proxy with faults on a
  share of the Scans. Every completed audit must find exactly what a clean audit finds;
  an audit stopped by a fault must name its incomplete segments; every browse must
  show every row once.
- bad inputs tried: the hypothesis properties in ``tests/property`` at
  ``DYNOVIEW_FUZZ_EXAMPLES`` (10,000 by default) examples each, none may fail.
- data lost: the sum of rows missing or doubled, wrong findings, lost or phantom
  signups over all checks; must be 0.

Writes benchmarks/results/stress.json and exits 1 on any loss or failed check (or when
DynamoDB Local cannot run here).

Run: .venv/bin/python benchmarks/stress.py [--rounds 5] [--audits 20] [--fuzz-examples 10000]
"""

from __future__ import annotations

import argparse
import os
import random
import re
import subprocess
import sys
import threading
import time
import uuid
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks._common import write_result  # noqa: E402 - isolates AWS config on import
from benchmarks.concurrent_signups import (  # noqa: E402
    conflict_answer,
    connect,
    dynamodb_local,
    told_taken,
    told_try_again,
)
from dynoview.core.audit.run import AuditIncompleteError, run_audit  # noqa: E402
from dynoview.core.reads.reader import Reader  # noqa: E402
from dynoview.core.session.connection import Connection  # noqa: E402
from dynoview.core.session.tables import describe_table  # noqa: E402
from dynoview.core.tx.execution import execute_transaction  # noqa: E402
from dynoview.core.tx.outcomes import (  # noqa: E402
    APPLIED,
    CANCELLED,
    NOT_APPLIED,
    SUCCEEDED,
    ExecutionResult,
)
from dynoview.core.tx.templates import sign_up  # noqa: E402
from dynoview.core.uniqueness.schema import article_schema, default_schema  # noqa: E402
from dynoview.demo import dynamodb_local as ddbl  # noqa: E402
from dynoview.demo.backend import create_accounts_table, seed_accounts  # noqa: E402
from tests import fault_proxy as fp  # noqa: E402
from tests.fault_proxy import FaultProxy  # noqa: E402

TX = "TransactWriteItems"
TX_FAULTS = (fp.DROP_BEFORE, fp.DROP_AFTER, fp.CUT, fp.HTTP_500, fp.RESPOND)  # RESPOND: a conflict
RETRIES_AFTER_CONFLICT = 5
SCAN_FAULTS = (fp.DROP_BEFORE, fp.DROP_AFTER, fp.CUT, fp.HTTP_500, fp.THROTTLE)


def program_faults(proxy: FaultProxy, operation: str, kinds: tuple[str, ...], rate: float,
                   rng: random.Random, lock: threading.Lock) -> list[fp.Rule]:
    """One rule per kind, each hitting about rate/len(kinds) of the operation's requests."""
    share = rate / len(kinds)

    def roll(_info: fp.RequestInfo) -> bool:
        with lock:
            return rng.random() < share
    body, headers = conflict_answer(3)  # RESPOND: DynamoDB's TransactionConflict on a signup's email lock
    return [proxy.add(kind, operation=operation, times=None, predicate=roll,
                      **({"status": 400, "body": body, "headers": headers} if kind == fp.RESPOND else {}))
            for kind in kinds]


def scan_all(conn: Connection, table: str) -> list[dict[str, Any]]:
    items: list[dict[str, Any]] = []
    for page in Reader(conn).cursor("Scan", {"TableName": table, "ConsistentRead": True, "Limit": 500}):
        items.extend(page.items)
    return items


# ------------------------------------------------------------------ signups racing


def race_round(direct: Connection, faulty: Connection, signups: int, index: int) -> dict[str, Any]:
    table = f"race-{index}-{uuid.uuid4().hex[:6]}"
    email = f"race{index}@example.com"
    create_accounts_table(direct, table)
    barrier = threading.Barrier(signups)

    first_tx: dict[int, Any] = {}  # id(result) -> its transaction, for trying again

    def signup(n: int) -> tuple[ExecutionResult, float]:
        item = {"PK": {"S": f"ACCT#r{index}n{n:03d}"}, "SK": {"S": "PROFILE"}, "email": {"S": email},
                "username": {"S": f"racer{index}n{n:03d}"}}
        tx = sign_up(article_schema(), table, item)
        barrier.wait()
        started = time.perf_counter()
        result = execute_transaction(faulty, tx, confirmation=True, retry_delay=0.1)
        first_tx[id(result)] = tx
        return result, (time.perf_counter() - started) * 1000

    with ThreadPoolExecutor(max_workers=signups) as pool:
        outcomes = list(pool.map(signup, range(signups)))
    results = [r for r, _ in outcomes]
    # Told to try again after a conflict: they do, as a user would, faults still on.
    finals: list[ExecutionResult] = []
    for first in (r for r in results if told_try_again(r)):
        result, tries = first, 0
        while told_try_again(result) and tries < RETRIES_AFTER_CONFLICT:
            tries += 1
            result = execute_transaction(faulty, first_tx[id(first)], confirmation=True, retry_delay=0.1)
        finals.append(result)
    items = scan_all(direct, table)
    direct.client.delete_table(TableName=table)
    accounts = [i for i in items if i["PK"]["S"].startswith("ACCT#")]
    email_locks = [i for i in items if i["PK"]["S"] == f"UNIQ#EMAIL#{email}"]
    handle_locks = {i["PK"]["S"].removeprefix("UNIQ#HANDLE#") for i in items
                    if i["PK"]["S"].startswith("UNIQ#HANDLE#")}
    winners = [r for r in results if r.status in (SUCCEEDED, APPLIED)]
    taken = [r for r in results if told_taken(r, email)]
    # Every answer of every round lost: the reads proved nothing was written. Honest, if rare.
    taken += [r for r in results if r.status == NOT_APPLIED and r.verified_by_reads]
    try_again = [r for r in results if told_try_again(r)]
    problems = []
    conflicts_called_taken = [r for r in results + finals if r.status == CANCELLED and "already taken" in
                              r.message and any(o.code == "TransactionConflict" for o in r.actions)]
    if conflicts_called_taken:
        problems.append(f"{len(conflicts_called_taken)} TransactionConflict cancellations reported as taken")
    finally_taken = sum(1 for r in finals if told_taken(r, email)
                        or (r.status == NOT_APPLIED and r.verified_by_reads))
    if finally_taken != len(finals):
        problems.append(f"{len(finals) - finally_taken} of {len(finals)} who tried again after a conflict "
                        f"were not told the email is taken: {sorted({r.message[:80] for r in finals})}")
    if len(accounts) != 1 or len(email_locks) != 1:
        problems.append(f"{len(accounts)} account(s) and {len(email_locks)} email lock(s), expected 1 and 1")
    if len(winners) != 1:
        problems.append(f"{len(winners)} signups reported written, expected 1")
    if len(taken) + len(try_again) != signups - 1:
        others = sorted({f"{r.status}: {r.message[:80]}" for r in results
                         if r not in winners and r not in taken and r not in try_again})
        problems.append(f"{len(taken)} told 'email taken' and {len(try_again)} 'try again', expected "
                        f"{signups - 1} in all: {others}")
    usernames = {a["username"]["S"] for a in accounts}
    if handle_locks != usernames:
        problems.append(f"username locks {sorted(handle_locks)} do not match accounts {sorted(usernames)}")
    # Lost: a reported winner whose account is missing; phantom: an account no result admits.
    lost = sum(1 for r in winners if not accounts) + abs(len(accounts) - len(winners)) \
        + abs(len(handle_locks) - len(usernames)) + max(0, len(email_locks) - 1)
    return {"table": table, "winners": len(winners), "applied_after_lost_answer": sum(
        1 for r in winners if r.status == APPLIED), "taken": len(taken), "try_again": len(try_again),
        "taken_after_trying_again": finally_taken, "problems": problems,
        "lost": lost, "latencies": [ms for _, ms in outcomes],
        "attempts": sum(r.attempts for r in results)}


def check_load(direct: Connection, faulty: Connection, proxy: FaultProxy, rounds: int, signups: int,
               rate: float, rng: random.Random) -> dict[str, Any]:
    rules = program_faults(proxy, TX, TX_FAULTS, rate, rng, threading.Lock())
    per_round = [race_round(direct, faulty, signups, i) for i in range(rounds)]
    for rule in rules:
        proxy.remove(rule)
    latencies = sorted(ms for r in per_round for ms in r["latencies"])
    faults = {"transaction_conflict" if rule.kind == fp.RESPOND else rule.kind: rule.applied
              for rule in rules}
    problems = [p for r in per_round for p in r["problems"]]
    lost = sum(r["lost"] for r in per_round)
    winners = sum(r["winners"] for r in per_round)
    settled = sum(r["applied_after_lost_answer"] for r in per_round)
    p50, p95 = latencies[len(latencies) // 2], latencies[int(len(latencies) * .95)]
    summary = (f"load held: {rounds} rounds x {signups} concurrent signups of one email through "
               f"{sum(faults.values())} injected TransactWriteItems faults "
               f"({', '.join(f'{k} {v}' for k, v in faults.items())}): {winners} winners ({settled} "
               f"settled after a lost answer), {sum(r['taken'] for r in per_round)} told 'email taken' "
               f"or proven unwritten, {sum(r['try_again'] for r in per_round)} told 'try again' after a "
               f"TransactionConflict (then {sum(r['taken_after_trying_again'] for r in per_round)} told "
               "'taken' on trying again); "
               f"p50 {p50:.0f} ms, p95 {p95:.0f} ms; "
               + ("OK" if not problems and not lost else "FAILED: " + "; ".join(problems)))
    return {"summary": summary, "ok": not problems and not lost, "lost": lost, "faults": faults,
            "rounds": [{k: v for k, v in r.items() if k != "latencies"} for r in per_round]}


# ------------------------------------------------------------------ audits and browsing


def findings_of(result: Any) -> list[tuple[Any, ...]]:
    return sorted((f.status, f.rule or "", f.value or "", f.account_ids) for f in result.findings)


def check_faults(direct: Connection, faulty: Connection, proxy: FaultProxy, audits: int, browses: int,
                 rate: float, rng: random.Random) -> dict[str, Any]:
    table = f"stress-audit-{uuid.uuid4().hex[:6]}"
    create_accounts_table(direct, table)
    seed_accounts(direct, table)
    info = describe_table(direct, table)
    schema = default_schema(info)
    baseline = run_audit(Reader(direct), info, schema, segments=4, page_limit=4)
    expected_rows = [(i["PK"]["S"], i["SK"]["S"]) for i in scan_all(direct, table)]
    rules = program_faults(proxy, "Scan", SCAN_FAULTS, rate, rng, threading.Lock())
    completed = incomplete = wrong = 0
    incomplete_named: list[tuple[int, ...]] = []
    for _ in range(audits):
        try:
            result = run_audit(Reader(faulty), info, schema, segments=4, page_limit=4)
        except AuditIncompleteError as exc:
            incomplete += 1
            incomplete_named.append(exc.incomplete)
            if not exc.incomplete or "not read to the end" not in exc.message:
                wrong += 1
            continue
        completed += 1
        if findings_of(result) != findings_of(baseline) or result.items_read != baseline.items_read:
            wrong += 1
    browse_lost = browse_errors = 0
    for _ in range(browses):
        cursor = Reader(faulty).cursor("Scan", {"TableName": table, "Limit": 3})
        rows: list[tuple[str, str]] = []
        while not cursor.exhausted:
            try:
                rows += [(i["PK"]["S"], i["SK"]["S"]) for i in cursor.next_page().items]
            except Exception:  # a page failed every attempt: the user retries the same cursor
                browse_errors += 1
        if rows != expected_rows:
            browse_lost += len(set(expected_rows) ^ set(rows)) + (len(rows) - len(set(rows)))
    for rule in rules:
        proxy.remove(rule)
    direct.client.delete_table(TableName=table)
    faults = {rule.kind: rule.applied for rule in rules}
    lost = wrong + browse_lost
    summary = (f"faults survived: {sum(faults.values())} injected Scan faults "
               f"({', '.join(f'{k} {v}' for k, v in faults.items())}) over {audits} audits and {browses} "
               f"browses: {completed} audits identical to a clean run, {incomplete} stopped naming their "
               f"incomplete segments, {browses} browses complete with every row once "
               f"({browse_errors} pages retried by the user); " + ("OK" if not lost else f"FAILED ({lost})"))
    return {"summary": summary, "ok": not lost, "lost": lost, "faults": faults, "completed": completed,
            "incomplete": incomplete, "incomplete_segments": incomplete_named, "browse_errors": browse_errors}


# ------------------------------------------------------------------ fuzzing


def check_fuzz(examples: int) -> dict[str, Any]:
    env = {**os.environ, "DYNOVIEW_FUZZ_EXAMPLES": str(examples), "QT_QPA_PLATFORM": "offscreen"}
    started = time.perf_counter()
    run = subprocess.run([sys.executable, "-m", "pytest", "-q", "tests/property", "-p", "no:cacheprovider",
                          "--hypothesis-show-statistics", "-o", "timeout=0"],
                         cwd=ROOT, env=env, capture_output=True, text=True)
    # "- 10000 passing, 0 failing, and 31 invalid test cases" per phase and property.
    passing = sum(int(n) for n in re.findall(r"(\d+) passing, ", run.stdout))
    invalid = sum(int(n) for n in re.findall(r"(\d+) invalid test cases", run.stdout))
    passed = re.search(r"(\d+) passed", run.stdout)
    failed = re.search(r"(\d+) failed", run.stdout)
    properties = int(passed.group(1)) if passed else 0
    failures = int(failed.group(1)) if failed else (0 if run.returncode == 0 else 1)
    summary = (f"bad inputs tried: {passing:,} examples across {properties} parser properties "
               f"({examples:,} per property asked; {invalid:,} more rejected by the strategies), "
               f"{failures} unhandled; {time.perf_counter() - started:.0f} s; "
               + ("OK" if failures == 0 and run.returncode == 0 else "FAILED"))
    out = {"summary": summary, "ok": failures == 0 and run.returncode == 0, "examples": passing,
           "properties": properties, "failures": failures}
    if not out["ok"]:
        out["output"] = run.stdout[-4000:] + run.stderr[-2000:]
    return out


# ------------------------------------------------------------------ main


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5, help="rounds of concurrent signups")
    parser.add_argument("--signups", type=int, default=50, help="concurrent signups per round")
    parser.add_argument("--tx-fault-rate", type=float, default=0.2,
                        help="share of TransactWriteItems answers dropped, cut or failed")
    parser.add_argument("--audits", type=int, default=20)
    parser.add_argument("--browses", type=int, default=20)
    parser.add_argument("--scan-fault-rate", type=float, default=0.15)
    parser.add_argument("--fuzz-examples", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=None)
    args = parser.parse_args(argv)
    seed = args.seed if args.seed is not None else random.randrange(1 << 30)
    rng = random.Random(seed)

    checks: dict[str, Any] = {}
    try:
        # AWS's own engine: atomic under concurrent transactions, so nothing is serialised.
        with dynamodb_local() as url, FaultProxy(url, max_connections=args.signups + 14) as proxy:
            direct, faulty = connect(url), connect(proxy.url)
            checks["load"] = check_load(direct, faulty, proxy, args.rounds, args.signups,
                                        args.tx_fault_rate, rng)
            print(checks["load"]["summary"], flush=True)
            checks["faults"] = check_faults(direct, faulty, proxy, args.audits, args.browses,
                                            args.scan_fault_rate, rng)
            print(checks["faults"]["summary"], flush=True)
    except ddbl.DynamoDBLocalUnavailable as exc:
        print(f"stress: not run, the signup race needs DynamoDB Local: {exc.message}")
        return 1
    checks["fuzz"] = check_fuzz(args.fuzz_examples)
    print(checks["fuzz"]["summary"], flush=True)
    lost = checks["load"]["lost"] + checks["faults"]["lost"]
    ok = lost == 0 and all(c["ok"] for c in checks.values())
    verdicts = ", ".join(f"{name} {'ok' if c['ok'] else 'FAILED'}" for name, c in checks.items())
    summary = (f"stress: data lost = {lost} (goal 0); {verdicts} (goal: every check ok): "
               + ("ok" if ok else "GOAL MISSED (see the lines above)"))
    write_result("stress", {"seed": seed, "args": vars(args), "checks": checks, "data_lost": lost,
                            "ok": ok}, summary)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
