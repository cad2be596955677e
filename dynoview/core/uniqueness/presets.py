"""Schema presets: the unique-marker layouts of DynamoDB libraries, as data.

Besides the source article's ``UNIQ#<NAME>#<value>`` / ``LOCK``, libraries that offer a
"unique" attribute write marker items of their own. Each preset records how its library
builds a marker's key (read in the library's source, named in ``source``), builds the
``UniquenessSchema`` for a table's key names and the protected attributes, and recognises
its markers in a sample of items (``detect_preset``, which ``propose_schema`` calls first).

None of the libraries checked records the owning item on its markers (they hold only their
key, and OneTable's ``_type``), so no preset sets ``owner_attribute``: diagnose looks for a
marker's owner in the table's stream and the action log instead.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from dynoview.core.session.tables import TableInfo
from dynoview.core.uniqueness.schema import (
    LockRule,
    SchemaError,
    SchemaProposal,
    UniquenessSchema,
    default_schema,
    string_value,
)

PRESET_ARTICLE = "article"
PRESET_ONETABLE = "onetable"
PRESET_ONETABLE_COLON = "onetable-colon"
PRESET_TYPEDORM = "typedorm"

_DELIMITERS = "#:"  # where an account key's fixed prefix usually ends (OneTable's default is #)


@dataclass(frozen=True)
class Marker:
    """What a marker's key says: the model, the attribute (as the key spells it), the value."""

    entity: str
    attribute: str
    value: str


@dataclass(frozen=True)
class SchemaPreset:
    """One library's marker layout."""

    name: str  # the CLI's name: "onetable"
    title: str  # shown to users: "OneTable (dynamodb-onetable)"
    description: str  # the layout in a sentence or two, and whether markers name their owner
    source: str  # where the layout was confirmed (repository, file)
    example: str  # a marker's keys, e.g. "_unique#User#email#ada@example.com / _unique#"
    # (entity, attribute, table has a sort key) -> the rule for that attribute's markers
    make_rule: Callable[[str, str, bool], LockRule]
    # (PK, SK or None when not checked) -> the marker it is, or None. None for the article,
    # whose UNIQ#<NAME># layout propose_schema detects itself.
    parse: Callable[[str, str | None], Marker | None] | None = None
    entity_attribute: str | None = None  # attribute naming each item's model, if written
    attribute_upper: bool = False  # the key spells the attribute upper-cased (TypeDORM)

    def build(self, pk_name: str = "PK", sk_name: str | None = "SK", *, entity: str = "User",
              attributes: Sequence[str] = ("email",), account_pk_prefix: str = "USER#",
              account_sk_value: str | None = None,
              index_names: Mapping[str, str] | None = None) -> UniquenessSchema:
        """The schema for a table keyed ``pk_name``/``sk_name`` whose ``entity`` items keep
        ``attributes`` unique (rules named after the attributes)."""
        index_names = index_names or {}
        rules = []
        for attribute in dict.fromkeys(attributes):  # once each, in order
            rule = self.make_rule(entity, attribute, bool(sk_name))
            index = index_names.get(attribute)
            rules.append(LockRule(rule.name, rule.attribute, rule.pk_template, rule.sk_value,
                                  rule.normalisation, index, rule.owner_attribute))
        return UniquenessSchema(pk_name, sk_name, account_pk_prefix,
                                account_sk_value if sk_name else None, tuple(rules))

    def entity_of(self, schema: UniquenessSchema) -> str | None:
        """The model a schema of this preset's layout protects (from its first rule), or None."""
        if self.parse is None or not schema.rules:
            return None
        rule = schema.rules[0]
        marker = self.parse(rule.prefix + "x" + rule.suffix, rule.lock_sk("x") if schema.sk_name else None)
        return marker.entity if marker is not None else None


# --------------------------------------------------------------------------- the article


_ARTICLE_NAMES = {"email": "EMAIL", "username": "HANDLE"}


def _article_rule(entity: str, attribute: str, has_sk: bool) -> LockRule:
    name = _ARTICLE_NAMES.get(attribute, attribute.upper())
    return LockRule(attribute, attribute, f"UNIQ#{name}#{{value}}", "LOCK" if has_sk else None)


# --------------------------------------------------------------------------- OneTable
# dynamodb-onetable src/Model.js (createUnique, updateUnique, removeUnique):
#     let pk = `_unique#${scope}${this.name}#${field.attribute}#${properties[field.name]}`
#     let sk = '_unique#'
# written through the '_Unique' model (src/Schema.js createUniqueModel: only the key fields),
# whose items also get the table's type field (default '_type', src/Table.js) = '_Unique'.
# field.attribute is the stored attribute name (after any "map"); the value is not normalised.


def _onetable_rule(entity: str, attribute: str, has_sk: bool) -> LockRule:
    return LockRule(attribute, attribute, f"_unique#{entity}#{attribute}#{{value}}",
                    "_unique#" if has_sk else None)


def _split_marker(pk: str, head: str, sep: str) -> Marker | None:
    if not pk.startswith(head):
        return None
    parts = pk[len(head):].split(sep, 2)  # model and attribute never hold sep; values may
    if len(parts) != 3 or not parts[0] or not parts[1]:
        return None
    return Marker(parts[0], parts[1], parts[2])


def _onetable_parse(pk: str, sk: str | None) -> Marker | None:
    if sk is not None and sk != "_unique#":
        return None
    return _split_marker(pk, "_unique#", "#")


# Early OneTable releases built the same marker with colons: the '_Unique' model's key fields
# were value templates '_unique:${pk}' and '_unique:' (src/Table.js), and createUnique passed
# pk = `${this.name}:${field.attribute}:${properties[field.name]}` (src/Model.js). The colon
# was reported as a bug (sensedeep/dynamodb-onetable issue #105) and changed to the '#' form.


def _onetable_colon_rule(entity: str, attribute: str, has_sk: bool) -> LockRule:
    return LockRule(attribute, attribute, f"_unique:{entity}:{attribute}:{{value}}",
                    "_unique:" if has_sk else None)


def _onetable_colon_parse(pk: str, sk: str | None) -> Marker | None:
    if sk is not None and sk != "_unique:":
        return None
    return _split_marker(pk, "_unique:", ":")


# --------------------------------------------------------------------------- TypeDORM
# typedorm packages/core/src/classes/metadata/attribute-metadata.ts autoGeneratedPrimaryKeySchema:
#     `${DYNAMO_ATTRIBUTE_PREFIX}_${this.entityClass.name.toUpperCase()}.${
#         this.name.toUpperCase()}#{{${this.name}}}`
# with DYNAMO_ATTRIBUTE_PREFIX = 'DRM_GEN' (packages/common/src/constants.ts), used as the
# partition key and, on a table with a sort key, as the sort key too. The unique item is
# Put with only that key (document-client-request-transformer.ts toDynamoPutItem).


def _typedorm_key(entity: str, attribute: str) -> str:
    return f"DRM_GEN_{entity.upper()}.{attribute.upper()}#{{value}}"


def _typedorm_rule(entity: str, attribute: str, has_sk: bool) -> LockRule:
    template = _typedorm_key(entity, attribute)
    return LockRule(attribute, attribute, template, template if has_sk else None)


def _typedorm_parse(pk: str, sk: str | None) -> Marker | None:
    if not pk.startswith("DRM_GEN_") or (sk is not None and sk != pk):
        return None
    names, sep, value = pk[len("DRM_GEN_"):].partition("#")
    entity, dot, attribute = names.partition(".")
    if not sep or not dot or not entity or not attribute:
        return None
    return Marker(entity, attribute, value)


PRESETS: tuple[SchemaPreset, ...] = (
    SchemaPreset(
        PRESET_ARTICLE, "The source article (UNIQ#<NAME>#<value> / LOCK)",
        "One lock per value: PK UNIQ#EMAIL#<value> (UNIQ#HANDLE# for usernames), SK LOCK; "
        "accounts ACCT#<id> / PROFILE.",
        "seeds/ (the source article)", "UNIQ#EMAIL#ada@lovelace.io / LOCK", _article_rule),
    SchemaPreset(
        PRESET_ONETABLE, "OneTable (dynamodb-onetable)",
        "A unique field's marker has PK _unique#<Model>#<attribute>#<value> and SK _unique#, and "
        "_type = _Unique; the value is stored as written. Markers do not name their owner.",
        "sensedeep/dynamodb-onetable src/Model.js (createUnique, updateUnique, removeUnique), "
        "src/Schema.js (createUniqueModel)",
        "_unique#User#email#ada@example.com / _unique#", _onetable_rule, _onetable_parse, "_type"),
    SchemaPreset(
        PRESET_ONETABLE_COLON, "OneTable, early releases (colon separators)",
        "Early OneTable releases wrote PK _unique:<Model>:<attribute>:<value> and SK _unique: "
        "(reported as issue #105, then changed to #). Markers do not name their owner.",
        "sensedeep/dynamodb-onetable src/Table.js (the _Unique model) and src/Model.js "
        "(createUnique) before the # change",
        "_unique:User:email:ada@example.com / _unique:", _onetable_colon_rule, _onetable_colon_parse,
        "_type"),
    SchemaPreset(
        PRESET_TYPEDORM, "TypeDORM (@typedorm/core)",
        "An attribute declared unique: true gets a marker whose PK, and SK on a table with a sort "
        "key, are both DRM_GEN_<ENTITY>.<ATTRIBUTE>#<value> (names upper-cased, the value as "
        "written). Markers hold only their key: they do not name their owner.",
        "typedorm/typedorm packages/core/src/classes/metadata/attribute-metadata.ts "
        "(autoGeneratedPrimaryKeySchema), packages/common/src/constants.ts (DRM_GEN)",
        "DRM_GEN_USER.EMAIL#ada@example.com / the same", _typedorm_rule, _typedorm_parse,
        None, True),
)


def preset_names() -> tuple[str, ...]:
    return tuple(p.name for p in PRESETS)


def get_preset(name: str) -> SchemaPreset:
    """The preset called ``name``; a SchemaError naming the presets otherwise."""
    for preset in PRESETS:
        if preset.name == name:
            return preset
    raise SchemaError(f"there is no schema preset called {name!r}; the presets are: "
                      f"{', '.join(preset_names())}.")


# --------------------------------------------------------------------------- detection


def _key_names(preset: SchemaPreset, parse: Callable[[str, str | None], Marker | None],
               sample: Sequence[Mapping[str, Any]],
               table: TableInfo | None) -> tuple[str | None, str | None]:
    """The table's key names; without a table (an export), the attributes markers sit in."""
    if table is not None:
        return table.partition_key.name, table.sort_key.name if table.sort_key else None
    pks: Counter[str] = Counter()
    for item in sample:
        for name, av in item.items():
            text = string_value(av)
            if text is not None and parse(text, None) is not None:
                pks[name] += 1
    if not pks:
        return None, None
    pk_name = pks.most_common(1)[0][0]
    # The sort key is the attribute every marker's SK check passes on.
    sks: Counter[str] = Counter()
    markers = 0
    for item in sample:
        pk = string_value(item.get(pk_name))
        if pk is None or parse(pk, None) is None:
            continue
        markers += 1
        for name, av in item.items():
            text = string_value(av)
            if name != pk_name and text is not None and parse(pk, text) is not None:
                sks[name] += 1
    sk_name = next((n for n, c in sks.most_common() if c == markers), None)
    return pk_name, sk_name


def _prefix(pk: str) -> str | None:
    """An account key's fixed prefix: up to its first delimiter (# or :), or None."""
    cut = min((i for i in (pk.find(d) for d in _DELIMITERS) if i >= 0), default=-1)
    return pk[:cut + 1] if cut >= 0 else None


def detect_preset(items: Iterable[Mapping[str, Any]], table: TableInfo | None,
                  only: str | None = None) -> SchemaProposal | None:
    """A proposal from the first preset whose markers are in the sample (the one with the
    most markers when several are), or None when no preset's markers are there.

    ``only`` restricts the search to one preset (``dynoview audit --preset NAME``).
    """
    sample = list(items)
    best: tuple[int, SchemaProposal] | None = None
    for preset in PRESETS:
        if preset.parse is None or (only is not None and preset.name != only):
            continue
        found = _detect(preset, preset.parse, sample, table)
        if found is not None and (best is None or found[0] > best[0]):
            best = found
    return best[1] if best is not None else None


def _detect(preset: SchemaPreset, parse: Callable[[str, str | None], Marker | None],
            sample: Sequence[Mapping[str, Any]],
            table: TableInfo | None) -> tuple[int, SchemaProposal] | None:
    pk_name, sk_name = _key_names(preset, parse, sample, table)
    if pk_name is None:
        return None
    markers, others = _sort_markers(parse, sample, pk_name, sk_name)
    if not markers:
        return None
    notes: list[str] = []
    kind = preset.entity_attribute
    _drop_scoped_markers(markers, others, kind, notes)
    if not markers:
        return None
    count = {e: sum(len(v) for v in attrs.values()) for e, attrs in markers.items()}
    entity = max(sorted(count), key=lambda e: count[e])
    for other in sorted(set(markers) - {entity}):
        notes.append(f"Markers of {other} ({', '.join(sorted(markers[other]))}) were found too; a "
                     f"schema covers one kind of account, so audit {other} with a second schema.")
    candidates = _account_candidates(others, kind, entity, notes)
    keyed = markers[entity]
    attributes = {name: _account_attribute(preset, name, keyed[name], candidates, (pk_name, sk_name))
                  for name in sorted(keyed)}  # attribute as keyed -> the account attribute
    found = _Found(preset, pk_name, sk_name, entity, list(attributes.values()),
                   _index_names(table, attributes.values()), notes)
    marker_count = sum(count.values())
    summary = found.summary(marker_count)
    groups = _groups_by_prefix(candidates, pk_name)
    if not groups:
        return marker_count, found.without_accounts(summary)
    all_values = {v for values in keyed.values() for v in values}
    # Accounts: the group of candidates (by key prefix) whose values the markers hold most.
    prefix = max(sorted(groups), key=lambda p: found.overlap(groups[p], all_values))
    return marker_count, found.with_accounts(summary, prefix, groups[prefix])


def _sort_markers(parse: Callable[[str, str | None], Marker | None],
                  sample: Sequence[Mapping[str, Any]], pk_name: str, sk_name: str | None
                  ) -> tuple[dict[str, dict[str, set[str]]], list[Mapping[str, Any]]]:
    """The markers (entity -> attribute as keyed -> values) and the other keyed items."""
    markers: dict[str, dict[str, set[str]]] = {}
    others: list[Mapping[str, Any]] = []
    for item in sample:
        pk = string_value(item.get(pk_name))
        if pk is None:
            continue
        marker = parse(pk, string_value(item.get(sk_name)) if sk_name else None)
        if marker is None:
            others.append(item)
        else:
            markers.setdefault(marker.entity, {}).setdefault(marker.attribute, set()).add(marker.value)
    return markers, others


def _drop_scoped_markers(markers: dict[str, dict[str, set[str]]], others: list[Mapping[str, Any]],
                         kind: str | None, notes: list[str]) -> None:
    """OneTable's scope option puts a value before the model (_unique#<scope>#<Model>#...):
    such markers name no model of the table where the model should be."""
    types = {t for i in others if (t := string_value(i.get(kind))) is not None} if kind else set()
    if not types:
        return
    scoped = [e for e, attrs in markers.items() if e not in types and set(attrs) & types]
    for entity in scoped:
        del markers[entity]
    if scoped:
        notes.append(f"Some markers carry a scope before the model ({', '.join(sorted(scoped))}): "
                     "a value unique within a scope has no fixed lock prefix, so they were left out.")


def _account_candidates(others: list[Mapping[str, Any]], kind: str | None, entity: str,
                        notes: list[str]) -> list[Mapping[str, Any]]:
    """The items that may be accounts: of the entity's type when the preset records one."""
    candidates = [i for i in others if string_value(i.get(kind)) == entity] if kind else list(others)
    if kind and not candidates:
        notes.append(f"No item with {kind} = {entity} is in the sample, so accounts were looked for "
                     "among all other items.")
        candidates = list(others)
    return candidates


def _index_names(table: TableInfo | None, attributes: Iterable[str]) -> dict[str, str]:
    """The GSI keyed on each attribute, when the table has one."""
    index_names: dict[str, str] = {}
    if table is not None:
        for attribute in attributes:
            gsi = next((g.name for g in table.gsis if g.partition_key.name == attribute), None)
            if gsi:
                index_names[attribute] = gsi
    return index_names


def _groups_by_prefix(candidates: list[Mapping[str, Any]],
                      pk_name: str) -> dict[str, list[Mapping[str, Any]]]:
    groups: dict[str, list[Mapping[str, Any]]] = {}
    for item in candidates:
        prefix = _prefix(string_value(item.get(pk_name)) or "")
        if prefix:
            groups.setdefault(prefix, []).append(item)
    return groups


@dataclass
class _Found:
    """What the markers showed: the keys, the account entity, its unique attributes."""

    preset: SchemaPreset
    pk_name: str
    sk_name: str | None
    entity: str
    attributes: list[str]
    index_names: dict[str, str]
    notes: list[str]

    def summary(self, marker_count: int) -> str:
        preset = self.preset
        return (f"Preset {preset.title} matched: {marker_count} marker(s) like {preset.example}, "
                f"for {self.entity}: " + ", ".join(
                    f"{a} -> {preset.make_rule(self.entity, a, bool(self.sk_name)).pk_template}"
                    for a in self.attributes) + ".")

    def overlap(self, members: list[Mapping[str, Any]], all_values: set[str]) -> tuple[int, int]:
        hits = sum(1 for i in members for a in self.attributes if string_value(i.get(a)) in all_values)
        return hits, len(members)

    def build(self, prefix: str, account_sk: str | None = None) -> UniquenessSchema:
        return self.preset.build(self.pk_name, self.sk_name, entity=self.entity,
                                 attributes=self.attributes, account_pk_prefix=prefix,
                                 account_sk_value=account_sk, index_names=self.index_names)

    def without_accounts(self, summary: str) -> SchemaProposal:
        """No candidate has a key prefix: the prefix is a guess, and the notes say so."""
        entity, notes = self.entity, self.notes
        schema = self.build(f"{entity}#")
        notes.insert(0, summary)
        notes.append(f"No {entity} item with a key prefix (text up to # or :) is in the sample: "
                     f"account_pk_prefix {entity}# is a guess; set it to how {entity} keys begin.")
        return SchemaProposal(schema, tuple(notes), False)

    def with_accounts(self, summary: str, prefix: str,
                      members: list[Mapping[str, Any]]) -> SchemaProposal:
        """Accounts are the items whose key begins ``prefix``: the schema, and notes on how sure."""
        pk_name, entity, notes = self.pk_name, self.entity, self.notes
        account_sk = self.account_sk(prefix, members)
        notes.insert(0, f"{summary} Accounts: {self.where(prefix, account_sk)}.")
        pks = [string_value(i.get(pk_name)) for i in members]
        if len(set(pks)) < len(pks):
            notes.append(f"Several {entity} items share a partition key; the audit tells accounts apart "
                         "by partition key only, so give account_sk_value if one sort key marks them.")
        notes.append(f"{self.preset.title} markers hold only their key, not the account that owns "
                     "them: diagnose looks for an orphan's owner in the table's stream and the action log.")
        return SchemaProposal(self.build(prefix, account_sk), tuple(notes), True)

    def account_sk(self, prefix: str, members: list[Mapping[str, Any]]) -> str | None:
        """The sort key every account shares, if there is one."""
        sks = {string_value(i.get(self.sk_name)) for i in members} if self.sk_name else set()
        account_sk = next(iter(sks)) if len(sks) == 1 else None
        if account_sk is not None and len(members) == 1:
            # One account cannot show a shared SK: one that repeats its id (TypeDORM's USER#1 /
            # USER#1) is the account's own.
            own = (string_value(members[0].get(self.pk_name)) or "")[len(prefix):]
            if own and own in account_sk:
                account_sk = None
        return account_sk

    def where(self, prefix: str, account_sk: str | None) -> str:
        """Which items are accounts, in words."""
        pk_name, sk_name, kind = self.pk_name, self.sk_name, self.preset.entity_attribute
        where = f"{pk_name} begins with {prefix}"
        if sk_name and account_sk is not None:
            where += f" and {sk_name} = {account_sk}"
        elif sk_name:
            where += f" (their {sk_name} varies, so every item whose {pk_name} begins {prefix} is an account)"
        if kind:
            where += f"; items whose {kind} is {self.entity}"
        return where


def _account_attribute(preset: SchemaPreset, keyed: str, values: set[str],
                       candidates: Sequence[Mapping[str, Any]], keys: tuple[str | None, ...]) -> str:
    """The account attribute a marker's key names. OneTable names it exactly; TypeDORM
    upper-cases it, so the attribute whose upper-case form matches (and whose values the
    markers hold most) is taken, else the lower-cased name."""
    if not preset.attribute_upper:
        return keyed
    hits: Counter[str] = Counter()
    for item in candidates:
        for name, av in item.items():
            if name not in keys and name.upper() == keyed:
                hits[name] += 1 + (string_value(av) in values)
    return hits.most_common(1)[0][0] if hits else keyed.lower()


def preset_schema(name: str, sample: Callable[[], list[dict[str, Any]]],
                  table: TableInfo | None) -> tuple[UniquenessSchema, str]:
    """The schema ``--preset NAME`` asks for, and a phrase saying where it came from.

    The article's layout needs no sample; a library's preset reads the model and attribute
    names from the markers in ``sample()`` (a SchemaError when it holds none).
    """
    preset = get_preset(name)
    if preset.parse is None:
        return default_schema(table), f"the {preset.name} preset (the source article's layout)"
    items = sample()
    proposal = detect_preset(items, table, only=name)
    if proposal is None:
        raise SchemaError(f"none of the {len(items):,} items sampled is a {preset.title} marker "
                          f"(like {preset.example}); check the table, or give --schema FILE.")
    return proposal.schema, f"the {preset.title} preset: " + " ".join(proposal.notes)
