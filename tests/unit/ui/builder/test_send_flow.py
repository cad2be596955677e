"""The builder's send as a state machine, driven without widgets against moto over HTTP.

The test plays the panel: it records every step and answers the questions (override,
confirmation) the way a user would.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from dynoview.core.session.connection import Connection
from dynoview.core.session.tables import describe_table
from dynoview.core.tx.action_log import ActionLog
from dynoview.core.tx.model import Transaction
from dynoview.core.tx.outcomes import (
    APPLIED,
    CANCELLED,
    FAILED,
    NOT_APPLIED,
    SUCCEEDED,
    UNKNOWN,
    ExecutionResult,
)
from dynoview.core.tx.templates import sign_up
from dynoview.core.uniqueness.schema import article_schema
from dynoview.ui.builder.send_flow import (
    TRANSITIONS,
    FlowError,
    Outcome,
    SendEnv,
    SendFlow,
    SendStep,
    State,
    outcome_of,
    result_sentence,
    written_keys,
)
from dynoview.ui.context import AppContext
from tests import fault_proxy as fp
from tests.fault_proxy import FaultProxy
from tests.helpers import connect, logged_connection

pytestmark = [pytest.mark.gui, pytest.mark.integration]
S = article_schema()
TX = "TransactWriteItems"


def account(name: str, email: str | None = None) -> dict[str, Any]:
    return {"PK": {"S": f"ACCT#{name}"}, "SK": {"S": "PROFILE"}, "email": {"S": email or f"{name}@x.io"},
            "username": {"S": name}}


class User:
    """Plays the panel: records the steps, answers the questions as told."""

    def __init__(self, flow: SendFlow, *, override: bool | None = None,
                 confirm: str | bool | None = True) -> None:
        self.steps: list[SendStep] = []
        self.override, self.confirm = override, confirm
        self.flow = flow
        flow.changed.connect(self.render)

    def render(self, step: SendStep) -> None:
        self.steps.append(step)
        if step.state in (State.REFUSED, State.WARNED) and self.override is not None:
            self.flow.override(self.override)
        elif step.state is State.CONFIRMING:
            self.flow.confirm(self.confirm)

    @property
    def states(self) -> list[State]:
        return [s.state for s in self.steps]


@pytest.fixture
def ctx(qasync_loop: Any, demo_conn: Connection, seeded_table: str) -> AppContext:
    context = AppContext()
    context.set_connection(demo_conn)
    context.set_table(describe_table(demo_conn, seeded_table))
    return context


@pytest.fixture
def env(ctx: AppContext, tmp_path: Path) -> SendEnv:
    assert ctx.table is not None
    return SendEnv(S, {ctx.table.name: ctx.table}, ActionLog(tmp_path / "actions.jsonl"))


def run(qtbot: Any, flow: SendFlow, tx: Transaction, env: SendEnv, user: User, *,
        until: tuple[State, ...] = (State.SETTLED, State.EDITING)) -> None:
    assert flow.check(tx, env, execute_after=True)
    qtbot.waitUntil(lambda: user.states[-1] in until and not flow.running(), timeout=15000)


def exists(ctx: AppContext, table: str, name: str) -> bool:
    assert ctx.reader is not None
    return ctx.reader.get_item(table, {"PK": {"S": f"ACCT#{name}"}, "SK": {"S": "PROFILE"}}) is not None


def test_a_clean_transaction_is_checked_confirmed_sent_and_written(qtbot: Any, ctx: AppContext,
                                                                   env: SendEnv, seeded_table: str) -> None:
    tx = sign_up(S, seeded_table, account("fl1"))
    flow = SendFlow(ctx, lambda: tx)
    user = User(flow)
    run(qtbot, flow, tx, env, user)
    assert user.states == [State.CHECKING, State.CONFIRMING, State.SENDING, State.SETTLED]
    settled = user.steps[-1]
    assert settled.outcome is Outcome.WRITTEN and settled.result is not None
    assert settled.result.status == SUCCEEDED and settled.message.startswith("Applied: ")
    assert user.steps[1].requirement is not None and user.steps[1].requirement.local
    assert exists(ctx, seeded_table, "fl1")
    assert flow.written_as(tx) and not flow.written_as(sign_up(S, seeded_table, account("other")))
    keys = written_keys(settled.result, tx, env.tables, S)
    assert [k.key for k in keys] == [a.target_key(("PK", "SK")) for a in tx.actions]
    assert [e["outcome"]["status"] for e in env.log.entries()] == [SUCCEEDED]


def test_refused_by_the_preflight_and_not_overridden_sends_nothing(qtbot: Any, ctx: AppContext,
                                                                   env: SendEnv, seeded_table: str) -> None:
    tx = sign_up(S, seeded_table, account("fl2", "ada@lovelace.io"))  # the email is taken
    flow = SendFlow(ctx, lambda: tx)
    user = User(flow, override=False)
    run(qtbot, flow, tx, env, user)
    assert user.states == [State.CHECKING, State.REFUSED, State.EDITING]
    refused = user.steps[1]
    assert refused.preflight is not None and refused.preflight.refused
    assert user.steps[-1].message.startswith("Refused by the preflight")
    assert user.steps[-1].message.endswith("Use the proposed template, or fix the actions.")
    assert not exists(ctx, seeded_table, "fl2") and env.log.entries() == []
    # A confirmation that arrives anyway (a stale dialog) sends nothing either.
    flow.confirm(True)
    assert user.steps[-1].message.startswith("Not executed: the preflight's refusal or warning")
    assert not flow.running() and env.log.entries() == []


def test_an_overridden_refusal_is_sent_and_cancelled_by_dynamodb(qtbot: Any, ctx: AppContext,
                                                                 env: SendEnv, seeded_table: str) -> None:
    tx = sign_up(S, seeded_table, account("fl3", "ada@lovelace.io"))
    flow = SendFlow(ctx, lambda: tx)
    user = User(flow, override=True)
    run(qtbot, flow, tx, env, user)
    assert user.states == [State.CHECKING, State.REFUSED, State.OVERRIDDEN, State.CONFIRMING,
                           State.SENDING, State.SETTLED]
    settled = user.steps[-1]
    assert settled.outcome is Outcome.CANCELLED and settled.result is not None
    assert settled.result.status == CANCELLED
    assert settled.message.startswith("Cancelled: Nothing was written.")
    # TransactionCanceled: the email lock's condition failed, the other actions passed.
    assert [o.code for o in settled.result.actions] == [None, "ConditionalCheckFailed", None]
    assert not exists(ctx, seeded_table, "fl3") and not flow.written_as(tx)
    assert written_keys(settled.result, tx, env.tables, S) == []


def test_a_declined_confirmation_sends_nothing(qtbot: Any, ctx: AppContext, env: SendEnv,
                                               seeded_table: str) -> None:
    tx = sign_up(S, seeded_table, account("fl4"))
    flow = SendFlow(ctx, lambda: tx)
    user = User(flow, confirm=None)
    run(qtbot, flow, tx, env, user)
    assert user.states == [State.CHECKING, State.CONFIRMING, State.EDITING]
    assert user.steps[-1].message == "Not executed: the confirmation was cancelled."
    assert not exists(ctx, seeded_table, "fl4") and env.log.entries() == []


def test_a_token_first_sent_ten_minutes_ago_is_said_before_the_confirmation(
        qtbot: Any, ctx: AppContext, env: SendEnv, seeded_table: str) -> None:
    tx = sign_up(S, seeded_table, account("fl5"))
    tx.token = "logged-token"
    env.log.append(connection=logged_connection(ctx), token="logged-token", request={},
                   outcome={"status": "unknown"}, time=datetime.now(UTC) - timedelta(minutes=10))
    current = [tx]
    flow = SendFlow(ctx, lambda: current[0])
    user = User(flow, confirm=None)
    run(qtbot, flow, tx, SendEnv(env.schema, env.tables, env.log, pinned=True), user)
    requirement = user.steps[1].requirement
    assert requirement is not None
    assert "The token logged-token was first sent 10 minutes ago" in requirement.message
    # A fresh token is not looked up in the log: no warning.
    current[0] = fresh = sign_up(S, seeded_table, account("fl5b"))
    user.steps.clear()
    run(qtbot, flow, fresh, env, user)
    assert user.steps[1].requirement is not None and "first sent" not in user.steps[1].requirement.message


def test_an_edit_during_the_preflight_sends_nothing(qtbot: Any, ctx: AppContext, env: SendEnv,
                                                    seeded_table: str) -> None:
    tx = sign_up(S, seeded_table, account("fl6"))
    edited = sign_up(S, seeded_table, account("fl6", "fl6@elsewhere.io"))
    flow = SendFlow(ctx, lambda: edited)  # the builder holds another transaction by the answer
    user = User(flow)
    run(qtbot, flow, tx, env, user)
    assert user.states == [State.CHECKING, State.EDITING]
    assert user.steps[-1].message.startswith("The transaction changed during the preflight")
    # And an edit of the judged actions drops the preflight's answer.
    assert flow.preflight is not None
    flow.edited(edited)
    assert flow.preflight is None and user.steps[-1].preflight is None


def test_a_lost_answer_is_settled_by_reads(qtbot: Any, ctx: AppContext, env: SendEnv, moto_endpoint: str,
                                           seeded_table: str) -> None:
    with FaultProxy(moto_endpoint) as proxy:
        ctx.set_connection(connect(proxy.url, name="faulty"))
        proxy.forget_tokens = True  # the resend meets its own writes (no token kept): reads settle it
        proxy.add(fp.DROP_AFTER, operation=TX, times=1)
        tx = sign_up(S, seeded_table, account("fl7"))
        flow = SendFlow(ctx, lambda: tx)
        user = User(flow)
        run(qtbot, flow, tx, env, user)
        settled = user.steps[-1]
        assert settled.outcome is Outcome.WRITTEN and settled.result is not None
        assert settled.result.status == APPLIED
        assert settled.message.startswith("Applied: An answer from DynamoDB was lost")
        assert {r.json()["ClientRequestToken"] for r in proxy.requests(TX)} == {tx.token}
    ctx.set_connection(connect(moto_endpoint))
    assert exists(ctx, seeded_table, "fl7")


def test_a_preflight_that_cannot_read_goes_back_to_editing(qtbot: Any, ctx: AppContext, env: SendEnv,
                                                           moto_endpoint: str, seeded_table: str) -> None:
    with FaultProxy(moto_endpoint) as proxy:
        ctx.set_connection(connect(proxy.url, name="faulty"))
        proxy.add(fp.HTTP_500, predicate=lambda r: r.operation not in (TX, "DescribeTable"), times=None)
        tx = sign_up(S, seeded_table, account("fl8"))
        flow = SendFlow(ctx, lambda: tx)
        user = User(flow)
        run(qtbot, flow, tx, env, user)
        assert user.states == [State.CHECKING, State.EDITING]
        assert user.steps[-1].error is not None
        assert user.steps[-1].message.startswith("The preflight could not read the items this "
                                                 "transaction touches, so nothing was sent.")
        assert proxy.requests(TX) == []


def test_moves_outside_the_table_are_refused(ctx: AppContext) -> None:
    flow = SendFlow(ctx, Transaction)
    assert State.SENDING not in TRANSITIONS[State.EDITING]
    with pytest.raises(FlowError, match="from editing to sending"):
        flow._go(State.SENDING)
    # Every state can be left, and only SENDING cannot be left for a new check.
    assert all(TRANSITIONS[s] for s in State)
    assert [s for s in State if State.CHECKING not in TRANSITIONS[s]] == [State.OVERRIDDEN, State.SENDING]
    # Answers that come when nothing was asked change nothing.
    flow.override(True)
    assert flow.state is State.EDITING



@pytest.mark.parametrize(("status", "outcome"), [
    (SUCCEEDED, Outcome.WRITTEN), (APPLIED, Outcome.WRITTEN), (CANCELLED, Outcome.CANCELLED),
    (UNKNOWN, Outcome.UNKNOWN), (NOT_APPLIED, Outcome.FAILED), (FAILED, Outcome.FAILED)])
def test_every_result_settles_to_one_outcome(status: str, outcome: Outcome) -> None:
    result = ExecutionResult(status, "message", "token")
    assert outcome_of(result) is outcome
    assert result_sentence(result).endswith(": message")
