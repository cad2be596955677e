"""Headless commands over the same core as the window.

Each subcommand lives in its own module, named in ``COMMANDS``: a module exposes
``add_parser(subparsers)`` and ``run(args) -> int``.
Exit status: 0 clean, 1 findings or a cancelled transaction, 2 an error the user can act on (one
sentence), 3 a bug (its traceback, redacted, on standard error and a crash report saved; see
``common.run_guarded``, the one error boundary).
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

# name -> module under dynoview.cli, in the order ``--help`` lists them; imported only when used.
COMMANDS: dict[str, str] = {name: f"dynoview.cli.{name}" for name in (
    "tables", "audit", "diagnose", "transact", "stream", "repair", "partiql", "export", "watch",
    "codegen")}
COMMANDS["import"] = "dynoview.cli.import_items"  # "import" is a keyword: no module of that name
COMMANDS["read-code"] = "dynoview.cli.read_code"


def build_parser() -> argparse.ArgumentParser:
    from dynoview import __version__

    parser = argparse.ArgumentParser(prog="dynoview", description="DynoView headless commands.")
    parser.add_argument("--version", action="version", version=f"DynoView {__version__}")
    sub = parser.add_subparsers(dest="command", required=True)
    for module in COMMANDS.values():
        importlib.import_module(module).add_parser(sub)
    from dynoview.cli.common import EXIT_EPILOG

    for command in sub.choices.values():  # the boundary's exits hold for every command
        command.epilog = f"{command.epilog}\n\n{EXIT_EPILOG}" if command.epilog else EXIT_EPILOG
    return parser


#: Ctrl+C while the command's modules load (a second or so): nothing has been read or written.
INTERRUPTED_BEFORE = "Interrupted before the command started: nothing was done."


def main(argv: Sequence[str] | None = None) -> int:
    try:
        parser = build_parser()
        args = parser.parse_args(argv)
        module = importlib.import_module(COMMANDS[args.command])
        from dynoview.cli.common import profile_for, run_guarded
        from dynoview.core.session import leftovers, profile

        # Partial exports and spools are removed on exit and SIGTERM; what a killed run left is swept.
        leftovers.install_cleanup()
        leftovers.sweep_leftovers()
    except KeyboardInterrupt:  # the boundary below says "Interrupted." once the command runs
        print(INTERRUPTED_BEFORE, file=sys.stderr)
        return 2

    def command() -> int:
        # Chosen before the command runs, so every file it touches (action log, saved schemas)
        # belongs to that profile; restored after, for in-process callers.
        with profile.use(profile_for(args)):
            return int(module.run(args))

    # The error boundary: standard error redacted and escaped, a bug a scrubbed traceback.
    return run_guarded(command, args, args.command)


if __name__ == "__main__":
    sys.exit(main())
