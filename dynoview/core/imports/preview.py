"""The preview before an import: the first items with their attribute types, and every problem
found (located), counted over the whole file when asked. Nothing is written."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from dynoview.core.errors import CancelledError
from dynoview.core.imports.checks import item_problem, key_of
from dynoview.core.imports.existing import ExistingCheck
from dynoview.core.imports.model import Item, Located, Problem, Record
from dynoview.core.session.tables import TableInfo
from dynoview.core.values.types import type_code

DEFAULT_ITEMS = 20
MAX_PROBLEMS = 200  # kept in full; more are counted


@dataclass
class Preview:
    fmt: str
    items: list[Located] = field(default_factory=list)
    #: attribute -> type codes seen, in first-seen order (an attribute may have several)
    types: dict[str, list[str]] = field(default_factory=dict)
    problems: list[Problem] = field(default_factory=list)
    problem_count: int = 0
    records: int = 0  # records read (items and problems)
    #: items whose key an earlier item of the file has: written too, each replacing the one before
    repeated_keys: int = 0
    complete: bool = False  # the whole file was read
    #: Which of the file's keys the table holds (None: not checked)
    existing: ExistingCheck | None = None

    @property
    def valid(self) -> int:
        return self.records - self.problem_count

    def type_text(self, name: str) -> str:
        return "/".join(self.types.get(name, ()))

    def summary(self, *, skip_existing: bool = False, skip_hint: str = "--skip-existing",
                existing: bool = True) -> str:
        """The counts in a sentence or two; ``existing``: with what the table holds of the keys
        (the window says that on a line of its own)."""
        scope = "in the file" if self.complete else f"in the first {self.records:,} records"
        problems = (f"{self.problem_count:,} problem(s)" if self.problem_count else "no problem")
        verb = "repeats" if self.repeated_keys == 1 else "repeat"
        repeated = (f" {self.repeated_keys:,} of them {verb} an earlier item's key: written in a "
                    "later batch, each replaces the item before it, so the table gets fewer items "
                    "than are imported." if self.repeated_keys else "")
        held = ("" if self.existing is None or self.problem_count or not existing
                else " " + self.existing.sentence(skip=skip_existing, skip_hint=skip_hint))
        return f"{self.valid:,} item(s) and {problems} {scope} ({self.fmt}).{repeated}{held}"

    def to_json(self) -> dict[str, Any]:
        from dynoview.core.values.dynamodb_json import to_dynamodb_json

        return {"format": self.fmt, "records": self.records, "items": self.valid,
                "complete": self.complete, "types": self.types, "problem_count": self.problem_count,
                "repeated_keys": self.repeated_keys,
                "existing": self.existing.count if self.existing is not None else None,
                "existing_check": self.existing.to_json() if self.existing is not None else None,
                "problems": [p.to_json() for p in self.problems],
                "preview": [{"item": r.place.index + 1, "line": r.place.line,
                             "values": {k: to_dynamodb_json(v) for k, v in r.item.items()}}
                            for r in self.items]}


def _note_types(types: dict[str, list[str]], item: Item) -> None:
    for name, av in item.items():
        codes = types.setdefault(name, [])
        code = type_code(av)
        if code not in codes:
            codes.append(code)


def build_preview(records: Iterable[Record], fmt: str, table: TableInfo | None = None, *,
                  items: int = DEFAULT_ITEMS, whole: bool = False,
                  cancel: threading.Event | None = None,
                  progress: Callable[[int], None] | None = None,
                  existing: ExistingCheck | None = None) -> Preview:
    """The first ``items`` items and the problems among the records read; ``whole`` reads to the
    end (counting items and problems), else reading stops after the first ``items`` records.
    ``existing`` is told each key once, and asks the table which it holds (``existing``)."""
    preview = Preview(fmt, existing=existing)
    # The keys seen, as hashes (a million keys: some 60 MB, not a tuple of strings each).
    seen: set[int] = set()
    for record in records:
        if cancel is not None and preview.records % 1000 == 0 and cancel.is_set():
            raise CancelledError("The preview was cancelled.")
        preview.records += 1
        if progress is not None and preview.records % 10_000 == 0:
            progress(preview.records)
        problem = record if isinstance(record, Problem) else (
            item_problem(record, table) if table is not None else None)
        if problem is not None:
            preview.problem_count += 1
            if len(preview.problems) < MAX_PROBLEMS:
                preview.problems.append(problem)
        elif isinstance(record, Located):
            if table is not None:
                marker = hash(key_of(record.item, table))
                if marker in seen:
                    preview.repeated_keys += 1
                else:
                    seen.add(marker)
                    if existing is not None:
                        existing.add(record.item)
            if len(preview.items) < items:
                preview.items.append(record)
            if len(preview.items) <= items:
                _note_types(preview.types, record.item)
        if not whole and preview.records >= items:
            break
    else:
        preview.complete = True
    if existing is not None:
        existing.finish()
    return preview
