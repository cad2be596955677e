"""The builder's send as a state machine, without widgets.

    editing → checking → refused | warned (needs the warnings confirmed) → overridden
            → confirming → sending → settled (written, cancelled, failed or unknown)

``checking`` goes straight to ``confirming`` when the preflight neither refuses nor warns, and
back to ``editing`` when only a check was asked for, when the preflight could not read, or
when the transaction changed meanwhile. A declined override or confirmation goes back to
``editing``; so does an edit of the actions the preflight judged, and a change of the window's
connection before the send (``connection_changed``): a send is checked, confirmed and sent
through the one connection it started on, never carried to another. Every move is checked
against ``TRANSITIONS``: an impossible one is a bug, raised as ``FlowError``.

The panel renders each ``SendStep`` (``changed``) and forwards the user's answers
(``override``, ``confirm``); the background work runs through ``BuilderController``.
"""

from __future__ import annotations

import dataclasses
import json
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from PySide6.QtCore import QObject, Signal

from dynoview.core.edits.staging import written_values
from dynoview.core.errors import credentials_failed
from dynoview.core.preflight.check import Preflight
from dynoview.core.preflight.guards import Guard, add_guards
from dynoview.core.preflight.model import CANCELLED as WOULD_CANCEL
from dynoview.core.preflight.model import UNSEEN_ATTRIBUTES
from dynoview.core.reads.reader import Reader
from dynoview.core.session.connection import Connection
from dynoview.core.session.tables import TableInfo
from dynoview.core.tx.action_log import ActionLog, connection_record
from dynoview.core.tx.confirmation import ConfirmationRequirement, confirmation_for
from dynoview.core.tx.idempotency import stale_token_warning, token_first_sent
from dynoview.core.tx.model import CONDITION_CHECK, Transaction
from dynoview.core.tx.outcomes import APPLIED, CANCELLED, SUCCEEDED, UNKNOWN, WRITTEN, ExecutionResult
from dynoview.core.tx.validation import TableSchemas
from dynoview.core.uniqueness.schema import UniquenessSchema
from dynoview.ui.builder.controller import BuilderController
from dynoview.ui.context import AppContext
from dynoview.ui.context_events import WrittenKey


class State(StrEnum):
    EDITING = "editing"
    CHECKING = "checking"
    REFUSED = "refused"  # the preflight refused: sent only if the user overrides it
    WARNED = "warned"  # the preflight warns: sent only once the user confirms the warnings
    OVERRIDDEN = "overridden"  # the user typed the override for exactly these actions
    CONFIRMING = "confirming"  # the usual confirmation (a click, or the table name typed)
    SENDING = "sending"
    SETTLED = "settled"


class Outcome(StrEnum):
    WRITTEN = "written"  # succeeded, or applied (settled by reads after a lost answer)
    CANCELLED = "cancelled"  # TransactionCanceled: nothing was written
    FAILED = "failed"  # refused by DynamoDB, not applied, or not sent at all
    UNKNOWN = "unknown"  # the answer was lost and reads could not settle it


_ANYWHERE_BUT_SENDING = frozenset(State) - {State.SENDING}
TRANSITIONS: dict[State, frozenset[State]] = {
    State.EDITING: frozenset({State.EDITING, State.CHECKING}),
    State.CHECKING: frozenset({State.EDITING, State.CHECKING, State.REFUSED, State.WARNED,
                               State.CONFIRMING}),
    State.REFUSED: frozenset({State.EDITING, State.CHECKING, State.OVERRIDDEN}),
    State.WARNED: frozenset({State.EDITING, State.CHECKING, State.OVERRIDDEN}),
    State.OVERRIDDEN: frozenset({State.EDITING, State.CONFIRMING}),
    State.CONFIRMING: frozenset({State.EDITING, State.CHECKING, State.SENDING}),
    State.SENDING: frozenset({State.SETTLED}),
    State.SETTLED: frozenset({State.EDITING, State.CHECKING}),
}
# Before the send: a change of connection abandons the send (``SendFlow.connection_changed``).
PREPARING = frozenset({State.CHECKING, State.REFUSED, State.WARNED, State.OVERRIDDEN, State.CONFIRMING})


class FlowError(RuntimeError):
    """A move the state machine does not have: a bug in its caller."""


@dataclass(frozen=True)
class SendEnv:
    """What a send needs besides the transaction, as the panel knows it when Execute is pressed."""

    schema: UniquenessSchema
    tables: dict[str, TableInfo]
    log: ActionLog
    pinned: bool = False  # the user brought the token (typed or imported): it may be late
    logged_token: str | None = None  # a token the action log holds a send of (restored work)
    # Once the tables the window did not know are described (and in ``ctx.tables``): the env
    # judged again with them (their keys and rules), or a sentence saying why nothing can be sent.
    renew: Callable[[], SendEnv | str] | None = None


@dataclass(frozen=True)
class SendStep:
    """One state as the panel renders it."""

    state: State
    message: str = ""  # the status line's sentence ("" leaves it as it is)
    tx: Transaction | None = None  # the transaction this step is about
    preflight: Preflight | None = None
    execute_after: bool = False
    requirement: ConfirmationRequirement | None = None  # in CONFIRMING
    result: ExecutionResult | None = None  # in SETTLED after an answer
    outcome: Outcome | None = None  # in SETTLED
    error: BaseException | None = None  # the read's or the send's exception
    guards: list[Guard] = field(default_factory=list)


def outcome_of(result: ExecutionResult) -> Outcome:
    if result.status in WRITTEN:
        return Outcome.WRITTEN
    if result.status == CANCELLED:
        return Outcome.CANCELLED
    return Outcome.UNKNOWN if result.status == UNKNOWN else Outcome.FAILED


def result_sentence(result: ExecutionResult) -> str:
    """"Applied: …", "Cancelled: Nothing was written. …", then what was settled from earlier."""
    prefix = "Applied" if result.status in WRITTEN else "Cancelled" if result.status == CANCELLED \
        else result.status.replace("_", " ").capitalize()
    # Sends an earlier session was killed in the middle of, settled by reads before this one.
    earlier = "".join(f" Earlier: {sentence}" for sentence in result.recovered)
    return f"{prefix}: {result.message}{earlier}"


def written_keys(result: ExecutionResult, sent: Transaction, tables: dict[str, TableInfo],
                 schema: UniquenessSchema) -> list[WrittenKey]:
    """The items a send wrote or may have written (none when DynamoDB cancelled or refused
    it): what ``ctx.items_written`` carries to the views, so they read them again."""
    if result.status not in (SUCCEEDED, APPLIED, UNKNOWN):
        return []
    keys = []
    for action in sent.actions:
        if action.kind == CONDITION_CHECK:
            continue  # a check reads, it never writes
        info = tables.get(action.table)
        names = info.key_names if info is not None else tuple(
            n for n in (schema.pk_name, schema.sk_name) if n)
        certain = result.status != UNKNOWN
        # What it set, only when it surely wrote: a value there may be someone else's otherwise.
        keys.append(WrittenKey(action.table, action.target_key(names), certain,
                               written_values(action) if certain else None))
    return keys


def cancelled_keys(result: ExecutionResult, sent: Transaction, tables: dict[str, TableInfo],
                   schema: UniquenessSchema, preflight: Preflight | None) -> list[WrittenKey]:
    """The items of the actions DynamoDB cancelled ``sent`` on that ``preflight`` did not expect
    to fail: they changed after it read them (nothing was written). Those it expected to fail
    are in its own reads, which the views compare (``ItemsChanged.preflight``)."""
    if result.status != CANCELLED:
        return []
    expected = {r.action for r in preflight.refusals if r.status == WOULD_CANCEL} if preflight else set()
    keys = []
    for outcome in result.actions:
        if not outcome.code or outcome.index in expected or outcome.index >= len(sent.actions):
            continue
        action = sent.actions[outcome.index]
        info = tables.get(action.table)
        names = info.key_names if info is not None else tuple(
            n for n in (schema.pk_name, schema.sk_name) if n)
        keys.append(WrittenKey(action.table, action.target_key(names), certain=False))
    return keys


class SendFlow(QObject):
    """One builder's send, from the preflight to the settled outcome."""

    changed = Signal(object)  # SendStep

    def __init__(self, ctx: AppContext, current: Callable[[], Transaction],
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.ctx = ctx
        self._current = current  # the transaction as edited now
        self.controller = BuilderController(ctx, self)
        self.controller.preflight_done.connect(self._checked)
        self.controller.preflight_failed.connect(self._check_failed)
        self.controller.executed.connect(self._settled)
        self.controller.execute_failed.connect(self._send_failed)
        self.step = SendStep(State.EDITING)
        self.preflight: Preflight | None = None
        self.guarded: tuple[Transaction, list[Guard]] | None = None
        self.executed: Transaction | None = None  # the last transaction sent
        self._judged: str | None = None  # the actions the preflight judged
        # The actions whose refusal or warnings the user confirmed (typed the table name):
        # nothing the preflight refused or warned about is sent without it.
        self._overridden: str | None = None
        self._env: SendEnv | None = None
        # The connection the send started on (its preflight's reader's): the only one it is
        # confirmed for and sent through.
        self._conn: Connection | None = None
        self._reader: Reader | None = None
        #: Tables a DescribeTable said are not on this connection -> the table named like it
        #: (or None): the builder says so at their actions' Table field.
        self.missing: dict[str, str | None] = {}

    @property
    def state(self) -> State:
        return self.step.state

    def running(self) -> bool:
        return self.controller.running()

    @property
    def sending(self) -> bool:
        """A transaction left (or is leaving) and its outcome is not settled yet: closing the
        window waits for it (``transfer.quit_guard``), as it cannot be taken back."""
        return self.state is State.SENDING

    def sending_to(self) -> list[str]:
        """The tables the transaction in flight writes to, in request order ([] when none)."""
        sent = self.executed if self.sending else None
        return list(dict.fromkeys(a.table for a in sent.actions)) if sent is not None else []

    def sending_as(self, tx: Transaction) -> bool:
        """Whether ``tx``'s actions are exactly the ones in flight: not unsent work to ask about."""
        sent = self.executed
        return self.sending and sent is not None and _items(sent) == _items(tx)

    def _go(self, state: State, **details: Any) -> None:
        if state not in TRANSITIONS[self.step.state]:
            raise FlowError(f"The send cannot go from {self.step.state} to {state}.")
        self.step = SendStep(state, **details)
        self.changed.emit(self.step)

    # ---------------------------------------------------------------- the user's moves

    def check(self, tx: Transaction, env: SendEnv, *, execute_after: bool) -> bool:
        """Run the preflight on ``tx`` (then, with ``execute_after``, ask and send); False when
        it cannot start (no reader, or a send is under way)."""
        reader = self.ctx.reader
        if reader is None or self.state is State.SENDING:
            return False
        self.preflight = None
        self.guarded = None
        self._judged = None
        self._overridden = None
        self._env = env
        self._conn, self._reader = reader.conn, reader
        self._go(State.CHECKING, tx=tx, execute_after=execute_after,
                 message=self.tr("Preflight: reading the accounts and locks this transaction touches…"))
        self.controller.start_preflight(reader, tx, env.schema, env.tables, execute_after=execute_after,
                                        log=env.log, described=self._described)
        return True

    def override(self, typed: bool) -> None:
        """The answer to REFUSED or WARNED: True once the user typed the table name."""
        tx, preflight = self.step.tx, self.step.preflight
        if self.state not in (State.REFUSED, State.WARNED) or tx is None or preflight is None:
            return
        if not typed:
            fix = self.tr("Use the proposed template, or fix the actions.") if preflight.refused else \
                self.tr("Change the value, or Execute again and confirm the warning.")
            self._go(State.EDITING, preflight=preflight, message=f"{preflight.summary()} {fix}")
            return
        self._overridden = _items(tx)
        self._go(State.OVERRIDDEN, tx=tx, preflight=preflight)
        self._ask_confirmation(tx)

    def confirm(self, confirmation: str | bool | None) -> None:
        """The answer to CONFIRMING: None when cancelled, True (a click) or the typed table name.
        Anything else than a confirmation of exactly the actions judged sends nothing."""
        tx, conn, env = self.step.tx, self._conn, self._env  # the connection the dialog named
        waiting = self.state is State.CONFIRMING
        if confirmation is None or conn is None:
            if waiting:
                self._go(State.EDITING, preflight=self.preflight,
                         message=self.tr("Not executed: the confirmation was cancelled."))
            return
        if conn is not self.ctx.connection:  # the window moved on under the dialog
            if waiting:
                self._abandon()
            return
        if not waiting or tx is None or env is None or self._unconfirmed(tx):
            if self.state is not State.SENDING:  # a send under way is not this answer's to stop
                self._go(State.EDITING, preflight=self.preflight,
                         message=self.tr("Not executed: the preflight's refusal or warning for these actions "
                                 "was not confirmed. Execute again to see it."))
            return
        self.executed = tx  # what was sent, even if the builder is edited meanwhile
        self._go(State.SENDING, tx=tx, preflight=self.preflight, message=self.tr("Executing…"))
        overridden = self.preflight is not None and any(
            r.status == UNSEEN_ATTRIBUTES for r in self.preflight.refusals)
        self.controller.start_send(conn, tx, confirmation, tables=env.tables, schema=env.schema,
                                   reader=self._reader, log=env.log, look_again=not overridden)

    def connection_changed(self) -> None:
        """The window's connection changed: a send not sent yet (its preflight running, or a
        question open) is abandoned, as its preflight read and its confirmation named the other
        one. The panel calls it after its own reaction, so the status keeps the reason."""
        self.missing.clear()  # DescribeTable's answers were the other connection's
        if self.state not in PREPARING or self._conn is None or self.ctx.connection is self._conn:
            return
        if self.state is State.CHECKING:
            self.controller.stop_preflight()  # its answer is about the other connection
        self._abandon()

    def edited(self, tx: Transaction) -> None:
        """The builder's transaction changed: an answer about other actions would mislead."""
        if self._judged is None or self._judged == _items(tx):
            return
        self.preflight = None
        self.guarded = None
        self._judged = None
        if self.state in (State.EDITING, State.SETTLED):
            self._go(State.EDITING)

    def written_as(self, tx: Transaction) -> bool:
        """Whether ``tx``'s actions are exactly the ones the last send wrote."""
        sent, step = self.executed, self.step
        return step.state is State.SETTLED and step.outcome is Outcome.WRITTEN and sent is not None \
            and _items(sent) == _items(tx)

    def take_guards(self) -> tuple[Transaction, list[Guard]] | None:
        """The transaction with the preflight's guards added, once (None when there are none)."""
        guarded, self.guarded = self.guarded, None
        return guarded if guarded is not None and guarded[1] else None

    # ---------------------------------------------------------------- background answers

    def _described(self, described: TableSchemas) -> tuple[UniquenessSchema, dict[str, TableInfo]] | None:
        """The tables the transaction names that the window did not know, described: added to
        what it knows, and the (schema, tables) the preflight judges with; None when it stops
        (a table does not exist, or the builder's checks now find an error)."""
        env, tx = self._env, self.step.tx
        if self.state is not State.CHECKING or env is None or tx is None \
                or self.ctx.connection is not self._conn:
            return None  # abandoned meanwhile: its answer is not this window's any more
        for name, info in described.infos.items():
            self.ctx.tables.setdefault(name, info)  # as opening it would (the builder, the views)
            self.missing.pop(name, None)
        self.missing.update({name: described.meant.get(name) for name in described.missing})
        renewed = env.renew() if env.renew is not None else dataclasses.replace(
            env, tables={**described.infos, **env.tables})
        if isinstance(renewed, str):
            self._go(State.EDITING, message=renewed)
            return None
        if described.missing:
            said = " ".join(p.message for p in described.problems(tx))
            self._go(State.EDITING, message=self.tr("{missing} The preflight did not run; nothing was sent.")
                     .format(missing=said))
            return None
        self._env = renewed
        return renewed.schema, renewed.tables

    def _checked(self, tx: Transaction, execute_after: bool, preflight: Preflight) -> None:
        if self.state is not State.CHECKING:
            return  # abandoned meanwhile: nothing waits for this answer
        if self.ctx.connection is not self._conn:  # it read a connection the window left
            self._abandon()
            return
        env = self._env
        self.preflight = preflight
        self._judged = _items(tx)
        if env is not None and preflight.checked:
            self.guarded = add_guards(tx, env.schema, preflight.seen, preflight.locks_present)
        guards = self.guarded[1] if self.guarded else []
        details = {"tx": tx, "preflight": preflight, "execute_after": execute_after, "guards": guards}
        if not execute_after:
            self._go(State.EDITING, message=preflight.summary(), **details)
        elif _items(self._current()) != _items(tx) \
                or self._current().token != tx.token:
            self._go(State.EDITING, message=self.tr(
                "The transaction changed during the preflight; nothing was "
                                            "sent. Execute again."), **details)
        elif preflight.needs_confirmation:
            # A refusal or a new warning (a case or lookalike clash): the same explicit
            # confirmation (the table name typed) before the usual one.
            state = State.REFUSED if preflight.refused else State.WARNED
            self._go(state, message=preflight.summary(), **details)
        else:
            self._ask_confirmation(tx)

    def _check_failed(self, exc: BaseException) -> None:
        if self.state is not State.CHECKING:
            return  # abandoned meanwhile: a failure on the connection left says nothing now
        # The read's own operation names what failed: never "TransactWriteItems", not sent.
        err = self.ctx.report(exc)
        self._go(State.EDITING, error=exc,
                 message=self.tr(
                     "The preflight could not read the items this transaction touches, so nothing "
                         "was sent. {message}").format(message=err.message))

    def _settled(self, result: ExecutionResult) -> None:
        self._go(State.SETTLED, tx=self.executed, preflight=self.preflight, result=result,
                 outcome=outcome_of(result), message=result_sentence(result))

    def _send_failed(self, exc: BaseException) -> None:
        err = self.ctx.report(exc, operation="TransactWriteItems")
        message = err.message
        if credentials_failed(exc):  # raised while signing: the request never left
            message = self.tr("No credentials could be had to sign the transaction, so nothing was "
                              "sent. {message}").format(message=err.message)
        self._go(State.SETTLED, tx=self.executed, preflight=self.preflight, outcome=Outcome.FAILED,
                 error=exc, message=message)

    # ---------------------------------------------------------------- helpers

    def _ask_confirmation(self, tx: Transaction) -> None:
        conn, env = self._conn, self._env  # the dialog names the connection the preflight read
        if conn is None or env is None:
            return
        if conn is not self.ctx.connection:
            self._abandon()
            return
        requirement = confirmation_for(conn, tx)
        # Only a token sent before (from here, typed/imported, or restored with work the log
        # records a send of) can be late: a fresh one is not looked up, so a long action log
        # is not read on the UI thread for nothing.
        sent_before = env.pinned or tx.token == env.logged_token or (
            self.executed is not None and self.executed.token == tx.token)
        here = connection_record(conn.spec, conn.region)  # only its sends honour the token here
        late = stale_token_warning(tx.token, token_first_sent(env.log, tx.token, here), time.time()) \
            if sent_before else None
        if late:  # the same token past DynamoDB's 10 minutes: say so before the click
            requirement = dataclasses.replace(requirement, message=f"{requirement.message}\n\n{late}")
        self._go(State.CONFIRMING, tx=tx, preflight=self.preflight, requirement=requirement)

    def _abandon(self) -> None:
        """Back to editing with nothing sent: the preflight, an override typed and the
        confirmation were all for the connection the window left."""
        left, now = self._conn, self.ctx.connection
        self.preflight = None
        self.guarded = None
        self._judged = None
        self._overridden = None
        self._conn = self._reader = None
        old = left.spec.describe() if left is not None else ""
        if now is None:
            message = self.tr("The connection changed before the send (from {old}, now none): nothing was "
                              "sent. Connect, then press Execute again.").format(old=old)
        else:
            message = self.tr("The connection changed before the send (from {old} to {new}): nothing was "
                              "sent. Press Execute again to check and send it on {new}.").format(
                                  old=old, new=now.spec.describe())
        self._go(State.EDITING, message=message)

    def _unconfirmed(self, tx: Transaction) -> bool:
        """Whether the preflight refused or warned about ``tx`` and the user has not typed the
        override for exactly these actions (or no preflight judged them)."""
        items = _items(tx)
        preflight = self.preflight
        if preflight is None or self._judged != items:
            return True
        return preflight.needs_confirmation and self._overridden != items


def _items(tx: Transaction) -> str:
    """The actions as their JSON text: a dict comparison ignores key order, which the bytes
    sent do not (an attribute removed and added again during the preflight moves)."""
    return json.dumps(tx.to_request()["TransactItems"], ensure_ascii=False, default=repr)
