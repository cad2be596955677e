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

from collections.abc import Callable
from operator import attrgetter
from typing import Any

import msgspec
import orjson

from dynoview.core.locks import NORMALISE_NONE, normalise
from dynoview.core.pairing import _SEP, Batch, Pairing, expired_ttl_text


class _Value(msgspec.Struct, gc=False):
    """An attribute value as classification sees it: S or N text; other types are skipped."""

    S: str | None = None
    N: str | None = None


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
        specs = [(f, _Value | None, msgspec.field(name=a, default=None)) for a, f in names.items()]
        if "sk" not in names.values():
            specs.append(("sk", _Value | None, msgspec.field(name="", default=None)))
        self._has_sk = bool(schema.sk_name)
        item = msgspec.defstruct("Item", specs, gc=False)
        page = msgspec.defstruct("Page", [("Items", list[item], msgspec.field(default_factory=list))],
                                 gc=False)
        self._decoder: msgspec.json.Decoder[Any] = msgspec.json.Decoder(page)
        # Always a tuple of values, one per rule (attrgetter with one name returns a value).
        self._get_values: Callable[[Any], tuple[Any, ...]] = (
            attrgetter(*rule_fields) if len(rule_fields) > 1
            else _one(attrgetter(rule_fields[0])) if rule_fields else _none)
        self.batch = pairing.new_batch()

    def feed(self, body: bytes) -> int:
        """Classify one page body and apply it to the pairing; returns how many items it held."""
        n = self.classify(body)
        self.pairing.apply(self.take())
        return n

    def take(self) -> Batch:
        """The items classified since the last ``take``, ready for ``Pairing.apply``."""
        batch, self.batch = self.batch, self.pairing.new_batch()
        return self.pairing.finish_batch(batch)

    def classify(self, body: bytes) -> int:
        """Classify the items of one Scan page body into ``self.batch``; returns how many.

        Same rules as ``Pairing.feed``, over decoded structs instead of dicts, appending to
        lists instead of growing dicts. This is the audit's hot loop: lookups are hoisted
        and matching is inlined.
        """
        try:
            items = self._decoder.decode(body).Items
        except msgspec.ValidationError:
            # Valid JSON that is not DynamoDB's shape (an attribute value that is not an object,
            # an S that is not a string): the dict classifier decides, exactly as before.
            return self._classify_dicts(orjson.loads(body).get("Items") or [])
        p = self.pairing
        batch = self.batch
        schema = p.schema
        acct_prefix, acct_sk = schema.account_pk_prefix, schema.account_sk_value
        now = p.now
        has_sk, get_ttl, get_values = self._has_sk, self._get_ttl, self._get_values
        add_id, add_record = batch.account_ids.append, batch.records.append
        # With a sort key, an account needs the schema's SK value (when it names one).
        acct_sk_check = acct_sk if has_sk else None
        account_specs = [(s.rule.normalisation if s.rule.normalisation != NORMALISE_NONE else None,
                          rb.held_values.append, rb.holders.append)
                         for s, rb in zip(p.rules.values(), batch.rules, strict=True)]
        n_rules = len(account_specs)
        # Longest prefix first (see Pairing._lock_rules); the SK is only compared with a sort key.
        by_rule = dict(zip(p.rules, batch.rules, strict=True))
        lock_specs = [(s.rule.prefix, len(s.rule.prefix), s.rule.suffix, len(s.rule.suffix),
                       s.rule.sk_value if has_sk else None,
                       by_rule[s.rule.name].lock_values.append, by_rule[s.rule.name].lock_expired.append)
                      for s in p._lock_rules]
        other = 0
        for item in items:
            pk_av = item.pk
            pk = pk_av.S if pk_av is not None else None
            if pk is None:
                other += 1  # binary or number keys: not ours, never an error
                continue
            sk_av = item.sk
            sk = sk_av.S if sk_av is not None else None
            if pk.startswith(acct_prefix) and (acct_sk_check is None or sk == acct_sk_check):
                ttl_av = get_ttl(item) if get_ttl is not None else None
                expired = ttl_av is not None and expired_ttl_text(ttl_av.N, now)
                parts = ["1" if expired else "0", (sk or "") if acct_sk is None else ""]
                for av, (mode, add_value, add_holder) in zip(get_values(item), account_specs,
                                                             strict=True):
                    # S as is, N as its exact text; other types and "" are no value.
                    value = (av.S or av.N) if av is not None else None
                    if not value:
                        parts.append("")
                        continue
                    parts.append(value)
                    add_value(normalise(value, mode) if mode else value)
                    add_holder(pk)
                record = _SEP.join(parts)
                add_id(pk)
                if record.count(_SEP) == n_rules + 1:
                    add_record(record)
                else:  # a value holds the separator (rare): kept unpacked
                    add_record("")
                    batch.odd_records.append((pk, [v or None for v in parts[2:]], expired,
                                              sk if acct_sk is None else None))
                continue
            for prefix, lp, suffix, ls, sk_value, add_lock, add_expired in lock_specs:
                if sk_value is not None and sk != sk_value:
                    continue
                # Values may contain '#': only the template's own prefix and suffix are cut.
                if pk.startswith(prefix) and (not ls or (pk.endswith(suffix) and len(pk) >= lp + ls)):
                    ttl_av = get_ttl(item) if get_ttl is not None else None
                    add_lock(pk[lp:len(pk) - ls] if ls else pk[lp:])
                    add_expired(ttl_av is not None and expired_ttl_text(ttl_av.N, now))
                    break
            else:
                other += 1
        batch.other += other
        batch.items += len(items)
        return len(items)

    def _classify_dicts(self, items: list[dict[str, Any]]) -> int:
        """The dict classifier over one page, added to ``self.batch`` in Scan order."""
        p = self.pairing
        scratch = Pairing(p.schema, p.ttl_attribute)
        scratch.now = p.now
        n = scratch.feed(items)
        extend_batch(self.batch, scratch.to_batch())
        return n


def extend_batch(batch: Batch, more: Batch) -> None:
    """Append ``more`` to ``batch`` (same rules), as if classified after it."""
    batch.items += more.items
    batch.other += more.other
    batch.account_ids.extend(more.account_ids)
    batch.records.extend(more.records)
    batch.odd_records.extend(more.odd_records)
    for rb, mb in zip(batch.rules, more.rules, strict=True):
        rb.lock_values.extend(mb.lock_values)
        rb.lock_expired.extend(mb.lock_expired)
        rb.held_values.extend(mb.held_values)
        rb.holders.extend(mb.holders)


def _one(getter: Callable[[Any], Any]) -> Callable[[Any], tuple[Any, ...]]:
    return lambda item: (getter(item),)


def _none(item: Any) -> tuple[Any, ...]:
    return ()
