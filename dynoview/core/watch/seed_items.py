"""The seeding audit for accounts whose SKs vary: the audit's own, that also tells the watch each
item of the accounts it read with several items.

The audit's ``Pairing`` keeps one record per account (its last item's values) and the holders of
every value; a watch that later sees one item of such an account deleted must know whether
another item still holds the value (``account_items``). So the seed classifies into an
``ItemsPairing``: the same ``Pairing``, which also notes the account columns of every batch it
applies (the lists the batch holds: no copy) or of every page it is fed (read by the watch's
``ItemClassifier``, the engine's own reading). Once the Scan is done, ``item_records`` keeps the
items of the accounts read more than once, and drops the rest.
"""

from __future__ import annotations

import dataclasses
import threading
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from datetime import UTC, datetime
from itertools import compress
from typing import Any

from dynoview.core.audit.run import AuditProgress, AuditResult, ProgressCallback, run_audit
from dynoview.core.audit.two_tables import _combined, _LocksOnly, _total, check_two_tables
from dynoview.core.background import yield_to_ui
from dynoview.core.reads.reader import Reader
from dynoview.core.session.tables import TableInfo
from dynoview.core.uniqueness.locks_table import locks_view, merge_locks
from dynoview.core.uniqueness.pairing import Pairing
from dynoview.core.uniqueness.pairing_state import Batch, pack_record
from dynoview.core.uniqueness.schema import UniquenessSchema
from dynoview.core.watch.projection import ACCOUNT, ItemClassifier, Record, record_values

#: What was read of a batch's (or a page's) account items: ids, SKs, values per rule ("" none),
#: positions whose TTL has passed.
_Read = tuple[list[str], list[str], list[list[str]], list[int]]


def items_vary(schema: UniquenessSchema) -> bool:
    """Whether an account may have several items (its SK is not one fixed value)."""
    return schema.account_sk_value is None and bool(schema.sk_name)


class ItemsPairing(Pairing):
    """A ``Pairing`` that keeps what it read of each account item (see the module doc)."""

    def __init__(self, schema: UniquenessSchema, ttl_attribute: str | None = None,
                 now: datetime | None = None, *, keep_ttls_ahead: bool = False) -> None:
        super().__init__(schema, ttl_attribute, now, keep_ttls_ahead=keep_ttls_ahead)
        self._varying = items_vary(schema)
        self._read: list[_Read] = []
        self._classifier = ItemClassifier(schema, ttl_attribute) if self._varying else None

    def apply(self, batch: Batch, step: Callable[[], None] | None = None) -> None:
        if self._varying and batch.account_ids:
            self._read.append((batch.account_ids, batch.account_sks, batch.account_values,
                               batch.expired_at))
        super().apply(batch, step)

    def feed(self, items: Iterable[Mapping[str, Any]]) -> int:
        if self._classifier is None:
            return super().feed(items)
        items = list(items)
        pk_name, prefix = self.schema.pk_name, self.schema.account_pk_prefix
        accounts = [i for i in items if _pk(i, pk_name).startswith(prefix)]
        if accounts:  # the fallback path (botocore's parsed pages): read twice, kept as columns
            views = self._classifier.views(accounts, datetime.fromtimestamp(self.now, UTC))
            read: _Read = ([], [], [[] for _ in self.rules], [])
            for view in views:
                if view.kind != ACCOUNT or view.record is None:
                    continue
                if view.expired:
                    read[3].append(len(read[0]))
                read[0].append(view.account_id or "")
                read[1].append(view.sk or "")
                for column, value in zip(read[2], record_values(view.record, len(self.rules)),
                                         strict=True):
                    column.append(value or "")
            self._read.append(read)
        return super().feed(items)

    def item_records(self) -> dict[str, dict[str, Record]]:
        """Account id -> {SK: the item's record} for every account read with several items; what
        was read is dropped. Nothing is walked when every account was read once."""
        read, self._read = self._read, []
        if not read or sum(len(r[0]) for r in read) == len(self.accounts):
            return {}
        seen: set[str] = set()
        repeated: set[str] = set()
        for ids, *_ in read:
            yield_to_ui()
            fresh = set(ids)
            repeated |= fresh & seen
            if len(fresh) != len(ids):  # within the batch (the items of one account, in Scan order)
                repeated.update(a for a, n in Counter(ids).items() if n > 1)
            seen |= fresh
        del seen
        out: dict[str, dict[str, Record]] = {}
        for ids, sks, values, expired_at in read:
            yield_to_ui()
            expired = set(expired_at)
            for i in compress(range(len(ids)), map(repeated.__contains__, ids)):
                out.setdefault(ids[i], {})[sks[i]] = pack_record(
                    [column[i] or None for column in values], i in expired, sks[i] or None)
        return out


def _pk(item: Mapping[str, Any], pk_name: str) -> str:
    av = item.get(pk_name)
    pk = av.get("S") if isinstance(av, Mapping) else None
    return pk if isinstance(pk, str) else "\x00"  # not text: never an account (Pairing.feed)


def audit_items(reader: Reader, table: TableInfo, schema: UniquenessSchema, *, segments: int,
                cancel: threading.Event | None, progress: ProgressCallback | None, now: datetime,
                locks: TableInfo | None = None) -> tuple[AuditResult, dict[str, dict[str, Record]]]:
    """``run_audit`` (with ``locks``: ``run_two_table_audit``) into an ``ItemsPairing``, and the
    items of the accounts it read with several."""
    pairing = ItemsPairing(schema, table.expiry_attribute, now, keep_ttls_ahead=True)
    if locks is None:
        result = run_audit(reader, table, schema, segments=segments, cancel=cancel,
                           progress=progress, now=now, pairing=pairing)
        return result, ({} if result.cancelled else pairing.item_records())
    # ``run_two_table_audit``'s steps, with this pairing for the accounts: the locks table first
    # (so a sign-up made meanwhile shows as a missing lock at worst), then the accounts into the
    # pairing its locks were merged into.
    check_two_tables(schema, table, locks)
    total = _total(table, locks)

    def locks_progress(p: AuditProgress) -> None:
        if progress is not None:
            progress(dataclasses.replace(p, findings=None, approximate_total=total))

    lock_result = run_audit(reader, locks, locks_view(schema), segments=segments,
                            progress=locks_progress if progress else None, cancel=cancel, now=now,
                            pairing=_LocksOnly(locks_view(schema), locks.expiry_attribute, now,
                                               keep_ttls_ahead=True))
    if lock_result.cancelled:
        return _combined(lock_result, lock_result, table, locks, schema), {}
    merge_locks(pairing, lock_result.pairing)

    def accounts_progress(p: AuditProgress) -> None:
        if progress is not None:
            progress(dataclasses.replace(
                p, scanned=p.scanned + lock_result.scanned,
                items_read=p.items_read + lock_result.items_read, approximate_total=total))

    result = run_audit(reader, table, schema, segments=segments,
                       progress=accounts_progress if progress else None, cancel=cancel, now=now,
                       pairing=pairing)
    combined = _combined(result, lock_result, table, locks, schema)
    return combined, ({} if combined.cancelled else pairing.item_records())
