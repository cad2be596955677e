"""The uniqueness schema: how a table models unique values with lock items.

DynamoDB only enforces uniqueness on the primary key, so applications write a
marker ("lock") item per protected value, e.g. PK=``UNIQ#EMAIL#<value>``,
SK=``LOCK``, in the same transaction as the account. A schema says how to
recognise accounts and how to build each lock's key from an account value.
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from dynoview.core.errors import InputError
from dynoview.core.session.tables import TableInfo
from dynoview.core.session.user_files import UserFileError, decode_user_text, loads_user_json

# The normalisations are defined once, in forms; re-exported here for the schema's users.
from dynoview.core.uniqueness.forms import (  # noqa: F401
    NORMALISATIONS,
    NORMALISE_LOWER,
    NORMALISE_NFKC_CASEFOLD,
    NORMALISE_NONE,
    NORMALISE_TRIM_LOWER,
    normalise,
)


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
        if self.scope is not None:  # refused loudly rather than matching nothing in silence
            raise SchemaError(f"the {self.name} rule is unique per scope ({self.scope}): it has no "
                              "fixed lock prefix; pair it per scope (presets/scoped.py).")
        return self.pk_template.split("{value}", 1)[0]

    @property
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
        """The lock's partition key for an account value (normalised first)."""
        return self.prefix + normalise(value, self.normalisation) + self.suffix

    def lock_sk(self, stored: str) -> str | None:
        """The sort key of the lock holding ``stored`` (as stored: no normalisation)."""
        template = self.sk_template
        return self.sk_value if template is None else template[0] + stored + template[1]

    def value_from_pk(self, pk: str) -> str | None:
        """The value a lock key holds, or None if the key is not this rule's.

        Values may contain '#', so only the template's own prefix and suffix are cut.
        """
        if not pk.startswith(self.prefix) or not pk.endswith(self.suffix):
            return None
        end = len(pk) - len(self.suffix) if self.suffix else len(pk)
        if end < len(self.prefix):
            return None
        return pk[len(self.prefix):end]


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
        return self.stored_lock_key(rule, normalise(value, rule.normalisation))

    def stored_lock_key(self, rule: LockRule, stored: str) -> dict[str, Any]:
        """The key of a lock holding ``stored`` exactly as spelled (no normalisation): the
        key of a lock found in the table, which may predate or ignore the rule's normalisation."""
        pk_name, sk_name = self.lock_pk_name, self.lock_sk_name
        key: dict[str, Any] = {pk_name: {"S": rule.prefix + stored + rule.suffix}}
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
        for rule in sorted(self.rules, key=lambda r: len(r.prefix), reverse=True):
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

    @classmethod
    def from_json(cls, data: Any, source: str | None = None) -> UniquenessSchema:
        """Validate and build from JSON data (see ``schema_from_json``)."""
        return schema_from_json(data, source)

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


def protected_text(av: Any) -> str | None:
    """A protected value as the audit reads it: S as is, N as its exact text; other types and
    empty strings are no value (None)."""
    if not isinstance(av, Mapping):
        return None
    text = av.get("S")
    if text is None:
        text = av.get("N")
    return text if isinstance(text, str) and text else None


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


# --------------------------------------------------------------------------- schema files

_SCHEMA_KEYS = {"pk_name", "sk_name", "account_pk_prefix", "account_sk_value", "rules", "locks_table"}
_LOCKS_KEYS = {"name", "pk_name", "sk_name", "accounts_table"}
_RULE_KEYS = {"name", "attribute", "pk_template", "sk_value", "normalisation", "index_name",
              "owner_attribute", "scope"}


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


def _text_field(data: Mapping[str, Any], key: str, where: str, *, optional: bool = False,
                default: str | None = None) -> str | None:
    if key not in data:
        if optional:
            return default
        raise SchemaError(f"{key} is required; add it as a string.", f"{where}{key}")
    value = data[key]
    if value is None and optional:
        return None
    if not isinstance(value, str) or (not value and not optional):
        raise SchemaError(f"{key} must be a non-empty string, not {value!r}.", f"{where}{key}")
    return value


def locks_from_json(data: Any, pk_name: str, sk_name: str | None) -> LocksTable | None:
    """``locks_table`` (absent or null: locks beside the accounts); key names default to theirs."""
    if data is None:
        return None
    if not isinstance(data, Mapping):
        raise SchemaError("locks_table must be an object such as {\"name\": \"uniques\", "
                          "\"pk_name\": \"pk\", \"sk_name\": null}.", "locks_table")
    unknown = set(data) - _LOCKS_KEYS
    if unknown:
        raise SchemaError(f"unknown field {sorted(unknown)[0]!r}; allowed: "
                          f"{', '.join(sorted(_LOCKS_KEYS))}.", f"locks_table.{sorted(unknown)[0]}")
    name = _text_field(data, "name", "locks_table.")
    assert name is not None
    lock_pk = _text_field(data, "pk_name", "locks_table.", optional=True, default=pk_name) or pk_name
    lock_sk = _text_field(data, "sk_name", "locks_table.", optional=True, default=sk_name)
    accounts = _text_field(data, "accounts_table", "locks_table.", optional=True) or None
    return LocksTable(name, lock_pk, lock_sk or None, accounts)


def rule_from_json(data: Any, where: str = "", *, own_table: bool = False) -> LockRule:
    """One rule from its JSON form (as written by ``UniquenessSchema.to_json``)."""
    if not isinstance(data, Mapping):
        raise SchemaError("each rule must be an object with name, attribute and pk_template.",
                          where.rstrip("."))
    unknown = set(data) - _RULE_KEYS
    if unknown:
        raise SchemaError(f"unknown field {sorted(unknown)[0]!r}; allowed: "
                          f"{', '.join(sorted(_RULE_KEYS))}.", f"{where}{sorted(unknown)[0]}")
    attribute = _text_field(data, "attribute", where)
    assert attribute is not None
    name = _text_field(data, "name", where, optional=True, default=attribute) or attribute
    template = _text_field(data, "pk_template", where)
    assert template is not None
    if template.count("{value}") != 1:
        raise SchemaError("pk_template must contain {value} exactly once, e.g. UNIQ#EMAIL#{value}.",
                          f"{where}pk_template")
    if not template.split("{value}", 1)[0] and not own_table:  # a locks table holds only locks
        raise SchemaError("pk_template must start with a fixed prefix before {value} (e.g. "
                          "UNIQ#EMAIL#), or locks cannot be told apart from other items.",
                          f"{where}pk_template")
    sk_value = _text_field(data, "sk_value", where, optional=True, default="LOCK")
    if sk_value is not None and sk_value.count("{value}") > 1:
        raise SchemaError("sk_value may contain {value} at most once (the same value as in "
                          "pk_template), e.g. LOCK or DRM_GEN_USER.EMAIL#{value}.", f"{where}sk_value")
    norm = data.get("normalisation", NORMALISE_NONE)
    if norm not in NORMALISATIONS:
        raise SchemaError(f"normalisation must be one of {', '.join(NORMALISATIONS)}, not {norm!r}.",
                          f"{where}normalisation")
    index = _text_field(data, "index_name", where, optional=True, default=None) or None
    owner = _text_field(data, "owner_attribute", where, optional=True, default=None) or None
    scope = _text_field(data, "scope", where, optional=True, default=None) or None
    if scope and not 0 < template.find("{scope}") < template.find("{value}"):
        raise SchemaError("a scoped rule's pk_template holds {scope} after a fixed prefix, before "
                          "{value}: _unique#{scope}#User#email#{value}.", f"{where}pk_template")
    return LockRule(name, attribute, template, sk_value, norm, index, owner, scope)


def schema_from_json(data: Any, source: str | None = None) -> UniquenessSchema:
    """Validate and build a schema from JSON data; errors say which field is wrong."""
    try:
        if not isinstance(data, Mapping):
            raise SchemaError("a schema must be a JSON object with pk_name, rules, ...")
        unknown = set(data) - _SCHEMA_KEYS
        if unknown:
            first = sorted(unknown)[0]
            raise SchemaError(f"unknown field {first!r}; allowed: {', '.join(sorted(_SCHEMA_KEYS))}.",
                              first)
        pk_name = _text_field(data, "pk_name", "", optional=True, default="PK") or "PK"
        sk_name = _text_field(data, "sk_name", "", optional=True, default="SK")
        locks = locks_from_json(data.get("locks_table"), pk_name, sk_name)
        prefix = _text_field(data, "account_pk_prefix", "", optional=True, default="ACCT#") or ""
        if not prefix and locks is None:  # an accounts table of its own holds only accounts
            raise SchemaError("account_pk_prefix must not be empty: it is how accounts are "
                              "recognised (e.g. ACCT#).", "account_pk_prefix")
        account_sk = _text_field(data, "account_sk_value", "", optional=True, default="PROFILE")
        raw_rules = data.get("rules")
        if not isinstance(raw_rules, list) or not raw_rules:
            raise SchemaError("rules must be a non-empty list: one rule per protected attribute.",
                              "rules")
        rules = tuple(rule_from_json(r, f"rules[{i}].", own_table=locks is not None)
                      for i, r in enumerate(raw_rules))
        names = [r.name for r in rules]
        for i, name in enumerate(names):
            if name in names[:i]:
                raise SchemaError(f"the rule name {name!r} is used twice; give each rule its own name.",
                                  f"rules[{i}].name")
        for i, rule in enumerate(rules):
            lock_keys = (locks.pk_name, locks.sk_name) if locks is not None else (pk_name, sk_name)
            if rule.owner_attribute is not None and rule.owner_attribute in lock_keys:
                raise SchemaError(f"owner_attribute must be an attribute of the lock item that names "
                                  f"its account, not the key {rule.owner_attribute!r}.",
                                  f"rules[{i}].owner_attribute")
        # Rules may share a prefix when their fixed sort keys tell them apart (a uniques table
        # keyed value / type, ElectroDB's constraints); scoped ones by the text after the scope.
        lock_sk = locks.sk_name if locks is not None else sk_name
        prefixes = [(r.prefix, r.fixed_sk if lock_sk else None) if r.scope is None else None for r in rules]
        for i, p in enumerate(prefixes):
            if p is not None and (p in prefixes[:i] or (p[0] == "" and p[1] is None and len(rules) > 1)):
                raise SchemaError(f"two rules use the lock prefix {p[0]!r}; each rule needs its own "
                                  "(or, in a table with a sort key, its own sk_value).",
                                  f"rules[{i}].pk_template")
        return UniquenessSchema(pk_name, sk_name, prefix, account_sk, rules, locks)
    except SchemaError as exc:
        if source and not exc.source:
            raise SchemaError(exc.message, exc.location, source) from None
        raise


def load_schema_file(path: str | os.PathLike[str]) -> UniquenessSchema:
    """Read a schema JSON file; a syntax error reports its line and column."""
    source = os.fspath(path)
    try:
        text = Path(source).read_bytes()
    except OSError as exc:
        raise SchemaError(f"cannot read the schema file ({exc.strerror}); check the path.",
                          source=source) from None
    try:
        decoded = decode_user_text(text, "The schema file")  # UTF-8, with or without a BOM
    except UserFileError as exc:
        raise SchemaError(f"{exc.message} Save it as UTF-8 JSON and retry.", source=source) from None
    try:
        json.loads(decoded)
    except json.JSONDecodeError as exc:
        raise SchemaError(f"not valid JSON ({exc.msg}); fix the file and retry.",
                          f"line {exc.lineno} column {exc.colno}", source) from None
    except (ValueError, RecursionError):
        pass  # said below, with the rest of what strict reading refuses
    try:
        data = loads_user_json(decoded, "The schema file")  # a repeated key, NaN, deep nesting
    except UserFileError as exc:
        raise SchemaError(f"{exc.message} Fix the file and retry.", source=source) from None
    return schema_from_json(data, source)


def schema_to_text(schema: UniquenessSchema) -> str:
    """The schema as indented JSON, the form saved and edited."""
    return json.dumps(schema.to_json(), indent=2, ensure_ascii=False)


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
                f"{_TYPE_NAMES.get(pk.type, pk.type)}, and lock keys such as {rule.prefix}<value> are "
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
