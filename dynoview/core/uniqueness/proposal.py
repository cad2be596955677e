"""Proposing a uniqueness schema from a sample of items, for the user to confirm.

Locks are items whose partition key starts ``UNIQ#<NAME>#``. Accounts are the most common
PK prefix (up to its first ``#``) among the other items. Each lock name is matched to the
account attribute whose string values overlap its lock values most (exactly or after
lower-casing). The markers of libraries with a known layout (``presets``: OneTable,
TypeDORM) are looked for first, and the notes say which preset matched.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from dynoview.core.session.tables import TableInfo
from dynoview.core.uniqueness.presets import detect_preset
from dynoview.core.uniqueness.schema import (
    NORMALISE_LOWER,
    NORMALISE_NONE,
    NORMALISE_TRIM_LOWER,
    LockRule,
    SchemaProposal,
    UniquenessSchema,
    default_schema,
    string_value,
)

_LOCK_PK = re.compile(r"^(UNIQ#([^#]+)#)(.*)$", re.S)


@dataclass
class _Sample:
    """What one pass over the sample saw: locks by name, and the other items by account group."""

    lock_values: dict[str, set[str]] = field(default_factory=dict)
    lock_prefix: dict[str, str] = field(default_factory=dict)
    lock_sks: dict[str, Counter[str | None]] = field(default_factory=dict)
    account_groups: Counter[tuple[str, str | None]] = field(default_factory=Counter)
    others: list[Mapping[str, Any]] = field(default_factory=list)


def propose_schema(items: Iterable[Mapping[str, Any]], table: TableInfo | None) -> SchemaProposal:
    """Propose a schema from a sample of items (see the module's docstring for how)."""
    items = list(items)  # read twice: once for the presets, once for UNIQ#<NAME>#
    preset = detect_preset(items, table)
    if preset is not None:
        return preset
    base = default_schema(table)
    pk_name, sk_name = base.pk_name, base.sk_name
    sample = _read_sample(items, pk_name, sk_name)
    if not sample.lock_values:
        return SchemaProposal(base, ("No items with a UNIQ#<NAME># partition key were found in the "
                                     "sample; the article's default layout is proposed.",), False)
    best: tuple[int, tuple[str, str | None], list[LockRule]] | None = None
    for group, _count in sample.account_groups.most_common(10):
        score, rules = _rules_for_group(group, sample, pk_name, sk_name, table)
        if best is None or score > best[0]:
            best = (score, group, rules)
    if best is None or not best[2]:
        names = ", ".join(sorted(sample.lock_prefix.values()))
        return SchemaProposal(base, (f"Lock prefixes {names} were found, but no account attribute "
                                     "holds their values in the sample; edit the schema by hand.",),
                              False)
    _, (acct_prefix, acct_sk), rules = best
    notes = _notes(sample, rules, pk_name, sk_name, acct_prefix, acct_sk)
    schema = UniquenessSchema(pk_name, sk_name, acct_prefix, acct_sk if sk_name else None, tuple(rules))
    return SchemaProposal(schema, tuple(notes), True)


def _read_sample(items: list[Mapping[str, Any]], pk_name: str, sk_name: str | None) -> _Sample:
    """Sort the sample into UNIQ#<NAME># locks and candidate accounts (PK prefix, SK)."""
    sample = _Sample()
    for item in items:
        pk = string_value(item.get(pk_name))
        if pk is None:
            continue
        sk = string_value(item.get(sk_name)) if sk_name else None
        m = _LOCK_PK.match(pk)
        if m:
            name = m.group(2)
            sample.lock_prefix[name] = m.group(1)
            sample.lock_values.setdefault(name, set()).add(m.group(3))
            sample.lock_sks.setdefault(name, Counter())[sk] += 1
            continue
        if "#" in pk:
            sample.account_groups[(pk.split("#", 1)[0] + "#", sk)] += 1
            sample.others.append(item)
    return sample


def _rules_for_group(group: tuple[str, str | None], sample: _Sample, pk_name: str, sk_name: str | None,
                     table: TableInfo | None) -> tuple[int, list[LockRule]]:
    """The rules the accounts of one (PK prefix, SK) group would have, and how well they match."""
    members = [i for i in sample.others if string_value(i.get(pk_name), "").startswith(group[0])
               and (string_value(i.get(sk_name)) if sk_name else None) == group[1]]
    rules: list[LockRule] = []
    score = 0
    for name in sorted(sample.lock_values):
        matched = _lock_rule(name, members, sample, pk_name, sk_name, table)
        if matched is not None:
            hits, rule = matched
            score += hits
            rules.append(rule)
    return score, rules


def _lock_rule(name: str, members: list[Mapping[str, Any]], sample: _Sample, pk_name: str,
               sk_name: str | None, table: TableInfo | None) -> tuple[int, LockRule] | None:
    """The account attribute whose values the ``name`` locks hold most, as a rule (with its hits)."""
    values = sample.lock_values[name]
    lowered = {v.lower() for v in values}
    attr_score: Counter[str] = Counter()
    attr_lower: Counter[str] = Counter()
    for item in members:
        for attr, av in item.items():
            if attr in (pk_name, sk_name):
                continue
            text = string_value(av)
            if text is None:
                continue
            if text in values:
                attr_score[attr] += 1
            elif text.strip().lower() in lowered:
                attr_lower[attr] += 1
    total = attr_score + attr_lower
    if not total:
        return None
    attr, hits = total.most_common(1)[0]
    norm = NORMALISE_NONE
    if attr_lower[attr] > 0 and all(v == v.lower() for v in values):
        norm = NORMALISE_TRIM_LOWER if any(
            string_value(i.get(attr), "") != string_value(i.get(attr), "").strip() for i in members
        ) else NORMALISE_LOWER
    sk_value = sample.lock_sks[name].most_common(1)[0][0]
    index = None
    if table is not None:
        index = next((g.name for g in table.gsis if g.partition_key.name == attr), None)
    return hits, LockRule(attr, attr, f"{sample.lock_prefix[name]}{{value}}", sk_value, norm, index)


def _notes(sample: _Sample, rules: list[LockRule], pk_name: str, sk_name: str | None,
           acct_prefix: str, acct_sk: str | None) -> list[str]:
    """What the proposal saw: the account layout and rules first, then lock prefixes left over."""
    notes: list[str] = []
    matched = {r.pk_template.split("{value}")[0] for r in rules}
    for name, prefix in sorted(sample.lock_prefix.items()):
        if prefix not in matched:
            notes.append(f"Locks with prefix {prefix} match no account attribute in the sample, so "
                         f"no rule was proposed for {name}.")
    notes.insert(0, f"Accounts: {pk_name} begins with {acct_prefix}"
                 + (f" and {sk_name} = {acct_sk}" if sk_name else "") + "; "
                 + "; ".join(f"{r.attribute} -> {r.pk_template}" for r in rules) + ".")
    return notes
