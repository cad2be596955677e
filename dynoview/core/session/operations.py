"""Which DynamoDB calls only read, and the read-only guard that refuses the others.

A read-only connection runs ``check_read_only`` on every call before it is sent; the
integrity check uses ``is_read_operation`` to know which answers to verify. A PartiQL
statement is a read when the lexer's tokens (``partiql_lexer``) say it is one ASCII
``SELECT``: the guard refuses any comment instead of stripping it (a quote-aware scan of its
own, which also counts ``--`` inside backticks), and never compares case-folded text, where
``ſelect`` (U+017F) upper-cases to ``SELECT``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from dynoview.core.errors import ReadOnlyError
from dynoview.core.session.partiql_lexer import COMMENT, KEYWORD, NORMAL, OPERATOR, scan

# Operations that only read data or metadata. Everything else in the DynamoDB
# API is refused on a read-only connection, so a new write API added to
# botocore is refused by default rather than let through.
_READ_ONLY_OPERATIONS = frozenset(
    {"BatchGetItem", "GetItem", "Query", "Scan", "TransactGetItems"}
)
_READ_ONLY_PREFIXES = ("Describe", "List", "Get")
_PARTIQL_OPERATIONS = frozenset({"ExecuteStatement", "BatchExecuteStatement", "ExecuteTransaction"})


def is_read_operation(operation: str) -> bool:
    """True for API operations that cannot change data or tables."""
    return operation in _READ_ONLY_OPERATIONS or operation.startswith(_READ_ONLY_PREFIXES)


def partiql_has_comment(statement: str) -> bool:
    """True if a PartiQL statement holds a comment (``--`` or ``/*``) outside its quotes.

    An unterminated quote counts as a comment too: what follows it cannot be read safely.
    """
    quote: str | None = None
    i = 0
    while i < len(statement):
        ch = statement[i]
        if quote is not None:
            if ch == quote:
                # A doubled quote ('' or "") is an escaped quote inside the literal.
                if statement[i + 1:i + 2] == quote:
                    i += 2
                    continue
                quote = None
        elif ch in "'\"":
            quote = ch
        elif statement[i:i + 2] in ("--", "/*"):
            return True
        i += 1
    return quote is not None


def _has_second_statement(statement: str) -> bool:
    """True if a ``;`` outside quotes is followed by more text (a second statement)."""
    quote: str | None = None
    for i, ch in enumerate(statement):
        if quote is not None:
            if ch == quote:
                quote = None  # a doubled quote reopens at once on the next character
        elif ch in "'\"":
            quote = ch
        elif ch == ";" and statement[i + 1:].strip():
            return True
    return False


def partiql_is_read(statement: str) -> bool:
    """True if a PartiQL statement is one plain SELECT.

    A comment anywhere (outside quotes) makes it not a read: comments are never stripped
    to look behind them, because a comment is the easiest way to dress a write up as a
    SELECT, and a read-only connection must not guess.
    """
    if partiql_has_comment(statement) or _has_second_statement(statement):
        return False
    found, state = scan(statement)
    if state != NORMAL or any(t.kind == COMMENT for t in found):
        return False  # an unterminated quote, or a comment the scan above missed
    code = [t for t in found if not (t.kind == OPERATOR and t.text == "(")]
    if not code:
        return False
    first = code[0]
    if first.kind != KEYWORD or not first.text.isascii() or first.text.upper() != "SELECT":
        return False
    # Before it: ASCII whitespace and opening parentheses only (no BOM, no other space).
    if statement[:first.start].strip(" \t\r\n("):
        return False
    follows = statement[first.end:first.end + 1]
    if follows and (follows.isalnum() or follows in "_$"):
        return False  # SELECT glued to a letter the lexer's ASCII words leave out (SELECTſ)
    semicolons = [i for i, t in enumerate(found) if t.kind == OPERATOR and t.text == ";"]
    return not semicolons or semicolons[0] == len(found) - 1  # nothing after the first ;


def _partiql_statements(operation: str, params: Mapping[str, Any]) -> list[str]:
    if operation == "ExecuteStatement":
        return [str(params.get("Statement", ""))]
    key = "Statements" if operation == "BatchExecuteStatement" else "TransactStatements"
    return [str(s.get("Statement", "")) for s in params.get(key, []) if isinstance(s, Mapping)]


def check_read_only(operation: str, params: Mapping[str, Any]) -> None:
    """Raise ReadOnlyError if this call could write. Called before anything is sent."""
    if is_read_operation(operation):
        return
    if operation in _PARTIQL_OPERATIONS:
        statements = _partiql_statements(operation, params)
        if statements and all(partiql_is_read(s) for s in statements):
            return
        if any(partiql_has_comment(s) for s in statements):
            raise ReadOnlyError(
                f"This connection is read-only: the PartiQL {operation} has a comment (-- or /* */), "
                "and a comment can hide a write, so it was not sent. Remove the comments and run "
                "the SELECT again.")
        raise ReadOnlyError(
            f"This connection is read-only: the PartiQL {operation} contains a statement that "
            "writes, so it was not sent. Open a writable connection to change data."
        )
    raise ReadOnlyError(
        f"This connection is read-only: {operation} writes, so it was not sent. "
        "Open a writable connection to change data."
    )
