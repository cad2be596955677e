"""Live mode of the Accounts & locks tab, composed into the panel: the "Live" toggle (Ctrl+L),
its status bar, the grid's "Stream records…" menu, and events applied to the rows.

The watch runs in ``LiveController`` (off the UI thread); each step's events come here and
are applied to the grid's rows in one batch (``LiveRows`` then ``AuditRowsModel.apply_live``:
the rows the events name, nothing else). A table with no audit shown starts from empty rows
that fill as findings appear. When the watch replays a young table's stream from its first
record, what it reads before it has caught up is the grid's past: applied, not marked new.
With the locks in a table of their own, the watch follows both tables' streams: the status
line names both, and each record in "Stream records…" names its table.

Once the watch has its starting state (its seeding audit ran, or its replay reached the tip
and settled), the grid is brought in line with it (``start_findings``): writes made between
the grid's audit and Live's start were never events. The comparison runs in the pool, the
events it makes are applied in batches between the event loop's turns (added rows unmarked,
resolved accounts marked resolved, lock rows left without a problem taken off the grid, as a
fresh audit shows them), counted apart from the "new since" counts and said in a
notice; the steps' events wait meanwhile, and the status line says "starting" until done.
"""

from __future__ import annotations

import weakref
from collections import Counter
from collections.abc import Callable
from datetime import datetime

from PySide6.QtCore import QCoreApplication, QObject, QPoint, Qt, QTimer
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import QMenu, QTableView, QToolButton, QWidget

from dynoview.core.audit.export_file import LiveChanges
from dynoview.core.audit.rows import AuditRows
from dynoview.core.audit.view_order import ViewQuery
from dynoview.core.uniqueness.schema import UniquenessSchema
from dynoview.core.watch.events import APPEARED, CHANGED, RESOLVED, WatchEvent
from dynoview.core.watch.start_findings import StartState, start_note
from dynoview.core.watch.watcher import Watcher, WatchStep
from dynoview.ui.context import AppContext
from dynoview.ui.i18n import QT_TRANSLATE_NOOP
from dynoview.ui.locks.controller import AUDIT_TASK
from dynoview.ui.locks.grid_order import GridOrder
from dynoview.ui.locks.live_bar import LiveBar, LiveCounts
from dynoview.ui.locks.live_controller import LiveController
from dynoview.ui.locks.live_records import RecordsDialog
from dynoview.ui.locks.live_rows import Applied, GridChanges, LiveRows, empty_rows
from dynoview.ui.locks.model import AuditRowsModel
from dynoview.ui.row_select import select_only_row

LIVE_KEY = "Ctrl+L"
SETTLE_STEPS = 2
#: Events of the grid's update at Live's start applied per turn of the event loop (a replay's
#: page of records is as many).
START_BATCH = 1000
# The grid's update at Live's start: the starting state not asked for yet, asked for (the
# events after it wait), being compared or applied, done.
WAITING, ASKED, RECONCILING, DONE = range(4)
LIVE_TIP = QT_TRANSLATE_NOOP(
    "locks.live_mode", "Live: follow the table's stream and update the rows as writes arrive; new problems "
                       "are marked and counted ({LIVE_KEY})")


class LiveMode(QObject):
    """The toggle, the bar and the events of one panel's Live mode."""

    def __init__(self, ctx: AppContext, model: AuditRowsModel, view: QTableView, grid: GridOrder,
                 toggle: QToolButton, bar: LiveBar, schema: Callable[[], UniquenessSchema],
                 selected_changed: Callable[[], object], parent: QWidget) -> None:
        super().__init__(parent)
        self.ctx, self.model, self.view, self.grid = ctx, model, view, grid
        self.schema = schema
        self.selected_changed = selected_changed  # the panel shows the selected row again
        self.toggle, self.bar = toggle, bar
        toggle.setCheckable(True)
        toggle.setToolTip(QCoreApplication.translate("locks.live_mode", LIVE_TIP).format(LIVE_KEY=LIVE_KEY))
        self.controller = LiveController(ctx, self)
        self.live: LiveRows | None = None
        self.counts: LiveCounts | None = None
        self.dialog: RecordsDialog | None = None
        self._queued: list[tuple[WatchEvent, bool]] = []  # (event, applied without marking)
        self._catching_up = False  # replaying the stream's past
        self._settling = 0  # steps still quiet after the replay reached the tip
        self._phase = WAITING
        self._start_state: StartState | None = None
        self._after: list[tuple[WatchEvent, bool]] = []  # events after the starting state
        self._diffing: LiveRows | None = None  # the rows being compared with it
        self._start_events: list[WatchEvent] = []  # its changes still to apply
        self._start_counts: Counter[str] = Counter()
        # The rows Live changed (by reference: not kept alive once the grid drops them) and
        # what it changed there, across its starts: the rows stay as Live left them.
        self._changed: tuple[weakref.ref[AuditRows], GridChanges] | None = None
        QShortcut(QKeySequence(LIVE_KEY), parent, self.toggle.click)
        self.toggle.toggled.connect(self._toggled)
        self.bar.records_requested.connect(self.show_records)
        c = self.controller
        c.started.connect(self._on_started)
        c.stepped.connect(self._on_step)
        c.indexed.connect(self._on_indexed)
        c.failed.connect(self._on_failed)
        c.start_found.connect(self._on_start_found)
        c.reconciled.connect(self._on_reconciled)
        view.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        view.customContextMenuRequested.connect(self._context_menu)
        view.selectionModel().selectionChanged.connect(lambda *_: self._update_button())

    @property
    def on(self) -> bool:
        return self.toggle.isChecked()

    def set_available(self, available: bool) -> None:
        if not available:
            self.stop()
        self.toggle.setEnabled(available)

    def stop(self) -> None:
        """Toggle off (the table changed, the panel closes, or the user asked)."""
        if self.toggle.isChecked():
            self.toggle.setChecked(False)  # _toggled stops the watch
        else:
            self._stop()

    # ------------------------------------------------------------------ on and off

    def _toggled(self, on: bool) -> None:
        self.toggle.setText("● Live" if on else "Live")  # on, in light and dark alike
        if on:
            self._start()
        else:
            self._stop()

    def _start(self) -> None:
        if self.ctx.table is None or self.ctx.reader is None:
            self.toggle.setChecked(False)
            return
        self._reset_start()
        self.live = None
        self._catching_up, self._settling = False, 0
        self.counts = self.bar.begin(datetime.now().astimezone())
        self.rows_replaced()
        self.controller.start(self.schema())

    def _stop(self) -> None:
        self.controller.stop()
        self._reset_start()
        self.counts = None
        self.bar.end()
        self.model.live = None
        if self.live is not None:
            self.model.dataChanged.emit(self.model.index(0, 0),
                                        self.model.index(self.model.rowCount() - 1,
                                                         self.model.columnCount() - 1))
        self.live = None

    def rows_replaced(self) -> None:
        """The grid's rows changed (an audit ended, or Live started): index them for the events;
        with none shown, start from empty rows."""
        if not self.on:
            return
        rows = self.model.audit_rows
        if rows is None or rows.partial:
            if rows is not None and self.ctx.tasks.is_running(AUDIT_TASK):
                return  # the audit's full rows come next
            rows = empty_rows(self.schema())
            self.model.set_rows(rows)
            self.grid.reset(rows)
            self._on_indexed(LiveRows(rows).build_index())
            return
        self.live = None
        self.controller.index(rows)

    def _on_indexed(self, live: LiveRows) -> None:
        if not self.on or live.rows is not self.model.audit_rows:
            return
        kept = self._changed
        if kept is None or kept[0]() is not live.rows:
            self._changed = kept = (weakref.ref(live.rows), live.changes)
        live.changes = kept[1]
        self.live = live
        self.model.live = live
        self._flush()
        self._reconcile()

    def _on_started(self, watcher: Watcher, notices: list[str]) -> None:
        c = self.counts
        if c is None:
            return
        self._catching_up = watcher.replaying
        c.seeding = True  # until the replay has read the stream's past, and the grid is in line
        if not watcher.replaying:  # seeded by an audit: that is the starting state
            self._ask_start()
        if watcher.locks_table is not None:  # both tables' streams: say so, events name their table
            c.tables = (watcher.table.name, watcher.locks_table.name)
        self.bar.add_notices(notices[-1:] if watcher.replaying else notices)
        self.bar.refresh()

    def _on_failed(self, exc: BaseException) -> None:
        self.toggle.setChecked(False)
        # Named after the call that failed (a step's GetRecords, the seeding's Scan), not one guess.
        self.ctx.report(exc, operation=getattr(exc, "operation_name", None) or "DescribeTable")

    def changes(self) -> LiveChanges | None:
        """What Live mode changed in the rows the grid shows since their audit (None: Live has
        not followed these rows), for an export of the grid as it is."""
        kept = self._changed
        rows = self.model.audit_rows
        if kept is None or rows is None or kept[0]() is not rows:
            return None
        return kept[1].snapshot()

    # ------------------------------------------------------------------ events

    def _on_step(self, step: WatchStep) -> None:
        c = self.counts
        if c is None:
            return
        quiet = self._catching_up or self._settling > 0
        self._settling = max(0, self._settling - 1)
        # At the tip: every shard read to its end, or a page that was not full, and no read
        # failed or throttled (``WatchStep.up_to_date``). The past's last changes settle one
        # poll later (``Watcher``): quiet for two more steps.
        at_tip = step.up_to_date
        if at_tip and self._catching_up:
            self._catching_up = False
            self._settling = SETTLE_STEPS
        # "starting" until new writes count (and the grid is in line with the starting state)
        c.seeding = self._catching_up or self._settling > 0 or self._phase != DONE
        c.records += step.records
        c.caught_up = at_tip
        self.bar.add_notices(step.notices)
        waiting = self._phase in (ASKED, RECONCILING)
        (self._after if waiting else self._queued).extend((e, quiet) for e in step.events)
        if not (self._catching_up or self._settling) and self._phase == WAITING:
            self._ask_start()  # the replay has read and settled the past: its state is the start
        self._flush()
        self.bar.refresh()
        if step.finished:  # the stream was disabled or replaced: nothing more comes, Live goes off
            why = step.notices[-1] if step.notices else self.tr("The table's stream ended.")
            self.toggle.setChecked(False)
            self.ctx.status_message.emit(self.tr("Live mode stopped: {why}").format(why=why))

    def _flush(self) -> None:
        """Apply the queued events in one batch (once the rows' index is ready)."""
        live = self.live
        if live is None or not self._queued or live.rows is not self.model.audit_rows:
            return
        queued, self._queued = self._queued, []
        touched: set[int] = set()
        for marked in (True, False):
            batch = [e for e, quiet in queued if quiet != marked]
            if batch:
                applied = self._apply(live, batch, mark=marked)
                self._count(applied.counts)
                touched |= applied.touched
        self._touched(touched)

    def _apply(self, live: LiveRows, events: list[WatchEvent], *, mark: bool,
               at_start: bool = False) -> Applied:
        applied = live.apply(events, mark=mark, at_start=at_start)
        self.model.apply_live(applied, reorder=self.grid.shown == ViewQuery())
        if applied.added:  # fit the columns to the rows in view (precision 0: cheap)
            self.view.resizeColumnsToContents()
        return applied

    def _touched(self, touched: set[int]) -> None:
        if touched:
            self.grid.rows_changed()
            if self._selected() in touched:
                self.selected_changed()
            self._update_button()
        self.bar.refresh()

    def _count(self, counts: dict[str, int]) -> None:
        c = self.counts
        if c is not None:
            c.new += counts.get(APPEARED, 0)
            c.resolved += counts.get(RESOLVED, 0)
            c.changed += counts.get(CHANGED, 0)

    # ------------------------------------------------------------------ the grid at the start

    def _reset_start(self) -> None:
        self._queued, self._after, self._start_events = [], [], []
        self._phase, self._start_state, self._diffing = WAITING, None, None
        self._start_counts = Counter()

    def _ask_start(self) -> None:
        self._phase = ASKED
        self.controller.want_start()

    def _on_start_found(self, start: StartState) -> None:
        if self.counts is None or self._phase != ASKED:
            return
        self._start_state, self._phase = start, RECONCILING
        self._reconcile()

    def _reconcile(self) -> None:
        """Compare the grid's rows with the starting state, once they are indexed and the
        events before it applied (again when the rows were replaced meanwhile)."""
        live, start = self.live, self._start_state
        if self._phase != RECONCILING or start is None or live is None or self._queued \
                or live.rows is not self.model.audit_rows or self._diffing is live:
            return
        self._diffing, self._start_events = live, []
        self.controller.reconcile(live, start)

    def _on_reconciled(self, live: LiveRows, events: list[WatchEvent]) -> None:
        if self._phase != RECONCILING or live is not self._diffing:
            return
        self._start_events, self._start_counts = list(events), Counter()
        self._apply_start()

    def _apply_start(self) -> None:
        """The next batch of the grid's update; the held events once it is done."""
        live = self.live
        if self._phase != RECONCILING or live is None or live is not self._diffing \
                or live.rows is not self.model.audit_rows:
            return  # Live stopped, or the rows were replaced: compared again once indexed
        batch, self._start_events = self._start_events[:START_BATCH], self._start_events[START_BATCH:]
        touched: set[int] = set()
        # A resolved account is marked resolved, an added row not new; a lock row left without a
        # problem leaves the grid (released before Live started: not "resolved since").
        for marked in (True, False):
            part = [e for e in batch if (e.kind == RESOLVED) == marked]
            if part:
                touched |= self._apply(live, part, mark=marked, at_start=True).touched
                self._start_counts.update(e.kind for e in part)
        self._touched(touched)
        if self._start_events:
            QTimer.singleShot(0, self._apply_start)
            return
        self._phase, self._diffing = DONE, None
        c = self.counts
        if c is not None:
            c.seeding = self._catching_up or self._settling > 0
            if sum(self._start_counts.values()):
                self.bar.add_notices([start_note(self._start_counts)])
        self._queued, self._after = self._queued + self._after, []
        self._flush()
        self.bar.refresh()

    # ------------------------------------------------------------------ records

    def _selected(self) -> int | None:
        rows = self.view.selectionModel().selectedRows()
        return self.model.row_at(rows[0].row()) if rows else None

    def _update_button(self) -> None:
        row = self._selected()
        self.bar.records_button.setEnabled(
            self.live is not None and row is not None and bool(self.live.events.get(row)))

    def show_records(self) -> RecordsDialog | None:
        """The stream records that changed the selected row (a non-modal dialog)."""
        row = self._selected()
        if self.live is None or row is None:
            return None
        pair = self.model.pair_row(self.view.selectionModel().selectedRows()[0].row())
        title = (pair.account_id or next((c.value or "" for c in pair.cells.values()), "")) if pair else ""
        if self.dialog is not None:
            self.dialog.close()
        self.dialog = RecordsDialog(title, self.live.events_of(row), self.view)
        self.dialog.show()
        return self.dialog

    def _context_menu(self, pos: QPoint) -> None:
        index = self.view.indexAt(pos)
        if not index.isValid():
            return
        select_only_row(self.view, index.row())
        row = self.model.row_at(index.row())
        menu = QMenu(self.view)
        action = menu.addAction(self.tr("Stream records…"), self.show_records)
        action.setEnabled(self.live is not None and bool(self.live.events.get(row)))
        menu.popup(self.view.viewport().mapToGlobal(pos))
