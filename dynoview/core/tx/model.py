"""TransactWriteItems: the editable model, request building and import.

A ``Transaction`` is an ordered list of ``Action`` objects (Put, Update, Delete,
ConditionCheck) plus a ClientRequestToken. ``Transaction.to_request()`` builds the
low-level request the boto3 client takes; the exact bytes sent are made in
``tx.wire`` and checks before sending live in ``tx.validation``.

Imported text is read strictly (``session.user_files``): a key given twice in one object (two
``ConditionExpression``s, two action kinds in one action) is refused with its path instead of
the last one silently winning, and a file in UTF-16 or with bytes that are not UTF-8 is named
as such.
"""

from __future__ import annotations

import copy
import sys
import uuid
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from dynoview.core.errors import InputError
from dynoview.core.session.user_files import UserFileError, decode_user_text, loads_user_json, read_user_bytes
from dynoview.core.values.dynamodb_json import WrittenNumber, check_memory_binary, from_dynamodb_json
from dynoview.core.values.types import ValueParseError
from dynoview.core.values.visible_text import visible_value

if TYPE_CHECKING:  # the demo's child builds signups with this module and needs no connection
    from dynoview.core.session.connection import Connection

PUT = "Put"
UPDATE = "Update"
DELETE = "Delete"
CONDITION_CHECK = "ConditionCheck"
KINDS = (PUT, UPDATE, DELETE, CONDITION_CHECK)

#: DynamoDB refuses a TransactWriteItems with more than 100 actions.
MAX_ACTIONS = 100
#: ClientRequestToken is 1 to 36 characters.
MAX_TOKEN_LENGTH = 36
RETURN_VALUES_CHOICES = ("NONE", "ALL_OLD")

ERROR = "error"
WARNING = "warning"

# Request field names, as the API spells them, for each model field.
_API_FIELDS = {
    "table": "TableName",
    "key": "Key",
    "item": "Item",
    "update": "UpdateExpression",
    "condition": "ConditionExpression",
    "names": "ExpressionAttributeNames",
    "values": "ExpressionAttributeValues",
    "return_values": "ReturnValuesOnConditionCheckFailure",
}


#: How ``Problem.field``'s first part reads in a location ("key.PK" is "Key › PK").
FIELD_LABELS = {"item": "Item", "key": "Key", "condition": "Condition",
                "update": "Update expression", "names": "Expression names",
                "values": "Expression values", "table": "Table", "kind": "Action type",
                "return_values": "Return values on condition failure",
                "token": "Client request token", "actions": "Transaction"}
#: Fields that name the request as a whole, not a part of it.
WHOLE_REQUEST = ("json", "file")


@dataclass(frozen=True)
class Problem:
    """One thing wrong with a transaction, located at an action and a field.

    ``index`` is the 0-based action position (None for the whole transaction);
    ``field`` is a model field path such as ``item.email``, ``condition`` or
    ``values.:v0``; ``message`` is a sentence saying what to do.
    """

    index: int | None
    field: str
    message: str
    severity: str = ERROR

    @property
    def is_error(self) -> bool:
        return self.severity == ERROR

    def location(self) -> str:
        """Where, as the fields a user sees: "Action 2 › Condition", "Action 1 › Item › email",
        "Transaction" (the request as a whole) or "Client request token"."""
        head, _, rest = self.field.partition(".")
        label = FIELD_LABELS.get(head, head)
        if head in WHOLE_REQUEST:
            # A JSON or file problem is the request's own: the action (if known) says enough.
            label, rest = "", ""
        path = " › ".join(part for part in (label, rest) if part)
        if self.index is not None:
            return f"Action {self.index + 1}" + (f" › {path}" if path else "")
        return path or "Transaction"

    def to_json(self) -> dict[str, Any]:
        return {"action": None if self.index is None else self.index + 1, "field": self.field,
                "severity": self.severity, "message": self.message}


class TransactionImportError(InputError):
    """Pasted or loaded TransactWriteItems JSON that cannot become a transaction."""

    def __init__(self, problems: Sequence[Problem]) -> None:
        self.problems = list(problems)
        super().__init__("; ".join(f"{p.location()}: {p.message}" for p in self.problems))


_ATOMS = (str, bytes, bool, int, float, type(None))


def _copied(value: Any) -> Any:
    """A deep copy of a request's JSON-like parts (plain maps, lists and atoms), a few times
    faster than ``copy.deepcopy`` (an import's batch of 100 items is copied for every send);
    anything else is deep-copied as before."""
    kind = type(value)
    if kind is dict:
        return {k: _copied(v) for k, v in value.items()}
    if kind is list:
        return [_copied(v) for v in value]
    return value if kind in _ATOMS else copy.deepcopy(value)


def new_token() -> str:
    """A fresh ClientRequestToken (DynamoDB allows up to 36 characters)."""
    return str(uuid.uuid4())


@dataclass
class Action:
    """One TransactWriteItems action, in the low-level attribute-value form."""

    kind: str
    table: str
    key: dict[str, Any] = field(default_factory=dict)  # Update, Delete, ConditionCheck
    item: dict[str, Any] = field(default_factory=dict)  # Put
    update: str = ""  # UpdateExpression (Update only)
    condition: str = ""  # ConditionExpression (required for ConditionCheck)
    names: dict[str, str] = field(default_factory=dict)
    values: dict[str, Any] = field(default_factory=dict)
    return_values: str = "NONE"  # ReturnValuesOnConditionCheckFailure
    label: str = ""  # a note for people ("email lock"); never sent
    #: A Delete of an item the user was shown: the names of the attributes it held then (key
    #: included); None: not known. Never sent: DynamoDB has no condition for "no attribute besides
    #: these", so the preflight refuses the Delete when the item holds one more (``preflight.unseen``).
    seen: tuple[str, ...] | None = None

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"{self.kind!r} is not a transaction action; use one of {', '.join(KINDS)}.")

    def copy(self) -> Action:
        return copy.deepcopy(self)

    def target_key(self, key_names: Sequence[str] | None = None) -> dict[str, Any]:
        """The primary key of the item this action touches.

        For a Put that is the key attributes of its item; without the table's key
        names, PK/SK-style guessing is avoided by taking the whole item's keys
        listed in ``key_names`` only when given, else the item itself.
        """
        if self.kind != PUT:
            return dict(self.key)
        if key_names:
            return {k: self.item[k] for k in key_names if k in self.item}
        return dict(self.item)

    def to_request(self) -> dict[str, Any]:
        """This action as one element of ``TransactItems`` (empty optional fields left out)."""
        body: dict[str, Any] = {"TableName": self.table}
        if self.kind == PUT:
            body["Item"] = self.item
        else:
            body["Key"] = self.key
        if self.kind == UPDATE:
            body["UpdateExpression"] = self.update
        if self.condition:
            body["ConditionExpression"] = self.condition
        if self.names:
            body["ExpressionAttributeNames"] = self.names
        if self.values:
            body["ExpressionAttributeValues"] = self.values
        if self.return_values and self.return_values != "NONE":
            body["ReturnValuesOnConditionCheckFailure"] = self.return_values
        return {self.kind: _copied(body)}

    def summary(self) -> str:
        """One line for lists and logs: "Put accounts PK=UNIQ#EMAIL#ada@lovelace.io". Names and
        values are quoted as ``visible_value`` shows them (a line break as ``\\n``, a backslash
        as ``\\\\``), so two different keys never read alike and none breaks the line."""
        key = self.item if self.kind == PUT else self.key
        shown = []
        for name, av in list(key.items())[:2]:
            if isinstance(av, Mapping) and len(av) == 1:
                (_code, member), = av.items()
                value = visible_value(member) if isinstance(member, str) else member
                shown.append(f"{visible_value(str(name))}={value}")
        text = f"{self.kind} {visible_value(self.table) if self.table else '(no table)'} " + ", ".join(shown)
        return f"{text} ({visible_value(self.label)})" if self.label else text


@dataclass
class Transaction:
    """An ordered list of actions and the token that makes resending it idempotent."""

    actions: list[Action] = field(default_factory=list)
    token: str = field(default_factory=new_token)

    def add(self, action: Action, index: int | None = None) -> int:
        """Insert an action (at the end by default) and return its position."""
        if index is None:
            self.actions.append(action)
            return len(self.actions) - 1
        self.actions.insert(index, action)
        return index

    def remove(self, index: int) -> Action:
        return self.actions.pop(index)

    def move(self, index: int, to: int) -> int:
        """Move an action to another position (clamped) and return where it landed.

        Order matters: CancellationReasons come back positionally.
        """
        to = max(0, min(to, len(self.actions) - 1))
        action = self.actions.pop(index)
        self.actions.insert(to, action)
        return to

    def regenerate_token(self) -> str:
        self.token = new_token()
        return self.token

    def copy(self) -> Transaction:
        return copy.deepcopy(self)

    def to_request(self) -> dict[str, Any]:
        """The low-level TransactWriteItems request, as ``client.transact_write_items(**r)`` takes."""
        return {"TransactItems": [a.to_request() for a in self.actions],
                "ClientRequestToken": self.token}

    @classmethod
    def from_request(cls, request: Any) -> Transaction:
        """Build a transaction from a low-level request (values already in memory form)."""
        return parse_request(request, dynamodb_json=False)


def _fail(problems: list[Problem], index: int | None, fld: str, message: str) -> None:
    problems.append(Problem(index, fld, message))


def _values_map(raw: Any, index: int, fld: str, problems: list[Problem], dynamodb_json: bool,
                ) -> dict[str, Any]:
    if not isinstance(raw, Mapping):
        _fail(problems, index, fld, f"{_API_FIELDS[fld]} must be a JSON object of attribute names "
              "to typed values, such as {\"PK\": {\"S\": \"ACCT#1\"}}.")
        return {}
    out: dict[str, Any] = {}
    for name, av in raw.items():
        if not dynamodb_json:
            # Memory form: its values are checked as DynamoDB checks them by ``validate`` (at
            # the field, on every refresh), but a binary held as text cannot even be shown.
            try:
                check_memory_binary(av, str(name))
            except ValueParseError as exc:
                _fail(problems, index, f"{fld}.{exc.path or name}", exc.message)
                continue
            out[str(name)] = copy.deepcopy(av)
            continue
        try:
            # A placeholder value is measured alone, one level above an attribute (core.tx.nesting).
            out[str(name)] = from_dynamodb_json(av, str(name), 0 if fld == "values" else 1)
        except ValueParseError as exc:
            _fail(problems, index, f"{fld}.{exc.path or name}", exc.message)
    return out


def _parse_action(raw: Any, index: int, problems: list[Problem], dynamodb_json: bool) -> Action | None:
    if not isinstance(raw, Mapping) or len(raw) != 1:
        _fail(problems, index, "kind", "Each action is an object with exactly one key: Put, Update, "
              "Delete or ConditionCheck.")
        return None
    ((kind, body),) = raw.items()
    if kind not in KINDS:
        _fail(problems, index, "kind", f"{kind!r} is not a transaction action; use Put, Update, "
              "Delete or ConditionCheck.")
        return None
    if not isinstance(body, Mapping):
        _fail(problems, index, "kind", f"The {kind} action must be a JSON object.")
        return None
    known = {"TableName", "Key", "Item", "UpdateExpression", "ConditionExpression",
             "ExpressionAttributeNames", "ExpressionAttributeValues",
             "ReturnValuesOnConditionCheckFailure"}
    for extra in body:
        if extra not in known:
            _fail(problems, index, str(extra), f"{extra!r} is not a field of a {kind} action; remove it.")
    action = Action(kind=kind, table=str(body.get("TableName", "")))
    if not isinstance(body.get("TableName", ""), str):
        _fail(problems, index, "table", "TableName must be a string.")
    if kind == PUT:
        action.item = _values_map(body.get("Item", {}), index, "item", problems, dynamodb_json)
    else:
        action.key = _values_map(body.get("Key", {}), index, "key", problems, dynamodb_json)
    for api, attr in (("UpdateExpression", "update"), ("ConditionExpression", "condition")):
        value = body.get(api, "")
        if not isinstance(value, str):
            _fail(problems, index, attr, f"{api} must be a string.")
        else:
            setattr(action, attr, value)
    names = body.get("ExpressionAttributeNames", {})
    if not isinstance(names, Mapping) or not all(isinstance(v, str) for v in names.values()):
        _fail(problems, index, "names", "ExpressionAttributeNames must map #placeholders to "
              "attribute-name strings.")
    else:
        action.names = {str(k): v for k, v in names.items()}
    action.values = _values_map(body.get("ExpressionAttributeValues", {}), index, "values", problems,
                                dynamodb_json)
    # DynamoDB refuses these when present but empty; the model would leave them out of the
    # request, so the import says so rather than change the request silently.
    if body.get("ConditionExpression") == "":
        _fail(problems, index, "condition", "ConditionExpression is empty, which DynamoDB refuses; "
              "write a condition or remove the field.")
    for api, fld in (("ExpressionAttributeNames", "names"), ("ExpressionAttributeValues", "values")):
        if isinstance(body.get(api), Mapping) and not body[api]:
            _fail(problems, index, fld, f"{api} is empty, which DynamoDB refuses; remove it.")
    rv = body.get("ReturnValuesOnConditionCheckFailure", "NONE")
    if rv not in RETURN_VALUES_CHOICES:
        _fail(problems, index, "return_values",
              f"ReturnValuesOnConditionCheckFailure is NONE or ALL_OLD, not {rv!r}.")
    else:
        action.return_values = rv
    return action


def parse_request(obj: Any, *, dynamodb_json: bool = True) -> Transaction:
    """Turn a TransactWriteItems request into a Transaction, every problem located.

    Accepts ``{"TransactItems": [...], "ClientRequestToken": "..."}`` or the bare
    list, as the AWS CLI, the console and the SDKs write them. With
    ``dynamodb_json`` values are DynamoDB JSON (binary as base64) and are checked;
    otherwise they are in memory form already. Raises ``TransactionImportError``.
    """
    problems: list[Problem] = []
    token: str | None = None
    if isinstance(obj, Mapping):
        unknown = [k for k in obj if k not in {"TransactItems", "ClientRequestToken",
                                               "ReturnConsumedCapacity",
                                               "ReturnItemCollectionMetrics"}]
        for key in unknown:
            _fail(problems, None, str(key), f"{key!r} is not part of a TransactWriteItems request; "
                  "remove it.")
        items = obj.get("TransactItems")
        if items is None:
            _fail(problems, None, "actions", "The request has no TransactItems list; paste "
                  "{\"TransactItems\": [...]} or the bare list of actions.")
            items = []
        raw_token = obj.get("ClientRequestToken")
        if raw_token is not None:
            if isinstance(raw_token, str):
                token = raw_token
            else:
                _fail(problems, None, "token", "ClientRequestToken must be a string.")
    elif isinstance(obj, list):
        items = obj
    else:
        raise TransactionImportError([Problem(None, "actions", "Paste a JSON object with TransactItems, "
                                              "or the bare list of actions.")])
    if not isinstance(items, list):
        _fail(problems, None, "actions", "TransactItems must be a list of actions.")
        items = []
    actions = []
    for index, raw in enumerate(items):
        action = _parse_action(raw, index, problems, dynamodb_json)
        if action is not None:
            actions.append(action)
    if problems:
        raise TransactionImportError(problems)
    tx = Transaction(actions=actions)
    if token is not None:
        tx.token = token
    return tx


def import_text(text: str) -> Transaction:
    """Parse pasted TransactWriteItems JSON text (DynamoDB JSON, binary as base64)."""
    if not text.strip():
        raise TransactionImportError([Problem(None, "actions", "Paste a TransactWriteItems JSON "
                                              "request first.")])
    try:
        # Numbers kept as written: an unquoted one is refused with itself quoted, every digit kept.
        obj = loads_user_json(text, "This request", parse_float=WrittenNumber, parse_int=WrittenNumber)
    except UserFileError as exc:
        raise TransactionImportError([_json_problem(exc)]) from None
    return parse_request(obj)


def _json_problem(exc: UserFileError) -> Problem:
    """A strict-JSON refusal as a Problem, at the action a repeated key sits in."""
    message = exc.message
    if "nested far too deeply" in message:
        message += " DynamoDB allows 32 levels."
    elif exc.path is None:
        message += " Fix it and try again."
    index: int | None = None
    where = exc.path or ""
    for prefix in ("$.TransactItems[", "$["):
        if where.startswith(prefix) and "]" in where:
            number = where[len(prefix):where.index("]")]
            if number.isdigit():
                index = int(number)
            break
    return Problem(index, "json" if exc.path else "actions", message)


def read_request_text(path: str | Path, *, what: str = "The request file") -> str:
    """The text of a request file (``-``: standard input), UTF-8 with or without a byte-order
    mark; a missing file, a folder, UTF-16 or bytes that are not UTF-8 raise
    ``TransactionImportError`` with a sentence that names the file and what to do."""
    try:
        if str(path) == "-":
            return decode_user_text(sys.stdin.buffer.read(), "The request on standard input")
        data = read_user_bytes(path, what)
        return decode_user_text(data, f"{what} {path}")
    except UserFileError as exc:
        raise TransactionImportError([Problem(None, "file", exc.message)]) from None


def signup_request(
    table: str,
    account_item: Mapping[str, Any],
    lock_keys: list[Mapping[str, Any]],
    *,
    pk_name: str = "PK",
    token: str | None = None,
) -> dict[str, Any]:
    """The article's signup: Put the account and one lock per protected value,
    every Put guarded by attribute_not_exists so a taken value cancels the lot."""
    guard = {
        "ConditionExpression": "attribute_not_exists(#pk)",
        "ExpressionAttributeNames": {"#pk": pk_name},
    }
    items: list[dict[str, Any]] = [{"Put": {"TableName": table, "Item": dict(account_item), **guard}}]
    for key in lock_keys:
        items.append({"Put": {"TableName": table, "Item": dict(key), **guard,
                              "ReturnValuesOnConditionCheckFailure": "ALL_OLD"}})
    return {"TransactItems": items, "ClientRequestToken": token or new_token()}


def execute(conn: Connection, request: Mapping[str, Any]) -> dict[str, Any]:
    """Send a TransactWriteItems request as it is, its body checked against the preview
    bytes (read-only connections refuse it before sending); errors propagate."""
    from dynoview.core.tx.wire import send_exact

    return send_exact(conn, request)
