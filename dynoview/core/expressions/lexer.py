"""Expression text as tokens, and the cursor the parser walks them with.

Characters no expression may hold (quotes, stray ``#`` or ``:``) and unbalanced or redundant
parentheses are refused here, at the column that caused them.
"""

from __future__ import annotations

import re
import sys
from dataclasses import dataclass

from dynoview.core.errors import InputError

# Parentheses, NOT and function calls nest at most this deep: DynoView's own limit, which bounds
# its recursion. DynamoDB has none of its own, but its 300 operators and 4,096 bytes keep any
# expression it accepts under about 600 levels, and each level takes at least two bytes.
MAX_NESTING = 2048
# Python frames the parser and the tree walks may use per level of nesting.
_FRAMES_PER_LEVEL = 8
# A list index has at most this many digits (DynamoDB refuses any index above 2**31 - 1).
MAX_INDEX_DIGITS = 9


class ExpressionSyntaxError(InputError):
    """An expression or document path is malformed.

    ``position`` is the 0-based character offset of the problem; ``message`` a sentence
    that names it by 1-based column, as editors do, and says how to fix it.
    """

    def __init__(self, message: str, position: int = 0) -> None:
        self.message = message
        self.position = position
        super().__init__(message)


@dataclass(frozen=True)
class Token:
    kind: str  # name, hash, value, int, op, end
    text: str
    position: int


TOKEN_RE = re.compile(
    r"(?P<name>[A-Za-z][A-Za-z0-9_]*)"
    r"|(?P<hash>\#[A-Za-z0-9_]+)"
    r"|(?P<value>:[A-Za-z0-9_]+)"
    r"|(?P<int>[0-9]+)"
    r"|(?P<op><>|<=|>=|[=<>()\[\],.+\-])"
)
PLACEHOLDER_RE = re.compile(r"[#:][A-Za-z0-9_]+")
_SPACE = frozenset(" \t\r\n\f\v")


def column(position: int) -> int:
    return position + 1


def tokenize(text: str) -> list[Token]:
    """Split expression text into tokens; bad characters are syntax errors."""
    tokens: list[Token] = []
    pos = 0
    length = len(text)
    while pos < length:
        char = text[pos]
        if char in _SPACE:
            pos += 1
            continue
        match = TOKEN_RE.match(text, pos)
        if match is None:
            if char == "#":
                raise ExpressionSyntaxError(
                    f"'#' at column {column(pos)} must start a name placeholder such as "
                    "#status (letters, digits and _ after the #).",
                    pos,
                )
            if char == ":":
                raise ExpressionSyntaxError(
                    f"':' at column {column(pos)} must start a value placeholder such as "
                    ":v0 (letters, digits and _ after the colon).",
                    pos,
                )
            if char in "'\"":
                raise ExpressionSyntaxError(
                    f"Quoted text at column {column(pos)}: expressions cannot contain "
                    "literal values; put the value in ExpressionAttributeValues and refer "
                    "to it with a placeholder such as :v0.",
                    pos,
                )
            shown = char if char.isprintable() else f"U+{ord(char):04X}"
            raise ExpressionSyntaxError(
                f"Unexpected character {shown!r} at column {column(pos)}; names that contain "
                "it need an ExpressionAttributeNames placeholder such as #n0.",
                pos,
            )
        kind = match.lastgroup or "op"
        tokens.append(Token(kind, match.group(), pos))
        pos = match.end()
    tokens.append(Token("end", "", length))
    _check_parentheses(tokens)
    return tokens


_GROUP_AFTER = frozenset({"AND", "OR", "NOT", "BETWEEN"})


def _check_parentheses(tokens: list[Token]) -> None:
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
                    f"Unbalanced parenthesis: ')' at column {column(token.position)} has no matching '('.",
                    token.position,
                )
            partner[stack.pop()] = index
    if stack:
        first = tokens[stack[0]]
        raise ExpressionSyntaxError(
            f"Unbalanced parenthesis: '(' at column {column(first.position)} is never closed.",
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
                f"Redundant parentheses at column {column(token.position)}: DynamoDB refuses a pair "
                "of parentheses directly around another pair; remove one of them.",
                token.position,
            )


def describe_token(token: Token) -> str:
    if token.kind == "end":
        return "the end of the expression"
    return f"'{token.text}' at column {column(token.position)}"


class TokenStream:
    """A cursor over one expression's tokens, with the helpers a recursive-descent parser needs:
    look ahead, expect a token, report an error at a token, and bound the nesting depth."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.tokens = tokenize(text)
        self.index = 0
        self.depth = 0
        if self.tokens[0].kind == "end":
            raise ExpressionSyntaxError("The expression is empty; type an expression.", 0)
        _make_room(self.tokens)

    @property
    def current(self) -> Token:
        return self.tokens[self.index]

    def peek(self, offset: int = 1) -> Token:
        return self.tokens[min(self.index + offset, len(self.tokens) - 1)]

    def advance(self) -> Token:
        token = self.current
        if token.kind != "end":
            self.index += 1
        return token

    def at_op(self, *texts: str) -> bool:
        return self.current.kind == "op" and self.current.text in texts

    def at_keyword(self, *words: str) -> bool:
        return self.current.kind == "name" and self.current.text.upper() in words

    def expect_op(self, text: str, context: str) -> Token:
        if not self.at_op(text):
            raise self.error(f"Expected '{text}' {context} but found {describe_token(self.current)}.")
        return self.advance()

    def error(self, message: str, token: Token | None = None) -> ExpressionSyntaxError:
        token = token or self.current
        return ExpressionSyntaxError(message, token.position)

    def expect_end(self, what: str) -> None:
        if self.current.kind != "end":
            raise self.error(
                f"Unexpected {describe_token(self.current)}: the {what} is already complete there; "
                "join conditions with AND or OR."
                if what == "condition"
                else f"Unexpected {describe_token(self.current)} after the end of the {what}."
            )

    def enter(self) -> None:
        self.depth += 1
        if self.depth > MAX_NESTING:
            raise self.error(
                f"The expression nests more than {MAX_NESTING} levels deep at column "
                f"{column(self.current.position)}. This is DynoView's limit, not DynamoDB's "
                "(which refuses any expression over 4,096 bytes); simplify it."
            )

    def leave(self) -> None:
        self.depth -= 1


def _make_room(tokens: list[Token]) -> None:
    """Raise Python's recursion limit (never lower it) so that an expression nested up to
    ``MAX_NESTING`` levels parses and walks without a RecursionError."""
    levels = sum(1 for t in tokens if t.text == "(" or t.text.upper() == "NOT")
    if levels <= 50:
        return
    needed = _FRAMES_PER_LEVEL * min(levels, MAX_NESTING + 1) + 1000
    if sys.getrecursionlimit() < needed:
        sys.setrecursionlimit(needed)
