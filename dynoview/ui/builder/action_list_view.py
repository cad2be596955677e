"""The numbered action list: each row's summary, its problems and, after a send, its outcome.

After a cancelled transaction the actions that passed their checks are marked "passed, not
written" with a neutral icon, never the success tick: nothing was written.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from PySide6.QtCore import QCoreApplication, QSize, Qt
from PySide6.QtGui import QPaintEvent
from PySide6.QtWidgets import QListWidget, QListWidgetItem, QStyle, QWidget

from dynoview.core.tx.model import Action, Problem
from dynoview.core.tx.outcomes import APPLIED, CANCELLED, WRITTEN, ActionOutcome
from dynoview.ui.i18n import QT_TRANSLATE_NOOP
from dynoview.ui.placeholder import paint_placeholder
from dynoview.ui.plain_text import plain_tooltip

# How an outcome shows: its word, and the tone of its icon.
ERROR, WARNING, PASSED, DONE = "error", "warning", "passed", "written"
PASSED_NOT_WRITTEN = QT_TRANSLATE_NOOP("builder.action_list_view", "passed, not written")
_ICONS = {ERROR: QStyle.StandardPixmap.SP_MessageBoxCritical,
          WARNING: QStyle.StandardPixmap.SP_MessageBoxWarning,
          PASSED: QStyle.StandardPixmap.SP_MessageBoxInformation,
          DONE: QStyle.StandardPixmap.SP_DialogApplyButton}


def outcome_mark(outcome: ActionOutcome, status: str) -> tuple[str, str]:
    """(the row's word, its tone) for one action's outcome in a result of ``status``."""
    if outcome.code:
        return outcome.code, ERROR  # the reason DynamoDB gave for cancelling this one
    if outcome.state == APPLIED:
        return "applied", DONE
    if outcome.state:
        return outcome.state.replace("_", " "), WARNING  # not applied, unverifiable
    if status in WRITTEN:
        return "written", DONE
    if status == CANCELLED:
        return QCoreApplication.translate("builder.action_list_view", PASSED_NOT_WRITTEN), PASSED
    return QCoreApplication.translate("builder.action_list_view", "not written"), WARNING


class ActionListView(QListWidget):
    """One row per action: "2. Put accounts PK=…, SK=LOCK — ConditionalCheckFailed"."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setAccessibleName(self.tr("Actions"))
        # A long row wraps rather than hiding its outcome off to the right at 1024 px.
        self.setWordWrap(True)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setResizeMode(QListWidget.ResizeMode.Adjust)
        self.setIconSize(QSize(16, 16))  # a text line's height: eight rows in sight at 1024x700

    def show_rows(self, actions: Sequence[Action | None], problems: Sequence[Problem],
                  outcomes: Mapping[int, ActionOutcome], status: str) -> None:
        """Texts, tooltips and icons of the rows (``status``: the result's, for the outcomes)."""
        style = self.style()
        for index, action in enumerate(actions):
            item = self.item(index)
            if item is None:
                continue
            mine = [p for p in problems if p.index == index]
            text = f"{index + 1}. {action.summary() if action else ''}"
            tips = [p.message for p in mine]
            outcome = outcomes.get(index)
            tone = None
            if outcome is not None:
                word, tone = outcome_mark(outcome, status)
                text += f"  — {word}"
                tips.insert(0, outcome.message)
            item.setText(text)
            item.setToolTip(plain_tooltip("\n".join(tips)))
            if tone == ERROR or any(p.is_error for p in mine):
                tone = ERROR
            elif mine:
                tone = WARNING
            icon = _ICONS[tone] if tone else QStyle.StandardPixmap.SP_FileIcon
            item.setIcon(style.standardIcon(icon))

    def paintEvent(self, event: QPaintEvent) -> None:
        super().paintEvent(event)
        if self.count():
            return
        # Empty, the list says how a transaction begins instead of showing a blank box.
        paint_placeholder(self, self.empty_text(), 12, Qt.AlignmentFlag.AlignCenter)

    def empty_text(self) -> str:
        return self.tr("No actions yet: Add action, a template (Templates) or a request (Import "
                       "JSON…) starts a transaction.")

    def add_row(self, at: int | None = None) -> None:
        if at is None:
            self.addItem(QListWidgetItem(""))
        else:
            self.insertItem(at, QListWidgetItem(""))
