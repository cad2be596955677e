"""A schema preset: one library's unique-marker layout, as data.

Each preset records how its library builds a marker's key (read in the library's source, named
in ``source``), builds the ``UniquenessSchema`` for a table's key names and the protected
attributes, and recognises its markers in a sample of items (``detect.detect_preset``).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from dynoview.core.uniqueness.schema import LockRule, UniquenessSchema

Context = tuple[str, ...]
_DELIMITERS = "#:"  # where an account key's fixed prefix usually ends (OneTable's default is #)


@dataclass(frozen=True)
class Marker:
    """What a marker's key says: the model, the attribute (as the key spells it), the value."""

    entity: str
    attribute: str
    value: str
    # What else the key names that a rule needs: ElectroDB's (service, constraint entity,
    # version). Part of the layout, the same for every marker of a schema.
    context: Context = ()
    scope: str | None = None  # OneTable's expanded field.scope, when the marker has one


def delimited_prefix(pk: str) -> str | None:
    """An account key's fixed prefix: up to its first delimiter (# or :), or None."""
    cut = min((i for i in (pk.find(d) for d in _DELIMITERS) if i >= 0), default=-1)
    return pk[:cut + 1] if cut >= 0 else None


@dataclass(frozen=True)
class SchemaPreset:
    """One library's marker layout."""

    name: str  # the CLI's name: "onetable"
    title: str  # shown to users: "OneTable (dynamodb-onetable)"
    description: str  # the layout in a sentence or two, and whether markers name their owner
    source: str  # where the layout was confirmed (repository, file)
    example: str  # a marker's keys, e.g. "_unique#User#email#ada@example.com / _unique#"
    # (entity, attribute, table has a sort key, marker context) -> the rule for that attribute
    make_rule: Callable[[str, str, bool, Context], LockRule]
    # (PK, SK or None when not checked) -> the marker it is, or None. None for the article,
    # whose UNIQ#<NAME># layout propose_schema detects itself.
    parse: Callable[[str, str | None], Marker | None] | None = None
    entity_attribute: str | None = None  # attribute naming each item's model, if written
    attribute_upper: bool = False  # the key spells the attribute upper-cased (TypeDORM)
    keys_lower: bool = False  # the key spells names lower-cased (ElectroDB's default key casing)
    needs_sk: bool = False  # markers need a sort key (the table's, or the attribute found)
    # An extra check of a marker item beyond its key (ElectroDB's __edb_e__ / __edb_v__ tags).
    tags: Callable[[Mapping[str, Any], Marker], bool] | None = None
    # An account key's fixed prefix (default: up to the first # or :).
    account_prefix: Callable[[str], str | None] = delimited_prefix
    scoped: bool = False  # markers carry a scope before the model (OneTable's field.scope)
    # (an entity's markers, the candidate accounts, attribute as keyed -> account attribute)
    # -> the rule's context found from the accounts (the scope's template), or () if not found
    find_context: Callable[[Sequence[Marker], Sequence[Mapping[str, Any]], Mapping[str, str]],
                           Context] | None = None

    def build(self, pk_name: str = "PK", sk_name: str | None = "SK", *, entity: str = "User",
              attributes: Sequence[str] = ("email",), account_pk_prefix: str = "USER#",
              account_sk_value: str | None = None,
              index_names: Mapping[str, str] | None = None,
              context: Context = ()) -> UniquenessSchema:
        """The schema for a table keyed ``pk_name``/``sk_name`` whose ``entity`` items keep
        ``attributes`` unique (rules named after the attributes)."""
        index_names = index_names or {}
        rules = []
        for attribute in dict.fromkeys(attributes):  # once each, in order
            rule = self.make_rule(entity, attribute, bool(sk_name), context)
            index = index_names.get(attribute)
            rules.append(dataclasses.replace(rule, index_name=index))
        return UniquenessSchema(pk_name, sk_name, account_pk_prefix,
                                account_sk_value if sk_name else None, tuple(rules))

    def entity_of(self, schema: UniquenessSchema) -> str | None:
        """The model a schema of this preset's layout protects (from its first rule), or None."""
        marker = self.marker_of(schema)
        return marker.entity if marker is not None else None

    def marker_of(self, schema: UniquenessSchema) -> Marker | None:
        """A marker of the schema's first rule, if the schema is in this preset's layout."""
        if self.parse is None or not schema.rules:
            return None
        rule = schema.rules[0]
        pk = rule.pk_template.replace("{scope}", "s", 1).replace("{value}", "x", 1)
        return self.parse(pk, rule.lock_sk("x") if schema.sk_name else None)


