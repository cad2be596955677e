"""Recursive-descent parsing of condition, update and projection expressions into ``nodes``.

The grammar follows the Developer Guide's pages on condition, update and projection
expressions; precedence is NOT > AND > OR, comparisons bind tighter than NOT. Mistakes are
reported at the character that caused them, before a request leaves the machine.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from dynoview.core.expressions.lexer import (
    MAX_INDEX_DIGITS,
    ExpressionSyntaxError,
    Token,
    TokenStream,
    column,
    describe_token,
)
from dynoview.core.expressions.nodes import (
    And,
    Arithmetic,
    Between,
    Comparison,
    Condition,
    FunctionCall,
    In,
    Not,
    Operand,
    Or,
    Path,
    Projection,
    SetAction,
    UpdateAction,
    UpdateExpression,
    Value,
)

#: Comparison operators of condition expressions.
COMPARATORS = ("=", "<>", "<", "<=", ">", ">=")
#: The IN operator takes at most this many values.
MAX_IN_VALUES = 100
#: DynamoDB refuses a list index above this (a signed 32-bit integer).
MAX_LIST_INDEX = 2**31 - 1

_CONDITION_KEYWORDS = frozenset({"AND", "OR", "NOT", "BETWEEN", "IN"})
_CLAUSES = ("SET", "REMOVE", "ADD", "DELETE")
# name → number of arguments; the first argument is always a document path.
_CONDITION_FUNCTIONS = {
    "attribute_exists": 1,
    "attribute_not_exists": 1,
    "attribute_type": 2,
    "begins_with": 2,
    "contains": 2,
}
_UPDATE_FUNCTIONS = {"if_not_exists": 2, "list_append": 2}
_ALL_FUNCTIONS = (*_CONDITION_FUNCTIONS, "size", *_UPDATE_FUNCTIONS)
_ARITY = {**_CONDITION_FUNCTIONS, "size": 1, **_UPDATE_FUNCTIONS}
# Functions whose first argument must be a document path (anything else is refused).
_PATH_FIRST = frozenset({"attribute_exists", "attribute_not_exists", "if_not_exists"})


class _Parser(TokenStream):
    """Recursive-descent parser over one expression's tokens."""

    def __init__(self, text: str, kind: str) -> None:
        self.kind = kind  # "condition", "update" or "projection", for messages
        self.keywords = _CONDITION_KEYWORDS | set(_CLAUSES)
        self.functions = tuple(_UPDATE_FUNCTIONS) if kind == "update" else (*_CONDITION_FUNCTIONS, "size")
        super().__init__(text)

    # -- operands

    def path(self, context: str = "") -> Path:
        start = self.current
        if start.kind not in ("name", "hash"):
            raise self.error(self._not_a_name(start, context))
        self._not_keyword(start)
        elements: list[str | int] = [start.text]
        positions = [start.position]
        self.advance()
        while True:
            if self.at_op("."):
                dot = self.advance()
                token = self.current
                if token.kind not in ("name", "hash"):
                    raise self.error(self._not_a_name(token, f"after '.' at column {column(dot.position)}"))
                self._not_keyword(token)
                elements.append(token.text)
                positions.append(token.position)
                self.advance()
            elif self.at_op("["):
                bracket = self.advance()
                token = self.current
                if token.kind != "int":
                    raise self.error(
                        f"List indexes are whole numbers in brackets, such as [0]; found "
                        f"{describe_token(token)} after '[' at column {column(bracket.position)}."
                    )
                if len(token.text) > 1 and token.text.startswith("0"):
                    raise self.error(f"List indexes have no leading zeros: write [{int(token.text)}] "
                                     f"at column {column(token.position)}.")
                if len(token.text) > MAX_INDEX_DIGITS + 1 or int(token.text) > MAX_LIST_INDEX:
                    raise self.error(f"The list index at column {column(token.position)} is too large; "
                                     f"indexes go up to {MAX_LIST_INDEX}.")
                self.advance()
                self.expect_op("]", f"to close the list index opened at column {column(bracket.position)}")
                elements.append(int(token.text))
                positions.append(token.position)
            else:
                break
        return Path(tuple(elements), start.position, tuple(positions))

    def _not_keyword(self, token: Token) -> None:
        if token.kind == "name" and token.text.upper() in self.keywords:
            raise self.error(
                f"{token.text} at column {column(token.position)} is a keyword; to use it as "
                f"an attribute name, write a placeholder such as #{token.text.lower()} and map "
                "it in ExpressionAttributeNames."
            )

    def _not_a_name(self, token: Token, context: str) -> str:
        where = f" {context}" if context else ""
        if token.kind == "int":
            return (
                f"Expected an attribute name{where} but found the number {describe_token(token)}; "
                "names that start with a digit need a placeholder such as #n0, and values "
                "need one such as :v0."
            )
        if token.kind == "value":
            return (f"Expected an attribute name{where} but found the value placeholder "
                    f"{describe_token(token)}.")
        return f"Expected an attribute name{where} but found {describe_token(token)}."

    def operand(self, allow: Sequence[str], context: str) -> Operand:
        """A path, :value or function call (among ``allow``) used as a value, possibly in
        parentheses: DynamoDB takes ``(a) = (:v)`` and ``size((a))``."""
        token = self.current
        if self.at_op("("):
            self.advance()
            self.enter()
            inner = self.operand(allow, context)
            self.expect_op(")", f"to close the '(' at column {column(token.position)}")
            self.leave()
            return inner
        if token.kind == "value":
            self.advance()
            return Value(token.text, token.position)
        if token.kind == "int":
            raise self.error(
                f"Literal number {describe_token(token)}: expressions cannot contain literal "
                "values; put it in ExpressionAttributeValues and refer to it as :v0 (a name "
                "that starts with a digit needs a placeholder such as #n0)."
            )
        if token.kind == "name" and self.peek().kind == "op" and self.peek().text == "(":
            return self.function(allow, value_context=True)
        if token.kind in ("name", "hash"):
            return self.path(context)
        raise self.error(
            f"Expected an attribute name, placeholder or :value {context} but found "
            f"{describe_token(token)}.".replace("  ", " ")
        )

    def function(self, allow: Sequence[str], value_context: bool) -> FunctionCall:
        name_token = self.advance()
        name = name_token.text
        if name not in _ALL_FUNCTIONS:
            lowered = name.lower()
            if lowered in _ALL_FUNCTIONS:
                raise self.error(
                    f"Function names are case-sensitive: write {lowered}, not {name} "
                    f"(column {column(name_token.position)}).",
                    name_token,
                )
            raise self.error(
                f"Unknown function {name!r} at column {column(name_token.position)}; "
                f"{self.kind} expressions can use {', '.join(self.functions)}.",
                name_token,
            )
        if name not in allow:
            kind = "a value" if value_context else "a condition"
            raise self.error(
                f"{name}() cannot be used as {kind} at column {column(name_token.position)}; "
                f"here you can use {', '.join(allow) or 'no function'}.",
                name_token,
            )
        self.enter()
        open_paren = self.expect_op("(", f"after {name}")
        # Arguments are operands; size() may appear inside condition functions, and
        # if_not_exists/list_append inside each other (expression_rules refuses the
        # combinations DynamoDB does not take).
        inner = tuple(_UPDATE_FUNCTIONS) if name in _UPDATE_FUNCTIONS else ("size",)
        expected = _ARITY[name]
        args: list[Operand] = [self.operand(inner, f"as argument 1 of {name}()")]
        while self.at_op(","):
            self.advance()
            args.append(self.operand(inner, f"as argument {len(args) + 1} of {name}()"))
        if not self.at_op(")"):
            raise self.error(
                f"Expected ',' or ')' in the arguments of {name}() (opened at column "
                f"{column(open_paren.position)}) but found {describe_token(self.current)}."
            )
        if len(args) != expected:
            raise self.error(
                f"{name}() takes {expected} argument{'s' if expected > 1 else ''}; this call at column "
                f"{column(name_token.position)} has {len(args)}.",
                name_token,
            )
        if name in _PATH_FIRST and not isinstance(args[0], Path):
            raise self.error(
                f"The first argument of {name}() at column {column(name_token.position)} must be an "
                "attribute name or document path, not a value or a function.",
                name_token,
            )
        self.advance()
        self.leave()
        return FunctionCall(name, tuple(args), name_token.position)

    # -- conditions

    def condition(self) -> Condition:
        first = self.current
        operands = [self.and_condition()]
        while self.at_keyword("OR"):
            self.advance()
            operands.append(self.and_condition())
        return operands[0] if len(operands) == 1 else Or(tuple(operands), first.position)

    def and_condition(self) -> Condition:
        first = self.current
        operands = [self.not_condition()]
        while self.at_keyword("AND"):
            self.advance()
            operands.append(self.not_condition())
        return operands[0] if len(operands) == 1 else And(tuple(operands), first.position)

    def not_condition(self) -> Condition:
        if self.at_keyword("NOT"):
            token = self.advance()
            self.enter()
            if self.current.kind == "end":
                raise self.error("NOT must be followed by a condition, such as NOT #n = :v.")
            operand = self.not_condition()
            self.leave()
            return Not(operand, token.position)
        return self.primary()

    def primary(self) -> Condition:
        token = self.current
        if token.kind == "end":
            raise self.error("The expression ends too early: expected a condition.")
        if self.at_op("("):
            # "(a) = :v" puts an operand in parentheses, "(a = :v)" a condition: try the
            # operand first and fall back to the group.
            saved = (self.index, self.depth)
            try:
                left: Operand | None = self.operand(("size",), "at the start of a condition")
            except ExpressionSyntaxError:
                left = None
            if left is not None and (self.at_op(*COMPARATORS) or self.at_keyword("BETWEEN", "IN")):
                return self.comparison_rest(left, token)
            self.index, self.depth = saved
            self.advance()
            self.enter()
            if self.at_op(")"):
                raise self.error(
                    f"Empty parentheses at column {column(token.position)}: put a condition inside them."
                )
            inner = self.condition()
            self.expect_op(")", f"to close the '(' at column {column(token.position)}")
            self.leave()
            return inner
        if (
            token.kind == "name"
            and token.text in _CONDITION_FUNCTIONS
            and self.peek().kind == "op"
            and self.peek().text == "("
        ):
            return self.function(tuple(_CONDITION_FUNCTIONS), value_context=False)
        left = self.operand(("size",), "at the start of a condition")
        return self.comparison_rest(left, token)

    def comparison_rest(self, left: Operand, start: Token) -> Condition:
        if self.current.kind == "op" and self.current.text in COMPARATORS:
            op = self.advance().text
            right = self.operand(("size",), f"after '{op}'")
            return Comparison(op, left, right, start.position)
        if self.at_keyword("BETWEEN"):
            keyword = self.advance()
            low = self.operand(("size",), "after BETWEEN")
            if not self.at_keyword("AND"):
                raise self.error(
                    f"BETWEEN at column {column(keyword.position)} needs AND between its two "
                    f"bounds, as in #n BETWEEN :low AND :high; found {describe_token(self.current)}."
                )
            self.advance()
            high = self.operand(("size",), "after BETWEEN ... AND")
            return Between(left, low, high, start.position)
        if self.at_keyword("IN"):
            keyword = self.advance()
            self.expect_op("(", "after IN")
            options = [self.operand(("size",), "in the IN list")]
            while self.at_op(","):
                self.advance()
                options.append(self.operand(("size",), "in the IN list"))
                if len(options) > MAX_IN_VALUES:
                    raise self.error(
                        f"IN at column {column(keyword.position)} accepts at most "
                        f"{MAX_IN_VALUES} values; split the condition with OR.",
                        self.tokens[self.index - 1],
                    )
            self.expect_op(")", "to close the IN list")
            return In(left, tuple(options), start.position)
        if isinstance(left, FunctionCall):
            message = (
                f"size() at column {column(start.position)} returns a number; compare it, "
                f"as in size(#n) > :v, but found {describe_token(self.current)}."
            )
        elif self.current.kind == "end":
            message = (
                "The expression ends too early: expected a comparison (=, <>, <, <=, >, >=, "
                f"BETWEEN or IN) after {describe_token(start)}."
            )
        else:
            message = (
                f"Expected a comparison (=, <>, <, <=, >, >=, BETWEEN or IN) but found "
                f"{describe_token(self.current)}."
            )
        raise self.error(message)

    # -- update expressions

    def update(self) -> UpdateExpression:
        clauses: dict[str, list[Any]] = {}
        seen: dict[str, Token] = {}
        if not self.at_keyword(*_CLAUSES):
            raise self.error(
                "An update expression starts with SET, REMOVE, ADD or DELETE; found "
                f"{describe_token(self.current)}."
            )
        while self.current.kind != "end":
            if not self.at_keyword(*_CLAUSES):
                raise self.error(
                    f"Expected ',' or a new clause (SET, REMOVE, ADD or DELETE) but found "
                    f"{describe_token(self.current)}."
                )
            keyword = self.advance()
            clause = keyword.text.upper()
            if clause in seen:
                raise self.error(
                    f"The {clause} clause appears twice (columns "
                    f"{column(seen[clause].position)} and {column(keyword.position)}); "
                    f"put all {clause} actions in one clause, separated by commas.",
                    keyword,
                )
            seen[clause] = keyword
            actions: list[Any] = []
            while True:
                looks_like_path = self.peek().kind == "op" and self.peek().text in ("=", ".", "[")
                if self.at_keyword(*_CLAUSES) and looks_like_path:
                    self.path()  # a clause keyword used as a name: explain the placeholder
                if self.current.kind == "end" or self.at_keyword(*_CLAUSES):
                    if not actions:
                        raise self.error(
                            f"{clause} at column {column(keyword.position)} needs at least "
                            f"one action, such as {_CLAUSE_EXAMPLES[clause]}."
                        )
                    raise self.error(  # a trailing comma
                        f"Expected another {clause} action after ',' but found "
                        f"{describe_token(self.current)}; remove the trailing comma.",
                    )
                actions.append(self.update_action(clause))
                if not self.at_op(","):
                    break
                self.advance()
            clauses[clause] = actions
        return UpdateExpression(
            set=tuple(clauses.get("SET", ())),
            remove=tuple(clauses.get("REMOVE", ())),
            add=tuple(clauses.get("ADD", ())),
            delete=tuple(clauses.get("DELETE", ())),
        )

    def update_action(self, clause: str) -> SetAction | Path | UpdateAction:
        path = self.path(f"in the {clause} clause")
        if clause == "REMOVE":
            return path
        if clause == "SET":
            self.expect_op("=", f"after {path} in the SET clause")
            return SetAction(path, self.set_value())
        token = self.current
        if token.kind != "value":
            raise self.error(
                f"{clause} takes a path and a :value placeholder, as in "
                f"{_CLAUSE_EXAMPLES[clause]}; found {describe_token(token)}."
            )
        self.advance()
        return UpdateAction(path, Value(token.text, token.position))

    def set_value(self) -> Operand | Arithmetic:
        """``operand [+|- operand]``, or that whole value in parentheses: DynamoDB takes
        ``SET a = (:v + :w)`` but not ``SET a = :v - (:w + :x)``."""
        first = self.current
        if self.at_op("("):
            saved = (self.index, self.depth)
            try:
                return self._set_terms(first)
            except ExpressionSyntaxError:
                self.index, self.depth = saved
            self.advance()
            self.enter()
            inner = self.set_value()
            self.expect_op(")", f"to close the '(' at column {column(first.position)}")
            self.leave()
            return inner
        return self._set_terms(first)

    def _set_terms(self, first: Token) -> Operand | Arithmetic:
        left = self.operand(tuple(_UPDATE_FUNCTIONS), "after '='")
        if not self.at_op("+", "-"):
            return left
        op = self.advance().text
        right = self.operand(tuple(_UPDATE_FUNCTIONS), f"after '{op}'")
        if self.at_op("+", "-"):
            raise self.error(
                "A SET action allows one + or - at most; compute the rest in your "
                "application or use separate actions."
            )
        return Arithmetic(op, left, right, first.position)

    # -- projections

    def projection(self) -> Projection:
        paths = [self.path("in the projection")]
        while self.at_op(","):
            self.advance()
            paths.append(self.path("after ',' in the projection"))
        return Projection(tuple(paths))


_CLAUSE_EXAMPLES = {
    "SET": "SET #n = :v",
    "REMOVE": "REMOVE #n",
    "ADD": "ADD #n :v",
    "DELETE": "DELETE #n :v",
}


def parse_condition(text: str) -> Condition:
    """Parse a condition or filter expression into an AST.

    Raises ``ExpressionSyntaxError`` (and nothing else) with the offset of the problem.
    """
    parser = _Parser(text, "condition")
    tree = parser.condition()
    parser.expect_end("condition")
    return tree


def parse_update(text: str) -> UpdateExpression:
    """Parse an update expression (SET, REMOVE, ADD, DELETE; each clause at most once)."""
    parser = _Parser(text, "update")
    return parser.update()


def parse_projection(text: str) -> Projection:
    """Parse a projection expression: document paths separated by commas."""
    parser = _Parser(text, "projection")
    tree = parser.projection()
    parser.expect_end("projection")
    return tree
