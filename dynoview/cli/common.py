"""What every headless command shares: connection flags, opening a connection, errors."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator
from contextlib import contextmanager

from dynoview.core.errors import describe_error
from dynoview.core.session import profile
from dynoview.core.session.connection import PLACEHOLDER_NOTE, Connection, spec_from_environment
from dynoview.core.session.endpoint_probe import check_reachable


def add_connection_arguments(parser: argparse.ArgumentParser) -> None:
    group = parser.add_argument_group("connection")
    group.add_argument("--profile", help="AWS profile (default: AWS_PROFILE or the default chain)")
    group.add_argument("--region", help="AWS region (default: AWS_REGION / AWS_DEFAULT_REGION)")
    where = group.add_mutually_exclusive_group()
    where.add_argument("--endpoint-url", help="DynamoDB endpoint, e.g. http://localhost:8000")
    where.add_argument("--demo", action="store_true",
                       help="use a seeded, embedded demo endpoint (no AWS account needed)")
    group.add_argument("--engine", choices=("moto", "dynamodb-local"),
                       help="with --demo: moto (default) or dynamodb-local, AWS's DynamoDB Local "
                       "(needs Java 17 and npm)")
    group.add_argument("--read-only", action="store_true",
                       help="refuse every write before it leaves the machine")


def profile_for(args: argparse.Namespace) -> str:
    """The file profile a command runs in: ``--demo`` never touches the user's own files."""
    return profile.DEMO if getattr(args, "demo", False) else profile.active()


@contextmanager
def open_connection(args: argparse.Namespace) -> Iterator[Connection]:
    """The connection the flags ask for; with --demo, a seeded embedded endpoint."""
    if getattr(args, "demo", False):
        from dynoview.demo.backend import start_demo

        backend = start_demo(engine=getattr(args, "engine", None))
        # The command's main already runs in the demo profile; this keeps a caller that opens
        # a demo connection directly off the user's action log and schemas too.
        try:
            with profile.use(profile.DEMO):
                yield backend.connect(read_only=getattr(args, "read_only", False))
        finally:
            backend.stop()
        return
    spec = spec_from_environment(profile=args.profile, region=args.region,
                                 endpoint_url=args.endpoint_url, read_only=args.read_only)
    check_reachable(spec.endpoint_url)  # "unreachable" at once, before any credential lookup
    conn = Connection(spec)
    if conn.placeholder_credentials:
        print(f"dynoview: {PLACEHOLDER_NOTE}", file=sys.stderr)
    yield conn


def fail(exc: BaseException, args: argparse.Namespace, *, operation: str | None = None,
         table: str | None = None) -> int:
    """Print an actionable message on stderr and return exit status 2."""
    err = describe_error(exc, operation=operation, table=table,
                         profile=getattr(args, "profile", None),
                         endpoint=getattr(args, "endpoint_url", None),
                         region=getattr(args, "region", None))
    # A title that only repeats the program's name ("DynoView") says nothing after "dynoview:".
    title = "" if err.title.lower() == "dynoview" else f"{err.title}: "
    print(f"dynoview: {title}{err.message}", file=sys.stderr)
    return 2
