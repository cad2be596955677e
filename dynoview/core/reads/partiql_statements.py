"""PartiQL statements as text: one lexer, and what it tells about a statement.

One lexer serves the editor's highlighting (line by line, with the state a block comment
or a string carries to the next line), counting ``?`` parameters, finding the table a
statement reads (the read log's receipts name it), and dropping comments before a
statement is sent: comments are the user's notes, DynamoDB gets the statement alone, and
the read-only guard never has to guess what a comment hides.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from dynoview.core.expressions.reserved_words import is_reserved
from dynoview.core.session.operations import partiql_is_read

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


def _code(statement: str) -> list[Token]:
    return [t for t in tokens(statement) if t.kind != COMMENT]


def strip_comments(statement: str) -> str:
    """The statement as it is sent: each comment replaced by one space, ends trimmed."""
    out, at = [], 0
    for token in tokens(statement):
        if token.kind == COMMENT:
            out.append(statement[at:token.start])
            out.append(" ")
            at = token.end
    out.append(statement[at:])
    return "".join(out).strip()


def parameter_count(statement: str) -> int:
    """How many ``?`` placeholders the statement holds (not counting those in strings or comments)."""
    return sum(1 for t in tokens(statement) if t.kind == PARAMETER)


def _is_word(token: Token, word: str) -> bool:
    return token.kind == KEYWORD and token.text.upper() == word


def statement_target(statement: str) -> tuple[str, str | None] | None:
    """(table, index) the statement reads or writes: ``FROM "t"."i"``, ``INTO t``, ``UPDATE t``."""
    code = _code(statement)
    for i, token in enumerate(code):
        opens = _is_word(token, "FROM") or _is_word(token, "INTO") or (i == 0 and _is_word(token, "UPDATE"))
        if not opens or i + 1 >= len(code) or code[i + 1].kind not in (NAME, QUOTED_NAME):
            continue
        table = code[i + 1].name
        index = None
        if (i + 3 < len(code) and code[i + 2].kind == OPERATOR and code[i + 2].text == "."
                and code[i + 3].kind in (NAME, QUOTED_NAME)):
            index = code[i + 3].name
        return table, index
    return None


def selects_whole_items(statement: str) -> bool:
    """True for ``SELECT * FROM ...``: the answer holds whole items, keys included."""
    code = _code(statement)
    return (len(code) >= 2 and _is_word(code[0], "SELECT") and code[1].kind == OPERATOR
            and code[1].text == "*")


def is_select(statement: str) -> bool:
    """True if the statement, without its comments, is a SELECT (the read-only rule's test)."""
    return partiql_is_read(strip_comments(statement))


_SIMPLE_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


def quote_name(name: str) -> str:
    """A table or attribute name as PartiQL takes it: double-quoted (quotes doubled) unless it
    is a plain identifier that is neither one of the dialect's words nor a DynamoDB reserved
    word (quoting one of those is always safe; leaving it bare may not be)."""
    if (_SIMPLE_NAME.fullmatch(name) and name.upper() not in KEYWORDS | FUNCTIONS
            and not is_reserved(name)):
        return name
    return '"' + name.replace('"', '""') + '"'
