"""Candidate account groups, and how well each holds the locked values.

Accounts are found among the sample's other items by PK prefix (up to its first ``#``): one
candidate group per sort key several of them share (``PROFILE``), and one of the items whose sort
key is their own (``USER#<id>`` / ``USER#<id>``). A group is scored by the locked values its
items hold one-to-one: each distinct (lock name, value) an item holds counts one, and each further
item holding the same value counts one against. Raw hits let orders copying the customer's email
(three per customer) outscore the accounts themselves.

Each attribute is compared with the locks under every normalisation (``forms.NORMALISATIONS``);
the one matching most locked values is the attribute's (the simplest of those that tie), so
``Straße`` locked as ``strasse`` is found to be ``nfkc+casefold``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from dynoview.core.uniqueness.forms import NORMALISATIONS, normalise
from dynoview.core.uniqueness.proposal_sample import Sample, prefix_of
from dynoview.core.uniqueness.schema import string_value


@dataclass
class Group:
    """Candidate accounts: a PK prefix and a shared sort key, or (``varying``) the items of the
    prefix whose sort key no other item has."""

    prefix: str
    sk: str | None
    varying: bool
    members: list[Mapping[str, Any]]

    def label(self, pk_name: str, sk_name: str | None) -> str:
        if self.sk is not None and sk_name:
            return f"{pk_name} {self.prefix}… / {sk_name} {self.sk}"
        if self.varying and sk_name:
            return f"{pk_name} {self.prefix}… with a {sk_name} of their own"
        return f"{pk_name} {self.prefix}…"


@dataclass
class AttrMatch:
    """How one attribute of a group holds one lock name's values, under its best normalisation."""

    mode: str
    holders: Counter[str]  # locked value -> how many items of the group hold it

    @property
    def distinct(self) -> int:
        return len(self.holders)

    @property
    def extra(self) -> int:
        """Items holding a value another item of the group holds too."""
        return sum(n - 1 for n in self.holders.values())

    @property
    def shared(self) -> int:
        """Values held by several items of the group."""
        return sum(1 for n in self.holders.values() if n > 1)


# lock name -> attribute -> its match
Matches = dict[str, dict[str, AttrMatch]]


def groups(sample: Sample, pk_name: str, sk_name: str | None) -> list[Group]:
    """The candidate account groups, largest first. A sort key several items of a prefix share
    marks a kind of item (``PROFILE``); items whose sort key is their own (``USER#<id>``, a
    per-account id) are one group together, not one group each."""
    by_prefix: dict[str, list[Mapping[str, Any]]] = {}
    for item in sample.others:
        by_prefix.setdefault(prefix_of(item, pk_name), []).append(item)
    found: list[Group] = []
    for prefix, items in by_prefix.items():
        if not sk_name:
            found.append(Group(prefix, None, False, items))
            continue
        sks = Counter(string_value(i.get(sk_name)) for i in items)
        for sk, count in sks.items():
            if sk is not None and count > 1:
                found.append(Group(prefix, sk, False, [i for i in items
                                                       if string_value(i.get(sk_name)) == sk]))
        own = [i for i in items if sks[string_value(i.get(sk_name))] == 1
               or string_value(i.get(sk_name)) is None]
        if own:
            found.append(Group(prefix, None, True, own))
    found.sort(key=lambda g: len(g.members), reverse=True)  # stable: sample order breaks ties
    return found


def match_group(members: list[Mapping[str, Any]], sample: Sample, pk_name: str,
                sk_name: str | None) -> Matches:
    """Each lock name's attributes that hold some of its values, with their best normalisation."""
    # name -> attr -> mode -> locked value -> holders
    seen: dict[str, dict[str, dict[str, Counter[str]]]] = {}
    for item in members:
        for attr, av in item.items():
            if attr in (pk_name, sk_name):
                continue
            text = string_value(av)
            if not text:
                continue
            forms = {mode: normalise(text, mode) for mode in NORMALISATIONS}
            for name, values in sample.lock_values.items():
                for mode, form in forms.items():
                    if form in values:
                        by_mode = seen.setdefault(name, {}).setdefault(attr, {})
                        by_mode.setdefault(mode, Counter())[form] += 1
    matches: Matches = {}
    for name, attrs in seen.items():
        for attr, by_mode in attrs.items():
            # Most values explained wins; NORMALISATIONS runs simplest first, so max keeps it.
            mode = max(NORMALISATIONS, key=lambda m: (len(by_mode.get(m, ())),
                                                      -NORMALISATIONS.index(m)))
            matches.setdefault(name, {})[attr] = AttrMatch(mode, by_mode[mode])
    return matches


def unfit_locks(sample: Sample, name: str, mode: str) -> list[str]:
    """The ``name`` locks' values a rule normalising with ``mode`` could never have written
    (``Ada`` under lowercase): their locks would all be orphans."""
    return sorted(v for v in sample.lock_values[name] if normalise(v, mode) != v)
