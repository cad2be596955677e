"""Random uniqueness tables and transactions, for the test that the engines agree
(``test_uniqueness_engines.py``).

A scenario is a schema (one of the presets' layouts or a harder custom one, each rule with
a random normalisation), a table of accounts, locks and other items drawn from a small pool
of values (so duplicates, clashes and orphans are common), and a transaction mixing the
templates with raw Puts and Deletes. Values are spelled the ways that break comparisons:
case, spaces (padding, inner runs), NFC and NFD, fullwidth letters, a zero-width space,
Cyrillic lookalikes, a dotted capital İ, ``#`` and quotes inside, numbers stored as N.

TTLs are drawn around a moment (``Clock``): in memory a fixed one, over
DynamoDB the real clock (the preflight judges expiry at the time it runs; days of margin).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from hypothesis import strategies as st

from dynoview.core.tx import templates
from dynoview.core.tx.model import CONDITION_CHECK, DELETE, PUT, UPDATE, Action, Transaction
from dynoview.core.uniqueness.forms import NORMALISATIONS, normalise
from dynoview.core.uniqueness.presets import get_preset
from dynoview.core.uniqueness.schema import LockRule, UniquenessSchema
from dynoview.core.uniqueness.scope import protected_text

TTL_ATTRIBUTE = "expiresAt"
TABLE = "engines"  # the table name transactions carry in memory (a real table gets its own)
DAY = 86_400

# --------------------------------------------------------------------------- values

#: Base words a table's values are spelled from. ``2#bob`` under ``UNIQ#EMAIL#`` is a key of
#: the ``UNIQ#EMAIL#2#`` rule too; ``x'y`` is SQL's quote; ``42`` is also stored as N.
WORDS = ("ada@x.io", "bob", "josé", "a#b", "2#bob", "coco", "x'y", "42")
_CYRILLIC = {"a": "\u0430", "o": "\u043e", "c": "\u0441", "e": "\u0435", "x": "\u0445",
             "p": "\u0440", "i": "\u0456", "y": "\u0443"}


def _fullwidth(text: str) -> str:
    return "".join(chr(ord(c) + 0xFEE0) if "!" <= c <= "~" else c for c in text)


def _cyrillic(text: str) -> str:
    """The first letter with a Cyrillic lookalike swapped for it (a Latin-only word otherwise)."""
    for i, c in enumerate(text):
        if c in _CYRILLIC:
            return text[:i] + _CYRILLIC[c] + text[i + 1:]
    return text


def _zero_width(text: str) -> str:
    middle = max(1, len(text) // 2)
    return text[:middle] + "\u200b" + text[middle:]


#: How a word is spelled: each a way two spellings of one value differ.
SPELLINGS: dict[str, Callable[[str], str]] = {
    "as is": lambda w: w,
    "upper": str.upper,
    "capital": lambda w: w[:1].upper() + w[1:],
    "leading space": lambda w: " " + w,
    "trailing space": lambda w: w + " ",
    "spaces": lambda w: f"  {w} ",
    "nfc": lambda w: unicodedata.normalize("NFC", w),
    "nfd": lambda w: unicodedata.normalize("NFD", w),
    "nfd upper": lambda w: unicodedata.normalize("NFD", w.upper()),
    "fullwidth": _fullwidth,
    "zero-width space": _zero_width,
    "cyrillic": _cyrillic,
    "cyrillic upper": lambda w: _cyrillic(w).upper(),
    # A capital İ folds to i + a dot above, which the lookalike key drops after a soft-dotted i.
    "dotted capital i": lambda w: w.replace("i", "\u0130"),
    # An inner space, and a run of whitespace the lookalike key tidies into one.
    "space inside": lambda w: w[:1] + " " + w[1:],
    "run inside": lambda w: w[:1] + " \t " + w[1:],
}


def spell(word: str, how: str) -> str:
    return SPELLINGS[how](word)


def values(words: Sequence[str]) -> st.SearchStrategy[str]:
    """A spelling of one of ``words`` (the table's small pool, so values collide)."""
    return st.builds(spell, st.sampled_from(list(words)), st.sampled_from(list(SPELLINGS)))


def new_values(words: Sequence[str], held: Any) -> st.SearchStrategy[str]:
    """A new value for an attribute holding ``held``: a number where it holds one (the templates
    keep the type), spelled as people type them (``007``, ``7.0``), else any spelling."""
    if not (isinstance(held, Mapping) and "N" in held):
        return values(words)
    numbers = [w for w in words if w.isdigit()] or ["7"]
    return st.builds(lambda n, spelling: spelling.format(n), st.sampled_from(numbers),
                     st.sampled_from(["{}", "00{}", "{}.0", "{}e0"]))


def attribute_values(words: Sequence[str], *, indexed: bool) -> st.SearchStrategy[dict[str, Any] | None]:
    """An account's protected attribute: mostly a string; a number when it is one; sometimes
    empty or absent. An attribute a GSI is keyed on cannot be empty or a number (DynamoDB
    refuses the item)."""
    text = values(words).map(lambda v: {"S": v})
    choices = [text, text, text, text, st.none()]
    if not indexed:
        choices.append(st.just({"S": ""}))
        numbers = [w for w in words if w.isdigit()]
        if numbers:
            choices.append(st.sampled_from(numbers).map(lambda n: {"N": n}))
    return st.one_of(*choices)


# --------------------------------------------------------------------------- TTLs

#: Offsets from now (None: no TTL); "ms" is milliseconds (DynamoDB ignores it), "ancient" more
#: than five years old (ignored too), "text" a string (not a TTL at all).
TTL_KINDS = (None, None, None, "past", "future", "ms", "ancient", "text")


@dataclass(frozen=True)
class Clock:
    """The moment TTLs are drawn around, and whether one may have passed. DynamoDB Local
    deletes an expired item within a second or two (unlike the service's days), so an
    expired item cannot be held still there: its scenarios draw none."""

    now_s: float
    expiry: bool = True


def ttl_value(kind: str | None, now_s: float) -> dict[str, str] | None:
    if kind is None:
        return None
    base = int(now_s)
    return {"past": {"N": str(base - 3 * DAY)}, "future": {"N": str(base + 3 * DAY)},
            "ms": {"N": str(base * 1000)}, "ancient": {"N": str(base - 6 * 365 * DAY)},
            "text": {"S": str(base - 3 * DAY)}}[kind]


def ttls(clock: Clock) -> st.SearchStrategy[dict[str, str] | None]:
    kinds = [k for k in TTL_KINDS if clock.expiry or k != "past"]
    return st.sampled_from(kinds).map(lambda k: ttl_value(k, clock.now_s))


# --------------------------------------------------------------------------- schemas

LAYOUTS = ("article", "article-no-sort-key", "onetable", "onetable-colon", "typedorm", "custom")


@dataclass(frozen=True)
class Layout:
    """A schema and how its accounts are keyed."""

    name: str
    schema: UniquenessSchema
    account_sks: tuple[str, ...]  # the sort keys account items get ("" without a sort key)
    indexed: frozenset[str] = frozenset()  # attributes a GSI is keyed on (the rules name it)


def _layout(name: str, normalisations: Sequence[str], index: bool) -> Layout:
    attributes = ("email", "username")
    if name == "article":
        schema = get_preset("article").build("PK", "SK", attributes=attributes,
                                              account_pk_prefix="ACCT#", account_sk_value="PROFILE",
                                              index_names={"email": "email-index"} if index else None)
        sks: tuple[str, ...] = ("PROFILE", "PROFILE", "PROFILE", "SETTINGS")
    elif name == "article-no-sort-key":
        schema = get_preset("article").build("PK", None, attributes=attributes,
                                              account_pk_prefix="ACCT#")
        sks = ("",)
    elif name in ("onetable", "onetable-colon"):
        sep = "#" if name == "onetable" else ":"
        schema = get_preset(name).build("pk", "sk", entity="User", attributes=attributes,
                                        account_pk_prefix=f"User{sep}", account_sk_value=f"User{sep}")
        sks = (f"User{sep}",)
    elif name == "typedorm":
        # Accounts' sort keys vary (no account_sk_value): every USER# item is an account.
        schema = get_preset("typedorm").build("PK", "SK", entity="User", attributes=attributes,
                                              account_pk_prefix="USER#", account_sk_value=None)
        sks = ("USER", "USER", "PROFILE")
    else:
        # Two rules on one attribute whose lock prefixes nest (UNIQ#EMAIL# and UNIQ#EMAIL#2#), a
        # template with a suffix and a sort key that repeats the value.
        schema = UniquenessSchema("PK", "SK", "ACCT#", "PROFILE", (
            LockRule("email", "email", "UNIQ#EMAIL#{value}", "LOCK"),
            LockRule("email2", "email", "UNIQ#EMAIL#2#{value}", "LOCK"),
            LockRule("username", "username", "U#H#{value}#E", "S#{value}")))
        sks = ("PROFILE",)
    rules = tuple(replace(r, normalisation=n) for r, n in zip(schema.rules, normalisations, strict=False))
    schema = replace(schema, rules=rules)
    indexed = frozenset(r.attribute for r in rules if r.index_name)
    return Layout(name, schema, sks, indexed)


@st.composite
def layouts(draw: st.DrawFn, *, index: bool = False) -> Layout:
    """A layout with a random normalisation per rule (``index``: a GSI on email may be named)."""
    name = draw(st.sampled_from(LAYOUTS))
    normalisations = draw(st.lists(st.sampled_from(NORMALISATIONS), min_size=3, max_size=3))
    return _layout(name, normalisations, index and name == "article" and draw(st.booleans()))


# --------------------------------------------------------------------------- tables

Key = tuple[tuple[str, str], ...]  # an item's key in a hashable form


def key_of(schema: UniquenessSchema, item: Mapping[str, Any]) -> Key:
    return tuple((name, repr(item.get(name))) for name in schema.key_names)


def _s(text: str) -> dict[str, str]:
    return {"S": text}


ACCOUNT_IDS = ("1", "2", "3", "4", "5", "é", "6#7")


@st.composite
def accounts(draw: st.DrawFn, layout: Layout, words: Sequence[str], clock: Clock) -> dict[str, Any]:
    schema = layout.schema
    item: dict[str, Any] = {schema.pk_name: _s(schema.account_pk_prefix + draw(st.sampled_from(ACCOUNT_IDS)))}
    if schema.sk_name:
        item[schema.sk_name] = _s(draw(st.sampled_from(layout.account_sks)))
    for attribute in dict.fromkeys(r.attribute for r in schema.rules):
        av = draw(attribute_values(words, indexed=attribute in layout.indexed))
        if av is not None:
            item[attribute] = av
    ttl = draw(ttls(clock))
    if ttl is not None:
        item[TTL_ATTRIBUTE] = ttl
    return item


def lock_item(schema: UniquenessSchema, rule: LockRule, stored: str, *, sk: str | None = None,
              ttl: dict[str, str] | None = None) -> dict[str, Any]:
    """A lock holding ``stored`` as spelled (its key as the schema builds it, or ``sk``)."""
    item = dict(schema.stored_lock_key(rule, stored))
    if schema.sk_name:
        item[schema.sk_name] = _s(sk if sk is not None else rule.lock_sk(stored) or "LOCK")
    if ttl is not None:
        item[TTL_ATTRIBUTE] = ttl
    return item


def protected(av: Any) -> str | None:
    """An attribute's protected text (S, else N; empty is none), as the audit reads it."""
    if not isinstance(av, Mapping):
        return None
    text = av.get("S") if av.get("S") is not None else av.get("N")
    return text if isinstance(text, str) and text else None


@st.composite
def tables(draw: st.DrawFn, layout: Layout, clock: Clock, *, in_memory: bool = True
           ) -> tuple[list[str], list[dict[str, Any]]]:
    """(the pool of words, the table's items in Scan order): accounts, the locks most of their
    values get (as the rule stores them, or as typed), stray locks, items that are neither, and
    (in memory only) an item keyed by a number. One item per key, as in a table."""
    schema = layout.schema
    words = draw(st.lists(st.sampled_from(WORDS), min_size=1, max_size=3, unique=True))
    items: dict[Key, dict[str, Any]] = {}

    def add(item: dict[str, Any]) -> None:
        items[key_of(schema, item)] = item

    for account in draw(st.lists(accounts(layout, words, clock), max_size=6)):
        add(account)
        for rule in schema.rules:
            text = protected(account.get(rule.attribute))
            if text is None or draw(st.integers(0, 9)) < 3:
                continue  # no lock: a missing lock (or a clash, or a duplicate's)
            stored = normalise(text, rule.normalisation) if draw(st.integers(0, 4)) else text
            add(lock_item(schema, rule, stored, ttl=draw(ttls(clock))))
    for _ in range(draw(st.integers(0, 4))):
        rule = draw(st.sampled_from(schema.rules))
        wrong_sk = schema.sk_name is not None and draw(st.integers(0, 9)) == 0
        add(lock_item(schema, rule, draw(values(words)), sk="NOT-A-LOCK" if wrong_sk else None,
                      ttl=draw(ttls(clock))))
    if draw(st.integers(0, 3)) == 0:
        other = {schema.pk_name: _s("SESSION#1"), "email": _s(draw(values(words)))}
        if schema.sk_name:
            other[schema.sk_name] = _s("SESSION")
        add(other)
    if in_memory and draw(st.integers(0, 5)) == 0:
        odd = {schema.pk_name: {"N": "7"}}
        if schema.sk_name:
            odd[schema.sk_name] = _s("PROFILE")
        add(odd)
    order = draw(st.permutations(list(items.values())))
    return words, list(order)


# --------------------------------------------------------------------------- transactions


@dataclass
class Scenario:
    """One example: a layout, the table before, a transaction, how to read the table."""

    layout: Layout
    words: list[str]
    items: list[dict[str, Any]]
    tx: Transaction
    now_s: float
    ops: list[str] = field(default_factory=list)  # what the transaction was made of, for reports
    page_size: int = 3  # items per Scan page when the pages path reads it
    segments: int = 2  # Scan segments of the worker path
    seed: int = 0  # interleaving of the worker path's batches
    files: int = 2  # data files of the export

    @property
    def schema(self) -> UniquenessSchema:
        return self.layout.schema

    def describe(self) -> str:
        """The example, readable: what a failure report shows."""
        lines = [f"layout {self.layout.name}; rules " + ", ".join(
            f"{r.name}({r.attribute}, {r.pk_template!r}, {r.normalisation})" for r in self.schema.rules)]
        lines += [f"  item {_brief(i)}" for i in self.items]
        lines += [f"  tx: {', '.join(self.ops) or 'nothing'}"]
        lines += [f"    {a.kind} {_brief(a.item if a.kind == PUT else a.key)}"
                  + (f" {a.update!r} {a.values}" if a.kind == UPDATE else "") for a in self.tx.actions]
        return "\n".join(lines)


def _brief(item: Mapping[str, Any]) -> str:
    """An item on one line: strings as they are, other types with their type code."""
    def shown(av: Any) -> str:
        if isinstance(av, Mapping) and len(av) == 1:
            (code, member), = av.items()
            return repr(member) if code == "S" else f"{member!r} ({code})"
        return repr(av)

    return "{" + ", ".join(f"{k}: {shown(v)}" for k, v in item.items()) + "}"


def _accounts_of(schema: UniquenessSchema, items: Sequence[Mapping[str, Any]]) -> list[Mapping[str, Any]]:
    return [i for i in items if schema.is_account(i)]


@st.composite
def _operation(draw: st.DrawFn, layout: Layout, words: Sequence[str], items: Sequence[Mapping[str, Any]],
               clock: Clock) -> tuple[str, list[Action]]:
    """One template (or raw write) over the table's items: (its name, its actions)."""
    schema = layout.schema
    accts = _accounts_of(schema, items)
    locks = [i for i in items if schema.match_lock(i) is not None]
    # What the engine protects (a non-empty S, or an N): the templates' own definition.
    with_text = [(a, r) for a in accts for r in schema.rules if protected_text(a.get(r.attribute))]
    shared = [(a, b, r) for i, a in enumerate(accts) for b in accts[i + 1:] for r in schema.rules
              if protected_text(a.get(r.attribute)) is not None
              and protected_text(a.get(r.attribute)) == protected_text(b.get(r.attribute))]
    kinds = ["sign_up", "put account", "put lock", "delete"]
    if accts:
        kinds += ["change_value", "delete_account"]
    if locks:
        kinds.append("release_orphan_lock")
    if with_text:
        kinds.append("claim_missing_lock")
    if shared:
        kinds.append("resolve_duplicate")
    kind = draw(st.sampled_from(kinds))
    table = TABLE
    if kind == "sign_up":
        return kind, templates.sign_up(schema, table, draw(accounts(layout, words, clock))).actions
    if kind == "put account":
        return kind, [Action(PUT, table, item=draw(accounts(layout, words, clock)))]
    if kind == "put lock":
        rule = draw(st.sampled_from(schema.rules))
        ttl = draw(ttls(clock))
        return kind, [Action(PUT, table, item=lock_item(schema, rule, draw(values(words)), ttl=ttl))]
    if kind == "delete":
        target = draw(st.sampled_from([*items, draw(accounts(layout, words, clock))]))
        return kind, [Action(DELETE, table, key={k: target[k] for k in schema.key_names if k in target})]
    if kind == "change_value":
        account = draw(st.sampled_from(accts))
        rule = draw(st.sampled_from(schema.rules))
        new = draw(new_values(words, account.get(rule.attribute)))
        return kind, templates.change_value(schema, table, account, rule.name, new).actions
    if kind == "delete_account":
        return kind, templates.delete_account(schema, table, draw(st.sampled_from(accts))).actions
    if kind == "release_orphan_lock":
        lock = draw(st.sampled_from(locks))
        owner = draw(st.sampled_from([None, *accts]))
        read = templates.OwnerRead({k: owner[k] for k in schema.key_names}, owner) \
            if owner is not None else None
        lock_key = {k: lock[k] for k in schema.key_names}
        try:
            return kind, templates.release_orphan_lock(schema, table, lock_key, read).actions
        except ValueError:  # the owner holds the lock's value: refused, so no owner named
            return kind, templates.release_orphan_lock(schema, table, lock_key).actions
    if kind == "claim_missing_lock":
        account, rule = draw(st.sampled_from(with_text))
        return kind, templates.claim_missing_lock(schema, table, account, rule).actions
    keep, other, rule = draw(st.sampled_from(shared))
    if draw(st.booleans()):
        keep, other = other, keep
    new_value = draw(st.none() | new_values(words, other.get(rule.attribute)))
    return kind, templates.resolve_duplicate(schema, table, keep, other, rule, new_value).actions


@st.composite
def transactions(draw: st.DrawFn, layout: Layout, words: Sequence[str],
                 items: Sequence[Mapping[str, Any]], clock: Clock) -> tuple[list[str], Transaction]:
    """1 to 3 operations in one transaction. An item is written once (DynamoDB refuses two
    actions on one item): a later action on an item already written is left out."""
    ops: list[str] = []
    actions: list[Action] = []
    seen: set[Key] = set()
    for _ in range(draw(st.integers(1, 3))):
        name, more = draw(_operation(layout, words, items, clock))
        ops.append(name)
        for action in more:
            key = key_of(layout.schema, action.target_key(layout.schema.key_names))
            if key not in seen:
                seen.add(key)
                actions.append(action)
    return ops, Transaction(actions=actions[:100])


@st.composite
def scenarios(draw: st.DrawFn, clock: Clock, *, in_memory: bool = True, index: bool = False) -> Scenario:
    """A layout, a table and a transaction (``in_memory``: items keyed by a number may appear;
    ``index``: the article layout may name a GSI on email)."""
    layout = draw(layouts(index=index))
    words, items = draw(tables(layout, clock, in_memory=in_memory))
    ops, tx = draw(transactions(layout, words, items, clock))
    return Scenario(layout, words, items, tx, clock.now_s, ops, page_size=draw(st.integers(1, 5)),
                    segments=draw(st.integers(1, 3)), seed=draw(st.integers(0, 2**16)),
                    files=draw(st.integers(1, 3)))


# --------------------------------------------------------------------------- applying a transaction

_TOKEN = re.compile(r"[#:][A-Za-z0-9_]+")


def _update(item: dict[str, Any], action: Action) -> None:
    """The two update forms the templates write: ``SET a = :v, ...`` and ``REMOVE a, ...``."""
    text = action.update.strip()
    verb, _, rest = text.partition(" ")
    for part in (p.strip() for p in rest.split(",")):
        if verb == "SET":
            path, _, value = (s.strip() for s in part.partition("="))
            item[action.names.get(path, path)] = action.values[value]
        elif verb == "REMOVE":
            item.pop(action.names.get(part, part), None)
        else:
            raise AssertionError(f"update form not simulated: {action.update!r}")


def after_items(schema: UniquenessSchema, items: Sequence[Mapping[str, Any]],
                tx: Transaction) -> list[dict[str, Any]]:
    """The table once ``tx`` is applied as if every condition held (what the preflight judges)."""
    table: dict[Key, dict[str, Any]] = {key_of(schema, i): dict(i) for i in items}
    for action in tx.actions:
        key = action.target_key(schema.key_names)
        ident = key_of(schema, key)
        if action.kind == PUT:
            table[ident] = dict(action.item)
        elif action.kind == DELETE:
            table.pop(ident, None)
        elif action.kind == UPDATE:
            item = table.setdefault(ident, dict(key))  # an Update creates a missing item
            _update(item, action)
    return list(table.values())


def unconditional(tx: Transaction) -> Transaction:
    """The transaction's writes without their conditions (ConditionChecks dropped): sent to an
    engine, it leaves the after-state the preflight judges even where a guard would cancel it."""
    actions = []
    for action in tx.actions:
        if action.kind == CONDITION_CHECK:
            continue
        used = set(_TOKEN.findall(action.update)) if action.kind == UPDATE else set()
        actions.append(replace(action, condition="", return_values="NONE",
                               names={k: v for k, v in action.names.items() if k in used},
                               values={k: v for k, v in action.values.items() if k in used}))
    return Transaction(actions=actions)
