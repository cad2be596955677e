"""`dynoview watch`: keep a table's uniqueness findings up to date from its stream, printing
each finding that appears, is resolved or changes, with the writes that did it.

Findings go to standard output (a few lines each, or one JSON object a line with
``--format json``: a ``watching`` object first, a ``summary`` object last); notices (the
seed, closed shards, lost records) go to standard error as sentences. Exit status: 0 when no
finding of the ``--fail-on`` kinds appeared, 1 when one did (at once, or with ``--until-idle``
once the table went quiet), 2 on error, 141 when standard output closed first. Ctrl+C (SIGINT)
and SIGTERM end it with a summary. A stream that ends is followed on its table's new stream;
with none, a watch given --fail-on, --duration or --until-idle waits for one, and ending first
is exit 2 (what was written meanwhile was not watched). A watch that ends while its reads of a
stream keep failing (each failed round said and retried) is exit 2 too, whatever its options:
it did not read what was written since the first of those rounds; the changes that stream was not
read past are said as unsettled, never shown as findings nor counted (``Watcher.unsettled``).
Documented in docs/cli-watch.md. A schema whose locks have a table of their own is watched on
both tables' streams (docs/locks-table.md).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from dynoview.cli.audit import add_schema_arguments, locks_table_info, resolve_schema
from dynoview.cli.common import (
    EXIT_READER_GONE,
    USER_ERRORS,
    add_connection_arguments,
    fail,
    open_connection,
    reader_gone,
    say,
    terminal_json,
    terminal_line,
    to_null,
    whole_number,
)
from dynoview.cli.interrupts import stop_signals
from dynoview.cli.stream import failed_call, seconds
from dynoview.core.audit.run import DEFAULT_SEGMENTS, MAX_SEGMENTS, AuditProgress
from dynoview.core.counts import count_text
from dynoview.core.reads.reader import Reader
from dynoview.core.session.tables import describe_table
from dynoview.core.uniqueness.findings import (
    BREAKING,
    CASE_CLASH,
    DUPLICATE_VALUE,
    EXPIRED,
    LABELS,
    LOOKALIKE_CLASH,
    MISSING_LOCK,
    ORPHAN_LOCK,
    PROBLEMS,
)
from dynoview.core.uniqueness.schema import SchemaError
from dynoview.core.watch.events import APPEARED, CHANGED, RESOLVED, WatchEvent
from dynoview.core.watch.seed import AUTO, SEED_MODES
from dynoview.core.watch.watcher import Watcher

#: --fail-on names, as a person says them.
KINDS = {"orphan": ORPHAN_LOCK, "missing": MISSING_LOCK, "duplicate": DUPLICATE_VALUE,
         "expired": EXPIRED, "case": CASE_CLASH, "lookalike": LOOKALIKE_CLASH}
GROUPS = {"breaking": BREAKING, "all": frozenset(PROBLEMS)}


def fail_on_kinds(text: str) -> frozenset[str]:
    """An argparse type: comma-separated kinds of finding (or ``breaking``, ``all``)."""
    out: set[str] = set()
    for name in filter(None, (p.strip().lower() for p in text.split(","))):
        if name in KINDS:
            out.add(KINDS[name])
        elif name in GROUPS:
            out |= GROUPS[name]
        else:
            known = ", ".join([*KINDS, *GROUPS])
            raise argparse.ArgumentTypeError(f"{name!r} is not a kind of finding; use {known} "
                                             "(comma-separated).")
    if not out:
        raise argparse.ArgumentTypeError("name at least one kind of finding, e.g. missing,orphan.")
    return frozenset(out)


def add_parser(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser(
        "watch", help="report broken uniqueness locks as the table's stream shows them written",
        description="Keep a table's uniqueness findings up to date from its DynamoDB stream and "
                    "print each finding that appears or is resolved, with the stream records that "
                    "caused it. Exit status 0 when no finding of the --fail-on kinds appeared, 1 "
                    "when one did, 2 on error or when what was written was not all watched (a "
                    "stream that ended, reads that kept failing up to the end).")
    add_connection_arguments(parser)
    add_schema_arguments(parser)
    parser.add_argument("--format", choices=("text", "json"), default="text",
                        help="text: a few lines per finding (default); json: one object a line")
    parser.add_argument("--fail-on", type=fail_on_kinds, default=frozenset(), metavar="KINDS",
                        help="exit 1 as soon as a finding of these kinds appears (comma-separated: "
                             f"{', '.join(KINDS)}; or breaking = orphan,missing,duplicate; or all)")
    parser.add_argument("--duration", type=seconds(), default=None, metavar="S",
                        help="stop after S seconds")
    parser.add_argument("--until-idle", type=seconds(), default=None, metavar="S",
                        help="stop once no record has arrived for S seconds (with --fail-on: exit 1 "
                             "then, not at the first finding)")
    parser.add_argument("--seed", choices=SEED_MODES, default=AUTO,
                        help="auto (default): replay the stream of a table created with it less than "
                             "24 hours ago, else audit the table first; audit; replay")
    parser.add_argument("--segments", type=whole_number(1, MAX_SEGMENTS), default=DEFAULT_SEGMENTS,
                        help=f"parallel Scan segments of a seeding audit, 1-{MAX_SEGMENTS} (default "
                             f"{DEFAULT_SEGMENTS})")


def worsens(event: WatchEvent, kinds: frozenset[str]) -> bool:
    """A finding of ``kinds`` appeared, or one grew (another account or lock joined it)."""
    if event.finding.status not in kinds:
        return False
    if event.kind == APPEARED:
        return True
    previous = event.change.previous
    if event.kind != CHANGED or previous is None:
        return False
    before = {*previous.account_ids, *(json.dumps(k, sort_keys=True) for k in previous.lock_keys)}
    after = {*event.finding.account_ids,
             *(json.dumps(k, sort_keys=True) for k in event.finding.lock_keys)}
    return not after <= before


@dataclass
class _Run:
    """What one watch did, for the exit status and the summary."""

    args: argparse.Namespace
    started: float = field(default_factory=time.monotonic)
    last_record: float = field(default_factory=time.monotonic)
    failed_by: WatchEvent | None = None
    ended: str = "stream ended"
    # A stream ended and its table had no new one yet: the watch waits for it (exit 2 if it ends
    # first, what was written meanwhile unwatched).
    waiting: bool = False
    # Per table, a stream whose reads kept failing up to the end (said, retried): since when, and
    # how many rounds. Exit 2 as for ``waiting``: what was written since was not watched.
    unread: dict[str, tuple[datetime, int]] = field(default_factory=dict)
    output_closed: bool = False  # standard output's reader went away (``| head -1``)

    def show(self, events: list[WatchEvent]) -> None:
        # Counted before they are printed: a reader that went away (``| head -1``) must not
        # turn a finding that appeared into exit 0.
        if self.failed_by is None:
            self.failed_by = next((e for e in events if worsens(e, self.args.fail_on)), None)
        for event in events:
            if self.args.format == "json":
                print(terminal_json(json.dumps(event.to_json(), ensure_ascii=False)), flush=True)
            else:
                print("\n".join(terminal_line(line) for line in event.text_lines()), flush=True)


def _counts_text(counts: Counter[str]) -> str:
    total = sum(counts.values())
    if not total:
        return "0"
    parts = ", ".join(_kind_text(s, n) for s, n in sorted(counts.items()))
    return f"{total} ({parts})"


def _kind_text(status: str, count: int) -> str:
    """``2 orphan locks``, ``1 case or normalisation clash``, ``3 expired``."""
    label = LABELS[status].lower()
    plural = label if label == "expired" else label + ("es" if label.endswith("sh") else "s")
    return count_text(count, label, plural)


def _tables_text(watcher: Watcher) -> str:
    locks = watcher.locks_table
    return watcher.table.name + (f" and its locks table {locks.name}" if locks is not None else "")


def summary(run: _Run, watcher: Watcher) -> dict[str, Any]:
    locks = {"locks_table": watcher.locks_table.name} if watcher.locks_table is not None else {}
    return {
        "type": "summary",
        "table": watcher.table.name,
        **locks,
        "seconds": round(time.monotonic() - run.started, 1),
        "records": watcher.records,
        "appeared": dict(watcher.counts(APPEARED)),
        "resolved": dict(watcher.counts(RESOLVED)),
        "changed": dict(watcher.counts(CHANGED)),
        "findings_now": watcher.current_findings,
        "findings_at_start": dict(watcher.findings_at_start),
        "fail_on": sorted(run.args.fail_on),
        "failed": run.failed_by is not None,
        "ended": run.ended,
        "unwatched_since": _unwatched(watcher),
        "unread_since": {name: _iso(since) for name, (since, _) in run.unread.items()},
        "failed_rounds": {name: rounds for name, (_, rounds) in run.unread.items()},
        "unsettled": [held.to_json({n: w for n, (w, _) in run.unread.items()})
                      for held in watcher.unsettled],
    }


def _iso(when: datetime) -> str:
    return when.isoformat(timespec="seconds").replace("+00:00", "Z")


def _table_of(watcher: Watcher, n: int) -> str:
    """The table of stream ``n`` (0: the watched table's, 1: its locks table's)."""
    return watcher.locks_table.name if n and watcher.locks_table else watcher.table.name


def _unwatched(watcher: Watcher) -> dict[str, str]:
    """The tables whose stream ended, with no new one followed, and when that was found."""
    return {_table_of(watcher, n): _iso(when) for n, when in sorted(watcher.ended.items())}


def _take_stock(run: _Run, watcher: Watcher) -> None:
    """What the watch did not read, as it ends (exit 2): a stream that ended with no new one
    followed (asked for a verdict or a time), a stream whose last rounds all failed. From the
    watcher itself, so a Ctrl+C between a step and ``_new_streams`` counts them too."""
    run.waiting = bool(watcher.ended) and _bounded(run.args)
    run.unread = _unread(watcher)


def _unread(watcher: Watcher) -> dict[str, tuple[datetime, int]]:
    """The tables whose stream's last rounds all failed (each said and retried): since when, and
    how many rounds. A watch that ends then did not read what was written since."""
    return {_table_of(watcher, n): (f.failing_since, f.failed_rounds)
            for n, f in enumerate(watcher.followers) if f.failing_since is not None}


def summary_text(data: dict[str, Any], run: _Run) -> str:
    at_start = sum(data["findings_at_start"].values())
    tables = data["table"] + (f" and {data['locks_table']}" if data.get("locks_table") else "")
    text = (f"watched {tables} for {data['seconds']:g} s ({run.ended}): "
            f"{count_text(data['records'], 'record')} read; findings appeared: "
            f"{_counts_text(Counter(data['appeared']))}; "
            f"resolved: {_counts_text(Counter(data['resolved']))}; changed: "
            f"{_counts_text(Counter(data['changed']))}; {count_text(data['findings_now'], 'finding')} now "
            f"({at_start} when the watch started).")
    if run.failed_by is not None:
        f = run.failed_by.finding
        causes = "; ".join(c.text() for c in run.failed_by.causes) or "no record (an audit found it)"
        how = "appeared" if run.failed_by.kind == APPEARED else "grew"
        text += f" Exit 1: a {LABELS[f.status].lower()} {how} (--fail-on), caused by {causes}."
    elif run.waiting or run.unread:
        text += _gaps_text(data, run)
    elif run.args.fail_on:
        text += " No finding of the --fail-on kinds appeared."
    if run.output_closed and run.failed_by is None and not (run.waiting or run.unread):
        text += (f" Exit {EXIT_READER_GONE}: standard output was closed before the watch ended "
                 "(e.g. piped into head).")
    return text


def _gaps_text(data: dict[str, Any], run: _Run) -> str:
    """Exit 2: what the watch did not read before it ended, and what to do."""
    gaps: list[str] = []
    todo: list[str] = []
    if run.waiting:
        gone = "; ".join(f"{name} at {when}" for name, when in data["unwatched_since"].items())
        gaps.append(f"the stream ended ({gone}) and no new stream came before the watch ended")
        todo.append("watch again once the table has its stream")
    for name, since in data["unread_since"].items():
        rounds = count_text(data["failed_rounds"][name], "round")
        gaps.append(f"reading the stream of {name} failed in every round since {since} ({rounds}, "
                    "each said above)")
        todo.append("check the endpoint and the network to it (the notices above say what "
                    "failed), then watch again")
    if data["unsettled"] and gaps:
        held = _counts_text(Counter(u["status"] for u in data["unsettled"]))
        gaps[-1] += (f"; changes whose writes it was not read past, {held}, stayed unsettled: "
                     "neither shown nor counted (each said above)")
    advice = " and ".join(dict.fromkeys(todo))  # one advice for two tables failing alike
    return (f" Exit 2: {'; and '.join(gaps)}: what was written after that was not watched, so the "
            f"watch cannot say whether a finding appeared. {advice[0].upper()}{advice[1:]}.")


def _status(run: _Run) -> int:
    """1: a --fail-on finding appeared; 2: a stream ended and none followed it, or reading it
    failed up to the end; 141: cut short."""
    if run.failed_by is not None:
        return 1
    if run.waiting or run.unread:
        return 2
    return EXIT_READER_GONE if run.output_closed else 0


def _output_closed(run: _Run, watcher: Watcher | None) -> int:
    """Standard output's reader went away (``| head -1``): the summary still goes to standard
    error, which is another pipe; exit 1 when a --fail-on finding appeared (counted before its
    line was printed), else 141, never 0: the watch was cut short."""
    to_null(sys.stdout)  # what it still buffers is dropped at exit instead of failing there
    run.output_closed = True
    if watcher is not None and watcher.state is not None:
        _take_stock(run, watcher)
        try:
            say(summary_text(summary(run, watcher), run))
        except OSError:  # standard error went too (``2>&1 | head``)
            to_null(sys.stderr)
    return _status(run)


def _progress(args: argparse.Namespace) -> Callable[[AuditProgress], None] | None:
    if args.format != "text" or not sys.stderr.isatty():
        return None

    def show(p: AuditProgress) -> None:
        print(f"\r{p.text()}", end="", file=sys.stderr, flush=True)
    return show


def _started(watcher: Watcher, args: argparse.Namespace, notices: list[str], origin: str) -> None:
    for message in notices:
        say(message)
    info, locks_info = watcher.info, watcher.locks_info
    at_start = watcher.findings_at_start
    if args.format == "json":
        locks = {} if watcher.locks_table is None else {
            "locks_table": watcher.locks_table.name,
            "locks_stream_arn": locks_info.arn if locks_info else None,
            "locks_view_type": locks_info.view_type if locks_info else None}
        print(terminal_json(json.dumps({
            "type": "watching", "table": watcher.table.name, **locks, "schema": origin,
            "stream_arn": info.arn if info else None, "view_type": info.view_type if info else None,
            "seed": watcher.choice.mode if watcher.choice else None,
            "items_audited": watcher.audit.items_read if watcher.audit else None,
            "findings_at_start": dict(at_start), "fail_on": sorted(args.fail_on),
        }, ensure_ascii=False)), flush=True)
    present = (f" Findings present at start (not counted for --fail-on): {_counts_text(at_start)}."
               if watcher.seeded_by_audit else "")
    views = f"{info.view_type if info else '?'} stream"
    if locks_info is not None:
        views = f"{info.view_type if info else '?'} and {locks_info.view_type} streams"
    say(f"watching {_tables_text(watcher)} ({views}; schema: {origin}).{present}")


def _loop(watcher: Watcher, run: _Run) -> None:
    args = run.args
    while True:
        step = watcher.step()
        for message in step.notices:
            say(message)
        run.show(step.events)
        now = time.monotonic()
        if step.records:
            run.last_record = now
        if run.failed_by is not None and args.until_idle is None:
            run.ended = "a --fail-on finding appeared"
            return
        followed = bool(watcher.ended) and _new_streams(watcher, run)
        if watcher.ended and step.finished and not _bounded(args):
            run.ended = "the stream ended"
            return
        if args.duration is not None and now - run.started >= args.duration:
            run.ended = f"--duration {args.duration:g}"
            return
        if followed:
            continue  # what the new stream gave while the audit ran, at once
        quiet = now - run.last_record
        if (args.until_idle is not None and quiet >= args.until_idle and step.caught_up
                and not watcher.pending):
            run.ended = f"idle for {args.until_idle:g} s"
            return
        wait = step.wait_s
        if args.duration is not None:
            wait = min(wait, max(0.0, run.started + args.duration - now))
        if args.until_idle is not None and quiet < args.until_idle and not step.failed:
            # Wake when the table would turn idle; never under a failed or throttled read's
            # back-off (the notice said "trying again in N s"), nor once idle already.
            wait = min(wait, max(0.05, args.until_idle - quiet))
        if wait > 0:
            time.sleep(wait)


def _new_streams(watcher: Watcher, run: _Run) -> bool:
    """Follow the new stream of a table whose stream ended (True: one was followed). Without
    one, a watch asked for a verdict or a time waits for it (``_Run.waiting``)."""
    before = len(watcher.ended)
    for message in watcher.follow_new_streams():
        say(message)
    waiting = bool(watcher.ended) and _bounded(run.args)
    was, run.waiting = run.waiting, waiting  # before the notice: a Ctrl+C after it is exit 2
    if waiting and not was:
        say("Waiting for the table to get a stream again: the watch follows it then, seeded again "
            "with an audit. If the watch ends first (--duration, --until-idle, Ctrl+C), it exits "
            "2: what is written meanwhile is not watched.")
    return len(watcher.ended) < before


def _bounded(args: argparse.Namespace) -> bool:
    """Asked for a verdict (--fail-on) or a time (--duration, --until-idle): a stream that ends
    before it is waited for, not an end (the table may get a new stream)."""
    return bool(args.fail_on) or args.duration is not None or args.until_idle is not None


def _end(run: _Run, watcher: Watcher) -> int:
    """The changes still settling, the summary and the exit status."""
    if run.ended != "a --fail-on finding appeared":
        run.show(watcher.finish())
        since = {name: when for name, (when, _) in _unread(watcher).items()}
        for held in watcher.unsettled:  # not findings: a stream was not read past them
            say(held.text(since))
    _take_stock(run, watcher)
    data = summary(run, watcher)
    if run.args.format == "json":
        print(terminal_json(json.dumps(data, ensure_ascii=False)), flush=True)
    say(summary_text(data, run))
    return _status(run)


def run(args: argparse.Namespace) -> int:
    watch_run = _Run(args)
    watcher: Watcher | None = None
    operation = "DescribeTable"
    with stop_signals():
        try:
            with open_connection(args) as conn:
                reader = Reader(conn)
                info = describe_table(conn, args.table)
                schema, origin = resolve_schema(args, conn, reader, info)
                if schema.locks is not None and not getattr(args, "locks_table", None):
                    # The schema file's locks table, checked here: missing, the watcher's own
                    # DescribeTable would be reported as the accounts table (--table) missing.
                    locks_table_info(conn, schema)
                watcher = Watcher(reader, info, schema, seed=args.seed, segments=args.segments)
                operation = "DescribeStream"
                progress = _progress(args)
                notices = watcher.start(progress=progress)
                if progress is not None:
                    print(file=sys.stderr)
                audit = watcher.audit
                if audit is not None and audit.items_read and audit.items_read == audit.other_items:
                    say(f"no account or lock in {_tables_text(watcher)} matched the uniqueness schema "
                        f"({origin}): all {audit.items_read:,} items read are something else. Check "
                        "the schema's key names and prefixes (--schema FILE, or --detect).")
                    return 2
                _started(watcher, args, notices, origin)
                watch_run.started = watch_run.last_record = time.monotonic()
                operation = "GetRecords"
                _loop(watcher, watch_run)
        except KeyboardInterrupt:
            watch_run.ended = "interrupted"
            if watcher is None or watcher.state is None:
                print("Interrupted before the watch started.", file=sys.stderr)
                return 2
        except SchemaError as exc:
            say(str(exc))
            return 2
        except BrokenPipeError as exc:
            if not reader_gone(exc):  # a connection the endpoint closed
                return fail(exc, args, operation=failed_call(exc, operation), table=args.table)
            watch_run.ended = "standard output was closed"  # e.g. piped into `head`
            return _output_closed(watch_run, watcher)
        except USER_ERRORS as exc:
            return fail(exc, args, operation=failed_call(exc, operation), table=args.table)
        try:
            return _end(watch_run, watcher)
        except BrokenPipeError as exc:
            if not reader_gone(exc):
                raise
            return _output_closed(watch_run, watcher)
