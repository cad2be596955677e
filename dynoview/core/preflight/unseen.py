"""Attributes added to an item since the user opened it: a loss no condition can stop.

A Delete built from an item the user was shown (the old key of a key-changing Edit as JSON…, a
Delete from the browser: ``tx.templates``) is guarded on every attribute seen, each still
holding its value. DynamoDB has no condition for "no attribute besides these", so one another
writer added since passes that guard and is deleted with the item, unseen. Such a Delete carries
the names of the attributes it was built from (``Action.seen``, never sent); just before the
send, the preflight reads the item strongly consistently (``Source``) and refuses the Delete
while the item holds an attribute outside that set and outside its key, naming each one: the
item is opened again (read again) and the change made again on what it holds now.

``check.run_preflight`` judges only what the uniqueness schema knows (accounts and locks); this
check covers every item such a Delete touches, whatever it is, and ``preflight_with_unseen`` runs
both. Its read is not atomic with the write either: an attribute added between the two is still
lost (``NOT_ATOMIC_NOTE``).
"""

from __future__ import annotations

import dataclasses
import threading
from collections.abc import Mapping, Sequence
from typing import Any

from dynoview.core.preflight.check import run_preflight
from dynoview.core.preflight.model import UNSEEN_ATTRIBUTES, Preflight, Refusal, item_ident
from dynoview.core.preflight.source import Ident, Source
from dynoview.core.reads.reader import Reader
from dynoview.core.redaction import redact_text
from dynoview.core.session.tables import TableInfo
from dynoview.core.tx.cancellation import key_text
from dynoview.core.tx.model import DELETE, Action, Transaction
from dynoview.core.tx.outcomes import NOT_SENT, ExecutionResult
from dynoview.core.uniqueness.schema import UniquenessSchema
from dynoview.core.values.visible_text import visible_value

__all__ = ["UNSEEN_ATTRIBUTES", "added_since", "check_unseen", "last_look", "preflight_with_unseen",
           "unseen_refusals"]

#: How many added attributes a refusal names before it counts the rest.
_NAMED = 10


def _watched(tx: Transaction) -> list[tuple[int, Action]]:
    """The Deletes that carry the attributes seen, with their positions."""
    return [(i, a) for i, a in enumerate(tx.actions) if a.kind == DELETE and a.seen is not None and a.key]


def added_since(action: Action, item: Mapping[str, Any] | None) -> list[str]:
    """The attributes ``item`` (the Delete's item as read now; None: absent) holds beyond those
    ``action`` was built from and its key, in the item's order; none for an action without
    ``seen``."""
    if item is None or action.seen is None:
        return []
    known = {*action.seen, *action.key}
    return [name for name in item if name not in known]


def _names(added: Sequence[str]) -> str:
    shown = [visible_value(n) for n in added[:_NAMED]]
    more = len(added) - len(shown)
    if more:
        return f"{', '.join(shown)} and {more} more"
    return shown[0] if len(shown) == 1 else f"{', '.join(shown[:-1])} and {shown[-1]}"


def _message(index: int, action: Action, added: Sequence[str]) -> str:
    names, one = _names(added), len(added) == 1
    return (f"Action {index + 1} deletes {key_text(action.key)} in {visible_value(action.table)}, "
            f"guarded on the attributes you saw, but the item now also holds {names}, added since "
            f"you opened it. No condition can check an attribute it does not name, so DynamoDB "
            f"would apply the Delete and {'that attribute' if one else 'those attributes'} would be "
            f"lost. Nothing was sent. Reopen the item (it is read again, {names} included) and make "
            "your change again.")


def unseen_refusals(tx: Transaction, items: Mapping[Ident, Mapping[str, Any] | None]) -> list[Refusal]:
    """A refusal for each Delete of ``tx`` whose item, as read (``items``: ``item_ident`` ->
    the item, None: absent), holds attributes added since it was seen."""
    out: list[Refusal] = []
    for index, action in _watched(tx):
        added = added_since(action, items.get(item_ident(action.table, action.key)))
        if added:
            out.append(Refusal(index, "", key_text(action.key), _message(index, action, added), None,
                               status=UNSEEN_ATTRIBUTES))
    return out


def check_unseen(reader: Reader, tx: Transaction, preflight: Preflight, schema: UniquenessSchema,
                 tables: Mapping[str, TableInfo] | None = None, *,
                 cancel: threading.Event | None = None) -> Preflight:
    """``preflight`` with a refusal added for each Delete of ``tx`` whose item, read now (strongly
    consistent), holds an attribute added since it was seen; as it is when there is none."""
    watched = _watched(tx)
    if not watched:
        return preflight
    source = Source(reader, tables or {}, schema, cancel)
    refusals = unseen_refusals(tx, source.items((a.table, dict(a.key)) for _i, a in watched))
    if not refusals:
        return preflight
    return dataclasses.replace(preflight, refusals=[*preflight.refusals, *refusals])


def preflight_with_unseen(reader: Reader, tx: Transaction, schema: UniquenessSchema,
                          tables: Mapping[str, TableInfo] | None = None, *,
                          cancel: threading.Event | None = None, fold_by_scan: bool = True) -> Preflight:
    """``run_preflight`` (same arguments), then ``check_unseen``: the preflight the builder runs."""
    result = run_preflight(reader, tx, schema, tables, cancel=cancel, fold_by_scan=fold_by_scan)
    return check_unseen(reader, tx, result, schema, tables, cancel=cancel)


def last_look(reader: Reader, tx: Transaction, schema: UniquenessSchema,
              tables: Mapping[str, TableInfo] | None = None) -> ExecutionResult | None:
    """Just before sending (after the confirmation, which can stay open as long as the user
    takes): the Deletes of ``tx`` that carry the names seen, checked again on their items read
    now. None: send. Else the result of a send that did not happen, saying why: an attribute
    added since, or items that could not be read again (nothing is sent unchecked)."""
    watched = _watched(tx)
    if not watched:
        return None
    try:
        items = Source(reader, tables or {}, schema).items((a.table, dict(a.key)) for _i, a in watched)
    except Exception as exc:  # whatever the read raised, nothing was sent: said, never a crash
        reason = redact_text(str(exc) or type(exc).__name__)
        return ExecutionResult(NOT_SENT, f"The items this transaction deletes could not be read again just "
                               f"before sending ({reason}), so nothing was sent. Execute again.",
                               tx.token, attempts=0)
    refusals = unseen_refusals(tx, items)
    if not refusals:
        return None
    return ExecutionResult(NOT_SENT, " ".join(r.message for r in refusals), tx.token, attempts=0)
