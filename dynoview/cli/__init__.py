"""Headless commands over the same core as the window.

Each subcommand lives in its own module, named in ``COMMANDS``: a module exposes
``add_parser(subparsers)`` and ``run(args) -> int``.
Exit status: 0 clean, 1 findings or a cancelled transaction, 2 error.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

# name -> module under dynoview.cli, in the order ``--help`` lists them; imported only when used.
COMMANDS: dict[str, str] = {name: f"dynoview.cli.{name}" for name in (
    "tables", "audit", "diagnose", "transact", "stream", "repair", "partiql", "export")}


def build_parser() -> argparse.ArgumentParser:
    from dynoview import __version__

    parser = argparse.ArgumentParser(prog="dynoview", description="DynoView headless commands.")
    parser.add_argument("--version", action="version", version=f"DynoView {__version__}")
    sub = parser.add_subparsers(dest="command", required=True)
    for module in COMMANDS.values():
        importlib.import_module(module).add_parser(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    module = importlib.import_module(COMMANDS[args.command])
    from dynoview.cli.common import profile_for
    from dynoview.core.session import profile

    # Chosen before the command runs, so every file it touches (action log, saved schemas)
    # belongs to that profile; restored after, for in-process callers.
    try:
        with profile.use(profile_for(args)):
            return int(module.run(args))
    except KeyboardInterrupt:
        print("Interrupted.", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
