"""The builder's right column: the exact request, its problems and the preflight, one tab
each so that each gets the column's whole height at 1024x700 (stacked, all three were
squeezed unreadable). The tab titles carry the problem count and the preflight's verdict,
so neither goes unnoticed behind another tab."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QIcon
from PySide6.QtWidgets import QStyle, QTabWidget, QVBoxLayout, QWidget

from dynoview.core.preflight.check import Preflight
from dynoview.core.tx.model import Problem
from dynoview.ui.builder.preflight_view import PreflightView, preflight_warnings
from dynoview.ui.builder.problems_view import ProblemsView
from dynoview.ui.builder.request_view import PreviewView
from dynoview.ui.i18n import QT_TRANSLATE_NOOP

PREFLIGHT_TAB = QT_TRANSLATE_NOOP("builder.side_tabs", "After this transaction")


class SideTabs(QTabWidget):
    """Request, Problems, After this transaction."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.preview = PreviewView()
        self.problem_list = ProblemsView()
        self.preflight_view = PreflightView()
        self.preflight_page = QWidget()
        QVBoxLayout(self.preflight_page).addWidget(self.preflight_view)
        self.addTab(self.preview, self.tr("Request"))
        self.addTab(self.problem_list, self.tr("Problems"))
        self.addTab(self.preflight_page, QCoreApplication.translate("builder.side_tabs", PREFLIGHT_TAB))

    def show_pane(self, widget: QWidget) -> None:
        """Bring the tab holding ``widget`` (preview, problems, preflight) forward."""
        for index in range(self.count()):
            page = self.widget(index)
            if page is not None and (page is widget or page.isAncestorOf(widget)):
                self.setCurrentIndex(index)
                return

    def title_problems(self, problems: list[Problem]) -> None:
        """The Problems tab says how many there are, so they are seen from the Request tab."""
        errors = sum(1 for p in problems if p.is_error)
        icon = QStyle.StandardPixmap.SP_MessageBoxCritical if errors else \
            QStyle.StandardPixmap.SP_MessageBoxWarning if problems else None
        self._title(self.problem_list, self.tr(
            "Problems ({problems_count})").format(
                problems_count=len(problems)) if problems else self.tr("Problems"), icon)

    def title_preflight(self, preflight: Preflight | None) -> None:
        """A refusal or a warning shows on the tab too, even while the Request tab is in front."""
        refused = preflight is not None and preflight.refused
        warned = preflight is not None and bool(preflight_warnings(preflight))
        title = " (refused)" if refused else " (warning)" if warned else ""
        icon = QStyle.StandardPixmap.SP_MessageBoxCritical if refused else \
            QStyle.StandardPixmap.SP_MessageBoxWarning if warned else None
        self._title(self.preflight_page, QCoreApplication.translate(
            "builder.side_tabs", PREFLIGHT_TAB) + title, icon)

    def _title(self, page: QWidget, title: str, icon: QStyle.StandardPixmap | None) -> None:
        index = self.indexOf(page)
        self.setTabText(index, title)
        self.setTabIcon(index, self.style().standardIcon(icon) if icon else QIcon())
