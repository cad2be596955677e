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
Transactions are atomic: one action whose change is now there and was not before decides.

A change found missing is evidence only when the item is still what it was before the send:
``held_before`` keeps a digest of each item it read (``item_digest``, not the item: a large
transaction's items are never held in memory). An item written by another write since (a
deleted lock a new signup claimed again, an item someone updated after this Put) is no longer
what the send met: the send may have applied before that write or not at all, and the reads
cannot tell which ("unverifiable", said so). Never "not applied, execute it again": executing
again would act on that other write's item."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

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
from dynoview.core.values.numbers import number_key

#: The key of a send's context (in the action log) holding ``held_before``'s answer.
HELD_KEY = "held_before"

#: The key of a send's context holding ``held_before``'s digests of the items it read.
SEEN_KEY = "seen_before"

#: The reasons an action whose change is in place is not evidence, for its sentence.
_ALREADY = "already in place before it was sent"
_UNREAD = "what it held before the send is not known"
#: ... and why a change found missing is no evidence either.
_REWRITTEN = "written by another write since the send"
_CONFLICT = "another action's change is in place that was not before the send"
_ABSENT = "absent"


class Before(NamedTuple):
    """What the items held before a send, per action: whether its change already held
    (``held``) and a digest of the item as read (``seen``, ``item_digest``); None: not read."""

    held: list[bool | None]
    seen: list[str | None]

    @staticmethod
    def unknown(count: int) -> Before:
        return Before([None] * count, [None] * count)

    def context(self) -> dict[str, Any]:
        """As a send's logged context keeps it."""
        return {HELD_KEY: list(self.held), SEEN_KEY: list(self.seen)}


def _canonical(value: Any) -> Any:
    """An AttributeValue in one spelling: numbers by value, sets sorted, binary as hex, so two
    reads of one unchanged item digest alike."""
    if not isinstance(value, Mapping) or len(value) != 1:
        return repr(value)
    ((code, x),) = value.items()
    if code == "N":
        return ["N", str(number_key(x))]
    if code == "B":
        return ["B", bytes(x).hex()]
    if code in ("SS", "NS", "BS"):
        return [code, sorted(str(number_key(m)) if code == "NS" else
                             bytes(m).hex() if code == "BS" else m for m in x)]
    if code == "L":
        return ["L", [_canonical(v) for v in x]]
    if code == "M":
        return ["M", {k: _canonical(v) for k, v in x.items()}]
    return [code, x]


def item_digest(item: Mapping[str, Any] | None) -> str:
    """A digest of a whole item as read (``"absent"`` for none): equal for one unchanged item."""
    if item is None:
        return _ABSENT
    text = json.dumps({k: _canonical(v) for k, v in item.items()}, sort_keys=True, ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


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
                schema: UniquenessSchema) -> Before:
    """Per action, whether its change already held before the send, and a digest of the item
    read (None: not read, or not checkable). Read before the first attempt; raises what the
    reads raise.

    One witness is enough (atomicity), so the first checkable action is read alone, by a
    consistent GetItem (half a TransactGetItems' read units): the usual send costs one read of
    one item. The others are read only when its change already held (a resend, a no-op write),
    in one more TransactGetItems. Tables are never described here (the send would pay for it
    every time): an action whose key needs that is not read.
    """
    before = Before.unknown(len(tx.actions))
    keys = {i: k for i, a in enumerate(tx.actions) if _expected_effect(a, {}) != "unverifiable"
            for k in [_key_without_describing(a, tables, schema)] if k is not None}
    checkable = list(keys)
    if not checkable:
        return before
    first = tx.actions[checkable[0]]
    item = reader.read("GetItem", {"TableName": first.table, "Key": keys[checkable[0]],
                                   "ConsistentRead": True}).get("Item")
    before.held[checkable[0]] = _expected_effect(first, item) == "applied"
    before.seen[checkable[0]] = item_digest(item)
    if before.held[checkable[0]] is False or len(checkable) == 1:
        return before  # a witness: its change, found later, can only be this token's
    gets = [{"Get": {"TableName": tx.actions[i].table, "Key": keys[i]}} for i in checkable[1:]]
    answers = reader.read("TransactGetItems", {"TransactItems": gets}).get("Responses", [])
    for index, answer in zip(checkable[1:], answers, strict=False):
        before.held[index] = _expected_effect(tx.actions[index], answer.get("Item")) == "applied"
        before.seen[index] = item_digest(answer.get("Item"))
    return before


def merged_before(earlier: Before | None, fresh: Before) -> Before:
    """An earlier send's ``Before`` (same token) completed by a read made after it: where the
    earlier one knows, it decides (a read now would see that send's own changes as held); a
    change a read now finds missing is evidence for any later send of the token too, and so is
    an item unchanged since that read."""
    if earlier is None:
        return fresh
    return Before([e if e is not None else f for e, f in zip(earlier.held, fresh.held, strict=True)],
                  [e if e is not None else f for e, f in zip(earlier.seen, fresh.seen, strict=True)])


def before_from_context(context: Any, tx: Transaction) -> Before | None:
    """``held_before``'s answer as a send's logged context keeps it; None when absent or not
    one flag (or null) per action of ``tx``. Digests a log entry lacks (an older log) are
    not known."""
    held = context.get(HELD_KEY) if isinstance(context, Mapping) else None
    if not isinstance(held, list) or len(held) != len(tx.actions) \
            or not all(h is None or isinstance(h, bool) for h in held):
        return None
    seen = context.get(SEEN_KEY)
    if not isinstance(seen, list) or len(seen) != len(held) \
            or not all(d is None or isinstance(d, str) for d in seen):
        seen = [None] * len(held)
    return Before(list(held), list(seen))


def _state(action: Action, item: Mapping[str, Any] | None, held: bool | None,
           seen: str | None) -> tuple[str, str]:
    """The action's state after the reads and, for an unverifiable one, why."""
    state = _expected_effect(action, item)
    if state == "not_applied" and seen is not None and item_digest(item) != seen:
        # Not what the send met: applied then written again, or never applied and written over.
        return "unverifiable", _REWRITTEN
    if state != "applied" or held is False:
        return state, ""
    return "unverifiable", _ALREADY if held else _UNREAD


def settle_by_reads(conn: Connection, tx: Transaction, reader: Reader,
                    tables: Mapping[str, TableInfo], schema: UniquenessSchema,
                    before: Before | None = None,
                    ) -> tuple[str, list[str], list[dict[str, Any] | None], list[str]]:
    """Read every touched key strongly consistently (one TransactGetItems) and decide.

    Transactions are atomic, so if any change is missing from an item still as it was before
    the send, the transaction was not applied; if a change is there that was not before the
    send (``before``, from ``held_before``), it was. Otherwise the reads cannot tell. Returns
    the verdict, each action's state, the items now, and why each unverifiable one is.
    """
    current = _read_actions(conn, tx, reader, tables, schema, range(len(tx.actions)))
    known = before if before is not None and len(before.held) == len(tx.actions) \
        and len(before.seen) == len(tx.actions) else Before.unknown(len(tx.actions))
    judged = [_state(a, c, h, d) for a, c, h, d in zip(tx.actions, current, known.held, known.seen,
                                                        strict=False)]
    states = [s for s, _ in judged]
    if "applied" in states and "not_applied" in states \
            and all(d is None for s, d in zip(states, known.seen, strict=False) if s == "not_applied"):
        # A witness, and a change missing from an item not read before the send: either it was
        # applied and that item written since, or not and another write made the witness's change.
        verdict = UNKNOWN
        judged = [("unverifiable", _CONFLICT) if state == "not_applied" else (state, why)
                  for state, why in judged]
        states = [s for s, _ in judged]
    elif "not_applied" in states:
        verdict = NOT_APPLIED
    elif "applied" in states:
        verdict = APPLIED
        # Atomic: one witness proves every action applied, those that are no evidence too (an
        # item written again since keeps saying so).
        judged = [("applied", why if why == _REWRITTEN else "") if why else (state, why)
                  for state, why in judged]
        states = [s for s, _ in judged]
    else:
        verdict = UNKNOWN
    return verdict, states, current, [why for _, why in judged]


def _said(state: str, reason: str) -> str:
    """One action's state in words."""
    if reason == _CONFLICT:
        return (f"{state}: its change is not there, but {reason}; what its item held before the send "
                "was not read")
    if reason == _REWRITTEN:
        return ("applied, and its item was written by another write since" if state == "applied" else
                f"{state}: its change is not there, but its item is not what it held before the send: "
                "it was written by another write since")
    return f"{state.replace('_', ' ')}, its change is in place but {reason}" if reason \
        else state.replace("_", " ")


def settled_result(conn: Connection, tx: Transaction, reader: Reader, tables: Mapping[str, TableInfo],
                   schema: UniquenessSchema, lost: str, answer: ExecutionResult | None = None,
                   before: Before | None = None) -> ExecutionResult:
    """After a doubt, the outcome by strongly consistent reads alone.

    ``lost`` says what the doubt was (a sentence); ``answer`` is whatever DynamoDB answered
    after it (a cancellation, a refusal), used only for its reasons when the reads confirm
    nothing was written. ``before``: ``held_before``'s answer (None: not known, as for a send
    logged before it was kept): without it a change in place is no evidence, and a change
    missing is taken as not applied. Never raises: reads that fail make the outcome ``unknown``.
    """
    try:
        verdict, states, current, why = settle_by_reads(conn, tx, reader, tables, schema, before)
    except Exception as exc:  # the endpoint may still be unreachable: say so, do not guess
        return ExecutionResult(UNKNOWN, f"{lost} The reads failed too ({exc}), so whether it was applied "
                               "is not known. Check the items before executing again with the same "
                               "token.", tx.token, error_code=type(exc).__name__)
    outcomes = []
    for index, (action, state, item, reason) in enumerate(zip(tx.actions, states, current, why,
                                                               strict=False)):
        now = "absent" if item is None else f"present: {compact_item(item)}"
        outcomes.append(ActionOutcome(index, None, f"{action.summary()}: {_said(state, reason)} "
                                      f"(item now {now}).", state=state, item=item))
    rewritten = [i + 1 for i, reason in enumerate(why) if reason == _REWRITTEN]
    since = _since(rewritten)
    if verdict == APPLIED:
        done = (f"A change it made is in place and was not before the send: the transaction was "
                f"applied once. {since}") if rewritten else \
            "Every change is in place: the transaction was applied once."
        return ExecutionResult(APPLIED, f"{lost} {done}", tx.token, outcomes, verified_by_reads=True,
                               current_items=current, rewritten=rewritten)
    if verdict == NOT_APPLIED and answer is not None:
        answer.message = f"{lost} The reads confirm nothing was written. " + answer.message
        answer.verified_by_reads = True
        answer.current_items = current
        return answer
    if verdict == NOT_APPLIED:
        return ExecutionResult(NOT_APPLIED, f"{lost} The changes are not there: the transaction was "
                               "not applied. Execute it again.", tx.token, outcomes,
                               verified_by_reads=True, current_items=current)
    if _CONFLICT in why:
        witness = ", ".join(str(i + 1) for i, s in enumerate(states) if s == "applied")
        missing = ", ".join(str(i + 1) for i, r in enumerate(why) if r == _CONFLICT)
        since = (f"The change of action {witness} is in place and was not before the send, but that "
                 f"of action {missing} is not there: either the transaction was applied and another "
                 "write changed that item since, or it was not and another write made the first "
                 "change.")
    if rewritten or _CONFLICT in why:
        return ExecutionResult(UNKNOWN, f"{lost} {since} So the reads cannot tell whether this "
                               "transaction was applied before that write or never: do not execute "
                               "it again to make sure, as it would act on that write's item. Check "
                               "the items (shown as they are now).", tx.token, outcomes,
                               verified_by_reads=True, current_items=current, rewritten=rewritten)
    return ExecutionResult(UNKNOWN, f"{lost} {_cannot_tell(why)} Check the items (shown as they are "
                           "now) before executing it again with the same token.",
                           tx.token, outcomes, verified_by_reads=True, current_items=current)


def _since(rewritten: Sequence[int]) -> str:
    """The sentence for the actions (1-based) whose items another write changed since the send."""
    if not rewritten:
        return ""
    which = ", ".join(str(n) for n in rewritten)
    many = len(rewritten) > 1
    return (f"The item{'s' if many else ''} of action{'s' if many else ''} {which} "
            f"{'were' if many else 'was'} written by another write after the send (not what "
            f"{'they' if many else 'it'} held before it): what is there now is that write's.")


def _cannot_tell(why: Sequence[str]) -> str:
    """Why the reads cannot decide: the sentence for an unknown outcome."""
    if _ALREADY in why:
        return ("Its changes were already in place before it was sent, so the reads cannot tell "
                "whether it was applied or cancelled.")
    if _UNREAD in why:
        return ("Its changes are in place, but what the items held before it was sent is not known, "
                "so the reads cannot tell whether this send made them.")
    return "The reads cannot tell whether it was applied (this transaction has no change a read can check)."
