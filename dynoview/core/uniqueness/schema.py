"""The uniqueness schema: how a table models unique values with lock items.

DynamoDB only enforces uniqueness on the primary key, so applications write a
marker ("lock") item per protected value, e.g. PK=``UNIQ#EMAIL#<value>``,
SK=``LOCK``, in the same transaction as the account. A schema says how to
recognise accounts and how to build each lock's key from an account value.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from dynoview.core.errors import InputError
from dynoview.core.session.tables import TableInfo

# The normalisations are defined once, in forms; re-exported here for the schema's users.
from dynoview.core.uniqueness.forms import (  # noqa: F401
    NORMALISATIONS,
    NORMALISE_LOWER,
    NORMALISE_NFKC_CASEFOLD,
    NORMALISE_NONE,
    NORMALISE_TRIM_LOWER,
    normalise,
)
from dynoview.core.uniqueness.scope import (
    fill_scope,
    normalise_form,
    protected_text,
    split_form,
)


class SchemaError(InputError):
    """A schema file or dict that cannot be used, with where the problem is.

    ``location`` is a path into the JSON such as ``rules[1].normalisation``;
    ``source`` is the file it came from, when there is one.
    """

    def __init__(self, message: str, location: str = "", source: str | None = None) -> None:
        where = ""
        if source:
            where = f"{source}: "
        if location:
            where += f"{location}: "
        super().__init__(where + message)
        self.message = message
        self.location = location
        self.source = source


@dataclass(frozen=True)
class LockRule:
    """One protected attribute, e.g. email -> ``UNIQ#EMAIL#{value}`` / ``LOCK``."""

    name: str  # short rule name shown to users and used by the CLI: "email"
    attribute: str  # attribute on the account item holding the value
    pk_template: str  # lock partition key, "{value}" marks the value: "UNIQ#EMAIL#{value}"
    # Lock sort key (None for a partition-key-only table). Usually fixed ("LOCK"); it may hold
    # "{value}" too, for layouts that repeat the value in the sort key (TypeDORM writes the
    # same text to both keys): the stored value is then the PK's, and the SK must agree.
    sk_value: str | None = "LOCK"
    normalisation: str = NORMALISE_NONE
    index_name: str | None = None  # a GSI keyed on the attribute, if any (eventual reads only)
    # An attribute on the lock naming the account that holds it: the surest evidence of where
    # an orphan lock came from. Last, so positional construction of older rules still works.
    owner_attribute: str | None = None
    # A template over the account's attributes (OneTable's field.scope, e.g. "${tenantId}"):
    # pk_template then holds {scope} before {value}: a value is unique per scope.
    scope: str | None = None

    @property
    def prefix(self) -> str:
        """The lock key's fixed text before the value. A scoped rule has none (the scope comes
        first): a reader that cuts one fixed prefix would match nothing, so it is refused loudly;
        the engine and the watch read scoped keys with ``fixed_prefix`` and the rule's forms."""
        if self.scope is not None:
            raise SchemaError(f"the {self.name} rule is unique per scope ({self.scope}): its lock "
                              "keys have no fixed text before the value (the scope comes first).")
        return self.pk_template.split("{value}", 1)[0]

    @cached_property  # read per lock key by the view and the engine's helpers: worked out once
    def fixed_prefix(self) -> str:
        """The lock key's fixed text before the stored form: ``prefix``, or a scoped rule's text
        before its scope (``_unique#``). What the engine cuts (``scope.py``)."""
        return self.pk_template.split("{scope}" if self.scope is not None else "{value}", 1)[0]

    @cached_property  # read per account row by the view: worked out once
    def middle(self) -> str | None:
        """A scoped rule's text between the scope and the value (``#User#email#``), else None."""
        if self.scope is None:
            return None
        return self.pk_template.split("{scope}", 1)[1].split("{value}", 1)[0]

    def held_form(self, item: Mapping[str, Any]) -> str | None:
        """The form an account item's value takes in the lock (normalised; for a scoped rule,
        its scope, the middle and the value), or None when it has no value: none, or one its
        normalisation empties ("   " trimmed), as the audit reads it (``Pairing.feed``)."""
        text = protected_text(item.get(self.attribute))
        if not text:
            return None
        held = normalise(text, self.normalisation)
        if not held:  # else the preflight kept the '' lock the audit calls an orphan
            return None
        if self.scope is None:
            return held
        return fill_scope(self.scope, item) + (self.middle or "") + held

    def form_of(self, value: str) -> str:
        """A value (or, for a scoped rule, a form ``scope + middle + value``) as the lock stores
        it: normalised; a scoped rule normalises only the value part."""
        middle = self.middle
        if middle is None:
            return normalise(value, self.normalisation)
        if middle not in value:  # a bare value: its lock key cannot be named without the scope
            raise SchemaError(f"the {self.name} rule is unique per scope ({self.scope}): its lock key "
                              f"needs the scope too; write the value as <scope>{middle}<value>.")
        return normalise_form(middle, value, self.normalisation)

    def value_part(self, form: str) -> str:
        """The value in a stored form (a scoped form without its scope and middle)."""
        middle = self.middle
        parts = split_form(middle, form) if middle is not None else None
        return parts[1] if parts is not None else form

    def scope_part(self, form: str) -> str | None:
        """The scope in a scoped rule's stored form, else None."""
        middle = self.middle
        parts = split_form(middle, form) if middle is not None else None
        return parts[0] if parts is not None else None

    def spelled(self, form: str) -> str:
        """A stored form as sentences show it: ``'ada@x.io'`` or ``'ada@x.io' in scope acme``."""
        scope = self.scope_part(form)
        return repr(form) if scope is None else f"{self.value_part(form)!r} in scope {scope}"

    @cached_property
    def suffix(self) -> str:
        parts = self.pk_template.split("{value}", 1)
        return parts[1] if len(parts) == 2 else ""

    @property
    def sk_template(self) -> tuple[str, str] | None:
        """(prefix, suffix) around the value when the sort key holds it, else None."""
        if self.sk_value is None or "{value}" not in self.sk_value:
            return None
        before, after = self.sk_value.split("{value}", 1)
        return before, after

    @property
    def fixed_sk(self) -> str | None:
        """The sort key every lock of the rule shares, or None (no sort key, or it holds the value)."""
        return None if self.sk_value is None or "{value}" in self.sk_value else self.sk_value

    def lock_pk(self, value: str) -> str:
        """The lock's partition key for an account value (normalised first; a scoped rule's
        value is a form: ``acme#User#email#ada@x.io``)."""
        return self.fixed_prefix + self.form_of(value) + self.suffix

    def lock_sk(self, stored: str) -> str | None:
        """The sort key of the lock holding ``stored`` (as stored: no normalisation)."""
        template = self.sk_template
        return self.sk_value if template is None else template[0] + stored + template[1]

    def value_from_pk(self, pk: str) -> str | None:
        """The value a lock key holds, or None if the key is not this rule's.

        Values may contain '#', so only the template's own prefix and suffix are cut.
        """
        if not pk.startswith(self.fixed_prefix) or not pk.endswith(self.suffix):
            return None
        end = len(pk) - len(self.suffix) if self.suffix else len(pk)
        if end < len(self.fixed_prefix):
            return None
        form = pk[len(self.fixed_prefix):end]
        middle = self.middle
        return form if middle is None or middle in form else None  # a scoped key names its middle


@dataclass(frozen=True)
class LocksTable:
    """Where the locks live when not beside the accounts (docs/locks-table.md)."""

    name: str
    pk_name: str = "PK"
    sk_name: str | None = None
    # The accounts' table, when known: what a transaction that touches only locks pairs with.
    accounts_table: str | None = None


@dataclass(frozen=True)
class UniquenessSchema:
    """How one table models uniqueness."""

    pk_name: str = "PK"
    sk_name: str | None = "SK"
    account_pk_prefix: str = "ACCT#"
    account_sk_value: str | None = "PROFILE"
    rules: tuple[LockRule, ...] = field(default_factory=tuple)
    locks: LocksTable | None = None  # None: the locks share the accounts' table

    @property
    def lock_pk_name(self) -> str:  # the locks table's key names when they have their own
        return self.locks.pk_name if self.locks is not None else self.pk_name

    @property
    def lock_sk_name(self) -> str | None:
        return self.locks.sk_name if self.locks is not None else self.sk_name

    @property
    def lock_key_names(self) -> tuple[str, ...]:
        return (self.lock_pk_name,) + ((self.lock_sk_name,) if self.lock_sk_name else ())

    def locks_table_name(self, accounts_table: str) -> str:
        """The table that holds the locks of ``accounts_table``'s accounts."""
        return self.locks.name if self.locks is not None else accounts_table

    def is_account(self, item: Mapping[str, Any]) -> bool:
        pk = string_value(item.get(self.pk_name))
        if pk is None or not pk.startswith(self.account_pk_prefix):
            return False
        if self.sk_name and self.account_sk_value is not None:
            return string_value(item.get(self.sk_name)) == self.account_sk_value
        return True

    @property
    def key_names(self) -> tuple[str, ...]:
        """The table's key attribute names as the schema knows them: (PK) or (PK, SK)."""
        return (self.pk_name,) + ((self.sk_name,) if self.sk_name else ())

    def rule(self, name: str) -> LockRule:
        for rule in self.rules:
            if rule.name == name or rule.attribute == name:
                return rule
        known = ", ".join(r.name for r in self.rules) or "none"
        raise KeyError(f"No uniqueness rule named {name!r}; the schema has: {known}.")

    def lock_key(self, rule: LockRule, value: str) -> dict[str, Any]:
        """The lock item's primary key (low-level form) for a value."""
        return self.stored_lock_key(rule, rule.form_of(value))

    def stored_lock_key(self, rule: LockRule, stored: str) -> dict[str, Any]:
        """The key of a lock holding ``stored`` exactly as spelled (no normalisation): the
        key of a lock found in the table, which may predate or ignore the rule's normalisation."""
        pk_name, sk_name = self.lock_pk_name, self.lock_sk_name
        key: dict[str, Any] = {pk_name: {"S": rule.fixed_prefix + stored + rule.suffix}}
        if sk_name and rule.sk_value is not None:
            key[sk_name] = {"S": rule.lock_sk(stored)}
        return key

    def account_key(self, account_id: str) -> dict[str, Any]:
        """An account's primary key from its id, with or without the account prefix."""
        pk = account_id if account_id.startswith(self.account_pk_prefix) else (
            self.account_pk_prefix + account_id)
        key: dict[str, Any] = {self.pk_name: {"S": pk}}
        if self.sk_name and self.account_sk_value is not None:
            key[self.sk_name] = {"S": self.account_sk_value}
        return key

    def match_lock(self, item: Mapping[str, Any]) -> tuple[LockRule, str] | None:
        """(rule, stored value) if the item is a lock of one of the rules (locks table's keys)."""
        sk_name = self.lock_sk_name
        pk = string_value(item.get(self.lock_pk_name))
        if pk is None:
            return None
        sk = string_value(item.get(sk_name)) if sk_name else None
        # Longest prefix first, so UNIQ#EMAIL2# is not taken for UNIQ#EMAIL#.
        for rule in sorted(self.rules, key=lambda r: len(r.fixed_prefix), reverse=True):
            fixed = rule.fixed_sk
            if sk_name and fixed is not None and sk != fixed:
                continue
            value = rule.value_from_pk(pk)
            if value is None:
                continue
            if sk_name and rule.sk_template is not None and sk != rule.lock_sk(value):
                continue  # the value in the sort key must be the partition key's
            return rule, value
        return None

    def to_json(self) -> dict[str, Any]:
        extra: dict[str, Any] = {} if self.locks is None else {"locks_table": {
            "name": self.locks.name, "pk_name": self.locks.pk_name, "sk_name": self.locks.sk_name,
            **({"accounts_table": self.locks.accounts_table} if self.locks.accounts_table else {})}}
        return {
            **extra,
            "pk_name": self.pk_name,
            "sk_name": self.sk_name,
            "account_pk_prefix": self.account_pk_prefix,
            "account_sk_value": self.account_sk_value,
            "rules": [
                {"name": r.name, "attribute": r.attribute, "pk_template": r.pk_template,
                 "sk_value": r.sk_value, "normalisation": r.normalisation,
                 "index_name": r.index_name, "owner_attribute": r.owner_attribute,
                 **({"scope": r.scope} if r.scope is not None else {})}
                for r in self.rules
            ],
        }


def string_value(av: Any, default: Any = None) -> Any:
    """The text of an S value, or ``default`` for any other type or a missing value."""
    if isinstance(av, Mapping) and isinstance(av.get("S"), str):
        return av["S"]
    return default



def article_schema(pk_name: str = "PK", sk_name: str | None = "SK",
                   email_index: str | None = None) -> UniquenessSchema:
    """The source article's layout: accounts ACCT#<id>/PROFILE, email and username locks."""
    return UniquenessSchema(
        pk_name=pk_name,
        sk_name=sk_name,
        rules=(
            LockRule("email", "email", "UNIQ#EMAIL#{value}", "LOCK", NORMALISE_NONE, email_index),
            LockRule("username", "username", "UNIQ#HANDLE#{value}", "LOCK", NORMALISE_NONE),
        ),
    )


_TYPE_NAMES = {"S": "strings", "N": "numbers", "B": "binary values"}


def lock_key_problem(schema: UniquenessSchema, rule: LockRule, table: TableInfo) -> str | None:
    """Why the table's primary key cannot hold this rule's lock keys, or None if it can.

    Lock keys are strings (``UNIQ#EMAIL#<value>``, ``LOCK``); DynamoDB rejects a key whose
    names or types differ from the table's key schema, so say so before sending one.
    """
    pk, sk = table.partition_key, table.sort_key
    if schema.locks is not None and table.name != schema.locks.name:
        return (f"The schema keeps its locks in table {schema.locks.name}, not {table.name}: "
                "check the lock against that table.")
    lock_pk, lock_sk = schema.lock_pk_name, schema.lock_sk_name
    where = "locks_table." if schema.locks is not None else ""  # which fields to fix
    if lock_pk != pk.name:
        return (f"The schema's partition key is {lock_pk}, but table {table.name} is keyed on "
                f"{pk.name}: set {where}pk_name to {pk.name} in the schema, or pick the table that "
                "holds the locks.")
    if pk.type != "S":
        return (f"Table {table.name} cannot hold lock keys: its partition key {pk.name} holds "
                f"{_TYPE_NAMES.get(pk.type, pk.type)}, and lock keys such as {rule.fixed_prefix}<value> are "
                "strings. Pick the table that holds the accounts and locks.")
    wants_sk = bool(lock_sk) and rule.sk_value is not None
    if sk is None:
        if wants_sk:
            return (f"Table {table.name} has no sort key, but the schema's {rule.name} locks have "
                    f"{lock_sk} = {rule.sk_value}: set {where}sk_name to null in the schema.")
        return None
    if not wants_sk:
        return (f"Table {table.name} has the sort key {sk.name}, but the schema's {rule.name} locks "
                f"have none: set {where}sk_name and the rule's sk_value (e.g. LOCK) in the schema.")
    if lock_sk != sk.name:
        return (f"The schema's sort key is {lock_sk}, but table {table.name} sorts on "
                f"{sk.name}: set {where}sk_name to {sk.name} in the schema.")
    if sk.type != "S":
        return (f"Table {table.name} cannot hold this schema's locks: its sort key {sk.name} holds "
                f"{_TYPE_NAMES.get(sk.type, sk.type)}, and the lock sort key {rule.sk_value!r} is a "
                "string. Pick the table that holds the locks, or fix the schema.")
    return None


def table_key_problem(schema: UniquenessSchema, table: TableInfo) -> SchemaError | None:
    """Why ``schema`` cannot describe ``table`` (the accounts' table, and the locks' when they
    share it), located at the field to fix (``pk_name``, ``sk_name``, ``rules[i].sk_value``); or
    None. A key name the table does not have matches no item: the audit would read every item as
    "something else" and show no finding at all. Locks in a table of their own are checked
    against that table by the audit (``audit.two_tables.check_two_tables``)."""
    pk, sk = table.partition_key, table.sort_key
    if schema.locks is None:  # the locks' own check first: its sentences say what to set
        for i, rule in enumerate(schema.rules):
            problem = lock_key_problem(schema, rule, table)
            if problem is None:
                continue
            if schema.pk_name != pk.name or pk.type != "S":
                where = "pk_name"
            elif rule.sk_value is None and sk is not None and schema.sk_name == sk.name:
                where = f"rules[{i}].sk_value"
            else:
                where = "sk_name"
            return SchemaError(problem, where)
    if schema.pk_name != pk.name:
        return SchemaError(f"table {table.name} is keyed on {pk.name}, not {schema.pk_name}: set "
                           f"pk_name to {pk.name}.", "pk_name")
    if sk is None and schema.sk_name is not None:
        return SchemaError(f"table {table.name} has no sort key, not {schema.sk_name}: set sk_name "
                           "to null.", "sk_name")
    if sk is not None and schema.sk_name != sk.name:
        named = "null" if schema.sk_name is None else schema.sk_name
        return SchemaError(f"table {table.name} sorts on {sk.name}, not {named}: set sk_name to "
                           f"{sk.name}.", "sk_name")
    return None


def default_schema(table: TableInfo | None) -> UniquenessSchema:
    """The article's layout, keyed like the table, using a GSI on email if there is one."""
    if table is None:
        return article_schema()
    index = next((g.name for g in table.gsis if g.partition_key.name == "email"), None)
    sk_name = table.sort_key.name if table.sort_key else None
    return article_schema(table.partition_key.name, sk_name, index)


# --------------------------------------------------------------------------- proposals

@dataclass(frozen=True)
class SchemaProposal:
    """A detected schema plus what the detection saw, for the user to confirm."""

    schema: UniquenessSchema
    notes: tuple[str, ...]
    confident: bool  # False when nothing lock-like was found and the default was used
