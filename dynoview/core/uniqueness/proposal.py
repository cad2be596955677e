"""Proposing a uniqueness schema from a sample of items, for the user to confirm.

Locks are items whose partition key starts ``UNIQ#<NAME>#``; their sort key is a fixed word or
repeats the value (``proposal_sample``). Accounts are the candidate group (``proposal_match``:
a PK prefix and a shared sort key, or the prefix's items with a sort key of their own) holding
the locked values one-to-one in most lock kinds. Each lock name is matched to the account
attribute whose values explain most of its locks, under the normalisation that explains most;
when two attributes hold the same values (a username equal to the email), the one named like
the lock (``HANDLE`` -> ``username``) is taken, and no two rules share a name. The markers of
libraries with a known layout (``presets``: OneTable, TypeDORM) are looked for first, and the
notes say which preset matched. Every proposal passes the checks a schema file gets
(``schema_file``). A proposal that cannot decide (two groups fit alike, values each held by
several items, lock sort keys without one pattern, locks no normalisation writes) is returned
with ``confident`` False and a note naming what is unsure.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from dynoview.core.session.tables import TableInfo
from dynoview.core.uniqueness.presets import detect_preset
from dynoview.core.uniqueness.proposal_match import Group, groups, match_group, unfit_locks
from dynoview.core.uniqueness.proposal_sample import Sample, lock_sort_key, prefix_of, read_sample
from dynoview.core.uniqueness.schema import (
    NORMALISE_NONE,
    LockRule,
    SchemaError,
    SchemaProposal,
    UniquenessSchema,
    default_schema,
    string_value,
)
from dynoview.core.uniqueness.schema_file import schema_from_json

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
# A runner-up group scoring this share of the best one or more makes the choice a guess.
_CLOSE = 0.8


@dataclass
class _Fit:
    """One candidate group as the accounts: its rules, its score (distinct locked values held,
    less the items holding a value another item holds too), and what was unsure."""

    group: Group
    rules: list[LockRule]
    ties: list[str]
    score: int = 0
    distinct: int = 0
    unsure: list[str] = field(default_factory=list)


def propose_schema(items: Iterable[Mapping[str, Any]], table: TableInfo | None) -> SchemaProposal:
    """Propose a schema from a sample of items (see the module's docstring for how)."""
    items = list(items)  # read twice: once for the presets, once for UNIQ#<NAME>#
    preset = detect_preset(items, table)
    if preset is not None:
        return SchemaProposal(_validated(preset.schema), preset.notes, preset.confident)
    base = default_schema(table)
    pk_name, sk_name = base.pk_name, base.sk_name
    sample = read_sample(items, pk_name, sk_name)
    if not sample.lock_values:
        return SchemaProposal(base, ("No items with a UNIQ#<NAME># partition key were found in the "
                                     "sample; the article's default layout is proposed.",), False)
    # Groups partition the candidates, so scoring all of them reads the sample once.
    fits = [f for g in groups(sample, pk_name, sk_name)
            if (f := _fit(g, sample, pk_name, sk_name, table)).rules]
    if not fits:
        names = ", ".join(sorted(sample.lock_prefix.values()))
        return SchemaProposal(base, (f"Lock prefixes {names} were found, but no account attribute "
                                     "holds their values in the sample; edit the schema by hand.",),
                              False)
    fits.sort(key=lambda f: (f.score, f.distinct), reverse=True)  # stable: larger groups first
    best = fits[0]
    group, rules = best.group, best.rules
    acct_sk = _account_sk(group, rules, pk_name, sk_name) if sk_name else None
    notes = _notes(sample, rules, pk_name, sk_name, group.prefix, acct_sk) + best.ties
    unsure = best.unsure + _rivals(best, fits[1:], pk_name, sk_name)
    if sk_name and acct_sk is None:
        mixed, holding = _mixed_note(sample, group, rules, pk_name, sk_name)
        notes += mixed
        if holding:
            unsure.append(f"Unsure which {pk_name} {group.prefix} items are the accounts: other "
                          "items of the prefix hold locked values too.")
    schema = UniquenessSchema(pk_name, sk_name, group.prefix, acct_sk, tuple(rules))
    return SchemaProposal(_validated(schema), tuple(notes + unsure), not unsure)


def _fit(group: Group, sample: Sample, pk_name: str, sk_name: str | None,
         table: TableInfo | None) -> _Fit:
    """The rules ``group`` would have as the accounts, and how well it holds the locks."""
    matches = match_group(group.members, sample, pk_name, sk_name)
    totals = {name: Counter({a: m.distinct for a, m in attrs.items()})
              for name, attrs in sorted(matches.items())}
    chosen, ties = _assign(sample, totals)
    rule_names = _rule_names(chosen)
    fit = _Fit(group, [], ties)
    label = group.label(pk_name, sk_name)
    for name, (attr, _resolved) in chosen.items():
        match = matches[name][attr]
        fit.score += match.distinct - match.extra
        fit.distinct += match.distinct
        prefix = sample.lock_prefix[name]
        if match.shared and match.shared * 2 > match.distinct:
            value, count = match.holders.most_common(1)[0]
            fit.unsure.append(
                f"{match.shared} of the {match.distinct} {attr} values locked under {prefix} are "
                f"each held by several {label} items ({value!r} by {count}): other items copy "
                "the value, and the accounts could not be told apart from them. Set the "
                "accounts' prefix and sort key by hand.")
        unfit = unfit_locks(sample, name, match.mode)
        if unfit:
            fit.unsure.append(f"{len(unfit)} {prefix} lock(s) ({unfit[0]!r}…) are not in the "
                              f"form {match.mode} writes, which explains the others: check the "
                              f"{rule_names[name]} rule's normalisation.")
        sk = lock_sort_key(sample, name)
        if sk.unsure:
            fit.unsure.append(sk.unsure)
        fit.rules.append(_make_rule(name, attr, rule_names[name], match.mode, sk.value, sample,
                                    table))
    return fit


def _rivals(best: _Fit, others: list[_Fit], pk_name: str, sk_name: str | None) -> list[str]:
    """Why the best group is a guess: none holds the values one-to-one, or another fits alike."""
    label = best.group.label(pk_name, sk_name)
    if best.score <= 0:
        return [f"No candidate accounts hold the locked values one-to-one; the {label} items "
                "were taken, but they hold each value several times: check the accounts' "
                "prefix and sort key."]
    rival = next((f for f in others if f.score > 0), None)
    if rival is None or rival.score < best.score * _CLOSE:
        return []
    return [f"The {label} items and the {rival.group.label(pk_name, sk_name)} items hold the "
            f"locked values alike ({best.score} and {rival.score} one-to-one matches); the "
            "first were taken as the accounts: check it."]


def _validated(schema: UniquenessSchema) -> UniquenessSchema:
    """The schema after the checks a schema file gets (unique rule names, lock keys apart from
    each other and from the accounts'): a proposal the audit cannot trust is not returned."""
    try:
        return schema_from_json(schema.to_json())
    except SchemaError as exc:
        raise SchemaError(f"the schema detected from the sample is not usable: {exc.message} "
                          "Write the schema by hand (a schema file, or the window's schema editor).",
                          exc.location) from None


def _account_sk(group: Group, rules: list[LockRule], pk_name: str, sk_name: str) -> str | None:
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


def _likeness(word: str, attr: str) -> int:
    """How much an attribute's name says it is what the lock word names: 2 the same word (or a
    synonym: HANDLE and username), 1 one name inside the other (MAIL and email), else 0."""
    w, a = (re.sub(r"[^a-z0-9]", "", t.lower()) for t in (word, attr))
    if not w or not a:
        return 0
    if w == a or a in _SYNONYMS.get(w, ()):
        return 2
    return 1 if (len(w) >= 3 and w in a) or (len(a) >= 3 and a in w) else 0


def _assign(sample: Sample, totals: dict[str, Counter[str]]
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


def _make_rule(name: str, attr: str, rule_name: str, mode: str, sk_value: str | None,
               sample: Sample, table: TableInfo | None) -> LockRule:
    """The rule locking ``attr`` under the ``name`` locks' prefix and sort key."""
    index = None
    if table is not None:
        index = next((g.name for g in table.gsis if g.partition_key.name == attr), None)
    return LockRule(rule_name, attr, f"{sample.lock_prefix[name]}{{value}}", sk_value, mode, index)


def _notes(sample: Sample, rules: list[LockRule], pk_name: str, sk_name: str | None,
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
                  + f" -> {r.pk_template}" + (f" / {r.sk_value}" if r.sk_template else "")
                  + (f" ({r.normalisation})" if r.normalisation != NORMALISE_NONE else "")
                  for r in rules]
    notes.insert(0, where + "; " + "; ".join(rule_texts) + ".")
    return notes


def _mixed_note(sample: Sample, group: Group, rules: list[LockRule], pk_name: str,
                sk_name: str) -> tuple[list[str], bool]:
    """With any sort key an account, the prefix's other items count as accounts too: say so
    when the sample has some, above all when they hold a protected attribute; and whether any
    holds a locked value (the audit would then count it as a second holder)."""
    others = [i for i in sample.others if prefix_of(i, pk_name) == group.prefix
              and not any(i is m for m in group.members)]
    if not others:
        return [], False
    sks = sorted({string_value(i.get(sk_name), "?") for i in others})
    holding = sorted({r.attribute for i in others for r in rules if string_value(i.get(r.attribute))})
    locked = {r.name: sample.lock_values.get(_lock_name(sample, r), set()) for r in rules}
    held = any(r.held_form(i) in locked[r.name] for i in others for r in rules)
    text = (f"{len(others)} other item(s) whose {pk_name} begins {group.prefix} ({sk_name} "
            f"{', '.join(sks[:3])}{'…' if len(sks) > 3 else ''}) count as accounts too")
    if holding:
        return [text + f", and some hold {', '.join(holding)}: their values would be compared as "
                "accounts' values. Set account_sk_value if one sort key marks the accounts."], held
    return [text + f"; they hold no {', '.join(sorted({r.attribute for r in rules}))}, so they "
            "change no finding."], False


def _lock_name(sample: Sample, rule: LockRule) -> str:
    """The lock name (``EMAIL``) whose prefix a proposed rule's template starts with."""
    return next(n for n, p in sample.lock_prefix.items() if rule.pk_template == p + "{value}")
