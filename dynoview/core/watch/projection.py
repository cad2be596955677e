"""What the watch keeps of one item, as the engine itself reads it.

An item is shown to a fresh ``Pairing`` (the one engine: the audit's own key matching, value
reading and TTL rule) and what the pairing recorded is kept: for an account its id and one
packed record (expiry flag, SK, protected values: ``pairing_state``'s format, the audit's
own), for a lock its rule, stored value and expiry flag. Nothing else of the item is kept.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from dynoview.core.ttl.expiry import PENDING, ttl_state
from dynoview.core.uniqueness.pairing import Pairing
from dynoview.core.uniqueness.pairing_state import SEP, pack_record, record_expired, unpack_record
from dynoview.core.uniqueness.schema import UniquenessSchema

ACCOUNT = "account"
LOCK = "lock"
OTHER = "other"

#: An account's packed record: one string, or a tuple when a value holds the separator (rare).
Record = str | tuple[tuple[str | None, ...], bool, str | None]


@dataclass(slots=True)
class ItemView:
    """One item as the schema sees it."""

    kind: str  # ACCOUNT, LOCK or OTHER
    account_id: str | None = None
    record: Record | None = None  # an account's packed record
    rule: int = -1  # a lock's rule, by position in the schema
    value: str | None = None  # a lock's stored value
    expired: bool = False
    expires_at: float | None = None  # a TTL still ahead (epoch seconds): re-judged when it passes
    sk: str | None = None  # an account item's own SK, when accounts' SKs vary (several per account)

    @property
    def item_id(self) -> tuple[str, ...]:
        """The item's identity in the watch's state (an account's items apart by their SK)."""
        if self.kind == ACCOUNT:
            account = ("A", self.account_id or "")
            return account if self.sk is None else (*account, self.sk)
        return ("L", str(self.rule), self.value or "")


class ItemClassifier:
    """Reads items the way the audit does, a batch at a time."""

    def __init__(self, schema: UniquenessSchema, ttl_attribute: str | None) -> None:
        self.schema = schema
        self.ttl_attribute = ttl_attribute
        self.rules = len(schema.rules)
        # Per rule: how a stored value's lock key is spelled (the template's parts, split once;
        # a scoped rule's stored value is its form, scope first, after the fixed prefix).
        self._lock_keys = [(r.fixed_prefix, r.suffix, r.sk_template, r.fixed_sk) for r in schema.rules]

    def view(self, item: Mapping[str, Any], now: datetime | None = None) -> ItemView:
        """What ``item`` is to the schema (a key alone is enough to tell accounts from locks)."""
        return self.views([item], now)[0]

    def views(self, items: list[Mapping[str, Any]], now: datetime | None = None) -> list[ItemView]:
        """What each item is, in order. Items are fed to one ``Pairing`` per generation (an
        item whose partition key came before in the batch goes to the next one), and each
        account record or lock the pairing kept is traced back to its item by its key."""
        now = now or datetime.now(UTC)
        pk_name = self.schema.pk_name
        generations: list[list[int]] = []
        seen: dict[Any, int] = {}
        for position, item in enumerate(items):
            pk = _text(item.get(pk_name))
            level = seen.get(pk, 0)
            seen[pk] = level + 1
            if level == len(generations):
                generations.append([])
            generations[level].append(position)
        out: list[ItemView] = [ItemView(OTHER)] * len(items)
        for positions in generations:
            self._classify([items[p] for p in positions], positions, out, now)
        return out

    def _classify(self, items: list[Mapping[str, Any]], positions: list[int], out: list[ItemView],
                  now: datetime) -> None:
        pairing = Pairing(self.schema, self.ttl_attribute, now)
        pairing.feed(items)
        schema = self.schema
        pk_name, sk_name = schema.pk_name, schema.sk_name
        # Each item's place in ``items`` by its key: (PK text, SK text or None), and by PK
        # alone for a rule whose locks may have any SK.
        where = {(_text(item.get(pk_name)), _text(item.get(sk_name)) if sk_name else None): i
                 for i, item in enumerate(items)}
        by_pk = {key[0]: i for key, i in where.items()}
        for account_id, record in pairing.accounts.items():
            sk = schema.account_sk_value
            own = None
            if sk is None and sk_name:
                own = record_sk(record, self.rules)
                sk = own or ""
            i = where.get((account_id, sk if sk_name else None))
            if i is not None:
                out[positions[i]] = ItemView(ACCOUNT, account_id, record, expired=record_expired(record),
                                             expires_at=self._ttl_ahead(items[i], now), sk=own)
        for index, state in enumerate(pairing.rules.values()):
            if not state.locks:
                continue
            prefix, suffix, sk_template, fixed_sk = self._lock_keys[index]
            for value, expired in state.locks.items():
                pk = prefix + value + suffix
                if not sk_name:
                    i = where.get((pk, None))
                elif sk_template is not None:
                    i = where.get((pk, sk_template[0] + value + sk_template[1]))
                elif fixed_sk is not None:
                    i = where.get((pk, fixed_sk))
                else:
                    i = by_pk.get(pk)
                if i is not None:
                    out[positions[i]] = ItemView(LOCK, rule=index, value=value, expired=expired,
                                                 expires_at=self._ttl_ahead(items[i], now))

    def _ttl_ahead(self, item: Mapping[str, Any], now: datetime) -> float | None:
        if self.ttl_attribute is None or self.ttl_attribute not in item:
            return None
        state = ttl_state(item[self.ttl_attribute], now)
        if state.kind == PENDING and state.expires_at is not None:
            return state.expires_at.timestamp()
        return None


def _text(av: Any) -> str | None:
    """A key attribute's S text (the engine reads String keys only)."""
    return av.get("S") if av.__class__ is dict else None


def record_values(record: Record | None, rules: int) -> tuple[str | None, ...]:
    """An account's protected values in schema order (None: no value); all None for no record."""
    if record is None:
        return (None,) * rules
    return unpack_record(record, rules)[0]


def record_sk(record: Record, rules: int) -> str | None:
    """An account's own SK, when the schema's accounts have varying SKs."""
    return unpack_record(record, rules)[2]


def expired_record(record: Record, rules: int) -> Record:
    """The same record with its TTL passed."""
    if record.__class__ is str and record.count(SEP) == rules + 1:
        return "1" + record[1:]  # type: ignore[operator,index]
    values, _, sk = unpack_record(record, rules)
    return pack_record(list(values), True, sk)
