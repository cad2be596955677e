"""What the Python and TypeScript writers share: data laid out as an expression (on one line
when it fits, else one entry a line), and the parts of a send. Each language gives its own
spelling (``Syntax``); the layout is the same, so both modules read alike."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Protocol

import dynoview.core.codegen.body as bodies
import dynoview.core.codegen.model as m


@dataclass(frozen=True)
class Syntax:
    """How one language writes data."""

    key: Callable[[str], str]  # a mapping key as a literal
    leaf: Callable[[Any], str]  # a value that is not a mapping or a list
    width: int  # the line length the code keeps to
    step: int  # spaces a nesting level adds
    padded_braces: bool  # ``{ a: 1 }`` rather than ``{a: 1}``
    #: a string too long for its line, in pieces (keys too); None: it stays whole
    long_leaf: Callable[[Any, int], str] | None = None


def inline(value: Any, syntax: Syntax, spread_at: Any = None, spread: str = "") -> str:
    """``value`` on one line; the mapping that is ``spread_at`` gets ``spread`` first."""
    if isinstance(value, Mapping):
        entries = [spread] if spread_at is not None and value is spread_at else []
        entries += [f"{syntax.key(k)}: {inline(v, syntax, spread_at, spread)}" for k, v in value.items()]
        if syntax.padded_braces:
            return "{ " + ", ".join(entries) + " }" if entries else "{}"
        return "{" + ", ".join(entries) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(inline(v, syntax, spread_at, spread) for v in value) + "]"
    return syntax.leaf(value)


def expression(value: Any, syntax: Syntax, base: int, column: int, spread_at: Any = None,
               spread: str = "") -> str:
    """``value`` as an expression starting at ``column`` of a line indented ``base``; one
    entry a line when it does not fit on one (see ``inline`` for ``spread``)."""
    one_line = inline(value, syntax, spread_at, spread)
    if column + len(one_line) <= syntax.width - 1:
        return one_line
    if not isinstance(value, Mapping | list):
        return syntax.long_leaf(value, base) if syntax.long_leaf is not None else one_line
    inner = " " * (base + syntax.step)
    lines = []
    if isinstance(value, Mapping):
        if spread_at is not None and value is spread_at:
            lines.append(f"{inner}{spread},")
        for key, item in value.items():
            key_text = syntax.key(key)
            if syntax.long_leaf is not None and len(inner) + len(key_text) + 2 > syntax.width - 8:
                key_text = syntax.long_leaf(key, base + syntax.step)  # a name from the schema
            head = f"{inner}{key_text}: "
            column = len(head.rsplit("\n", 1)[-1])
            lines.append(head + expression(item, syntax, base + syntax.step, column, spread_at, spread)
                         + ",")
    else:
        for item in value:
            lines.append(inner + expression(item, syntax, base + syntax.step, len(inner), spread_at,
                                            spread) + ",")
    brackets = "{}" if isinstance(value, Mapping) else "[]"
    return brackets[0] + "\n" + "\n".join(lines) + "\n" + " " * base + brackets[1]


def send_parts(op: m.Operation, st: bodies.Send) -> tuple[list[Any], Any, m.Param | None]:
    """A send's requests, the account item extra attributes are spread into (None: none is),
    and the parameter holding them."""
    requests = [step.request for step in st.steps]
    spread_at = next((s.request["Put"]["Item"] for s in st.steps if s.merge_attributes), None)
    attributes = (next(p for p in op.params if p.role == m.ATTRIBUTES)
                  if spread_at is not None else None)
    return requests, spread_at, attributes


def packed_lines(cells: list[str], indent: str, width: int) -> str:
    """Table cells (``[0x0009, 0x000d],``) as many to a line as fit ``width``, each line
    indented ``indent``."""
    lines, line = [], indent
    for cell in cells:
        if len(line) + len(cell) + 1 > width and line.strip():
            lines.append(line.rstrip())
            line = indent
        line += cell + " "
    if line.strip():
        lines.append(line.rstrip())
    return "\n".join(lines)


class Writer(Protocol):
    """A language's writer of the module's functions."""

    lines: list[str]

    def normaliser(self, rule: m.RuleInfo) -> None: ...

    def function(self, op: m.Operation) -> None: ...


def functions(writer: Writer, code_model: m.CodeModel) -> str:
    """The module's functions: each rule's normaliser, then each operation."""
    for rule in code_model.rules:
        writer.normaliser(rule)
    for op in code_model.operations:
        writer.function(op)
    return "\n".join(writer.lines) + "\n"
