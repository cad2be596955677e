"""The key rules of a transaction's actions, from the table's description: the primary key
each action names, the index keys a Put or an Update writes, and which actions name the
same item (DynamoDB allows one action per item).

Every check returns ``Problem`` objects located at the action and field; ``tx.validation``
runs them. Rules checked against DynamoDB Local and, where it differs, the service's
documented behaviour (docs/validation.md).
"""

from __future__ import annotations

import contextlib
from collections.abc import Mapping
from typing import Any

from dynoview.core.expressions.nodes import Value, paths
from dynoview.core.expressions.rules import Target, resolve, static_type
from dynoview.core.session.tables import KeyAttribute, TableInfo
from dynoview.core.tx.model import CONDITION_CHECK, PUT, Action, Problem
from dynoview.core.uniqueness.schema import UniquenessSchema
from dynoview.core.values.key_sizes import MAX_PARTITION_KEY_BYTES, MAX_SORT_KEY_BYTES
from dynoview.core.values.numbers import number_identity
from dynoview.core.values.types import ValueParseError

_KEY_TYPES = frozenset({"S", "N", "B"})



def key_names_for(table: str, tables: Mapping[str, TableInfo],
                  schema: UniquenessSchema | None) -> tuple[str, ...]:
    """A table's key attribute names: from its description, else as the schema names them,
    else none known."""
    info = tables.get(table)
    if info is not None:
        return info.key_names
    return schema.key_names if schema is not None else ()


def _member(av: Any) -> tuple[str, Any] | None:
    if isinstance(av, Mapping) and len(av) == 1:
        ((code, member),) = av.items()
        return str(code), member
    return None


def _key_bytes(code: str, member: Any) -> int:
    if code == "S" and isinstance(member, str):
        return len(member.encode("utf-8", "surrogatepass"))
    if code == "B" and isinstance(member, bytes | bytearray):
        return len(member)
    return 0


def check_primary_key(index: int, action: Action, info: TableInfo, problems: list[Problem]) -> None:
    """The item's key (Put) or the Key (others): every key attribute, of its type, not
    empty, within the size limits; a Key holds nothing else."""
    source_field = "item" if action.kind == PUT else "key"
    source = action.item if action.kind == PUT else action.key
    for attr in (info.partition_key, info.sort_key):
        if attr is None:
            continue
        role = "partition key" if attr is info.partition_key else "sort key"
        where = f"{source_field}.{attr.name}"
        av = source.get(attr.name)
        if av is None:
            problems.append(Problem(index, where, f"The {role} {attr.name} ({attr.type}) of table "
                                    f"{info.name} is missing; add it."))
            continue
        found = _member(av)
        if found is None:
            continue  # reported by the value check
        code, member = found
        if code != attr.type:
            problems.append(Problem(index, where, f"{attr.name} is the {role} of {info.name} and must be "
                                    f"of type {attr.type}, not {code}; change its type."))
            continue
        if code in ("S", "B") and len(member) == 0:
            problems.append(Problem(index, where, f"Key attributes cannot be empty: give {attr.name} "
                                    "a value."))
            continue
        size = _key_bytes(code, member)
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


def index_keys(info: TableInfo) -> dict[str, tuple[KeyAttribute, str, bool]]:
    """Attribute name -> (key attribute, index name, is a partition key) for every GSI and
    LSI key that is not also a key of the table."""
    out: dict[str, tuple[KeyAttribute, str, bool]] = {}
    for idx in info.indexes:
        for attr, partition in ((idx.partition_key, True), (idx.sort_key, False)):
            if attr is not None and attr.name not in info.key_names and attr.name not in out:
                out[attr.name] = (attr, idx.name, partition)
    return out


def _index_value_problem(name: str, key: KeyAttribute, index_name: str, partition: bool,
                         code: str, member: Any, writes: str) -> str | None:
    """Why DynamoDB refuses this value for an index key attribute, or None."""
    if code not in _KEY_TYPES:
        return (f"{name} is a key of index {index_name} ({key.type}); {writes} a {code} value there, which "
                f"an index key cannot hold. Write a {key.type} value, or remove the attribute.")
    if code != key.type:
        return (f"{name} is a key of index {index_name} and must be of type {key.type}; {writes} a {code} "
                f"value. Change its type.")
    if code in ("S", "B") and member is not None and len(member) == 0:
        return (f"{name} is a key of index {index_name}, which cannot hold an empty value; give it a "
                "value or remove the attribute (an item without it is left out of the index).")
    limit = MAX_PARTITION_KEY_BYTES if partition else MAX_SORT_KEY_BYTES
    size = _key_bytes(code, member)
    if size > limit:
        return (f"{name} is a {'partition' if partition else 'sort'} key of index {index_name}, which holds "
                f"at most {limit} bytes; this value has {size}. Shorten it.")
    return None


def check_put_index_keys(index: int, action: Action, info: TableInfo, problems: list[Problem]) -> None:
    """Index key attributes a Put writes must have the index's key type and not be empty."""
    for name, (key, index_name, partition) in index_keys(info).items():
        found = _member(action.item.get(name))
        if found is None:
            continue
        message = _index_value_problem(name, key, index_name, partition, found[0], found[1], "the item has")
        if message:
            problems.append(Problem(index, f"item.{name}", message))


def check_update_targets(index: int, targets: list[Target], info: TableInfo, values: Mapping[str, Any],
                         problems: list[Problem]) -> None:
    """An Update may not touch the primary key, and what it writes to an index key must fit
    the index: a scalar of the key's type, not empty, no nested path."""
    keys = index_keys(info)
    for target in targets:
        top = target.resolved[0]
        if not isinstance(top, str):
            continue
        if top in info.key_names:
            problems.append(Problem(index, "update", f"{top} is part of the primary key of {info.name}; an "
                                    "Update cannot change or remove it. Put a new item with the new key "
                                    "and delete the old one."))
            continue
        if top not in keys:
            continue
        key, index_name, partition = keys[top]
        if len(target.resolved) > 1:
            problems.append(Problem(index, "update", f"{top} is a key of index {index_name}, so it holds a "
                                    f"{key.type} value and has no nested {target.path}; write {top} itself."))
            continue
        if target.clause in ("REMOVE", "DELETE") or target.value is None:
            continue  # removing an index key only takes the item out of the index
        code = static_type(target.value, values)
        if code is None:
            continue  # if_not_exists() or a path: it depends on the stored item
        member = None
        if isinstance(target.value, Value):
            found = _member(values.get(target.value.name))
            member = found[1] if found else None
        writes = "this ADD makes it" if target.clause == "ADD" else "the update writes"
        message = _index_value_problem(top, key, index_name, partition, code, member, writes)
        if message:
            problems.append(Problem(index, "update", message))


def check_key_paths(index: int, fld: str, tree: Any, action: Action, info: TableInfo,
                    problems: list[Problem]) -> None:
    """A Put, Update or Delete may not reach inside a key attribute (``PK.x``, ``gp[0]``),
    of the table or of an index, anywhere in its expressions: key attributes are scalars.
    (A ConditionCheck may; DynamoDB Local checked.)"""
    if action.kind == CONDITION_CHECK:
        return
    keys = set(info.key_names) | set(index_keys(info))
    for path in paths(tree):
        resolved = resolve(path, action.names)
        if resolved and len(resolved) > 1 and resolved[0] in keys:
            problems.append(Problem(index, fld, f"{path} reaches inside {resolved[0]}, a key attribute of "
                                    f"{info.name} or of one of its indexes; key attributes hold a single "
                                    f"value, so use {resolved[0]} itself."))
            return


def update_item_floor(action: Action, info: TableInfo | None, targets: list[Target],
                      values: Mapping[str, Any]) -> int:
    """The least size the updated item can have: its key plus every top-level attribute it
    SETs to a :value (whatever else the stored item holds only adds to it)."""
    from dynoview.core.values.sizes import attribute_size

    size = 0
    for name, av in action.key.items():
        try:
            size += attribute_size(name, av)
        except (ValueError, TypeError, KeyError):
            return 0
    for target in targets:
        if target.clause == "SET" and len(target.resolved) == 1 and isinstance(target.value, Value):
            av = values.get(target.value.name)
            if isinstance(av, Mapping):
                with contextlib.suppress(ValueError, TypeError, KeyError):  # invalid: reported elsewhere
                    size += attribute_size(str(target.resolved[0]), av)
    return size


def key_identity(key: Mapping[str, Any]) -> tuple[Any, ...] | None:
    """A key's identity as DynamoDB sees it: numbers by value (``1`` and ``1.0`` are one
    item), binary by bytes, strings by text; None when a value is not a key type."""
    parts = []
    for name in sorted(key):
        found = _member(key[name])
        if found is None or found[0] not in _KEY_TYPES:
            return None
        code, member = found
        try:
            ident: Any = number_identity(member) if code == "N" else (
                bytes(member) if code == "B" else member)
        except (ValueParseError, TypeError):
            ident = (code, repr(member))
        parts.append((name, code, ident))
    return tuple(parts)
