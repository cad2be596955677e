"""PartiQL for DynamoDB: a lexer, typed ``?`` parameters, and SELECT pages through NextToken.

One lexer serves the editor's highlighting (line by line, with the state a block comment
or a string carries to the next line), counting ``?`` parameters, finding the table a
statement reads, and dropping comments before a statement is sent: comments are the
user's notes, DynamoDB gets the statement alone, and the read-only guard never has to
guess what a comment hides.

Only SELECT is sent from here. PartiQL INSERT, UPDATE and DELETE would write without the
transaction builder's preview and lock preflight, so they are refused with a sentence that
points to the builder; on a read-only connection the session's own guard
(``connection.check_read_only``) refuses them first.
"""

from __future__ import annotations

import contextlib
import json
import re
import threading
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import TYPE_CHECKING, Any

from dynoview.core.errors import CancelledError, DynoViewError, ReadOnlyError
from dynoview.core.expressions.parser import is_reserved
from dynoview.core.session.connection import check_read_only, partiql_is_read
from dynoview.core.values.attributes import (
    TYPE_CODES,
    ValueParseError,
    display_text,
    from_dynamodb_json,
    from_plain,
    parse_value,
    to_dynamodb_json,
    type_code,
)

if TYPE_CHECKING:
    from dynoview.core.reads.reader import Page, Reader
    from dynoview.core.session.tables import TableInfo

# ---------------------------------------------------------------------------- lexer

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


# ---------------------------------------------------------------------------- parameters

#: The value kinds the editor's parameter list offers: a DynamoDB type, typed as the app's
#: value editor takes it, or a whole typed value in DynamoDB JSON.
DYNAMODB_JSON = "DynamoDB JSON"
PARAMETER_KINDS = ("S", "N", "B", "BOOL", "NULL", "SS", "NS", "BS", "L", "M", DYNAMODB_JSON)


def _json(text: str, example: str) -> Any:
    try:
        return json.loads(text, parse_float=Decimal, parse_int=Decimal)
    except json.JSONDecodeError as exc:
        raise ValueParseError(f"This is not valid JSON: {exc.msg} at column {exc.colno}. "
                              f"Type {example}.") from None
    except RecursionError:
        raise ValueParseError("This JSON is nested too deeply for DynamoDB.") from None


def parse_parameter(kind: str, text: str) -> dict[str, Any]:
    """A ``?`` value from the editor: ``kind`` a DynamoDB type (text as the value editor takes
    it) or ``DYNAMODB_JSON`` (a typed value such as ``{"S": "ada@lovelace.io"}``)."""
    if kind == DYNAMODB_JSON:
        # Numbers in the JSON stay exact (Decimal); the strict parser then asks for N as strings.
        return from_dynamodb_json(_json(text, 'a typed value such as {"S": "ada@lovelace.io"} '
                                              'or {"N": "42"}'))
    return parse_value(kind, text)


def parse_cli_parameter(text: str) -> dict[str, Any]:
    """``--param JSON``: a typed value in DynamoDB JSON (``{"S": "x"}``, ``{"N": "1"}``), or any
    other JSON as plain JSON (``"x"`` a string, ``42`` a number, exact; ``[...]`` a list)."""
    obj = _json(text, '{"S": "text"}, {"N": "42"} or plain JSON such as "text" or 42')
    if isinstance(obj, dict) and len(obj) == 1 and next(iter(obj)) in TYPE_CODES:
        return from_dynamodb_json(obj)
    return from_plain(obj)


def parameter_text(av: Mapping[str, Any]) -> tuple[str, str]:
    """(kind, text) that ``parse_parameter`` turns back into ``av`` (history re-runs)."""
    code = type_code(av)
    if code in ("S", "N"):
        return code, str(av[code])
    if code == "BOOL":
        return code, "true" if av[code] else "false"
    if code == "NULL":
        return code, ""
    return DYNAMODB_JSON, json.dumps(to_dynamodb_json(av), ensure_ascii=False)


def describe_parameters(parameters: Sequence[Mapping[str, Any]]) -> str:
    """"?1 = ada@lovelace.io (S)" lines for a history entry or a status line."""
    return ", ".join(f"?{i} = {display_text(av, limit=40)} ({type_code(av)})"
                     for i, av in enumerate(parameters, 1))


# ---------------------------------------------------------------------------- requests

WRITE_REFUSED = (
    "Only SELECT runs here: INSERT, UPDATE and DELETE would write without the transaction "
    "builder's preview and lock preflight, so this statement was not sent. Make the change in the "
    "transaction builder (or with dynoview transact).")


@dataclass(frozen=True)
class StatementSpec:
    """What the user asked to run: the statement as typed, its ``?`` values, the read mode."""

    statement: str
    parameters: tuple[dict[str, Any], ...] = ()
    consistent: bool = False
    page_size: int | None = None  # ExecuteStatement's Limit: items evaluated per request


def prepare(spec: StatementSpec, *, read_only: bool, table: TableInfo | None = None) -> dict[str, Any]:
    """The ExecuteStatement request for ``spec``, or a ``DynoViewError`` located at the field
    to fix ("statement", "parameters", "consistency", "page_size") before anything is sent.

    ``table`` (the statement's target, when known) lets a strong read of a GSI be refused
    here, as the Items tab does, instead of by DynamoDB.
    """
    from dynoview.core.reads.reader import check_consistency  # reads imports this module lazily

    text = strip_comments(spec.statement)
    if not text:
        raise DynoViewError('Type a statement, e.g. SELECT * FROM "accounts" WHERE PK = ?',
                            field="statement")
    request: dict[str, Any] = {"Statement": text, "ConsistentRead": spec.consistent}
    if read_only:
        try:  # the session guard's own rule, so the editor says what the session would
            check_read_only("ExecuteStatement", request)
        except ReadOnlyError as exc:
            raise ReadOnlyError(exc.message, field="statement") from None
    if not partiql_is_read(text):
        raise DynoViewError(WRITE_REFUSED, field="statement")
    wanted = parameter_count(text)
    if wanted != len(spec.parameters):
        given = len(spec.parameters)
        raise DynoViewError(
            f"The statement has {wanted} ? placeholder{'s' if wanted != 1 else ''} and "
            f"{given} value{'s are' if given != 1 else ' is'} given: give one value per ?, in order.",
            field="parameters")
    if spec.page_size is not None and not 1 <= spec.page_size <= 10_000:
        raise DynoViewError("The page size is 1 to 10,000 items.", field="page_size")
    target = statement_target(text)
    if table is not None and target is not None and target[0] == table.name and target[1]:
        # An index the table does not have (KeyError): DynamoDB's answer names it.
        with contextlib.suppress(KeyError):
            check_consistency(table, target[1], spec.consistent)
    if spec.parameters:
        request["Parameters"] = [dict(p) for p in spec.parameters]
    if spec.page_size:
        request["Limit"] = spec.page_size
    return request


class StatementCursor:
    """Pages through a SELECT with NextToken, every request through the Reader (a receipt each).

    Like a Scan's, ExecuteStatement's ``Limit`` counts items *evaluated*, before the WHERE
    filter: a page can come back empty with a NextToken while more matches follow, so
    ``next_page`` keeps reading until it has ``want`` items or the answer ends.
    """

    def __init__(self, reader: Reader, request: Mapping[str, Any]) -> None:
        self.reader = reader
        self.request = dict(request)
        self.next_token: str | None = None
        self.exhausted = False
        self.total_items = 0
        self.requests = 0

    def next_page(self, want: int | None = None, cancel: threading.Event | None = None) -> Page:
        from dynoview.core.reads.reader import Page

        want = want if want is not None else int(self.request.get("Limit") or 100)
        items: list[dict[str, Any]] = []
        requests = 0
        receipts = []
        # The position moves only once the whole page is read: a failed or cancelled page
        # is read again from the same token, so no item is lost or shown twice.
        token, exhausted = self.next_token, self.exhausted
        while not exhausted and len(items) < want:
            if cancel is not None and cancel.is_set():
                raise CancelledError("The read was cancelled.")
            req = dict(self.request)
            if token is not None:
                req["NextToken"] = token
            response, receipt = self.reader.read_with_receipt("ExecuteStatement", req)
            receipts.append(receipt)
            requests += 1
            items.extend(response.get("Items", []))
            token = response.get("NextToken")
            exhausted = not token
        self.next_token, self.exhausted = token, exhausted
        self.total_items += len(items)
        self.requests += requests
        return Page(items, len(items), requests, exhausted, receipts)

    def pages(self, want: int | None = None,
              cancel: threading.Event | None = None) -> Iterator[Page]:
        while not self.exhausted:
            yield self.next_page(want, cancel)
