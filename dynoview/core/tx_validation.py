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

from dynoview.core.expressions import (
    ExpressionSyntaxError,
    check_placeholders,
    parse_condition,
    parse_update,
)
from dynoview.core.locks import UniquenessSchema
from dynoview.core.tables import TableInfo, describe_table
from dynoview.core.transactions import (
    CONDITION_CHECK,
    ERROR,
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
from dynoview.core.values import ValueParseError, from_dynamodb_json, item_size, to_dynamodb_json

if TYPE_CHECKING:
    from dynoview.core.connection import Connection

#: An item, with its attribute names, may be at most 400 KB.
MAX_ITEM_BYTES = 400 * 1024
#: A TransactWriteItems request may total at most 4 MB.
MAX_REQUEST_BYTES = 4 * 1024 * 1024
#: Partition keys hold at most 2048 bytes, sort keys 1024.
MAX_PARTITION_KEY_BYTES = 2048
MAX_SORT_KEY_BYTES = 1024

_TABLE_NAME = re.compile(r"[A-Za-z0-9_.-]{3,255}")
_TOKEN = re.compile(r"[\x20-\x7e]{1,36}")
_NOT_EXISTS = re.compile(r"attribute_not_exists\s*\(\s*([#\w.\[\]]+)\s*\)")

LOCK_OVERWRITE_WARNING = (
    "This Put writes the {rule} lock {value!r} without attribute_not_exists: without this "
    "condition a second signup silently overwrites the lock. Add the condition "
    "attribute_not_exists({pk}) (the Sign up template does)."
)


def has_errors(problems: Sequence[Problem]) -> bool:
    return any(p.is_error for p in problems)


def _key_names(action: Action, tables: Mapping[str, TableInfo],
               schema: UniquenessSchema | None) -> tuple[str, ...]:
    info = tables.get(action.table)
    if info is not None:
        return info.key_names
    if schema is not None:
        return (schema.pk_name,) + ((schema.sk_name,) if schema.sk_name else ())
    return ()


def item_identity(action: Action, tables: Mapping[str, TableInfo],
                  schema: UniquenessSchema | None = None) -> tuple[str, str] | None:
    """(table, canonical key text) of the item an action touches, or None if unknown."""
    names = _key_names(action, tables, schema)
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
    try:
        text = repr(sorted((k, repr(to_dynamodb_json(v))) for k, v in key.items()))
    except ValueParseError:
        return None
    return action.table, text


def _check_values(index: int, fld: str, values: Mapping[str, Any], problems: list[Problem]) -> None:
    """Every value valid as DynamoDB stores it: 38-digit numbers, non-empty distinct sets."""
    for name, av in values.items():
        try:
            from_dynamodb_json(to_dynamodb_json(av), str(name))
        except ValueParseError as exc:
            problems.append(Problem(index, f"{fld}.{exc.path or name}", exc.message))


def _check_key(index: int, action: Action, info: TableInfo | None, problems: list[Problem]) -> None:
    source_field = "item" if action.kind == PUT else "key"
    source = action.item if action.kind == PUT else action.key
    if info is None:
        if action.kind != PUT and not action.key:
            problems.append(Problem(index, "key", f"The {action.kind} has no key; give the primary key "
                                    "of the item it acts on."))
        return
    for attr in (info.partition_key, info.sort_key):
        if attr is None:
            continue
        role = "partition key" if attr is info.partition_key else "sort key"
        av = source.get(attr.name)
        where = f"{source_field}.{attr.name}"
        if av is None:
            problems.append(Problem(index, where, f"The {role} {attr.name} ({attr.type}) of table "
                                    f"{info.name} is missing; add it."))
            continue
        if not isinstance(av, Mapping) or len(av) != 1:
            continue  # reported by the value check
        (code, member), = av.items()
        if code != attr.type:
            problems.append(Problem(index, where, f"{attr.name} is the {role} of {info.name} and must be "
                                    f"of type {attr.type}, not {code}; change its type."))
            continue
        if code in ("S", "B") and len(member) == 0:
            problems.append(Problem(index, where, f"Key attributes cannot be empty: give {attr.name} "
                                    "a value."))
            continue
        size = len(member.encode("utf-8")) if code == "S" else len(member) if code == "B" else 0
        limit = MAX_PARTITION_KEY_BYTES if attr is info.partition_key else MAX_SORT_KEY_BYTES
        if size > limit:
            problems.append(Problem(index, where, f"A {role} holds at most {limit} bytes; this one "
                                    f"has {size}. Shorten it."))
    if action.kind != PUT:
        for name in action.key:
            if name not in info.key_names:
                problems.append(Problem(index, f"key.{name}", f"{name} is not part of the primary key "
                                        f"of {info.name} ({', '.join(info.key_names)}); remove it "
                                        "from the key."))


def _check_expressions(index: int, action: Action, problems: list[Problem]) -> None:
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
    if action.condition.strip():
        exprs.append(("condition", action.condition))
    for fld, text in exprs:
        try:
            (parse_update if fld == "update" else parse_condition)(text)
        except ExpressionSyntaxError as exc:
            problems.append(Problem(index, fld, f"The {fld} expression cannot be parsed: {exc.message}"))
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


def _check_lock_guard(index: int, action: Action, schema: UniquenessSchema | None,
                      problems: list[Problem]) -> None:
    """Warn when a lock is Put without attribute_not_exists on its partition key."""
    if schema is None or action.kind != PUT:
        return
    match = schema.match_lock(action.item)
    if match is None:
        return
    rule, value = match
    for target in _NOT_EXISTS.findall(action.condition):
        if action.names.get(target, target) in (schema.pk_name, schema.sk_name):
            return
    problems.append(Problem(index, "condition", LOCK_OVERWRITE_WARNING.format(
        rule=rule.name, value=value, pk=schema.pk_name), WARNING))


def validate(tx: Transaction, tables: Mapping[str, TableInfo] | None = None,
             schema: UniquenessSchema | None = None) -> list[Problem]:
    """Every problem with a transaction, errors and warnings, in action order.

    ``tables`` (name -> TableInfo) enables key checks; ``schema`` enables the lock
    warnings and same-item detection for Puts when a table's key schema is unknown.
    """
    from dynoview.core.tx_wire import RequestShapeError, request_body

    tables = tables or {}
    problems: list[Problem] = []
    count = len(tx.actions)
    if count == 0:
        problems.append(Problem(None, "actions", "The transaction has no actions; add at least one."))
    if count > MAX_ACTIONS:
        problems.append(Problem(None, "actions", f"A transaction holds at most {MAX_ACTIONS} actions; "
                                f"this one has {count}. Split it into several transactions."))
    if not _TOKEN.fullmatch(tx.token or ""):
        problems.append(Problem(None, "token", f"The ClientRequestToken must be 1 to {MAX_TOKEN_LENGTH} "
                                "printable ASCII characters; regenerate it."))
    seen: dict[tuple[str, str], int] = {}
    for index, action in enumerate(tx.actions):
        if not action.table:
            problems.append(Problem(index, "table", "Choose the table this action writes to."))
        elif not _TABLE_NAME.fullmatch(action.table):
            problems.append(Problem(index, "table", f"{action.table!r} is not a valid table name: use "
                                    "3 to 255 letters, digits, '_', '-' or '.'."))
        elif tables and action.table not in tables:
            problems.append(Problem(index, "table", f"Table {action.table} is not on this connection; "
                                    "check the name.", WARNING))
        info = tables.get(action.table)
        if action.kind == PUT:
            if not action.item:
                problems.append(Problem(index, "item", "The Put has no item; add its key and attributes."))
            _check_values(index, "item", action.item, problems)
            size = item_size(action.item) if action.item else 0
            if size > MAX_ITEM_BYTES:
                problems.append(Problem(index, "item", f"The item is about {size // 1024} KB; DynamoDB "
                                        "items hold at most 400 KB. Move large data to S3 and store "
                                        "its location."))
        else:
            _check_values(index, "key", action.key, problems)
            if action.item:
                problems.append(Problem(index, "item", f"A {action.kind} has no item; remove it or make "
                                        "this action a Put."))
        _check_key(index, action, info, problems)
        _check_values(index, "values", action.values, problems)
        _check_expressions(index, action, problems)
        if action.return_values not in RETURN_VALUES_CHOICES:
            problems.append(Problem(index, "return_values", "ReturnValuesOnConditionCheckFailure is "
                                    "NONE or ALL_OLD."))
        if action.return_values == "ALL_OLD" and not action.condition.strip():
            problems.append(Problem(index, "return_values", "ALL_OLD only returns the item when a "
                                    "condition fails, and this action has no condition.", WARNING))
        _check_lock_guard(index, action, schema, problems)
        ident = item_identity(action, tables, schema)
        if ident is not None:
            if ident in seen:
                problems.append(Problem(index, "key", f"Action {seen[ident] + 1} already acts on this "
                                        "item; a transaction may touch each item only once. Merge the "
                                        "two actions."))
            else:
                seen[ident] = index
    if not has_errors(problems):
        try:
            size = len(request_body(tx.to_request()))
        except RequestShapeError as exc:
            problems.append(Problem(None, "actions", exc.message))
        else:
            if size > MAX_REQUEST_BYTES:
                problems.append(Problem(None, "actions", f"The request is {size // 1024} KB; a "
                                        "transaction may total at most 4 MB. Split it."))
    return sorted(problems, key=lambda p: -1 if p.index is None else p.index)


@dataclass(frozen=True)
class TableSchemas:
    """The key schemas of the tables a transaction names, as DescribeTable reported them,
    and the names DescribeTable said do not exist."""

    infos: dict[str, TableInfo] = field(default_factory=dict)
    missing: frozenset[str] = frozenset()

    def problems(self, tx: Transaction) -> list[Problem]:
        """One error per missing table, at the first action that names it."""
        out: list[Problem] = []
        for name in sorted(self.missing):
            index = next((i for i, a in enumerate(tx.actions) if a.table == name), None)
            if index is not None:
                out.append(Problem(index, "table", f"Table {name} does not exist on this connection; "
                                   "check the name, the region and the endpoint."))
        return out


def describe_tables(conn: Connection, names: Iterable[str]) -> TableSchemas:
    """DescribeTable for each name (once): keys, GSI and LSI keys and their types.

    A table DynamoDB says does not exist is listed in ``missing``; any other failure
    (network, permissions) propagates, for the caller to say it could not check.
    """
    infos: dict[str, TableInfo] = {}
    missing: set[str] = set()
    for name in dict.fromkeys(names):
        if not _TABLE_NAME.fullmatch(name):
            continue  # DynamoDB refuses the name itself; validate() says so
        try:
            infos[name] = describe_table(conn, name)
        except Exception as exc:
            answer = getattr(exc, "response", None)  # None on botocore's connection errors
            code = answer.get("Error", {}).get("Code") if isinstance(answer, dict) else None
            if code != "ResourceNotFoundException":
                raise
            missing.add(name)
    return TableSchemas(infos, frozenset(missing))


def errors_only(problems: Sequence[Problem]) -> list[Problem]:
    return [p for p in problems if p.severity == ERROR]
