"""The watch: write → printed finding latency, records processed per second, and memory.

Three measures, each in its own processes:

- latency: DynamoDB Local (AWS's engine, in memory) with a fresh table and stream; the real
  ``dynoview watch --format json`` in its own process; a writer process sending ``--rate``
  writes per second for ``--seconds`` from several threads: 80% correct sign-ups (account and
  both locks in one TransactWriteItems), 10% correct email changes (new lock, old lock
  released, account updated), 10% sign-ups without their email lock. A write is one
  request (a sign-up writes three items); the writes must reach 90% of ``--rate``. Latency is from the
  moment DynamoDB acknowledged a broken write to the moment its MISSING_LOCK line was read
  from the watch's standard output (one clock: same machine). Every broken write must be
  reported, and nothing else. Goal: p95 <= 1 s.
- records/s: the table's stream, recorded from its trim horizon after the run (GetRecords
  pages as JSON), replayed through the watch's core in a fresh process: each record read as
  the watch's stream reader reads it (``watch_record``) and applied to an empty state (the
  classes it touches judged by the engine), a page at a time; the best of ``--repeat`` replays
  (the machine may be shared). Goal: >= 5,000 records/s, and the same findings as the live
  watch.
- memory: ``fake_scan_endpoint.py`` serving a 1M-item accounts table; one process runs the
  audit as ``dynoview audit`` does (``run_audit``, findings); another seeds the watch's state
  from the same audit (``seed_with_audit``) and holds it, as a watch does while it follows.
  Peak RSS of each process tree (sampled from outside, with getrusage's own and children's
  peaks), and what each holds when done (RSS after a collection: the audit with its result,
  the watch with its state, as for a NEW_AND_OLD_IMAGES stream; KEYS_ONLY, which keeps each
  account's record, is measured and reported too). Goals: the seeded watch holds no more
  than the audit; its peak (the seeding audit's) within 2% of the audit's.

Run: .venv/bin/python benchmarks/watch_latency.py [--rate 200] [--seconds 30] [--items 1000000]
Writes benchmarks/results/watch_latency.json, prints one summary line, exits 1 on a missed goal.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(ROOT))
os.environ["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))

from _common import (  # noqa: E402
    run_phase,
    rusage_peak_mb,
    start_fake_endpoint,
    tree_rss_mb,
    write_result,
)

# DynamoDB Local refuses access key ids with anything but letters and digits.
os.environ["AWS_ACCESS_KEY_ID"] = "benchfakekey"

GOAL_P95_S = 1.0
GOAL_RECORDS_PER_S = 5_000
KEYS = {"aws_access_key_id": "benchfakekey", "aws_secret_access_key": os.environ["AWS_SECRET_ACCESS_KEY"]}
#: The writes must reach this share of ``--rate`` for the latency to count as measured at it.
RATE_SHARE = 0.9
#: The watch's seeding is an audit: its peak is the audit's, within the 10 ms sampling's noise.
PEAK_TOLERANCE = 1.02
BROKEN_EVERY = 10  # one write in ten is a sign-up without its email lock
CHANGE_AT = 5  # and one in ten an email change (position 5 of each ten)


def percentile(values: list[float], pct: float) -> float | None:
    if not values:
        return None
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(pct / 100 * (len(ordered) - 1)))]


def _child(phase: str, *args: str) -> dict[str, Any]:
    """One phase in a fresh interpreter, its process tree's RSS sampled meanwhile."""
    return run_phase(__file__, phase, args)


# --------------------------------------------------------------------------- memory


def _fake_reader(url: str) -> Any:
    from dynoview.core.reads.reader import Reader
    from dynoview.core.session.connection import Connection, ConnectionSpec

    spec = ConnectionSpec(name="bench", endpoint_url=url, region="us-east-1", read_only=True)
    return Reader(Connection(spec, credentials=KEYS))


def _fake_table(items: int) -> Any:
    from fake_scan_endpoint import TABLE

    from dynoview.core.session.tables import KeyAttribute, TableInfo

    size_bytes = items * 330  # about what DescribeTable reports for these items
    return TableInfo(TABLE, KeyAttribute("PK", "S"), KeyAttribute("SK", "S"), ttl_attribute="expiresAt",
                     ttl_status="ENABLED", item_count=items, size_bytes=size_bytes)


def phase_audit(url: str, items: int) -> dict[str, Any]:
    """The audit as ``dynoview audit`` runs it: the scan, then its findings."""
    from dynoview.core.audit.run import run_audit
    from dynoview.core.uniqueness.schema import article_schema

    started = time.perf_counter()
    result = run_audit(_fake_reader(url), _fake_table(items), article_schema())
    seconds = time.perf_counter() - started
    gc.collect()
    held = tree_rss_mb(os.getpid())  # with its result, as `dynoview audit` prints it
    return {"items": result.items_read, "findings": len(result.findings), "seconds": seconds,
            "workers": result.workers, "rss_mb_done": round(held, 1),
            "peak_rss_mb_rusage": rusage_peak_mb()}


def phase_seed(url: str, items: int, records: bool) -> dict[str, Any]:
    """The watch seeded from the same audit, holding its state as it does while following:
    ``records`` as for a KEYS_ONLY stream (each account's packed record kept), else as for a
    NEW_AND_OLD_IMAGES one."""
    from dynoview.core.uniqueness.schema import article_schema
    from dynoview.core.watch.seed import seed_with_audit

    started = time.perf_counter()
    state, seed = seed_with_audit(_fake_reader(url), _fake_table(items), article_schema(),
                                  records=records)
    seconds = time.perf_counter() - started
    gc.collect()
    held = tree_rss_mb(os.getpid())
    return {"items": seed.items_read, "findings": len(state.all_findings()), "seconds": seconds,
            "account_records": len(state.accounts) if state.accounts is not None else 0,
            "rss_mb_seeded": round(held, 1), "peak_rss_mb_rusage": rusage_peak_mb()}


def measure_memory(items: int) -> dict[str, Any]:
    server, url, _ready = start_fake_endpoint(items, 4)
    try:
        audit = _child("audit", url, str(items))
        seeded = _child("seed", url, str(items), "images")
        with_records = _child("seed", url, str(items), "records")
    finally:
        server.terminate()
        server.wait(timeout=10)
    return {"items": items, "audit": audit,
            "watch_new_and_old_images": seeded, "watch_keys_only": with_records,
            "ratio_held": seeded["rss_mb_seeded"] / audit["rss_mb_done"],
            "ratio_held_keys_only": with_records["rss_mb_seeded"] / audit["rss_mb_done"],
            "ratio_peak": seeded["peak_rss_mb"] / audit["peak_rss_mb"],
            "ratio_peak_keys_only": with_records["peak_rss_mb"] / audit["peak_rss_mb"],
            "same_findings": audit["findings"] == seeded["findings"] == with_records["findings"]}


# --------------------------------------------------------------------------- latency


def _s(text: str) -> dict[str, str]:
    return {"S": text}


def _signup(table: str, n: int, *, email_lock: bool = True) -> list[dict[str, Any]]:
    email, handle = f"user{n}@x.io", f"user{n}"
    items = [{"PK": _s(f"ACCT#{n}"), "SK": _s("PROFILE"), "email": _s(email), "username": _s(handle)},
             {"PK": _s(f"UNIQ#HANDLE#{handle}"), "SK": _s("LOCK")}]
    if email_lock:
        items.append({"PK": _s(f"UNIQ#EMAIL#{email}"), "SK": _s("LOCK")})
    return [{"Put": {"TableName": table, "Item": item, "ConditionExpression": "attribute_not_exists(PK)"}}
            for item in items]


def _change(table: str, n: int) -> list[dict[str, Any]]:
    """The article's email change of account ``n``: new lock, old lock released, account."""
    old, new = f"user{n}@x.io", f"user{n}.new@x.io"
    return [
        {"Put": {"TableName": table, "Item": {"PK": _s(f"UNIQ#EMAIL#{new}"), "SK": _s("LOCK")},
                 "ConditionExpression": "attribute_not_exists(PK)"}},
        {"Delete": {"TableName": table, "Key": {"PK": _s(f"UNIQ#EMAIL#{old}"), "SK": _s("LOCK")},
                    "ConditionExpression": "attribute_exists(PK)"}},
        {"Update": {"TableName": table, "Key": {"PK": _s(f"ACCT#{n}"), "SK": _s("PROFILE")},
                    "UpdateExpression": "SET email = :new", "ConditionExpression": "email = :old",
                    "ExpressionAttributeValues": {":new": _s(new), ":old": _s(old)}}},
    ]


def writer_main(url: str, table: str, rate: float, seconds: float, threads: int) -> None:
    """Paced transactions from several threads; prints one JSON line: what it did, and when
    DynamoDB acknowledged each broken sign-up (epoch seconds)."""
    import boto3

    total = int(rate * seconds)
    sys.stdin.readline()  # started ahead of time; go on this line
    lock = threading.Lock()
    broken: dict[str, float] = {}
    done: dict[str, int] = {"signups": 0, "changes": 0, "errors": 0}
    codes: dict[str, int] = {}
    t0 = time.perf_counter() + 0.2

    def run(worker: int) -> None:
        client = boto3.client("dynamodb", endpoint_url=url, region_name="us-east-1", **KEYS)
        for i in range(worker, total, threads):
            delay = t0 + i / rate - time.perf_counter()
            if delay > 0:
                time.sleep(delay)
            slot = i % BROKEN_EVERY
            try:
                if slot == BROKEN_EVERY - 1:
                    client.transact_write_items(TransactItems=_signup(table, i, email_lock=False))
                    with lock:
                        broken[f"user{i}@x.io"] = time.time()
                elif slot == CHANGE_AT and i >= 3 * BROKEN_EVERY:
                    # A correct sign-up two decades before (position 4, ~100 ms earlier).
                    client.transact_write_items(TransactItems=_change(table, i - 2 * BROKEN_EVERY - 1))
                    with lock:
                        done["changes"] += 1
                else:
                    client.transact_write_items(TransactItems=_signup(table, i))
                    with lock:
                        done["signups"] += 1
            except Exception as exc:  # counted by kind: a change may find its sign-up not yet written
                code = getattr(exc, "response", {}).get("Error", {}).get("Code") or type(exc).__name__
                with lock:
                    done["errors"] += 1
                    codes[f"{'change' if slot == CHANGE_AT else 'signup'}: {code}"] = codes.get(
                        f"{'change' if slot == CHANGE_AT else 'signup'}: {code}", 0) + 1

    workers = [threading.Thread(target=run, args=(w,)) for w in range(threads)]
    for w in workers:
        w.start()
    for w in workers:
        w.join()
    elapsed = time.perf_counter() - t0
    writes = done["signups"] + done["changes"] + len(broken)
    print(json.dumps({**done, "error_codes": codes, "broken": broken, "writes": writes, "elapsed_s": elapsed,
                      "achieved_rate": writes / elapsed}), flush=True)


class WatchProcess:
    """``dynoview watch --format json`` in its own process; each stdout line timestamped."""

    def __init__(self, url: str, table: str, duration: float) -> None:
        code = "import sys; from dynoview.cli import main; sys.exit(main(sys.argv[1:]))"
        self.proc = subprocess.Popen(
            [sys.executable, "-c", code, "watch", "--table", table, "--endpoint-url", url,
             "--format", "json", "--duration", str(duration)],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT)
        self.lines: list[tuple[float, dict[str, Any]]] = []
        self.err: list[str] = []
        self.ready = threading.Event()
        threading.Thread(target=self._read, daemon=True).start()
        threading.Thread(target=self._read_err, daemon=True).start()

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            arrived = time.time()
            data = json.loads(line)
            self.lines.append((arrived, data))
            if data.get("type") == "watching":
                self.ready.set()

    def _read_err(self) -> None:
        assert self.proc.stderr is not None
        for line in self.proc.stderr:
            self.err.append(line.rstrip("\n"))

    def findings(self) -> list[tuple[float, dict[str, Any]]]:
        return [(t, d) for t, d in list(self.lines) if d.get("type") == "finding"]

    def stop(self) -> int:
        if self.proc.poll() is None:
            self.proc.send_signal(2)  # SIGINT: ends with a summary
        try:
            return self.proc.wait(timeout=60)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            return -9


def _create_table(client: Any) -> str:
    name = f"bench-watch-{uuid.uuid4().hex[:8]}"
    client.create_table(
        TableName=name, BillingMode="PAY_PER_REQUEST",
        AttributeDefinitions=[{"AttributeName": "PK", "AttributeType": "S"},
                              {"AttributeName": "SK", "AttributeType": "S"}],
        KeySchema=[{"AttributeName": "PK", "KeyType": "HASH"}, {"AttributeName": "SK", "KeyType": "RANGE"}],
        StreamSpecification={"StreamEnabled": True, "StreamViewType": "NEW_AND_OLD_IMAGES"})
    return name


def record_stream(url: str, table: str, path: Path) -> int:
    """The table's whole stream, as GetRecords pages parsed the way the watch parses them."""
    import boto3

    from dynoview.core.streams.client import prepare_streams_client

    client = boto3.client("dynamodb", endpoint_url=url, region_name="us-east-1", **KEYS)
    streams = prepare_streams_client(boto3.client("dynamodbstreams", endpoint_url=url,
                                                  region_name="us-east-1", **KEYS))
    arn = client.describe_table(TableName=table)["Table"]["LatestStreamArn"]
    pages: list[list[dict[str, Any]]] = []
    for shard in streams.describe_stream(StreamArn=arn)["StreamDescription"]["Shards"]:
        iterator = streams.get_shard_iterator(StreamArn=arn, ShardId=shard["ShardId"],
                                              ShardIteratorType="TRIM_HORIZON")["ShardIterator"]
        empty = 0
        while iterator and empty < 2:
            page = streams.get_records(ShardIterator=iterator, Limit=1000)
            records = page.get("Records", [])
            empty = 0 if records else empty + 1
            if records:
                pages.append(records)
            iterator = page.get("NextShardIterator")
    path.write_text(json.dumps({"key_names": ["PK", "SK"], "pages": pages}))
    return sum(len(p) for p in pages)


def phase_replay(path: str, repeat: int) -> dict[str, Any]:
    """The recorded stream through the watch's core: each record read as the watch's stream
    reader reads it (``watch_record``) and applied, a page at a time."""
    from dynoview.core.uniqueness.schema import article_schema
    from dynoview.core.watch.events import APPEARED
    from dynoview.core.watch.follow import watch_record
    from dynoview.core.watch.state import Update, WatchState

    recording = json.loads(Path(path).read_text())
    pages, key_names = recording["pages"], tuple(recording["key_names"])
    records = sum(len(p) for p in pages)
    runs: list[float] = []
    parse_only: list[float] = []
    appeared: list[str] = []
    for _ in range(repeat):
        gc.collect()
        state = WatchState(article_schema(), None, records=False)
        appeared = []
        started = time.perf_counter()
        for page in pages:
            events = [watch_record(r, "shard", key_names=key_names, table="t") for r in page]
            changes, _ = state.apply([Update(e, e.new_image) for e in events])
            appeared += [c.finding.value or "" for c in changes if c.kind == APPEARED]
        runs.append(time.perf_counter() - started)
        started = time.perf_counter()
        for page in pages:
            [watch_record(r, "shard", key_names=key_names, table="t") for r in page]
        parse_only.append(time.perf_counter() - started)
    best = min(runs)
    return {"records": records, "pages": len(pages), "seconds_all_runs": [round(r, 3) for r in runs],
            "records_per_s": records / best,
            "records_per_s_without_parsing": records / max(1e-9, best - min(parse_only)),
            "findings_at_end": sorted(f.value or "" for f in state.all_findings()),
            "appeared": len(appeared)}


def _latency_problems(latency: dict[str, Any], replay: dict[str, Any]) -> list[str]:
    problems = []
    achieved = latency["writer"]["achieved_rate"]
    if achieved < RATE_SHARE * latency["rate_target"]:
        problems.append(f"the writer reached {achieved:.0f} writes/s of the {latency['rate_target']:g} "
                        "asked: latency was not measured at the target rate")
    p95 = latency["latency_s_p95"]
    if p95 is None or p95 > GOAL_P95_S:
        problems.append(f"latency p95 {p95 if p95 is None else round(p95, 2)} s (goal <= {GOAL_P95_S:g})")
    if latency["missed"] or latency["unexpected_findings"]:
        problems.append(f"{len(latency['missed'])} broken write(s) not reported, "
                        f"{latency['unexpected_findings']} unexpected finding(s)")
    if replay["records_per_s"] < GOAL_RECORDS_PER_S:
        problems.append(f"{replay['records_per_s']:.0f} records/s (goal >= {GOAL_RECORDS_PER_S:,})")
    if replay["findings_at_end"] != latency["broken_values"]:
        problems.append("the replayed stream's findings are not the broken writes")
    return problems


def measure_latency(rate: float, seconds: float, drain: float, threads: int) -> dict[str, Any]:
    import boto3

    from dynoview.demo import dynamodb_local as ddbl

    reason = ddbl.unavailable_reason()
    if reason:
        raise SystemExit(f"watch_latency needs DynamoDB Local: {reason}")
    server = ddbl.start(ddbl.install())
    try:
        client = boto3.client("dynamodb", endpoint_url=server.url, region_name="us-east-1", **KEYS)
        table = _create_table(client)
        watch = WatchProcess(server.url, table, seconds + drain + 120)
        writer = subprocess.Popen([sys.executable, __file__, "--writer", server.url, table, str(rate),
                                   str(seconds), str(threads)],
                                  stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        if not watch.ready.wait(120):
            writer.kill()
            raise SystemExit("the watch did not start: " + "\n".join(watch.err[-5:]))
        assert writer.stdin is not None and writer.stdout is not None
        writer.stdin.write("go\n")
        writer.stdin.flush()
        out = writer.stdout.read()
        writer.wait()
        written = json.loads(out.strip().splitlines()[-1])
        broken: dict[str, float] = written.pop("broken")
        deadline = time.monotonic() + drain
        while time.monotonic() < deadline:
            seen = {d["value"] for _, d in watch.findings() if d["change"] == "appeared"}
            if set(broken) <= seen:
                break
            time.sleep(0.1)
        time.sleep(1.0)  # anything else it would print (nothing is expected)
        code = watch.stop()
        findings = watch.findings()
        summary = next((d for _, d in watch.lines if d.get("type") == "summary"), {})
        first_line = {d["value"]: t for t, d in findings
                      if d["change"] == "appeared" and d["status"] == "MISSING_LOCK"}
        latencies = [first_line[v] - broken[v] for v in broken if v in first_line]
        unexpected = [d for _, d in findings
                      if not (d["change"] == "appeared" and d["status"] == "MISSING_LOCK"
                              and d["value"] in broken)]
        recording = Path(tempfile.mkdtemp(prefix="dynoview-watch-bench-")) / "stream.json"
        recorded = record_stream(server.url, table, recording)
    finally:
        server.stop()
    return {
        "engine": "DynamoDB Local (in memory), same machine",
        "rate_target": rate, "seconds": seconds, "writer_threads": threads, "writer": written,
        "broken_writes": len(broken), "reported": len(latencies), "broken_values": sorted(broken),
        "missed": sorted(set(broken) - set(first_line))[:20],
        "unexpected_findings": len(unexpected), "unexpected_examples": unexpected[:3],
        "latency_s_p50": percentile(latencies, 50), "latency_s_p95": percentile(latencies, 95),
        "latency_s_max": max(latencies) if latencies else None,
        "watch_exit": code, "watch_summary": summary, "watch_stderr_tail": watch.err[-5:],
        "recorded_records": recorded, "recording": str(recording),
        "load_average_1min": os.getloadavg()[0], "cpu_count": os.cpu_count(),
    }


# --------------------------------------------------------------------------- main

RESULTS_DIR = HERE / "results"


def main() -> int:
    if len(sys.argv) > 1 and sys.argv[1] == "--writer":
        url, table, rate, seconds, threads = sys.argv[2:7]
        writer_main(url, table, float(rate), float(seconds), int(threads))
        return 0
    if len(sys.argv) > 2 and sys.argv[1] == "--phase":
        phase, given = sys.argv[2], sys.argv[3:]
        if phase == "audit":
            data = phase_audit(given[0], int(given[1]))
        elif phase == "seed":
            data = phase_seed(given[0], int(given[1]), given[2] == "records")
        elif phase == "replay":
            data = phase_replay(given[0], int(given[1]))
        else:
            raise SystemExit(f"unknown phase {phase}")
        print(json.dumps(data), flush=True)
        return 0
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rate", type=float, default=200.0, help="writes per second (default 200)")
    parser.add_argument("--seconds", type=float, default=30.0, help="how long to write (default 30)")
    parser.add_argument("--drain", type=float, default=15.0, help="seconds to wait for the last findings")
    parser.add_argument("--writer-threads", type=int, default=24,
                        help="threads sending the writes (each waits for its answer)")
    parser.add_argument("--items", type=int, default=1_000_000, help="table size for the memory measure")
    parser.add_argument("--repeat", type=int, default=5, help="replays of the recorded stream (best kept)")
    parser.add_argument("--skip-memory", action="store_true")
    parser.add_argument("--skip-latency", action="store_true",
                        help="memory only (no DynamoDB Local run, so no recorded stream either)")
    args = parser.parse_args()
    RESULTS_DIR.mkdir(exist_ok=True)
    problems: list[str] = []
    latency = replay = None
    if not args.skip_latency:
        latency = measure_latency(args.rate, args.seconds, args.drain, args.writer_threads)
        try:
            replay = _child("replay", latency["recording"], str(args.repeat))
        finally:
            shutil.rmtree(Path(latency["recording"]).parent, ignore_errors=True)
        problems += _latency_problems(latency, replay)
        # Hundreds of values: checked above, counted in the results.
        replay["same_findings_as_live"] = replay.pop("findings_at_end") == latency.pop("broken_values")
    memory = None if args.skip_memory else measure_memory(args.items)
    if memory is not None and memory["ratio_held"] > 1.0:
        problems.append(f"memory: the seeded watch holds {memory['ratio_held']:.2f}x what the audit "
                        "holds when done (goal <= 1)")
    if memory is not None and memory["ratio_peak"] > PEAK_TOLERANCE:
        problems.append(f"memory: the watch's peak is {memory['ratio_peak']:.2f}x the audit's (its "
                        f"seeding is that audit: goal <= {PEAK_TOLERANCE:g}, sampling noise)")
    if memory is not None and not memory["same_findings"]:
        problems.append("memory: the seeded watch and the audit found different findings")
    mem_text = ""
    if memory is not None:
        lean, full = memory["watch_new_and_old_images"], memory["watch_keys_only"]
        audit = memory["audit"]
        mem_text = (f"; memory at {memory['items']:,} items: seeded watch holds "
                    f"{lean['rss_mb_seeded']:.0f} MB vs the audit's {audit['rss_mb_done']:.0f} MB when "
                    f"done (peaks {lean['peak_rss_mb']:.0f} vs {audit['peak_rss_mb']:.0f} MB; "
                    f"KEYS_ONLY: holds {full['rss_mb_seeded']:.0f} MB, peak {full['peak_rss_mb']:.0f} MB)")
    verdict = "ok" if not problems else "GOAL MISSED: " + "; ".join(problems)
    lat_text = "latency skipped"
    if latency is not None and replay is not None:
        lat_text = (
            f"{latency['writer']['achieved_rate']:.0f} writes/s on DynamoDB Local, "
            f"{latency['reported']}/{latency['broken_writes']} broken writes reported, write → printed "
            f"finding p50 {latency['latency_s_p50'] or 0:.2f} s, p95 {latency['latency_s_p95'] or 0:.2f} s "
            f"(goal <= 1 s); {replay['records_per_s']:,.0f} records/s from the recorded stream "
            f"({replay['records']:,} records; goal >= 5,000)")
    summary = (f"watch_latency: {lat_text}{mem_text}: {verdict} "
               f"(load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores)")
    write_result("watch_latency", {
        "goals": {"latency_p95_s": f"<= {GOAL_P95_S:g}", "records_per_s": f">= {GOAL_RECORDS_PER_S}",
                  "memory": "seeded watch (NEW_AND_OLD_IMAGES) holds <= the audit when done; "
                            f"peak <= {PEAK_TOLERANCE:g}x the audit's"},
        "latency": latency, "replay": replay, "memory": memory, "problems": problems}, summary)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
