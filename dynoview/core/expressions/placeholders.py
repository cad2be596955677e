"""Generated placeholders (``#n0`` for names, ``:v0`` for values) for every expression the app
sends, so reserved words and odd attribute names never reach DynamoDB bare."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from dynoview.core.expressions.lexer import MAX_INDEX_DIGITS, ExpressionSyntaxError, column
from dynoview.core.values.types import type_code


def split_path(path: str) -> tuple[str | int, ...]:
    """Split a document path like ``a.b[2].c`` into ``("a", "b", 2, "c")``.

    Names may contain any character except ``.``, ``[`` and ``]`` (use
    ``Placeholders.literal_name`` for a name that contains a dot).
    """
    if not path:
        raise ExpressionSyntaxError("The attribute path is empty; type an attribute name.", 0)
    parts: list[str | int] = []
    pos = 0
    length = len(path)
    expect_name = True
    while pos < length:
        if expect_name:
            end = pos
            while end < length and path[end] not in ".[]":
                end += 1
            if end == pos:
                raise ExpressionSyntaxError(
                    f"Expected an attribute name at column {column(pos)} of {path!r}; "
                    "check for a doubled or leading '.'.",
                    pos,
                )
            parts.append(path[pos:end])
            pos = end
            expect_name = False
            continue
        char = path[pos]
        if char == ".":
            pos += 1
            expect_name = True
            if pos == length:
                raise ExpressionSyntaxError(
                    f"The path {path!r} ends with '.'; add the nested attribute name.", pos - 1
                )
        elif char == "[":
            close = path.find("]", pos)
            digits = path[pos + 1 : close] if close != -1 else ""
            if close == -1 or not (digits.isascii() and digits.isdigit()):
                raise ExpressionSyntaxError(
                    f"List indexes are whole numbers in brackets, such as [0]; check "
                    f"column {column(pos)} of {path!r}.",
                    pos,
                )
            if len(digits) > MAX_INDEX_DIGITS:
                raise ExpressionSyntaxError(f"The list index at column {column(pos)} is far too large.", pos)
            parts.append(int(digits))
            pos = close + 1
        else:
            raise ExpressionSyntaxError(f"Unexpected {char!r} at column {column(pos)} of {path!r}.", pos)
    return tuple(parts)


class Placeholders:
    """Generates ``#n0, #n1…`` for names and ``:v0, :v1…`` for values, for one request.

    Every name component is aliased, reserved or not, so user data can never collide with
    the expression grammar; the same name always gets the same placeholder.
    """

    def __init__(self) -> None:
        self._names: dict[str, str] = {}  # placeholder → attribute name
        self._placeholder_for: dict[str, str] = {}  # attribute name → placeholder
        self._values: dict[str, dict[str, Any]] = {}

    def literal_name(self, name: str) -> str:
        """Alias one attribute name taken literally (dots and brackets included)."""
        if not isinstance(name, str) or not name:
            raise ExpressionSyntaxError("Attribute names cannot be empty.", 0)
        existing = self._placeholder_for.get(name)
        if existing is not None:
            return existing
        placeholder = f"#n{len(self._names)}"
        self._names[placeholder] = name
        self._placeholder_for[name] = placeholder
        return placeholder

    def name(self, path: str) -> str:
        """Alias a document path: ``a.b[2].c`` → ``#n0.#n1[2].#n2``."""
        out: list[str] = []
        for part in split_path(path):
            if isinstance(part, int):
                out[-1] += f"[{part}]"
            else:
                out.append(self.literal_name(part))
        return ".".join(out)

    def value(self, av: Mapping[str, Any]) -> str:
        """Register an AttributeValue and return its new placeholder."""
        type_code(av)  # refuse anything that is not an AttributeValue
        placeholder = f":v{len(self._values)}"
        self._values[placeholder] = dict(av)
        return placeholder

    @property
    def names(self) -> dict[str, str]:
        """The ExpressionAttributeNames map (a copy; empty when no name was aliased)."""
        return dict(self._names)

    @property
    def values(self) -> dict[str, dict[str, Any]]:
        """The ExpressionAttributeValues map (a copy; empty when no value was added)."""
        return dict(self._values)

    def apply(self, request: dict[str, Any]) -> dict[str, Any]:
        """Add the non-empty maps to ``request`` (merging with maps already there).

        DynamoDB rejects empty maps and unused entries, so nothing empty is added. Returns
        the same dict for chaining; a placeholder already mapped differently is an error.
        """
        for key, mapping in (
            ("ExpressionAttributeNames", self.names),
            ("ExpressionAttributeValues", self.values),
        ):
            if not mapping:
                continue
            merged: dict[str, Any] = dict(request.get(key) or {})
            for placeholder, target in mapping.items():
                if placeholder in merged and merged[placeholder] != target:
                    raise ValueError(
                        f"{placeholder} is already mapped to {merged[placeholder]!r} in this "
                        "request; build the whole request with one Placeholders instance."
                    )
                merged[placeholder] = target
            request[key] = merged
        return request
