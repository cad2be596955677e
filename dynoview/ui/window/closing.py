"""What the main window does before it closes or changes its connection: a value typed in a cell
of any Items tab (the window's own or one opened with "Open … in a new Items tab") and not entered
yet is staged first, on the connection it was typed on, and the PartiQL tab's unsent statement is
kept (``partiql.draft``); then closing asks about running work (``transfer.quit_guard``), about
staged cells or a PartiQL statement that could not be kept for the next start (``UnkeptWork``: a
full disk), and about the builder's unsent actions.
"""

from __future__ import annotations

import logging
import sys
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, NamedTuple

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QWidget

from dynoview.ui.items.panel import ItemsPanel, commit_open_cell

if TYPE_CHECKING:
    from PySide6.QtWidgets import QMessageBox

    from dynoview.ui.items.tabs import ExtraItemsTabs  # made with the first extra tab

log = logging.getLogger(__name__)
#: Set to True on the window when it closes without a person to answer (SIGTERM, logout).
UNATTENDED = "closing_unattended"


def items_panels(own: ItemsPanel, extra: ExtraItemsTabs | None) -> list[ItemsPanel]:
    """The window's Items tabs: its own and the extra ones (none made yet: ``extra`` is None)."""
    return [own, *(extra.panels if extra is not None else ())]


def stage_typed_cells(panels: Iterable[ItemsPanel]) -> None:
    """Stage what each open cell editor holds (Ctrl+Q, the title bar's close, SIGTERM and a new
    connection move no focus out of the editor, which would have staged it)."""
    for panel in panels:
        commit_open_cell(panel)


def _partiql_panel(window: QWidget) -> Any:
    features = getattr(window, "features", None)
    return features.get("PartiqlPanel") if isinstance(features, dict) else None


def keep_partiql_draft(window: QWidget) -> str | None:
    """Keep the PartiQL tab's unsent statement for the next start (a tab never opened holds none):
    None, or why it could not be kept (closing asks before that statement is lost)."""
    keep = getattr(_partiql_panel(window), "keep_draft", None)
    problem = keep() if callable(keep) else None
    return problem if isinstance(problem, str) and problem else None


def let_go_partiql_drafts(window: QWidget) -> None:
    """The window closes for good: its PartiQL statements stay in their files and their locks go,
    so the next window (of this process too, the closed one not deleted yet) takes them over."""
    release = getattr(getattr(_partiql_panel(window), "drafts", None), "release", None)
    if callable(release):
        release()


class Lost(NamedTuple):
    """Unsent work closing would lose: the sentence saying what and why, and the work itself
    (``work``: a loss the user accepted is not asked about again, unless the work changed)."""

    sentence: str
    work: str


class UnkeptWork(QObject):
    """Closing with staged cells or a PartiQL statement that could not be kept for the next
    start (a full disk): asked as the builder's unsent work is. Try again keeps them again and
    closes once they are kept (or asks again), Close without it closes, Cancel stays open."""

    def __init__(self, window: QWidget) -> None:
        super().__init__(window)
        self.window_ = window
        self.box: QMessageBox | None = None
        self.accepted: tuple[Lost, ...] = ()  # what the user chose to close without

    @classmethod
    def of(cls, window: QWidget) -> UnkeptWork:
        found = window.findChild(cls)
        return found if isinstance(found, cls) else cls(window)

    def lost(self, partiql_problem: str | None) -> list[Lost]:
        """What closing now would lose: the staged cells whose save failed (written again first:
        space may have been freed), the PartiQL statement ``keep_partiql_draft`` could not keep."""
        found: list[Lost] = []
        module = sys.modules.get("dynoview.ui.items.staging")  # never loaded: nothing staged
        ctx = getattr(self.window_, "ctx", None)
        staging = (ctx.findChild(module.CellStaging)
                   if module is not None and isinstance(ctx, QObject) else None)
        if staging is not None:
            reason = staging.keep_again()
            if reason:
                import json  # not at the first paint (tests/unit/ui/test_first_paint_imports.py)

                from dynoview.core.edits.persist import edits_to_json

                found.append(Lost(self.tr(
                    "The changes staged in the Items tab could not be kept for the next start "
                    "({reason}).").format(reason=reason),
                    json.dumps(edits_to_json(staging.edits), sort_keys=True, default=str)))
        if partiql_problem:
            drafts = getattr(_partiql_panel(self.window_), "drafts", None)
            said = self.tr("The statement typed in the PartiQL tab could not be kept for the next "
                           "start: {problem}.").format(problem=partiql_problem.rstrip("."))
            found.append(Lost(said, repr(drafts.current()) if drafts is not None else partiql_problem))
        return found

    def confirm_close(self, lost: list[Lost]) -> bool:
        """True to go on closing; False while it asks (an answer closes the window again)."""
        if not lost or tuple(lost) == self.accepted:
            return True
        if getattr(self.window_, UNATTENDED, False):  # a signal: nobody to answer
            log.warning("Closing without unsent work that could not be kept: %s",
                        " ".join(one.sentence for one in lost))
            return True
        if self.box is not None and self.box.isVisible():  # Ctrl+Q again while it asks
            return False
        from PySide6.QtWidgets import QMessageBox  # with the first box: its enums cost the first paint

        self.box = box = QMessageBox(
            QMessageBox.Icon.Warning, self.tr("Unsent work that could not be kept"),
            self.tr("Closing now loses unsent work: DynoView could not keep it for the next start."),
            QMessageBox.StandardButton.NoButton, self.window_)
        box.setInformativeText(" ".join([*(one.sentence for one in lost), self.tr(
            "Free some space (or fix the drafts folder) and choose Try again; Cancel keeps the "
            "window open, to send the work or copy it elsewhere.")]))
        retry = box.addButton(self.tr("Try again"), QMessageBox.ButtonRole.AcceptRole)
        lose = box.addButton(self.tr("Close without it"), QMessageBox.ButtonRole.DestructiveRole)
        box.addButton(QMessageBox.StandardButton.Cancel)
        box.setDefaultButton(retry)  # Enter must not throw the work away
        box.setEscapeButton(QMessageBox.StandardButton.Cancel)
        box.setObjectName("unkept-close-prompt")

        def answered(_code: int) -> None:
            self.box = None
            box.deleteLater()  # a next close asks with a box of its own
            clicked = box.clickedButton()
            if clicked is lose:
                # Kept until the work changes: a later question (the builder's) closes again.
                self.accepted = tuple(lost)
            if clicked in (lose, retry):
                self.window_.close()  # Try again: kept this time, or asked again

        box.finished.connect(answered)
        box.open()
        return False


def may_close(window: QWidget, panels: Iterable[ItemsPanel], builder: Any) -> bool:
    """Whether the window goes on closing: what was typed is staged (and the PartiQL statement
    kept) first, then a running import or export is asked about (stopped, waited for), then
    staged cells or a statement that could not be kept, then the builder's unsent actions
    (False: it asks, waits, or the user chose to stay)."""
    from dynoview.ui.transfer.quit_guard import QuitGuard  # Qt only, on the first close

    stage_typed_cells(panels)
    # Kept before any question: a kill while one is open loses nothing.
    partiql_problem = keep_partiql_draft(window)
    if not QuitGuard.of(window).confirm_close():
        return False
    unkept = UnkeptWork.of(window)
    if not unkept.confirm_close(unkept.lost(partiql_problem)):
        return False
    confirm = getattr(builder, "confirm_close", None)
    if callable(confirm) and not confirm(window):
        return False
    let_go_partiql_drafts(window)  # nothing asks any more: the window closes
    return True
