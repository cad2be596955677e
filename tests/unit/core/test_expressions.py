"""Tests for dynoview.core.expressions.parser: placeholders, builders, parser and checker.

As in the AWS CLI's functional tests, the request dict is the contract: builders are
checked against the exact expression text and placeholder maps.
"""

from __future__ import annotations

import os
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dynoview.core.expressions.builders import and_, comparison, not_, or_
from dynoview.core.expressions.checks import ExpressionProblem, check_placeholders
from dynoview.core.expressions.lexer import MAX_NESTING, ExpressionSyntaxError
from dynoview.core.expressions.nodes import (
    And,
    Arithmetic,
    Between,
    Comparison,
    FunctionCall,
    In,
    Not,
    Or,
    Path,
    Projection,
    SetAction,
    UpdateAction,
    UpdateExpression,
    Value,
)
from dynoview.core.expressions.parser import parse_condition, parse_projection, parse_update
from dynoview.core.expressions.placeholders import Placeholders, split_path
from dynoview.core.expressions.reserved_words import RESERVED_WORDS, is_reserved
from dynoview.core.values.types import ValueParseError

# A stress script raises this (e.g. to 10,000); the default keeps the suite quick.
FUZZ_EXAMPLES = int(os.environ.get("DYNOVIEW_FUZZ_EXAMPLES", "200"))
fuzz = settings(max_examples=FUZZ_EXAMPLES, deadline=None)


def P(*elements: str | int) -> Path:
    return Path(tuple(elements))


def V(name: str) -> Value:
    return Value(name)


def syntax_error(func: Any, text: str) -> ExpressionSyntaxError:
    with pytest.raises(ExpressionSyntaxError) as info:
        func(text)
    return info.value


# --------------------------------------------------------------------------- reserved words


def test_reserved_words_loaded_from_package_data() -> None:
    assert len(RESERVED_WORDS) == 573
    assert all(word == word.upper() for word in RESERVED_WORDS)
    assert {"NAME", "STATUS", "TTL", "KEY", "VALUE", "USER", "SIZE"} <= RESERVED_WORDS


@pytest.mark.parametrize(
    ("name", "reserved"),
    [
        ("status", True),
        ("Status", True),
        ("STATUS", True),
        ("ttl", True),
        ("email", False),
        ("PK", False),
        ("username", False),
    ],
)
def test_is_reserved_case_insensitive(name: str, reserved: bool) -> None:
    assert is_reserved(name) is reserved


# --------------------------------------------------------------------------- placeholders


def test_path_aliases_every_component() -> None:
    ph = Placeholders()
    assert ph.name("a.b[2].c") == "#n0.#n1[2].#n2"
    assert ph.name("b") == "#n1"  # same name, same placeholder
    assert ph.name("tags[0][3]") == "#n3[0][3]"
    assert ph.names == {"#n0": "a", "#n1": "b", "#n2": "c", "#n3": "tags"}
    assert ph.values == {}


def test_literal_name_keeps_dots() -> None:
    ph = Placeholders()
    assert ph.literal_name("user.email") == "#n0"
    assert ph.name("user.email") == "#n1.#n2"
    assert ph.literal_name("user.email") == "#n0"
    assert ph.names == {"#n0": "user.email", "#n1": "user", "#n2": "email"}


def test_values_get_fresh_placeholders() -> None:
    ph = Placeholders()
    assert ph.value({"S": "a"}) == ":v0"
    assert ph.value({"S": "a"}) == ":v1"
    assert ph.values == {":v0": {"S": "a"}, ":v1": {"S": "a"}}
    with pytest.raises(ValueParseError):
        ph.value({"bogus": 1})


def test_maps_are_copies() -> None:
    ph = Placeholders()
    ph.name("a")
    ph.names["#n9"] = "x"
    assert ph.names == {"#n0": "a"}


def test_apply_adds_only_non_empty_maps() -> None:
    request: dict[str, Any] = {"TableName": "users"}
    assert Placeholders().apply(request) is request
    assert request == {"TableName": "users"}

    ph = Placeholders()
    request["ProjectionExpression"] = ph.name("email")
    assert ph.apply(request) == {
        "TableName": "users",
        "ProjectionExpression": "#n0",
        "ExpressionAttributeNames": {"#n0": "email"},
    }


def test_apply_merges_and_refuses_conflicts() -> None:
    ph = Placeholders()
    ph.name("a")
    request: dict[str, Any] = {"ExpressionAttributeNames": {"#other": "o"}}
    ph.apply(request)
    assert request["ExpressionAttributeNames"] == {"#other": "o", "#n0": "a"}
    with pytest.raises(ValueError, match="already mapped"):
        ph.apply({"ExpressionAttributeNames": {"#n0": "different"}})


@pytest.mark.parametrize(
    ("path", "parts"),
    [
        ("a", ("a",)),
        ("a.b[2].c", ("a", "b", 2, "c")),
        ("list[0][1]", ("list", 0, 1)),
        ("with space.and-dash", ("with space", "and-dash")),
        ("#literal", ("#literal",)),
    ],
)
def test_split_path(path: str, parts: tuple[str | int, ...]) -> None:
    assert split_path(path) == parts


@pytest.mark.parametrize(
    ("path", "position", "phrase"),
    [
        ("", 0, "empty"),
        (".a", 0, "Expected an attribute name at column 1"),
        ("a..b", 2, "Expected an attribute name at column 3"),
        ("a.", 1, "ends with '.'"),
        ("a[x]", 1, "List indexes are whole numbers"),
        ("a[1", 1, "List indexes are whole numbers"),
        ("a[]", 1, "List indexes are whole numbers"),
        ("[1]", 0, "Expected an attribute name at column 1"),
        ("a[1]b", 4, "Unexpected 'b' at column 5"),
        ("a]", 1, "Unexpected ']'"),
        ("a[" + "9" * 5000 + "]", 1, "far too large"),
    ],
)
def test_split_path_errors(path: str, position: int, phrase: str) -> None:
    err = syntax_error(split_path, path)
    assert err.position == position
    assert phrase in err.message


def test_literal_name_rejects_empty() -> None:
    with pytest.raises(ExpressionSyntaxError):
        Placeholders().literal_name("")


# --------------------------------------------------------------------------- builders


def test_comparison_on_reserved_word_exact_request() -> None:
    ph = Placeholders()
    request = {"TableName": "users", "FilterExpression": comparison(ph, "status", "=", [{"S": "active"}])}
    assert ph.apply(request) == {
        "TableName": "users",
        "FilterExpression": "#n0 = :v0",
        "ExpressionAttributeNames": {"#n0": "status"},
        "ExpressionAttributeValues": {":v0": {"S": "active"}},
    }


@pytest.mark.parametrize(
    ("op", "values", "expected"),
    [
        ("=", [{"N": "1"}], "#n0 = :v0"),
        ("<>", [{"N": "1"}], "#n0 <> :v0"),
        ("<", [{"N": "1"}], "#n0 < :v0"),
        ("<=", [{"N": "1"}], "#n0 <= :v0"),
        (">", [{"N": "1"}], "#n0 > :v0"),
        (">=", [{"N": "1"}], "#n0 >= :v0"),
        ("between", [{"N": "1"}, {"N": "9"}], "#n0 BETWEEN :v0 AND :v1"),
        ("BETWEEN", [{"N": "1"}, {"N": "9"}], "#n0 BETWEEN :v0 AND :v1"),
        ("in", [{"S": "a"}, {"S": "b"}, {"S": "c"}], "#n0 IN (:v0, :v1, :v2)"),
        ("begins_with", [{"S": "UNIQ#"}], "begins_with(#n0, :v0)"),
        ("contains", {"S": "x"}, "contains(#n0, :v0)"),
        ("attribute_exists", [], "attribute_exists(#n0)"),
        ("attribute_not_exists", (), "attribute_not_exists(#n0)"),
        ("attribute_type", [{"S": "SS"}], "attribute_type(#n0, :v0)"),
    ],
)
def test_comparison_operators(op: str, values: Any, expected: str) -> None:
    ph = Placeholders()
    text = comparison(ph, "attr", op, values)
    assert text == expected
    assert ph.names == {"#n0": "attr"}
    parse_condition(text)  # everything built is valid syntax


def test_comparison_size_nested_and_literal() -> None:
    ph = Placeholders()
    assert comparison(ph, "tags", ">", [{"N": "3"}], size=True) == "size(#n0) > :v0"
    assert comparison(ph, "a.b[1]", "=", [{"S": "x"}]) == "#n1.#n2[1] = :v1"
    assert comparison(ph, "odd.name", "attribute_exists", literal=True) == "attribute_exists(#n3)"
    assert ph.names == {"#n0": "tags", "#n1": "a", "#n2": "b", "#n3": "odd.name"}
    assert ph.values == {":v0": {"N": "3"}, ":v1": {"S": "x"}}


@pytest.mark.parametrize(
    ("op", "values", "kwargs", "phrase"),
    [
        ("~", [{"N": "1"}], {}, "Unknown operator"),
        ("=", [], {}, "takes 1 value"),
        ("between", [{"N": "1"}], {}, "takes 2 values"),
        ("attribute_exists", [{"N": "1"}], {}, "takes 0 values"),
        ("in", [], {}, "between 1 and 100"),
        ("in", [{"N": str(i)} for i in range(101)], {}, "between 1 and 100"),
        ("begins_with", [{"S": "a"}], {"size": True}, "size() can be compared"),
        ("attribute_type", [{"S": "STRING"}], {}, "attribute_type takes"),
        ("attribute_type", [{"N": "1"}], {}, "attribute_type takes"),
    ],
)
def test_comparison_rejects_misuse(op: str, values: Any, kwargs: Any, phrase: str) -> None:
    with pytest.raises(ValueError, match=phrase.replace("(", r"\(").replace(")", r"\)")):
        comparison(Placeholders(), "a", op, values, **kwargs)


def test_and_or_not_parenthesise_by_precedence() -> None:
    assert and_("a = :v") == "a = :v"
    assert and_(None, "", "a = :v") == "a = :v"
    assert and_() == ""
    assert and_("a = :v", "b = :w") == "a = :v AND b = :w"
    assert and_("a = :v", "b = :w OR c = :x") == "a = :v AND (b = :w OR c = :x)"
    assert and_("(b = :w OR c = :x)", "a = :v") == "(b = :w OR c = :x) AND a = :v"
    assert and_("(a = :v) OR (b = :w)", "c = :x") == "((a = :v) OR (b = :w)) AND c = :x"
    assert or_("a = :v AND b = :w", "c = :x") == "a = :v AND b = :w OR c = :x"
    assert or_("a = :v") == "a = :v"
    assert not_("a = :v") == "NOT a = :v"
    assert not_("attribute_exists(a)") == "NOT attribute_exists(a)"
    assert not_("a = :v AND b = :w") == "NOT (a = :v AND b = :w)"
    assert not_("a = :v OR b = :w") == "NOT (a = :v OR b = :w)"
    assert not_("(a = :v OR b = :w)") == "NOT (a = :v OR b = :w)"


def test_combinators_keep_meaning() -> None:
    combined = and_("a = :v", or_("b = :w", "c = :x"))
    tree = parse_condition(combined)
    assert tree == And(
        (
            Comparison("=", P("a"), V(":v")),
            Or((Comparison("=", P("b"), V(":w")), Comparison("=", P("c"), V(":x")))),
        )
    )
    negated = parse_condition(not_(and_("a = :v", "b = :w")))
    assert negated == Not(And((Comparison("=", P("a"), V(":v")), Comparison("=", P("b"), V(":w")))))


def test_combinators_reject_bad_operands() -> None:
    with pytest.raises(ExpressionSyntaxError):
        and_("a = :v", "b =")
    with pytest.raises(ExpressionSyntaxError):
        or_("a = :v", "(")
    with pytest.raises(ExpressionSyntaxError):
        not_("")


def test_built_lock_put_condition_exact_request() -> None:
    """The uniqueness-lock guard: a Put that only succeeds when no lock exists."""
    ph = Placeholders()
    condition = comparison(ph, "PK", "attribute_not_exists")
    request = ph.apply(
        {
            "TableName": "app",
            "Item": {"PK": {"S": "UNIQ#EMAIL#ada@lovelace.io"}, "SK": {"S": "LOCK"}},
            "ConditionExpression": condition,
        }
    )
    assert request == {
        "TableName": "app",
        "Item": {"PK": {"S": "UNIQ#EMAIL#ada@lovelace.io"}, "SK": {"S": "LOCK"}},
        "ConditionExpression": "attribute_not_exists(#n0)",
        "ExpressionAttributeNames": {"#n0": "PK"},
    }
    assert "ExpressionAttributeValues" not in request
    assert (
        check_placeholders([request["ConditionExpression"]], request["ExpressionAttributeNames"], None) == []
    )


# --------------------------------------------------------------------------- condition parser


@pytest.mark.parametrize(
    ("text", "tree"),
    [
        ("#a = :v", Comparison("=", P("#a"), V(":v"))),
        (":v <> a.b[2].c", Comparison("<>", V(":v"), P("a", "b", 2, "c"))),
        ("a<=:v", Comparison("<=", P("a"), V(":v"))),
        ("a >= b", Comparison(">=", P("a"), P("b"))),
        ("a BETWEEN :lo AND :hi", Between(P("a"), V(":lo"), V(":hi"))),
        ("a between :lo and :hi", Between(P("a"), V(":lo"), V(":hi"))),
        ("a IN (:x)", In(P("a"), (V(":x"),))),
        ("a IN (:x, :y, b)", In(P("a"), (V(":x"), V(":y"), P("b")))),
        ("attribute_exists(#pk)", FunctionCall("attribute_exists", (P("#pk"),))),
        ("attribute_not_exists(a.b)", FunctionCall("attribute_not_exists", (P("a", "b"),))),
        ("attribute_type(a, :t)", FunctionCall("attribute_type", (P("a"), V(":t")))),
        ("begins_with(#sk, :p)", FunctionCall("begins_with", (P("#sk"), V(":p")))),
        ("contains(tags, :t)", FunctionCall("contains", (P("tags"), V(":t")))),
        ("size(tags) > :n", Comparison(">", FunctionCall("size", (P("tags"),)), V(":n"))),
        (":n < size(a[0])", Comparison("<", V(":n"), FunctionCall("size", (P("a", 0),)))),
        ("size(a) BETWEEN :x AND :y", Between(FunctionCall("size", (P("a"),)), V(":x"), V(":y"))),
        ("NOT a = :v", Not(Comparison("=", P("a"), V(":v")))),
        ("not not attribute_exists(a)", Not(Not(FunctionCall("attribute_exists", (P("a"),))))),
        ("(a = :v)", Comparison("=", P("a"), V(":v"))),
        ("(a) = (:v)", Comparison("=", P("a"), V(":v"))),
        ("begins_with(:v, a)", FunctionCall("begins_with", (V(":v"), P("a")))),
        ("size((a)) > :v", Comparison(">", FunctionCall("size", (P("a"),)), V(":v"))),
        ("  a\n=\t:v  ", Comparison("=", P("a"), V(":v"))),
        ("a . b [ 1 ] = :v", Comparison("=", P("a", "b", 1), V(":v"))),
        ("a_private = :v", Comparison("=", P("a_private"), V(":v"))),
    ],
)
def test_parse_condition_forms(text: str, tree: Any) -> None:
    assert parse_condition(text) == tree


def test_precedence_not_over_and_over_or() -> None:
    a, b, c, d = (Comparison("=", P(n), V(":" + n)) for n in "abcd")
    assert parse_condition("a = :a OR b = :b AND c = :c") == Or((a, And((b, c))))
    assert parse_condition("a = :a AND b = :b OR c = :c") == Or((And((a, b)), c))
    assert parse_condition("NOT a = :a AND b = :b") == And((Not(a), b))
    assert parse_condition("NOT (a = :a AND b = :b)") == Not(And((a, b)))
    assert parse_condition("(a = :a OR b = :b) AND c = :c") == And((Or((a, b)), c))
    assert parse_condition("a = :a OR b = :b OR c = :c AND NOT d = :d") == Or((a, b, And((c, Not(d)))))


def test_positions_recorded() -> None:
    tree = parse_condition("x = :v AND begins_with(a.#b[3], :p)")
    assert isinstance(tree, And)
    function = tree.operands[1]
    assert isinstance(function, FunctionCall)
    assert function.position == 11
    path = function.args[0]
    assert isinstance(path, Path)
    assert path.position == 23
    assert path.element_positions == (23, 25, 28)
    assert str(path) == "a.#b[3]"


@pytest.mark.parametrize(
    ("text", "position", "message"),
    [
        ("((a = :v)", 0, "Unbalanced parenthesis: '(' at column 1 is never closed."),
        ("a = :v AND (b = :w", 11, "Unbalanced parenthesis: '(' at column 12 is never closed."),
        ("a = :v)", 6, "Unbalanced parenthesis: ')' at column 7 has no matching '('."),
        ("", 0, "The expression is empty; type an expression."),
        ("   ", 0, "The expression is empty; type an expression."),
        (
            "a = $",
            4,
            "Unexpected character '$' at column 5; names that contain it need an "
            "ExpressionAttributeNames placeholder such as #n0.",
        ),
        ("a = 5", 4, "Literal number '5' at column 5"),
        ("a = 'x'", 4, "Quoted text at column 5"),
        ('a = "x"', 4, "Quoted text at column 5"),
        ("# = :v", 0, "'#' at column 1 must start a name placeholder"),
        ("a = :", 4, "':' at column 5 must start a value placeholder"),
        (
            "a =",
            3,
            "Expected an attribute name, placeholder or :value after '=' but found the "
            "end of the expression.",
        ),
        ("a", 1, "The expression ends too early: expected a comparison"),
        ("a :v", 2, "Expected a comparison (=, <>, <, <=, >, >=, BETWEEN or IN) but found ':v'"),
        ("a = :v b = :w", 7, "Unexpected 'b' at column 8: the condition is already complete"),
        ("a = :v AND", 10, "The expression ends too early: expected a condition."),
        ("a = :v OR OR b = :w", 10, "OR at column 11 is a keyword"),
        ("NOT", 3, "NOT must be followed by a condition"),
        ("()", 1, "Empty parentheses at column 1"),
        ("a BETWEEN :x :y", 13, "BETWEEN at column 3 needs AND between its two bounds"),
        ("a IN :x", 5, "Expected '(' after IN"),
        ("a IN ()", 6, "Expected an attribute name, placeholder or :value in the IN list"),
        ("a IN (:x,)", 9, "in the IN list but found ')'"),
        ("a IN (:x :y)", 9, "Expected ')' to close the IN list"),
        ("a[x] = :v", 2, "List indexes are whole numbers in brackets, such as [0]"),
        ("a[1 = :v", 4, "Expected ']' to close the list index opened at column 2"),
        ("a. = :v", 3, "Expected an attribute name after '.' at column 2"),
        ("1a = :v", 0, "Literal number '1' at column 1"),
        ("a.1 = :v", 2, "names that start with a digit need a placeholder"),
        ("foo(a) = :v", 0, "Unknown function 'foo' at column 1; condition expressions can use"),
        ("BEGINS_WITH(a, :v)", 0, "Function names are case-sensitive: write begins_with"),
        ("size(a)", 7, "size() at column 1 returns a number; compare it"),
        ("attribute_exists(a, :v)", 0, "attribute_exists() takes 1 argument"),
        ("begins_with(a)", 0, "begins_with() takes 2 arguments"),
        ("attribute_exists(:v)", 0, "must be an attribute name or document path"),
        ("((a = :v))", 0, "Redundant parentheses at column 1"),
        ("_private = :v", 0, "Unexpected character '_'"),
        ("a[01] = :v", 2, "no leading zeros"),
        ("a[2147483648] = :v", 2, "indexes go up to 2147483647"),
        ("a.remove = :v", 2, "remove at column 3 is a keyword"),
        ("a = if_not_exists(a, :v)", 4, "if_not_exists() cannot be used as a value"),
        ("size(a) = size(b, c)", 10, "size() takes 1 argument"),
        (
            "and = :v",
            0,
            "and at column 1 is a keyword; to use it as an attribute name, write a placeholder such as #and",
        ),
        ("a = :v AND b", 12, "The expression ends too early: expected a comparison"),
    ],
)
def test_condition_syntax_errors(text: str, position: int, message: str) -> None:
    err = syntax_error(parse_condition, text)
    assert err.position == position
    assert message in err.message
    assert str(err) == err.message


def test_nesting_is_bounded_by_the_tools_own_limit_far_beyond_dynamodbs() -> None:
    # DynamoDB takes 299 NOTs and 150 nested groups (tests/differential); DynoView parses
    # down to MAX_NESTING levels and names its refusal as its own limit.
    tree = parse_condition("NOT (" * 300 + "a = :v" + ")" * 300)
    for _ in range(300):
        assert isinstance(tree, Not)
        tree = tree.operand
    assert tree == Comparison("=", P("a"), V(":v"))
    assert isinstance(parse_condition("NOT " * MAX_NESTING + "a = :v"), Not)
    err = syntax_error(parse_condition, "NOT " * (MAX_NESTING + 1) + "a = :v")
    assert f"nests more than {MAX_NESTING} levels" in err.message
    assert "DynoView's limit, not DynamoDB's" in err.message
    err = syntax_error(parse_condition, "NOT " * 50_000 + "a = :v")
    assert "DynoView's limit" in err.message


def test_in_accepts_at_most_100_values() -> None:
    ok = "a IN (" + ", ".join(f":v{i}" for i in range(100)) + ")"
    tree = parse_condition(ok)
    assert isinstance(tree, In) and len(tree.options) == 100
    err = syntax_error(parse_condition, "a IN (" + ", ".join(f":v{i}" for i in range(101)) + ")")
    assert "accepts at most 100 values" in err.message


# --------------------------------------------------------------------------- update parser


def test_parse_update_all_clauses() -> None:
    text = (
        "SET a = :v, #b.c[0] = b + :one, n = :x - n, "
        "l = list_append(if_not_exists(l, :empty), :items) "
        "REMOVE d[1], e ADD counter :inc, tags :t DELETE colours :c"
    )
    assert parse_update(text) == UpdateExpression(
        set=(
            SetAction(P("a"), V(":v")),
            SetAction(P("#b", "c", 0), Arithmetic("+", P("b"), V(":one"))),
            SetAction(P("n"), Arithmetic("-", V(":x"), P("n"))),
            SetAction(
                P("l"),
                FunctionCall(
                    "list_append",
                    (FunctionCall("if_not_exists", (P("l"), V(":empty"))), V(":items")),
                ),
            ),
        ),
        remove=(P("d", 1), P("e")),
        add=(UpdateAction(P("counter"), V(":inc")), UpdateAction(P("tags"), V(":t"))),
        delete=(UpdateAction(P("colours"), V(":c")),),
    )


def test_parse_update_clause_order_and_case_are_free() -> None:
    assert parse_update("remove a set b = :v") == UpdateExpression(
        set=(SetAction(P("b"), V(":v")),), remove=(P("a"),)
    )
    assert parse_update("DELETE s :v") == UpdateExpression(delete=(UpdateAction(P("s"), V(":v")),))
    assert parse_update("SET a = if_not_exists(a, b)") == UpdateExpression(
        set=(SetAction(P("a"), FunctionCall("if_not_exists", (P("a"), P("b")))),)
    )


@pytest.mark.parametrize(
    ("text", "position", "message"),
    [
        (
            "SET a = :v SET b = :w",
            11,
            "The SET clause appears twice (columns 1 and 12); put all "
            "SET actions in one clause, separated by commas.",
        ),
        ("REMOVE a ADD b :v remove c", 18, "The REMOVE clause appears twice"),
        ("SET", 3, "SET at column 1 needs at least one action, such as SET #n = :v."),
        ("REMOVE SET a = :v", 7, "REMOVE at column 1 needs at least one action"),
        ("SET a = :v,", 11, "Expected another SET action after ',' but found the end"),
        ("SET a = :v, REMOVE b", 12, "remove the trailing comma"),
        ("SET a :v", 6, "Expected '=' after a in the SET clause"),
        ("SET a = b + c + d", 14, "A SET action allows one + or - at most"),
        ("SET a = :v b = :w", 11, "Expected ',' or a new clause (SET, REMOVE, ADD or DELETE)"),
        ("ADD a b", 6, "ADD takes a path and a :value placeholder, as in ADD #n :v"),
        ("DELETE a", 8, "DELETE takes a path and a :value placeholder"),
        ("a = :v", 0, "An update expression starts with SET, REMOVE, ADD or DELETE"),
        ("", 0, "The expression is empty"),
        ("SET a = size(b)", 8, "size() cannot be used as a value at column 9"),
        ("SET a = list_append(:x)", 8, "list_append() takes 2 arguments"),
        ("SET a = if_not_exists(:x, :y)", 8, "The first argument of if_not_exists() at column 9 must be"),
        ("SET a = 1", 8, "Literal number '1' at column 9"),
        ("SET a = ((:v))", 8, "Redundant parentheses"),
        ("SET a = :v - (:w + :x)", 17, "Expected ')'"),
        ("SET a = :v)", 10, "Unbalanced parenthesis: ')' at column 11 has no matching '('."),
        ("SET set = :v", 4, "set at column 5 is a keyword"),
    ],
)
def test_update_syntax_errors(text: str, position: int, message: str) -> None:
    err = syntax_error(parse_update, text)
    assert err.position == position
    assert message in err.message


# --------------------------------------------------------------------------- projection parser


def test_parse_projection() -> None:
    assert parse_projection("a, b.c[1], #d") == Projection((P("a"), P("b", "c", 1), P("#d")))
    assert parse_projection("PK") == Projection((P("PK"),))


@pytest.mark.parametrize(
    ("text", "position", "message"),
    [
        ("a,", 2, "Expected an attribute name after ',' in the projection"),
        ("a b", 2, "Unexpected 'b' at column 3 after the end of the projection."),
        (":v", 0, "Expected an attribute name in the projection but found the value placeholder"),
        ("", 0, "The expression is empty"),
    ],
)
def test_projection_syntax_errors(text: str, position: int, message: str) -> None:
    err = syntax_error(parse_projection, text)
    assert err.position == position
    assert message in err.message


# --------------------------------------------------------------------------- checker


def test_check_clean_request_has_no_problems() -> None:
    problems = check_placeholders(
        ["#pk = :pk AND begins_with(#sk, :p)", None, "#email, #sk"],
        {"#pk": "PK", "#sk": "SK", "#email": "email"},
        {":pk": {"S": "x"}, ":p": {"S": "y"}},
    )
    assert problems == []


def test_check_reserved_word_bare() -> None:
    problems = check_placeholders(["status = :s"], None, {":s": {"S": "active"}})
    assert problems == [
        ExpressionProblem(
            "reserved-word",
            "status",
            "status is a reserved word in DynamoDB; use an ExpressionAttributeNames placeholder "
            "such as #status.",
            0,
            0,
        )
    ]


def test_check_reserved_words_everywhere_they_can_hide() -> None:
    problems = check_placeholders(
        ["SET profile.Name = :n REMOVE #x.ttl", "email, USER, data[0].value"],
        {"#x": "x"},
        {":n": {"S": "n"}},
    )
    found = [(p.kind, p.token, p.position, p.expression) for p in problems]
    assert found == [
        ("reserved-word", "Name", 12, 0),
        ("reserved-word", "ttl", 32, 0),
        ("reserved-word", "USER", 7, 1),
        ("reserved-word", "data", 13, 1),
        ("reserved-word", "value", 21, 1),
    ]


def test_check_undefined_and_unused() -> None:
    problems = check_placeholders(
        ["#a = :v AND #missing = :gone AND #missing = :v", "#a"],
        {"#a": "a", "#spare": "s"},
        {":v": {"N": "1"}, ":extra": {"N": "2"}},
    )
    assert [(p.kind, p.token, p.position, p.expression) for p in problems] == [
        ("undefined-name", "#missing", 12, 0),  # reported once per expression
        ("undefined-value", ":gone", 23, 0),
        ("unused-name", "#spare", None, None),
        ("unused-value", ":extra", None, None),
    ]
    assert problems[0].message.startswith("#missing is used in the expression but not defined")
    assert "DynamoDB rejects unused entries" in problems[2].message


def test_check_syntax_errors_use_the_best_matching_grammar() -> None:
    problems = check_placeholders(["SET a = ", "a = :v)", "a, b,"], None, {":v": {"S": "x"}})
    assert [(p.kind, p.position, p.expression) for p in problems] == [
        ("syntax", 8, 0),  # update grammar got furthest
        ("syntax", 6, 1),
        ("syntax", 5, 2),  # projection grammar got furthest
    ]
    assert problems[1].message == "Unbalanced parenthesis: ')' at column 7 has no matching '('."
    assert problems[1].token == ")"


def test_check_placeholders_of_broken_text_still_counted() -> None:
    problems = check_placeholders(["#a = "], {"#a": "a"}, None)
    assert [p.kind for p in problems] == ["syntax"]


def test_check_expression_length_limit() -> None:
    text = " OR ".join(f"#a = :v{i}" for i in range(500))
    problems = check_placeholders([text], {"#a": "a"}, {f":v{i}": {"N": str(i)} for i in range(500)})
    assert [p.kind for p in problems] == ["syntax"]
    assert "at most 4096" in problems[0].message


# --------------------------------------------------------------------------- fuzzing

_SYMBOLS = list("abc#:_0129 ()[],.=<>+-'\"$\n")
_WORDS = ["AND", "OR", "NOT", "BETWEEN", "IN", "SET", "REMOVE", "ADD", "DELETE", "size"]
_WORDS += ["attribute_exists", "begins_with", "if_not_exists", "list_append", "#n0", ":v0", "status"]
expression_alphabet = st.sampled_from([*_SYMBOLS, *_WORDS])
expression_like = st.lists(expression_alphabet, max_size=30).map(" ".join) | st.lists(
    expression_alphabet, max_size=30
).map("".join)


@fuzz
@given(st.text() | expression_like)
def test_parse_condition_raises_only_syntax_errors(text: str) -> None:
    try:
        parse_condition(text)
    except ExpressionSyntaxError as exc:
        assert exc.message
        assert 0 <= exc.position <= len(text)


@fuzz
@given(st.text() | expression_like)
def test_parse_update_raises_only_syntax_errors(text: str) -> None:
    try:
        parse_update(text)
    except ExpressionSyntaxError as exc:
        assert exc.message
        assert 0 <= exc.position <= len(text)


@fuzz
@given(st.text() | expression_like)
def test_projection_and_checker_never_crash(text: str) -> None:
    for parse in (parse_projection,):
        try:
            parse(text)
        except ExpressionSyntaxError as exc:
            assert 0 <= exc.position <= len(text)
    for problem in check_placeholders([text], {"#n0": "a"}, {":v0": {"S": "x"}}):
        assert problem.message


@fuzz
@given(st.lists(st.text(min_size=1).filter(lambda s: not set(s) & set(".[]")), min_size=1, max_size=5))
def test_built_paths_always_parse(names: list[str]) -> None:
    ph = Placeholders()
    path = ".".join(names)
    text = comparison(ph, path, "=", [{"S": "x"}])
    tree = parse_condition(text)
    assert isinstance(tree, Comparison)
    assert isinstance(tree.left, Path)
    assert [ph.names[e] for e in tree.left.elements if isinstance(e, str)] == names
    assert check_placeholders([text], ph.names, ph.values) == []
