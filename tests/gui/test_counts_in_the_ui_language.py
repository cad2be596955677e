"""Counts in the window's messages are written as the window's language writes numbers
(``dynoview.ui.i18n.formats.number``), as the rest of the window does: "1 204" in French, "1.204" in
Portuguese. They were written with Python's English commas ("1,204"), which French and Portuguese
read as a decimal comma: "Gravando 1,500 de 3,000 achados" read as 1.5 of 3."""

from __future__ import annotations

from collections.abc import Iterator
from types import SimpleNamespace
from typing import Any

import pytest
from PySide6.QtCore import QCoreApplication, QTranslator
from PySide6.QtWidgets import QWidget

from dynoview.core.audit.export_file import ExportProgress, LiveChanges
from dynoview.ui.context import AppContext
from dynoview.ui.i18n import loader
from dynoview.ui.items.detail import attribute_node
from dynoview.ui.locks.export import exported_text
from dynoview.ui.locks.export_flow import AuditExport
from dynoview.ui.locks.layout import FilterBar
from dynoview.ui.locks.text import _sentence, _shown
from dynoview.ui.scans.count_box import CountBox
from dynoview.ui.stream.panel import StreamPanel
from dynoview.ui.transfer.file_field import path_problem
from dynoview.ui.transfer.import_controller import ImportController

pytestmark = pytest.mark.gui

# How each language writes 1204, 1500 and 200000 (Qt's locale data; French groups with a narrow
# no-break space).
WRITTEN = {
    "fr": {1204: "1\u202f204", 1500: "1\u202f500", 3000: "3\u202f000", 200_000: "200\u202f000"},
    "pt_BR": {1204: "1.204", 1500: "1.500", 3000: "3.000", 200_000: "200.000"},
    "en": {1204: "1,204", 1500: "1,500", 3000: "3,000", 200_000: "200,000"},
}
ENGLISH_COMMA = ("1,204", "1,500", "3,000", "200,000")


@pytest.fixture(params=["fr", "pt_BR", "en"])
def lang(request: pytest.FixtureRequest, qapp: Any) -> Iterator[str]:
    """The language installed as the app installs it (its catalogue, Qt's, the default QLocale);
    English again afterwards, so no later test reads numbers in another language."""
    loader.install(request.param, qapp)
    yield request.param
    loader.install("en", qapp)


def _grouped(lang: str, text: str, *counts: int) -> None:
    for count in counts:
        assert WRITTEN[lang][count] in text, f"{count} not written as {WRITTEN[lang][count]!r}: {text!r}"
    if lang != "en":
        assert not any(comma in text for comma in ENGLISH_COMMA), text


def test_audit_export_message(lang: str) -> None:
    audit = SimpleNamespace(findings=[object()] * 1204, cancelled=False)
    _grouped(lang, exported_text(audit, "/tmp/audit.csv"), 1204)  # type: ignore[arg-type]
    live = LiveChanges(cleared=(object(),) * 1500, added=(object(),) * 1500)  # type: ignore[arg-type]
    _grouped(lang, exported_text(audit, "/tmp/audit.csv", live), 1204, 1500)  # type: ignore[arg-type]


def test_audit_export_progress(lang: str, qtbot: Any, ctx: AppContext) -> None:
    parent = QWidget()
    qtbot.addWidget(parent)
    bar = FilterBar(parent)
    export = AuditExport(ctx, bar, parent)
    export._last = ExportProgress(1500, 3000)
    export._show_progress()
    _grouped(lang, bar.export_progress.format(), 1500, 3000)


def test_count_box_correction(lang: str, qtbot: Any) -> None:
    box = CountBox(100, 200_000, 2000)
    qtbot.addWidget(box)
    said: list[str] = []
    box.corrected.connect(said.append)
    box._typed = "50"  # as typed, then the box lost the focus
    box._finished()
    assert said and "'50'" in said[0]
    _grouped(lang, said[0], 200_000)


def test_more_members_row_is_translated_and_grouped(lang: str, qapp: Any) -> None:
    node = attribute_node("tags", {"L": [{"S": f"t{i}"} for i in range(5000)]})
    more = node.child(node.childCount() - 1).text(0)
    assert {"fr": "4\u202f800", "pt_BR": "4.800", "en": "4,800"}[lang] in more, more
    assert lang == "en" or "4,800" not in more


class _Marker(QTranslator):
    """A catalogue that marks each text it is asked for: a text never asked for stays unmarked."""

    def translate(self, context: str, source: str, disambiguation: str | None = None,  # type: ignore[override]
                  n: int = -1) -> str:
        return f"«{source}»" if context == "AttributeNode" else ""


def test_more_members_row_goes_through_the_catalogue(qapp: Any) -> None:
    """The "… 4,800 more" row was an English f-string beside a translated "expand to show them"."""
    marker = _Marker()
    QCoreApplication.installTranslator(marker)
    try:
        node = attribute_node("tags", {"L": [{"S": f"t{i}"} for i in range(5000)]})
    finally:
        QCoreApplication.removeTranslator(marker)
    assert node.child(node.childCount() - 1).text(0) == "«… 4,800 more»"


def test_lengths_in_the_locks_details(lang: str) -> None:
    _grouped(lang, _shown("x" * 1204), 1204)
    _grouped(lang, _sentence("y" * 1700), 1500)  # a 1,700-character run, cut after 200


def test_long_path_message(lang: str) -> None:
    problem = path_problem("/" + "a" * 5000)
    assert problem is not None
    assert {"fr": "5\u202f001", "pt_BR": "5.001", "en": "5,001"}[lang] in problem
    assert {"fr": "4\u202f095", "pt_BR": "4.095", "en": "4,095"}[lang] in problem


def test_import_progress_for_the_quit_question(lang: str, ctx: AppContext) -> None:
    controller = ImportController(ctx)
    controller.last = SimpleNamespace(items=1500, skipped=0, total=3000)  # type: ignore[assignment]
    _grouped(lang, controller.progress_text(), 1500, 3000)


def test_stream_status_line(lang: str, qtbot: Any, ctx: AppContext) -> None:
    panel = StreamPanel(ctx)
    qtbot.addWidget(panel)
    panel.model.dropped = 1204
    panel._update_status()
    _grouped(lang, panel.status.text(), 1204)

