"""Settling a transaction whose answer was lost: strongly consistent reads of every key it
touches decide whether it was applied (transactions are atomic: all or nothing).

``settled_result`` is the one place an outcome is decided after a doubt (an answer lost on
the way, or a send the app was killed in the middle of): whatever DynamoDB answered later
(a throttle, expired credentials, a conflict, a cancellation of the resend) only gives the
reasons when the reads find the changes missing; it never decides on its own."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from dynoview.core.expressions.lexer import ExpressionSyntaxError
from dynoview.core.expressions.nodes import Path, SetAction, Value
from dynoview.core.expressions.parser import parse_update
from dynoview.core.reads.reader import Reader
from dynoview.core.session.connection import Connection
from dynoview.core.session.tables import TableInfo, describe_table
from dynoview.core.tx.cancellation import action_key, compact_item
from dynoview.core.tx.keys import key_names_for
from dynoview.core.tx.model import DELETE, PUT, UPDATE, Action, Transaction
from dynoview.core.tx.outcomes import APPLIED, NOT_APPLIED, UNKNOWN, ActionOutcome, ExecutionResult
from dynoview.core.uniqueness.schema import UniquenessSchema
from dynoview.core.values.equality import values_equal


def _expected_effect(action: Action, current: Mapping[str, Any] | None) -> str:
    """'applied', 'not_applied' or 'unverifiable' for one action given the item read now."""
    if action.kind == PUT:
        if current is None or set(current) != set(action.item):
            return "not_applied"
        return "applied" if all(values_equal(current[k], v) for k, v in action.item.items()) \
            else "not_applied"
    if action.kind == DELETE:
        return "applied" if current is None else "not_applied"
    if action.kind == UPDATE:
        if current is None:
            return "not_applied"  # an applied Update always leaves an item behind
        try:
            tree = parse_update(action.update)
        except ExpressionSyntaxError:
            return "unverifiable"
        checks: list[bool] = []
        for step in tree.set:
            name = _top_level_name(step, action.names)
            if name is not None and isinstance(step.value, Value) and step.value.name in action.values:
                got = current.get(name)
                checks.append(got is not None and values_equal(got, action.values[step.value.name]))
        for path in tree.remove:
            name = _path_name(path, action.names)
            if name is not None:
                checks.append(name not in current)
        if not checks:
            return "unverifiable"
        return "applied" if all(checks) else "not_applied"
    return "unverifiable"  # ConditionCheck writes nothing


def _path_name(path: Path, names: Mapping[str, str]) -> str | None:
    if len(path.elements) != 1 or not isinstance(path.elements[0], str):
        return None
    element = path.elements[0]
    return names.get(element) if element.startswith("#") else element


def _top_level_name(step: SetAction, names: Mapping[str, str]) -> str | None:
    return _path_name(step.path, names)


def settle_by_reads(conn: Connection, tx: Transaction, reader: Reader,
                    tables: Mapping[str, TableInfo], schema: UniquenessSchema
                    ) -> tuple[str, list[str], list[dict[str, Any] | None]]:
    """Read every touched key strongly consistently (one TransactGetItems) and decide.

    Transactions are atomic, so if any change is missing the transaction was not
    applied (or was undone since); if every checkable change is there, it was.
    """
    infos = dict(tables)
    gets = []
    for action in tx.actions:
        if action.kind == PUT and action.table not in infos:
            infos[action.table] = describe_table(conn, action.table)
        names = key_names_for(action.table, infos, schema)
        gets.append({"Get": {"TableName": action.table, "Key": action_key(action, names)}})
    response = reader.read("TransactGetItems", {"TransactItems": gets})
    current = [r.get("Item") for r in response.get("Responses", [])]
    states = [_expected_effect(a, c) for a, c in zip(tx.actions, current, strict=False)]
    if "not_applied" in states:
        verdict = NOT_APPLIED
    elif "applied" in states:
        verdict = APPLIED
    else:
        verdict = UNKNOWN
    return verdict, states, current


def settled_result(conn: Connection, tx: Transaction, reader: Reader, tables: Mapping[str, TableInfo],
                   schema: UniquenessSchema, lost: str, answer: ExecutionResult | None = None
                   ) -> ExecutionResult:
    """After a doubt, the outcome by strongly consistent reads alone.

    ``lost`` says what the doubt was (a sentence); ``answer`` is whatever DynamoDB answered
    after it (a cancellation, a refusal), used only for its reasons when the reads confirm
    nothing was written. Never raises: reads that fail make the outcome ``unknown``.
    """
    try:
        verdict, states, current = settle_by_reads(conn, tx, reader, tables, schema)
    except Exception as exc:  # the endpoint may still be unreachable: say so, do not guess
        return ExecutionResult(UNKNOWN, f"{lost} The reads failed too ({exc}), so whether it was applied "
                               "is not known. Check the items before executing again with the same "
                               "token.", tx.token, error_code=type(exc).__name__)
    outcomes = []
    for index, (action, state, item) in enumerate(zip(tx.actions, states, current, strict=False)):
        now = "absent" if item is None else f"present: {compact_item(item)}"
        outcomes.append(ActionOutcome(index, None, f"{action.summary()}: {state.replace('_', ' ')} "
                                      f"(item now {now}).", state=state, item=item))
    if verdict == APPLIED:
        return ExecutionResult(APPLIED, f"{lost} Every change is in place: the transaction was "
                               "applied once.", tx.token, outcomes, verified_by_reads=True,
                               current_items=current)
    if verdict == NOT_APPLIED and answer is not None:
        answer.message = f"{lost} The reads confirm nothing was written. " + answer.message
        answer.verified_by_reads = True
        answer.current_items = current
        return answer
    if verdict == NOT_APPLIED:
        return ExecutionResult(NOT_APPLIED, f"{lost} The changes are not there: the transaction was "
                               "not applied. Execute it again.", tx.token, outcomes,
                               verified_by_reads=True, current_items=current)
    return ExecutionResult(UNKNOWN, f"{lost} The reads cannot tell (this transaction has no "
                           "change a read can check); the items are shown as they are now.",
                           tx.token, outcomes, verified_by_reads=True, current_items=current)
