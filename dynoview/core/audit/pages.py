"""Scan pages of an audit, classified straight from their JSON bytes.

The audit reads every item of a table, so per-item cost is what it costs. Parsing a page
into dicts (botocore, or orjson) builds one dict per attribute value of every item, and
most of them (display names, dates, ...) are never looked at. msgspec decodes the body
against a struct that names only what classification reads: the key attributes, the
rules' attributes and the TTL attribute. Everything else is skipped while parsing,
without allocating, and the JSON is still parsed by a real parser: values may hold any
unicode, escapes, ``#`` or separators.

Two decoders:

- ``page_meta``: the top-level fields a Scan answer needs for paging and receipts
  (Count, ScannedCount, LastEvaluatedKey, ConsumedCapacity); ``Items`` is skipped.
- ``PageClassifier``: the ``Items`` of a page, fed to a ``Pairing`` with exactly the
  rules of ``Pairing.feed`` (tests/unit/core/test_audit_pages.py holds them side by side).

Light on purpose (no boto3, no Qt): audit worker processes import only this.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from itertools import compress, repeat
from operator import and_, attrgetter, eq, not_
from typing import Any

import msgspec
import orjson

from dynoview.core.background import yield_to_ui
from dynoview.core.ttl.expiry import expired_at
from dynoview.core.uniqueness.pairing import Pairing, value_check
from dynoview.core.uniqueness.pairing_state import Batch
from dynoview.core.uniqueness.scope import fill_scope, scope_variables


class _Value(msgspec.Struct, gc=False, frozen=True):
    """An attribute value as classification sees it: S or N text; other types are skipped."""

    S: str | None = None
    N: str | None = None


class _KeyValue(msgspec.Struct, gc=False, frozen=True):
    """A sort key found to be a Binary (``PageClassifier._settle_sk``): its base64 text too."""

    S: str | None = None
    N: str | None = None
    B: str | None = None


#: An attribute the item does not have (never an attribute of another type, which decodes to a
#: ``_Value`` of its own with S and N None): one shared instance, so column reads need no test.
_MISSING = _Value()


class PageMeta(msgspec.Struct, gc=False):
    """A Scan answer without its items."""

    Count: int | None = None
    ScannedCount: int | None = None
    LastEvaluatedKey: dict[str, Any] | None = None
    ConsumedCapacity: Any = None


_META = msgspec.json.Decoder(PageMeta)


def page_meta(body: bytes) -> dict[str, Any]:
    """The paging and receipt fields of a Scan body (``Items`` skipped, not built)."""
    meta = _META.decode(body)
    out: dict[str, Any] = {}
    for name in ("Count", "ScannedCount", "LastEvaluatedKey", "ConsumedCapacity"):
        value = getattr(meta, name)
        if value is not None:
            out[name] = value
    return out


class PageClassifier:
    """Classifies Scan page bodies into ``Batch`` lists for a ``Pairing``, decoding only the
    attributes it reads. ``feed`` applies each page to the pairing at once (in-process);
    audit workers ``classify`` many pages and send each ``take()`` to the caller instead."""

    def __init__(self, pairing: Pairing) -> None:
        self.pairing = pairing
        schema = pairing.schema
        # One struct field per distinct attribute name (a rule may read the key or TTL too).
        # The hot loop reads ``pk`` and ``sk`` directly (a table's two key names differ);
        # without a sort key ``sk`` is named "", which no DynamoDB attribute can be.
        names: dict[str, str] = {schema.pk_name: "pk"}
        if schema.sk_name and schema.sk_name != schema.pk_name:
            names[schema.sk_name] = "sk"

        def field_for(attribute: str) -> str:
            return names.setdefault(attribute, f"a{len(names)}")

        ttl = pairing.ttl_attribute
        self._get_ttl = attrgetter(field_for(ttl)) if ttl else None
        rule_fields = [field_for(state.rule.attribute) for state in pairing.rules.values()]
        # Scoped rules (rare): (rule index, scope template, middle, {variable: struct field}).
        self._scoped = [(i, r.scope, r.middle or "", {v: field_for(v) for v in scope_variables(r.scope)})
                        for i, r in enumerate(s.rule for s in pairing.rules.values()) if r.scope is not None]
        self._specs = [(a, f) for a, f in names.items()]
        if "sk" not in names.values():
            self._specs.append(("", "sk"))
        self._fields = dict(names)  # attribute name -> struct field, for the dict fallback
        if "sk" not in names.values():
            self._fields[""] = "sk"
        self._has_sk = bool(schema.sk_name)
        self._decoder = self._page_decoder(_Value)
        # Always a tuple of values, one per rule (attrgetter with one name returns a value).
        self._get_values: Callable[[Any], tuple[Any, ...]] = (
            attrgetter(*rule_fields) if len(rule_fields) > 1
            else _one(attrgetter(rule_fields[0])) if rule_fields else _none)
        # The column path (``_classify_columns``): getters of S/N text straight from the items.
        self._value_fields = [attrgetter(f) for f in rule_fields]
        self._value_texts = [attrgetter(f"{f}.S") for f in rule_fields]
        self._ttl_text = attrgetter(f"{field_for(ttl)}.N") if ttl else None
        self._keep_ahead = pairing.ttls_ahead is not None and ttl is not None
        self._acct_prefix, self._acct_sk_value = schema.account_pk_prefix, schema.account_sk_value
        self._acct_sk_check = schema.account_sk_value if self._has_sk else None
        self._columns = not self._scoped and all(
            not s.rule.suffix and value_check(s.rule, self._has_sk) is None for s in pairing._lock_rules)
        # Accounts whose SKs vary keep each one's SK, of the table's type: which it is (the same
        # for every item) is settled on the first page. A String SK keeps the path above as it
        # is; a Number's text or a Binary's base64 text (``_sk_of``) goes to the batch's SKs,
        # with its type after them (``take``), for ``Pairing.apply``.
        self._sk_unsettled = self._has_sk and schema.account_sk_value is None
        self._sk_of: Callable[[Any], str] | None = None
        self._sk_type = ""
        self.batch = pairing.new_batch()

    def _page_decoder(self, sk_type: type) -> msgspec.json.Decoder[Any] | None:
        """A decoder of pages into structs of the fields read (the sort key's decoded as
        ``sk_type``), or None where msgspec cannot name a field."""
        specs = [(f, sk_type if f == "sk" else _Value, msgspec.field(name=a, default=_MISSING))
                 for a, f in self._specs]
        try:
            item = msgspec.defstruct("Item", specs, gc=False)
        except ValueError:
            # msgspec renames no field to a name holding '"', '\' or a control character, which
            # DynamoDB allows: such a schema's pages are read as dicts (``_Item``), every page.
            return None
        # A struct type made at run time: mypy cannot see it as a type.
        page = msgspec.defstruct("Page", [("Items", list[item],  # type: ignore[valid-type]
                                           msgspec.field(default_factory=list))], gc=False)
        return msgspec.json.Decoder(page)

    def feed(self, body: bytes) -> int:
        """Classify one page body and apply it to the pairing; returns how many items it held."""
        n = self.classify(body)
        self.pairing.apply(self.take(), step=yield_to_ui)
        return n

    def take(self) -> Batch:
        """The items classified since the last ``take``, ready for ``Pairing.apply``."""
        batch, self.batch = self.batch, self.pairing.new_batch()
        batch.sk_type = self._sk_type  # a Number's or a Binary's: ``Pairing.apply`` keeps it
        return self.pairing.finish_batch(batch)

    def classify(self, body: bytes) -> int:
        """Classify the items of one Scan page body into ``self.batch``; returns how many.

        Same rules as ``Pairing.feed``, over decoded structs instead of dicts, appending to
        columns instead of growing dicts (``Pairing.finish_batch`` derives the rest). This
        is the audit's hot loop: a page is classified column by column in C loops
        (``_classify_columns``) when its schema and keys allow, else item by item.
        """
        items = self._items(body)
        if self._sk_unsettled and items and self._settle_sk(items[0].sk):
            items = self._items(body)  # read again, the Binary SK's value with it
        if not (self._columns and self._classify_columns(items)):
            self._classify_items(items)
        self.batch.items += len(items)
        return len(items)

    def _items(self, body: bytes) -> list[Any]:
        try:
            if self._decoder is None:
                raise msgspec.ValidationError
            return self._decoder.decode(body).Items  # type: ignore[no-any-return]
        except msgspec.ValidationError:
            # Valid JSON that is not DynamoDB's shape (an attribute value that is not an object,
            # an S that is not a string), or a schema msgspec cannot name: read the dicts the
            # way Pairing.feed does.
            return [_Item(item, self) for item in orjson.loads(body).get("Items") or []]

    def _settle_sk(self, sk: Any) -> bool:
        """Settle the sort key's type from one item's (every item of a table has the same);
        True when pages must be decoded again to read it (a Binary)."""
        if sk is _MISSING:
            return False  # not this item's to say (a key attribute it lacks: no DynamoDB item)
        self._sk_unsettled = False
        if sk.S is not None:
            return False  # a String: read as it always was
        if sk.N is not None:
            self._sk_type, self._sk_of = "N", _sk_number
            return False
        self._sk_type, self._sk_of = "B", _sk_binary
        if self._decoder is None:
            return False  # read as dicts: ``_DictValue`` has B
        self._decoder = self._page_decoder(_KeyValue)
        return True

    def _classify_columns(self, items: list[Any]) -> bool:
        """Classify a page a column at a time: each step one C loop (``map``, ``compress``) over
        the page, where the item loop ran ~25 Python steps per item. Only for schemas without
        scopes, lock suffixes or lock SKs repeating the value (``self._columns``); False, with
        nothing appended, when a key is not text (binary or number keys): the item loop
        counts those."""
        pks = list(map(_PK_TEXT, items))
        if None in pks:
            return False
        batch = self.batch
        now = self.pairing.now
        sks = list(map(_SK_TEXT, items)) if self._has_sk else None
        is_acct = list(map(str.startswith, pks, repeat(self._acct_prefix)))
        if self._acct_sk_check is not None and sks is not None:
            is_acct = list(map(and_, is_acct, map(eq, sks, repeat(self._acct_sk_check))))
        accts = list(compress(items, is_acct))
        ids = batch.account_ids
        base = len(ids)
        ids.extend(compress(pks, is_acct))
        if self._acct_sk_value is None:  # accounts' SKs vary: kept ("" for none)
            if self._sk_of is not None:  # a Number's text, or a Binary's base64 text
                batch.account_sks.extend(map(self._sk_of, accts))
            else:
                batch.account_sks.extend([sk or "" for sk in compress(sks, is_acct)] if sks is not None
                                         else repeat("", len(accts)))
        if self._ttl_text is not None:
            ttls = list(map(self._ttl_text, accts))
            batch.expired_at.extend(base + i for i in compress(range(len(ttls)), ttls)
                                    if expired_at(ttls[i], now))
            if self._keep_ahead:
                acct_sks = list(compress(sks, is_acct)) if sks is not None else repeat("")
                _ahead(batch, ids[base:], acct_sks, ttls, now)
        for get_s, get_av, column in zip(self._value_texts, self._value_fields, batch.account_values,
                                         strict=True):
            texts = list(map(get_s, accts))
            # S as is, N as its exact text; else "" (no value). A value the rule's normalisation
            # empties ("   " trimmed) is blanked by ``Pairing.finish_batch``, in the worker too.
            if None in texts or "" in texts:
                texts = [av.S or av.N or "" for av in map(get_av, accts)]
            column.extend(texts)
        rest = list(compress(range(len(items)), map(not_, is_acct)))
        for prefix, lp, sk_value, lock_values, lock_expired, lock_ttls in self._lock_columns(batch):
            if not rest:
                break
            rest_pks = list(map(pks.__getitem__, rest))
            hit = list(map(str.startswith, rest_pks, repeat(prefix)))
            if sk_value is not None and sks is not None:
                hit = list(map(and_, hit, map(eq, map(sks.__getitem__, rest), repeat(sk_value))))
            taken = list(compress(rest, hit))
            if not taken:
                continue
            lock_values.extend(pk[lp:] for pk in compress(rest_pks, hit))
            if self._ttl_text is not None:
                ttls = list(map(self._ttl_text, map(items.__getitem__, taken)))
                lock_expired.extend(bool(t) and expired_at(t, now) for t in ttls)
                lock_ttls.extend(t or "" for t in ttls)  # a reservation's (reservation.py)
                if self._keep_ahead:
                    _ahead(batch, map(pks.__getitem__, taken),
                           map(sks.__getitem__, taken) if sks is not None else repeat(""), ttls, now)
            else:
                lock_expired.extend(repeat(False, len(taken)))
            rest = list(compress(rest, map(not_, hit)))
        batch.other += len(rest)
        return True

    def _lock_columns(self, batch: Batch) -> list[tuple[str, int, str | None, list[str], list[bool],
                                                       list[str]]]:
        """Per lock rule, longest prefix first: its prefix, the prefix's length, the lock SK to
        match (None: any) and the batch columns its locks go to."""
        by_rule = dict(zip(self.pairing.rules, batch.rules, strict=True))
        return [(s.rule.fixed_prefix, len(s.rule.fixed_prefix), s.rule.fixed_sk if self._has_sk else None,
                 by_rule[s.rule.name].lock_values, by_rule[s.rule.name].lock_expired,
                 by_rule[s.rule.name].lock_ttls)
                for s in self.pairing._lock_rules]

    def _classify_items(self, items: list[Any]) -> None:
        """The item loop: every schema and key type. Lookups are hoisted, matching inlined."""
        p = self.pairing
        batch = self.batch
        schema = p.schema
        acct_prefix, acct_sk = schema.account_pk_prefix, schema.account_sk_value
        now = p.now
        get_ttl, get_values = self._get_ttl, self._get_values
        ids = batch.account_ids
        add_id, add_sk, add_expired_at = ids.append, batch.account_sks.append, batch.expired_at.append
        column_appends = [column.append for column in batch.account_values]
        # With a sort key, an account needs the schema's SK value (when it names one).
        acct_sk_check = acct_sk if self._has_sk else None
        # Longest prefix first (see Pairing._lock_rules); the SK is only compared with a sort key.
        by_rule = dict(zip(p.rules, batch.rules, strict=True))
        # A fixed lock SK is compared first; an SK repeating the value (rare) or a scoped rule's
        # middle once the value is cut (``value_check``).
        lock_specs = [(s.rule.fixed_prefix, len(s.rule.fixed_prefix), s.rule.suffix, len(s.rule.suffix),
                       s.rule.fixed_sk if self._has_sk else None,
                       value_check(s.rule, self._has_sk),
                       by_rule[s.rule.name].lock_values.append, by_rule[s.rule.name].lock_expired.append,
                       by_rule[s.rule.name].lock_ttls.append)
                      for s in p._lock_rules]
        scoped = self._scoped
        keep_ahead = self._keep_ahead
        sk_of = self._sk_of  # a Number or Binary SK (None: a String, read as ``sk``)
        other = 0
        for item in items:
            pk = item.pk.S  # _MISSING when absent: S is None
            if pk is None:
                other += 1  # binary or number keys: not ours, never an error
                continue
            sk = item.sk.S
            if pk.startswith(acct_prefix) and (acct_sk_check is None or sk == acct_sk_check):
                if get_ttl is not None:
                    ttl = get_ttl(item).N
                    if expired_at(ttl, now):
                        add_expired_at(len(ids))
                    elif keep_ahead and ttl:
                        batch.ttls_ahead.append((pk, sk or "", ttl))
                if acct_sk is None:
                    add_sk(sk or "" if sk_of is None else sk_of(item))
                add_id(pk)
                # S as is, N as its exact text; other types and "" are no value (""); one the
                # normalisation empties is blanked later (``finish_batch``), as for columns.
                for av, add_value in zip(get_values(item), column_appends, strict=True):
                    add_value(av.S or av.N or "")
                if scoped:
                    _scope_values(item, scoped, batch)
                continue
            for prefix, lp, suffix, ls, sk_value, sk_tpl, add_lock, add_expired, add_ttl in lock_specs:
                if sk_value is not None and sk != sk_value:
                    continue
                # Values may contain '#': only the template's own prefix and suffix are cut.
                if pk.startswith(prefix) and (not ls or (pk.endswith(suffix) and len(pk) >= lp + ls)):
                    value = pk[lp:len(pk) - ls] if ls else pk[lp:]
                    if sk_tpl is not None and (sk_tpl not in value if sk_tpl.__class__ is str
                                               else sk != sk_tpl[0] + value + sk_tpl[1]):
                        continue
                    add_lock(value)
                    expired = False
                    if get_ttl is not None:
                        ttl = get_ttl(item).N
                        expired = expired_at(ttl, now)
                        if keep_ahead and ttl and not expired:
                            batch.ttls_ahead.append((pk, sk or "", ttl))
                        add_ttl(ttl or "")
                    add_expired(expired)
                    break
            else:
                other += 1
        batch.other += other


class _DictValue:
    """An attribute value of a decoded dict item, read the way ``Pairing.feed`` reads it."""

    __slots__ = ("B", "N", "S")

    def __init__(self, av: Any) -> None:
        s = av.get("S")
        n = av.get("N")
        b = av.get("B")
        self.S = s if s.__class__ is str else None
        self.B = b if b.__class__ is str else None  # base64 text, as in JSON
        # Pairing.feed takes (S or N) and keeps it only if it is non-empty text: a truthy S
        # that is not text hides N, so N is dropped with it (such a value is never a TTL too).
        self.N = n if n.__class__ is str and not (s and s.__class__ is not str) else None


class _Item:
    """A dict item seen through the struct fields the classifier reads (rare fallback)."""

    def __init__(self, item: Any, classifier: PageClassifier) -> None:
        for attribute, field in classifier._fields.items():
            av = item.get(attribute) if item.__class__ is dict else None
            setattr(self, field, _DictValue(av) if av.__class__ is dict else _MISSING)


def _scope_values(item: Any, scoped: list[tuple[int, str, str, dict[str, str]]], batch: Batch) -> None:
    """Prefix the account's values of scoped rules (just appended) with its scope and the
    middle: the forms ``Pairing.feed`` holds (``scope.py``); and note where each value starts
    (``RuleBatch.heads``), as the scope may hold the middle too."""
    for index, template, middle, fields in scoped:
        column = batch.account_values[index]
        if column[-1]:
            attrs = {}
            for name, field in fields.items():
                av = getattr(item, field)
                if av is not _MISSING:
                    attrs[name] = {"S": av.S} if av.S is not None else {"N": av.N}
            head = fill_scope(template, attrs) + middle
            column[-1] = head + column[-1]
            batch.rules[index].heads.append(len(head))


def _ahead(batch: Batch, pks: Iterable[str], sks: Iterable[str | None], ttls: list[str | None],
           now: float) -> None:
    """Keep the items whose TTL text is set and not past (``Pairing.ttls_ahead``)."""
    # Not strict: ``sks`` is an endless repeat("") for a table without a sort key.
    batch.ttls_ahead.extend((pk, sk or "", t) for pk, sk, t in zip(pks, sks, ttls, strict=False)
                            if t and not expired_at(t, now))


_PK_TEXT = attrgetter("pk.S")
_SK_TEXT = attrgetter("sk.S")


def _sk_number(item: Any) -> str:
    return item.sk.N or ""  # type: ignore[no-any-return]


def _sk_binary(item: Any) -> str:
    return getattr(item.sk, "B", None) or ""  # _MISSING (a _Value) has no B


def _one(getter: Callable[[Any], Any]) -> Callable[[Any], tuple[Any, ...]]:
    return lambda item: (getter(item),)


def _none(item: Any) -> tuple[Any, ...]:
    return ()
