"""The Accounts & locks grid after a write, or a cancelled send or preflight that read items
changed: the rows that show those items are out of date. Small local tables are audited again
at once; anything else is marked stale, visibly, until the user re-runs the audit."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QObject

from dynoview.ui.context_events import ItemsChanged, WrittenKey
from dynoview.ui.locks.stale_reads import not_as_audited
from dynoview.ui.locks.text import result_text


class AfterWrites(QObject):
    """Listens to the context's written and changed items for ``panel``."""

    def __init__(self, panel: Any) -> None:  # the LocksPanel, which imports this module
        super().__init__(panel)
        self.panel = panel
        panel.ctx.items_written.connect(self.written)
        panel.ctx.items_changed.connect(self.changed)

    def written(self, written: list[WrittenKey]) -> None:
        """A transaction wrote items of this table."""
        table = self.panel.ctx.table
        mine = [w.key for w in written if table is not None and w.table == table.name]
        if mine:
            self._out_of_date(mine, self.tr(
                "Stale: a transaction wrote %Ln item(s) since this audit; re-run the audit. ",
                "", len(mine)))

    def changed(self, changed: ItemsChanged) -> None:
        """Nothing was written, but a cancelled send or a preflight found items of this table
        not as this audit read them (``stale_reads``). Rows the reads agree with stay."""
        panel = self.panel
        table = panel.ctx.table
        if table is None:
            return
        mine = [w.key for w in changed.keys if w.table == table.name]
        if changed.preflight is not None and panel.result is not None:
            mine += not_as_audited(panel.model.audit_rows, changed.preflight, table.name)
        if mine:
            self._out_of_date(mine, self.tr(
                "Stale: %Ln item(s) are not as this audit read them (a transaction was "
                "cancelled on them, or its preflight read them); re-run the audit. ",
                "", len(mine)))

    def _out_of_date(self, keys: list[dict[str, Any]], why: str) -> None:
        panel = self.panel
        table = panel.ctx.table
        if table is None:
            return
        refresh = panel.ctx.reads_on_open(table)
        if panel.result is not None:
            panel.stale = True
            panel.model.mark_stale(keys)
            panel.audit_bar.show_counts(why + result_text(panel.result)[0])
            panel.show_selected()
            if refresh:
                panel.run_audit()
        panel.diagnose.written(refresh)
