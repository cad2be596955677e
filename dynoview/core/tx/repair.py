"""Bulk repair from an audit report: release orphan locks, claim missing locks.

Only the two findings with one right answer are repaired automatically: an orphan
lock is released (``templates.release_orphan_lock``) and a missing lock is claimed
for the one account holding the value (``templates.claim_missing_lock``).
Duplicates, case clashes and expired items are listed for a person: which account
keeps a value, which spelling wins or whether a TTL is renewed are decisions.

Each repair, right before it acts:

1. re-reads the finding's lock or account with a strongly consistent GetItem;
2. runs the invariant preflight on the guarded transaction (``preflight.run_preflight``:
   the lock and the account read strongly consistent, the accounts holding the value
   through the rule's GSI or a bounded Scan), and acts only if the finding is still
   exactly what the report said and the transaction repairs it without breaking a pair;
3. sends it through ``tx_execution.execute_transaction``, which checks the read-only
   guard and the confirmation, sends the exact preview bytes and appends every
   transaction to the action log.

A finding that changed since the report is skipped and said so; a transaction DynamoDB
cancels (its conditions caught a change after the re-check) is reported and never
retried. At most ``rate`` findings are handled per second; a ``threading.Event`` stops
the run between findings; a state file (0600) lists the findings done, so a run that
stopped continues where it stopped and never acts on a finding twice.
"""

from __future__ import annotations

import hashlib
import json
import os
import threading
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from dynoview.core.errors import CancelledError, DynoViewError, ReadOnlyError, describe_error
from dynoview.core.reads.reader import Reader
from dynoview.core.session.connection import Connection
from dynoview.core.session.private_files import open_private, private_dir
from dynoview.core.session.tables import TableInfo
from dynoview.core.ttl.expiry import expired_at
from dynoview.core.tx import outcomes as tx_outcomes
from dynoview.core.tx.action_log import ActionLog
from dynoview.core.tx.cancellation import key_text
from dynoview.core.tx.confirmation import confirmation_for
from dynoview.core.tx.execution import execute_transaction
from dynoview.core.tx.model import CONDITION_CHECK, DELETE, Action, Transaction
from dynoview.core.tx.preflight import (
    FREE,
    LOOKUP_SCAN_MAX_ITEMS,
    NOT_ATOMIC_NOTE,
    Pair,
    Preflight,
    run_preflight,
)
from dynoview.core.tx.templates import claim_missing_lock, release_orphan_lock
from dynoview.core.tx.wire import preview_text
from dynoview.core.uniqueness.findings import (
    CASE_CLASH,
    DUPLICATE_VALUE,
    EXPIRED,
    EXPLANATIONS,
    MISSING_LOCK,
    OK,
    ORPHAN_LOCK,
    STATUSES,
    Finding,
)
from dynoview.core.uniqueness.schema import (
    LockRule,
    SchemaError,
    UniquenessSchema,
    normalise,
    protected_text,
    schema_from_json,
)
from dynoview.core.values.dynamodb_json import from_dynamodb_json
from dynoview.core.values.types import ValueParseError

REPORT_FORMAT = "dynoview-audit"
REPORT_VERSION = 1
STATE_FORMAT = "dynoview-repair-state"
STATE_VERSION = 1

#: Findings handled per second unless told otherwise: gentle on a table that serves signups.
DEFAULT_RATE = 5.0
MAX_RATE = 100.0

# What a planned repair does.
RELEASE = "release"  # delete an orphan lock
CLAIM = "claim"  # put a missing lock
DECIDE = "decide"  # a person decides: never repaired automatically

# What happened to one finding.
APPLIED = "applied"  # the guarded transaction was written
ALREADY_FIXED = "already-fixed"  # the problem was gone when re-checked: nothing sent
CHANGED = "changed"  # the finding is something else now: skipped, nothing sent
CANCELLED = "cancelled"  # DynamoDB cancelled the guarded transaction: nothing written, not retried
PLANNED = "planned"  # --dry-run: the transaction that would be sent
NEEDS_DECISION = "needs-decision"  # left for a person
ERROR = "error"  # the run stopped here; the finding is re-checked on the next run
PENDING = "pending"  # not reached: the run was cancelled or stopped before it

#: Outcomes a state file records: a resumed run never touches these findings again.
DONE = frozenset({APPLIED, ALREADY_FIXED, CHANGED, CANCELLED})
#: Outcomes that need nothing more from anyone.
SETTLED = frozenset({APPLIED, ALREADY_FIXED, PLANNED})

STATUS_LABELS = {
    APPLIED: "applied",
    ALREADY_FIXED: "already fixed",
    CHANGED: "changed since the report",
    CANCELLED: "cancelled by DynamoDB",
    PLANNED: "planned",
    NEEDS_DECISION: "needs a decision",
    ERROR: "error",
    PENDING: "not done yet",
}

READ_ONLY_MESSAGE = ("This connection is read-only: nothing was repaired and nothing was sent. "
                     "Reconnect without read-only to repair, or use a dry run to see the plan.")

EXIT_OK, EXIT_ATTENTION, EXIT_ERROR = 0, 1, 2


class RepairError(DynoViewError):
    """A report or state file that cannot be used; nothing was sent."""


# ------------------------------------------------------------------ the report


@dataclass(frozen=True)
class AuditReport:
    """The parts of ``dynoview audit --format json`` a repair needs."""

    table: str
    schema: UniquenessSchema | None
    findings: tuple[Finding, ...]
    complete: bool = True
    generated_at: str | None = None
    digest: str = ""  # sha256 of the report's bytes: ties a state file to its report
    source: str = ""


def _keys(raw: Any, where: str) -> tuple[dict[str, Any], ...]:
    if not isinstance(raw, list):
        raise RepairError(f"{where} must be a list of keys in DynamoDB JSON.")
    out = []
    for i, key in enumerate(raw):
        if not isinstance(key, Mapping) or not key:
            raise RepairError(f"{where}[{i}] must be a key such as "
                              '{"PK": {"S": "UNIQ#EMAIL#ada@lovelace.io"}, "SK": {"S": "LOCK"}}.')
        try:
            out.append({str(k): from_dynamodb_json(v, f"{where}[{i}].{k}") for k, v in key.items()})
        except ValueParseError as exc:
            raise RepairError(f"{exc.path}: {exc.message}") from None
    return tuple(out)


def finding_from_json(raw: Any, where: str = "finding") -> Finding:
    """A finding as ``report.finding_json`` wrote it (keys from DynamoDB JSON)."""
    if not isinstance(raw, Mapping):
        raise RepairError(f"{where} must be an object with status, rule, value and keys.")
    status = raw.get("status")
    if status not in STATUSES or status == OK:
        raise RepairError(f"{where}.status must be one of {', '.join(STATUSES[1:])}, not {status!r}.")
    rule, value = raw.get("rule"), raw.get("value")
    if not (rule is None or isinstance(rule, str)) or not (value is None or isinstance(value, str)):
        raise RepairError(f"{where}: rule and value must be strings (or null).")
    accounts = raw.get("accounts", [])
    if not isinstance(accounts, list) or not all(isinstance(a, str) for a in accounts):
        raise RepairError(f"{where}.accounts must be a list of account ids.")
    return Finding(status, rule, value, tuple(accounts),
                   _keys(raw.get("lock_keys", []), f"{where}.lock_keys"),
                   str(raw.get("sentence") or ""), str(raw.get("explanation") or EXPLANATIONS[status]),
                   _keys(raw.get("account_keys", []), f"{where}.account_keys"))


def parse_report(data: Any, *, digest: str = "", source: str = "") -> AuditReport:
    """Validate an audit report's JSON (see docs/cli-audit.md); errors name the field."""
    if not isinstance(data, Mapping) or data.get("format") != REPORT_FORMAT:
        raise RepairError("This is not a DynoView audit report: make one with "
                          "`dynoview audit --table T --format json > report.json`.")
    version = data.get("version")
    if version != REPORT_VERSION:
        raise RepairError(f"The report has version {version!r}; this DynoView reads version "
                          f"{REPORT_VERSION}. Run the audit again with this version.")
    table = data.get("table")
    if not isinstance(table, str) or not table:
        raise RepairError("The report names no table; run the audit again.")
    schema = None
    if data.get("schema") is not None:
        try:
            schema = schema_from_json(data["schema"], "the report's schema")
        except SchemaError as exc:
            raise RepairError(str(exc)) from None
    raw = data.get("findings")
    if not isinstance(raw, list):
        raise RepairError("The report has no findings list; run the audit again.")
    findings = tuple(finding_from_json(f, f"findings[{i}]") for i, f in enumerate(raw))
    generated = data.get("generated_at")
    return AuditReport(table, schema, findings, bool(data.get("complete", True)),
                       generated if isinstance(generated, str) else None, digest, source)


def load_report(path: str | os.PathLike[str]) -> AuditReport:
    """Read an audit report file."""
    source = os.fspath(path)
    try:
        data = Path(source).read_bytes()
    except OSError as exc:
        raise RepairError(f"Cannot read the report {source} ({exc.strerror or exc}); check the path.") \
            from None
    try:
        parsed = json.loads(data)
    except (ValueError, RecursionError) as exc:
        raise RepairError(f"The report {source} is not valid JSON ({exc}); make it again with "
                          "`dynoview audit --format json`.") from None
    return parse_report(parsed, digest=hashlib.sha256(data).hexdigest(), source=source)


# ------------------------------------------------------------------ the plan


def finding_id(f: Finding) -> str:
    """A stable, readable id for a finding: what a state file lists as done."""
    return json.dumps([f.status, f.rule, f.value, list(f.account_ids)], ensure_ascii=False)


@dataclass(frozen=True)
class PlannedRepair:
    """One finding and what the repair does with it."""

    finding: Finding
    kind: str  # RELEASE, CLAIM or DECIDE
    reason: str = ""  # for DECIDE: why a person decides

    @property
    def id(self) -> str:
        return finding_id(self.finding)

    def title(self) -> str:
        """"release email lock ken@thompson.dev" and the like, for one line of output."""
        f = self.finding
        if self.kind == RELEASE:
            return f"release orphan {f.rule} lock {f.value}"
        if self.kind == CLAIM:
            holder = f.account_ids[0] if f.account_ids else "its account"
            return f"claim missing {f.rule} lock {f.value} for {holder}"
        what = f"{f.rule} {f.value}" if f.rule else ", ".join(f.account_ids)
        return f"{f.status} {what}"


_DECISIONS = {
    DUPLICATE_VALUE: "Which account keeps the value is a person's decision: use Resolve duplicate "
                     "on one of the accounts.",
    CASE_CLASH: "Which spelling to keep is a person's decision: normalise the account value and "
                "keep a single lock.",
    EXPIRED: "An expired item is renewed or deleted by a person: releasing an expired lock could "
             "free a value a pending signup still needs.",
}


def _plan_one(f: Finding, schema: UniquenessSchema) -> PlannedRepair:
    if f.status in _DECISIONS:
        return PlannedRepair(f, DECIDE, _DECISIONS[f.status])
    try:
        rule = schema.rule(f.rule or "")
    except KeyError:
        return PlannedRepair(f, DECIDE, f"The schema has no rule {f.rule!r}: check the schema the "
                                        "report was made with.")
    if f.value is None:
        return PlannedRepair(f, DECIDE, "The finding names no value.")
    if f.status == ORPHAN_LOCK:
        if len(f.lock_keys) != 1:
            return PlannedRepair(f, DECIDE, "The finding does not name exactly one lock.")
        match = schema.match_lock(f.lock_keys[0])
        if match is None or match[0] != rule or match[1] != f.value:
            return PlannedRepair(f, DECIDE, "The lock's key is not the schema's key for this value.")
        if schema.lock_key(rule, f.value) != f.lock_keys[0]:
            # The release template rebuilds the key with the rule's normalisation: a lock stored
            # in another spelling would not be the one deleted.
            return PlannedRepair(f, DECIDE, f"The lock is spelled {f.value!r}, which the rule's "
                                            f"{rule.normalisation} normalisation would change: release "
                                            "it by hand after a diagnose.")
        return PlannedRepair(f, RELEASE)
    if f.status == MISSING_LOCK:
        if len(f.account_keys) != 1 or len(f.account_ids) != 1:
            return PlannedRepair(f, DECIDE, "The finding does not name exactly one account.")
        return PlannedRepair(f, CLAIM)
    return PlannedRepair(f, DECIDE, "This kind of finding is not repaired automatically.")


@dataclass(frozen=True)
class RepairPlan:
    """Every finding of a report with what the repair does about it."""

    table: str
    items: tuple[PlannedRepair, ...]

    @property
    def actionable(self) -> list[PlannedRepair]:
        return [p for p in self.items if p.kind != DECIDE]

    @property
    def releases(self) -> list[PlannedRepair]:
        return [p for p in self.items if p.kind == RELEASE]

    @property
    def claims(self) -> list[PlannedRepair]:
        return [p for p in self.items if p.kind == CLAIM]

    @property
    def decisions(self) -> list[PlannedRepair]:
        return [p for p in self.items if p.kind == DECIDE]

    def summary(self) -> str:
        return (f"Will release {len(self.releases)} orphan lock(s) and claim {len(self.claims)} "
                f"missing lock(s); {len(self.decisions)} finding(s) need a decision.")


def plan_repairs(findings: Iterable[Finding], schema: UniquenessSchema, table: str) -> RepairPlan:
    """What a repair of these findings does, finding by finding (no reads)."""
    return RepairPlan(table, tuple(_plan_one(f, schema) for f in findings))


# ------------------------------------------------------------------ outcomes and state


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


@dataclass
class RepairOutcome:
    """What happened to one finding, as a sentence with the transaction behind it."""

    id: str
    kind: str
    status: str
    message: str
    title: str = ""
    token: str | None = None
    request: str | None = None  # the exact request body sent (or planned, in a dry run)
    written: list[dict[str, Any]] = field(default_factory=list)  # keys the transaction wrote
    time: str = field(default_factory=_now)
    earlier: bool = False  # recorded by an earlier run (the state file)

    @property
    def label(self) -> str:
        return STATUS_LABELS.get(self.status, self.status)

    def to_json(self) -> dict[str, Any]:
        """For the state file and ``--format json`` (keys as DynamoDB JSON text)."""
        from dynoview.core.values.dynamodb_json import to_dynamodb_json

        return {"id": self.id, "kind": self.kind, "status": self.status, "title": self.title,
                "message": self.message, "token": self.token, "request": self.request,
                "written": [{k: to_dynamodb_json(v) for k, v in key.items()} for key in self.written],
                "time": self.time}

    @classmethod
    def from_json(cls, raw: Mapping[str, Any]) -> RepairOutcome:
        written: list[dict[str, Any]] = []
        for key in raw.get("written") or []:
            try:
                written.append({str(k): from_dynamodb_json(v) for k, v in key.items()})
            except (ValueParseError, AttributeError):
                continue  # a damaged key only costs the window a refresh
        return cls(str(raw["id"]), str(raw.get("kind", "")), str(raw["status"]),
                   str(raw.get("message", "")), str(raw.get("title", "")), raw.get("token"),
                   raw.get("request"), written, str(raw.get("time", "")), earlier=True)


def default_state_path(report_path: str | os.PathLike[str]) -> Path:
    """Next to the report: ``audit.json`` -> ``audit.repair-state.json``."""
    path = Path(report_path)
    return path.with_name(path.stem + ".repair-state.json")


class RepairState:
    """The findings done so far, saved after each one (0600, replaced atomically).

    ``path`` None keeps it in memory only (the window's dialog: Cancel, then Continue).
    """

    def __init__(self, path: str | os.PathLike[str] | None, report_digest: str, table: str) -> None:
        self.path = Path(path) if path is not None else None
        self.report_digest = report_digest
        self.table = table
        self.done: dict[str, RepairOutcome] = {}
        self.replaced = False  # the file held another report's state, which this one replaces
        self._lock = threading.Lock()

    @classmethod
    def open(cls, path: str | os.PathLike[str] | None, report_digest: str, table: str, *,
             replace_other: bool = False) -> RepairState:
        """Load the state file if it exists. One made for another report or table is refused, or
        with ``replace_other`` (the default file next to a report made again) started afresh:
        safe, since every finding is re-checked before anything is sent."""
        state = cls(path, report_digest, table)
        if state.path is None or not state.path.exists():
            return state
        try:
            raw = json.loads(state.path.read_text(encoding="utf-8"))
        except (OSError, ValueError, RecursionError) as exc:
            raise RepairError(f"The state file {state.path} cannot be read ({exc}); move it away to "
                              "start over (findings already repaired are then found already fixed).") \
                from None
        if not isinstance(raw, Mapping) or raw.get("format") != STATE_FORMAT:
            raise RepairError(f"{state.path} is not a DynoView repair state file; pass another "
                              "--resume file.")
        if raw.get("table") != table or (report_digest and raw.get("report_sha256") != report_digest):
            if replace_other:
                state.replaced = True
                return state
            raise RepairError(f"The state file {state.path} belongs to another report or table "
                              f"({raw.get('table')}); pass --resume with a new file, or move it away.")
        for entry in raw.get("done") or []:
            if isinstance(entry, Mapping) and entry.get("status") in DONE and "id" in entry:
                outcome = RepairOutcome.from_json(entry)
                state.done[outcome.id] = outcome
        return state

    def record(self, outcome: RepairOutcome) -> None:
        """Remember a finished finding and save the file at once (a crash loses at most the
        finding in flight, which the next run re-checks before acting)."""
        if outcome.status not in DONE:
            return
        with self._lock:
            self.done[outcome.id] = outcome
            self._save()

    def save(self) -> None:
        """Write the file now (before a run: a folder that cannot take it fails before any send)."""
        with self._lock:
            self._save()

    def _save(self) -> None:
        if self.path is None:
            return
        data = {"format": STATE_FORMAT, "version": STATE_VERSION, "table": self.table,
                "report_sha256": self.report_digest, "updated_at": _now(),
                "done": [o.to_json() for o in self.done.values()]}
        folder = self.path.parent
        if not folder.exists():
            private_dir(folder)  # only a folder we create is ours to make 0700
        tmp = self.path.with_name(self.path.name + ".tmp")
        with open_private(tmp, "w") as fh:
            fh.write(json.dumps(data, indent=2, ensure_ascii=False))
        os.replace(tmp, self.path)  # never a half-written state file


# ------------------------------------------------------------------ the run


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
        parts = [f"{self.count(s)} {STATUS_LABELS[s]}" for s in
                 (PLANNED if self.dry_run else APPLIED, ALREADY_FIXED, CHANGED, CANCELLED, ERROR, PENDING)
                 if self.count(s) or s in (APPLIED, PLANNED)]
        earlier = sum(1 for o in self.outcomes if o.earlier)
        text = ", ".join(parts) + (f" ({earlier} by an earlier run)" if earlier else "")
        text += f"; {len(self.plan.decisions)} need a decision."
        if self.dry_run:
            text = "Dry run, nothing sent: " + text
        return text[0].upper() + text[1:]


_GENERIC_NOTES = (NOT_ATOMIC_NOTE, "Computed as if every condition passes")


def _pair(preflight: Preflight, rule: LockRule, value: str) -> Pair | None:
    return next((p for p in preflight.pairs if p.rule == rule.name and p.value == value), None)


def _holders_checkable(table: TableInfo, rule: LockRule) -> bool:
    """Whether the preflight can look up the accounts holding a value (as its lookup decides):
    the rule's index exists on the attribute, or the table is small enough to Scan."""
    if rule.index_name and any(i.name == rule.index_name and i.partition_key.name == rule.attribute
                               for i in table.indexes):
        return True
    return table.item_count is not None and table.item_count <= LOOKUP_SCAN_MAX_ITEMS


class _Repairer:
    """The re-check, build and send of one finding; shared state of one run."""

    def __init__(self, conn: Connection, reader: Reader, schema: UniquenessSchema, table: TableInfo,
                 *, dry_run: bool, confirmation: str | bool | None, log: ActionLog | None,
                 cancel: threading.Event, notes: list[str]) -> None:
        self.conn, self.reader, self.schema, self.table = conn, reader, schema, table
        self.dry_run, self.confirmation, self.log = dry_run, confirmation, log
        self.cancel, self.notes = cancel, notes

    def outcome(self, item: PlannedRepair, status: str, message: str, tx: Transaction | None = None,
                written: Sequence[dict[str, Any]] = ()) -> RepairOutcome:
        body = preview_text(tx.to_request()) if tx is not None else None
        return RepairOutcome(item.id, item.kind, status, message, item.title(),
                             tx.token if tx is not None else None, body, list(written))

    def _expired(self, item: Mapping[str, Any]) -> bool:
        attr = self.table.ttl_attribute
        av = item.get(attr) if attr else None
        return isinstance(av, Mapping) and expired_at(av.get("N"), time.time())

    def handle(self, item: PlannedRepair) -> RepairOutcome:
        rule = self.schema.rule(item.finding.rule or "")
        if item.kind == RELEASE:
            checked = self._recheck_orphan(item, rule)
        else:
            checked = self._recheck_missing(item, rule)
        if isinstance(checked, RepairOutcome):
            return checked
        tx = checked
        judged = self._judge(item, rule, tx)
        if judged is not None:
            return judged
        if self.dry_run:
            return self.outcome(item, PLANNED, f"Would {item.title()}; the re-check found the finding "
                                "unchanged. Nothing was sent.", tx)
        return self._send(item, tx)

    def _recheck_orphan(self, item: PlannedRepair, rule: LockRule) -> Transaction | RepairOutcome:
        f = item.finding
        lock_key = f.lock_keys[0]
        lock = self.reader.get_item(self.table.name, lock_key, consistent=True)
        if lock is None:
            return self.outcome(item, ALREADY_FIXED, f"The lock {key_text(lock_key)} no longer exists: "
                                "someone released it since the report. Nothing was sent.")
        if self._expired(lock):
            return self.outcome(item, CHANGED, f"The lock {key_text(lock_key)} has expired since the "
                                "report: skipped, an expired lock is a person's decision.")
        if not _holders_checkable(self.table, rule):
            return self.outcome(item, NEEDS_DECISION, f"The accounts holding {rule.name} {f.value} "
                                f"cannot be checked: the schema names no index on {rule.attribute} "
                                f"and {self.table.name} is too large to scan. Add the index to the "
                                "schema, or diagnose the value and release the lock by hand.")
        owner_key = None
        owner = lock.get(rule.owner_attribute) if rule.owner_attribute else None
        if isinstance(owner, Mapping) and isinstance(owner.get("S"), str) and owner["S"]:
            # The lock names its account: the release also checks that account does not hold it.
            owner_key = self.schema.account_key(owner["S"])
        return release_orphan_lock(self.schema, self.table.name, lock_key, owner_key)

    def _recheck_missing(self, item: PlannedRepair, rule: LockRule) -> Transaction | RepairOutcome:
        f = item.finding
        acct_key, acct = f.account_keys[0], f.account_ids[0]
        account = self.reader.get_item(self.table.name, acct_key, consistent=True)
        if account is None:
            return self.outcome(item, ALREADY_FIXED, f"Account {acct} was deleted since the report: "
                                "there is no lock to claim. Nothing was sent.")
        text = protected_text(account.get(rule.attribute))
        now = normalise(text, rule.normalisation) if text else None
        if now != f.value:
            shown = repr(text) if text else "no value"
            return self.outcome(item, CHANGED, f"Account {acct} now has {shown} as its {rule.attribute}, "
                                f"not {f.value!r}: changed since the report, skipped. Run the audit "
                                "again to see its state now.")
        if self._expired(account):
            return self.outcome(item, CHANGED, f"Account {acct} has expired since the report: skipped, "
                                "an expired account is a person's decision.")
        try:
            return claim_missing_lock(self.schema, self.table.name, account, rule)
        except ValueError as exc:  # a Number value: the template writes string locks only
            return self.outcome(item, NEEDS_DECISION, f"{exc} Claim it by hand in the builder.")

    def _judge(self, item: PlannedRepair, rule: LockRule, tx: Transaction) -> RepairOutcome | None:
        """The preflight's verdict: None when the transaction may go."""
        f = item.finding
        assert f.value is not None
        preflight = run_preflight(self.reader, tx, self.schema, {self.table.name: self.table},
                                  cancel=self.cancel)
        for note in preflight.notes:
            if not note.startswith(_GENERIC_NOTES) and note not in self.notes:
                self.notes.append(note)
        pair = _pair(preflight, rule, f.value)
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
        if not pair.repaired:
            return self.outcome(item, CHANGED, f"The transaction would not repair {rule.name} "
                                f"{f.value} ({pair.line()}), so it was not sent.")
        return None

    def _send(self, item: PlannedRepair, tx: Transaction) -> RepairOutcome:
        result = execute_transaction(self.conn, tx, confirmation=self.confirmation,
                                     tables={self.table.name: self.table}, schema=self.schema,
                                     reader=self.reader, log=self.log)
        if result.status in tx_outcomes.WRITTEN:
            keys = [a.target_key(self.table.key_names) for a in tx.actions if a.kind != CONDITION_CHECK]
            done = "Released" if item.kind == RELEASE else "Claimed"
            return self.outcome(item, APPLIED, f"{done} {key_text(keys[0])}. {result.message}", tx, keys)
        if result.status in (tx_outcomes.CANCELLED, tx_outcomes.NOT_APPLIED):
            return self.outcome(item, CANCELLED, f"{result.message} The table changed after the re-check; "
                                "this finding is not retried. Run the audit again and decide.", tx)
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
) -> RepairRun:
    """Re-check and repair the plan's orphan and missing locks, one guarded transaction each.

    Raises before any request: ``ReadOnlyError`` (unless ``dry_run``) and the confirmation's
    ``ConfirmationError`` (``confirmation``: True on this machine, the table name elsewhere,
    as ``execute_transaction`` asks). Everything after ends in the ``RepairRun``: a failure
    stops the run with that finding marked ``error``; ``cancel`` stops it between findings
    (or inside a re-check), leaving the rest ``pending``. ``dry_run`` re-checks and builds
    each transaction but sends none and records nothing.
    """
    if not 0 < rate <= MAX_RATE:
        raise DynoViewError(f"The rate must be above 0 and at most {MAX_RATE:g} findings per second; "
                            f"{rate:g} was given.", field="rate")
    cancel = cancel or threading.Event()
    state = state or RepairState(None, "", plan.table)
    if not dry_run:
        if conn.spec.read_only:
            raise ReadOnlyError(READ_ONLY_MESSAGE)
        probe = Transaction(actions=[Action(DELETE, table.name)])
        confirmation_for(conn, probe).check(confirmation)
    run = RepairRun(plan, [], dry_run=dry_run)
    repairer = _Repairer(conn, reader or Reader(conn), schema, table, dry_run=dry_run,
                         confirmation=confirmation, log=log, cancel=cancel, notes=run.notes)
    todo = plan.actionable
    handled = 0
    interval = 1.0 / rate
    next_at = clock()
    for index, item in enumerate(todo):
        earlier = state.done.get(item.id)
        if earlier is not None:
            run.outcomes.append(replace(earlier, earlier=True))
            handled += 1
            continue
        if run.error is None and not run.cancelled:
            delay = next_at - clock()
            # At most ``rate`` findings per second; the wait ends at once on cancel.
            if cancel.is_set() or (delay > 0 and cancel.wait(delay)):
                run.cancelled = True
        if run.error is not None or run.cancelled:
            run.outcomes.append(repairer.outcome(item, PENDING, f"Not done: the run stopped before "
                                                 f"finding {index + 1} of {len(todo)}."))
            continue
        next_at = max(next_at, clock()) + interval
        try:
            outcome = repairer.handle(item)
        except CancelledError:
            run.cancelled = True
            outcome = repairer.outcome(item, PENDING, "Not done: cancelled during its re-check; "
                                       "nothing was sent for it.")
        except Exception as exc:  # a failed read or a refused send: stop, and say which finding
            err = describe_error(exc, table=table.name,
                                 endpoint=conn.spec.endpoint_url, profile=conn.spec.profile)
            run.error = f"{err.title}: {err.message}"
            outcome = repairer.outcome(item, ERROR, f"{err.message} The run stopped here; this finding "
                                       "is re-checked on the next run.")
        if outcome.status == ERROR and run.error is None:
            run.error = outcome.message
        if not dry_run:
            try:
                state.record(outcome)
            except OSError as exc:
                run.error = (f"The state file {state.path} could not be saved ({exc.strerror or exc}), "
                             f"so the run stopped after {item.title()} ({outcome.label}). Pass --resume "
                             "with a file in a folder you can write; findings repaired already are "
                             "found already fixed.")
        run.outcomes.append(outcome)
        if outcome.status != PENDING:
            handled += 1
        if progress is not None:
            progress(RepairProgress(handled, len(todo), outcome))
    if progress is not None:
        progress(RepairProgress(handled, len(todo), None, finished=True, run=run))
    return run
