"""Proposing a uniqueness schema from a sample of items, for the user to confirm.

Locks are items whose partition key starts ``UNIQ#<NAME>#``. Accounts are found among the
other items by PK prefix (up to its first ``#``): one candidate group per sort key several of
them share (``PROFILE``), and one of the items whose sort key is their own (``USER#<id>`` /
``USER#<id>``), whose accounts then have no fixed sort key (``account_sk_value`` null). Each
lock name is matched to the account attribute whose string values overlap its lock values most
(exactly or after lower-casing); when two attributes hold the same values (a username equal to
the email), the one named like the lock (``HANDLE`` -> ``username``) is taken, and no two rules
share a name. The markers of libraries with a known layout (``presets``: OneTable, TypeDORM) are
looked for first, and the notes say which preset matched. Every proposal passes the checks a
schema file gets (``schema_file``).
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
    SchemaError,
    SchemaProposal,
    UniquenessSchema,
    default_schema,
    string_value,
)
from dynoview.core.uniqueness.schema_file import schema_from_json

_LOCK_PK = re.compile(r"^(UNIQ#([^#]+)#)(.*)$", re.S)
_LOCK_FAMILY = "UNIQ#"  # never an account prefix, even for a key the pattern above does not fit
# Attribute names that mean a lock word (compared lower-cased, without punctuation).
_SYNONYMS = {
    "handle": {"username", "user", "login", "nick", "nickname", "screenname"},
    "username": {"handle", "login", "user", "nick", "nickname"},
    "user": {"username", "handle", "login"},
    "login": {"username", "handle", "user"},
    "nick": {"nickname", "handle", "username"},
    "email": {"mail", "emailaddress"},
    "mail": {"email", "emailaddress"},
    "phone": {"phonenumber", "mobile", "tel", "telephone"},
}


@dataclass
class _Sample:
    """What one pass over the sample saw: locks by name, and the candidate accounts."""

    lock_values: dict[str, set[str]] = field(default_factory=dict)
    lock_prefix: dict[str, str] = field(default_factory=dict)
    lock_sks: dict[str, Counter[str | None]] = field(default_factory=dict)
    others: list[Mapping[str, Any]] = field(default_factory=list)


@dataclass
class _Group:
    """Candidate accounts: a PK prefix and a shared sort key, or (``varying``) the items of the
    prefix whose sort key no other item has."""

    prefix: str
    sk: str | None
    varying: bool
    members: list[Mapping[str, Any]]


@dataclass
class _Scores:
    """How many accounts hold each attribute's values among one lock name's values."""

    exact: Counter[str]
    lower: Counter[str]

    @property
    def total(self) -> Counter[str]:
        return self.exact + self.lower


def propose_schema(items: Iterable[Mapping[str, Any]], table: TableInfo | None) -> SchemaProposal:
    """Propose a schema from a sample of items (see the module's docstring for how)."""
    items = list(items)  # read twice: once for the presets, once for UNIQ#<NAME>#
    preset = detect_preset(items, table)
    if preset is not None:
        return SchemaProposal(_validated(preset.schema), preset.notes, preset.confident)
    base = default_schema(table)
    pk_name, sk_name = base.pk_name, base.sk_name
    sample = _read_sample(items, pk_name, sk_name)
    if not sample.lock_values:
        return SchemaProposal(base, ("No items with a UNIQ#<NAME># partition key were found in the "
                                     "sample; the article's default layout is proposed.",), False)
    best: tuple[int, _Group, list[LockRule], list[str]] | None = None
    for group in _groups(sample, pk_name, sk_name)[:10]:
        score, rules, ties = _rules_for_group(group.members, sample, pk_name, sk_name, table)
        if best is None or score > best[0]:
            best = (score, group, rules, ties)
    if best is None or not best[2]:
        names = ", ".join(sorted(sample.lock_prefix.values()))
        return SchemaProposal(base, (f"Lock prefixes {names} were found, but no account attribute "
                                     "holds their values in the sample; edit the schema by hand.",),
                              False)
    _, group, rules, ties = best
    acct_sk = _account_sk(group, rules, pk_name, sk_name) if sk_name else None
    notes = _notes(sample, rules, pk_name, sk_name, group.prefix, acct_sk) + ties
    if sk_name and acct_sk is None:
        notes += _mixed_note(sample, group, rules, pk_name, sk_name)
    schema = UniquenessSchema(pk_name, sk_name, group.prefix, acct_sk, tuple(rules))
    return SchemaProposal(_validated(schema), tuple(notes), True)


def _validated(schema: UniquenessSchema) -> UniquenessSchema:
    """The schema after the checks a schema file gets (unique rule names, lock keys apart from
    each other and from the accounts'): a proposal the audit cannot trust is not returned."""
    try:
        return schema_from_json(schema.to_json())
    except SchemaError as exc:
        raise SchemaError(f"the schema detected from the sample is not usable: {exc.message} "
                          "Write the schema by hand (a schema file, or the window's schema editor).",
                          exc.location) from None


def _read_sample(items: list[Mapping[str, Any]], pk_name: str, sk_name: str | None) -> _Sample:
    """Sort the sample into UNIQ#<NAME># locks and candidate accounts (keys with a ``#``)."""
    sample = _Sample()
    for item in items:
        pk = string_value(item.get(pk_name))
        if pk is None:
            continue
        m = _LOCK_PK.match(pk)
        if m:
            name = m.group(2)
            sample.lock_prefix[name] = m.group(1)
            sample.lock_values.setdefault(name, set()).add(m.group(3))
            sk = string_value(item.get(sk_name)) if sk_name else None
            sample.lock_sks.setdefault(name, Counter())[sk] += 1
            continue
        if "#" in pk and not pk.startswith(_LOCK_FAMILY):
            sample.others.append(item)
    return sample


def _prefix(item: Mapping[str, Any], pk_name: str) -> str:
    return string_value(item.get(pk_name), "").split("#", 1)[0] + "#"


def _groups(sample: _Sample, pk_name: str, sk_name: str | None) -> list[_Group]:
    """The candidate account groups, largest first. A sort key several items of a prefix share
    marks a kind of item (``PROFILE``); items whose sort key is their own (``USER#<id>``, a
    per-account id) are one group together, not one group each."""
    by_prefix: dict[str, list[Mapping[str, Any]]] = {}
    for item in sample.others:
        by_prefix.setdefault(_prefix(item, pk_name), []).append(item)
    groups: list[_Group] = []
    for prefix, items in by_prefix.items():
        if not sk_name:
            groups.append(_Group(prefix, None, False, items))
            continue
        sks = Counter(string_value(i.get(sk_name)) for i in items)
        for sk, count in sks.items():
            if sk is not None and count > 1:
                groups.append(_Group(prefix, sk, False, [i for i in items
                                                         if string_value(i.get(sk_name)) == sk]))
        own = [i for i in items if sks[string_value(i.get(sk_name))] == 1
               or string_value(i.get(sk_name)) is None]
        if own:
            groups.append(_Group(prefix, None, True, own))
    groups.sort(key=lambda g: len(g.members), reverse=True)  # stable: sample order breaks ties
    return groups


def _account_sk(group: _Group, rules: list[LockRule], pk_name: str, sk_name: str) -> str | None:
    """The accounts' sort key: the group's shared one; for the items with sort keys of their own,
    None (any sort key), unless a single account holds the values and its sort key does not
    repeat its id (``ACCT#1`` / ``PROFILE`` alone in the sample)."""
    if not group.varying:
        return group.sk
    holders = [i for i in group.members if any(string_value(i.get(r.attribute)) for r in rules)]
    if len(holders) != 1:
        return None
    sk = string_value(holders[0].get(sk_name))
    own = string_value(holders[0].get(pk_name), "")[len(group.prefix):]
    return None if sk is None or not own or own in sk else sk


def _rules_for_group(members: list[Mapping[str, Any]], sample: _Sample, pk_name: str,
                     sk_name: str | None, table: TableInfo | None
                     ) -> tuple[int, list[LockRule], list[str]]:
    """The rules these candidate accounts would have, how well they match, and notes on the
    lock names matched by their names because two attributes held the same values."""
    scores = {name: _attr_scores(name, members, sample, pk_name, sk_name)
              for name in sorted(sample.lock_values)}
    chosen, ties = _assign(sample, {n: s.total for n, s in scores.items() if s.total})
    rule_names = _rule_names(chosen)
    rules: list[LockRule] = []
    score = 0
    for name, (attr, _resolved) in chosen.items():
        score += scores[name].total[attr]
        rules.append(_make_rule(name, attr, rule_names[name], scores[name], members, sample, table))
    return score, rules, ties


def _attr_scores(name: str, members: list[Mapping[str, Any]], sample: _Sample, pk_name: str,
                 sk_name: str | None) -> _Scores:
    """How many candidate accounts hold each attribute's values among the ``name`` locks'."""
    values = sample.lock_values[name]
    lowered = {v.lower() for v in values}
    scores = _Scores(Counter(), Counter())
    for item in members:
        for attr, av in item.items():
            if attr in (pk_name, sk_name):
                continue
            text = string_value(av)
            if text is None:
                continue
            if text in values:
                scores.exact[attr] += 1
            elif text.strip().lower() in lowered:
                scores.lower[attr] += 1
    return scores


def _likeness(word: str, attr: str) -> int:
    """How much an attribute's name says it is what the lock word names: 2 the same word (or a
    synonym: HANDLE and username), 1 one name inside the other (MAIL and email), else 0."""
    w, a = (re.sub(r"[^a-z0-9]", "", t.lower()) for t in (word, attr))
    if not w or not a:
        return 0
    if w == a or a in _SYNONYMS.get(w, ()):
        return 2
    return 1 if (len(w) >= 3 and w in a) or (len(a) >= 3 and a in w) else 0


def _assign(sample: _Sample, totals: dict[str, Counter[str]]
            ) -> tuple[dict[str, tuple[str, bool]], list[str]]:
    """Each lock name's attribute (and whether the values alone decided it), and notes on the
    ties. The attribute holding most of the locks' values wins; among attributes that tie (a
    username equal to the email in every account), the one named like the lock word, else one
    no other lock name took. Names with one clear attribute are placed first."""
    def top(name: str) -> list[str]:
        best = max(totals[name].values())
        return sorted(a for a, n in totals[name].items() if n == best)

    chosen: dict[str, tuple[str, bool]] = {}
    notes: list[str] = []
    taken: set[str] = set()
    for name in sorted(totals, key=lambda n: (len(top(n)) > 1, n)):
        tied = top(name)
        like = max(_likeness(name, a) for a in tied)
        pick = [a for a in tied if _likeness(name, a) == like]
        attr = next((a for a in pick if a not in taken), pick[0])
        resolved = len(tied) == 1 or (like > 0 and len(pick) == 1)
        if len(tied) > 1:
            how = f"{attr} is named like it" if resolved else f"{attr} was taken"
            notes.append(f"The {sample.lock_prefix[name]} locks hold the values of "
                         f"{' and '.join(tied)} alike in the sample; {how}: check it.")
        taken.add(attr)
        chosen[name] = (attr, resolved)
    return dict(sorted(chosen.items())), notes


def _rule_names(chosen: dict[str, tuple[str, bool]]) -> dict[str, str]:
    """Each lock name's rule name: its attribute when that decided it and no other lock name
    with the same attribute is named like it, else the lock word lower-cased; never twice."""
    names: dict[str, str] = {}
    for name, (attr, resolved) in chosen.items():
        rivals = [n for n, (a, _) in chosen.items() if a == attr and n != name]
        own = resolved and not any(_likeness(n, attr) > _likeness(name, attr) for n in rivals) and (
            attr not in names.values())
        names[name] = attr if own else name.lower()
    used: set[str] = set()
    for name in chosen:
        base, n = names[name], 2
        while names[name] in used:
            names[name] = f"{base}{n}"
            n += 1
        used.add(names[name])
    return names


def _make_rule(name: str, attr: str, rule_name: str, scores: _Scores,
               members: list[Mapping[str, Any]], sample: _Sample, table: TableInfo | None) -> LockRule:
    """The rule locking ``attr`` under the ``name`` locks' prefix and sort key."""
    values = sample.lock_values[name]
    norm = NORMALISE_NONE
    if scores.lower[attr] > 0 and all(v == v.lower() for v in values):
        norm = NORMALISE_TRIM_LOWER if any(
            string_value(i.get(attr), "") != string_value(i.get(attr), "").strip() for i in members
        ) else NORMALISE_LOWER
    sk_value = sample.lock_sks[name].most_common(1)[0][0]
    index = None
    if table is not None:
        index = next((g.name for g in table.gsis if g.partition_key.name == attr), None)
    return LockRule(rule_name, attr, f"{sample.lock_prefix[name]}{{value}}", sk_value, norm, index)


def _notes(sample: _Sample, rules: list[LockRule], pk_name: str, sk_name: str | None,
           acct_prefix: str, acct_sk: str | None) -> list[str]:
    """What the proposal saw: the account layout and rules first, then lock prefixes left over."""
    notes: list[str] = []
    matched = {r.pk_template.split("{value}")[0] for r in rules}
    for name, prefix in sorted(sample.lock_prefix.items()):
        if prefix not in matched:
            notes.append(f"Locks with prefix {prefix} match no account attribute in the sample, so "
                         f"no rule was proposed for {name}.")
    where = f"Accounts: {pk_name} begins with {acct_prefix}"
    if sk_name and acct_sk is not None:
        where += f" and {sk_name} = {acct_sk}"
    elif sk_name:
        where += (f" (their {sk_name} varies, so every item whose {pk_name} begins {acct_prefix} "
                  "is an account)")
    rule_texts = [(f"{r.attribute}" if r.name == r.attribute else f"{r.name} ({r.attribute})")
                  + f" -> {r.pk_template}" for r in rules]
    notes.insert(0, where + "; " + "; ".join(rule_texts) + ".")
    return notes


def _mixed_note(sample: _Sample, group: _Group, rules: list[LockRule], pk_name: str,
                sk_name: str) -> list[str]:
    """With any sort key an account, the prefix's other items count as accounts too: say so
    when the sample has some, above all when they hold a protected attribute."""
    others = [i for i in sample.others if _prefix(i, pk_name) == group.prefix
              and not any(i is m for m in group.members)]
    if not others:
        return []
    sks = sorted({string_value(i.get(sk_name), "?") for i in others})
    holding = sorted({r.attribute for i in others for r in rules if string_value(i.get(r.attribute))})
    text = (f"{len(others)} other item(s) whose {pk_name} begins {group.prefix} ({sk_name} "
            f"{', '.join(sks[:3])}{'…' if len(sks) > 3 else ''}) count as accounts too")
    if holding:
        return [text + f", and some hold {', '.join(holding)}: their values would be compared as "
                "accounts' values. Set account_sk_value if one sort key marks the accounts."]
    return [text + f"; they hold no {', '.join(sorted({r.attribute for r in rules}))}, so they "
            "change no finding."]
