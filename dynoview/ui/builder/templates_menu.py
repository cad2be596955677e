"""The builder's Templates menu: the templates for the selection (the window's current account
or lock), titled with it, then the notes saying why a repair is not offered. The forms and
the reads they need are the ``TemplateRunner``'s."""

from __future__ import annotations

import functools
import textwrap
from collections.abc import Callable, Mapping
from typing import Any

from PySide6.QtCore import QCoreApplication, QObject
from PySide6.QtWidgets import QMenu, QWidget

from dynoview.core.session.tables import TableInfo
from dynoview.core.tx.applicability import Evidence
from dynoview.core.uniqueness.schema import UniquenessSchema
from dynoview.ui.builder.template_forms import NO_SUBJECT_HINT, TemplateEntry, menu_text
from dynoview.ui.builder.template_runner import TemplateRunner
from dynoview.ui.context import AppContext
from dynoview.ui.context_events import Subject


class TemplatesMenu(QObject):
    """Fills ``menu`` when it opens; ``runner`` starts the template chosen."""

    def __init__(self, ctx: AppContext, menu: QMenu, tables: Callable[[], dict[str, TableInfo]],
                 default_table: Callable[[], str], forms_parent: QWidget) -> None:
        super().__init__(forms_parent)
        self.menu = menu
        self.runner = TemplateRunner(ctx, tables, default_table, forms_parent)
        self.runner.evidence_changed.connect(self._evidence_changed)
        menu.aboutToShow.connect(self.fill)
        ctx.subject_changed.connect(self.subject_changed)
        self.subject_changed(ctx.subject)

    def select(self, item: Mapping[str, Any] | None, table: str | None = None,
               evidence: Evidence | None = None) -> None:
        """The account or lock the templates start from, with what its view knows about its
        values (an audit row's findings, a diagnosis)."""
        self.runner.select(item, table, evidence)

    def subject_changed(self, subject: Subject | None) -> None:
        if subject is None:
            self.select(None)
        else:
            self.select(subject.item, subject.table, subject.evidence)

    def schema_changed(self, schema: UniquenessSchema) -> None:
        runner = self.runner
        runner.schema = schema
        # What was known about the selection was judged by the old rules (their lock keys).
        runner.select(runner.selected_item, runner.selected_table)

    def entries(self) -> list[TemplateEntry]:
        """The templates for the current selection, then the notes (menu and palette)."""
        return self.runner.entries()

    def fill(self) -> None:
        menu = self.menu
        menu.clear()
        menu.setToolTipsVisible(True)
        group = None
        for entry in self.entries():
            if entry.group != group and group is not None:
                menu.addSection(entry.group)  # a heading: what the lines below do
            group = entry.group
            if entry.is_note:
                # A menu line cannot wrap: a long note is cut, and whole in its tooltip.
                note = menu.addAction(menu_text(textwrap.shorten(entry.title, 90, placeholder="…")))
                note.setToolTip(entry.title)
                note.setEnabled(False)
            else:
                run = functools.partial(self.runner.run, entry.name, entry.rule)
                menu.addAction(menu_text(entry.title), run)
        if self.runner.selected_item is None:
            hint = QCoreApplication.translate("builder.template_forms", NO_SUBJECT_HINT)
            menu.addAction(menu_text(hint)).setEnabled(False)

    def _evidence_changed(self) -> None:
        """The selection's locks were read: an open menu shows what applies now."""
        if self.menu.isVisible():
            self.fill()
