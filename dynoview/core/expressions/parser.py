"""DynamoDB expression text: placeholders, builders, a parser and a placeholder checker.

Every expression the app sends is built here with generated placeholders (``#n0`` for
names, ``:v0`` for values), so reserved words and odd attribute names never reach
DynamoDB bare. Expressions users type are parsed here too, so mistakes are reported at
the character that caused them before a request leaves the machine.

The grammar follows the Developer Guide's pages on condition, update, projection and key
condition expressions; precedence is NOT > AND > OR, comparisons bind tighter than NOT.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from importlib import resources
from typing import Any, TypeAlias

from dynoview.core.errors import InputError
from dynoview.core.values.attributes import TYPE_CODES, type_code

__all__ = [
    "COMPARATORS",
    "KEY_CONDITION_OPERATORS",
    "MAX_EXPRESSION_BYTES",
    "RESERVED_WORDS",
    "And",
    "Arithmetic",
    "Between",
    "Comparison",
    "ExpressionProblem",
    "ExpressionSyntaxError",
    "FunctionCall",
    "In",
    "KeyCondition",
    "Not",
    "Or",
    "Path",
    "Placeholders",
    "Projection",
    "SetAction",
    "UpdateAction",
    "UpdateExpression",
    "Value",
    "and_",
    "check_placeholders",
    "comparison",
    "is_reserved",
    "key_condition",
    "not_",
    "or_",
    "parse_condition",
    "parse_key_condition",
    "parse_projection",
    "parse_update",
    "placeholders_used",
    "split_path",
]


def _load_reserved_words() -> frozenset[str]:
    """Read the Developer Guide's reserved-word list shipped in ``dynoview/data``.

    Loaded through ``importlib.resources`` so it works from a source tree, a wheel and a
    frozen (PyInstaller) build alike.
    """
    text = (resources.files("dynoview") / "data" / "dynamodb-reserved-words.txt").read_text(encoding="utf-8")
    return frozenset(line.strip().upper() for line in text.splitlines() if line.strip())


#: Words DynamoDB refuses as bare attribute names in expressions (upper case).
RESERVED_WORDS: frozenset[str] = _load_reserved_words()

#: DynamoDB rejects any expression string longer than this many bytes.
MAX_EXPRESSION_BYTES = 4096
#: Comparison operators of condition expressions.
COMPARATORS = ("=", "<>", "<", "<=", ">", ">=")
#: Operators a key condition may apply to the sort key.
KEY_CONDITION_OPERATORS = ("=", "<", "<=", ">", ">=", "begins_with", "between")
# The IN operator takes at most this many values.
_MAX_IN_VALUES = 100
# Parentheses, NOT and function calls nest at most this deep (keeps recursion bounded).
_MAX_NESTING = 64
_MAX_INDEX_DIGITS = 9
#: DynamoDB refuses a list index above this (a signed 32-bit integer).
MAX_LIST_INDEX = 2**31 - 1


# On the reserved list, yet DynamoDB takes them as bare names (checked on DynamoDB Local).
_TAKEN_BARE = frozenset({"SIZE", "CONVERT"})


def is_reserved(name: str) -> bool:
    """True if DynamoDB reserves ``name`` (case-insensitive), so it needs a placeholder."""
    return name.upper() in RESERVED_WORDS


class ExpressionSyntaxError(InputError):
    """An expression or document path is malformed.

    ``position`` is the 0-based character offset of the problem; ``message`` a sentence
    that names it by 1-based column, as editors do, and says how to fix it.
    """

    def __init__(self, message: str, position: int = 0) -> None:
        self.message = message
        self.position = position
        super().__init__(message)


# --------------------------------------------------------------------------- AST


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


@dataclass(frozen=True)
class KeyCondition:
    """An equality on the partition key, optionally with one sort key condition."""

    partition: Comparison
    sort: Comparison | Between | FunctionCall | None = None


# --------------------------------------------------------------------------- tokens


@dataclass(frozen=True)
class _Token:
    kind: str  # name, hash, value, int, op, end
    text: str
    position: int


_TOKEN_RE = re.compile(
    r"(?P<name>[A-Za-z][A-Za-z0-9_]*)"
    r"|(?P<hash>\#[A-Za-z0-9_]+)"
    r"|(?P<value>:[A-Za-z0-9_]+)"
    r"|(?P<int>[0-9]+)"
    r"|(?P<op><>|<=|>=|[=<>()\[\],.+\-])"
)
_PLACEHOLDER_RE = re.compile(r"[#:][A-Za-z0-9_]+")
_SPACE = frozenset(" \t\r\n\f\v")


def _column(position: int) -> int:
    return position + 1


def _tokenize(text: str) -> list[_Token]:
    """Split expression text into tokens; bad characters are syntax errors."""
    tokens: list[_Token] = []
    pos = 0
    length = len(text)
    while pos < length:
        char = text[pos]
        if char in _SPACE:
            pos += 1
            continue
        match = _TOKEN_RE.match(text, pos)
        if match is None:
            if char == "#":
                raise ExpressionSyntaxError(
                    f"'#' at column {_column(pos)} must start a name placeholder such as "
                    "#status (letters, digits and _ after the #).",
                    pos,
                )
            if char == ":":
                raise ExpressionSyntaxError(
                    f"':' at column {_column(pos)} must start a value placeholder such as "
                    ":v0 (letters, digits and _ after the colon).",
                    pos,
                )
            if char in "'\"":
                raise ExpressionSyntaxError(
                    f"Quoted text at column {_column(pos)}: expressions cannot contain "
                    "literal values; put the value in ExpressionAttributeValues and refer "
                    "to it with a placeholder such as :v0.",
                    pos,
                )
            shown = char if char.isprintable() else f"U+{ord(char):04X}"
            raise ExpressionSyntaxError(
                f"Unexpected character {shown!r} at column {_column(pos)}; names that contain "
                "it need an ExpressionAttributeNames placeholder such as #n0.",
                pos,
            )
        kind = match.lastgroup or "op"
        tokens.append(_Token(kind, match.group(), pos))
        pos = match.end()
    tokens.append(_Token("end", "", length))
    _check_parentheses(tokens)
    return tokens


_GROUP_AFTER = frozenset({"AND", "OR", "NOT", "BETWEEN"})


def _check_parentheses(tokens: list[_Token]) -> None:
    """Report unbalanced parentheses up front, at the parenthesis that has no partner, and
    redundant ones: DynamoDB refuses a group that directly wraps another group, ``((x))``."""
    stack: list[int] = []
    partner: dict[int, int] = {}
    for index, token in enumerate(tokens):
        if token.kind != "op":
            continue
        if token.text == "(":
            stack.append(index)
        elif token.text == ")":
            if not stack:
                raise ExpressionSyntaxError(
                    f"Unbalanced parenthesis: ')' at column {_column(token.position)} has no matching '('.",
                    token.position,
                )
            partner[stack.pop()] = index
    if stack:
        first = tokens[stack[0]]
        raise ExpressionSyntaxError(
            f"Unbalanced parenthesis: '(' at column {_column(first.position)} is never closed.",
            first.position,
        )
    for open_index, close_index in sorted(partner.items()):
        # A '(' right after a function name or IN opens an argument list, not a group.
        before = tokens[open_index - 1] if open_index else None
        grouping = before is None or before.kind != "name" or before.text.upper() in _GROUP_AFTER
        inner = open_index + 1
        if grouping and partner.get(inner) == close_index - 1:
            token = tokens[open_index]
            raise ExpressionSyntaxError(
                f"Redundant parentheses at column {_column(token.position)}: DynamoDB refuses a pair "
                "of parentheses directly around another pair; remove one of them.",
                token.position,
            )


def _describe(token: _Token) -> str:
    if token.kind == "end":
        return "the end of the expression"
    return f"'{token.text}' at column {_column(token.position)}"


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


# --------------------------------------------------------------------------- parser


class _Parser:
    """Recursive-descent parser over one expression's tokens."""

    def __init__(self, text: str, kind: str) -> None:
        self.text = text
        self.kind = kind  # "condition", "update" or "projection", for messages
        self.keywords = _CONDITION_KEYWORDS | set(_CLAUSES)
        self.functions = tuple(_UPDATE_FUNCTIONS) if kind == "update" else (*_CONDITION_FUNCTIONS, "size")
        self.tokens = _tokenize(text)
        self.index = 0
        self.depth = 0
        if self.tokens[0].kind == "end":
            raise ExpressionSyntaxError("The expression is empty; type an expression.", 0)

    # -- token helpers

    @property
    def current(self) -> _Token:
        return self.tokens[self.index]

    def peek(self, offset: int = 1) -> _Token:
        return self.tokens[min(self.index + offset, len(self.tokens) - 1)]

    def advance(self) -> _Token:
        token = self.current
        if token.kind != "end":
            self.index += 1
        return token

    def at_op(self, *texts: str) -> bool:
        return self.current.kind == "op" and self.current.text in texts

    def at_keyword(self, *words: str) -> bool:
        return self.current.kind == "name" and self.current.text.upper() in words

    def expect_op(self, text: str, context: str) -> _Token:
        if not self.at_op(text):
            raise self.error(f"Expected '{text}' {context} but found {_describe(self.current)}.")
        return self.advance()

    def error(self, message: str, token: _Token | None = None) -> ExpressionSyntaxError:
        token = token or self.current
        return ExpressionSyntaxError(message, token.position)

    def expect_end(self, what: str) -> None:
        if self.current.kind != "end":
            raise self.error(
                f"Unexpected {_describe(self.current)}: the {what} is already complete there; "
                "join conditions with AND or OR."
                if what == "condition"
                else f"Unexpected {_describe(self.current)} after the end of the {what}."
            )

    def enter(self) -> None:
        self.depth += 1
        if self.depth > _MAX_NESTING:
            raise self.error(
                f"The expression nests more than {_MAX_NESTING} levels deep at column "
                f"{_column(self.current.position)}; simplify it."
            )

    def leave(self) -> None:
        self.depth -= 1

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
                    raise self.error(self._not_a_name(token, f"after '.' at column {_column(dot.position)}"))
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
                        f"{_describe(token)} after '[' at column {_column(bracket.position)}."
                    )
                if len(token.text) > 1 and token.text.startswith("0"):
                    raise self.error(f"List indexes have no leading zeros: write [{int(token.text)}] "
                                     f"at column {_column(token.position)}.")
                if len(token.text) > _MAX_INDEX_DIGITS + 1 or int(token.text) > MAX_LIST_INDEX:
                    raise self.error(f"The list index at column {_column(token.position)} is too large; "
                                     f"indexes go up to {MAX_LIST_INDEX}.")
                self.advance()
                self.expect_op("]", f"to close the list index opened at column {_column(bracket.position)}")
                elements.append(int(token.text))
                positions.append(token.position)
            else:
                break
        return Path(tuple(elements), start.position, tuple(positions))

    def _not_keyword(self, token: _Token) -> None:
        if token.kind == "name" and token.text.upper() in self.keywords:
            raise self.error(
                f"{token.text} at column {_column(token.position)} is a keyword; to use it as "
                f"an attribute name, write a placeholder such as #{token.text.lower()} and map "
                "it in ExpressionAttributeNames."
            )

    def _not_a_name(self, token: _Token, context: str) -> str:
        where = f" {context}" if context else ""
        if token.kind == "int":
            return (
                f"Expected an attribute name{where} but found the number {_describe(token)}; "
                "names that start with a digit need a placeholder such as #n0, and values "
                "need one such as :v0."
            )
        if token.kind == "value":
            return f"Expected an attribute name{where} but found the value placeholder {_describe(token)}."
        return f"Expected an attribute name{where} but found {_describe(token)}."

    def operand(self, allow: Sequence[str], context: str) -> Operand:
        """A path, :value or function call (among ``allow``) used as a value, possibly in
        parentheses: DynamoDB takes ``(a) = (:v)`` and ``size((a))``."""
        token = self.current
        if self.at_op("("):
            self.advance()
            self.enter()
            inner = self.operand(allow, context)
            self.expect_op(")", f"to close the '(' at column {_column(token.position)}")
            self.leave()
            return inner
        if token.kind == "value":
            self.advance()
            return Value(token.text, token.position)
        if token.kind == "int":
            raise self.error(
                f"Literal number {_describe(token)}: expressions cannot contain literal "
                "values; put it in ExpressionAttributeValues and refer to it as :v0 (a name "
                "that starts with a digit needs a placeholder such as #n0)."
            )
        if token.kind == "name" and self.peek().kind == "op" and self.peek().text == "(":
            return self.function(allow, value_context=True)
        if token.kind in ("name", "hash"):
            return self.path(context)
        raise self.error(
            f"Expected an attribute name, placeholder or :value {context} but found "
            f"{_describe(token)}.".replace("  ", " ")
        )

    def function(self, allow: Sequence[str], value_context: bool) -> FunctionCall:
        name_token = self.advance()
        name = name_token.text
        if name not in _ALL_FUNCTIONS:
            lowered = name.lower()
            if lowered in _ALL_FUNCTIONS:
                raise self.error(
                    f"Function names are case-sensitive: write {lowered}, not {name} "
                    f"(column {_column(name_token.position)}).",
                    name_token,
                )
            raise self.error(
                f"Unknown function {name!r} at column {_column(name_token.position)}; "
                f"{self.kind} expressions can use {', '.join(self.functions)}.",
                name_token,
            )
        if name not in allow:
            kind = "a value" if value_context else "a condition"
            raise self.error(
                f"{name}() cannot be used as {kind} at column {_column(name_token.position)}; "
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
                f"{_column(open_paren.position)}) but found {_describe(self.current)}."
            )
        if len(args) != expected:
            raise self.error(
                f"{name}() takes {expected} argument{'s' if expected > 1 else ''}; this call at column "
                f"{_column(name_token.position)} has {len(args)}.",
                name_token,
            )
        if name in _PATH_FIRST and not isinstance(args[0], Path):
            raise self.error(
                f"The first argument of {name}() at column {_column(name_token.position)} must be an "
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
                    f"Empty parentheses at column {_column(token.position)}: put a condition inside them."
                )
            inner = self.condition()
            self.expect_op(")", f"to close the '(' at column {_column(token.position)}")
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

    def comparison_rest(self, left: Operand, start: _Token) -> Condition:
        if self.current.kind == "op" and self.current.text in COMPARATORS:
            op = self.advance().text
            right = self.operand(("size",), f"after '{op}'")
            return Comparison(op, left, right, start.position)
        if self.at_keyword("BETWEEN"):
            keyword = self.advance()
            low = self.operand(("size",), "after BETWEEN")
            if not self.at_keyword("AND"):
                raise self.error(
                    f"BETWEEN at column {_column(keyword.position)} needs AND between its two "
                    f"bounds, as in #n BETWEEN :low AND :high; found {_describe(self.current)}."
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
                if len(options) > _MAX_IN_VALUES:
                    raise self.error(
                        f"IN at column {_column(keyword.position)} accepts at most "
                        f"{_MAX_IN_VALUES} values; split the condition with OR.",
                        self.tokens[self.index - 1],
                    )
            self.expect_op(")", "to close the IN list")
            return In(left, tuple(options), start.position)
        if isinstance(left, FunctionCall):
            message = (
                f"size() at column {_column(start.position)} returns a number; compare it, "
                f"as in size(#n) > :v, but found {_describe(self.current)}."
            )
        elif self.current.kind == "end":
            message = (
                "The expression ends too early: expected a comparison (=, <>, <, <=, >, >=, "
                f"BETWEEN or IN) after {_describe(start)}."
            )
        else:
            message = (
                f"Expected a comparison (=, <>, <, <=, >, >=, BETWEEN or IN) but found "
                f"{_describe(self.current)}."
            )
        raise self.error(message)

    # -- update expressions

    def update(self) -> UpdateExpression:
        clauses: dict[str, list[Any]] = {}
        seen: dict[str, _Token] = {}
        if not self.at_keyword(*_CLAUSES):
            raise self.error(
                "An update expression starts with SET, REMOVE, ADD or DELETE; found "
                f"{_describe(self.current)}."
            )
        while self.current.kind != "end":
            if not self.at_keyword(*_CLAUSES):
                raise self.error(
                    f"Expected ',' or a new clause (SET, REMOVE, ADD or DELETE) but found "
                    f"{_describe(self.current)}."
                )
            keyword = self.advance()
            clause = keyword.text.upper()
            if clause in seen:
                raise self.error(
                    f"The {clause} clause appears twice (columns "
                    f"{_column(seen[clause].position)} and {_column(keyword.position)}); "
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
                            f"{clause} at column {_column(keyword.position)} needs at least "
                            f"one action, such as {_CLAUSE_EXAMPLES[clause]}."
                        )
                    raise self.error(  # a trailing comma
                        f"Expected another {clause} action after ',' but found "
                        f"{_describe(self.current)}; remove the trailing comma.",
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
                f"{_CLAUSE_EXAMPLES[clause]}; found {_describe(token)}."
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
            self.expect_op(")", f"to close the '(' at column {_column(first.position)}")
            self.leave()
            return inner
        return self._set_terms(first)

    def _set_terms(self, first: _Token) -> Operand | Arithmetic:
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


def parse_key_condition(text: str) -> KeyCondition:
    """Parse a Query key condition: ``pk = :v`` optionally AND one sort key condition.

    The sort key condition may use =, <, <=, >, >=, BETWEEN or begins_with; no OR, NOT,
    IN or <>, and only top-level key attributes. With two equalities the first is taken
    as the partition key's (the text alone cannot tell them apart).
    """
    tree = parse_condition(text)
    parts: tuple[Condition, ...] = tree.operands if isinstance(tree, And) else (tree,)
    if len(parts) > 2:
        raise ExpressionSyntaxError(
            "A key condition holds at most two conditions: the partition key and one sort "
            f"key condition; this one has {len(parts)}. Move the rest to a filter expression.",
            _node_position(parts[2]),
        )
    for part in parts:
        _check_key_part(part)
    equalities = [p for p in parts if isinstance(p, Comparison) and p.op == "="]
    if not equalities:
        raise ExpressionSyntaxError(
            "A key condition needs an equality on the partition key, such as #pk = :pk.",
            _node_position(parts[0]),
        )
    partition = equalities[0]
    sort: Comparison | Between | FunctionCall | None = None
    for part in parts:
        if part is not partition and isinstance(part, Comparison | Between | FunctionCall):
            sort = part
    if sort is not None and _key_path(sort) == partition.left:
        raise ExpressionSyntaxError(
            f"The key condition names {_key_path(sort)} twice; the second condition must be on the sort key.",
            _node_position(sort),
        )
    return KeyCondition(partition, sort)


def _node_position(node: Any) -> int:
    return int(getattr(node, "position", 0))


def _key_path(node: Comparison | Between | FunctionCall) -> Operand:
    if isinstance(node, Comparison):
        return node.left
    if isinstance(node, Between):
        return node.operand
    return node.args[0]


def _check_key_part(part: Condition) -> None:
    position = _node_position(part)
    if isinstance(part, Or | Not | In | And):
        word = {Or: "OR", Not: "NOT", In: "IN", And: "nested AND"}[type(part)]
        raise ExpressionSyntaxError(
            f"Key conditions cannot use {word}; use a filter expression for that.", position
        )
    if isinstance(part, FunctionCall):
        if part.name != "begins_with":
            raise ExpressionSyntaxError(
                f"Key conditions cannot use {part.name}(); only begins_with() is allowed, on "
                "the sort key. Use a filter expression instead.",
                position,
            )
        key, value = part.args
    elif isinstance(part, Comparison):
        if part.op == "<>":
            raise ExpressionSyntaxError(
                "Key conditions cannot use <>; use a filter expression for that.", position
            )
        key, value = part.left, part.right
    else:
        key, value = part.operand, part.low
        if not isinstance(part.high, Value):
            raise ExpressionSyntaxError(
                "Key conditions compare key attributes with :value placeholders only.",
                _node_position(part.high),
            )
    if not isinstance(key, Path) or len(key.elements) != 1:
        raise ExpressionSyntaxError(
            "Key conditions name a top-level key attribute on the left, such as #pk = :pk; "
            "nested paths and size() are not keys.",
            _node_position(key),
        )
    if not isinstance(value, Value):
        raise ExpressionSyntaxError(
            "Key conditions compare key attributes with :value placeholders only.",
            _node_position(value),
        )


# --------------------------------------------------------------------------- placeholders


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
                    f"Expected an attribute name at column {_column(pos)} of {path!r}; "
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
                    f"column {_column(pos)} of {path!r}.",
                    pos,
                )
            if len(digits) > _MAX_INDEX_DIGITS:
                raise ExpressionSyntaxError(f"The list index at column {_column(pos)} is far too large.", pos)
            parts.append(int(digits))
            pos = close + 1
        else:
            raise ExpressionSyntaxError(f"Unexpected {char!r} at column {_column(pos)} of {path!r}.", pos)
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


# --------------------------------------------------------------------------- builders


def _as_values(values: Sequence[Mapping[str, Any]] | Mapping[str, Any]) -> list[Mapping[str, Any]]:
    if isinstance(values, Mapping):
        return [values]
    return list(values)


def key_condition(
    ph: Placeholders,
    pk_name: str,
    pk_value: Mapping[str, Any],
    sk_name: str | None = None,
    sk_op: str | None = None,
    sk_values: Sequence[Mapping[str, Any]] | Mapping[str, Any] = (),
) -> str:
    """Build a Query KeyConditionExpression such as ``#n0 = :v0 AND begins_with(#n1, :v1)``.

    Key names are top-level attributes, aliased literally (dots are part of the name).
    ``sk_op`` is one of ``KEY_CONDITION_OPERATORS``; ``between`` takes two values.
    """
    text = f"{ph.literal_name(pk_name)} = {ph.value(pk_value)}"
    if sk_name is None and sk_op is None:
        return text
    if sk_name is None or sk_op is None:
        raise ValueError("A sort key condition needs both the sort key name and an operator.")
    op = sk_op.lower() if sk_op.isalpha() or "_" in sk_op else sk_op
    if op not in KEY_CONDITION_OPERATORS:
        raise ValueError(
            f"{sk_op!r} cannot be used on a sort key; use one of {', '.join(KEY_CONDITION_OPERATORS)}."
        )
    values = _as_values(sk_values)
    expected = 2 if op == "between" else 1
    if len(values) != expected:
        raise ValueError(
            f"The {op} sort key condition takes {expected} value{'s' if expected > 1 else ''};"
            f" {len(values)} given."
        )
    if op == "begins_with" and type_code(values[0]) not in ("S", "B"):
        raise ValueError("begins_with works on string and binary sort keys only.")
    sk = ph.literal_name(sk_name)
    placeholders = [ph.value(v) for v in values]
    if op == "between":
        condition = f"{sk} BETWEEN {placeholders[0]} AND {placeholders[1]}"
    elif op == "begins_with":
        condition = f"begins_with({sk}, {placeholders[0]})"
    else:
        condition = f"{sk} {op} {placeholders[0]}"
    return f"{text} AND {condition}"


_COMPARISON_ARITY = {
    **{op: 1 for op in COMPARATORS},
    "between": 2,
    "in": -1,
    "begins_with": 1,
    "contains": 1,
    "attribute_exists": 0,
    "attribute_not_exists": 0,
    "attribute_type": 1,
}


def comparison(
    ph: Placeholders,
    path: str,
    op: str,
    values: Sequence[Mapping[str, Any]] | Mapping[str, Any] = (),
    *,
    size: bool = False,
    literal: bool = False,
) -> str:
    """Build one condition on ``path`` for filter and condition expressions.

    ``op`` is a comparator (``=, <>, <, <=, >, >=``), ``between`` (two values), ``in``
    (1–100 values), ``begins_with``, ``contains``, ``attribute_exists``,
    ``attribute_not_exists`` (no value) or ``attribute_type`` (one ``{"S": "N"}``-style
    value naming the type). ``size=True`` compares ``size(path)`` instead (comparators,
    between, in). ``literal=True`` treats ``path`` as one attribute name containing dots.
    """
    key = op.lower() if any(c.isalpha() for c in op) else op
    if key not in _COMPARISON_ARITY:
        raise ValueError(f"Unknown operator {op!r}; use one of {', '.join(_COMPARISON_ARITY)}.")
    vals = _as_values(values)
    arity = _COMPARISON_ARITY[key]
    if arity == -1 and not 1 <= len(vals) <= _MAX_IN_VALUES:
        raise ValueError(f"IN takes between 1 and {_MAX_IN_VALUES} values; {len(vals)} given.")
    if arity >= 0 and len(vals) != arity:
        raise ValueError(f"{op} takes {arity} value{'s' if arity != 1 else ''}; {len(vals)} given.")
    if size and key not in (*COMPARATORS, "between", "in"):
        raise ValueError(f"size() can be compared with =, <>, <, <=, >, >=, between or in, not {op}.")
    if key == "attribute_type":
        av = vals[0]
        if type_code(av) != "S" or av["S"] not in TYPE_CODES:
            raise ValueError(
                "attribute_type takes a string value naming a type, such as {'S': 'N'}; "
                f"valid types are {', '.join(sorted(TYPE_CODES))}."
            )
    target = ph.literal_name(path) if literal else ph.name(path)
    if size:
        target = f"size({target})"
    if key in ("attribute_exists", "attribute_not_exists"):
        return f"{key}({target})"
    placeholders = [ph.value(v) for v in vals]
    if key in COMPARATORS:
        return f"{target} {key} {placeholders[0]}"
    if key == "between":
        return f"{target} BETWEEN {placeholders[0]} AND {placeholders[1]}"
    if key == "in":
        return f"{target} IN ({', '.join(placeholders)})"
    return f"{key}({target}, {placeholders[0]})"


def _is_wrapped(text: str) -> bool:
    """True if the whole text is one parenthesised group."""
    tokens = _tokenize(text)
    if not (tokens[0].kind == "op" and tokens[0].text == "("):
        return False
    depth = 0
    for index, token in enumerate(tokens):
        if token.kind == "op" and token.text == "(":
            depth += 1
        elif token.kind == "op" and token.text == ")":
            depth -= 1
            if depth == 0:
                return tokens[index + 1].kind == "end"
    return False  # pragma: no cover - _tokenize rejects unbalanced text


def _wrap_if(text: str, kinds: tuple[type, ...]) -> str:
    if isinstance(parse_condition(text), kinds) and not _is_wrapped(text):
        return f"({text})"
    return text


def and_(*exprs: str | None) -> str:
    """Join conditions with AND, parenthesising OR operands; empty ones are skipped.

    Returns "" when nothing is left, so callers can leave the parameter out.
    """
    parts = [e for e in exprs if e]
    if len(parts) <= 1:
        return parts[0] if parts else ""
    return " AND ".join(_wrap_if(p, (Or,)) for p in parts)


def or_(*exprs: str | None) -> str:
    """Join conditions with OR (the loosest operator, so no parentheses are needed)."""
    parts = [e for e in exprs if e]
    for part in parts:
        parse_condition(part)
    return " OR ".join(parts)


def not_(expr: str) -> str:
    """Negate a condition, parenthesising it when it is an AND or OR."""
    return f"NOT {_wrap_if(expr, (And, Or))}"


# --------------------------------------------------------------------------- checking


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


def placeholders_used(text: str) -> tuple[set[str], set[str]]:
    """Return the ``#name`` and ``:value`` placeholders that appear in expression text."""
    names: set[str] = set()
    values: set[str] = set()
    for match in _PLACEHOLDER_RE.finditer(text or ""):
        (names if match.group().startswith("#") else values).add(match.group())
    return names, values


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
    match = _TOKEN_RE.match(text, position)
    if match is not None:
        return match.group()
    return text[position : position + 1]


def _paths(node: Any) -> Iterator[Path]:
    """Every document path in an AST."""
    if isinstance(node, Path):
        yield node
    elif isinstance(node, Value):
        return
    elif isinstance(node, FunctionCall):
        for arg in node.args:
            yield from _paths(arg)
    elif isinstance(node, Comparison | Arithmetic):
        yield from _paths(node.left)
        yield from _paths(node.right)
    elif isinstance(node, Between):
        for part in (node.operand, node.low, node.high):
            yield from _paths(part)
    elif isinstance(node, In):
        yield from _paths(node.operand)
        for option in node.options:
            yield from _paths(option)
    elif isinstance(node, Not):
        yield from _paths(node.operand)
    elif isinstance(node, And | Or):
        for operand in node.operands:
            yield from _paths(operand)
    elif isinstance(node, SetAction | UpdateAction):
        yield from _paths(node.path)
        yield from _paths(node.value)
    elif isinstance(node, UpdateExpression):
        for group in (node.set, node.remove, node.add, node.delete):
            for item in group:
                yield from _paths(item)
    elif isinstance(node, Projection):
        yield from node.paths


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
        size = len(text.encode("utf-8", "surrogatepass"))
        if size > MAX_EXPRESSION_BYTES:
            problems.append(
                ExpressionProblem(
                    "syntax",
                    "",
                    f"This expression is {size} bytes long; DynamoDB accepts at most "
                    f"{MAX_EXPRESSION_BYTES}. Shorten it, for example with shorter placeholders.",
                    MAX_EXPRESSION_BYTES,
                    index,
                )
            )
        reported: set[str] = set()
        for match in _PLACEHOLDER_RE.finditer(text):
            token = match.group()
            is_name = token.startswith("#")
            (used_names if is_name else used_values).add(token)
            if token in reported or token in (names if is_name else values):
                continue
            reported.add(token)
            if is_name:
                problems.append(
                    ExpressionProblem(
                        "undefined-name",
                        token,
                        f"{token} is used in the expression but not defined; add it to "
                        "ExpressionAttributeNames with the attribute name it stands for.",
                        match.start(),
                        index,
                    )
                )
            else:
                problems.append(
                    ExpressionProblem(
                        "undefined-value",
                        token,
                        f"{token} is used in the expression but not defined; add it to "
                        'ExpressionAttributeValues with a typed value such as {"S": "x"}.',
                        match.start(),
                        index,
                    )
                )
        tree, error = _parse_any(text)
        if error is not None:
            problems.append(
                ExpressionProblem(
                    "syntax", _token_at(text, error.position), error.message, error.position, index
                )
            )
            continue
        for path in _paths(tree):
            for element, position in zip(path.elements, path.element_positions, strict=False):
                if isinstance(element, str) and not element.startswith("#") and is_reserved(element) \
                        and element.upper() not in _TAKEN_BARE:
                    problems.append(_reserved_problem(element, position, index))
    for placeholder in names:
        if placeholder not in used_names:
            problems.append(
                ExpressionProblem(
                    "unused-name",
                    placeholder,
                    f"{placeholder} is defined in ExpressionAttributeNames but no expression uses "
                    "it; DynamoDB rejects unused entries, so remove it.",
                )
            )
    for placeholder in values:
        if placeholder not in used_values:
            problems.append(
                ExpressionProblem(
                    "unused-value",
                    placeholder,
                    f"{placeholder} is defined in ExpressionAttributeValues but no expression uses "
                    "it; DynamoDB rejects unused entries, so remove it.",
                )
            )
    return problems
