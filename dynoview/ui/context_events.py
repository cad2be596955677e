"""What the window's views tell each other through ``AppContext``'s signals: the item selected
now (``Subject``), the items a write touched (``WrittenKey``) and the items a send or a preflight
found changed (``ItemsChanged``).

Apart from ``context.py``: these are dataclasses, and the window's first paint loads neither
``dataclasses`` nor the classes it generates (issue 19); they are made with the first selection
or write.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from dynoview.core.preflight.model import Preflight
    from dynoview.core.tx.applicability import Evidence


@dataclass(frozen=True)
class Subject:
    """The item selected now, anywhere in the window: what the templates act on.

    ``item`` may hold only the key and the protected values (an audit row) until the
    full item has been read; ``source`` names the view it was selected in.
    """

    table: str
    item: dict[str, Any]
    source: str = ""
    # What the view knows about the item's values (an audit row's findings, a diagnosis), so
    # the templates offer only the repairs that apply; None: nothing is known.
    evidence: Evidence | None = None


@dataclass(frozen=True)
class WrittenKey:
    """One item a transaction wrote (or may have written): its table and primary key."""

    table: str
    key: dict[str, Any] = field(hash=False)
    # False: the answer was lost and reads could not settle it (the item may be unchanged).
    certain: bool = True
    # attribute -> the value the write left there where the request says it (None: removed;
    # ``core.edits.staging.written_values``): a cell staged on it again is guarded on it after
    # this write, in any window of any session. None: not known (nothing is rebased on it).
    values: dict[str, Any] | None = field(default=None, hash=False)

    def matches(self, table: str, item: Mapping[str, Any]) -> bool:
        """True when ``item`` (an item or a key) is this one."""
        return table == self.table and all(item.get(k) == v for k, v in self.key.items())


@dataclass(frozen=True)
class ItemsChanged:
    """Items a send or a preflight found, without writing them, maybe not as the views read
    them: ``keys``, those of the actions DynamoDB cancelled a transaction on that its preflight
    did not expect to fail (changed since); ``preflight``, its reads of the accounts and locks a
    transaction touches. Views compare them with what they show and read again what differs."""

    keys: list[WrittenKey] = field(default_factory=list)
    preflight: Preflight | None = None
