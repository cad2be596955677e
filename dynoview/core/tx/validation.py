"""Checks a transaction before it is sent: what DynamoDB would reject, and what it
would silently accept but the user probably did not mean.

Each problem is located by action index and model field (``item.email``,
``condition``, ``values.:v0``) and carries a sentence with the fix.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from dynoview.core.errors import aws_error_code
from dynoview.core.expressions.checks import check_placeholders
from dynoview.core.expressions.lexer import ExpressionSyntaxError
from dynoview.core.expressions.nodes import And, Condition, FunctionCall, Path, UpdateExpression
from dynoview.core.expressions.parser import parse_condition, parse_update
from dynoview.core.expressions.rules import (
    MAX_SUBSTITUTED_BYTES,
    MAX_VALUES_BYTES,
    check_condition,
    check_update,
    substituted_size,
    update_targets,
    values_size,
)
from dynoview.core.session.table_suggestion import suggested_tables
from dynoview.core.session.tables import TableInfo, describe_table
from dynoview.core.tx.keys import (
    MAX_PARTITION_KEY_BYTES,
    MAX_SORT_KEY_BYTES,
    check_key_paths,
    check_primary_key,
    check_put_index_keys,
    check_update_targets,
    key_identity,
    key_names_for,
    update_item_floor,
)
from dynoview.core.tx.model import (
    CONDITION_CHECK,
    MAX_ACTIONS,
    MAX_TOKEN_LENGTH,
    PUT,
    RETURN_VALUES_CHOICES,
    UPDATE,
    WARNING,
    Action,
    Problem,
    Transaction,
)
from dynoview.core.tx.nesting import VALUE_START_DEPTH, set_too_deep
from dynoview.core.uniqueness.schema import UniquenessSchema
from dynoview.core.values.dynamodb_json import from_dynamodb_json, to_dynamodb_json
from dynoview.core.values.sizes import item_size
from dynoview.core.values.types import ValueParseError, empty_map_key, escaped, utf8_problem

if TYPE_CHECKING:
    from dynoview.core.session.connection import Connection

#: An item, with its attribute names, may be at most 400 KB.
MAX_ITEM_BYTES = 400 * 1024
#: A transaction's items, keys and expressions (values substituted) total at most 4 MB.
MAX_REQUEST_BYTES = 4 * 1024 * 1024
#: Attribute names (in items and in ExpressionAttributeNames) are under 64 KB.
MAX_NAME_BYTES = 65535
#: ``#name`` and ``:value`` placeholders are at most 255 characters.
MAX_PLACEHOLDER_LENGTH = 255
__all__ = ["MAX_PARTITION_KEY_BYTES", "MAX_SORT_KEY_BYTES", "TableSchemas", "describe_tables",
           "guarded_absent", "has_errors", "item_identity", "validate", "validate_against"]

_TABLE_NAME = re.compile(r"[A-Za-z0-9_.-]{3,255}")

LOCK_OVERWRITE_WARNING = (
    "This Put writes the {rule} lock {value!r} without attribute_not_exists: without this "
    "condition a second signup silently overwrites the lock. Add the condition "
    "attribute_not_exists({pk}) (the Sign up template does)."
)
LOCK_WEAK_GUARD_WARNING = (
    "This Put writes the {rule} lock {value!r}, and its condition does not require "
    "attribute_not_exists({pk}) on its own (under OR or NOT it guards nothing): without this "
    "condition a second signup silently overwrites the lock. AND attribute_not_exists({pk}) "
    "to the condition (the Sign up template does)."
)


def has_errors(problems: Sequence[Problem]) -> bool:
    return any(p.is_error for p in problems)


def item_identity(action: Action, tables: Mapping[str, TableInfo],
                  schema: UniquenessSchema | None = None) -> tuple[str, Any] | None:
    """(table, key identity) of the item an action touches, or None if unknown. Numbers
    compare by value, as DynamoDB keys do: ``1`` and ``1.0`` name one item."""
    names = key_names_for(action.table, tables, schema)
    source = action.item if action.kind == PUT else action.key
    if names:
        key = {n: source[n] for n in names if n in source}
        if len(key) != len(names):
            return None
    elif action.kind == PUT:
        return None  # without the key schema the item's key attributes are unknown
    else:
        key = dict(source)
    if not key:
        return None
    ident = key_identity(key)
    return None if ident is None else (action.table, ident)


def check_values(index: int, fld: str, values: Mapping[str, Any], problems: list[Problem]) -> None:
    """Every value valid as DynamoDB stores it: 38-digit numbers, non-empty distinct sets,
    map keys that are not empty."""
    start = VALUE_START_DEPTH if fld == "values" else 1  # a placeholder value is measured alone
    for name, av in values.items():
        try:
            from_dynamodb_json(to_dynamodb_json(av), str(name), start)
        except ValueParseError as exc:
            problems.append(Problem(index, f"{fld}.{escaped(exc.path or str(name))}", exc.message))
            continue
        where = empty_map_key(av, str(name))
        if where is not None:
            problems.append(Problem(index, f"{fld}.{escaped(where)}", "A map in this value has an empty "
                                    "key, which DynamoDB refuses; name the attribute."))


def check_names(index: int, fld: str, names: Iterable[str], problems: list[Problem]) -> None:
    """Attribute names of an item: not empty, UTF-8 (a lone surrogate, which DynamoDB refuses
    and the action log cannot record, is never sent), under 64 KB."""
    for name in names:
        size = len(name.encode("utf-8", "surrogatepass"))
        if size == 0:
            problems.append(Problem(index, fld, "An attribute name is empty, which DynamoDB refuses; "
                                    "name the attribute."))
        elif (bad := utf8_problem(name, f'The attribute name "{escaped(name)}"')) is not None:
            problems.append(Problem(index, fld, bad))
        elif size > MAX_NAME_BYTES:
            problems.append(Problem(index, f"{fld}.{name[:20]}...", f"An attribute name is {size} bytes; "
                                    f"DynamoDB allows at most {MAX_NAME_BYTES}. Shorten it."))


def _check_placeholder_maps(index: int, action: Action, problems: list[Problem]) -> None:
    """Placeholders of at most 255 characters; names that are not empty and under 64 KB;
    values that fit the 2 MB DynamoDB gives them together."""
    for token in (*action.names, *action.values):
        if len(token) > MAX_PLACEHOLDER_LENGTH:
            fld = ("names." if token.startswith("#") else "values.") + token[:20] + "..."
            problems.append(Problem(index, fld, f"A placeholder is {len(token)} characters long; DynamoDB "
                                    f"allows at most {MAX_PLACEHOLDER_LENGTH}. Use a shorter one."))
    for token, name in action.names.items():
        size = len(str(name).encode("utf-8", "surrogatepass"))
        if size == 0:
            problems.append(Problem(index, f"names.{token}", f"{token} stands for an empty attribute name, "
                                    "which DynamoDB refuses; map it to the attribute's name."))
        elif (bad := utf8_problem(str(name), f'{token} stands for "{escaped(str(name))}", which')):
            problems.append(Problem(index, f"names.{token}", bad))
        elif size > MAX_NAME_BYTES:
            problems.append(Problem(index, f"names.{token}", f"{token} stands for a name of {size} bytes; "
                                    f"DynamoDB allows at most {MAX_NAME_BYTES}. Shorten it."))
    size = values_size(action.values)
    if size > MAX_VALUES_BYTES:
        problems.append(Problem(index, "values", f"ExpressionAttributeValues total {size:,} bytes; DynamoDB "
                                f"allows {MAX_VALUES_BYTES:,}. Move large data to S3, or split the write."))


@dataclass
class _Parsed:
    """The action's expressions, parsed (None where they do not parse)."""

    update: UpdateExpression | None = None
    condition: Condition | None = None
    sizes: int = 0  # the expressions' sizes with their placeholders substituted


def _check_expressions(index: int, action: Action, problems: list[Problem]) -> _Parsed:
    parsed = _Parsed()
    exprs: list[tuple[str, str]] = []
    if action.kind == UPDATE:
        if not action.update.strip():
            problems.append(Problem(index, "update", "An Update needs an update expression, such as "
                                    "SET #n0 = :v0; add one or use a Put."))
        else:
            exprs.append(("update", action.update))
    elif action.update.strip():
        problems.append(Problem(index, "update", f"A {action.kind} has no update expression; remove "
                                "it or make this action an Update."))
    if action.kind == CONDITION_CHECK and not action.condition.strip():
        problems.append(Problem(index, "condition", "A ConditionCheck needs a condition expression, "
                                "such as attribute_exists(#n0); add one."))
    elif action.condition and not action.condition.strip():
        # The builder leaves an empty condition out; a blank one would be sent and refused.
        problems.append(Problem(index, "condition", "The condition expression is blank, which DynamoDB "
                                "refuses; write a condition or clear the field."))
    if action.condition.strip():
        exprs.append(("condition", action.condition))
    for fld, text in exprs:
        try:
            tree: Any = (parse_update if fld == "update" else parse_condition)(text)
        except ExpressionSyntaxError as exc:
            problems.append(Problem(index, fld, f"The {fld} expression cannot be parsed: {exc.message}"))
            continue
        rules = check_update(tree, action.names, action.values) if fld == "update" \
            else check_condition(tree, action.names, action.values)
        problems.extend(Problem(index, fld, p.message) for p in rules)
        size = substituted_size(text, tree, action.names, action.values)
        if size > MAX_SUBSTITUTED_BYTES:
            problems.append(Problem(index, fld, f"With its placeholders replaced, the {fld} expression is "
                                    f"{size:,} bytes; DynamoDB allows {MAX_SUBSTITUTED_BYTES:,}. Use "
                                    "smaller values."))
        parsed.sizes += size
        setattr(parsed, fld, tree)
    found = check_placeholders([t for _f, t in exprs], action.names, action.values)
    for p in found:
        if p.kind == "syntax" and p.position is not None and p.expression is not None \
                and not p.message.startswith("This expression is"):
            continue  # reported above with the parser for this expression's kind
        if p.kind in ("unused-name", "unused-value"):
            fld = ("names." if p.kind == "unused-name" else "values.") + p.token
        elif p.expression is not None:
            fld = exprs[p.expression][0]
        else:
            fld = "names" if p.token.startswith("#") else "values"
        problems.append(Problem(index, fld, p.message))
    return parsed


def _check_lock_guard(index: int, action: Action, schema: UniquenessSchema | None,
                      problems: list[Problem]) -> None:
    """Warn when a lock is Put without attribute_not_exists on its partition key."""
    if schema is None or action.kind != PUT:
        return
    match = schema.match_lock(action.item)
    if match is None:
        return
    rule, value = match
    if guarded_absent(action) & {schema.lock_pk_name, schema.lock_sk_name}:
        return
    text = LOCK_OVERWRITE_WARNING if not action.condition.strip() else LOCK_WEAK_GUARD_WARNING
    problems.append(Problem(index, "condition", text.format(
        rule=rule.name, value=value, pk=schema.lock_pk_name), WARNING))


def guarded_absent(action: Action) -> set[str]:
    """The attributes the condition requires absent: an ``attribute_not_exists`` the whole
    condition depends on (alone, or ANDed). Under OR or NOT it guards nothing: ``... OR
    attribute_exists(PK)`` lets the Put overwrite a lock that is there."""
    try:
        tree: Condition | None = parse_condition(action.condition) if action.condition.strip() else None
    except ExpressionSyntaxError:
        return set()  # reported as a syntax error
    out: set[str] = set()
    pending = [tree] if tree is not None else []
    while pending:
        node = pending.pop()
        if isinstance(node, And):
            pending.extend(node.operands)
        elif isinstance(node, FunctionCall) and node.name == "attribute_not_exists" and node.args \
                and isinstance(node.args[0], Path) and len(node.args[0].elements) == 1:
            first = node.args[0].elements[0]
            if isinstance(first, str):
                out.add(action.names.get(first, first))
    return out


def validate(tx: Transaction, tables: Mapping[str, TableInfo] | None = None,
             schema: UniquenessSchema | None = None) -> list[Problem]:
    """Every problem with a transaction, errors and warnings, in action order.

    An error means DynamoDB refuses the request whatever the tables hold (docs/validation.md
    lists the rules); a refusal that depends on the stored item is not reported here.
    ``tables`` (name -> TableInfo) enables the key and index checks; ``schema`` enables the
    lock warnings and same-item detection for Puts when a table's key schema is unknown.
    """
    tables = tables or {}
    problems: list[Problem] = []
    _check_transaction(tx, problems)
    seen: dict[tuple[str, Any], int] = {}
    payload = 0
    for index, action in enumerate(tx.actions):
        payload += _check_action(index, action, tables, schema, problems)
        _check_same_item(index, action, tables, schema, seen, problems)
    if payload > MAX_REQUEST_BYTES:
        # DynamoDB counts item and key sizes and the expressions with their values, not the
        # JSON body (where base64 makes binary a third larger).
        problems.append(Problem(None, "actions", "The transaction's items, keys and expressions total "
                                f"{payload:,} bytes; DynamoDB allows {MAX_REQUEST_BYTES:,} (4 MB). "
                                "Split it."))
    if not has_errors(problems):
        _check_request_shape(tx, problems)
    return sorted(problems, key=lambda p: -1 if p.index is None else p.index)


def _check_transaction(tx: Transaction, problems: list[Problem]) -> None:
    """The action count and the ClientRequestToken."""
    count = len(tx.actions)
    if count == 0:
        problems.append(Problem(None, "actions", "The transaction has no actions; add at least one."))
    if count > MAX_ACTIONS:
        problems.append(Problem(None, "actions", f"A transaction holds at most {MAX_ACTIONS} actions; "
                                f"this one has {count}. Split it into several transactions."))
    if not 1 <= len(tx.token or "") <= MAX_TOKEN_LENGTH:
        problems.append(Problem(None, "token", f"The ClientRequestToken must be 1 to {MAX_TOKEN_LENGTH} "
                                "characters; regenerate it."))
    elif (bad := utf8_problem(tx.token, f'The ClientRequestToken "{escaped(tx.token)}"')):
        problems.append(Problem(None, "token", bad))  # (the action log finds sends by it, as UTF-8)


def _check_action(index: int, action: Action, tables: Mapping[str, TableInfo],
                  schema: UniquenessSchema | None, problems: list[Problem]) -> int:
    """One action's problems, in the order they are shown; returns its size in the request."""
    _check_table(index, action, tables, problems)
    info = tables.get(action.table)
    size = _check_item_or_key(index, action, problems)
    if info is not None:
        check_primary_key(index, action, info, problems)
        if action.kind == PUT:
            check_put_index_keys(index, action, info, problems)
    elif action.kind != PUT and not action.key:
        problems.append(Problem(index, "key", f"The {action.kind} has no key; give the primary key "
                                "of the item it acts on."))
    check_values(index, "values", action.values, problems)
    _check_placeholder_maps(index, action, problems)
    parsed = _check_expressions(index, action, problems)
    _check_parsed_against_table(index, action, info, parsed, problems)
    _check_return_values(index, action, problems)
    _check_lock_guard(index, action, schema, problems)
    return size + parsed.sizes


def _check_table(index: int, action: Action, tables: Mapping[str, TableInfo],
                 problems: list[Problem]) -> None:
    if not action.table:
        problems.append(Problem(index, "table", "Choose the table this action writes to."))
    elif not _TABLE_NAME.fullmatch(action.table):
        problems.append(Problem(index, "table", f"{action.table!r} is not a valid table name: use "
                                "3 to 255 letters, digits, '_', '-' or '.'."))
    elif tables and action.table not in tables:
        problems.append(Problem(index, "table", f"Table {action.table} is not on this connection; "
                                "check the name.", WARNING))


def _check_item_or_key(index: int, action: Action, problems: list[Problem]) -> int:
    """A Put's item, any other action's key; returns the one's size."""
    if action.kind == PUT:
        if not action.item:
            problems.append(Problem(index, "item", "The Put has no item; add its key and attributes."))
        check_values(index, "item", action.item, problems)
        check_names(index, "item", action.item, problems)
        size = _size(action.item)
        if size > MAX_ITEM_BYTES:
            problems.append(Problem(index, "item", f"The item is {size:,} bytes; DynamoDB items hold at "
                                    f"most {MAX_ITEM_BYTES:,} (400 KB). Move large data to S3 and store "
                                    "its location."))
        return size
    check_values(index, "key", action.key, problems)
    check_names(index, "key", action.key, problems)
    if action.item:
        problems.append(Problem(index, "item", f"A {action.kind} has no item; remove it or make "
                                "this action a Put."))
    return _size(action.key)


def _check_parsed_against_table(index: int, action: Action, info: TableInfo | None,
                                parsed: _Parsed, problems: list[Problem]) -> None:
    """Key attributes the expressions touch, and how large an Update leaves the item."""
    if info is not None:
        for fld, tree in (("update", parsed.update), ("condition", parsed.condition)):
            if tree is not None:
                check_key_paths(index, fld, tree, action, info, problems)
    if parsed.update is None:
        return
    targets = update_targets(parsed.update, action.names)
    problems.extend(Problem(index, "update", text) for text in set_too_deep(targets, action.values))
    if info is not None:
        check_update_targets(index, targets, info, action.values, problems)
    floor = update_item_floor(action, info, targets, action.values)
    if floor > MAX_ITEM_BYTES:
        problems.append(Problem(index, "update", f"The updated item would be at least {floor:,} "
                                f"bytes; DynamoDB items hold at most {MAX_ITEM_BYTES:,} (400 KB). "
                                "Move large data to S3 and store its location."))


def _check_return_values(index: int, action: Action, problems: list[Problem]) -> None:
    if action.return_values not in RETURN_VALUES_CHOICES:
        problems.append(Problem(index, "return_values", "ReturnValuesOnConditionCheckFailure is "
                                "NONE or ALL_OLD."))
    if action.return_values == "ALL_OLD" and not action.condition.strip():
        problems.append(Problem(index, "return_values", "ALL_OLD only returns the item when a "
                                "condition fails, and this action has no condition.", WARNING))


def _check_same_item(index: int, action: Action, tables: Mapping[str, TableInfo],
                     schema: UniquenessSchema | None, seen: dict[tuple[str, Any], int],
                     problems: list[Problem]) -> None:
    """A transaction may touch each item once: the first action on an item is remembered."""
    ident = item_identity(action, tables, schema)
    if ident is None:
        return
    if ident in seen:
        problems.append(Problem(index, "key", f"Action {seen[ident] + 1} already acts on this "
                                "item; a transaction may touch each item only once. Merge the "
                                "two actions."))
    else:
        seen[ident] = index


def _check_request_shape(tx: Transaction, problems: list[Problem]) -> None:
    """What botocore would refuse before sending (only checked once nothing else is wrong)."""
    from dynoview.core.tx.wire import RequestShapeError, request_body

    try:
        request_body(tx.to_request())
    except RequestShapeError as exc:
        problems.append(Problem(None, "actions", exc.message))


def _size(item: Mapping[str, Any]) -> int:
    try:
        return item_size(item)
    except (ValueError, TypeError, KeyError, AttributeError):
        return 0  # an invalid value: reported by the value check


@dataclass(frozen=True)
class TableSchemas:
    """The key schemas of the tables a transaction names, as DescribeTable reported them,
    and the names DescribeTable said do not exist. ``complete`` says ``infos`` holds every
    table of the endpoint, so any other name does not exist either."""

    infos: dict[str, TableInfo] = field(default_factory=dict)
    missing: frozenset[str] = frozenset()
    complete: bool = False
    meant: Mapping[str, str] = field(default_factory=dict)  # a missing name -> the table like it

    def problems(self, tx: Transaction) -> list[Problem]:
        """One error per table that does not exist, at the first action that names it."""
        out: list[Problem] = []
        reported: set[str] = set()
        for index, action in enumerate(tx.actions):
            name = action.table
            if name in reported or name in self.infos or not _TABLE_NAME.fullmatch(name):
                continue
            if name in self.missing or self.complete:
                reported.add(name)
                hint = f". Did you mean {self.meant[name]}? Check" if name in self.meant else "; check"
                out.append(Problem(index, "table", f"Table {name} does not exist on this connection"
                                   f"{hint} the name, the region and the endpoint."))
        return out


def describe_tables(conn: Connection, names: Iterable[str]) -> TableSchemas:
    """DescribeTable for each name (once): keys, GSI and LSI keys and their types.

    A table DynamoDB says does not exist is listed in ``missing`` (and in ``meant`` the table it
    is named almost like, if any); any other failure (network, permissions) propagates.
    """
    infos: dict[str, TableInfo] = {}
    missing: set[str] = set()
    for name in dict.fromkeys(names):
        if not _TABLE_NAME.fullmatch(name):
            continue  # DynamoDB refuses the name itself; validate() says so
        try:
            infos[name] = describe_table(conn, name)
        except Exception as exc:
            if aws_error_code(exc) != "ResourceNotFoundException":
                raise
            missing.add(name)
    return TableSchemas(infos, frozenset(missing), meant=suggested_tables(conn, missing))


def validate_against(conn: Connection, tx: Transaction,
                     schema: UniquenessSchema | None = None) -> tuple[list[Problem], str]:
    """``validate`` with the key schemas DescribeTable gives for the transaction's tables
    (and an error for a table that does not exist). When they cannot be read, ``validate``
    without them and one sentence saying why; else an empty note."""
    from dynoview.core.errors import describe_error

    names = [a.table for a in tx.actions if a.table]
    try:
        schemas = describe_tables(conn, names)
    except Exception as exc:  # network, credentials, permissions: check without the schemas
        err = describe_error(exc, operation="DescribeTable", endpoint=conn.spec.endpoint_url)
        note = (f"Could not describe the tables ({err.title}: {err.message}); checked without their "
                "key and index schemas.")
        return validate(tx, None, schema), " ".join(note.split())
    return schemas.problems(tx) + validate(tx, schemas.infos, schema), ""
