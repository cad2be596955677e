"""What DynamoDB refuses in a parsed expression beyond its grammar: operand types, operands
that must differ, functions used where they are not allowed, update paths that overlap,
and the sizes it counts.

The parser (``parser``) knows the text; these rules need the placeholder maps too, so
``#n = a`` is one attribute compared with itself and ``begins_with(a, :v)`` knows the type
of ``:v``. Every rule here was checked against DynamoDB Local (tests/differential); a rule
that depends on the item already stored (an attribute the expression reads may be missing)
is not here, because a check before sending cannot know it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from typing import Any

from dynoview.core.expressions.arithmetic import arithmetic_problem
from dynoview.core.expressions.nodes import (
    Arithmetic,
    Between,
    Comparison,
    Condition,
    FunctionCall,
    In,
    Node,
    Operand,
    Path,
    UpdateExpression,
    Value,
    placeholders,
    walk,
)
from dynoview.core.expressions.operators import too_many_operators
from dynoview.core.values.numbers import parse_number
from dynoview.core.values.sizes import attribute_size
from dynoview.core.values.types import TYPE_CODES, ValueParseError, type_code

__all__ = [
    "MAX_PATH_DEPTH",
    "MAX_SUBSTITUTED_BYTES",
    "MAX_VALUES_BYTES",
    "RuleProblem",
    "Target",
    "check_condition",
    "check_update",
    "resolve",
    "static_type",
    "substituted_size",
    "update_targets",
    "values_size",
]

#: A document path may be at most this many levels deep.
MAX_PATH_DEPTH = 32
#: An expression with its placeholders replaced by their names and values: at most 1 MB.
MAX_SUBSTITUTED_BYTES = 1024 * 1024
#: ExpressionAttributeValues, placeholders and values together: at most 2 MB.
MAX_VALUES_BYTES = 2 * 1024 * 1024

# <, <=, >, >= and BETWEEN order strings, numbers and binary only.
_ORDERED = frozenset({"S", "N", "B"})
_SIZED = frozenset({"S", "B", "SS", "NS", "BS", "L", "M"})
_ADDABLE = frozenset({"N", "SS", "NS", "BS"})
_DELETABLE = frozenset({"SS", "NS", "BS"})
_TYPE_WORDS = {"S": "a string", "N": "a number", "B": "binary", "BOOL": "a boolean", "NULL": "NULL",
               "SS": "a string set", "NS": "a number set", "BS": "a binary set", "L": "a list", "M": "a map"}


@dataclass(frozen=True)
class RuleProblem:
    """One refusal, at a 0-based offset in the expression text."""

    message: str
    position: int


@dataclass(frozen=True)
class Target:
    """A path an update expression writes, with the names resolved."""

    clause: str  # SET, REMOVE, ADD or DELETE
    path: Path
    resolved: tuple[str | int, ...]
    value: Operand | Arithmetic | None  # what SET writes or ADD/DELETE adds; None for REMOVE


def resolve(path: Path, names: Mapping[str, str]) -> tuple[str | int, ...] | None:
    """The path with ``#name`` placeholders replaced; None if one is undefined."""
    out: list[str | int] = []
    for element in path.elements:
        if isinstance(element, str) and element.startswith("#"):
            if element not in names:
                return None
            out.append(names[element])
        else:
            out.append(element)
    return tuple(out)


def _shown(resolved: tuple[str | int, ...]) -> str:
    text = ""
    for element in resolved:
        text += f"[{element}]" if isinstance(element, int) else (f".{element}" if text else element)
    return text


def _value(operand: Any, values: Mapping[str, Any]) -> Mapping[str, Any] | None:
    if isinstance(operand, Value):
        av = values.get(operand.name)
        if isinstance(av, Mapping) and len(av) == 1:
            return av
    return None


def static_type(operand: Operand | Arithmetic, values: Mapping[str, Any]) -> str | None:
    """The type an operand has whatever the stored item holds, or None when it depends on it
    (a path, ``if_not_exists``) or a placeholder is undefined."""
    if isinstance(operand, Arithmetic):
        return "N"
    if isinstance(operand, FunctionCall):
        return {"size": "N", "list_append": "L"}.get(operand.name)
    av = _value(operand, values)
    if av is None:
        return None
    try:
        return type_code(av)
    except (ValueError, TypeError):
        return None


def _order_key(av: Mapping[str, Any]) -> Any:
    """How BETWEEN orders two constants of one type: numbers by value, strings by their
    UTF-8 bytes, binary by unsigned bytes; None when a value is invalid."""
    ((code, member),) = av.items()
    try:
        if code == "N":
            return Decimal(parse_number(member))
        if code == "S":
            return member.encode("utf-8")
        if code == "B":
            return bytes(member)
    except (ValueParseError, InvalidOperation, TypeError, UnicodeEncodeError):
        return None
    return None


class _Checker:
    def __init__(self, names: Mapping[str, str], values: Mapping[str, Any]) -> None:
        self.names = names
        self.values = values
        self.problems: list[RuleProblem] = []

    def add(self, message: str, node: Any) -> None:
        self.problems.append(RuleProblem(message, int(getattr(node, "position", 0))))

    def type_of(self, operand: Operand | Arithmetic) -> str | None:
        return static_type(operand, self.values)

    def describe(self, operand: Operand | Arithmetic) -> str:
        if isinstance(operand, Value):
            return operand.name
        if isinstance(operand, FunctionCall):
            return f"{operand.name}()"
        if isinstance(operand, Path):
            return str(operand)
        return "the sum"

    def expect_types(self, operand: Operand | Arithmetic, allowed: frozenset[str], what: str) -> None:
        code = self.type_of(operand)
        if code is not None and code not in allowed:
            words = [_TYPE_WORDS[t] for t in sorted(allowed, key=list(_TYPE_WORDS).index)]
            wanted = words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]
            self.add(f"{what} takes {wanted}, but {self.describe(operand)} is {_TYPE_WORDS[code]}; "
                     "use a value of the right type.", operand)

    def distinct(self, first: Operand, others: tuple[Operand, ...], what: str) -> None:
        """DynamoDB refuses ``a = a``, ``a IN (b, a)``, ``begins_with(a, a)``...: the first
        operand, when a path, must differ from the others (names resolved)."""
        if not isinstance(first, Path):
            return
        mine = resolve(first, self.names)
        if mine is None:
            return
        for other in others:
            if isinstance(other, Path) and resolve(other, self.names) == mine:
                self.add(f"{what} compares {_shown(mine)} with itself, which DynamoDB refuses; compare "
                         "it with another attribute or a :value.", first)
                return

    def path(self, path: Path) -> None:
        if len(path.elements) > MAX_PATH_DEPTH:
            self.add(f"The path {path} is {len(path.elements)} levels deep; DynamoDB allows at most "
                     f"{MAX_PATH_DEPTH}.", path)

    def operators(self, tree: Node, what: str) -> None:
        problem = too_many_operators(tree, what)
        if problem is not None:
            self.problems.append(RuleProblem(problem, 0))

    def check(self, tree: Node) -> list[RuleProblem]:
        """Apply every node's rules, outermost node first."""
        for node in walk(tree):
            if isinstance(node, Path):
                self.path(node)
            elif isinstance(node, FunctionCall):
                self.function(node)
            elif isinstance(node, Arithmetic):
                self.arithmetic(node)
            elif isinstance(node, Comparison):
                self.comparison(node)
            elif isinstance(node, Between):
                self.between(node)
            elif isinstance(node, In):
                self.distinct(node.operand, node.options, "IN")
        return self.problems

    def arithmetic(self, node: Arithmetic) -> None:
        for side in (node.left, node.right):
            if isinstance(side, FunctionCall) and side.name == "list_append":
                self.add(f"list_append() cannot be used with {node.op}; give its result its own "
                         "SET action.", side)
            else:
                self.expect_types(side, frozenset({"N"}), f"{node.op}")
        problem = arithmetic_problem(node, self.values)
        if problem is not None:
            self.add(problem, node)

    def function(self, call: FunctionCall) -> None:
        name, args = call.name, call.args
        if name == "size":
            self.expect_types(args[0], _SIZED, "size()")
        elif name == "begins_with":
            self.distinct(args[0], args[1:], "begins_with()")
            for arg in args:
                self.expect_types(arg, frozenset({"S", "B"}), "begins_with()")
        elif name == "contains":
            self.distinct(args[0], args[1:], "contains()")
        elif name == "attribute_type":
            self.attribute_type(call)
        elif name == "if_not_exists":
            self.distinct(args[0], args[1:], "if_not_exists()")
            if isinstance(args[1], FunctionCall) and args[1].name == "list_append":
                self.add("list_append() cannot be the default of if_not_exists(); apply list_append() "
                         "to the if_not_exists() result instead.", args[1])
        elif name == "list_append":
            for arg in args:
                if isinstance(arg, FunctionCall) and arg.name == "list_append":
                    self.add("list_append() cannot take another list_append(); join the lists in "
                             "one :value instead.", arg)
                else:
                    self.expect_types(arg, frozenset({"L"}), "list_append()")

    def attribute_type(self, call: FunctionCall) -> None:
        kind = call.args[1]
        av = _value(kind, self.values)
        if not isinstance(kind, Value):
            self.add("attribute_type() takes the type as a :value such as {\"S\": \"N\"}, not "
                     f"{self.describe(kind)}.", call)
        elif av is not None:
            code = self.type_of(kind)
            if code != "S":
                self.add(f"attribute_type() takes the type name as a string value such as {{\"S\": \"N\"}}; "
                         f"{kind.name} is {_TYPE_WORDS.get(code or '', 'not a string')}.", kind)
            elif av["S"] not in TYPE_CODES:
                self.add(f"{av['S']!r} is not a DynamoDB type name; attribute_type() takes one of "
                         f"{', '.join(sorted(TYPE_CODES))} (upper case).", kind)

    def comparison(self, node: Comparison) -> None:
        self.distinct(node.left, (node.right,), node.op)
        if node.op not in ("=", "<>"):
            for side in (node.left, node.right):
                self.expect_types(side, _ORDERED, node.op)

    def between(self, node: Between) -> None:
        for part in (node.operand, node.low, node.high):
            self.expect_types(part, _ORDERED, "BETWEEN")
        self.distinct(node.operand, (node.low, node.high), "BETWEEN")
        # Only two :value bounds are compared (size() against a :value is not).
        lo_av, hi_av = _value(node.low, self.values), _value(node.high, self.values)
        if lo_av is None or hi_av is None:
            return
        low, high = self.type_of(node.low), self.type_of(node.high)
        if low in _ORDERED and high in _ORDERED and low != high:
            self.add(f"The bounds of BETWEEN have different types ({_TYPE_WORDS[low]} and "
                     f"{_TYPE_WORDS[high]}); give both the same type.", node)
            return
        if low == high and low in _ORDERED:
            lo_key, hi_key = _order_key(lo_av), _order_key(hi_av)
            if lo_key is not None and hi_key is not None and lo_key > hi_key:
                self.add(f"BETWEEN {self.describe(node.low)} AND {self.describe(node.high)} has its lower "
                         "bound above its upper bound, which DynamoDB refuses; swap them.", node)


def check_condition(tree: Condition, names: Mapping[str, str] | None,
                    values: Mapping[str, Any] | None) -> list[RuleProblem]:
    """What DynamoDB refuses in a parsed condition, given the placeholder maps."""
    checker = _Checker(names or {}, values or {})
    checker.check(tree)
    checker.operators(tree, "condition")
    return checker.problems


def update_targets(tree: UpdateExpression, names: Mapping[str, str] | None) -> list[Target]:
    """Every path the update writes or removes, in clause order (undefined names skipped)."""
    names = names or {}
    out: list[Target] = []
    items: list[tuple[str, Path, Any]] = [("SET", a.path, a.value) for a in tree.set]
    items += [("REMOVE", p, None) for p in tree.remove]
    items += [("ADD", a.path, a.value) for a in tree.add]
    items += [("DELETE", a.path, a.value) for a in tree.delete]
    for clause, path, value in items:
        resolved = resolve(path, names)
        if resolved is not None:
            out.append(Target(clause, path, resolved, value))
    return out


def _clash(one: tuple[str | int, ...], two: tuple[str | int, ...]) -> str | None:
    """'overlap' when one path contains the other, 'conflict' when they part ways at a
    map key on one side and a list index on the other, else None."""
    for a, b in zip(one, two, strict=False):
        if a == b and type(a) is type(b):
            continue
        if isinstance(a, int) != isinstance(b, int):
            return "conflict"
        return None
    return "overlap"


def check_update(tree: UpdateExpression, names: Mapping[str, str] | None,
                 values: Mapping[str, Any] | None) -> list[RuleProblem]:
    """What DynamoDB refuses in a parsed update expression, given the placeholder maps."""
    checker = _Checker(names or {}, values or {})
    checker.check(tree)
    checker.operators(tree, "update")
    for clause, actions, allowed in (("ADD", tree.add, _ADDABLE), ("DELETE", tree.delete, _DELETABLE)):
        for update in actions:
            code = checker.type_of(update.value)
            if code is not None and code not in allowed:
                wanted = "a number or a set" if clause == "ADD" else "a set"
                checker.add(f"{clause} takes {wanted}; {update.value.name} is {_TYPE_WORDS[code]}. Use SET "
                            "to write other types.", update.value)
    targets = update_targets(tree, names)
    for index, first in enumerate(targets):
        for second in targets[index + 1:]:
            clash = _clash(first.resolved, second.resolved)
            if clash == "overlap":
                checker.add(f"The update writes {_shown(first.resolved)} and {_shown(second.resolved)}, "
                            "which overlap; DynamoDB refuses two actions on one path. Keep one.", second.path)
            elif clash == "conflict":
                checker.add(f"{_shown(first.resolved)} treats it as a map and {_shown(second.resolved)} as "
                            "a list; DynamoDB refuses the pair. Keep one.", second.path)
    return checker.problems


def _value_bytes(av: Any) -> int:
    try:
        return attribute_size("", av)
    except (ValueError, TypeError, KeyError, AttributeError):
        return 0


def substituted_size(text: str, tree: Node, names: Mapping[str, str] | None,
                     values: Mapping[str, Any] | None) -> int:
    """The size DynamoDB gives an expression: its UTF-8 text plus, for every placeholder
    occurrence, the name's UTF-8 length or the value's size (limited to 1 MB per expression,
    and counted in the 4 MB of a transaction)."""
    names, values = names or {}, values or {}
    size = len(text.encode("utf-8", "surrogatepass"))
    for token in placeholders(tree):
        if token.startswith("#"):
            size += len(str(names.get(token, "")).encode("utf-8", "surrogatepass"))
        elif token in values:
            size += _value_bytes(values[token])
    return size


def values_size(values: Mapping[str, Any] | None) -> int:
    """ExpressionAttributeValues as DynamoDB measures it: placeholders and values (2 MB at most)."""
    return sum(len(k.encode("utf-8", "surrogatepass")) + _value_bytes(v) for k, v in (values or {}).items())
