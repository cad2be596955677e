"""Pair accounts with their uniqueness locks and name every broken case.

Feed pages of items (in any order, from any number of Scan segments) to a
``Pairing``; ask it for ``findings()``, ``counts()`` or view ``rows()`` at any
time. It keeps only what classification needs: per account its key and the
protected values, per rule the stored lock values and which accounts hold
each value. Whole items are never kept, so memory grows with the number of
accounts and distinct protected values, not with the size of the table.

Classification, per rule, for one value ``v`` (the lock value an account
needs is ``normalise(account value, rule.normalisation)``):

- OK: exactly one account needs ``v`` and the lock ``v`` exists (not expired).
- MISSING_LOCK: one account needs ``v`` and no lock ``v`` exists.
- ORPHAN_LOCK: lock ``v`` exists, is not expired, and no account needs ``v``
  (a stuck signup, or a stale lock left by a value change).
- DUPLICATE_VALUE: two or more accounts need ``v`` (whether or not it is locked).
- EXPIRED: the lock ``v`` has a TTL in the past but is still readable (whether
  or not an account needs it), or an account item's TTL has passed.
- CASE_CLASH: two or more different stored forms (lock values, and account
  values after the rule's normalisation) share one ``forms.clash_key`` (NFKC,
  case folded, invisible characters removed, trimmed for trimming rules). This
  is checked even when the rule's normalisation is "none": that case is exactly
  the bug the status reveals (``UNIQ#EMAIL#Ada@x`` and ``UNIQ#EMAIL#ada@x`` both
  lock "one" address). Within a clash group, orphan and missing-lock findings
  are folded into the clash (they are its symptoms); duplicates and expiry are
  still reported.
- LOOKALIKE_CLASH: forms sharing one ``forms.lookalike_key`` (TR39 skeleton),
  at least one of them odd (outside ASCII, or padded), with two or more distinct clash keys
  (Cyrillic ``аda@x.io`` beside Latin ``ada@x.io``). Orphans and missing locks
  of its members are still reported: a lookalike is another value.

Accounts whose attribute is missing, empty or not a String/Number have no
value for that rule (status NO_VALUE): nothing to enforce, not a finding. So have those
whose value the rule's normalisation empties (``"   "`` trimmed; a lone zero-width space
under nfkc+casefold, which drops invisibles, but not under trim+lowercase, whose lock
keeps it): ``normalise`` returning "" is the one test, on every path.

A rule unique per scope (OneTable's ``field.scope``) is paired on its forms
``<scope><middle><value>`` (``scope.py``): a lock's is its key between the rule's fixed
prefix and suffix, an account's its scope filled from its attributes, the middle and its
value; so the same value in two scopes is two values, and every check above runs per scope.

Here: the state, the classifier's hot loop (``feed``, inlined for speed), its batch merge
(``apply``) and the findings' cache. Reading that state into findings, clash members, counts
and view rows is ``pairing_findings.py``; the ``Pairing`` methods of those names delegate to it.
"""

from __future__ import annotations

import base64
from collections.abc import Callable, Iterable, Mapping
from datetime import UTC, datetime
from itertools import compress
from typing import Any

from dynoview.core.ttl.expiry import expired_at
from dynoview.core.uniqueness import pairing_findings
from dynoview.core.uniqueness.findings import Finding, PairRow
from dynoview.core.uniqueness.forms import trims
from dynoview.core.uniqueness.pairing_state import (
    SEP,
    AccountColumns,
    Batch,
    RuleBatch,
    RuleState,
    blank_emptied,
    columns_of_batches,
    columns_of_records,
    held_values,
    missing_from,
    pack_record,
    record_expired,
    unpack_record,
)
from dynoview.core.uniqueness.schema import (
    NORMALISE_NONE,
    LockRule,
    UniquenessSchema,
    normalise,
)
from dynoview.core.uniqueness.scope import fill_scope
from dynoview.core.uniqueness.scoped_keys import rule_lookalike_key, rule_unlike_and_odd


def _keep_ahead(ahead: list[tuple[str, str, str]], pk: str, sk: str | None, av: Any) -> None:
    """Note an item whose TTL (``av``, not past) is a Number: it expires later."""
    n = av.get("N") if av.__class__ is dict else None
    if n.__class__ is str and n:
        ahead.append((pk, sk or "", n))


def _expired(av: Any, now: float) -> bool:
    """Whether a TTL attribute value has passed (``ttl.expiry``'s rule; a Number only)."""
    return isinstance(av, Mapping) and expired_at(av.get("N"), now)


class Pairing:
    """Incremental classifier: ``feed`` pages, then ask for findings, counts or rows."""

    def __init__(self, schema: UniquenessSchema, ttl_attribute: str | None = None,
                 now: datetime | None = None, *, keep_ttls_ahead: bool = False) -> None:
        self.schema = schema
        self.ttl_attribute = ttl_attribute
        self.now = (now or datetime.now(UTC)).timestamp()
        # ``keep_ttls_ahead``: (PK, SK or "", TTL text) of every account and lock whose TTL had
        # not passed at ``now`` (``Batch.ttls_ahead``); None when not kept.
        self.ttls_ahead: list[tuple[str, str, str]] | None = [] if keep_ttls_ahead and ttl_attribute else None
        self.rules = {r.name: RuleState(r) for r in schema.rules}
        # account id (PK text) -> its record, packed into one string (see _pack): strings are not
        # tracked by the cyclic garbage collector, so a million accounts cost it nothing to walk.
        self._accounts: dict[str, str | tuple[tuple[str | None, ...], bool, str | None]] = {}
        # Batches whose accounts are not in the dict yet (see ``apply``), oldest first.
        self._pending_accounts: list[Batch] = []
        self.items_seen = 0
        self.other_items = 0
        # Longest prefix first, so UNIQ#EMAIL2# is not taken for UNIQ#EMAIL#. Empty when the locks
        # have a table of their own: this table's items are accounts or other (locks_table.py).
        self._lock_rules = [] if schema.locks is not None else sorted(
            self.rules.values(), key=lambda s: len(s.rule.fixed_prefix), reverse=True)
        self._cache: tuple[int, list[Finding]] | None = None
        # Per rule, the lock values no account holds, as the findings in ``_cache`` found them.
        self._unheld: dict[str, list[str]] = {}
        self._ok = 0
        self._expired_accounts: set[str] | None = set()  # like RuleState.unlike: while known
        # The accounts' sort key type when their SKs vary: one per table (its key schema says
        # so), kept once; a record holds the SK's text. A Binary SK is no text: the few kept
        # whole, by account (``_other_sk``), or its base64 text from a batch (``apply``).
        self.sk_type = "S"
        self._raw_sks: dict[str, dict[str, Any]] = {}

    @property
    def accounts(self) -> dict[str, str | tuple[tuple[str | None, ...], bool, str | None]]:
        """Account id -> its record (see ``account``); packed on first use after ``apply``."""
        if self._pending_accounts:
            pending, self._pending_accounts = self._pending_accounts, []
            for batch in pending:
                self._pack_accounts(batch)
        return self._accounts

    def account_columns(self, step: Callable[[], None] = lambda: None) -> AccountColumns:
        """Every account as columns (what the view's rows are made of); ``step`` is called
        between slices (it may raise to stop). Batches from workers are used as they are."""
        varying_sk = self.schema.account_sk_value is None
        if self._pending_accounts and not self._accounts:
            columns = columns_of_batches(self._pending_accounts, len(self.rules), varying_sk, step)
            if columns is not None:
                return columns
        return columns_of_records(self.accounts, len(self.rules), varying_sk, step)

    def _pack_accounts(self, batch: Batch) -> None:
        """Records of a batch's accounts, as ``feed`` packs them (the last item's values win; an
        account is expired if any of its items is)."""
        accounts = self._accounts
        n_rules = len(self.rules)
        varying_sk = self.schema.account_sk_value is None
        expired_at = set(batch.expired_at)
        sks = batch.account_sks if varying_sk else [""] * len(batch.account_ids)
        for i, (acct, sk, *values) in enumerate(zip(batch.account_ids, sks, *batch.account_values,
                                                    strict=True)):
            expired = i in expired_at or (acct in accounts and record_expired(accounts[acct]))
            record = SEP.join(("1" if expired else "0", sk, *values))
            accounts[acct] = record if record.count(SEP) == n_rules + 1 else pack_record(
                [v or None for v in values], expired, (sk or None) if varying_sk else None)

    # ------------------------------------------------------------------ feeding

    def feed(self, items: Iterable[Mapping[str, Any]]) -> int:
        """Classify a page of items (low-level form); returns how many were read.

        This is the audit's hot loop (a million items is a million iterations),
        so rule attributes are looked up once per page and matching is inlined.
        """
        schema = self.schema
        pk_name, sk_name = schema.pk_name, schema.sk_name
        acct_prefix, acct_sk = schema.account_pk_prefix, schema.account_sk_value
        ttl = self.ttl_attribute
        now = self.now
        accounts = self.accounts
        ahead = self.ttls_ahead
        # A scoped rule's forms start with the account's scope and the middle (scope.py).
        # A big dict is split between pages (``ShardedDict``): within one, its parts stay put.
        for s in self.rules.values():
            s.holders.split_if_big()
            s.locks.split_if_big()
        account_specs = [(s.rule.attribute, s.rule.normalisation if s.rule.normalisation != NORMALISE_NONE
                          else None, s.holders.parts, s.holders.mask, s,
                          (s.rule.scope, s.rule.middle or "") if s.rule.scope is not None else None)
                         for s in self.rules.values()]
        n_rules = len(account_specs)
        # A fixed lock SK is compared before the PK; an SK that repeats the value (rare) or a
        # scoped rule's middle only once the value is cut from the PK (``value_check``), so the
        # common case pays one "is not None".
        lock_specs = [(s.rule.fixed_prefix, s.rule.suffix, len(s.rule.fixed_prefix), len(s.rule.suffix),
                       s.rule.fixed_sk if sk_name else None,
                       value_check(s.rule, bool(sk_name)), s.locks.parts, s.locks.mask, s)
                      for s in self._lock_rules]
        n = other = 0
        for item in items:
            n += 1
            pk_av = item.get(pk_name)
            pk = pk_av.get("S") if pk_av.__class__ is dict else None
            if pk.__class__ is not str:
                other += 1  # binary or number keys: not ours, never an error
                continue
            sk = None
            if sk_name:
                sk_av = item.get(sk_name)
                sk = sk_av.get("S") if sk_av.__class__ is dict else None
            if pk.startswith(acct_prefix) and (acct_sk is None or not sk_name or sk == acct_sk):
                expired = ttl is not None and ttl in item and _expired(item[ttl], now)
                if ahead is not None and ttl is not None and not expired:
                    _keep_ahead(ahead, pk, sk, item.get(ttl))
                if not expired and pk in accounts:  # read before (its SKs vary): expired if any is
                    expired = record_expired(accounts[pk])
                parts = ["1" if expired else "0", (sk or "") if acct_sk is None else ""]
                if sk is None and acct_sk is None and sk_name:  # a Number or Binary SK (rare)
                    parts[1] = self._other_sk(pk, item.get(sk_name))
                for attr, mode, held_parts, held_mask, state, scoping in account_specs:
                    av = item.get(attr)
                    # S as is, N as its exact text; other types and "" are no value.
                    value = (av.get("S") or av.get("N")) if av.__class__ is dict else None
                    if value.__class__ is not str or not value:
                        parts.append("")
                        continue
                    key = normalise(value, mode) if mode else value
                    if not key:  # emptied by the normalisation ("   " trimmed): no value either
                        parts.append("")
                        continue
                    if scoping is not None:
                        head = fill_scope(scoping[0], item) + scoping[1]
                        value, key = head + value, head + key
                    parts.append(value)
                    holders = held_parts[hash(key) & held_mask]
                    if key in holders:
                        state.add_holder(key, pk)
                    else:
                        holders[key] = pk
                record = SEP.join(parts)
                # One string per account (see _pack); a value containing the separator is rare.
                accounts[pk] = record if record.count(SEP) == n_rules + 1 else pack_record(
                    [p or None for p in parts[2:]], expired, (parts[1] or None) if acct_sk is None else None)
                continue
            for prefix, suffix, lp, ls, sk_value, sk_tpl, lock_parts, lock_mask, lock_state in lock_specs:
                if sk_value is not None and sk != sk_value:
                    continue
                # Values may contain '#': only the template's own prefix and suffix are cut.
                if pk.startswith(prefix) and (not ls or (pk.endswith(suffix) and len(pk) >= lp + ls)):
                    value = pk[lp:len(pk) - ls] if ls else pk[lp:]
                    if sk_tpl is not None and (sk_tpl not in value if sk_tpl.__class__ is str
                                               else sk != sk_tpl[0] + value + sk_tpl[1]):
                        continue
                    expired = ttl is not None and ttl in item and _expired(item[ttl], now)
                    lock_parts[hash(value) & lock_mask][value] = expired
                    ttl_av = item.get(ttl) if ttl is not None else None
                    if ttl_av is not None or lock_state.ttls:  # a reservation's TTL (reservation.py)
                        lock_state.note_ttl(value, ttl_av.get("N") if ttl_av.__class__ is dict else None,
                                            expired)
                    if ahead is not None and ttl is not None and not expired:
                        _keep_ahead(ahead, pk, sk, item.get(ttl))
                    break
            else:
                other += 1
        self.other_items += other
        self.items_seen += n
        self.invalidate()
        return n

    def _other_sk(self, acct: str, av: Any) -> str:
        """The record's text of an account SK that is no String: a Number's (its type kept once),
        or "" with a Binary one kept whole (``account_key`` gives it back as read)."""
        n = av.get("N") if av.__class__ is dict else None
        if n.__class__ is str and n:
            self.sk_type = "N"
            return n  # type: ignore[no-any-return]
        if av.__class__ is dict and av:
            self._raw_sks[acct] = av
        return ""

    def invalidate(self) -> None:
        """Forget what was derived from the items (findings, known clash forms): more came."""
        self._cache = None
        self._expired_accounts = None
        for state in self.rules.values():
            state.unlike = state.shared = state.odd = state.expired = None

    def new_batch(self) -> Batch:
        """An empty batch shaped for this pairing's rules."""
        return Batch(account_values=[[] for _ in self.rules], rules=[RuleBatch() for _ in self.rules])

    def finish_batch(self, batch: Batch) -> Batch:
        """Normalise the account values and find the forms unlike their clash key and those
        that are odd (C loops, where the batch was made: in a worker process, in parallel)."""
        for state, column, rb in zip(self.rules.values(), batch.account_values, batch.rules, strict=True):
            # Where each scoped form's value starts (the classifier's heads; none in a batch made
            # without them: its forms are cut at their first middle).
            heads = rb.heads if state.rule.middle is not None and rb.heads else None
            held = held_values(column, state.rule.normalisation, state.rule.middle, heads)
            if state.rule.normalisation != NORMALISE_NONE:
                # Values it empties become no value in the column too, as ``feed`` records them.
                held = rb.normalised = blank_emptied(column, held, state.rule.middle, heads)
            trim, middle = trims(state.rule.normalisation), state.rule.middle
            # A scoped rule's keys fold only the value part (``scoped_keys``).
            unlike_locks, odd_locks = rule_unlike_and_odd(middle, rb.lock_values, trim)
            unlike_held, odd_held = rule_unlike_and_odd(middle, held, trim)
            rb.unlike = list({*unlike_locks, *unlike_held})
            rb.odd = list({*odd_locks, *odd_held})
            rb.odd_keys = [rule_lookalike_key(middle, f, trim) for f in rb.odd]
        return batch

    def apply(self, batch: Batch, step: Callable[[], None] | None = None) -> None:
        """Add a batch of classified items: the same state as ``feed`` of those items, in order.

        Batches of different Scan segments may come in any order: DynamoDB keeps all items
        of a partition key in one segment. ``step`` runs before each rule's locks and holders
        are added (``background.yield_to_ui``: a window's event loop that is behind goes
        first); no step is one long C call, as the dicts are sharded (``ShardedDict``).
        """
        self.items_seen += batch.items
        self.other_items += batch.other
        self._cache = None
        if self.ttls_ahead is not None:
            self.ttls_ahead.extend(batch.ttls_ahead)
        ids = batch.account_ids
        sks = batch.account_sks
        if batch.sk_type:  # not a String: the SKs are its text (``audit.pages``)
            self.sk_type = batch.sk_type
        if ids:
            # The accounts dict is only needed for view rows: it is built when first asked for.
            self._pending_accounts.append(Batch(account_ids=ids, account_sks=sks,
                                                account_values=batch.account_values,
                                                expired_at=batch.expired_at))
            expired = self._expired_accounts
            if expired is not None:  # an account is expired if any of its items is
                expired.update(ids[i] for i in batch.expired_at)
        for state, column, rb in zip(self.rules.values(), batch.account_values, batch.rules,
                                     strict=True):
            if rb.lock_values:
                if step is not None:
                    step()
                state.add_locks(rb.lock_values, rb.lock_expired, rb.lock_ttls)
            # The values the accounts hold, and the account of each: the same string objects
            # as the columns' (no copies), picked in C.
            hv = rb.normalised if state.rule.normalisation != NORMALISE_NONE else list(filter(None, column))
            if hv:
                if step is not None:
                    step()
                state.add_holders(hv, list(compress(ids, column)))
            if state.unlike is not None:
                state.unlike.update(rb.unlike)
            if state.odd is not None:
                state.odd.update(zip(rb.odd, rb.odd_keys, strict=True))

    def expired_account_ids(self) -> set[str]:
        """The accounts whose TTL has passed (an account is expired if any of its items is)."""
        if self._expired_accounts is None:
            self._expired_accounts = {a for a, r in self.accounts.items() if record_expired(r)}
        return self._expired_accounts

    # ------------------------------------------------------------------ results

    def lock_key(self, rule: LockRule, stored_value: str) -> dict[str, Any]:
        """A stored lock's key: rebuilt from the template, never re-normalised."""
        return self.schema.stored_lock_key(rule, stored_value)

    def account(self, acct: str) -> tuple[tuple[str | None, ...], bool, str | None]:
        """An account's (values per rule in schema order, expired, SK when accounts' SKs vary)."""
        return unpack_record(self.accounts[acct], len(self.rules))

    def account_key(self, acct: str) -> dict[str, Any]:
        """An account's full key, its SK of the type read (a Number's stays a Number). Without
        the SK (an account not read) it is the partition key alone, which ``diagnose_owner``
        completes with a Query, never with a guess."""
        key: dict[str, Any] = {self.schema.pk_name: {"S": acct}}
        sk_name = self.schema.sk_name
        if not sk_name:
            return key
        if self.schema.account_sk_value is not None:
            key[sk_name] = {"S": self.schema.account_sk_value}
            return key
        # An account's own SK is only recorded when accounts' SKs vary (no account_sk_value).
        raw = self._raw_sks.get(acct) if self._raw_sks else None
        sk = self.typed_sk(acct, self.account(acct)[2] if raw is None and acct in self.accounts else None)
        if sk is not None:
            key[sk_name] = sk
        return key

    def typed_sk(self, acct: str, text: str | None) -> dict[str, Any] | None:
        """The SK attribute value of an account whose record (or view row) holds ``text``: of the
        table's SK type; a Binary one as read (bytes). None without one."""
        raw = self._raw_sks.get(acct) if self._raw_sks else None
        if raw is not None:
            return raw
        if not text:
            return None
        return {"B": base64.b64decode(text)} if self.sk_type == "B" else {self.sk_type: text}

    def findings(self) -> list[Finding]:
        """Every problem found so far, in a stable order (rule, value, status); kept until more
        items come (``pairing_findings`` names them)."""
        if self._cache is not None and self._cache[0] == self.items_seen:
            return self._cache[1]
        out, self._ok, self._unheld = pairing_findings.all_findings(self)
        self._cache = (self.items_seen, out)
        return out

    def unheld_locks(self, rule_name: str) -> list[str]:
        """The rule's lock values that no account holds (orphans, or expired): those ``findings``
        found when they are up to date, else looked up again (a million lookups: ~0.3 s)."""
        if self._cache is not None and self._cache[0] == self.items_seen and rule_name in self._unheld:
            return self._unheld[rule_name]
        state = self.rules[rule_name]
        return missing_from(state.locks, state.holders)

    def ok_count(self) -> int:
        """(account, rule) pairs whose value has its own, unexpired, unshared, unclashed lock."""
        self.findings()
        return self._ok

    # The rest is read from the state by pairing_findings, whose functions these methods call.

    def certain_findings(self) -> list[Finding]:
        """The findings no item read later can undo (shown while the scan runs)."""
        return pairing_findings.certain_findings(self)

    def findings_of(self, rule_name: str, form: str) -> list[Finding]:
        """The findings that concern one stored form of a rule (what its diagnosis reports)."""
        return pairing_findings.findings_of(self, rule_name, form)

    def members(self, finding: Finding) -> list[str]:
        """The stored forms of a case or lookalike clash, sorted."""
        return pairing_findings.members(self, finding)

    def counts(self) -> dict[str, int]:
        """Findings per status, plus OK as the number of healthy (account, rule) pairs."""
        return pairing_findings.counts(self)

    def rows(self) -> list[PairRow]:
        """The side-by-side view: one row per account, then one per lock no account needs."""
        return pairing_findings.rows(self)


def value_check(rule: LockRule, has_sk: bool) -> str | tuple[str, str] | None:
    """What a lock key cut by the rule's prefix and suffix must also show: a scoped rule's
    middle (``#User#email#``, a str), or the sort key around the value (a tuple), or None."""
    if rule.middle is not None:
        return rule.middle
    return rule.sk_template if has_sk else None


def classify(items: Iterable[Mapping[str, Any]], schema: UniquenessSchema,
             ttl_attribute: str | None = None, now: datetime | None = None) -> Pairing:
    """One-shot helper: a Pairing fed with all ``items``."""
    pairing = Pairing(schema, ttl_attribute, now)
    pairing.feed(items)
    return pairing
