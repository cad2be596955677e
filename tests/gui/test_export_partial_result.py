"""Export… of the Items tab's current result while the read has more pages (a LastEvaluatedKey
not followed yet): the dialog says the file will hold only the items loaded and what to choose
instead, the suggested name and the finished sentence say "partial". A result read to its end
says none of it. (Before: "N items loaded" only, and the export looked whole.)"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from dynoview.ui.context import AppContext
from dynoview.ui.items.panel import ItemsPanel
from dynoview.ui.transfer.export_dialog import ExportDialog

pytestmark = pytest.mark.gui
ITEMS = r"items?(?:\(s\))?"  # "items" once `make translations` gave the plural its English forms


def _panel(qtbot: Any, ctx: AppContext, page_size: int) -> ItemsPanel:
    panel = ItemsPanel(ctx)
    qtbot.addWidget(panel)
    panel.set_table(ctx.table)
    panel.page_size.setValue(page_size)
    panel.run()
    qtbot.waitUntil(lambda: panel.model.rowCount() > 0 and not panel.controller.busy, timeout=10000)
    return panel


def _export(qtbot: Any, dialog: ExportDialog, path: Path) -> str:
    dialog.path.setText(str(path))
    with qtbot.waitSignal(dialog.finished_export, timeout=10000) as done:
        assert dialog.start()
    assert done.args[0] is not None, dialog.status.text()
    return dialog.status.text()


def test_a_result_with_more_pages_is_exported_as_partial_and_says_so(
        qtbot: Any, ctx: AppContext, tmp_path: Path) -> None:
    assert ctx.connection is not None and ctx.table is not None
    total = len(ctx.connection.client.scan(TableName=ctx.table.name)["Items"])
    panel = _panel(qtbot, ctx, page_size=3)
    assert not panel.model.exhausted  # the Scan's LastEvaluatedKey is not followed yet
    dialog: Any = panel.transfer.open_export()
    qtbot.addWidget(dialog)
    shown = len(dialog.items)
    assert 0 < shown < total and dialog.result_scope.isChecked()
    note = dialog.partial_note  # under the choice it is about
    assert note.isVisibleTo(dialog)
    assert re.search(rf"{shown} {ITEMS} loaded; the read has more pages: this exports only those "
                     rf"{shown}\. Choose the whole table", note.text())
    assert "-partial-result-" in Path(dialog.path.text()).name  # the suggested name says it
    said = _export(qtbot, dialog, tmp_path / "page.jsonl")
    assert re.search(rf"Partial: the read has more pages not loaded, so the file holds only the "
                     rf"{shown} {ITEMS} loaded", said)
    assert len((tmp_path / "page.jsonl").read_text().splitlines()) == shown
    # The whole table is not partial: the note goes when it is chosen.
    dialog.table_scope.setChecked(True)
    assert not note.isVisibleTo(dialog) and not dialog.partial()


def test_a_result_read_to_its_end_is_not_called_partial(qtbot: Any, ctx: AppContext,
                                                        tmp_path: Path) -> None:
    panel = _panel(qtbot, ctx, page_size=1000)
    assert panel.model.exhausted
    dialog: Any = panel.transfer.open_export()
    qtbot.addWidget(dialog)
    assert not dialog.partial_note.isVisibleTo(dialog)
    assert "partial" not in Path(dialog.path.text()).name
    said = _export(qtbot, dialog, tmp_path / "all.jsonl")
    assert "Partial" not in said
    assert len((tmp_path / "all.jsonl").read_text().splitlines()) == len(dialog.items)
