"""Bulk repair from an audit report: release orphan locks, claim missing locks.

Only the two findings with one right answer are repaired automatically: an orphan
lock is released (``templates.release_orphan_lock``) and a missing lock is claimed
for the one account holding the value (``templates.claim_missing_lock``).
Duplicates, case clashes and expired items are listed for a person: which account
keeps a value, which spelling wins or whether a TTL is renewed are decisions.

Each repair, right before it acts:

1. re-reads the finding's lock or account with a strongly consistent GetItem;
2. runs the invariant preflight on the guarded transaction (``preflight.check.run_preflight``:
   the lock and the account read strongly consistent, the accounts holding the value
   through the rule's GSI or a bounded Scan), and acts only if the finding is still
   exactly what the report said and the transaction repairs it without breaking a pair;
3. sends it through ``tx_execution.execute_transaction``, which checks the read-only
   guard and the confirmation, sends the exact preview bytes and logs every send in the
   action log (its intent before, its outcome after, with the finding it repairs).

A run that stopped between sending and saving the state file is recognised by the next
run on the same report (``repair.earlier``): the finding's earlier send, settled by reads if
its outcome was never recorded, is its repair; it is never taken for someone else's change.

A finding that changed since the report is skipped and said so; a transaction DynamoDB
cancels (its conditions caught a change after the re-check) is reported and never
retried; one that fails validation (nothing sent) is left to a person and the run goes on.
At most ``rate`` findings are handled per second (``repair.pacing``); a ``threading.Event``
stops the run between findings; a state file (0600) lists the findings done, so a run that
stopped continues where it stopped and never acts on a finding twice.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from dynoview.core.errors import CancelledError, DynoViewError, ReadOnlyError, describe_error
from dynoview.core.preflight.check import FREE, NOT_ATOMIC_NOTE, run_preflight
from dynoview.core.reads.reader import Reader
from dynoview.core.reads.throttling import bulk_reader, slowdown_note
from dynoview.core.repair.earlier import (
    CANCELLED_BEFORE,
    CHANGED_BEFORE,
    WRITTEN_BEFORE,
    ReadOnlyLog,
    earlier_sends,
    judge_earlier,
    repair_context,
)
from dynoview.core.repair.lookup import find_pair, holders_checkable, index_note, repairs
from dynoview.core.repair.owner import account_holding, owner_read
from dynoview.core.repair.pacing import DEFAULT_RATE, MAX_RATE, MIN_RATE, Pacer, check_rate
from dynoview.core.repair.plan import RELEASE, PlannedRepair, RepairPlan
from dynoview.core.repair.release_guard import claimed_again
from dynoview.core.repair.state import (
    ALREADY_FIXED,
    APPLIED,
    CANCELLED,
    CHANGED,
    ERROR,
    NEEDS_DECISION,
    PENDING,
    PLANNED,
    SETTLED,
    STATUS_LABELS,
    RepairOutcome,
    RepairState,
)
from dynoview.core.repair.ttl_guard import expired_now, held_claim, held_release
from dynoview.core.session.connection import Connection
from dynoview.core.session.tables import TableInfo, describe_table
from dynoview.core.tx import outcomes as tx_outcomes
from dynoview.core.tx.action_log import ActionLog
from dynoview.core.tx.cancellation import key_text
from dynoview.core.tx.confirmation import confirmation_for
from dynoview.core.tx.execution import TransactionInvalidError, execute_transaction
from dynoview.core.tx.model import CONDITION_CHECK, DELETE, Action, Transaction
from dynoview.core.tx.recovery import recover_interrupted
from dynoview.core.tx.release_reads import LockRead
from dynoview.core.tx.templates import EmptiedValueError, claim_missing_lock, release_orphan_lock
from dynoview.core.tx.validation import has_errors, validate
from dynoview.core.tx.wire import preview_text
from dynoview.core.uniqueness.diagnose_owner import key_fits
from dynoview.core.uniqueness.findings import LABELS, OK
from dynoview.core.uniqueness.schema import LockRule, UniquenessSchema, protected_text

# The rates live in repair.pacing; the window and the command import them from here.
__all__ = ["DEFAULT_RATE", "EXIT_ATTENTION", "EXIT_ERROR", "EXIT_OK", "MAX_RATE", "MIN_RATE",
           "READ_ONLY_MESSAGE", "RepairProgress", "RepairRun", "run_repairs"]

READ_ONLY_MESSAGE = ("This connection is read-only: nothing was repaired and nothing was sent. "
                     "Reconnect without read-only to repair, or use a dry run to see the plan.")

EXIT_OK, EXIT_ATTENTION, EXIT_ERROR = 0, 1, 2


@dataclass(frozen=True)
class RepairProgress:
    """After each finding (and once at the end, ``finished``)."""

    done: int  # actionable findings handled, earlier runs included
    total: int  # actionable findings in the plan
    outcome: RepairOutcome | None
    finished: bool = False
    run: RepairRun | None = None  # the whole run, on the finished report

    def text(self) -> str:
        if self.outcome is None:
            return f"{self.done}/{self.total} findings handled"
        return f"[{self.done}/{self.total}] {self.outcome.label}: {self.outcome.message}"


@dataclass
class RepairRun:
    """A run's outcomes, one per actionable finding in plan order, and how it ended."""

    plan: RepairPlan
    outcomes: list[RepairOutcome]
    dry_run: bool = False
    cancelled: bool = False
    error: str | None = None
    notes: list[str] = field(default_factory=list)

    def count(self, status: str) -> int:
        return sum(1 for o in self.outcomes if o.status == status)

    @property
    def stopped_at(self) -> int | None:
        """0-based index (in ``outcomes``) of the first finding not handled, if any."""
        return next((i for i, o in enumerate(self.outcomes) if o.status in (PENDING, ERROR)), None)

    @property
    def written(self) -> list[dict[str, Any]]:
        return [k for o in self.outcomes if o.status == APPLIED and not o.earlier for k in o.written]

    @property
    def exit_code(self) -> int:
        """0 every repair applied or already fixed, 1 something needs a person, 2 error."""
        if self.error is not None or any(o.status == ERROR for o in self.outcomes):
            return EXIT_ERROR
        if self.cancelled or self.plan.decisions or any(o.status not in SETTLED for o in self.outcomes):
            return EXIT_ATTENTION
        return EXIT_OK

    def summary(self) -> str:
        # A dry run's applied ones are an earlier run's sends, found in the action log.
        first = (PLANNED, APPLIED) if self.dry_run else (APPLIED,)
        parts = [f"{self.count(s)} {STATUS_LABELS[s]}" for s in
                 (*first, ALREADY_FIXED, CHANGED, CANCELLED, ERROR, PENDING)
                 if self.count(s) or s == first[0]]
        earlier = sum(1 for o in self.outcomes if o.earlier)
        text = ", ".join(parts) + (f" ({earlier} by an earlier run)" if earlier else "")
        # The plan's decisions, and the repairs the run's re-check left to a person.
        text += f"; {len(self.plan.decisions) + self.count(NEEDS_DECISION)} need a decision."
        if self.dry_run:
            text = "Dry run, nothing sent: " + text
        return text[0].upper() + text[1:]


_GENERIC_NOTES = (NOT_ATOMIC_NOTE, "Computed as if every condition passes")


class _Repairer:
    """The re-check, build and send of one finding; shared state of one run."""

    def __init__(self, conn: Connection, reader: Reader, schema: UniquenessSchema, table: TableInfo,
                 *, dry_run: bool, confirmation: str | bool | None, log: ActionLog | None,
                 cancel: threading.Event, notes: list[str], report_digest: str = "",
                 locks_table: TableInfo | None = None) -> None:
        self.conn, self.reader, self.schema, self.table = conn, reader, schema, table
        self.locks = locks_table or table  # where the locks are (schema.locks: a table of their own)
        self.tables = {table.name: table, self.locks.name: self.locks}
        self.dry_run, self.confirmation, self.log = dry_run, confirmation, log
        self.cancel, self.notes = cancel, notes
        self.report_digest = report_digest
        # Sends of earlier runs on this report, by finding: a run stopped before saving its state.
        # A dry run reads them too (its log is a ``ReadOnlyLog``), to say what a resumed run says.
        self.earlier = earlier_sends(log, conn, table.name, report_digest)

    def outcome(self, item: PlannedRepair, status: str, message: str, tx: Transaction | None = None,
                written: Sequence[dict[str, Any]] = ()) -> RepairOutcome:
        body = preview_text(tx.to_request()) if tx is not None else None
        return RepairOutcome(item.id, item.kind, status, message, item.title(),
                             tx.token if tx is not None else None, body, list(written))

    def key_names(self, table: str) -> tuple[str, ...]:
        return tuple(self.tables[table].key_names) if table in self.tables else self.table.key_names

    def handle(self, item: PlannedRepair) -> RepairOutcome:
        if item.id in self.earlier:
            adopted = self._earlier(item)
            if adopted is not None:
                return adopted
        rule = self.schema.rule(item.finding.rule or "")
        if item.kind == RELEASE:
            checked = self._recheck_orphan(item, rule)
        else:
            checked = self._recheck_missing(item, rule)
        if isinstance(checked, RepairOutcome):
            return checked
        tx = checked
        problems = validate(tx, self.tables, self.schema)
        if has_errors(problems):
            # Refused before any send (a lock key over DynamoDB's limit, say): a problem of this
            # finding's own that no later finding shares, so the run goes on.
            return self.outcome(item, NEEDS_DECISION, f"{TransactionInvalidError(problems).message} "
                                "A person decides what to do with this finding.")
        judged = self._judge(item, rule, tx)
        if judged is not None:
            return judged
        if self.dry_run:
            return self.outcome(item, PLANNED, f"Would {item.title()}; the re-check found the finding "
                                "unchanged. Nothing was sent.", tx)
        return self._send(item, tx)

    def _earlier(self, item: PlannedRepair) -> RepairOutcome | None:
        """An earlier run's send of this finding, when it decides the finding now."""
        assert self.log is not None
        earlier = judge_earlier(self.conn, self.log, self.earlier[item.id], schema=self.schema,
                                table=self.table, reader=self.reader)
        if earlier is None:
            return None  # not applied: re-checked and repaired as usual
        tx = earlier.tx
        if earlier.verdict == WRITTEN_BEFORE and tx is not None:
            keys = [a.target_key(self.key_names(a.table)) for a in tx.actions if a.kind != CONDITION_CHECK]
            done = "Released" if item.kind == RELEASE else "Claimed"
            return self.outcome(item, APPLIED, f"{done} {key_text(keys[0])}. {earlier.message}", tx, keys)
        if earlier.verdict in (CANCELLED_BEFORE, CHANGED_BEFORE):
            return self.outcome(item, CANCELLED if earlier.verdict == CANCELLED_BEFORE else CHANGED,
                                f"{earlier.message} This finding is not retried. Run the audit again "
                                "and decide.", tx)
        return self.outcome(item, ERROR, f"{earlier.message} The run stopped here.", tx)

    def _recheck_orphan(self, item: PlannedRepair, rule: LockRule) -> Transaction | RepairOutcome:
        f = item.finding
        lock_key = f.lock_keys[0]
        lock = self.reader.get_item(self.locks.name, lock_key, consistent=True)
        if lock is None:
            return self.outcome(item, ALREADY_FIXED, f"The lock {key_text(lock_key)} no longer exists: "
                                "someone released it since the report. Nothing was sent.")
        if expired_now(lock, self.locks):
            return self.outcome(item, CHANGED, f"The lock {key_text(lock_key)} has expired since the "
                                "report: skipped, an expired lock is a person's decision.")
        held = held_release(lock, lock_key, f, self.locks)  # a reservation, or a TTL unknown
        if held is not None:
            return self.outcome(item, NEEDS_DECISION, held)
        if not holders_checkable(self.table, rule):
            return self.outcome(item, NEEDS_DECISION, f"The accounts holding {rule.name} {f.value} "
                                f"cannot be checked: the schema names no index on {rule.attribute} "
                                f"and {self.table.name} is too large to scan. Add the index to the "
                                "schema, or diagnose the value and release the lock by hand.")
        seen, owner = None, lock.get(rule.owner_attribute) if rule.owner_attribute else None
        if isinstance(owner, Mapping) and isinstance(owner.get("S"), str) and owner["S"]:
            # The lock names its account: read it, and guard the release on what was read.
            read = owner_read(self.reader, self.table, self.schema, lock_key, owner["S"], self.notes)
            if isinstance(read, str):
                return self.outcome(item, NEEDS_DECISION, read)
            seen = read
        try:  # guarded on the lock as read: its owner and TTL (a reservation since cancels it)
            return release_orphan_lock(self.schema, self.table.name, lock_key, seen,
                                       lock_read=LockRead(lock, self.locks.expiry_attribute))
        except ValueError as exc:  # the account the lock names holds the value (any spelling): no orphan
            return self.outcome(item, ALREADY_FIXED, f"{exc} Left as it is; nothing was sent.")

    def _recheck_missing(self, item: PlannedRepair, rule: LockRule) -> Transaction | RepairOutcome:
        f = item.finding
        acct_key, acct = f.account_keys[0], f.account_ids[0]
        # A key without its sort key, or not of its type (an audit keeps String SKs): by its id.
        account = self.reader.get_item(self.table.name, acct_key, consistent=True) if key_fits(
            self.table, acct_key) else account_holding(self.reader, self.table, self.schema, rule, item)
        if isinstance(account, str):
            return self.outcome(item, NEEDS_DECISION, account)
        if account is None:
            return self.outcome(item, ALREADY_FIXED, f"Account {acct} was deleted since the report: "
                                "there is no lock to claim. Nothing was sent.")
        text = protected_text(account.get(rule.attribute))
        now = rule.held_form(account)  # as the finding names it: normalised, a scoped one's scope first
        if now != f.value and not (text and now is None and f.value == ""):  # emptied: claim refuses
            shown = repr(text) if text else "no value"
            return self.outcome(item, CHANGED, f"Account {acct} now has {shown} as its {rule.attribute}, "
                                f"not {f.value!r}: changed since the report, skipped. Run the audit "
                                "again to see its state now.")
        if expired_now(account, self.table):
            return self.outcome(item, CHANGED, f"Account {acct} has expired since the report: skipped, "
                                "an expired account is a person's decision.")
        held = held_claim(acct, self.table)  # its table's TTL unknown: it may have expired
        if held is not None:
            return self.outcome(item, NEEDS_DECISION, held)
        try:
            return claim_missing_lock(self.schema, self.table.name, account, rule)
        except EmptiedValueError as exc:  # "   " under a trimming rule: no value, nothing to claim
            return self.outcome(item, NEEDS_DECISION, str(exc))
        except ValueError as exc:  # a Number value: the template writes string locks only
            return self.outcome(item, NEEDS_DECISION, f"{exc} Claim it by hand in the builder.")

    def _judge(self, item: PlannedRepair, rule: LockRule, tx: Transaction) -> RepairOutcome | None:
        """The preflight's verdict: None when the transaction may go."""
        f = item.finding
        assert f.value is not None
        # The audit behind the report read every spelling: one Scan per finding to find them
        # again would read the table once per finding (the index's look-up note says so instead).
        preflight = run_preflight(self.reader, tx, self.schema, self.tables, cancel=self.cancel,
                                  fold_by_scan=False)
        for note in preflight.notes:
            if not note.startswith(_GENERIC_NOTES) and note not in self.notes:
                self.notes.append(note)
        pair = find_pair(preflight, rule, f.value)
        if pair is None:
            return self.outcome(item, CHANGED, f"The preflight did not see {rule.name} {f.value} in "
                                "this transaction, so it was not sent. Run the audit again.")
        holders = ", ".join(pair.holders_before)
        if pair.status_before == FREE:
            return self.outcome(item, ALREADY_FIXED, f"{rule.name} {f.value} is free now (no lock, no "
                                "account): changed since the report. Nothing was sent.")
        if pair.status_before == OK:
            what = ("the lock is no longer an orphan" if item.kind == RELEASE
                    else "someone claimed the lock since the report")
            return self.outcome(item, ALREADY_FIXED, f"{holders} holds {rule.name} {f.value} with its "
                                f"lock now: {what}. Left as it is; nothing was sent.")
        if pair.status_before != f.status:
            now = f"held by {holders}" if holders else "unheld"
            return self.outcome(item, CHANGED, f"{rule.name} {f.value} is {pair.status_before} now "
                                f"({now}), not {f.status}: changed since the report, skipped. Run the "
                                "audit again and decide.")
        if preflight.refused:
            return self.outcome(item, CHANGED, "Refused by the preflight, nothing was sent: "
                                + " ".join(r.message for r in preflight.refusals))
        if not repairs(pair, self.table, rule):
            # The finding is what the report said: not "changed", and left for another run.
            why = ("its holders could not all be looked up" if pair.unseen
                   else "the transaction would not repair it")
            return self.outcome(item, NEEDS_DECISION, f"{rule.name} {f.value} is still as the report "
                                f"said ({LABELS.get(f.status, f.status).lower()}), but "
                                f"{why} ({pair.line()}), so nothing was sent. A person decides: "
                                "diagnose the value, or check the audit.")
        if not pair.repaired and index_note(self.table, rule) not in self.notes:
            self.notes.append(index_note(self.table, rule))
        return None

    def _send(self, item: PlannedRepair, tx: Transaction) -> RepairOutcome:
        result = execute_transaction(self.conn, tx, confirmation=self.confirmation,
                                     tables=self.tables, schema=self.schema,
                                     reader=self.reader, log=self.log,
                                     context=repair_context(self.table.name, self.report_digest, item.id))
        if result.status in tx_outcomes.WRITTEN:
            keys = [a.target_key(self.key_names(a.table)) for a in tx.actions if a.kind != CONDITION_CHECK]
            done = "Released" if item.kind == RELEASE else "Claimed"
            return self.outcome(item, APPLIED, f"{done} {key_text(keys[0])}. {result.message}", tx, keys)
        if result.status == tx_outcomes.CANCELLED:
            claimed = claimed_again(self.schema, item, tx, result.actions)
            message = claimed or result.message
            return self.outcome(item, CANCELLED, f"{message} The table changed after the re-check; "
                                "this finding is not retried. Run the audit again and decide.", tx)
        if result.status == tx_outcomes.UNKNOWN and result.rewritten:
            # Another write changed the item since the send: what is there now is that write's,
            # whatever this send did; acting again would act on it. Recorded, never retried.
            return self.outcome(item, CHANGED, f"{result.message} This finding is not retried: run "
                                "the audit again to see its state now.", tx)
        if result.status == tx_outcomes.NOT_APPLIED:
            # Never reached DynamoDB, or lost and read back absent: nothing changed, so DynamoDB
            # cancelled nothing and the finding stands; it is not recorded as settled.
            return self.outcome(item, ERROR, f"{result.message} Nothing was written; the run stopped "
                                "here. Run the repair again: it re-checks this finding and retries it.", tx)
        return self.outcome(item, ERROR, f"{result.message} The run stopped here.", tx)


def run_repairs(
    conn: Connection,
    plan: RepairPlan,
    schema: UniquenessSchema,
    table: TableInfo,
    *,
    reader: Reader | None = None,
    dry_run: bool = False,
    confirmation: str | bool | None = True,
    rate: float = DEFAULT_RATE,
    cancel: threading.Event | None = None,
    progress: Callable[[RepairProgress], None] | None = None,
    state: RepairState | None = None,
    log: ActionLog | None = None,
    clock: Callable[[], float] = time.monotonic,
    locks_table: TableInfo | None = None,
) -> RepairRun:
    """Re-check and repair the plan's orphan and missing locks, one guarded transaction each.
    ``locks_table``: the schema's separate locks table (``schema.locks``), where locks are
    read, put and deleted.

    Raises before any request: ``ReadOnlyError`` (unless ``dry_run``) and the confirmation's
    ``ConfirmationError`` (``confirmation``: True on this machine, the table name elsewhere,
    as ``execute_transaction`` asks). Everything after ends in the ``RepairRun``: a failure
    that concerns every finding (a read, credentials, the connection, throttling, the log)
    stops the run with that finding marked ``error``; a transaction its validation refuses is
    that finding's ``needs-decision`` and the run goes on; ``cancel`` stops it between findings
    (or inside a re-check), leaving the rest ``pending``. ``dry_run`` re-checks and builds
    each transaction but sends none and records nothing.
    """
    check_rate(rate)
    if schema.locks is not None and locks_table is None:
        locks_table = describe_table(conn, schema.locks.name)  # metadata: no read capacity
    if schema.locks is not None and locks_table is not None and locks_table.name != schema.locks.name:
        raise DynoViewError(f"The schema keeps its locks in table {schema.locks.name}, not "
                            f"{locks_table.name}.", field="locks_table")
    cancel = cancel or threading.Event()
    state = state or RepairState(None, "", plan.table)
    if not dry_run:
        _check_can_write(conn, table, confirmation)
    run = RepairRun(plan, [], dry_run=dry_run)
    reader = reader or Reader(conn)
    if type(reader) is Reader:  # a plain reader: its adaptive-retry twin (same log); says below if slowed
        reader = bulk_reader(reader)
    if not dry_run:
        # Sends an earlier run was killed in the middle of: settled by reads before any re-check.
        run.notes.extend(r.sentence for r in recover_interrupted(
            conn, log, schema=schema, reader=reader,
            tables={table.name: table, **({locks_table.name: locks_table} if locks_table else {})}))
    if dry_run and log is not None and not isinstance(log, ReadOnlyLog):
        log = ReadOnlyLog(log)  # a dry run writes no file
    repairer = _Repairer(conn, reader, schema, table, dry_run=dry_run, confirmation=confirmation,
                         log=log, cancel=cancel, notes=run.notes, report_digest=state.report_digest,
                         locks_table=locks_table)
    todo = plan.actionable
    handled = 0
    pacer = Pacer(1.0 / rate, clock)
    for index, item in enumerate(todo):
        earlier = state.done.get(item.id)
        if earlier is not None:
            run.outcomes.append(replace(earlier, earlier=True))
            handled += 1
            continue
        if run.error is None and not run.cancelled and pacer.wait_cancelled(cancel):
            run.cancelled = True
        if run.error is not None or run.cancelled:
            run.outcomes.append(repairer.outcome(item, PENDING, f"Not done: the run stopped before "
                                                 f"finding {index + 1} of {len(todo)}."))
            continue
        pacer.started()
        outcome = _repair_one(repairer, item, run, conn, table)
        if not dry_run:
            _record(state, item, outcome, run)
        run.outcomes.append(outcome)
        if outcome.status != PENDING:
            handled += 1
        if progress is not None:
            progress(RepairProgress(handled, len(todo), outcome))
    slowed = slowdown_note(reader)
    if slowed:
        run.notes.append(slowed)
    if progress is not None:
        progress(RepairProgress(handled, len(todo), None, finished=True, run=run))
    return run


def _check_can_write(conn: Connection, table: TableInfo, confirmation: str | bool | None) -> None:
    """Refuse before any request: a read-only connection, or a missing confirmation."""
    if conn.spec.read_only:
        raise ReadOnlyError(READ_ONLY_MESSAGE)
    probe = Transaction(actions=[Action(DELETE, table.name)])
    confirmation_for(conn, probe).check(confirmation)


def _repair_one(repairer: _Repairer, item: PlannedRepair, run: RepairRun, conn: Connection,
                table: TableInfo) -> RepairOutcome:
    """Re-check and repair one finding; a failure becomes its outcome and stops the run."""
    try:
        outcome = repairer.handle(item)
    except CancelledError:
        run.cancelled = True
        outcome = repairer.outcome(item, PENDING, "Not done: cancelled during its re-check; "
                                   "nothing was sent for it.")
    except Exception as exc:  # a failed read or a send refused before it left: stop, say which
        err = describe_error(exc, table=table.name,
                             endpoint=conn.spec.endpoint_url, profile=conn.spec.profile)
        # A title that only names the program ("DynoView") says nothing before the sentence.
        run.error = err.message if err.title == "DynoView" else f"{err.title}: {err.message}"
        # execute_transaction only raises before sending: nothing left for this finding.
        sent = "" if "not sent" in err.message else " Nothing was sent for this finding."
        outcome = repairer.outcome(item, ERROR, f"{err.message}{sent} The run stopped here; this "
                                   "finding is re-checked on the next run.")
    if outcome.status == ERROR and run.error is None:
        run.error = outcome.message
    return outcome


def _record(state: RepairState, item: PlannedRepair, outcome: RepairOutcome, run: RepairRun) -> None:
    """Save the outcome for --resume; a state file that cannot be written stops the run."""
    try:
        state.record(outcome)
    except OSError as exc:
        run.error = (f"The state file {state.path} could not be saved ({exc.strerror or exc}), "
                     f"so the run stopped after {item.title()} ({outcome.label}). Pass --resume "
                     "with a file in a folder you can write; findings repaired already are "
                     "found already fixed.")
