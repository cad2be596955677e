"""The data access operations of a uniqueness schema, as data: what the generated code sends.

An ``Operation`` is one generated function: its parameters, and per variant the requests of
its transaction, whose strings are ``Text`` (literal pieces and parameter ``Slot``s) and whose
actions each say what a failed condition means (``Failure``). ``derive`` makes them from the
builder's templates; the emitters write them with each language's quoting, never rewriting
text.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from dynoview.core.codegen.names import Words
from dynoview.core.errors import InputError
from dynoview.core.uniqueness.forms import trims
from dynoview.core.values.key_sizes import MAX_PARTITION_KEY_BYTES

# Template names, as the builder's forms and ``templates.templates_for`` spell them.
SIGN_UP = "sign_up"
CHANGE_VALUE = "change_value"
DELETE_ACCOUNT = "delete_account"
CLAIM_MISSING_LOCK = "claim_missing_lock"
RELEASE_ORPHAN_LOCK = "release_orphan_lock"
RESOLVE_DUPLICATE = "resolve_duplicate"
TEMPLATES = (SIGN_UP, CHANGE_VALUE, DELETE_ACCOUNT, CLAIM_MISSING_LOCK, RELEASE_ORPHAN_LOCK,
             RESOLVE_DUPLICATE)

# Parameter roles.
TABLE = "table"  # the table name (a keyword with the module's default)
LOCKS_TABLE = "locks_table"  # the locks' own table, when not the accounts' (also defaulted)
ACCOUNT_ID = "account_id"  # an account's id, without the account prefix
NEW = "new"  # a value to lock: checked, then normalised once
HELD = "held"  # a value an account holds now (its lock is found by normalising it)
STORED = "stored"  # a lock's value exactly as the lock stores it (not normalised again)
ATTRIBUTES = "attributes"  # more attributes for the new account item

# Slot forms: the parameter as given, or its normalised (lock key) form.
RAW = "raw"
KEY = "key"

# What a ConditionalCheckFailed of an action means.
TAKEN = "taken"  # a lock Put met an existing lock: the value is held by another account
ACCOUNT_EXISTS = "account_exists"  # the new account's key is in use
ACCOUNT_CHANGED = "account_changed"  # the account no longer holds what the call said (or is gone)
LOCK_MISSING = "lock_missing"  # a lock to delete or check does not exist
STILL_HELD = "still_held"  # the former owner still holds the value of the lock to release


class CodegenError(InputError):
    """A schema the generated code cannot serve, with what to change."""


@dataclass(frozen=True)
class RuleInfo:
    """What generated code needs of one rule: its name (quoted as data), identifier words and
    normalisation."""

    name: str
    words: Words
    attribute: str
    normalisation: str
    #: An index keyed on ``attribute`` (``derive.index_key``): the account's value as given is
    #: then an index key, held to ``index_key_bytes`` (2,048 for a partition key, 1,024 for a
    #: sort key) too.
    index: str | None = None
    index_key_bytes: int = MAX_PARTITION_KEY_BYTES

    @property
    def trims(self) -> bool:
        return trims(self.normalisation)


@dataclass(frozen=True)
class Param:
    """One parameter of a generated function."""

    words: Words
    role: str
    rule: str | None = None  # the rule whose value it is
    optional: bool = False  # may be left out (None): the operation has a variant without it
    defaulted: bool = False  # may be left out: the generated code chooses it (a new account id)
    holder: str | None = None  # Param.key of the account holding the value, when not the first

    @property
    def key(self) -> str:
        """A stable name for the parameter in the model (snake case)."""
        return "_".join(self.words)


@dataclass(frozen=True)
class Slot:
    """A parameter's value inside a string: as given (``RAW``) or normalised (``KEY``)."""

    param: str  # Param.key
    form: str


@dataclass(frozen=True)
class Text:
    """A string built at run time from literal pieces and slots, in order."""

    parts: tuple[str | Slot, ...]


@dataclass(frozen=True)
class Failure:
    """What a ConditionalCheckFailed of one action means, and which values to report."""

    kind: str
    rule: str | None  # the field (rule name) it concerns, if one
    value: str | None  # Param.key of the value to report
    account: str | None  # Param.key of the account id to report


@dataclass(frozen=True)
class Step:
    """One action of the transaction: its request (strings may be ``Text``) and meaning."""

    request: Mapping[str, Any]  # {"Put": {...}} and so on
    failure: Failure
    merge_attributes: bool = False  # the new account item: ATTRIBUTES are added to it
    #: Param.key of the value the account holds now whose lock this action deletes or checks:
    #: left out at run time where no such lock can exist (the rule empties the value, or its
    #: key is over DynamoDB's limits), as the builder's templates leave it out.
    held: str | None = None


@dataclass(frozen=True)
class Read:
    """In a request: the owner's value as the generated code read it (S, N, ...), whole."""


@dataclass(frozen=True)
class OwnerRead:
    """A release given its former owner: the generated code reads the owner first (a strongly
    consistent GetItem of ``key``), refuses when it holds the lock's value by the rule's
    normalisation (a condition cannot normalise), and else sends the transaction of what it
    read, guarded on the owner being unchanged: ``absent`` (no item), ``lacking`` (no
    ``attribute``), or ``holding`` (the attribute as read: ``Read`` in the request)."""

    key: Mapping[str, Any]  # the owner's key (strings may be ``Text``)
    attribute: str
    rule: str
    value: str  # Param.key of the lock's value, as stored
    account: str  # Param.key of the owner's id
    absent: tuple[Step, ...]
    lacking: tuple[Step, ...]
    holding: tuple[Step, ...]


@dataclass(frozen=True)
class Variant:
    """The transaction when the operation's optional parameter is given (or not); ``read``:
    sent after reading the owner (``steps`` is then its ``holding`` case)."""

    with_optional: bool
    steps: tuple[Step, ...]
    read: OwnerRead | None = None


@dataclass(frozen=True)
class Operation:
    """One generated function: its parameters and the transaction of each variant."""

    template: str
    words: Words  # the function's name
    rule: str | None
    params: tuple[Param, ...]
    variants: tuple[Variant, ...]  # one, or (without, with) the optional parameter
    summary: str  # a docstring line: identifiers only, no schema text
    returns_account_id: bool = False
    #: (held, new): when the two share a lock key only the spelling changes, and
    #: ``respelled`` is sent instead (the lock stays; the same value is refused).
    distinct: tuple[str, str] | None = None
    #: The steps of a new spelling of the held value: the account's update alone (a Put of
    #: the same lock would meet the account's own, and one transaction cannot delete and
    #: put one item), as the builder's ``templates.change_value`` sends it.
    respelled: tuple[Step, ...] | None = None

    @property
    def optional(self) -> Param | None:
        return next((p for p in self.params if p.optional), None)

    def param(self, key: str) -> Param:
        return next(p for p in self.params if p.key == key)


@dataclass(frozen=True)
class CodeModel:
    """Everything a generated module holds, for one table and schema."""

    table: str
    rules: tuple[RuleInfo, ...]
    operations: tuple[Operation, ...]
    #: (partition key, sort key or None) of the accounts and of the locks: the generated
    #: code checks their values against DynamoDB's key size limits before sending.
    account_key: tuple[str, str | None]
    lock_key: tuple[str, str | None]
    #: The table holding the locks when it is not ``table`` (every function then takes it as
    #: ``locks_table_name``, defaulting to it); None: the locks are beside the accounts.
    locks_table: str | None = None

    def rule(self, name: str) -> RuleInfo:
        return next(r for r in self.rules if r.name == name)


def slots(value: Any) -> list[Slot]:
    """Every slot in a request (``Text`` parts), in order."""
    if isinstance(value, Text):
        return [p for p in value.parts if isinstance(p, Slot)]
    if isinstance(value, Mapping):
        return [s for item in value.values() for s in slots(item)]
    if isinstance(value, list):
        return [s for item in value for s in slots(item)]
    return []


def key_params(steps: tuple[Step, ...]) -> list[str]:
    """The parameters whose normalised form the steps use, in order of first use."""
    found = [s.param for step in steps for s in slots(step.request) if s.form == KEY]
    return list(dict.fromkeys(found))
