"""Which DynamoDB calls only read, and the read-only guard that refuses the others.

A read-only connection runs ``check_read_only`` on every call before it is sent; the
integrity check uses ``is_read_operation`` to know which answers to verify. A PartiQL
statement is a read when the lexer's tokens (``partiql_lexer``) say it is one ASCII
``SELECT``: the guard refuses any comment instead of stripping it (a quote-aware scan of its
own, which skips strings, quoted names and backtick Ion literals as the lexer does: a ``--``
inside backticks is part of a value, not a comment), and never compares case-folded text, where
``ſelect`` (U+017F) upper-cases to ``SELECT``.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping
from typing import Any

from dynoview.core.errors import ReadOnlyError
from dynoview.core.session.partiql_lexer import (
    COMMENT,
    KEYWORD,
    NORMAL,
    OPERATOR,
    WHITESPACE,
    Token,
    scan,
    stray_character,
)

# Operations known to only read data or metadata, named one by one (DynamoDB's and DynamoDB
# Streams', whose answers the integrity check also verifies). Everything else is refused on a
# read-only connection: an operation botocore adds later, even one named Get..., is a write
# until it is listed here.
_READ_ONLY_OPERATIONS = frozenset({
    "BatchGetItem", "GetItem", "Query", "Scan", "TransactGetItems",
    "DescribeBackup", "DescribeBulkOperation", "DescribeContinuousBackups",
    "DescribeContributorInsights", "DescribeEndpoints", "DescribeExport", "DescribeGlobalTable",
    "DescribeGlobalTableSettings", "DescribeImport", "DescribeKinesisStreamingDestination",
    "DescribeLimits", "DescribeTable", "DescribeTableReplicaAutoScaling", "DescribeTimeToLive",
    "GetResourcePolicy", "ListBackups", "ListBulkOperations", "ListContributorInsights",
    "ListExports", "ListGlobalTables", "ListImports", "ListTables", "ListTagsOfResource",
    "SearchVectors",  # a similarity search of a vector index: returns items, writes none
    # DynamoDB Streams: its whole API.
    "DescribeStream", "GetRecords", "GetShardIterator", "ListStreams",
})
_PARTIQL_OPERATIONS = frozenset({"ExecuteStatement", "BatchExecuteStatement", "ExecuteTransaction"})
#: What a read-only refusal of a write tells to do (a production connection says its own).
WRITABLE_ADVICE = "Open a writable connection to change data."
_WRITE_WORDS = frozenset({"INSERT", "UPDATE", "DELETE", "UPSERT", "REPLACE"})
#: What opens a literal the comment and ``;`` scans skip: a string, a quoted name, an Ion value.
_QUOTES = "'\"`"


def is_read_operation(operation: str) -> bool:
    """True for API operations known not to change data or tables."""
    return operation in _READ_ONLY_OPERATIONS


def partiql_has_comment(statement: str) -> bool:
    """True if a PartiQL statement holds a comment (``--`` or ``/*``) outside its quotes
    (strings, quoted names and backtick Ion literals, read as ``partiql_lexer`` reads them).

    An unterminated quote counts as a comment too: what follows it cannot be read safely.
    """
    quote: str | None = None
    i = 0
    while i < len(statement):
        ch = statement[i]
        if quote is not None:
            if ch == quote:
                # A doubled quote ('' or "") is an escaped quote inside the literal; a backtick
                # literal ends at its next backtick, as the lexer ends it.
                if quote != "`" and statement[i + 1:i + 2] == quote:
                    i += 2
                    continue
                quote = None
        elif ch in _QUOTES:
            quote = ch
        elif statement[i:i + 2] in ("--", "/*"):
            return True
        i += 1
    return quote is not None


def _has_second_statement(statement: str) -> bool:
    """True if a ``;`` outside quotes (strings, quoted names, backtick Ion literals) is
    followed by more text (a second statement)."""
    quote: str | None = None
    for i, ch in enumerate(statement):
        if quote is not None:
            if ch == quote:
                quote = None  # a doubled quote reopens at once on the next character
        elif ch in _QUOTES:
            quote = ch
        elif ch == ";" and statement[i + 1:].strip(WHITESPACE):
            return True
    return False


def _character_name(ch: str) -> str:
    name = unicodedata.name(ch, "")
    return f"U+{ord(ch):04X} {name}" if name else f"U+{ord(ch):04X}, a control character"


def partiql_form_problem(statement: str) -> tuple[str, str] | None:
    """(why DynamoDB would refuse this statement's spacing or ending, as a clause: "has ...",
    "ends with ..."; what to do), or None when it has neither problem.

    DynamoDB's rule, checked on DynamoDB Local: whitespace is space, tab, line feed, vertical
    tab, form feed and carriage return, nothing else; a statement may end with one ``;``
    followed by whitespace (or comments), never ``;;``.
    """
    at = stray_character(statement)
    if at is not None:
        before = statement[:at]
        line, column = before.count("\n") + 1, at - (before.rfind("\n") + 1) + 1
        return (f"has {_character_name(statement[at])} at line {line}, column {column}, which "
                "DynamoDB does not take as a space (only spaces, tabs and line breaks)",
                "Type a plain space there (or delete it) and run the SELECT again.")
    found = [t for t in scan(statement)[0] if t.kind != COMMENT]
    semicolons = [i for i, t in enumerate(found) if t.kind == OPERATOR and t.text == ";"]
    if len(semicolons) > 1 and semicolons[0] == len(found) - len(semicolons):
        return ("ends with more than one ; (DynamoDB takes one at most)",
                "Remove the extra ; and run the SELECT again.")
    return None


def partiql_is_read(statement: str) -> bool:
    """True if a PartiQL statement is one plain SELECT.

    A comment anywhere (outside quotes) makes it not a read: comments are never stripped
    to look behind them, because a comment is the easiest way to dress a write up as a
    SELECT, and a read-only connection must not guess.
    """
    if (partiql_has_comment(statement) or _has_second_statement(statement)
            or partiql_form_problem(statement) is not None):
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
    # Before it: DynamoDB's whitespace and opening parentheses only (no BOM, no other space).
    if statement[:first.start].strip(WHITESPACE + "("):
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
    listed = params.get(key, [])
    # An entry that is not a statement object is read as an empty statement: refused, not skipped.
    return [str(s.get("Statement", "")) if isinstance(s, Mapping) else ""
            for s in (listed if isinstance(listed, list) else [])]


def _without_comments(statement: str) -> str:
    found = scan(statement)[0]
    out, at = [], 0
    for token in found:
        if token.kind == COMMENT:
            out += [statement[at:token.start], " "]
            at = token.end
    return ("".join(out) + statement[at:]).strip(WHITESPACE)


def _invisible(token: Token) -> bool:
    return token.kind == OPERATOR and unicodedata.category(token.text[0]) in ("Cf", "Cc")


def _code_after_semicolon(statement: str) -> bool:
    """True if a word or value follows the first ``;`` (more ``;`` and invisible characters
    aside): a second statement, which a refusal names before any spacing problem."""
    found = [t for t in scan(statement)[0] if t.kind != COMMENT]
    first = next((i for i, t in enumerate(found) if t.kind == OPERATOR and t.text == ";"), None)
    return first is not None and any(not (t.text == ";" or _invisible(t)) for t in found[first + 1:])


def _first_word(statement: str) -> str:
    # Past comments, ( and invisible characters: a BOM before DELETE still makes a DELETE.
    first = next((t.text for t in scan(statement)[0] if t.kind != COMMENT
                  and not (t.kind == OPERATOR and t.text == "(") and not _invisible(t)), "")
    return first if len(first) <= 20 else first[:19] + "…"


def malformed_select(statement: str) -> tuple[str, str] | None:
    """``partiql_form_problem`` of a statement that is otherwise one SELECT (SELECT its first
    word, nothing after its ``;``): a harmless read DynamoDB would refuse as malformed, to be
    said as such, never as a write. None for any other statement."""
    form = partiql_form_problem(statement)
    if form is None or _code_after_semicolon(statement):
        return None
    word = _first_word(statement)
    return form if word.isascii() and word.upper() == "SELECT" else None


def _why_not_a_read(statement: str, where: str) -> tuple[str, str]:
    """(why ``statement`` is not one plain SELECT, what to do), for a refusal's sentence."""
    if partiql_has_comment(statement) and partiql_is_read(_without_comments(statement)):
        return (f"{where} has a comment (-- or /* */), and a comment can hide a write",
                "Remove the comments and run the SELECT again.")
    form = malformed_select(statement)
    if form is not None:
        return f"{where} {form[0]}", form[1]
    word = _first_word(statement)
    upper = word.upper() if word.isascii() else ""
    if upper in _WRITE_WORDS:
        return f"{where} is {'an' if upper[0] in 'AEIOU' else 'a'} {upper}, which writes", ""
    if upper == "EXISTS":
        return (f"{where} is an EXISTS condition check, which only runs in a transaction that "
                "writes", "")
    if upper == "SELECT":
        return (f"{where} is not one plain SELECT (a comment, text after its ;)",
                "Send the SELECT alone, without comments.")
    if not word:
        return f"{where} is empty", "Type a SELECT."
    return (f"{where} starts with {word!r}, not SELECT",
            "Check the spelling: only a SELECT runs on a read-only connection.")


def check_read_only(operation: str, params: Mapping[str, Any], *,
                    production_note: str | None = None) -> None:
    """Raise ReadOnlyError if this call could write. Called before anything is sent.

    ``production_note``: a production connection's own sentence on how to write, said in
    place of ``WRITABLE_ADVICE`` (opening another connection is not how it is done there).
    """
    if is_read_operation(operation):
        return
    writes_advice = production_note or WRITABLE_ADVICE
    if operation in _PARTIQL_OPERATIONS:
        statements = _partiql_statements(operation, params)
        if statements and all(partiql_is_read(s) for s in statements):
            return
        if not statements:
            raise ReadOnlyError(
                f"This connection is read-only: the PartiQL {operation} holds no statement, so it "
                f"was not sent. {writes_advice}")
        single = len(statements) == 1
        reasons = [_why_not_a_read(s, "the statement" if single else
                                   f"statement {i} of {len(statements)}")
                   for i, s in enumerate(statements, 1) if not partiql_is_read(s)]
        # A write is said before a comment: removing the comments would not make it a read.
        why, advice = next((r for r in reasons if not r[1]), reasons[0])
        if not advice:
            advice = writes_advice
        elif production_note:
            advice = f"{advice} {production_note}"
        raise ReadOnlyError(f"This connection is read-only: {why}, so the PartiQL {operation} "
                            f"was not sent. {advice}")
    raise ReadOnlyError(
        f"This connection is read-only: {operation} writes, so it was not sent. {writes_advice}")
