"""What a reconnect to the same place keeps: the open Items tabs, the selected table, the Items
tab's query and filter, the tab on screen (the builder's draft is never cleared on reconnect).

The window clears its table-specific state whenever its connection changes or fails (the old
tables must not stay under a new or failed connection). An SSO token that expired makes the next
connect fail, then "Sign in…" connects again: the keeper remembers what was on screen when the
window left its last working connection and puts it back once a connection to the same endpoint,
region, profile (and account, when known) opens. Elsewhere it says what was closed.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject

from dynoview.core.session.place import Place
from dynoview.ui.context import AppContext
from dynoview.ui.i18n import context

if TYPE_CHECKING:  # types only: the connection code loads when one is made, after the first paint
    from dynoview.core.reads.browse import BrowseSpec
    from dynoview.core.session.connection import Connection
    from dynoview.core.session.tables import TableInfo

KEPT = context("KEPT")  # plural texts (dynoview.ui.i18n.context)


@dataclass(frozen=True)
class KeptTab:
    info: TableInfo
    read: BrowseSpec | None


@dataclass(frozen=True)
class Kept:
    """The window's table-specific state when it left a working connection."""

    place: Place
    table: str | None
    read: BrowseSpec | None  # the window's own Items tab's form
    tabs: tuple[KeptTab, ...]  # the extra Items tabs, in order
    current: int  # the tab on screen

    def what(self) -> str:
        parts = [KEPT.tr("table {name}").format(name=self.table)] if self.table else []
        if self.tabs:
            tabs = len(self.tabs)  # lupdate reads a plural's count only as a plain name
            parts.append(KEPT.tr("%Ln more Items tab(s)", "", tabs))
        return ", ".join(parts) or KEPT.tr("nothing")


class ReconnectKeeper(QObject):
    """Told by the window when it leaves a connection (``leaving``) and by the session view when
    a new one opens (``arrived``). ``window``: the ``MainWindow`` (read as ``Any``: no cycle)."""

    def __init__(self, window: Any, ctx: AppContext) -> None:
        super().__init__(window)
        self.window = window
        self.ctx = ctx
        self.kept: Kept | None = None
        self._awaiting: tuple[str, BrowseSpec] | None = None  # the main table's query to put back
        self._hooked = False

    def leaving(self) -> None:
        """Before the window clears its tables and tabs. Without a connection (a failed connect
        after a failed one) the state kept from the last working connection stays."""
        self._awaiting = None
        conn = self.ctx.connection
        if conn is None:
            return
        panel = self.window.items_panel
        table = self.ctx.table.name if self.ctx.table is not None else None
        tabs = tuple(KeptTab(p.info, p.spec()) for p in self.window.items_tabs.panels if p.info is not None)
        self.kept = Kept(place=Place.of(conn), table=table, read=panel.spec() if table else None,
                         tabs=tabs, current=self.window.tabs.currentIndex())

    def arrived(self, conn: Connection) -> str | None:
        """After the window switched to ``conn`` and listed its tables: the kept state back when
        it is the same place. Returns a sentence for the status bar, or None when nothing was kept."""
        kept, self.kept = self.kept, None
        if kept is None or (kept.table is None and not kept.tabs):
            return None
        place = Place.of(conn)
        if not kept.place.same_as(place):
            return self.tr("Connected to {new}: what was open on {old} ({what}) was closed.").format(
                new=place.describe(), old=kept.place.describe(), what=kept.what())
        listed = self.window.tables_panel.list
        self._restore(conn, kept, [listed.item(i).text() for i in range(listed.count())])
        return self.tr("Reconnected to {place}: the open tabs, the table and the query were kept.").format(
            place=place.describe())

    def _restore(self, conn: Connection, kept: Kept, tables: list[str]) -> None:
        for tab in kept.tabs:
            if tab.info.name not in tables:
                continue
            panel = self.window.items_tabs.add(conn, tab.info)
            if panel is not None and tab.read is not None:
                panel.load_spec(tab.read)
                panel.run()  # its first read, not yet sent, is cancelled by this one
        if kept.table in tables:
            if kept.read is not None:
                self._hook()
                self._awaiting = (kept.table, kept.read)
            self.window.tables_panel.select(kept.table)
        if 0 <= kept.current < self.window.tabs.count():
            self.window.tabs.setCurrentIndex(kept.current)

    def _hook(self) -> None:
        # Connected after the window's own slot, so the form is filled once the table is set.
        if not self._hooked:
            self._hooked = True
            self.window.connection.table_described.connect(self._described)

    def _described(self, info: TableInfo) -> None:
        awaiting, self._awaiting = self._awaiting, None
        if awaiting is None or awaiting[0] != info.name:
            return
        panel = self.window.items_panel
        panel.load_spec(awaiting[1])
        panel.run()  # the window's read of the empty form, not yet sent, is cancelled by this one
