"""What a ``Pairing`` keeps, and the batches audit workers send it.

Per rule: the stored lock values and which accounts hold each value. Per account: one
packed string (strings are not tracked by the cyclic garbage collector, so a million
accounts cost it nothing to walk). Batches are flat columns a worker process fills and
sends as MessagePack.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from itertools import chain, compress, filterfalse, repeat
from operator import methodcaller, ne, not_

import msgspec

from dynoview.core.background import yield_to_ui
from dynoview.core.uniqueness.forms import (
    NORMALISE_LOWER,
    NORMALISE_NFKC_CASEFOLD,
    NORMALISE_NONE,
    NORMALISE_TRIM_LOWER,
    mixed_clash_keys,
    normalise,
)
from dynoview.core.uniqueness.schema import LockRule
from dynoview.core.uniqueness.scope import normalise_form, split_form
from dynoview.core.uniqueness.sharded_dict import ShardedDict, aligned_parts, dict_parts


class RuleState:
    """What one rule needs: lock values (-> expired?) and value -> account ids."""

    __slots__ = ("expired", "holders", "locks", "odd", "rule", "shared", "ttls", "unlike")

    def __init__(self, rule: LockRule) -> None:
        self.rule = rule
        # Sharded: at a million values one dict's table growth held the GIL 110-180 ms.
        self.locks: ShardedDict[bool] = ShardedDict()
        # normalised value -> account id, or a list of ids when shared (rare; saves memory)
        self.holders: ShardedDict[str | list[str]] = ShardedDict()
        # Forms (lock values and holder values) that differ from their clash key, while known:
        # ``apply`` adds those of each batch (worked out where the batch was made), ``feed``
        # forgets them (None) and ``findings`` works them out again.
        self.unlike: set[str] | None = set()
        self.shared: set[str] | None = set()  # values held by 2+ accounts, kept the same way
        # Lock values whose TTL has passed, kept the same way: walking a million locks for the
        # few expired ones misses the CPU caches once they are sharded (~80 ms a walk).
        self.expired: set[str] | None = set()
        # Odd forms (outside ASCII, or padded: forms.is_odd) -> their lookalike key, kept the
        # same way: a lookalike clash needs one, so a table without any never computes one.
        self.odd: dict[str, str] | None = {}
        # Lock values whose lock has a TTL that had not passed -> its text: the few a finding
        # may call a reservation (``reservation.py``); locks without a TTL cost nothing here.
        self.ttls: dict[str, str] = {}

    def add_holder(self, value: str, acct: str) -> None:
        held = self.holders.get(value)
        if held is None:
            self.holders[value] = acct
        elif isinstance(held, list):
            if acct not in held:
                held.append(acct)
        elif held != acct:
            self.holders[value] = [held, acct]

    def add_locks(self, values: list[str], expired: list[bool], ttls: list[str] | None = None) -> None:
        """Lock values and their TTL state, in order (the last of a value wins); ``ttls``: each
        one's TTL text ("" none), when the table has a TTL attribute."""
        self.locks.put_all(values, expired)
        if ttls and any(ttls):
            latest = {v: (t, e) for v, t, e in zip(values, ttls, expired, strict=True)}  # the last wins
            for value, (ttl, gone) in latest.items():
                self.note_ttl(value, ttl, gone)
        elif self.ttls:
            for value in values:
                self.ttls.pop(value, None)
        known = self.expired
        if known is None:
            return
        if True in expired:  # the last flag of a value wins, as in the dict
            last = dict(zip(values, expired, strict=True))
            known.difference_update(last)
            known.update(compress(last, last.values()))
        elif known:
            known.difference_update(values)

    def note_ttl(self, value: str, ttl: str | None, expired: bool) -> None:
        """Keep (or forget) the TTL text of lock ``value``'s item: kept while it has not passed."""
        if ttl and not expired:
            self.ttls[value] = ttl
        else:
            self.ttls.pop(value, None)

    def expired_locks(self) -> set[str]:
        """The lock values whose TTL has passed (worked out again after ``feed``)."""
        if self.expired is None:
            self.expired = set(true_keys(self.locks))
        return self.expired

    def add_holders(self, values: list[str], accounts: list[str]) -> None:
        """``add_holder`` of each pair, in order; a value that becomes shared joins ``shared``
        while it is known. C loops, part by part: only values held before the call or twice
        within it (rare) are replayed one by one."""
        for holders, hv, ha in self.holders.by_part(values, accounts):
            yield_to_ui()
            # Probes and a count find the values held before or repeated within the batch.
            before = set(filter(holders.__contains__, hv)) if holders else set()
            saved = {v: holders[v] for v in before}
            expected = len(holders) + len(hv) - (sum(map(before.__contains__, hv)) if before else 0)
            holders.update(zip(hv, ha, strict=True))
            multi = before
            if len(holders) != expected:  # a value repeated within the batch
                multi = before | set(compress(hv, map(ne, map(holders.__getitem__, hv), ha)))
            if not multi:
                continue
            for value in multi:
                if value in saved:
                    holders[value] = saved[value]
                else:
                    del holders[value]
            for i in compress(range(len(hv)), map(multi.__contains__, hv)):
                self.add_holder(hv[i], ha[i])
            if self.shared is not None:
                self.shared.update(v for v in multi if holders[v].__class__ is list)

    def holders_of(self, value: str) -> list[str]:
        held = self.holders.get(value)
        if held is None:
            return []
        return list(held) if isinstance(held, list) else [held]

    def held_form(self, recorded: str, acct: str) -> str:
        """The form ``acct`` holds for the value its record keeps (a scoped rule's: scope, middle
        and the value as stored): the value normalised. A scope may hold the middle, so each cut
        at a middle is tried: the one the account holds wins, else the first."""
        rule, middle, mode = self.rule, self.rule.middle, self.rule.normalisation
        if middle is None:
            return rule.form_of(recorded)
        forms, cut = [], recorded.find(middle)
        while cut >= 0:
            forms.append(recorded[:cut] + middle + normalise(recorded[cut + len(middle):], mode))
            cut = recorded.find(middle, cut + 1)
        if len(forms) < 2:  # the usual case: one middle, one reading
            return forms[0] if forms else recorded
        return next((f for f in forms if acct in self.holders_of(f)), forms[0])


class RuleBatch(msgspec.Struct, array_like=True):
    """One rule's part of a ``Batch``: flat lists, in Scan order."""

    lock_values: list[str] = msgspec.field(default_factory=list)  # stored lock values ...
    lock_expired: list[bool] = msgspec.field(default_factory=list)  # ... and their TTL state
    # Filled by ``Pairing.finish_batch``: the account values after a normalising rule's
    # normalisation (empty for rules without one: ``apply`` takes the column as it is).
    normalised: list[str] = msgspec.field(default_factory=list)
    unlike: list[str] = msgspec.field(default_factory=list)  # forms unlike their clash key
    odd: list[str] = msgspec.field(default_factory=list)  # odd forms (lookalikes) ...
    odd_keys: list[str] = msgspec.field(default_factory=list)  # ... and their lookalike keys
    # A scoped rule's: per value in the column ("" skipped), the length of its scope and middle,
    # where the classifier joined them (the scope may hold the middle: it is never cut there).
    heads: list[int] = msgspec.field(default_factory=list)
    # With a TTL attribute: each lock's TTL text ("" none), in ``lock_values`` order.
    lock_ttls: list[str] = msgspec.field(default_factory=list)


class Batch(msgspec.Struct, array_like=True):
    """Classified items as flat lists (columns), for ``Pairing.apply``.

    Appending to lists costs a fraction of inserting into large dicts, so the audit's page
    classifier (and its worker processes) produce these, and ``apply`` builds the dicts in
    C loops (``dict.update(zip(...))``). Account records are only packed when the view
    asks for them. A msgspec struct: workers send it as MessagePack.
    """

    items: int = 0
    other: int = 0
    account_ids: list[str] = msgspec.field(default_factory=list)  # one per account item read
    account_sks: list[str] = msgspec.field(default_factory=list)  # their SKs, when SKs vary
    account_values: list[list[str]] = msgspec.field(default_factory=list)  # per rule; "" none
    expired_at: list[int] = msgspec.field(default_factory=list)  # positions whose TTL passed
    rules: list[RuleBatch] = msgspec.field(default_factory=list)  # in schema order
    # With ``Pairing(keep_ttls_ahead=True)``: (PK, SK or "", TTL text) of the accounts and locks
    # whose TTL had not passed, for a watch to expire them when it passes (``watch.seed``).
    ttls_ahead: list[tuple[str, str, str]] = msgspec.field(default_factory=list)
    # The accounts' SK type when it is not a String ("N", "B"; the page classifier's): their
    # SKs above are its text (a Binary's in base64). "" : Strings, or no SKs.
    sk_type: str = ""


SEP = "\x1f"  # ASCII unit separator: joins an account's record into one string
def pack_record(values: list[str | None], expired: bool, sk: str | None) -> str | tuple[
        tuple[str | None, ...], bool, str | None]:
    """An account record as one string ("1"/"0", SK, values; "" for none), or a tuple in the rare
    case a value or SK contains the separator. Empty values mean "no value" either way."""
    parts = [sk or "", *(v or "" for v in values)]
    if any(SEP in p for p in parts):
        return (tuple(values), expired, sk)
    return ("1" if expired else "0") + SEP + SEP.join(parts)


def held_values(column: list[str], mode: str, middle: str | None = None,
                heads: list[int] | None = None) -> list[str]:
    """A column's values as the rule's locks hold them ("" is no value: skipped); a scoped
    rule's (``middle`` given) are forms whose value part alone is normalised: the part after
    each form's head (``RuleBatch.heads``), or without heads after its first middle. A value the
    normalisation empties ("   " trimmed) is still here: ``blank_emptied`` takes it out."""
    values: Iterable[str] = filter(None, column)  # S as is, N as its text
    if middle is not None and mode != NORMALISE_NONE:
        if heads is not None:  # the scope as spelled, even one holding the middle
            return [v[:h] + normalise(v[h:], mode) for v, h in zip(values, heads, strict=True)]
        return [normalise_form(middle, v, mode) for v in values]
    if mode == NORMALISE_LOWER:
        values = map(str.lower, values)
    elif mode == NORMALISE_TRIM_LOWER:
        values = map(str.lower, map(str.strip, values))
    elif mode == NORMALISE_NFKC_CASEFOLD:  # forms.normalise: the trimmed clash key
        return mixed_clash_keys(list(values), True)
    return list(values)


def blank_emptied(column: list[str], held: list[str], middle: str | None = None,
                  heads: list[int] | None = None) -> list[str]:
    """``held`` (``held_values`` of ``column``) without the values the rule's normalisation
    emptied ("   " or "\u3000" trimmed, a lone zero-width space under nfkc+casefold), whose
    places in ``column`` become "": no value, as ``Pairing.feed`` records them. In place, as
    ``apply`` pairs ``held`` with the column's non-empty places; a lock on "" is never right."""
    if middle is None:
        if "" not in held:  # the usual case: one C scan
            return held
        emptied = list(map(not_, held))
    else:  # a scoped form whose value part (after the middle) is empty ends with the middle
        if not any(map(methodcaller("endswith", middle), held)):
            return held
        if heads is not None:  # the value part starts after each form's head
            emptied = [len(h) == n for h, n in zip(held, heads, strict=True)]
        else:
            emptied = [h.endswith(middle) and _value_part(middle, h) == "" for h in held]
    places = list(compress(range(len(column)), column))
    for j in compress(range(len(held)), emptied):
        column[places[j]] = ""
    return list(compress(held, map(not_, emptied)))


def _value_part(middle: str, form: str) -> str | None:
    parts = split_form(middle, form)
    return parts[1] if parts is not None else None


def record_expired(record: str | tuple[tuple[str | None, ...], bool, str | None]) -> bool:
    return record[0] == "1" if record.__class__ is str else bool(record[1])


def unpack_record(record: str | tuple[tuple[str | None, ...], bool, str | None],
            rules: int) -> tuple[tuple[str | None, ...], bool, str | None]:
    if isinstance(record, tuple):
        return record
    flag, sk, *values = record.split(SEP)
    return tuple(v or None for v in values), flag == "1", sk or None


@dataclass
class AccountColumns:
    """Every account as columns, in the order read: what the view's rows are built from."""

    ids: list[str]
    values: list[list[str]]  # per rule, "" for no value
    expired: bytearray  # 1 where the account item's TTL has passed
    sks: list[str] | None  # the accounts' own SKs, when they vary ("" for none)


#: Accounts per step: each step is a few C loops holding the GIL for milliseconds.
_STEP = 50_000
#: Keys per step when each is looked up in another big dict: a probe misses the CPU caches
#: (~1 us at a million keys on a busy machine), so 50,000 held the GIL ~50 ms in one C call.
_PROBE_STEP = 10_000


def columns_of_batches(batches: list[Batch], rules: int, varying_sk: bool,
                       step: Callable[[], None]) -> AccountColumns | None:
    """Columns straight from the batches (no packed records); None when an account id repeats
    (only possible when accounts' SKs vary: the record dict decides which item wins)."""
    ids = list(chain.from_iterable(b.account_ids for b in batches))
    if varying_sk:  # with one account SK, a Scan returns each account id once
        seen: set[str] = set()
        for start in range(0, len(ids), _STEP):
            step()
            seen.update(ids[start:start + _STEP])
        if len(seen) != len(ids):
            return None
    values = [list(chain.from_iterable(b.account_values[r] for b in batches)) for r in range(rules)]
    expired = bytearray(len(ids))
    offset = 0
    for b in batches:
        for i in b.expired_at:
            expired[offset + i] = 1
        offset += len(b.account_ids)
    sks = list(chain.from_iterable(b.account_sks for b in batches)) if varying_sk else None
    return AccountColumns(ids, values, expired, sks)


def columns_of_records(records: dict[str, str | tuple[tuple[str | None, ...], bool, str | None]],
                       rules: int, varying_sk: bool, step: Callable[[], None]) -> AccountColumns:
    """Columns from packed records: each slice is joined and split once, and every field is
    taken with a stride, so no Python code runs per account (but for the rare tuple record)."""
    ids = list(records)
    packed = list(records.values())
    width = rules + 2
    values: list[list[str]] = [[] for _ in range(rules)]
    flags: list[str] = []
    sks: list[str] = []
    for start in range(0, len(packed), _STEP):
        step()
        part = packed[start:start + _STEP]
        if all(r.__class__ is str for r in part):
            fields = SEP.join(part).split(SEP)  # type: ignore[arg-type]
        else:
            fields = list(chain.from_iterable(_fields(r, rules) for r in part))
        flags.extend(fields[0::width])
        sks.extend(fields[1::width])
        for r in range(rules):
            values[r].extend(fields[2 + r::width])
    expired = bytearray(map("1".__eq__, flags))
    return AccountColumns(ids, values, expired, sks if varying_sk else None)


def _fields(record: str | tuple[tuple[str | None, ...], bool, str | None], rules: int) -> list[str]:
    """A record's fields as a packed string has them (flag, SK, values; "" for none)."""
    if record.__class__ is str:
        return record.split(SEP)  # type: ignore[union-attr]
    values, expired, sk = record  # type: ignore[misc,str-unpack]
    return ["1" if expired else "0", sk or "", *(v or "" for v in values)]


def in_slices(values: Iterable[str], size: int = _STEP) -> Iterator[list[str]]:
    """A dict's keys (or any strings) in lists of ``size``: a C loop over one slice holds the
    GIL for milliseconds, where one over a million keys would stall a window's event loop;
    between slices a window's event loop that is behind runs first (``yield_to_ui``). A
    sharded dict is listed part by part (a list of all its keys at once: 38 ms in one call)."""
    first = True
    for whole in dict_parts(values) if isinstance(values, ShardedDict) else (values,):
        keys = list(whole)
        for start in range(0, len(keys), size):
            if not first:
                yield_to_ui()
            first = False
            yield keys[start:start + size]


def missing_from(values: Iterable[str], present: Mapping[str, object] | set[str]) -> list[str]:
    """The ``values`` not in ``present``, in order, found slice by slice (part by part when
    both are sharded dicts cut alike: a probe of the part a value can be in is a C call)."""
    out: list[str] = []
    pairs = aligned_parts(values, present)
    if pairs is not None:
        for here, there in pairs:
            for part in in_slices(here, _PROBE_STEP):
                out.extend(filterfalse(there.__contains__, part))
        return out
    for part in in_slices(values, _PROBE_STEP):
        out.extend(filterfalse(present.__contains__, part))
    return out


def true_keys(flags: Mapping[str, bool]) -> list[str]:
    """The keys whose value is true (expired locks), part by part, slice by slice."""
    out: list[str] = []
    for part in dict_parts(flags):
        keys, values = list(part), list(part.values())
        for start in range(0, len(keys), _STEP):
            yield_to_ui()
            out.extend(compress(keys[start:start + _STEP], values[start:start + _STEP]))
    return out


def shared_values(holders: Mapping[str, str | list[str]]) -> set[str]:
    """Values held by two or more accounts (their holder is a list), part by part, slice by slice."""
    out: set[str] = set()
    for part in dict_parts(holders):
        keys, held = list(part), list(part.values())
        for start in range(0, len(keys), _STEP):
            yield_to_ui()
            out.update(compress(keys[start:start + _STEP],
                                map(isinstance, held[start:start + _STEP], repeat(list))))
    return out
