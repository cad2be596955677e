"""The Items tab's staged cell edits: stage, discard, undo, hand the one guarded transaction to
the builder, and drop what the builder wrote. Qt-side owner of ``core.edits.StagedEdits``.

Every change to the set is saved in the drafts folder (``core.edits.persist``), in this window's
own file: two windows (or two DynoView processes) on one table each keep theirs, and sending or
discarding removes only this window's. A save that fails (a full disk) removes the file, whose
older set must not come back as current, and closing the window asks (``window.closing``). The
file is in the drafts folder of the connection's profile
(``profile.of_connection``), as its action log is: the demo's cells in the demo's, a real
endpoint's in the user's, whatever kind of session staged them. When the window connects, it takes
over what windows that are gone (a quit, a crash, a kill) staged on that connection, and its pane
says from which window and when; so staged cells survive a restart or a kill. One staging per
window (``shared``): every Items tab shows and sends the same set. Nothing is written here: "Review
and send…" opens the transaction in the builder (its preview, preflight, confirmation and send),
and once the builder reports items written, those items are read again (strongly consistent) and
the staged cells the table now holds are dropped.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable, Mapping
from typing import Any

from PySide6.QtCore import QObject, Signal

from dynoview.core.drafts.dialog_texts import connection_label
from dynoview.core.drafts.model import DraftError
from dynoview.core.drafts.store import DraftStore
from dynoview.core.edits.persist import Restored, save_staged, take_over_staged
from dynoview.core.edits.staging import (
    PLACE_SEPARATOR,
    CellChange,
    EditError,
    ItemEdits,
    StagedEdits,
    key_id,
    same_connection,
)
from dynoview.core.edits.transaction import build_transaction
from dynoview.core.reads.reader import Reader
from dynoview.core.session import profile
from dynoview.core.session.private_files import PrivateFileError
from dynoview.core.session.tables import TableInfo
from dynoview.ui.context import AppContext
from dynoview.ui.context_events import WrittenKey
from dynoview.ui.items.staged_look import STAGING_OBJECT

Item = dict[str, Any]
Fresh = list[tuple[ItemEdits, Item | None]]


def _read_now(reader: Reader, targets: list[ItemEdits]) -> Fresh:
    """In a worker: each staged item as the table holds it now."""
    return [(edits, reader.get_item(edits.table, edits.key, consistent=True)) for edits in targets]


def shared(ctx: AppContext, store: DraftStore | None = None) -> CellStaging:
    """The window's staging (made, and the last session's set restored, on first use)."""
    found = ctx.findChild(CellStaging)
    return found if isinstance(found, CellStaging) else CellStaging(ctx, store, ctx)


class CellStaging(QObject):
    """The staged set of a window and what the user does with it."""

    changed = Signal()  # the set, its error or its note changed: repaint the pane and the cells
    status = Signal(str)  # a sentence for the status line

    def __init__(self, ctx: AppContext, store: DraftStore | None = None,
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.setObjectName(STAGING_OBJECT)
        self.ctx = ctx
        self._given = store  # one folder for every connection (a test's)
        self._stores: dict[str, DraftStore] = {}  # per profile, made on first use
        self._profiles: dict[str, str] = {}  # a staged set's connection label: its profile
        self.edits = StagedEdits()
        self.error = ""  # why the last edit was not staged, at its cell
        self.note = ""  # what was restored at the start (or why it could not be)
        self.unkept = ""  # why the set's last save failed ("" when saved): closing asks first
        self.handed: str | None = None  # the token of the transaction last opened in the builder
        ctx.items_written.connect(self._written)
        ctx.connection_changed.connect(self._take_over)
        # The window's files stay for the next start; their locks go with the window.
        stores = self._stores

        def release(*_: object) -> None:  # not a method: the object is gone when it runs
            for one in list(stores.values()):
                one.release()

        self.destroyed.connect(release)
        if ctx.connection is not None:
            self._take_over()

    # ---------------------------------------------------------------- what the model asks

    def _connection(self) -> str | None:
        """This connection's label for staged cells: its name and where it points (names repeat:
        every --endpoint-url connection is "local", a profile's name is its in every region). The
        demo's endpoint changes at every start: "name @ demo", as kept dialog texts say it."""
        conn = self.ctx.connection
        if conn is None:
            return None
        spec = conn.spec
        return connection_label(spec.name, spec.endpoint_url, conn.region or spec.region,
                                spec.profile, demo=spec.demo)

    @property
    def on_this_connection(self) -> bool:
        return same_connection(self.edits.connection, self._connection())

    @property
    def active(self) -> bool:
        return bool(self.edits) and self.on_this_connection

    def cell(self, info: TableInfo, item: Mapping[str, Any], column: str) -> CellChange | None:
        return self.edits.cell(info.name, info.key_of(dict(item)), column)

    def refusal(self) -> str | None:
        """Why no cell can be edited now, or None."""
        conn = self.ctx.connection
        if conn is None:
            return self.tr("Connect first: edits are staged for a connection and a table.")
        if conn.spec.read_only:
            return self.tr("This connection is read-only: cells cannot be edited. Reconnect "
                           "without read-only to stage changes.")
        return None

    # ---------------------------------------------------------------- staging

    def stage_text(self, info: TableInfo | None, item: Mapping[str, Any], attribute: str, code: str,
                   text: str) -> str | None:
        """Stage what was typed for a cell of ``info``'s table; returns why it was not staged, or None."""
        return self._apply(info, lambda info: self.edits.stage_text(
            info, item, attribute, code, text, schema=self.ctx.schema_for(info.name, info),
            connection=self._connection()))

    def stage_value(self, info: TableInfo | None, item: Mapping[str, Any], attribute: str,
                    value: Item | None) -> str | None:
        """Stage a value (None: remove the attribute); returns why not, or None."""
        return self._apply(info, lambda info: self.edits.stage(
            info, item, attribute, value, schema=self.ctx.schema_for(info.name, info),
            connection=self._connection()))

    def _apply(self, info: TableInfo | None, stage: Callable[[TableInfo], CellChange | None]) -> str | None:
        reason = self.refusal() or (None if info is not None else self.tr("Pick a table first."))
        if reason is not None or info is None:
            self.status.emit(reason or "")
            return reason
        try:
            change = stage(info)
        except EditError as exc:
            self.error = exc.sentence()
            self.status.emit(self.error)
            self.changed.emit()
            return self.error
        self.error = ""
        self._changed(self.tr("Staged {change}: nothing is written until Review and send…")
                      .format(change=change.attribute) if change is not None
                      else self.tr("The cell holds the value read: nothing staged for it."))
        return None

    def discard(self, table: str, key: Mapping[str, Any], attribute: str | None = None) -> None:
        if self.edits.discard(table, key, attribute):
            self._changed(self.tr("Discarded (Ctrl+Z brings it back)."))

    def discard_all(self) -> None:
        if self.edits.discard_all():
            self.error = ""
            self._changed(self.tr("Every staged change was discarded (Ctrl+Z brings them back)."))

    def undo(self) -> None:
        if self.edits.undo():
            self.error = ""
            self._changed(self.tr("Undone: the staged changes are as they were before."))
        else:
            self.status.emit(self.tr("Nothing staged to undo."))

    # ---------------------------------------------------------------- sending

    def review(self, info: TableInfo | None = None) -> str | None:
        """Open the one guarded transaction in the builder; returns why not, or None."""
        reason = self.refusal()
        if reason is None and not self.on_this_connection:
            reason = self.tr("These changes were staged on the connection {name}: connect to it to "
                             "send them, or discard them.").format(name=self.edits.connection)
        if reason is None and not self.edits:
            reason = self.tr("Nothing is staged: edit a cell first (F2 or a double click).")
        if reason is None:
            tables = dict(self.ctx.tables)
            if info is not None:
                tables.setdefault(info.name, info)
            try:
                # Each item's own table's rules: the set is every Items tab's, whatever the main one shows.
                tx = build_transaction(self.edits, tables,
                                       lambda name: self.ctx.schema_for(name, tables.get(name)))
            except EditError as exc:
                reason = exc.sentence().replace("Not staged", "Not sent", 1)
            else:
                self.handed = tx.token
                self.error = ""
                self.ctx.open_builder_requested.emit(tx)
                self.status.emit(self.tr(
                    "The builder shows the transaction of %n staged change(s): check the preview "
                    "and the preflight, then Execute. The staged cells clear once it is written.",
                    "", self.edits.count))
                self.changed.emit()
                return None
        self.error = reason
        self.status.emit(reason)
        self.changed.emit()
        return reason

    def _written(self, written: list[WrittenKey]) -> None:
        """The builder wrote (or may have written) these items: read the staged ones again. What
        the write set comes with it (``WrittenKey.values``), not from this window's memory: a
        transaction restored from a closed window, or built by hand, is the user's own write too."""
        targets = [e for e in self.edits if any(w.matches(e.table, e.key) for w in written)]
        sent = {e.id: next((w.values for w in written if w.matches(e.table, e.key)), None)
                for e in targets}
        staged = {e.id for e in targets}  # settled by ``_settle`` below, which reads them again
        if self.edits.forget_undo_of(lambda table, key: key_id(table, key) not in staged and any(
                w.matches(table, key) for w in written)):
            self.changed.emit()  # Undo is off: it would stage again what may be written now
        reader = self.ctx.reader
        if targets and reader is not None:
            self.ctx.tasks.start(f"staged-written-{id(self)}", self._settle(reader, targets, sent),
                                 on_error=self._read_failed)

    def _read_failed(self, exc: BaseException) -> None:
        self.ctx.report(exc, operation="GetItem")

    async def _settle(self, reader: Reader, targets: list[ItemEdits],
                      sent: Mapping[str, Mapping[str, Item | None] | None]) -> None:
        fresh = await self.ctx.tasks.call(_read_now, reader, targets)
        dropped = sum(1 for edits, now in fresh if self.edits.settle(
            edits.table, edits.key, now, sent.get(edits.id)))
        if dropped:
            self._changed(self.tr("Written: the staged changes of %n item(s) are in the table now.",
                                  "", dropped))

    # ---------------------------------------------------------------- the drafts folder

    def _store_of(self, name: str) -> DraftStore:
        store = self._stores.get(name)
        if store is None:
            store = self._stores[name] = self._given or DraftStore.of_profile(name)
        return store

    def _set_profile(self) -> str:
        """The profile of the connection the set was staged on (``profile.of_connection``): this
        connection's, or the one it had when staged (a set left from another connection)."""
        conn, label = self.ctx.connection, self.edits.connection
        if conn is not None and (label is None or self.on_this_connection):
            here = profile.of_connection(conn.spec)
            if label is not None:
                self._profiles[label] = here
            return here
        return self._profiles.get(label or "", profile.active())

    @property
    def store(self) -> DraftStore:
        """The drafts folder that keeps the set: its connection's profile's."""
        return self._store_of(self._set_profile())

    def _changed(self, message: str = "") -> None:
        self._save()
        self.changed.emit()
        if message:
            self.status.emit(message)

    def _save(self) -> None:
        store = self.store
        try:
            save_staged(store, self.edits)
        except (DraftError, PrivateFileError, OSError) as exc:
            # The file holds an older set (a change discarded since, one staged since missing):
            # left, the next start would restore it as current. Removing works on a full disk.
            with contextlib.suppress(OSError):
                store.clear_edits()
            self.unkept = str(exc)
            self.status.emit(self.tr("The staged changes could not be kept for the next start "
                                     "({reason}): they stay staged in this session only, and "
                                     "closing the window asks first.").format(reason=exc))
            return
        self.unkept = ""
        try:
            for other in self._stores.values():
                if other is not store:  # a set staged on another profile's connection before
                    other.clear_edits()
        except OSError as exc:
            self.status.emit(self.tr("The staged changes could not be kept for the next start "
                                     "({reason}); they stay staged in this session.").format(reason=exc))

    def keep_again(self) -> str:
        """The window closes: write the set once more if its last save failed (space may have
        been freed since). Why it still cannot be kept, or "" (kept, or nothing staged)."""
        if self.unkept:
            self._save()
        return self.unkept if self.edits else ""

    def _take_over(self, *_: object) -> None:
        """Connected: take over what windows that are gone staged on this connection."""
        conn, name = self.ctx.connection, self._connection()
        if conn is None or name is None or (self.edits and not same_connection(self.edits.connection, name)):
            return  # this set is another connection's: it is sent or discarded first
        # What windows left on this connection is in its profile's folder, as its log is.
        restored = take_over_staged(self._store_of(profile.of_connection(conn.spec)), self.edits, name)
        if restored.edits is not None:
            self.edits = restored.edits
            self.unkept = ""  # written whole into this window's file
        note = self._restored_note(restored)
        if note or restored.edits is not None:
            self.note = note
            self.changed.emit()

    def _restored_note(self, restored: Restored) -> str:
        """From which windows, and when, the restored changes came; what was left, and why."""
        parts = [(self.tr("%n change(s) staged in an earlier window (opened {opened}, last change "
                          "{saved}) on the connection {name}, restored.", "", one.count)
                  if one.opened_at is not None else
                  self.tr("%n change(s) staged in an earlier window (last change {saved}) on the "
                          "connection {name}, restored.", "", one.count)).format(
                              opened=_when(one.opened_at), saved=_when(one.saved_at),
                              name=_shown(one.connection or self._connection(), where=False))
                 for one in restored.taken]
        for one in restored.kept:
            if not same_connection(one.connection, self._connection()):
                parts.append(self.tr("%n change(s) staged on the connection {name} in an earlier "
                                     "window (last change {saved}) are kept for when you connect "
                                     "to it.", "", one.count).format(
                                         name=_shown(one.connection, where=True),
                                         saved=_when(one.saved_at)))
            else:
                parts.append(self.tr("%n change(s) staged in an earlier window (last change "
                                     "{saved}) give other values to the same cells: they are kept, "
                                     "and restored when you connect again with these sent or "
                                     "discarded.", "", one.count).format(saved=_when(one.saved_at)))
        parts.extend(restored.problems)
        return " ".join(parts)


def _when(at: float | None) -> str:
    """``10:42`` today, ``2026-12-01 10:42`` another day."""
    if at is None:
        return ""
    day = time.localtime(at)
    same_day = time.strftime("%Y-%m-%d", day) == time.strftime("%Y-%m-%d")
    return time.strftime("%H:%M" if same_day else "%Y-%m-%d %H:%M", day)


def _shown(label: str | None, *, where: bool) -> str:
    """A staged set's connection label as a note says it: "local", or with ``where`` (another
    connection's) "local (http://127.0.0.1:8000, us-west-2)"."""
    name, _sep, place = (label or "").partition(PLACE_SEPARATOR)
    return f"{name} ({place})" if where and place else name
