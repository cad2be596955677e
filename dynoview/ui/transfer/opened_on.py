"""The connection a dialog opened on, watched: a dialog that reads or writes a table works on it.

The window's connection may change while a dialog is open (File → Connect…, a connect that was
pending, Copy to table's switch). A dialog that has not started writing then says so in its own
status line and turns its action off: its file, plan or findings were checked against the
connection it opened on, and sending them to the new one would be a write nobody was shown. A
run already under way goes on with the connection object it started on (the window does not
close the old one), and the dialog says where it goes on.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Signal

from dynoview.ui.context import AppContext

if TYPE_CHECKING:
    from dynoview.core.reads.reader import Reader
    from dynoview.core.session.connection import Connection


class OpenedOn(QObject):
    """The connection (and its reader) the window had when the dialog opened."""

    #: The window's connection changed away from this one (emitted once, on the first change).
    left = Signal()

    def __init__(self, ctx: AppContext, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.ctx = ctx
        self.connection: Connection | None = ctx.connection
        self.reader: Reader | None = ctx.reader
        self._left = False
        ctx.connection_changed.connect(self._changed)

    def adopt(self, conn: Connection | None) -> None:
        """The dialog itself moved the window to ``conn`` (Copy to table's switch): it works
        there from now on."""
        self.connection, self.reader, self._left = conn, self.ctx.reader, False

    @property
    def stale(self) -> bool:
        """True once the window works on another connection than this one."""
        return self._left or self.ctx.connection is not self.connection

    def _changed(self, conn: Connection | None) -> None:
        if conn is self.connection or self._left:
            return
        self._left = True
        self.left.emit()

    def _where(self, conn: Connection | None) -> str:
        return conn.spec.describe() if conn is not None else self.tr("no connection")

    def opened_text(self) -> str:
        """Where the dialog works, for its own label."""
        return self._where(self.connection)

    def stale_text(self) -> str:
        """Why the dialog's action is off now, and what to do."""
        now = self.ctx.connection
        if now is None:
            return self.tr("The window is no longer connected. This dialog was opened on {then}: "
                           "nothing more is sent from it. Close it, connect, and open it again."
                           ).format(then=self._where(self.connection))
        return self.tr("The window is now connected to {now}. This dialog was opened on {then}: "
                       "close it and open it again to work on {name}.").format(
                           now=self._where(now), then=self._where(self.connection), name=now.spec.name)

    def window_text(self) -> str:
        """Where the window is now, in one sentence (for a dialog's own "goes on" sentence)."""
        now = self.ctx.connection
        return (self.tr("The window is now on {now}.").format(now=self._where(now)) if now is not None
                else self.tr("The window is no longer connected."))

    def running_text(self) -> str:
        """Said while a run started here goes on after the window's connection changed."""
        window = self.window_text()
        return self.tr("{window} This run goes on on {then}, where it started (Cancel stops it "
                       "after the step in progress).").format(
                           window=window, then=self._where(self.connection))
