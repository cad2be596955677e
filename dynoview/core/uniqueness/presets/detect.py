"""Recognising a preset's markers in a sample of items, and proposing its schema.

``detect_preset`` (called first by ``propose_schema``) finds which library's markers a sample
holds, the table's key names when no description is at hand (an export), the account items
(by the library's type attribute and key prefix) and the account attribute each marker names.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from dynoview.core.session.tables import TableInfo
from dynoview.core.uniqueness.presets.base import Context, Marker, SchemaPreset
from dynoview.core.uniqueness.presets.layouts import PRESETS, get_preset
from dynoview.core.uniqueness.schema import (
    SchemaError,
    SchemaProposal,
    UniquenessSchema,
    default_schema,
    string_value,
)

Parse = Callable[[str, str | None], Marker | None]
# entity -> attribute as keyed -> values
Markers = dict[str, dict[str, set[str]]]


def _key_names(preset: SchemaPreset, parse: Parse,
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


def _detect(preset: SchemaPreset, parse: Parse,
            sample: Sequence[Mapping[str, Any]],
            table: TableInfo | None) -> tuple[int, SchemaProposal] | None:
    pk_name, sk_name = _key_names(preset, parse, sample, table)
    if pk_name is None or (preset.needs_sk and sk_name is None):
        return None
    markers, others, listed = _sort_markers(preset, parse, sample, pk_name, sk_name)
    if not markers:
        return None
    notes: list[str] = []
    _drop_foreign_markers(preset, markers, others, notes)
    if not markers:
        return None
    count = {e: len(listed[e]) for e in markers}  # the same value in two scopes is two markers
    entity = max(sorted(count), key=lambda e: count[e])
    for other in sorted(set(markers) - {entity}):
        notes.append(f"Markers of {other} ({', '.join(sorted(markers[other]))}) were found too; a "
                     f"schema covers one kind of account, so audit {other} with a second schema.")
    candidates = _account_candidates(preset, others, entity, notes)
    keyed = markers[entity]
    attributes = {name: _account_attribute(preset, name, keyed[name], candidates, (pk_name, sk_name))
                  for name in sorted(keyed)}  # attribute as keyed -> the account attribute
    context = Counter(m.context for m in listed[entity]).most_common(1)[0][0]
    if preset.find_context is not None:
        context = preset.find_context(listed[entity], candidates, attributes)
        if context:
            shown = ", ".join(c.replace("=", " scoped by ", 1) for c in context)
            notes.append(f"Each {entity}'s scope comes from its own attributes ({shown}): a value is "
                         "unique within its scope, and an account is paired with its scope's marker.")
        if len(context) < len(attributes):
            notes.append(f"No {entity} in the sample shows which attribute a scope is made of: a rule "
                         "whose scope is ${scope} has a placeholder; set it to the model's scope template.")
    found = _Found(preset, pk_name, sk_name, entity, list(attributes.values()),
                   _index_names(table, attributes.values()), notes, context)
    if preset.keys_lower and context and context[-1] == "lower":
        notes.append(f"{preset.title} lower-cases its keys, the value included: the rule's "
                     "normalisation is lowercase, so Ada@Example.com and ada@example.com need one "
                     "marker (and two accounts holding them are a duplicate).")
    marker_count = sum(count.values())
    summary = found.summary(marker_count)
    groups = _groups_by_prefix(preset, candidates, pk_name)
    if not groups:
        return marker_count, found.without_accounts(summary)
    all_values = {v for values in keyed.values() for v in values}
    # Accounts: the group of candidates (by key prefix) whose values the markers hold most.
    prefix = max(sorted(groups), key=lambda p: found.overlap(groups[p], all_values))
    return marker_count, found.with_accounts(summary, prefix, groups[prefix])


def _sort_markers(preset: SchemaPreset, parse: Parse, sample: Sequence[Mapping[str, Any]],
                  pk_name: str, sk_name: str | None
                  ) -> tuple[Markers, list[Mapping[str, Any]], dict[str, list[Marker]]]:
    """The markers (entity -> attribute as keyed -> values), the other keyed items, and each
    entity's markers as parsed (their context and scope)."""
    markers: Markers = {}
    others: list[Mapping[str, Any]] = []
    listed: dict[str, list[Marker]] = {}
    for item in sample:
        pk = string_value(item.get(pk_name))
        if pk is None:
            continue
        marker = parse(pk, string_value(item.get(sk_name)) if sk_name else None)
        if marker is not None and preset.tags is not None and not preset.tags(item, marker):
            marker = None  # the key's shape without the library's tags: not its marker
        if marker is None:
            others.append(item)
        else:
            markers.setdefault(marker.entity, {}).setdefault(marker.attribute, set()).add(marker.value)
            listed.setdefault(marker.entity, []).append(marker)
    return markers, others, listed


def _drop_foreign_markers(preset: SchemaPreset, markers: Markers, others: list[Mapping[str, Any]],
                          notes: list[str]) -> None:
    """OneTable's scope option puts a value before the model (_unique#<scope>#<Model>#...).
    Read unscoped, such a marker names no model of the table where the model should be; read
    scoped, an unscoped marker whose value holds '#' does the same. Either is left out."""
    kind = preset.entity_attribute
    types = {t for i in others if (t := string_value(i.get(kind))) is not None} if kind else set()
    if not types or preset.parse is None or preset.keys_lower:
        return
    if preset.scoped:
        foreign = [e for e in markers if e not in types]
        what = ("Some markers name no model of the table after their scope ({}): they were left out "
                "(an unscoped marker whose value holds '#' reads so).")
    else:
        foreign = [e for e, attrs in markers.items() if e not in types and set(attrs) & types]
        what = ("Some markers carry a scope before the model ({}): a value unique within a scope has "
                "no fixed lock prefix; audit them with the onetable-scoped preset.")
    for entity in foreign:
        del markers[entity]
    if foreign:
        notes.append(what.format(", ".join(sorted(foreign))))


def _account_candidates(preset: SchemaPreset, others: list[Mapping[str, Any]], entity: str,
                        notes: list[str]) -> list[Mapping[str, Any]]:
    """The items that may be accounts: of the entity's type when the preset records one (the
    key may spell it lower-cased, the type attribute as written)."""
    kind = preset.entity_attribute
    fold: Callable[[str], str] = str.lower if preset.keys_lower else str
    candidates = ([i for i in others if fold(string_value(i.get(kind), "")) == entity] if kind
                  else list(others))
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


def _groups_by_prefix(preset: SchemaPreset, candidates: list[Mapping[str, Any]],
                      pk_name: str) -> dict[str, list[Mapping[str, Any]]]:
    groups: dict[str, list[Mapping[str, Any]]] = {}
    for item in candidates:
        prefix = preset.account_prefix(string_value(item.get(pk_name)) or "")
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
    context: Context = ()

    def summary(self, marker_count: int) -> str:
        preset = self.preset
        rules = [preset.make_rule(self.entity, a, bool(self.sk_name), self.context)
                 for a in self.attributes]
        return (f"Preset {preset.title} matched: {marker_count} marker(s) like {preset.example}, "
                f"for {self.entity}: " + ", ".join(
                    f"{r.attribute} -> {r.pk_template}" + (f" / {r.sk_value}" if preset.needs_sk else "")
                    for r in rules) + ".")

    def overlap(self, members: list[Mapping[str, Any]], all_values: set[str]) -> tuple[int, int]:
        hits = sum(1 for i in members for a in self.attributes if string_value(i.get(a)) in all_values)
        return hits, len(members)

    def build(self, prefix: str, account_sk: str | None = None) -> UniquenessSchema:
        return self.preset.build(self.pk_name, self.sk_name, entity=self.entity,
                                 attributes=self.attributes, account_pk_prefix=prefix,
                                 account_sk_value=account_sk, index_names=self.index_names,
                                 context=self.context)

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
        notes.append(f"{self.preset.title} markers do not name the account that owns them: the audit "
                     "pairs them with accounts by value, and diagnose looks for an orphan's owner in "
                     "the table's stream and the action log.")
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
    if not preset.attribute_upper and not preset.keys_lower:
        return keyed
    fold: Callable[[str], str] = str.upper if preset.attribute_upper else str.lower
    hits: Counter[str] = Counter()
    for item in candidates:
        for name, av in item.items():
            if name not in keys and fold(name) == keyed:
                hits[name] += 1 + (string_value(av) in values)
    return hits.most_common(1)[0][0] if hits else (keyed.lower() if preset.attribute_upper else keyed)


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
