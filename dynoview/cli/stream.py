"""`dynoview stream`: print a table's stream records, one JSON object (or text line) each.

Records go to stdout; notices (closed shards, expired iterators, trimmed records) go to
stderr as sentences, so a pipe of JSON lines stays clean. ``--follow`` keeps polling
until Ctrl+C or SIGTERM (even in a job started with ``&``), ``--max-seconds`` or
``--limit``.
"""

from __future__ import annotations

import argparse
import json
import math
from collections.abc import Callable
from contextlib import nullcontext
from typing import Any

from dynoview.cli.common import (
    USER_ERRORS,
    add_connection_arguments,
    fail,
    open_connection,
    reader_gone,
    say,
    terminal_json,
    terminal_line,
    whole_number,
)
from dynoview.cli.interrupts import stop_signals
from dynoview.core.errors import DynoViewError
from dynoview.core.streams.description import (
    ORDER_NOTE,
    StreamInfo,
    describe_stream,
    disabled_stream_message,
    latest_stream,
)
from dynoview.core.streams.key_filter import KeyFilter
from dynoview.core.streams.reader import (
    AFTER_SEQUENCE_NUMBER,
    AT_SEQUENCE_NUMBER,
    LATEST,
    TRIM_HORIZON,
    StreamReader,
)

#: GetRecords allows 5 calls a second per shard: polling much faster only gets throttled.
MIN_POLL_INTERVAL_S = 0.1
MAX_POLL_INTERVAL_S = 3600.0


def seconds(*, minimum: float | None = None,
            maximum: float | None = None) -> Callable[[str], float]:
    """An argparse type: a finite number of seconds, more than 0 (or at least ``minimum``) and
    at most ``maximum``, else a sentence (argparse prints it and exits 2). ``nan``, ``inf``,
    negatives and zero are refused."""
    def parse(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"give a number of seconds, such as 1 or 0.5; {text!r} "
                                             "is not a number.") from None
        low = value > 0 if minimum is None else value >= minimum
        if not math.isfinite(value) or not low or (maximum is not None and value > maximum):
            least = "more than 0" if minimum is None else f"at least {minimum:g}"
            top = f" and at most {maximum:g}" if maximum is not None else ""
            raise argparse.ArgumentTypeError(f"give a number of seconds, {least}{top}; {text!r} was "
                                             "given.")
        return value
    return parse


POSITIONS = {
    "trim-horizon": TRIM_HORIZON,
    "latest": LATEST,
    "at-sequence": AT_SEQUENCE_NUMBER,
    "after-sequence": AFTER_SEQUENCE_NUMBER,
}


def add_parser(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser(
        "stream", help="print a table's stream records (INSERT/MODIFY/REMOVE), optionally following",
        description="Print the records of a table's DynamoDB stream, one per line. "
                    + ORDER_NOTE,
    )
    parser.add_argument("--table", required=True, help="table whose stream to read")
    add_connection_arguments(parser)
    parser.add_argument("--from", dest="position", choices=tuple(POSITIONS), default="trim-horizon",
                        help="where to start: the oldest record kept (trim-horizon, default), only "
                             "new records (latest), or at/after --sequence-number")
    parser.add_argument("--sequence-number", help="sequence number for --from at-sequence/after-sequence")
    parser.add_argument("--shard", help="shard id for a sequence number (default: the shard whose range "
                                        "holds it)")
    parser.add_argument("--follow", action="store_true",
                        help="keep polling for new records until Ctrl+C (or --max-seconds/--limit); "
                             "a disabled stream is read to its end, as nothing new arrives in it")
    parser.add_argument("--key", action="append", default=[], metavar="PK[,SK]",
                        help="only records of this partition key (and sort key); repeat for several "
                             "keys, or separate them with ;. Inside a value write a comma as \\,, a "
                             "semicolon as \\; and a backslash as \\\\; blanks around a value are "
                             "dropped, so write a space a key starts or ends with as \\ (backslash, "
                             "space)")
    parser.add_argument("--format", choices=("json", "text"), default="json",
                        help="json: one JSON object per line (default); text: one readable line")
    parser.add_argument("--limit", type=whole_number(1), default=None,
                        help="stop after printing this many records")
    parser.add_argument("--max-seconds", type=seconds(), default=None,
                        help="stop following after this many seconds")
    parser.add_argument("--poll-interval", default=1.0,
                        type=seconds(minimum=MIN_POLL_INTERVAL_S,
                                     maximum=MAX_POLL_INTERVAL_S),
                        help=f"seconds between polls when nothing is waiting (default 1, at least "
                             f"{MIN_POLL_INTERVAL_S:g}; GetRecords allows 5 calls a second per shard)")
    parser.add_argument("--describe", action="store_true",
                        help="print the stream (ARN, view type, shards and lineage) and exit")


def failed_call(exc: BaseException, phase: str) -> str:
    """The call that failed, as its error names it (an AWS answer carries its operation), else
    the ``phase``'s: the permission a sentence asks for is that call's."""
    return getattr(exc, "operation_name", None) or phase


def describe_json(info: StreamInfo) -> dict[str, Any]:
    return {
        "stream_arn": info.arn,
        "table": info.table_name,
        "status": info.status,
        "view_type": info.view_type,
        "key_names": list(info.key_names),
        "shards": [{"shard_id": s.shard_id, "parent_shard_id": s.parent_shard_id,
                    "state": s.state, "starting_sequence_number": s.starting_sequence_number,
                    "ending_sequence_number": s.ending_sequence_number}
                   for _, s in info.lineage()],
    }


def run(args: argparse.Namespace) -> int:
    if args.position not in ("at-sequence", "after-sequence"):
        # Else ignored: the records would start at --from, not where the number says.
        given = [flag for flag, value in (("--sequence-number", args.sequence_number),
                                          ("--shard", args.shard)) if value is not None]
        if given:
            verb = "apply" if len(given) > 1 else "applies"
            say(f"{' and '.join(given)} only {verb} with --from at-sequence or --from after-sequence; "
                f"this read starts at --from {args.position}. Add --from at-sequence (or "
                f"after-sequence), or leave {' and '.join(given)} out.")
            return 2
    if any(not spec.strip(" ;") for spec in args.key):
        # An empty --key (an unset shell variable) would print every record, as if it filtered.
        say("--key is empty: give PK or PK,SK (for example --key 'UNIQ#EMAIL#ada@lovelace.io,LOCK'), "
            "or leave --key out to see every record.")
        return 2
    try:
        key_filter = KeyFilter.parse(args.key)
    except DynoViewError as exc:
        say(exc.message)
        return 2
    if key_filter.dropped:  # a key with a trailing blank is another item's: say what was matched
        say("note: the blanks around " + ", ".join(repr(v) for v in key_filter.dropped) + " were "
            "dropped; a key that really starts or ends with a blank is written with \\ before it "
            "(for example 'UNIQ#EMAIL#bob@x.io\\ ,LOCK').")
    # Following ends on Ctrl+C or SIGTERM, even in a job a script started with ``&``.
    with stop_signals() if args.follow else nullcontext():
        return _print_records(args, key_filter)


def _print_records(args: argparse.Namespace, key_filter: KeyFilter) -> int:
    printed = 0
    phase = "DescribeTable"
    try:
        with open_connection(args) as conn:
            stream = latest_stream(conn, args.table)
            phase = "DescribeStream"
            info = describe_stream(conn, stream.arn)
            # A disabled stream keeps its records 24 hours: read them, follow nothing.
            live = stream.enabled and not info.disabled
            if not live:
                say(disabled_stream_message(args.table))
            if args.describe:
                if args.format == "json":
                    print(terminal_json(json.dumps(describe_json(info), ensure_ascii=False)))
                else:
                    print("\n".join(terminal_line(line) for line in info.describe_lines()))
                return 0
            reader = StreamReader(conn, info, position=POSITIONS[args.position],
                                  sequence_number=args.sequence_number, shard_id=args.shard,
                                  key_filter=key_filter, table=args.table)
            if args.format == "text":
                say(f"reading {info.arn} ({info.view_type}) from {args.position}. {ORDER_NOTE}")
            phase = "GetRecords"
            for result in reader.polls(follow=args.follow and live, interval=args.poll_interval,
                                       max_seconds=args.max_seconds):
                for message in result.notices:
                    say(message)
                for event in result.events:
                    # Table data: escapes shown, never obeyed (one record, one line).
                    line = (terminal_json(json.dumps(event.to_json(), ensure_ascii=False))
                            if args.format == "json" else terminal_line(event.text_line()))
                    print(line, flush=True)
                    printed += 1
                    if args.limit is not None and printed >= args.limit:
                        return 0
    except KeyboardInterrupt:
        # Ctrl+C is how --follow is meant to stop: not an error.
        return 0 if args.follow else 2
    except USER_ERRORS as exc:
        if reader_gone(exc):  # piped into `head`: run_guarded's exit 141, as for every command
            raise
        # Else an error said, a BrokenPipeError too: a connection the endpoint closed.
        return fail(exc, args, operation=failed_call(exc, phase), table=args.table)
    return 0
