"""PartiQL for DynamoDB: typed ``?`` parameters, and SELECT pages through NextToken.

The statement's text (lexer, comments, ``?`` count, target table) is
``partiql_statements``'s; this module turns a statement and its values into a request,
before anything is sent, and pages through the answer.

Only SELECT is sent from here. PartiQL INSERT, UPDATE and DELETE would write without the
transaction builder's preview and lock preflight, so they are refused with a sentence that
points to the builder (and, on a read-only connection, says it is one). The rule is the
session guard's own (``operations.partiql_is_read``), which refuses them on the wire too.
"""

from __future__ import annotations

import contextlib
import json
import threading
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from dynoview.core.errors import CancelledError, DynoViewError, ReadOnlyError
from dynoview.core.reads.partiql_statements import parameter_count, statement_target, strip_comments
from dynoview.core.reads.reader import Page, Reader, check_consistency
from dynoview.core.session.operations import malformed_select, partiql_is_read
from dynoview.core.session.partiql_lexer import IN_COMMENT, OPERATOR, scan, tokens
from dynoview.core.session.tables import TableInfo
from dynoview.core.values.display import display_text
from dynoview.core.values.dynamodb_json import from_dynamodb_json, to_dynamodb_json
from dynoview.core.values.plain import from_plain
from dynoview.core.values.types import TYPE_CODES, ValueParseError, empty_map_key, escaped, type_code
from dynoview.core.values.user_text import parse_value

# ---------------------------------------------------------------------------- parameters

#: The value kinds the editor's parameter list offers: a DynamoDB type, typed as the app's
#: value editor takes it, or a whole typed value in DynamoDB JSON.
DYNAMODB_JSON = "DynamoDB JSON"
PARAMETER_KINDS = ("S", "N", "B", "BOOL", "NULL", "SS", "NS", "BS", "L", "M", DYNAMODB_JSON)
#: DynamoDB refuses a longer statement, counted in UTF-8 bytes (ValidationException "Member
#: must have length less than or equal to 8192"); botocore does not check it before sending.
MAX_STATEMENT_BYTES = 8192
#: The most items ExecuteStatement evaluates per request (its Limit).
MAX_PAGE_SIZE = 10_000


def _json(text: str, example: str) -> Any:
    try:
        return json.loads(text, parse_float=Decimal, parse_int=Decimal)
    except json.JSONDecodeError as exc:
        raise ValueParseError(f"This is not valid JSON: {exc.msg} at column {exc.colno}. "
                              f"Type {example}.") from None
    except RecursionError:
        raise ValueParseError("This JSON is nested too deeply for DynamoDB.") from None


def check_map_keys(av: dict[str, Any]) -> dict[str, Any]:
    """``av``, or ``ValueParseError`` naming where a map in it has an empty key: DynamoDB
    refuses the whole request ("Empty attribute name"), so it is said at the value instead."""
    where = empty_map_key(av, "")
    if where is None:
        return av
    inner = escaped(where.removeprefix("."))  # "" (the value itself), "a.b", "[0].c"
    at = f"The map at {inner} in this value" if inner else "This map"
    raise ValueParseError(f"{at} has an empty key, which DynamoDB refuses; name the attribute.")


def parse_parameter(kind: str, text: str) -> dict[str, Any]:
    """A ``?`` value from the editor: ``kind`` a DynamoDB type (text as the value editor takes
    it) or ``DYNAMODB_JSON`` (a typed value such as ``{"S": "ada@lovelace.io"}``)."""
    if kind == DYNAMODB_JSON:
        # Numbers in the JSON stay exact (Decimal); the strict parser then asks for N as strings.
        typed = _json(text, 'a typed value such as {"S": "ada@lovelace.io"} or {"N": "42"}')
        return check_map_keys(from_dynamodb_json(typed))
    return check_map_keys(parse_value(kind, text))


def parse_cli_parameter(text: str) -> dict[str, Any]:
    """``--param JSON``: a typed value in DynamoDB JSON (``{"S": "x"}``, ``{"N": "1"}``), or any
    other JSON as plain JSON (``"x"`` a string, ``42`` a number, exact; ``[...]`` a list)."""
    obj = _json(text, '{"S": "text"}, {"N": "42"} or plain JSON such as "text" or 42')
    if isinstance(obj, dict) and len(obj) == 1 and next(iter(obj)) in TYPE_CODES:
        return check_map_keys(from_dynamodb_json(obj))
    return check_map_keys(from_plain(obj))


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
READ_ONLY_TOO = ("This connection is read-only as well, so the builder would refuse the change "
                 "too: open a writable connection first.")
PRODUCTION_TOO = ("This production connection is read-only as well: the builder sends the change "
                  "once Write mode… in the window's status bar is on, with the account id typed.")


@dataclass(frozen=True)
class StatementSpec:
    """What the user asked to run: the statement as typed, its ``?`` values, the read mode."""

    statement: str
    parameters: tuple[dict[str, Any], ...] = ()
    consistent: bool = False
    page_size: int | None = None  # ExecuteStatement's Limit: items evaluated per request


def _not_a_read(text: str) -> str:
    """Why ``text`` (not one plain SELECT) is not sent: a write, or a word that is not SELECT."""
    # Past ( and invisible characters (a BOM): what the statement is, not what hides before it.
    first = next((t.text for t in tokens(text)
                  if not (t.kind == OPERATOR and (t.text == "(" or not t.text.isprintable()))), "")
    if first.upper() in ("SELECT", "INSERT", "UPDATE", "DELETE"):
        return WRITE_REFUSED
    shown = first if len(first) <= 20 else first[:19] + "…"
    return (f"The statement starts with {shown!r}, not SELECT: only a SELECT runs here (check the "
            "spelling). Writes go through the transaction builder (or dynoview transact).")


def prepare(spec: StatementSpec, *, read_only: bool, table: TableInfo | None = None,
            production: bool = False) -> dict[str, Any]:
    """The ExecuteStatement request for ``spec``, or a ``DynoViewError`` located at the field
    to fix ("statement", "parameters", "consistency", "page_size") before anything is sent.

    ``table`` (the statement's target, when known) lets a strong read of a GSI be refused
    here, as the Items tab does, instead of by DynamoDB (``strong_index_table`` names the table
    to describe when it is not known). ``production``: a read-only
    connection's refusal of a write says how production writes (Write mode…).
    """
    if scan(spec.statement)[1] == IN_COMMENT:  # stripped, the rest would go unseen
        raise DynoViewError("A /* comment is never closed: everything after it would be left out "
                            "of the statement sent. Close it with */, or remove it.", field="statement")
    text = strip_comments(spec.statement)
    if not text:
        raise DynoViewError('Type a statement, e.g. SELECT * FROM "accounts" WHERE PK = ?',
                            field="statement")
    size = len(text.encode("utf-8", "surrogatepass"))
    if size > MAX_STATEMENT_BYTES:
        raise DynoViewError(f"The statement is {size:,} bytes; DynamoDB takes at most "
                            f"{MAX_STATEMENT_BYTES:,} and would refuse it, so it was not sent. Shorten "
                            "it: a long value can go in a ? placeholder, given below.", field="statement")
    request: dict[str, Any] = {"Statement": text, "ConsistentRead": spec.consistent}
    # A SELECT with a no-break space or ;; in it: DynamoDB would refuse it, so say it here
    # (the trimmed ends aside, the statement is sent as typed, never respaced behind the user).
    form = malformed_select(text)
    if form is not None:
        raise DynoViewError(f"The statement {form[0]}, so it was not sent. {form[1]}",
                            field="statement")
    # The session guard's own rule (one plain SELECT), said as this tab would on any connection:
    # the guard's "open a writable connection" would not make a write run here.
    if not partiql_is_read(text):
        message = _not_a_read(text)
        if read_only and message == WRITE_REFUSED:
            raise ReadOnlyError(f"{message} {PRODUCTION_TOO if production else READ_ONLY_TOO}",
                                field="statement")
        raise DynoViewError(message, field="statement")
    wanted = parameter_count(text)
    if wanted != len(spec.parameters):
        given = len(spec.parameters)
        raise DynoViewError(
            f"The statement has {wanted} ? placeholder{'s' if wanted != 1 else ''} and "
            f"{given} value{'s are' if given != 1 else ' is'} given: give one value per ?, in order.",
            field="parameters")
    for position, av in enumerate(spec.parameters, 1):  # values not typed in the editor, too
        try:
            check_map_keys(av)
        except ValueParseError as exc:
            raise DynoViewError(f"?{position}: {exc.message}", field="parameters") from None
    if spec.page_size is not None and not 1 <= spec.page_size <= MAX_PAGE_SIZE:
        raise DynoViewError(f"The page size is 1 to {MAX_PAGE_SIZE:,} items.", field="page_size")
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


def strong_index_table(spec: StatementSpec) -> str | None:
    """The table to describe before sending ``spec`` when its description is not at hand: a
    strong read of ``"T"."index"``, which ``prepare`` refuses for a GSI once T is described."""
    if not spec.consistent:
        return None
    target = statement_target(strip_comments(spec.statement))
    return target[0] if target is not None and target[1] else None


class StatementCursor:
    """Pages through a SELECT with NextToken, every request through the Reader (a receipt each).

    Like a Scan's, ExecuteStatement's ``Limit`` counts items *evaluated*, before the WHERE
    filter: a page can come back empty with a NextToken while more matches follow, so
    ``next_page`` keeps reading until it has ``want`` items or the answer ends.

    As ``PageCursor``'s, ``read_page`` does not move and ``advance`` moves past a page once the
    caller took it: a page the view dropped (cancelled) is read again, never skipped.
    """

    def __init__(self, reader: Reader, request: Mapping[str, Any]) -> None:
        self.reader = reader
        self.request = dict(request)
        self.next_token: str | None = None
        self.exhausted = False
        self.total_items = 0
        self.requests = 0  # of the pages taken
        self._step = 0  # pages taken: a page read from an older position is not taken
        self._token = object()  # this cursor's, in its pages: another cursor's page is not taken
        self._lock = threading.Lock()  # the position is read in a worker, moved on the UI thread

    def next_page(self, want: int | None = None, cancel: threading.Event | None = None) -> Page:
        """``read_page``, taken at once (for a caller that uses every page it reads)."""
        page = self.read_page(want, cancel)
        self.advance(page)
        return page

    def advance(self, page: Page) -> bool:
        """Move past ``page``, read by ``read_page`` from the current position; False (and
        no move) for a page read from another position or by another cursor."""
        with self._lock:
            if page.origin != (self._token, self._step):
                return False
            self.next_token, self.exhausted = page.after, page.exhausted
            self._step += 1
            self.total_items += len(page.items)
            self.requests += page.requests
            return True

    def read_page(self, want: int | None = None, cancel: threading.Event | None = None) -> Page:
        """Read until the page holds ``want`` items or the answer ends; the cursor does not
        move (``advance(page)`` moves it)."""
        want = want if want is not None else int(self.request.get("Limit") or 100)
        items: list[dict[str, Any]] = []
        requests = 0
        receipts = []
        # Only ``advance`` moves the position: a failed, cancelled or dropped page is read
        # again from the same token, so no item is lost or shown twice.
        with self._lock:
            origin, token, exhausted = (self._token, self._step), self.next_token, self.exhausted
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
        return Page(items, len(items), requests, exhausted, receipts, after=token, origin=origin)

    def pages(self, want: int | None = None,
              cancel: threading.Event | None = None) -> Iterator[Page]:
        while not self.exhausted:
            yield self.next_page(want, cancel)
