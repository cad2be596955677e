"""Sorting the loaded rows of the items model, composed into it (``ItemsModel.sorting``).

Only what is loaded is sorted: a Scan has no order, a Query one by its sort key. A few rows
are sorted at once (under 10 ms); more run as a ``SortJob`` in the worker pool through
``sorter`` (set by the controller), one job at a time, and the order changes when the job is
done. Rows that arrive meanwhile are merged by the next job. Each new order is a layout change,
so the view keeps its selection and scrolling.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QAbstractItemModel, QModelIndex

from dynoview.ui.items.rows import LoadedRows, Sorter, SortJob

SYNC_SORT_ROWS = 2000  # up to this many loaded rows a sort runs at once (under 10 ms); more: in the pool


class RowSorting:
    """The sort of one model's loaded rows (``rows`` gives them: a new read brings new ones)."""

    def __init__(self, model: QAbstractItemModel, rows: Callable[[], LoadedRows],
                 ttl_attribute: Callable[[], str | None]) -> None:
        self._model = model
        self._rows = rows
        self._ttl_attribute = ttl_attribute
        self.sorter: Sorter | None = None  # runs a large SortJob off the UI thread
        self._running: SortJob | None = None  # the job ``sorter`` runs now

    def forget(self) -> None:
        """A new read: a job still running belongs to the old rows."""
        self._running = None

    @property
    def current(self) -> tuple[str, bool] | None:
        """(column, descending) the rows are sorted by, or None for the order read."""
        return self._rows().sort

    def set_sort(self, column: str | None, descending: bool = False) -> None:
        """Sort the loaded rows by a column (None: back to the order DynamoDB returned)."""
        rows = self._rows()
        wanted = (column, descending) if column else None
        if wanted == rows.sort:
            return
        if wanted is None:
            self.relayout(lambda: rows.set_sort(None))
            return
        rows.set_sort(wanted)
        self.update()

    def update(self) -> None:
        """Bring the order up to date: now when few rows are loaded, else through ``sorter``
        (one job at a time: rows that arrive while a job runs are merged by the next one)."""
        rows = self._rows()
        if not rows.needs_sort:
            return
        if self.sorter is None or len(rows) <= SYNC_SORT_ROWS:
            job = rows.sort_job(self._ttl_attribute())
            self.apply(job, job.run())
            return
        if self._running is not None and rows.is_current(self._running):
            return
        self._running = rows.sort_job(self._ttl_attribute())
        self.sorter(self._running)

    def drop(self, job: SortJob) -> None:
        """A job ``sorter`` could not finish: it no longer holds the next one back."""
        if job is self._running:
            self._running = None

    def apply(self, job: SortJob, result: Any) -> None:
        """Show a finished sort (ignored when stale); rows that came meanwhile join next."""
        if job is self._running:
            self._running = None
        rows = self._rows()
        if rows.is_current(job):
            self.relayout(lambda: rows.apply_sort(job, result))
        self.update()

    def relayout(self, change: Callable[[], object]) -> None:
        """Re-order the rows as a layout change, so the view keeps selection and scrolling."""
        model = self._model
        model.layoutAboutToBeChanged.emit()
        before = model.persistentIndexList()
        rows = self._rows()
        shown = rows.shown
        loaded = [rows.index(i.row()) if 0 <= i.row() < shown else None for i in before]
        change()
        new_rows: dict[int, int | None] = {}
        after = []
        for index, old in zip(loaded, before, strict=True):
            if index is not None and index not in new_rows:
                new_rows[index] = rows.shown_row(index)
            row = new_rows.get(index) if index is not None else None
            after.append(model.index(row, old.column()) if row is not None else QModelIndex())
        model.changePersistentIndexList(before, after)
        model.layoutChanged.emit()
