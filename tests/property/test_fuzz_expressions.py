"""Expression text (conditions, updates, projections, key conditions) and placeholder checks.

Parsers raise only ExpressionSyntaxError, with an offset inside the text and a
sentence; check_placeholders never raises and locates each problem.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dynoview.core.expressions.checks import check_placeholders
from dynoview.core.expressions.lexer import ExpressionSyntaxError
from dynoview.core.expressions.parser import parse_condition, parse_projection, parse_update
from tests.property.strategies import FUZZ, TEXT, json_values

pytestmark = pytest.mark.property

TOKENS = st.sampled_from([
    "#pk", "#n0", ":v", ":v0", "PK", "email", "name", "status", "a.b", "a[0]", "a[", "]", "[1]",
    "=", "<>", "<", "<=", ">", ">=", "AND", "OR", "NOT", "BETWEEN", "IN", "(", ")", ",", "SET",
    "REMOVE", "ADD", "DELETE", "+", "-", "attribute_exists", "attribute_not_exists", "begins_with",
    "contains", "size", "if_not_exists", "list_append", "attribute_type", " ", "  ", "\t", "\n",
    "é", "🙂", "\x00", "\ud800", "'", '"', ":", "#", "",
])
EXPRESSIONS = st.one_of(TEXT, st.lists(TOKENS, max_size=24).map(" ".join),
                        st.lists(TOKENS, max_size=24).map("".join))
PARSERS = [parse_condition, parse_update, parse_projection]


@settings(settings.get_profile(FUZZ))
@given(st.sampled_from(PARSERS), EXPRESSIONS)
def test_parsers_raise_only_located_syntax_errors(parse: Any, text: str) -> None:
    try:
        parse(text)
    except ExpressionSyntaxError as exc:
        assert 0 <= exc.position <= len(text), (exc.position, len(text))
        assert exc.message and exc.message.endswith((".", ")", "?")), exc.message


PLACEHOLDER_MAPS = st.dictionaries(
    st.sampled_from(["#pk", "#n0", "#a", "#", "#é", "x", ""]) | st.text(max_size=4),
    st.text(max_size=6) | st.integers() | st.none(), max_size=4)
VALUE_MAPS = st.dictionaries(st.sampled_from([":v", ":v0", ":", "v", ""]) | st.text(max_size=4),
                             json_values(5), max_size=4)


@settings(settings.get_profile(FUZZ))
@given(st.lists(EXPRESSIONS | st.none(), max_size=3), PLACEHOLDER_MAPS, VALUE_MAPS)
def test_check_placeholders_never_raises_and_locates(expressions: list[str | None], names: Any,
                                                     values: Any) -> None:
    problems = check_placeholders(expressions, names, values)
    for problem in problems:
        assert problem.message
        if problem.expression is not None:
            text = expressions[problem.expression]
            assert text is not None
            assert problem.position is not None
            assert 0 <= problem.position <= max(len(text), 4096)
        else:
            assert problem.kind in {"unused-name", "unused-value"}
