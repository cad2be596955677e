"""The syntax tree the expression parser builds, and one walk over it for every reader."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import TypeAlias


@dataclass(frozen=True)
class Path:
    """A document path: names (bare or ``#placeholder``) and list indexes (ints)."""

    elements: tuple[str | int, ...]
    position: int = field(default=0, compare=False)
    element_positions: tuple[int, ...] = field(default=(), compare=False)

    def __str__(self) -> str:
        out = ""
        for element in self.elements:
            if isinstance(element, int):
                out += f"[{element}]"
            else:
                out += f".{element}" if out else element
        return out


@dataclass(frozen=True)
class Value:
    """A value placeholder such as ``:v0``."""

    name: str
    position: int = field(default=0, compare=False)


@dataclass(frozen=True)
class FunctionCall:
    """A function: condition functions, ``size``, ``if_not_exists``, ``list_append``."""

    name: str
    args: tuple[Operand, ...]
    position: int = field(default=0, compare=False)


@dataclass(frozen=True)
class Arithmetic:
    """``left + right`` or ``left - right`` in a SET action."""

    op: str
    left: Operand
    right: Operand
    position: int = field(default=0, compare=False)


Operand: TypeAlias = Path | Value | FunctionCall


@dataclass(frozen=True)
class Comparison:
    """``left op right`` with op one of ``COMPARATORS``."""

    op: str
    left: Operand
    right: Operand
    position: int = field(default=0, compare=False)


@dataclass(frozen=True)
class Between:
    """``operand BETWEEN low AND high``."""

    operand: Operand
    low: Operand
    high: Operand
    position: int = field(default=0, compare=False)


@dataclass(frozen=True)
class In:
    """``operand IN (option, ...)``."""

    operand: Operand
    options: tuple[Operand, ...]
    position: int = field(default=0, compare=False)


@dataclass(frozen=True)
class Not:
    """``NOT operand``."""

    operand: Condition
    position: int = field(default=0, compare=False)


@dataclass(frozen=True)
class And:
    """Two or more conditions joined by AND."""

    operands: tuple[Condition, ...]
    position: int = field(default=0, compare=False)


@dataclass(frozen=True)
class Or:
    """Two or more conditions joined by OR."""

    operands: tuple[Condition, ...]
    position: int = field(default=0, compare=False)


Condition: TypeAlias = Comparison | Between | In | FunctionCall | Not | And | Or


@dataclass(frozen=True)
class SetAction:
    """``path = value`` in a SET clause."""

    path: Path
    value: Operand | Arithmetic


@dataclass(frozen=True)
class UpdateAction:
    """``path :value`` in an ADD or DELETE clause."""

    path: Path
    value: Value


@dataclass(frozen=True)
class UpdateExpression:
    """The four clauses of an update expression (each may appear at most once)."""

    set: tuple[SetAction, ...] = ()
    remove: tuple[Path, ...] = ()
    add: tuple[UpdateAction, ...] = ()
    delete: tuple[UpdateAction, ...] = ()


@dataclass(frozen=True)
class Projection:
    """The attributes a projection expression asks for."""

    paths: tuple[Path, ...]


Node: TypeAlias = (Path | Value | FunctionCall | Arithmetic | Comparison | Between | In | Not | And | Or
                   | SetAction | UpdateAction | UpdateExpression | Projection)


def children(node: Node) -> tuple[Node, ...]:
    """A node's direct subtrees, in the order they appear in the text (clauses in SET, REMOVE,
    ADD, DELETE order)."""
    if isinstance(node, FunctionCall):
        return node.args
    if isinstance(node, Comparison | Arithmetic):
        return (node.left, node.right)
    if isinstance(node, Between):
        return (node.operand, node.low, node.high)
    if isinstance(node, In):
        return (node.operand, *node.options)
    if isinstance(node, Not):
        return (node.operand,)
    if isinstance(node, And | Or):
        return node.operands
    if isinstance(node, SetAction | UpdateAction):
        return (node.path, node.value)
    if isinstance(node, UpdateExpression):
        return (*node.set, *node.remove, *node.add, *node.delete)
    if isinstance(node, Projection):
        return node.paths
    return ()  # Path and Value are leaves


def walk(node: Node) -> Iterator[Node]:
    """Every node of a tree, each before its subtrees (depth first, in text order)."""
    yield node
    for child in children(node):
        yield from walk(child)


def paths(node: Node) -> Iterator[Path]:
    """Every document path in a parsed expression (targets and operands alike)."""
    return (n for n in walk(node) if isinstance(n, Path))


def placeholders(node: Node) -> Iterator[str]:
    """Every ``#name`` and ``:value`` placeholder occurrence in a tree, repeats included."""
    for n in walk(node):
        if isinstance(n, Path):
            yield from (e for e in n.elements if isinstance(e, str) and e.startswith("#"))
        elif isinstance(n, Value):
            yield n.name
