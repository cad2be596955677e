"""The PartiQL lexer: one scan of a statement into tokens, shared by everything that reads one.

It sits in ``session`` because the read-only guard (``operations.partiql_is_read``) decides
by its tokens; ``reads.partiql_statements`` builds the editor's highlighting, ``?`` counts,
target tables and comment stripping on the same tokens. Words are ASCII only: a letter
outside ASCII (``ſ``, U+017F, which ``str.upper`` turns into ``S``) is never part of a keyword.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

KEYWORD = "keyword"
FUNCTION = "function"
STRING = "string"  # 'text'
QUOTED_NAME = "quoted-name"  # "table-name"
ION = "ion"  # `ion literal`
NAME = "name"
NUMBER = "number"
PARAMETER = "parameter"  # ?
COMMENT = "comment"
OPERATOR = "operator"

#: Lexer states carried from one line to the next (QSyntaxHighlighter block states).
NORMAL, IN_COMMENT, IN_STRING, IN_QUOTED_NAME, IN_ION = 0, 1, 2, 3, 4
_STATE_KIND = {IN_COMMENT: COMMENT, IN_STRING: STRING, IN_QUOTED_NAME: QUOTED_NAME, IN_ION: ION}
_QUOTE_STATE = {"'": IN_STRING, '"': IN_QUOTED_NAME, "`": IN_ION}
_STATE_QUOTE = {v: k for k, v in _QUOTE_STATE.items()}

#: The words of DynamoDB's PartiQL dialect (statements, clauses, operators, literals).
KEYWORDS = frozenset({
    "SELECT", "FROM", "WHERE", "AND", "OR", "NOT", "IN", "BETWEEN", "IS", "MISSING", "NULL",
    "TRUE", "FALSE", "INSERT", "INTO", "VALUE", "UPDATE", "SET", "REMOVE", "DELETE",
    "RETURNING", "ALL", "OLD", "NEW", "MODIFIED", "ORDER", "BY", "ASC", "DESC", "EXISTS",
})
#: DynamoDB's PartiQL functions (names compared case-insensitively).
FUNCTIONS = frozenset({"BEGINS_WITH", "CONTAINS", "SIZE", "ATTRIBUTE_TYPE", "LIST_APPEND",
                       "SET_ADD", "SET_DELETE"})

#: The only characters DynamoDB's PartiQL takes as whitespace (checked on DynamoDB Local): a
#: no-break space, U+2028, a BOM or a zero-width space between words is a malformed statement.
WHITESPACE = " \t\n\x0b\x0c\r"

_NUMBER = re.compile(r"(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?")
_WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_$]*")
_TWO_CHAR_OPERATORS = ("<>", "<=", ">=", "!=", "||", "<<", ">>")


@dataclass(frozen=True)
class Token:
    kind: str
    start: int
    end: int
    text: str

    @property
    def name(self) -> str:
        """The identifier a NAME or QUOTED_NAME token stands for ("a""b" is a"b)."""
        if self.kind == QUOTED_NAME:
            body = self.text[1:-1] if len(self.text) > 1 and self.text.endswith('"') else self.text[1:]
            return body.replace('""', '"')
        return self.text


def _close(text: str, start: int, state: int) -> tuple[int, bool]:
    """Where the construct open in ``state`` ends (after its closer) from ``start``, and
    whether it ended on this text; quotes are escaped by doubling them."""
    if state == IN_COMMENT:
        at = text.find("*/", start)
        return (len(text), False) if at < 0 else (at + 2, True)
    quote = _STATE_QUOTE[state]
    i = start
    while True:
        at = text.find(quote, i)
        if at < 0:
            return len(text), False
        if quote != "`" and text.startswith(quote * 2, at):
            i = at + 2
            continue
        return at + 1, True


def scan(text: str, state: int = NORMAL) -> tuple[list[Token], int]:
    """Tokens of ``text`` (whitespace dropped) starting in ``state``, and the state at its end.

    Feeding a statement line by line with the returned state gives the same tokens as one
    call on the whole text: that is how the editor highlights a comment over three lines.
    """
    tokens: list[Token] = []
    i, n = 0, len(text)

    def add(kind: str, start: int, end: int) -> None:
        tokens.append(Token(kind, start, end, text[start:end]))

    if state != NORMAL:
        end, closed = _close(text, 0, state)
        add(_STATE_KIND[state], 0, end)
        if not closed:
            return tokens, state
        i, state = end, NORMAL
    while i < n:
        c = text[i]
        if c.isspace():
            i += 1
            continue
        if text.startswith("--", i):
            end = text.find("\n", i)
            end = n if end < 0 else end
            add(COMMENT, i, end)
        elif text.startswith("/*", i):
            end, closed = _close(text, i + 2, IN_COMMENT)
            add(COMMENT, i, end)
            if not closed:
                return tokens, IN_COMMENT
        elif c in _QUOTE_STATE:
            quote_state = _QUOTE_STATE[c]
            end, closed = _close(text, i + 1, quote_state)
            add(_STATE_KIND[quote_state], i, end)
            if not closed:
                return tokens, quote_state
        elif c == "?":
            end = i + 1
            add(PARAMETER, i, end)
        elif (number := _NUMBER.match(text, i)) is not None and (c.isdigit() or c == "."):
            end = number.end()
            add(NUMBER, i, end)
        elif (word := _WORD.match(text, i)) is not None:
            end = word.end()
            upper = word.group().upper()
            add(KEYWORD if upper in KEYWORDS else FUNCTION if upper in FUNCTIONS else NAME, i, end)
        else:
            end = i + (2 if text[i:i + 2] in _TWO_CHAR_OPERATORS else 1)
            add(OPERATOR, i, end)
        i = end
    return tokens, state


def tokens(statement: str) -> list[Token]:
    """Every token of a whole statement, comments included."""
    return scan(statement)[0]


def stray_character(text: str) -> int | None:
    """Where the first character outside quotes and comments that DynamoDB refuses as space is:
    a Unicode space other than ``WHITESPACE`` (the lexer skips those like spaces), or an
    invisible format or control character (a BOM, a zero-width space, NUL)."""
    at = 0
    found, _state = scan(text)
    for token in [*found, Token(OPERATOR, len(text), len(text), "")]:
        gap = next((i for i in range(at, token.start) if text[i] not in WHITESPACE), None)
        if gap is not None:
            return gap
        if token.kind == OPERATOR and token.text and unicodedata.category(token.text[0]) in ("Cf", "Cc"):
            return token.start
        at = token.end
    return None
