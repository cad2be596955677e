"""The builder's action log: the log of the connection it sends through.

The demo's writes go to the demo's log and a real connection's to the user's, whichever profile
the process runs in (``action_log.for_connection``). One log per profile, each remembering the
connections it settled; a log assigned to the panel (tests) is used whatever the connection.
"""

from __future__ import annotations

from typing import Any

from dynoview.core.session import profile
from dynoview.core.tx.action_log import ActionLog, for_connection


class ConnectionActionLog:
    """A descriptor for a panel with a ``ctx`` (an AppContext): ``panel.action_log``."""

    def __set_name__(self, owner: type, name: str) -> None:
        self._logs, self._pinned = f"_{name}_by_profile", f"_{name}_pinned"

    def __get__(self, panel: Any, owner: type | None = None) -> ActionLog:
        pinned: ActionLog | None = panel.__dict__.get(self._pinned)
        if pinned is not None:
            return pinned
        logs: dict[str | None, ActionLog] = panel.__dict__.setdefault(self._logs, {})
        conn = panel.ctx.connection
        name = profile.of_connection(conn.spec) if conn is not None else None
        if name not in logs:
            logs[name] = for_connection(conn.spec) if conn is not None else ActionLog()
        return logs[name]

    def __set__(self, panel: Any, log: ActionLog) -> None:
        panel.__dict__[self._pinned] = log
