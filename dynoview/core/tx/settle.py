"""Settling a transaction whose answer was lost: strongly consistent reads of every key it
touches decide whether it was applied (transactions are atomic: all or nothing).

``settled_result`` is the one place an outcome is decided after a doubt (an answer lost on
the way, or a send the app was killed in the middle of): whatever DynamoDB answered later
(a throttle, expired credentials, a conflict, a cancellation of the resend) only gives the
reasons when the reads find the changes missing; it never decides on its own.

A change found in place is evidence only when it was not in place before the send: a lock Put
whose lock already existed (the transaction cancelled by its guard) or a SET of the value the
item already had reads the same whether or not it was applied. So before the first attempt
``held_before`` reads the item of one checkable action (more only when its change already
holds): what each action's change looked like before, kept with the send's intent so a
recovery after a kill has it too, and so does the token's next execution (a read then would
find this send's own changes in place). An action without that knowledge, or whose change already
held, is "unverifiable"; when no action is verifiable the outcome is unknown, never applied.
Transactions are atomic: one action whose change is now there and was not before decides."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
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

#: The key of a send's context (in the action log) holding ``held_before``'s answer.
HELD_KEY = "held_before"

#: The reasons an action whose change is in place is not evidence, for its sentence.
_ALREADY = "already in place before it was sent"
_UNREAD = "what it held before the send is not known"


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


def _read_actions(conn: Connection, tx: Transaction, reader: Reader, tables: Mapping[str, TableInfo],
                  schema: UniquenessSchema, indexes: Sequence[int]) -> list[dict[str, Any] | None]:
    """The items of ``tx.actions[i]`` for ``i`` in ``indexes``, by one strongly consistent
    TransactGetItems (None: absent)."""
    infos = dict(tables)
    gets = []
    for index in indexes:
        action = tx.actions[index]
        if action.kind == PUT and action.table not in infos:
            infos[action.table] = describe_table(conn, action.table)
        names = key_names_for(action.table, infos, schema)
        gets.append({"Get": {"TableName": action.table, "Key": action_key(action, names)}})
    response = reader.read("TransactGetItems", {"TransactItems": gets})
    return [r.get("Item") for r in response.get("Responses", [])]


def _key_without_describing(action: Action, tables: Mapping[str, TableInfo],
                            schema: UniquenessSchema) -> dict[str, Any] | None:
    """The key of the item ``action`` touches from what is known here (the tables passed, else
    the schema's key names), None when that is not enough. A key of the wrong shape is refused
    by DynamoDB (ValidationException), never read as another item."""
    if action.kind != PUT:
        return dict(action.key) or None
    names = key_names_for(action.table, tables, schema)
    return {n: action.item[n] for n in names} if names and all(n in action.item for n in names) \
        else None


def held_before(conn: Connection, tx: Transaction, reader: Reader, tables: Mapping[str, TableInfo],
                schema: UniquenessSchema) -> list[bool | None]:
    """Per action, whether its change already held before the send (None: not read, or not
    checkable). Read before the first attempt; raises what the reads raise.

    One witness is enough (atomicity), so the first checkable action is read alone, by a
    consistent GetItem (half a TransactGetItems' read units): the usual send costs one read of
    one item. The others are read only when its change already held (a resend, a no-op write),
    in one more TransactGetItems. Tables are never described here (the send would pay for it
    every time): an action whose key needs that is not read.
    """
    held: list[bool | None] = [None] * len(tx.actions)
    keys = {i: k for i, a in enumerate(tx.actions) if _expected_effect(a, {}) != "unverifiable"
            for k in [_key_without_describing(a, tables, schema)] if k is not None}
    checkable = list(keys)
    if not checkable:
        return held
    first = tx.actions[checkable[0]]
    item = reader.read("GetItem", {"TableName": first.table, "Key": keys[checkable[0]],
                                   "ConsistentRead": True}).get("Item")
    held[checkable[0]] = _expected_effect(first, item) == "applied"
    if held[checkable[0]] is False or len(checkable) == 1:
        return held  # a witness: its change, found later, can only be this token's
    gets = [{"Get": {"TableName": tx.actions[i].table, "Key": keys[i]}} for i in checkable[1:]]
    answers = reader.read("TransactGetItems", {"TransactItems": gets}).get("Responses", [])
    for index, answer in zip(checkable[1:], answers, strict=False):
        held[index] = _expected_effect(tx.actions[index], answer.get("Item")) == "applied"
    return held


def merged_held(earlier: Sequence[bool | None] | None, fresh: Sequence[bool | None]) -> list[bool | None]:
    """An earlier send's ``held`` (same token) completed by a read made after it: where the
    earlier one knows, it decides (a read now would see that send's own changes as held); a
    change a read now finds missing is evidence for any later send of the token too."""
    if earlier is None:
        return list(fresh)
    return [e if e is not None else f for e, f in zip(earlier, fresh, strict=True)]


def held_from_context(context: Any, tx: Transaction) -> list[bool | None] | None:
    """``held_before``'s answer as a send's logged context keeps it; None when absent or not
    one flag (or null) per action of ``tx``."""
    held = context.get(HELD_KEY) if isinstance(context, Mapping) else None
    if not isinstance(held, list) or len(held) != len(tx.actions) \
            or not all(h is None or isinstance(h, bool) for h in held):
        return None
    return held


def _state(action: Action, item: Mapping[str, Any] | None, held: bool | None) -> tuple[str, str]:
    """The action's state after the reads and, for an unverifiable one, why."""
    state = _expected_effect(action, item)
    if state != "applied" or held is False:
        return state, ""
    return "unverifiable", _ALREADY if held else _UNREAD


def settle_by_reads(conn: Connection, tx: Transaction, reader: Reader,
                    tables: Mapping[str, TableInfo], schema: UniquenessSchema,
                    held: Sequence[bool | None] | None = None,
                    ) -> tuple[str, list[str], list[dict[str, Any] | None], list[str]]:
    """Read every touched key strongly consistently (one TransactGetItems) and decide.

    Transactions are atomic, so if any change is missing the transaction was not
    applied (or was undone since); if a change is there that was not before the send
    (``held``, from ``held_before``), it was. Otherwise the reads cannot tell. Returns the
    verdict, each action's state, the items now, and why each unverifiable one is.
    """
    current = _read_actions(conn, tx, reader, tables, schema, range(len(tx.actions)))
    flags = list(held) if held is not None and len(held) == len(tx.actions) else [None] * len(tx.actions)
    judged = [_state(a, c, h) for a, c, h in zip(tx.actions, current, flags, strict=False)]
    states = [s for s, _ in judged]
    if "not_applied" in states:
        verdict = NOT_APPLIED
    elif "applied" in states:
        verdict = APPLIED
        # Atomic: one witness proves every action applied, those in place that are no evidence too.
        judged = [("applied", "") if why else (state, why) for state, why in judged]
        states = [s for s, _ in judged]
    else:
        verdict = UNKNOWN
    return verdict, states, current, [why for _, why in judged]


def settled_result(conn: Connection, tx: Transaction, reader: Reader, tables: Mapping[str, TableInfo],
                   schema: UniquenessSchema, lost: str, answer: ExecutionResult | None = None,
                   held: Sequence[bool | None] | None = None) -> ExecutionResult:
    """After a doubt, the outcome by strongly consistent reads alone.

    ``lost`` says what the doubt was (a sentence); ``answer`` is whatever DynamoDB answered
    after it (a cancellation, a refusal), used only for its reasons when the reads confirm
    nothing was written. ``held``: ``held_before``'s answer (None: not known, as for a send
    logged before it was kept): without it a change in place is no evidence. Never raises:
    reads that fail make the outcome ``unknown``.
    """
    try:
        verdict, states, current, why = settle_by_reads(conn, tx, reader, tables, schema, held)
    except Exception as exc:  # the endpoint may still be unreachable: say so, do not guess
        return ExecutionResult(UNKNOWN, f"{lost} The reads failed too ({exc}), so whether it was applied "
                               "is not known. Check the items before executing again with the same "
                               "token.", tx.token, error_code=type(exc).__name__)
    outcomes = []
    for index, (action, state, item, reason) in enumerate(zip(tx.actions, states, current, why,
                                                               strict=False)):
        now = "absent" if item is None else f"present: {compact_item(item)}"
        said = f"{state.replace('_', ' ')}, its change is in place but {reason}" if reason \
            else state.replace("_", " ")
        outcomes.append(ActionOutcome(index, None, f"{action.summary()}: {said} (item now {now}).",
                                      state=state, item=item))
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
    return ExecutionResult(UNKNOWN, f"{lost} {_cannot_tell(why)} Check the items (shown as they are "
                           "now) before executing it again with the same token.",
                           tx.token, outcomes, verified_by_reads=True, current_items=current)


def _cannot_tell(why: Sequence[str]) -> str:
    """Why the reads cannot decide: the sentence for an unknown outcome."""
    if _ALREADY in why:
        return ("Its changes were already in place before it was sent, so the reads cannot tell "
                "whether it was applied or cancelled.")
    if _UNREAD in why:
        return ("Its changes are in place, but what the items held before it was sent is not known, "
                "so the reads cannot tell whether this send made them.")
    return "The reads cannot tell whether it was applied (this transaction has no change a read can check)."
