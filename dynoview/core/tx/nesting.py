"""How deep a value nests, where DynamoDB measures it.

An item holds at most 32 levels (the attribute is the first). An expression attribute value is
measured on its own, before it is placed anywhere, so it may have one level more (a condition's
``:v`` of 33 levels is accepted, one of 34 refused: DynamoDB Local 1.25.1, corpus
``documented/condition-value-33-levels``); a value an Update SETs must then fit where it lands:
``SET m = :v`` puts ``:v``'s first level at level 1, ``SET a.b = :v`` at level 2.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from dynoview.core.expressions.nodes import Arithmetic, FunctionCall, Value
from dynoview.core.expressions.rules import Target
from dynoview.core.values.dynamodb_json import to_dynamodb_json
from dynoview.core.values.types import MAX_NESTING_DEPTH

#: The depth a placeholder value starts at: 0, one level above an attribute's 1.
VALUE_START_DEPTH = 0


def levels(av: Any) -> int:
    """The levels of a DynamoDB JSON value: 1 for a scalar or a set, one more per map or list."""
    if isinstance(av, Mapping) and len(av) == 1:
        ((code, member),) = av.items()
        if code == "M" and isinstance(member, Mapping):
            return 1 + max((levels(child) for child in member.values()), default=0)
        if code == "L" and isinstance(member, list):
            return 1 + max((levels(child) for child in member), default=0)
    return 1


def _placeholders(operand: Any) -> Iterable[str]:
    if isinstance(operand, Value):
        yield operand.name
    elif isinstance(operand, FunctionCall):
        for arg in operand.args:
            yield from _placeholders(arg)
    elif isinstance(operand, Arithmetic):
        yield from _placeholders(operand.left)
        yield from _placeholders(operand.right)


def set_too_deep(targets: Iterable[Target], values: Mapping[str, Any]) -> list[str]:
    """A sentence for each SET whose value would nest deeper than an item holds."""
    out = []
    for target in targets:
        if target.clause != "SET":
            continue
        for name in dict.fromkeys(_placeholders(target.value)):
            if name not in values:
                continue
            deepest = len(target.resolved) - 1 + levels(to_dynamodb_json(values[name]))
            if deepest > MAX_NESTING_DEPTH:
                out.append(f"SET {name} would nest {deepest} levels deep in the item; DynamoDB items "
                           f"hold at most {MAX_NESTING_DEPTH}. Flatten the value.")
    return out
