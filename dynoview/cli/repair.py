"""`dynoview repair REPORT`: release orphan locks and claim missing locks from an audit report.

REPORT is the output of ``dynoview audit --format json``. Every automatic repair is
re-checked against the table right before it is sent (see ``dynoview.core.repair.run``);
duplicates, case clashes and expired items are listed for a person. Exit 0 when every
automatic repair applied or was already fixed, 1 when something needs a decision (or
the run was stopped by Ctrl+C or SIGTERM, after the finding in flight), 2 on error; a second
signal ends the process by that signal (``interrupts``), naming the send in flight, which the
next run settles first. Documented in docs/cli-repair.md.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import sys
import threading
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from dynoview.cli.audit import TTL_ATTRIBUTE_HINT, given_ttl, locks_table_info
from dynoview.cli.common import (
    EXIT_OUTPUT_LOST,
    EXIT_OUTPUT_LOST_HELP,
    USER_ERRORS,
    OutputLostAfterWrite,
    add_connection_arguments,
    fail,
    open_connection,
    output_after_write,
    terminal_json,
    terminal_line,
)
from dynoview.cli.interrupts import cancel_on_signals
from dynoview.core.counts import count_text
from dynoview.core.errors import ReadOnlyError
from dynoview.core.reads.reader import Reader
from dynoview.core.repair.earlier import CONTEXT_KEY, ReadOnlyLog
from dynoview.core.repair.plan import RepairPlan, hold_claims, hold_releases, plan_repairs
from dynoview.core.repair.report import AuditReport, RepairError, load_report
from dynoview.core.repair.run import (
    DEFAULT_RATE,
    EXIT_ERROR,
    MAX_RATE,
    MIN_RATE,
    READ_ONLY_MESSAGE,
    RepairProgress,
    RepairRun,
    run_repairs,
)
from dynoview.core.repair.state import PLANNED, RepairState, default_state_path
from dynoview.core.repair.ttl_guard import claim_ttl_unknown_reason, ttl_unknown_reason
from dynoview.core.session.connection import Connection
from dynoview.core.session.tables import describe_table
from dynoview.core.tx.action_log import ActionLog, connection_record
from dynoview.core.tx.confirmation import confirmation_for
from dynoview.core.tx.model import DELETE, Action, Transaction
from dynoview.core.uniqueness.schema import SchemaError, UniquenessSchema, lock_key_problem
from dynoview.core.uniqueness.schema_file import load_schema_file


def _out(line: str) -> None:
    """One line of text output: it quotes the report's values (read from the table), so every
    control, bidi or invisible character is shown as an escape."""
    print(terminal_line(line), flush=True)


def _rate(text: str) -> float:
    wanted = f"give a number of findings per second, at least {MIN_RATE:g} and at most {MAX_RATE:g}"
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{wanted}; {text!r} is not a number.") from None
    if not MIN_RATE <= value <= MAX_RATE:  # nan too; a rate near 0 would wait for ever
        raise argparse.ArgumentTypeError(f"{wanted}; {text!r} was given.")
    return value


def add_parser(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser(
        "repair", help="release orphan locks and claim missing locks listed in an audit report",
        description="Repair the findings of `dynoview audit --format json` that have one right "
                    "answer: release orphan locks, claim missing locks. Each is re-checked with "
                    "strongly consistent reads right before its guarded transaction is sent; "
                    "duplicates, case clashes and expired items are listed for a decision. Exit 0 "
                    "all repaired, 1 something needs a decision, 2 error.",
        epilog=EXIT_OUTPUT_LOST_HELP)
    parser.add_argument("report", help="the audit report (JSON) to repair from")
    add_connection_arguments(parser)
    parser.add_argument("--table", required=True,
                        help="the table to repair: must be the table the report was made of")
    parser.add_argument("--schema", metavar="FILE",
                        help="uniqueness schema JSON file (default: the schema recorded in the report)")
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--dry-run", action="store_true",
                      help="re-check each finding and print the exact request body each repair would "
                           "send; send nothing")
    mode.add_argument("--yes", action="store_true",
                      help="repair (this command never asks; without --yes or --dry-run it only "
                           "prints the plan)")
    parser.add_argument("--confirm-table", metavar="NAME",
                        help="on an endpoint that is not on this machine, the table name, as the app "
                             "asks you to type it")
    parser.add_argument("--rate", type=_rate, default=DEFAULT_RATE, metavar="N",
                        help=f"at most N findings re-checked and repaired per second, {MIN_RATE:g} to "
                             f"{MAX_RATE:g} (default {DEFAULT_RATE:g})")
    parser.add_argument("--resume", metavar="FILE",
                        help="the state file listing the findings done (default: REPORT's name with "
                             ".repair-state.json, next to it); a run continues where the last stopped")
    parser.add_argument("--ttl-attribute", metavar="NAME",
                        help="the TTL attribute of the tables where DescribeTimeToLive may not be "
                             "called: without it no orphan lock of such a table is released (it may "
                             "be a reservation) and no missing lock is claimed for an account of "
                             "such a table (it may have expired); a TTL that was read decides alone")
    parser.add_argument("--format", choices=("text", "json"), default="text")


#: How to judge accounts when DescribeTimeToLive may not be called (``given_ttl``).
CLAIM_TTL_HINT = "--ttl-attribute NAME (the table's TTL attribute) to tell expired accounts by it"

#: Said at the first Ctrl+C (or SIGTERM), after its name; the second's sentence is ``_Sends.abort``.
STOPPING = ("stopping after the finding in progress: its transaction, if sent, is settled first "
            "(Ctrl+C again ends the run at once, as a kill would).")


class _Sends(ActionLog):
    """The run's action log, which also remembers the repair sent and waiting for its answer:
    a second Ctrl+C names it (the finding and its token), since only the next run can settle it."""

    def __init__(self, plan: RepairPlan, state_path: Path) -> None:
        super().__init__()
        self.titles = {p.id: (i, p.title()) for i, p in enumerate(plan.actionable)}
        self.total, self.state_path = len(plan.actionable), state_path
        self.sending: tuple[str, str] | None = None  # (finding id, token)

    def intent(self, *, token: str, context: Mapping[str, Any] | None = None,
               **more: Any) -> dict[str, Any]:
        tag = (context or {}).get(CONTEXT_KEY)
        # Set before the intent is written: from here on the request may be on its way.
        self.sending = (str(tag.get("finding")) if isinstance(tag, Mapping) else "", token)
        try:
            return super().intent(token=token, context=context, **more)
        except BaseException:
            self.sending = None  # the intent could not be written: nothing was sent
            raise

    def outcome(self, intent: Mapping[str, Any], outcome: Mapping[str, Any], *,
                recovered: bool = False) -> dict[str, Any]:
        try:
            return super().outcome(intent, outcome, recovered=recovered)
        finally:
            self._settled(intent)

    def void(self, intent: Mapping[str, Any]) -> None:
        try:
            super().void(intent)
        finally:
            self._settled(intent)

    def _settled(self, intent: Mapping[str, Any]) -> None:
        if self.sending is not None and intent.get("token") == self.sending[1]:
            self.sending = None

    def abort(self) -> str:
        """The second signal's sentence: the send in flight at this moment, if any."""
        again = f"Run the same command again (state: {self.state_path})"
        if self.sending is None:
            return (f"the repair ends now, as a kill would end it; no transaction was waiting for "
                    f"its answer. {again}: it continues where this run stopped.")
        finding, token = self.sending
        index, title = self.titles.get(finding, (None, finding or "a finding"))
        which = f"finding {index + 1} of {self.total}" if index is not None else "the finding"
        return (f"the repair ends now, as a kill would end it, while the transaction of {which} "
                f"({terminal_line(title)}) was sent with token {token}: it may or may not have "
                f"been applied; {again[0].lower()}{again[1:]}: it settles that send first.")


def _schema(args: argparse.Namespace, report: AuditReport) -> UniquenessSchema:
    if args.schema:
        schema = load_schema_file(args.schema)
        if report.schema is not None and schema != report.schema:
            print(f"dynoview: note: {args.schema} differs from the schema the report was made with; "
                  "the findings were classified with the report's.", file=sys.stderr)
        return schema
    if report.schema is None:
        raise RepairError("The report records no uniqueness schema: pass --schema FILE.")
    return report.schema


def _plan_lines(report: AuditReport, plan: RepairPlan, where: str) -> list[str]:
    when = f" made {report.generated_at}" if report.generated_at else ""
    lines = [f"Repair of {plan.table}{where} from {report.source} (audit{when}, "
             f"{count_text(len(report.findings), 'finding')}).", plan.summary()]
    if not report.complete:
        lines.append("The audit was cut short: the report covers only part of the table.")
    return lines


def _decision_lines(plan: RepairPlan) -> list[str]:
    if not plan.decisions:
        return []
    lines = ["Needs a decision (never repaired automatically):"]
    for p in plan.decisions:
        lines.append(f"  [{p.finding.status}] {p.finding.sentence or p.title()} {p.reason}")
    return lines


def _run_json(report: AuditReport, run: RepairRun, state: RepairState | None) -> dict[str, Any]:
    stopped = run.stopped_at
    return {
        "table": run.plan.table, "report": report.source, "dry_run": run.dry_run,
        "summary": run.summary(), "cancelled": run.cancelled, "error": run.error,
        "stopped_at": None if stopped is None else run.outcomes[stopped].to_json(),
        "state_file": str(state.path) if state is not None and state.path is not None else None,
        "outcomes": [{**o.to_json(), "earlier": o.earlier} for o in run.outcomes],
        "decisions": [{"id": p.id, "status": p.finding.status, "rule": p.finding.rule,
                       "value": p.finding.value, "accounts": list(p.finding.account_ids),
                       "sentence": p.finding.sentence, "reason": p.reason} for p in run.plan.decisions],
        "notes": run.notes, "exit": run.exit_code,
    }


def run(args: argparse.Namespace) -> int:
    try:
        report = load_report(args.report)
    except RepairError as exc:
        print(f"dynoview: {exc.message}", file=sys.stderr)
        return EXIT_ERROR
    if report.table != args.table:
        # Findings of one table applied to another would release live locks: refuse.
        print(f"dynoview: the report is an audit of {report.table}, not {args.table}. Pass --table "
              f"{report.table}, or audit {args.table} first.", file=sys.stderr)
        return EXIT_ERROR
    try:
        schema = _schema(args, report)
    except (SchemaError, RepairError) as exc:
        print(f"dynoview: {exc}", file=sys.stderr)
        return EXIT_ERROR
    if args.ttl_attribute is not None and not args.ttl_attribute.strip():
        print("dynoview: --ttl-attribute needs the name of the locks table's TTL attribute; an empty "
              "name judges no lock by its TTL: give the name, or leave the option out.", file=sys.stderr)
        return EXIT_ERROR
    plan = plan_repairs(report.findings, schema, report.table)
    if not args.dry_run and not args.yes:
        for line in [*_plan_lines(report, plan, ""), *_decision_lines(plan)]:
            _out(line)
        print("Nothing was sent: pass --yes to repair, or --dry-run to see each transaction.",
              file=sys.stderr)
        return EXIT_ERROR
    try:
        with open_connection(args) as conn:
            return _repair(args, conn, report, schema, plan)
    except ReadOnlyError:
        print(f"dynoview: {READ_ONLY_MESSAGE}", file=sys.stderr)
        return EXIT_ERROR
    except RepairError as exc:
        print(f"dynoview: {exc.message}", file=sys.stderr)
        return EXIT_ERROR
    except USER_ERRORS as exc:
        return fail(exc, args, operation="DescribeTable", table=args.table)


def _repair(args: argparse.Namespace, conn: Any, report: AuditReport, schema: UniquenessSchema,
            plan: RepairPlan) -> int:
    confirmation = _confirmation(args, conn)
    if confirmation is None:
        return EXIT_ERROR
    # The table's TTL as it is now (whatever the report says of it): one that could not be read
    # releases no orphan lock and claims no missing lock, unless --ttl-attribute names it
    # (``given_ttl``).
    ttl_notes: list[str] = []
    info = given_ttl(describe_table(conn, args.table), args.ttl_attribute, ttl_notes)
    # The report's schema may keep its locks in a table of their own: they are repaired there.
    locks = locks_table_info(conn, schema)
    if locks is not None:
        locks = given_ttl(locks, args.ttl_attribute, ttl_notes)
    held = locks or info
    if held.ttl_unknown_note is not None:  # a reservation cannot be told: releases are decisions
        plan = hold_releases(plan, ttl_unknown_reason(held.name, TTL_ATTRIBUTE_HINT))
        ttl_notes.append(f"{held.ttl_unknown_note} Or pass {TTL_ATTRIBUTE_HINT}.")
    if info.ttl_error is not None:  # an expired account cannot be told: claims are decisions
        plan = hold_claims(plan, claim_ttl_unknown_reason(info.name, CLAIM_TTL_HINT))
    for rule in schema.rules:
        problem = lock_key_problem(schema, rule, locks or info)
        if problem:
            print(f"dynoview: {problem}", file=sys.stderr)
            return EXIT_ERROR
    state_path = Path(args.resume) if args.resume else default_state_path(args.report)
    state = _open_state(args, report, state_path, conn)
    if state is None:
        return EXIT_ERROR
    text = args.format == "text"
    if text:
        for line in _plan_lines(report, plan, f" on {conn.spec.describe()}"):
            _out(line)
        if state.replaced and not args.dry_run:
            _out(f"The state file {state_path} was for another report or connection; this run replaces it.")
        if state.done:
            done = len(state.done)
            _out(f"Resuming: {count_text(done, 'finding')} {'was' if done == 1 else 'were'} done by an "
                 f"earlier run ({state_path}).")

    cancel = threading.Event()
    lost: list[OSError] = []

    def show(p: RepairProgress) -> None:
        if lost or not text or p.outcome is None or p.outcome.earlier:
            return
        try:
            _out(p.text())
            if p.outcome.status == PLANNED and p.outcome.request:
                _out(f"  {p.outcome.request}")
        except OSError as exc:  # the output failed mid-run (a full disk, `| head`): stop
            lost.append(exc)    # between findings, and say below what was sent
            cancel.set()

    sends = None if args.dry_run else _Sends(plan, state_path)
    # A dry run reads the action log (never writes it): an earlier run's send is said as such.
    log = sends if sends is not None else ReadOnlyLog(ActionLog())
    aborting = sends.abort if sends is not None else ("the dry run ends now, as a kill would end it; "
                                                      "it sent nothing.")
    with cancel_on_signals(cancel, STOPPING, aborting):
        result = run_repairs(conn, plan, schema, info, reader=Reader(conn), dry_run=args.dry_run,
                             confirmation=confirmation, rate=args.rate, cancel=cancel, progress=show,
                             # A dry run reads the state file too (never writes it): it shows
                             # what a resumed run sends, not findings an earlier run settled.
                             state=state, log=log, locks_table=locks)
    result.notes[:0] = ttl_notes  # said with the run's notes, first
    # Output after repairs were sent: if it cannot be written, say what was, and exit 4.
    wrote = not args.dry_run and bool(result.written)
    sent = f"The repair run WAS sent: {result.summary()} (state: {state_path})."
    if lost:  # not exit 2's "nothing was done", nor a silent 141: a script would send it again
        if wrote:
            raise OutputLostAfterWrite(sent + " It stopped there.", lost[0], EXIT_OUTPUT_LOST)
        raise lost[0]
    guard = output_after_write(sent, EXIT_OUTPUT_LOST) if wrote else contextlib.nullcontext()
    with guard:
        if not text:
            print(terminal_json(json.dumps(_run_json(report, result, None if args.dry_run else state),
                                           indent=2, ensure_ascii=False)))
        else:
            _print_result(args, plan, result, state_path)
    return result.exit_code


def _confirmation(args: argparse.Namespace, conn: Any) -> str | bool | None:
    """What ``run_repairs`` takes as the user's confirmation; None (said on stderr) when
    ``--yes`` on a remote table lacks the matching ``--confirm-table``."""
    if not args.yes:
        return True
    if conn.spec.read_only:
        # The session refuses every write anyway; say so before reading anything.
        raise ReadOnlyError(READ_ONLY_MESSAGE)
    requirement = confirmation_for(conn, Transaction(actions=[Action(DELETE, args.table)]))
    if requirement.type_to_confirm is None:
        return True
    if (args.confirm_table or "").strip() != requirement.type_to_confirm:
        print(f"dynoview: not repaired: {requirement.connection} is not on this machine. Pass "
              f"--confirm-table {requirement.type_to_confirm} with --yes to repair it.",
              file=sys.stderr)
        return None
    return requirement.type_to_confirm


def _open_state(args: argparse.Namespace, report: AuditReport, state_path: Path,
                conn: Connection) -> RepairState | None:
    """The run's state file; None (said on stderr) when a real run could not write it."""
    # The default file next to a report made again starts afresh; an explicit --resume must match.
    state = RepairState.open(state_path, report.digest, report.table, replace_other=not args.resume,
                             connection=connection_record(conn.spec, conn.region))
    if not args.dry_run:
        try:
            state.save()  # a folder that cannot take the state file fails here, before any send
        except OSError as exc:
            print(f"dynoview: cannot write the state file {state_path} ({exc.strerror or exc}); pass "
                  "--resume FILE in a folder you can write. Nothing was sent.", file=sys.stderr)
            return None
    return state


def _print_result(args: argparse.Namespace, plan: RepairPlan, result: RepairRun, state_path: Path) -> None:
    """The text report after a run: decisions, notes, the summary, and where it stopped."""
    for line in _decision_lines(plan):
        _out(line)
    for note in result.notes:
        _out(f"note: {note}")
    _out(result.summary())
    stopped = result.stopped_at
    if stopped is not None:
        where = result.outcomes[stopped]
        why = "cancelled" if result.cancelled else "stopped by an error"
        # The title quotes the finding's value: a carriage return in it would overwrite the line.
        print(terminal_line(f"The run was {why} at finding {stopped + 1} of {len(result.outcomes)} "
                            f"({where.title}); {stopped} done before it. Run the same command again "
                            "to continue" + ("." if args.dry_run else f" (state: {state_path}).")),
              file=sys.stderr)
    if result.error:
        print(f"dynoview: {result.error}", file=sys.stderr)
