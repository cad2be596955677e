"""A table's uniqueness state, kept up to date from its stream records.

The state is what the audit's ``Pairing`` keeps, adopted after a seeding audit (its dicts,
not a copy): per rule the stored lock values and the holders of each form, with two small
indexes per rule (``classes``), and the findings filed by class (``judge``). A round of
records changes a few forms; only their classes are judged again, by the one engine.

Per account the state keeps what the stream cannot give back:

- with old and new images (NEW_AND_OLD_IMAGES), nothing but the ids of expired accounts: a
  record's old image says which values the account held before it;
- otherwise (KEYS_ONLY, NEW_IMAGE, OLD_IMAGE, or accounts whose SKs vary) the audit's packed
  record per account (expiry flag, SK, protected values: ``pairing_state``'s format), and per
  item for the accounts with several items (``account_items``): a value stays held while any
  item of its account holds it, as the audit pairs them.

A schema whose locks have a table of their own (``uniqueness.locks_table``) is fed both
tables' records: a record's ``table`` says which, the accounts table's items are read as the
audit reads them there (accounts only), the locks table's over ``locks_view`` (locks only),
each with its own TTL attribute; both land in the one state, judged together.

A rule unique per scope (OneTable's ``field.scope``) is kept on its forms, as the engine pairs
it: an account's recorded value starts with its scope (``scoped.recorded_value``), so an
account moved to another scope leaves one form and takes another, both judged.
"""

from __future__ import annotations

import heapq
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from functools import partial
from typing import Any

from dynoview.core.streams.records import StreamEvent
from dynoview.core.uniqueness.findings import EXPIRED, Finding
from dynoview.core.uniqueness.locks_table import locks_view
from dynoview.core.uniqueness.pairing import Pairing
from dynoview.core.uniqueness.schema import LockRule, UniquenessSchema
from dynoview.core.watch.account_items import AccountItems
from dynoview.core.watch.classes import RuleForms
from dynoview.core.watch.events import Cause, FindingChange, ValueChange
from dynoview.core.watch.judge import Judge, Scope, Touched, identity, scope_of
from dynoview.core.watch.projection import (
    ACCOUNT,
    LOCK,
    OTHER,
    ItemClassifier,
    ItemView,
    Record,
    record_values,
)
from dynoview.core.watch.scoped import held_form, recorded_value

__all__ = ["Update", "WatchState", "identity"]

#: The view type whose records carry what an account held before each write.
BOTH_IMAGES = "NEW_AND_OLD_IMAGES"


@dataclass(slots=True)
class Update:
    """A stream record and the item as it stands after it (None: deleted)."""

    event: StreamEvent
    item: Mapping[str, Any] | None
    source: str = "images"  # where ``item`` came from: "images", "read back" or "keys"


def keeps_records(schema: UniquenessSchema, view_type: str | None) -> bool:
    """Whether a state fed by this stream must keep each account's record (see the module
    doc): without old images, or where an account's SK must be remembered."""
    return view_type != BOTH_IMAGES or schema.account_sk_value is None


class WatchState:
    """The engine's state for one table, changed record by record."""

    def __init__(self, schema: UniquenessSchema, ttl_attribute: str | None, *,
                 records: bool = True, accounts: dict[str, Record] | None = None,
                 rules: list[RuleForms] | None = None, expired_accounts: set[str] | None = None,
                 locks_ttl: str | None = None, items: dict[str, dict[str, Record]] | None = None) -> None:
        self.schema = schema
        self.ttl_attribute = ttl_attribute
        self.classifier = ItemClassifier(schema, ttl_attribute)
        # Locks in a table of their own: its records are read by a classifier of their own.
        self.locks_table = schema.locks.name if schema.locks is not None else None
        self.locks_ttl = locks_ttl if self.locks_table is not None else ttl_attribute
        self.lock_classifier = (ItemClassifier(locks_view(schema), locks_ttl)
                                if self.locks_table is not None else None)
        self.rules = rules if rules is not None else [RuleForms(r) for r in schema.rules]
        # Per account its packed record (per item when it has several), or (None) only the
        # expired accounts' ids.
        self.book: AccountItems | None = (
            AccountItems(len(self.rules), accounts, items) if records else None)
        self.expired_accounts: set[str] = expired_accounts if expired_accounts is not None else set()
        self.findings: dict[Scope, list[Finding]] = {}
        self.judge = Judge(schema, ttl_attribute, self.rules, self._account_sk, self._account_expired,
                           locks_ttl=self.locks_ttl, lock_ttl=self._lock_ttl)
        # TTLs still ahead, of items the seeding audit read or written since: (epoch seconds, item id).
        self._due: list[tuple[float, tuple[str, ...]]] = []
        self._ttl_ahead: dict[tuple[str, ...], float] = {}
        self.records_applied = 0

    # -- seeding -------------------------------------------------------------------

    @classmethod
    def from_pairing(cls, pairing: Pairing, findings: Iterable[Finding], *,
                     records: bool = True, locks_ttl: str | None = None,
                     items: dict[str, dict[str, Record]] | None = None) -> WatchState:
        """The state an audit left: its dicts adopted (no copy), its findings filed. Without
        ``records`` the accounts' records are not packed (the pairing can then be dropped).
        ``locks_ttl``: the locks table's TTL attribute, when the schema has one. ``items``: the
        records of each item of the accounts with several (``ItemsPairing.item_records``);
        without them such an account is taken for its last item alone."""
        findings = list(findings)
        rules = [RuleForms(s.rule, s.locks, s.holders) for s in pairing.rules.values()]
        expired = {f.account_ids[0] for f in findings if f.rule is None and f.status == EXPIRED
                   and f.account_ids}
        state = cls(pairing.schema, pairing.ttl_attribute, records=records,
                    accounts=pairing.accounts if records else None, rules=rules,
                    expired_accounts=None if records else expired, locks_ttl=locks_ttl,
                    items=items if records else None)
        for finding in findings:
            state.findings.setdefault(scope_of(finding, state.rules), []).append(finding)
        return state

    def all_findings(self) -> list[Finding]:
        return [f for found in self.findings.values() for f in found]

    @property
    def accounts(self) -> dict[str, Record] | None:
        """Account id -> its record (as the audit's ``Pairing.accounts``), when records are kept."""
        return self.book.records if self.book is not None else None

    def _account_sk(self, account_id: str) -> str | None:
        return self.book.sk(account_id) if self.book is not None else None

    def _lock_ttl(self, index: int, form: str) -> float | None:
        """A live lock's TTL (epoch seconds), as the judge rebuilds the lock (a reservation)."""
        return self._ttl_ahead.get(("L", str(index), form))

    def _account_expired(self, account_id: str) -> bool:
        if self.book is None:
            return account_id in self.expired_accounts
        return self.book.expired(account_id)

    # -- applying records --------------------------------------------------------------

    def apply(self, updates: Sequence[Update], now: datetime | None = None) -> tuple[
            list[FindingChange], list[Cause]]:
        """Apply records in order; returns the findings that changed and one cause per record."""
        now = now or datetime.now(UTC)
        touched = Touched()
        views = self._views(updates, now)
        before: dict[int, ItemView] = {}
        if self.book is None:  # what each account held: its record's old image
            olds = [i for i, (u, v) in enumerate(zip(updates, views, strict=True))
                    if v.kind == ACCOUNT and u.event.old_image is not None]
            old_views = self.classifier.views([updates[i].event.old_image or {} for i in olds], now)
            before = dict(zip(olds, old_views, strict=True))
        causes = [self._apply_one(u, v, before.get(i), touched)
                  for i, (u, v) in enumerate(zip(updates, views, strict=True))]
        self.records_applied += len(updates)
        return self.judge.changes(touched, self.findings, now), causes

    def _views(self, updates: Sequence[Update], now: datetime) -> list[ItemView]:
        """What each record's item is: with a locks table, each table's items by its own
        classifier (records of both tables come mixed; each keeps its place)."""
        items = [u.item if u.item is not None else u.event.keys for u in updates]
        if self.lock_classifier is None:
            return self.classifier.views(items, now)
        from_locks = [i for i, u in enumerate(updates) if u.event.table == self.locks_table]
        if not from_locks:
            return self.classifier.views(items, now)
        mine = set(from_locks)
        others = [i for i in range(len(updates)) if i not in mine]
        out: list[ItemView] = [ItemView(OTHER)] * len(updates)
        for positions, classifier in ((others, self.classifier), (from_locks, self.lock_classifier)):
            if positions:
                for i, view in zip(positions, classifier.views([items[i] for i in positions], now),
                                   strict=True):
                    out[i] = view
        return out

    def _apply_one(self, update: Update, view: ItemView, before: ItemView | None,
                   touched: Touched) -> Cause:
        present = update.item is not None
        if view.kind == ACCOUNT:
            return self._apply_account(update, view if present else None, view, before, touched)
        if view.kind == LOCK:
            return self._apply_lock(update, view if present else None, view, touched)
        return Cause(update.event, "other", source=update.source, table=self._table_of(update))

    def _table_of(self, update: Update) -> str | None:
        """The table a record came from, said with each cause when the watch follows two."""
        return update.event.table if self.locks_table is not None else None

    def _apply_account(self, update: Update, after: ItemView | None, view: ItemView,
                       before: ItemView | None, touched: Touched) -> Cause:
        account_id = view.account_id or ""
        n = len(self.rules)
        book = self.book
        if book is not None:  # this item's values as the state holds them (not the account's)
            old = book.item(account_id, view.sk)
            was_expired, was_sk = book.expired(account_id), book.sk(account_id)
        else:
            old = before.record if before is not None else None
            was_expired, was_sk = account_id in self.expired_accounts, None
        new = after.record if after is not None else None
        olds, news = record_values(old, n), record_values(new, n)
        if book is not None:
            book.put(account_id, view.sk, new)
        # The values a write changed: from its images when it has them (exact), else the state's.
        changes = _image_changes(update.event, self.rules)
        from_state = not changes and update.event.old_image is None and update.event.new_image is None
        forms_touched: list[tuple[int, str]] = []
        for index, forms in enumerate(self.rules):
            old_value, new_value = olds[index], news[index]
            if old_value == new_value:
                continue
            if from_state:
                changes.append(ValueChange(forms.rule.name, forms.rule.attribute, old_value, new_value))
            rule = forms.rule
            if rule.middle is not None:  # a scope may hold the middle: cut where it ends
                old_value = _joined(rule, old_value, update.event.old_image)
                new_value = _joined(rule, new_value, update.item)
            # None when there is no value, or the normalisation empties it (the audit's test);
            # a plain old value is cut where the state says the account holds it.
            before_form = held_form(rule, old_value, partial(_holds, forms, account_id))
            after_form = held_form(rule, new_value)
            if before_form == after_form:
                continue
            # Another item of the account may hold the value still: then the account does.
            if before_form is not None and (book is None or not book.holds(account_id, index, rule,
                                                                            before_form, besides=(view.sk,))):
                forms.remove_holder(before_form, account_id)
                forms_touched.append((index, before_form))
            if after_form is not None:
                forms.add_holder(after_form, account_id)
                forms_touched.append((index, after_form))
        # Another item names the account now (its SK): its findings are judged again for their keys.
        renamed = book is not None and book.sk(account_id) != was_sk
        keyed = (sorted(book.forms(account_id, [f.rule for f in self.rules]) - set(forms_touched))
                 if book is not None and renamed else [])
        if book is not None:
            now_expired = book.expired(account_id)
        else:
            now_expired = after is not None and after.expired
            if now_expired:
                self.expired_accounts.add(account_id)
            else:
                self.expired_accounts.discard(account_id)
        self._note_ttl(view.item_id, after.expires_at if after is not None else None)
        # The account as the state now holds it (the audit's record: its last item's values),
        # not this item's: Live mode shows it. Without records an account is one item.
        held = book.records.get(account_id) if book is not None else new
        cause = Cause(update.event, ACCOUNT, account_id=account_id,
                      changes=tuple(changes),
                      source=update.source,
                      forms=frozenset((self.rules[i].rule.name, f) for i, f in forms_touched),
                      table=self._table_of(update),
                      account_values=record_values(held, n),
                      account_sk=book.sk(account_id) if book is not None else view.sk)
        for index, form in forms_touched + keyed:
            touched.form(index, form, cause)
        if was_expired != now_expired or (renamed and now_expired):
            touched.account(account_id, cause)
        return cause

    def _apply_lock(self, update: Update, after: ItemView | None, view: ItemView,
                    touched: Touched) -> Cause:
        forms = self.rules[view.rule]
        value = view.value or ""
        before = forms.locks.get(value)
        now_expired = after.expired if after is not None else None
        cause = Cause(update.event, LOCK, rule=forms.rule.name, value=value, source=update.source,
                      forms=frozenset({(forms.rule.name, value)}), table=self._table_of(update))
        ahead = after.expires_at if after is not None else None
        # A live lock's TTL written (given, renewed or taken off) makes or ends a reservation.
        if before != now_expired or (now_expired is False and self._ttl_ahead.get(view.item_id) != ahead):
            forms.set_lock(value, now_expired)
            touched.form(view.rule, value, cause)
        self._note_ttl(view.item_id, ahead)
        return cause

    # -- time ------------------------------------------------------------------------

    def note_ttls(self, items: Sequence[Mapping[str, Any]], now: datetime, *, locks: bool = False) -> None:
        """Seeding: items (key and TTL) whose TTL may be ahead, read by the seeding audit (from
        the locks table: ``locks``); the accounts and locks among them are expired when it
        passes, as ``_note_ttl`` does for items written while watching."""
        classifier = self.lock_classifier if locks and self.lock_classifier is not None else self.classifier
        for view in classifier.views(list(items), now):
            if view.kind != OTHER and view.expires_at is not None:
                self._note_ttl(view.item_id, view.expires_at)

    def _note_ttl(self, item_id: tuple[str, ...], expires_at: float | None) -> None:
        if expires_at is None:
            self._ttl_ahead.pop(item_id, None)
            return
        self._ttl_ahead[item_id] = expires_at
        heapq.heappush(self._due, (expires_at, item_id))
        if len(self._due) > 2 * len(self._ttl_ahead) + 1000:  # mostly TTLs written over since
            self._due = [(at, i) for i, at in self._ttl_ahead.items()]
            heapq.heapify(self._due)

    def next_expiry(self) -> float | None:
        """When the next TTL (read by the seeding audit, or written while watching) passes
        (epoch seconds), if any."""
        return self._due[0][0] if self._due else None

    def expire_due(self, now: datetime | None = None) -> list[FindingChange]:
        """Items whose TTL passed since they were written: expired now, judged again."""
        now = now or datetime.now(UTC)
        touched = Touched()
        stamp = now.timestamp()
        while self._due and self._due[0][0] <= stamp:
            at, item_id = heapq.heappop(self._due)
            if self._ttl_ahead.get(item_id) != at:
                continue  # written again since: its newer TTL decides
            del self._ttl_ahead[item_id]
            cause = Cause(None, "ttl", ttl_passed=datetime.fromtimestamp(at, UTC))
            if item_id[0] == "A":
                account_id = item_id[1]
                if self.book is None:
                    if account_id not in self.expired_accounts:
                        self.expired_accounts.add(account_id)
                        touched.account(account_id, cause)
                    continue
                # One item of the account (its SK third, when accounts' SKs vary).
                if self.book.expire(account_id, item_id[2] if len(item_id) > 2 else None):
                    touched.account(account_id, cause)
            else:
                index, value = int(item_id[1]), item_id[2]
                forms = self.rules[index]
                if forms.locks.get(value) is False:
                    forms.set_lock(value, True)
                    touched.form(index, value, cause)
        return self.judge.changes(touched, self.findings, now)


def _holds(forms: RuleForms, account_id: str, form: str) -> bool:
    return account_id in forms.holders_of(form)


def _joined(rule: LockRule, value: str | None, item: Mapping[str, Any] | None) -> str | None:
    """``value`` (an item's recorded value) joined from the item when it is at hand
    (``scoped.recorded_value``: a ``JoinedForm`` knows where its scope ends), else as it is."""
    joined = recorded_value(rule, item) if item is not None and value else None
    return joined if joined is not None and joined == value else value


def _image_changes(event: StreamEvent, rules: list[RuleForms]) -> list[ValueChange]:
    """The protected values a record's images show changing (empty without images), as the
    account records keep them: a scoped rule's with its scope, so a move to another scope is
    a change of value."""
    if event.old_image is None and event.new_image is None:
        return []
    out = []
    for forms in rules:
        rule = forms.rule
        old = recorded_value(rule, event.old_image) if event.old_image is not None else None
        new = recorded_value(rule, event.new_image) if event.new_image is not None else None
        if old != new:
            out.append(ValueChange(rule.name, rule.attribute, old, new))
    return out
