"""What `dynoview transact` prints: results as text or JSON, problems located by action and
field, the preflight's lines (each escaped on its own: they quote values from the table)."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from dynoview.cli.common import terminal_json, terminal_line
from dynoview.core.preflight.check import Preflight
from dynoview.core.tx.model import Problem, Transaction
from dynoview.core.tx.wire import preview_text

#: Applied; cancelled (or confirmed not applied); invalid input, refused, not confirmed or unknown.
EXIT_OK, EXIT_CANCELLED, EXIT_ERROR = 0, 1, 2


def emit(args: argparse.Namespace, payload: dict[str, Any], lines: list[str], *,
         err: bool = False) -> None:
    # Results quote keys and values from the table: escaped, so none acts on the terminal
    # (standard error is escaped by the boundary, ``run_guarded``).
    if args.format == "json":
        print(terminal_json(json.dumps(payload, indent=2, ensure_ascii=False)))
        return
    stream = sys.stderr if err else sys.stdout
    for line in lines:
        print(line if err else terminal_line(line), file=stream)


def problem_lines(problems: list[Problem]) -> list[str]:
    # Messages quote the file's values: one line each, whatever a value holds (``terminal_line``).
    return [terminal_line(f"{p.severity}: {p.location()}: {p.message}") for p in problems]


def invalid(args: argparse.Namespace, problems: list[Problem]) -> int:
    emit(args, {"status": "invalid", "problems": [p.to_json() for p in problems]},
         ["The request is invalid; nothing was sent.", *problem_lines(problems)], err=True)
    return EXIT_ERROR


def preflight_lines(preflight: Preflight) -> list[str]:
    lines = [preflight.summary()]
    lines.extend(f"  {line}" for line in preflight.lines())
    shown: set[str] = set()

    def request(tx: Transaction | None, title: str) -> None:
        if tx is None:
            return
        actions = json.dumps(tx.to_request()["TransactItems"], default=repr, sort_keys=True)
        if actions not in shown:
            shown.add(actions)
            lines.append(f"  {title} (save it and run transact on it):")
            lines.append("  " + preview_text(tx.to_request()))

    for refusal in preflight.refusals:
        lines.append(f"refused: {refusal.message}")
        request(refusal.suggestion, "the right transaction")
        for choice in refusal.choices:
            request(choice.suggestion, f'for "{choice.text}"')
    lines.extend(f"warning: {w.message}" for w in preflight.warnings)
    lines.extend(f"note: {n}" for n in preflight.notes)
    # Standard error keeps line breaks and tabs (``clean_message``), and these sentences quote
    # values from the table and the file: each line is escaped on its own, so a value cannot
    # print a line of its own ("Preflight passed", an "after: … ✓"). The "after:" lines quote
    # their values with backslashes doubled too (``Pair.line``), so they also read back one way.
    return [terminal_line(line) for line in lines]
