"""Where the builder's work was made: the connection and table its actions were meant for.

Each draft file names them (``Draft.connection`` and ``table``). Work restored at a start or
opened with Drafts → Open draft… from a draft made for another connection or table, and unsent
actions the window carries to another connection (File → Connect…), keep that origin: the
builder says so ("They were made for …"), and the window's draft file keeps naming it for as
long as the actions are those same ones, so the warning comes back at the next start. An edit
that changes them makes them this window's work; an undo back to them makes them the origin's
again (``DraftOrigin`` remembers each set of actions' origin by their JSON, not by the last
save).
"""

from __future__ import annotations

import json
from typing import Any

from PySide6.QtCore import QObject

from dynoview.core.drafts.model import Draft
from dynoview.ui.builder.restore_note import RestoreNote

#: (connection name, table name), either None when the window had none.
Place = tuple[str | None, str | None]


def actions_key(request: dict[str, Any]) -> str:
    """The request's actions as one comparable text (its token left out: a regenerated token is
    not another piece of work)."""
    return json.dumps(request.get("TransactItems") or [], sort_keys=True, default=repr)


class DraftOrigin(QObject):
    """The origin of each set of actions the builder held that was made elsewhere, and what the
    builder says about it (in its status line and the note over it)."""

    def __init__(self, panel: Any, note: RestoreNote) -> None:
        super().__init__(panel)
        self.panel = panel
        self.note = note
        self._origins: dict[str, Place] = {}  # actions_key -> where those actions were made
        self._last: Place = self.here()  # the window's place before the latest context change

    def here(self) -> Place:
        """The window's connection and table now."""
        conn, table = self.panel.ctx.connection, self.panel.ctx.table
        return (conn.spec.name if conn is not None else None, table.name if table is not None else None)

    def where(self, request: dict[str, Any]) -> Place:
        """Where work holding ``request``'s actions is meant to go: their origin, else here."""
        return self._origins.get(actions_key(request), self.here())

    def where_text(self, place: Place) -> str:
        connection, table = place
        if connection and table:
            return self.tr("table {table} on connection {connection}").format(
                table=table, connection=connection)
        if connection:
            return self.tr("connection {connection}").format(connection=connection)
        return self.tr("table {table}").format(table=table)

    def warning(self, place: Place) -> str:
        return self.tr("They were made for {where}: check the table names before you Execute.").format(
            where=self.where_text(place))

    def made_for(self, draft: Draft, request: dict[str, Any]) -> str | None:
        """``draft`` is shown, its actions now ``request`` as the builder holds them: they keep
        the draft's connection and table (a draft naming neither was made here). The warning
        when those are not the window's, else None."""
        place = (draft.connection, draft.table) if draft.connection or draft.table else self.here()
        self._origins[actions_key(request)] = place
        return None if place == self.here() else self.warning(place)

    def context_changed(self) -> None:
        """The window's connection or table changed. Unsent actions the window carries off a
        connection keep it as their origin (the file is not relabelled with the new one), and
        arriving on another connection than theirs, the builder says where Execute now sends
        them and shows the warning."""
        left, self._last = self._last, self.here()
        panel = self.panel
        if left[0] == self._last[0] or not panel.has_unsent_actions():
            return  # the same connection (a table opened, a reconnect): nothing moved
        request = panel.request_json()
        key = actions_key(request)
        if left[0] is not None:
            self._origins.setdefault(key, left)  # a restored or opened draft keeps its own
        origin = self._origins.get(key)
        if origin is None or origin[0] is None or self._last[0] is None or origin[0] == self._last[0]:
            return  # made with no connection, or back where they were made: nothing to warn of
        count = len(request.get("TransactItems") or [])
        said = self.tr("The builder's %n unsent action(s) (was|were) made for {where}; Execute would now "
                       "send (it|them) to connection {new}.", "", count).format(
                           where=self.where_text(origin), new=self._last[0])
        panel.status.setText(" ".join(p for p in (panel.status.text(), said) if p))
        self.note.show_text(f"{said} {self.warning(origin)}", restored=False)
