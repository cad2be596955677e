"""What DynamoDB would reject about a request's expressions and placeholder maps, found before
sending: undefined and unused placeholders, bare reserved words, syntax errors, oversized text."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from dynoview.core.expressions.lexer import PLACEHOLDER_RE, TOKEN_RE, ExpressionSyntaxError
from dynoview.core.expressions.nodes import paths
from dynoview.core.expressions.parser import parse_condition, parse_projection, parse_update
from dynoview.core.expressions.reserved_words import TAKEN_BARE, is_reserved

#: DynamoDB rejects any expression string longer than this many bytes.
MAX_EXPRESSION_BYTES = 4096


@dataclass(frozen=True)
class ExpressionProblem:
    """One problem found by ``check_placeholders``.

    ``kind`` is 'undefined-name', 'undefined-value', 'unused-name', 'unused-value',
    'reserved-word' or 'syntax'. ``expression`` is the index of the expression in the
    checked sequence and ``position`` the 0-based offset in it; both are None for unused
    map entries, which belong to no expression.
    """

    kind: str
    token: str
    message: str
    position: int | None = None
    expression: int | None = None


def _parse_any(text: str) -> tuple[Any, ExpressionSyntaxError | None]:
    """Parse text as whichever expression kind fits; else the error that got furthest."""
    errors: list[ExpressionSyntaxError] = []
    for parse in (parse_condition, parse_update, parse_projection):
        try:
            return parse(text), None
        except ExpressionSyntaxError as exc:
            errors.append(exc)
    return None, max(errors, key=lambda e: e.position)


def _token_at(text: str, position: int) -> str:
    """The token starting at ``position`` (or the single character there)."""
    match = TOKEN_RE.match(text, position)
    if match is not None:
        return match.group()
    return text[position : position + 1]


def _reserved_problem(word: str, position: int, expression: int) -> ExpressionProblem:
    return ExpressionProblem(
        "reserved-word",
        word,
        f"{word} is a reserved word in DynamoDB; use an ExpressionAttributeNames placeholder "
        f"such as #{word}.",
        position,
        expression,
    )


def check_placeholders(
    expressions: Iterable[str | None],
    names: Mapping[str, str] | None,
    values: Mapping[str, Any] | None,
) -> list[ExpressionProblem]:
    """Find what DynamoDB would reject about a request's expressions and placeholder maps.

    Reports placeholders used but not defined, map entries no expression uses (DynamoDB
    rejects those too), reserved words used bare as names, and syntax errors. ``None``
    expressions are skipped, so a request's optional expressions can be passed as they are.
    """
    names = names or {}
    values = values or {}
    problems: list[ExpressionProblem] = []
    used_names: set[str] = set()
    used_values: set[str] = set()
    for index, text in enumerate(expressions):
        if text is None:
            continue
        problems.extend(_too_long(text, index))
        problems.extend(_undefined(text, index, names, values, used_names, used_values))
        problems.extend(_syntax_and_reserved_words(text, index))
    problems.extend(_unused(names, used_names, "ExpressionAttributeNames", "unused-name"))
    problems.extend(_unused(values, used_values, "ExpressionAttributeValues", "unused-value"))
    return problems


def _too_long(text: str, index: int) -> list[ExpressionProblem]:
    size = len(text.encode("utf-8", "surrogatepass"))
    if size <= MAX_EXPRESSION_BYTES:
        return []
    return [ExpressionProblem(
        "syntax", "",
        f"This expression is {size} bytes long; DynamoDB accepts at most "
        f"{MAX_EXPRESSION_BYTES}. Shorten it, for example with shorter placeholders.",
        MAX_EXPRESSION_BYTES, index)]


def _undefined(text: str, index: int, names: Mapping[str, str], values: Mapping[str, Any],
               used_names: set[str], used_values: set[str]) -> list[ExpressionProblem]:
    """Placeholders the expression uses that its maps do not define (each once); records use."""
    problems: list[ExpressionProblem] = []
    reported: set[str] = set()
    for match in PLACEHOLDER_RE.finditer(text):
        token = match.group()
        is_name = token.startswith("#")
        (used_names if is_name else used_values).add(token)
        if token in reported or token in (names if is_name else values):
            continue
        reported.add(token)
        if is_name:
            problems.append(ExpressionProblem(
                "undefined-name", token,
                f"{token} is used in the expression but not defined; add it to "
                "ExpressionAttributeNames with the attribute name it stands for.",
                match.start(), index))
        else:
            problems.append(ExpressionProblem(
                "undefined-value", token,
                f"{token} is used in the expression but not defined; add it to "
                'ExpressionAttributeValues with a typed value such as {"S": "x"}.',
                match.start(), index))
    return problems


def _syntax_and_reserved_words(text: str, index: int) -> list[ExpressionProblem]:
    tree, error = _parse_any(text)
    if error is not None:
        return [ExpressionProblem(
            "syntax", _token_at(text, error.position), error.message, error.position, index)]
    return [_reserved_problem(element, position, index)
            for path in paths(tree)
            for element, position in zip(path.elements, path.element_positions, strict=False)
            if isinstance(element, str) and not element.startswith("#") and is_reserved(element)
            and element.upper() not in TAKEN_BARE]


def _unused(defined: Mapping[str, Any], used: set[str], map_name: str,
            kind: str) -> list[ExpressionProblem]:
    return [ExpressionProblem(
        kind, placeholder,
        f"{placeholder} is defined in {map_name} but no expression uses "
        "it; DynamoDB rejects unused entries, so remove it.")
        for placeholder in defined if placeholder not in used]
