"""Schema files: a uniqueness schema as JSON, validated field by field.

Every error names the field that caused it (``rules[1].normalisation``) and the file it came
from (``SchemaError``, defined with the schema's types in ``schema``).
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from dynoview.core.session.user_files import UserFileError, decode_user_text, loads_user_json
from dynoview.core.uniqueness.forms import NORMALISATIONS, NORMALISE_NONE
from dynoview.core.uniqueness.schema import LockRule, LocksTable, SchemaError, UniquenessSchema

_SCHEMA_KEYS = {"pk_name", "sk_name", "account_pk_prefix", "account_sk_value", "rules", "locks_table"}
_LOCKS_KEYS = {"name", "pk_name", "sk_name", "accounts_table"}
_RULE_KEYS = {"name", "attribute", "pk_template", "sk_value", "normalisation", "index_name",
              "owner_attribute", "scope"}




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
    if scope and not 0 < template.find("{scope}") < template.find("{value}") - 1:
        raise SchemaError("a scoped rule's pk_template holds {scope} after a fixed prefix, then "
                          "fixed text, then {value}: _unique#{scope}#User#email#{value}.",
                          f"{where}pk_template")
    if scope and sk_value is not None and "{value}" in sk_value:
        raise SchemaError("a scoped rule's sk_value must be fixed (e.g. _unique#): the scope and "
                          "the value are in pk_template.", f"{where}sk_value")
    return LockRule(name, attribute, template, sk_value, norm, index, owner, scope)


def _ends_agree(a: str, b: str, *, at_start: bool) -> bool:
    """Whether one text begins (``at_start``) or ends the other: keys around them can be equal."""
    return a.startswith(b) or b.startswith(a) if at_start else a.endswith(b) or b.endswith(a)


def _sort_keys_may_meet(a: LockRule, b: LockRule) -> bool:
    """Whether a lock of ``a`` and one of ``b`` can have one sort key: equal fixed ones, a fixed one
    the other's template can spell, or two templates around a value (or a rule without one)."""
    if a.sk_value is None or b.sk_value is None:
        return True
    ta, tb = a.sk_template, b.sk_template
    if ta is None and tb is None:
        return a.sk_value == b.sk_value
    if ta is not None and tb is not None:
        return _ends_agree(ta[0], tb[0], at_start=True) and _ends_agree(ta[1], tb[1], at_start=False)
    fixed, template = (a.sk_value, tb) if ta is None else (b.sk_value, ta)
    assert template is not None
    before, after = template
    return len(fixed) > len(before) + len(after) and fixed.startswith(before) and fixed.endswith(after)


def _refuse_overlapping_keys(rules: tuple[LockRule, ...], sort_key: bool) -> None:
    """Refuse two rules one of whose lock key prefixes begins the other's (``UNIQ#{value}`` and
    ``UNIQ#EMAIL#{value}``), when their sort keys can agree: a value of the shorter one (the
    username ``EMAIL#bob@x.io``) would write, and hold, the other's lock (bob@x.io's email lock).
    Two scoped rules are told apart by the text after their scope (checked above)."""
    for j, b in enumerate(rules):
        for a in rules[:j]:
            if a.scope is not None and b.scope is not None:
                continue
            if not (_ends_agree(a.fixed_prefix, b.fixed_prefix, at_start=True)
                    and _ends_agree(a.suffix, b.suffix, at_start=False)):
                continue
            if sort_key and not _sort_keys_may_meet(a, b):
                continue
            short, long = (a, b) if len(a.fixed_prefix) <= len(b.fixed_prefix) else (b, a)
            rest = long.fixed_prefix[len(short.fixed_prefix):]
            how = (f"a {short.name} beginning with {rest!r} would write, and hold, a lock of the "
                   f"{long.name} rule"
                   if rest else f"a {short.name} and a {long.name} can write the same lock")
            raise SchemaError(
                f"the lock keys of the {a.name} rule ({a.pk_template}) and the {b.name} rule "
                f"({b.pk_template}) overlap: {how}. Give each rule a prefix that does not begin "
                "another's (e.g. UNIQ#EMAIL#{value} and UNIQ#HANDLE#{value}), or, in a table with "
                "a sort key, its own sk_value.", f"rules[{j}].pk_template")


def _refuse_account_collisions(schema: UniquenessSchema) -> None:
    """Refuse an empty sort key value (DynamoDB refuses "" in a key) and a lock key that can be an
    account's key: a value equal to an account id would write, or be refused by, that account's
    item. Locks in a table of their own never meet an account."""
    if schema.sk_name and schema.account_sk_value == "":
        raise SchemaError("DynamoDB refuses an empty string as a key value; give the accounts' "
                          "sort key value (e.g. PROFILE), or null when any sort key marks an "
                          "account.", "account_sk_value")
    lock_sk = schema.locks.sk_name if schema.locks is not None else schema.sk_name
    for i, rule in enumerate(schema.rules):
        if lock_sk and rule.sk_value == "":
            raise SchemaError("DynamoDB refuses an empty string as a key value; give the locks' "
                              "sort key value (e.g. LOCK).", f"rules[{i}].sk_value")
    if schema.locks is not None:
        return
    account, account_sk = schema.account_pk_prefix, schema.account_sk_value
    for i, rule in enumerate(schema.rules):
        if not _ends_agree(rule.fixed_prefix, account, at_start=True):
            continue
        if schema.sk_name and rule.sk_value is not None and account_sk is not None:
            template = rule.sk_template
            if template is None:
                if rule.sk_value != account_sk:
                    continue  # the sort key tells a lock from an account
            elif not (len(account_sk) > len(template[0]) + len(template[1])
                      and account_sk.startswith(template[0]) and account_sk.endswith(template[1])):
                continue
        same_sk = " and have the same sort key" if schema.sk_name else ""
        raise SchemaError(
            f"the lock keys of the {rule.name} rule ({rule.pk_template}) can be account keys "
            f"(accounts begin with {account}{same_sk}): a value equal to an account's id would "
            "write, or be refused by, that account's item. Give the rule a prefix of its own, e.g. "
            f"UNIQ#{rule.name.upper()}#{{value}}.", f"rules[{i}].pk_template")


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
        prefixes = [(r.fixed_prefix, r.fixed_sk if lock_sk else None, r.middle) for r in rules]
        for i, p in enumerate(prefixes):
            if p is not None and (p in prefixes[:i] or (p[0] == "" and p[1] is None and len(rules) > 1)):
                raise SchemaError(f"two rules use the lock prefix {p[0]!r}; each rule needs its own "
                                  "(or, in a table with a sort key, its own sk_value).",
                                  f"rules[{i}].pk_template")
        _refuse_overlapping_keys(rules, lock_sk is not None)
        schema = UniquenessSchema(pk_name, sk_name, prefix, account_sk, rules, locks)
        _refuse_account_collisions(schema)
        return schema
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
