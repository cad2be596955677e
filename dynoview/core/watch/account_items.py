"""Accounts as the watch keeps them: one packed record per account, and per item for the
accounts that have several items (a schema whose accounts' SKs vary: ``account_sk_value`` None).

An account holds a value while any of its items holds it, is expired when any of its items is,
and is named by the key of its last item in Scan order (the greatest SK): what the audit's
``Pairing`` makes of an account it reads item by item. So a write to one item changes that
item's values only, and a value leaves the account only when no other item holds it.

Memory: ``records`` is the audit's own dict (adopted): per account one packed string
(``pairing_state``'s format). Only an account with two or more items has an entry in ``items``
as well: its items by SK, each a packed record without the SK (the dict's key holds it), and
the items with no value and no TTL passed all share one string.
"""

from __future__ import annotations

from collections.abc import Iterator

from dynoview.core.uniqueness.pairing_state import SEP, pack_record, record_expired
from dynoview.core.uniqueness.schema import LockRule
from dynoview.core.watch.projection import Record, expired_record, record_values
from dynoview.core.watch.scoped import held_form


class AccountItems:
    """Each account's record (``records``), and each item's of accounts with several (``items``)."""

    __slots__ = ("_empty", "items", "records", "rules")

    def __init__(self, rules: int, records: dict[str, Record] | None = None,
                 items: dict[str, dict[str, Record]] | None = None) -> None:
        self.rules = rules
        self.records: dict[str, Record] = records if records is not None else {}
        # account id -> {SK: its record without the SK}, only for accounts with 2+ items.
        self.items: dict[str, dict[str, Record]] = {}
        self._empty = "0" + SEP * (rules + 1)  # an item without values, unexpired, its SK left out
        for account_id, held in (items or {}).items():
            held = {sk: self.strip(r) for sk, r in held.items()}
            if len(held) > 1:
                self.items[account_id] = held
                self.records[account_id] = self._summary(held)

    # -- one record as kept -----------------------------------------------------------

    def strip(self, record: Record) -> Record:
        """``record`` without its SK (an item's, kept under its SK); the empty one shared."""
        if isinstance(record, str):
            cut = record.index(SEP, 2)  # flag, SEP, SK, SEP, values
            stripped = record[:2] + record[cut:]
            return self._empty if stripped == self._empty else stripped
        values, expired, _ = record
        return pack_record(list(values), expired, None)

    def _with_sk(self, record: Record, sk: str) -> Record:
        """A kept item record with its SK back in (the account's record once it has one item)."""
        values = record_values(record, self.rules)
        return pack_record(list(values), record_expired(record), sk or None)

    def _summary(self, held: dict[str, Record]) -> Record:
        """The account's record, as the audit packs one from its items read in Scan order: the
        last item's (greatest SK) values and SK, expired when any item is."""
        last = max(held)
        expired = any(map(record_expired, held.values()))
        return pack_record(list(record_values(held[last], self.rules)), expired, last or None)

    # -- reading ----------------------------------------------------------------------

    def item(self, account_id: str, sk: str | None) -> Record | None:
        """The record of the item (account id, SK), if the state has it."""
        held = self.items.get(account_id)
        if held is not None:
            return held.get(sk or "")
        record = self.records.get(account_id)
        return record if record is not None and _sk_of(record) == sk else None

    def sk(self, account_id: str) -> str | None:
        record = self.records.get(account_id)
        return _sk_of(record) if record is not None else None

    def expired(self, account_id: str) -> bool:
        record = self.records.get(account_id)
        return record is not None and record_expired(record)

    def _item_records(self, account_id: str) -> Iterator[Record]:
        held = self.items.get(account_id)
        if held is not None:
            yield from held.values()
        elif (record := self.records.get(account_id)) is not None:
            yield record

    def holds(self, account_id: str, index: int, rule: LockRule, form: str, *,
              besides: tuple[str | None, ...] = ()) -> bool:
        """Whether an item of the account holds ``form`` of rule ``index`` (but the items keyed
        ``besides``, by SK: one just written, whose form the caller knows)."""
        skip = {sk or "" for sk in besides}
        held = self.items.get(account_id)
        if held is not None:
            records = [r for sk, r in held.items() if sk not in skip]
        else:
            record = self.records.get(account_id)
            records = [record] if record is not None and (_sk_of(record) or "") not in skip else []
        for record in records:
            value = record_values(record, self.rules)[index]
            # A scope may hold the middle: the record's reading that is ``form``, if it has one.
            if held_form(rule, value, form.__eq__) == form:  # None (no value) is never a form
                return True
        return False

    def forms(self, account_id: str, rules: list[LockRule]) -> set[tuple[int, str]]:
        """Every (rule index, form) the account's items hold."""
        out: set[tuple[int, str]] = set()
        for record in self._item_records(account_id):
            for index, value in enumerate(record_values(record, self.rules)):
                form = held_form(rules[index], value)
                if form is not None:  # emptied by the normalisation: no value, as in the audit
                    out.add((index, form))
        return out

    # -- writing ----------------------------------------------------------------------

    def put(self, account_id: str, sk: str | None, record: Record | None) -> None:
        """The item (account id, SK) is now ``record`` (a whole record, SK included), or gone."""
        key = sk or ""
        held = self.items.get(account_id)
        if held is None:
            current = self.records.get(account_id)
            if current is None or _sk_of(current) == sk:  # no item yet, or this one
                if record is None:
                    self.records.pop(account_id, None)
                else:
                    self.records[account_id] = record
                return
            if record is None:
                return  # an item the state never had
            held = self.items[account_id] = {_sk_of(current) or "": self.strip(current)}
        if record is None:
            held.pop(key, None)
        else:
            held[key] = self.strip(record)
        if len(held) == 1:  # one item left: its record is the account's
            del self.items[account_id]
            [(last, kept)] = held.items()
            self.records[account_id] = self._with_sk(kept, last)
        else:
            self.records[account_id] = self._summary(held)

    def expire(self, account_id: str, sk: str | None) -> bool:
        """The item's TTL passed: whether the account was not expired before (now it is)."""
        record = self.item(account_id, sk)
        if record is None or record_expired(record):
            return False
        was = self.expired(account_id)
        if account_id in self.items:
            self.items[account_id][sk or ""] = expired_record(record, self.rules)
            self.records[account_id] = self._summary(self.items[account_id])
        else:
            self.records[account_id] = expired_record(record, self.rules)
        return not was


def _sk_of(record: Record) -> str | None:
    """A record's SK (None: none), cut out without splitting the whole record (every write
    asks for it)."""
    if isinstance(record, str):
        return record[2:record.index(SEP, 2)] or None
    return record[2]
