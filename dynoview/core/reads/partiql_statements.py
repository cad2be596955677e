"""PartiQL statements as text: one lexer, and what it tells about a statement.

One lexer (``session.partiql_lexer``, re-exported here) serves the editor's highlighting
(line by line, with the state a block comment or a string carries to the next line),
counting ``?`` parameters, finding the table a statement reads (the read log's receipts
name it), and dropping comments before a statement is sent: comments are the user's notes,
DynamoDB gets the statement alone, and the read-only guard never has to guess what a
comment hides.
"""

from __future__ import annotations

import re

from dynoview.core.expressions.reserved_words import is_reserved
from dynoview.core.session.operations import partiql_is_read
from dynoview.core.session.partiql_lexer import (  # re-exported: the editor highlights with them
    COMMENT,
    FUNCTION,
    FUNCTIONS,
    IN_COMMENT,
    IN_ION,
    IN_QUOTED_NAME,
    IN_STRING,
    ION,
    KEYWORD,
    KEYWORDS,
    NAME,
    NORMAL,
    NUMBER,
    OPERATOR,
    PARAMETER,
    QUOTED_NAME,
    STRING,
    Token,
    scan,
    tokens,
)

__all__ = ["COMMENT", "FUNCTION", "FUNCTIONS", "IN_COMMENT", "IN_ION", "IN_QUOTED_NAME", "IN_STRING",
           "ION", "KEYWORD", "KEYWORDS", "NAME", "NORMAL", "NUMBER", "OPERATOR", "PARAMETER",
           "QUOTED_NAME", "STRING", "Token", "is_select", "parameter_count", "quote_name", "scan",
           "selects_whole_items", "statement_target", "strip_comments", "tokens"]


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
    """True if the statement, without its comments, is one SELECT (the read-only rule's test):
    an ASCII ``SELECT`` keyword token after comments, whitespace and opening parentheses."""
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
