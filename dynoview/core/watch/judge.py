"""Judging the classes a round of records touched, with the one engine.

A finding belongs to one class (scope): ``("C", rule, clash key)`` holds the missing, orphan,
duplicate, expired and case-clash findings of the forms sharing that clash key (a case
clash's value is its clash key; the others' value is the form itself); ``("L", rule,
lookalike key)`` a lookalike clash (its value is the lookalike key); ``("A", account id)``
an expired account item. A touched form's class is its clash class, or its whole lookalike
class when that holds a form outside ASCII (``classes``). A fresh ``Pairing`` is fed the
items of those classes, rebuilt from the state (each lock; each holder of a form as an
account holding that form: every normalisation gives a normalised value back unchanged), and
its findings replace the classes' old ones. A rule unique per scope is judged on its forms
(scope, middle, value) like the engine pairs it: see ``scoped`` for how its accounts are rebuilt.

A live lock is rebuilt with its TTL when the state knows one (``lock_ttl``: a TTL ahead when it
was written or seeded), so a lock no account holds is a reservation (``uniqueness.reservation``)
with the same ``reserved_until`` and sentence as a fresh audit gives it; an expired lock gets a
TTL just past.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from dynoview.core.uniqueness.findings import CASE_CLASH, LOOKALIKE_CLASH, Finding
from dynoview.core.uniqueness.forms import clash_key
from dynoview.core.uniqueness.locks_table import pair_tables
from dynoview.core.uniqueness.schema import UniquenessSchema
from dynoview.core.watch.classes import RuleForms
from dynoview.core.watch.events import APPEARED, CHANGED, RESOLVED, Cause, FindingChange
from dynoview.core.watch.scoped import account_attributes, judging_schema

Scope = tuple[str, ...]


@dataclass
class Touched:
    """What one round of records touched: forms and accounts, and what caused each."""

    causes: dict[Scope, list[Cause]] = field(default_factory=dict)
    forms: set[tuple[int, str]] = field(default_factory=set)
    accounts: set[str] = field(default_factory=set)  # whose item's expiry changed

    def form(self, rule: int, form: str, cause: Cause) -> None:
        self.forms.add((rule, form))
        self._cause(("F", str(rule), form), cause)

    def account(self, account_id: str, cause: Cause) -> None:
        self.accounts.add(account_id)
        self._cause(("A", account_id), cause)

    def _cause(self, scope: Scope, cause: Cause) -> None:
        causes = self.causes.setdefault(scope, [])
        if not causes or causes[-1] is not cause:
            causes.append(cause)

    def __bool__(self) -> bool:
        return bool(self.forms or self.accounts)


def identity(finding: Finding) -> tuple[Any, ...]:
    """What makes a finding the same finding as its members change."""
    return (finding.status, finding.rule, finding.value,
            finding.account_ids if finding.rule is None else ())


def scope_of(finding: Finding, rules: list[RuleForms]) -> Scope:
    """The class a finding belongs to (see the module doc)."""
    if finding.rule is None:
        return ("A", finding.account_ids[0] if finding.account_ids else "")
    value = finding.value or ""
    if finding.status == LOOKALIKE_CLASH:
        return ("L", finding.rule, value)
    if finding.status == CASE_CLASH:
        return ("C", finding.rule, value)
    forms = next((f for f in rules if f.rule.name == finding.rule), None)
    return ("C", finding.rule, forms.clash_key(value) if forms is not None else clash_key(value))


class Judge:
    """Judges touched classes for a state (its rules, account SKs and expiry)."""

    def __init__(self, schema: UniquenessSchema, ttl_attribute: str | None, rules: list[RuleForms],
                 account_sk: Callable[[str], str | None], account_expired: Callable[[str], bool],
                 *, locks_ttl: str | None = None,
                 lock_ttl: Callable[[int, str], float | None] | None = None) -> None:
        self.schema = schema
        # Scoped rules read their scope from an attribute of the rebuilt accounts (``scoped``).
        self.pairing_schema, self.scope_attributes = judging_schema(schema)
        self.ttl_attribute = ttl_attribute
        # The locks' TTL attribute: the locks table's own when they have one (else the table's).
        self.locks_ttl = locks_ttl if schema.locks is not None else ttl_attribute
        self.rules = rules
        self.account_sk = account_sk
        self.account_expired = account_expired
        # A live lock's TTL (epoch seconds) by (rule index, stored form), when it has one.
        self.lock_ttl = lock_ttl
        self._key_and_ttl = {n for n in (schema.pk_name, schema.sk_name, ttl_attribute) if n}

    def changes(self, touched: Touched, findings: dict[Scope, list[Finding]],
                now: datetime) -> list[FindingChange]:
        """Judge the touched classes again; update ``findings`` (by scope); what differs."""
        if not touched:
            return []
        scopes, members, causes = self._scopes(touched)
        found = self._engine(members, touched.accounts, now)
        out: list[FindingChange] = []
        for scope in sorted(scopes):
            old = findings.pop(scope, [])
            new = found.get(scope, [])
            if new:
                findings[scope] = new
            out.extend(differences(old, new, tuple(causes.get(scope, ()))))
        return out

    def _scopes(self, touched: Touched) -> tuple[set[Scope], dict[int, set[str]], dict[Scope, list[Cause]]]:
        """The scopes to judge, the forms to feed the engine per rule, and each scope's causes.
        A touched form's lookalike scope is judged too (when a lookalike clash may exist), so
        one a write ended is resolved."""
        scopes: set[Scope] = set()
        causes: dict[Scope, list[Cause]] = {}
        for account_id in touched.accounts:
            scope: Scope = ("A", account_id)
            scopes.add(scope)
            causes[scope] = touched.causes[scope]
        members: dict[int, set[str]] = {}
        for index, form in touched.forms:
            forms = self.rules[index]
            name = forms.rule.name
            key = forms.clash_key(form)  # a scoped rule's: per scope
            group = members.setdefault(index, set())
            judged: list[Scope] = [("C", name, key)]
            # A lookalike clash needs an odd form (outside ASCII, or padded): with none in the
            # rule (most tables) and a tidy ASCII form, there is no lookalike scope to judge.
            look = forms.lookalike_key(form) if forms.odd or forms.is_odd(form) else None
            if look is not None:
                judged.append(("L", name, look))
            if look is not None and forms.has_lookalikes(look):
                whole = forms.lookalike_class(look)
                group |= whole
                judged += [("C", name, k) for k in {forms.clash_key(m) for m in whole}]
            else:
                group |= forms.clash_class(key)
            for judged_scope in judged:
                scopes.add(judged_scope)
                into = causes.setdefault(judged_scope, [])
                seen = {id(c) for c in into}
                into.extend(c for c in touched.causes[("F", str(index), form)] if id(c) not in seen)
        return scopes, members, causes

    def _engine(self, members: Mapping[int, set[str]], accounts: set[str],
                now: datetime) -> dict[Scope, list[Finding]]:
        """Feed the engine the items of the classes being judged (and the accounts whose
        expiry changed) as the table holds them; its findings by scope."""
        schema = self.schema
        pk_name, sk_name = schema.lock_pk_name, schema.lock_sk_name
        locks_ttl = self.locks_ttl
        items: list[dict[str, Any]] = []
        # Per account its rebuilt items: one, or more when it holds two forms of a rule (its
        # items hold several values: ``account_items``), all under its key as the audit reads them.
        account_items: dict[str, list[dict[str, Any]]] = {}
        slots: dict[tuple[str, int], int] = {}  # (account, rule) -> forms of the rule given so far
        expired_ttl = {"N": str(int(now.timestamp()) - 1)}
        for index, group in sorted(members.items()):
            forms = self.rules[index]
            rule, scope_attribute = forms.rule, self.scope_attributes[index]
            for form in sorted(group):
                lock = forms.locks.get(form)
                if lock is not None:
                    item = forms.lock_key(pk_name, sk_name, form)
                    if locks_ttl:
                        ttl = expired_ttl if lock else self._live_ttl(index, form)
                        if ttl is not None:
                            item[locks_ttl] = ttl
                    items.append(item)
                holders = forms.holders_of(form)
                if holders:
                    held = account_attributes(rule, scope_attribute, form)
                    for account_id in holders:
                        slot = slots[(account_id, index)] = slots.get((account_id, index), -1) + 1
                        self._hold(account_items, account_id, expired_ttl, held, slot)
        for account_id in accounts:
            self._account_items(account_items, account_id, expired_ttl)
        # One table: one feed. A locks table: its locks classified over its own view and merged.
        rebuilt = [item for held in account_items.values() for item in held]
        pairing = pair_tables(self.pairing_schema, rebuilt, items,
                              accounts_ttl=self.ttl_attribute, locks_ttl=locks_ttl, now=now)
        out: dict[Scope, list[Finding]] = {}
        for finding in pairing.findings():
            scope = scope_of(finding, self.rules)
            if scope[0] == "A" and scope[1] not in accounts:
                continue  # an account fed for its values, its expiry unchanged
            out.setdefault(scope, []).append(finding)
        return out

    def _live_ttl(self, index: int, form: str) -> dict[str, str] | None:
        """A live lock's TTL as the table holds it: the audit calls a lock no account holds a
        reservation while it is ahead (and says until when), expired once it has passed.
        ``repr`` gives the float back exactly, so the time read is the one the item holds."""
        at = self.lock_ttl(index, form) if self.lock_ttl is not None else None
        return {"N": repr(at)} if at is not None else None

    def _account_items(self, items: dict[str, list[dict[str, Any]]], account_id: str,
                       expired_ttl: dict[str, str]) -> list[dict[str, Any]]:
        held = items.get(account_id)
        if held is None:
            schema = self.schema
            item = {schema.pk_name: {"S": account_id}}
            sk = schema.account_sk_value
            if sk is None:
                sk = self.account_sk(account_id)
            if schema.sk_name and sk is not None:
                item[schema.sk_name] = {"S": sk}
            if self.ttl_attribute and self.account_expired(account_id):
                item[self.ttl_attribute] = expired_ttl
            held = items[account_id] = [item]
        return held

    def _hold(self, items: dict[str, list[dict[str, Any]]], account_id: str,
              expired_ttl: dict[str, str], attributes: dict[str, Any], slot: int) -> None:
        """Give the account's rebuilt item number ``slot`` ``attributes`` (its ``slot``-th form of
        a rule): the first form of each rule in its one item, as ever; a second form of a rule
        (held by another item of the account) in a second item under the same key."""
        held = self._account_items(items, account_id, expired_ttl)
        while len(held) <= slot:
            held.append({name: value for name, value in held[0].items() if name in self._key_and_ttl})
        held[slot].update(attributes)


def differences(old: list[Finding], new: list[Finding], causes: tuple[Cause, ...]) -> list[FindingChange]:
    """What appeared, was resolved or changed between two lists of one scope's findings."""
    before = {identity(f): f for f in old}
    after = {identity(f): f for f in new}
    out: list[FindingChange] = []
    for key, finding in after.items():
        previous = before.get(key)
        if previous is None:
            out.append(FindingChange(APPEARED, finding, causes))
        elif ((previous.account_ids, previous.lock_keys, previous.reserved_until)
              != (finding.account_ids, finding.lock_keys, finding.reserved_until)):
            # Other accounts or locks, or a reservation that began, ended or was renewed (its
            # lock's TTL written): Live mode offers Release on a stuck orphan only.
            out.append(FindingChange(CHANGED, finding, causes, previous))
    for key, finding in before.items():
        if key not in after:
            out.append(FindingChange(RESOLVED, finding, causes))
    return out
