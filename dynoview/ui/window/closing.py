"""What the main window does before it closes or changes its connection: a value typed in a cell
of any Items tab (the window's own or one opened with "Open … in a new Items tab") and not entered
yet is staged first, on the connection it was typed on, and the PartiQL tab's unsent statement is
kept (``partiql.draft``); then closing asks about running work (``transfer.quit_guard``) and the
builder's unsent actions.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from PySide6.QtWidgets import QWidget

from dynoview.ui.items.panel import ItemsPanel, commit_open_cell

if TYPE_CHECKING:
    from dynoview.ui.items.tabs import ExtraItemsTabs  # made with the first extra tab


def items_panels(own: ItemsPanel, extra: ExtraItemsTabs | None) -> list[ItemsPanel]:
    """The window's Items tabs: its own and the extra ones (none made yet: ``extra`` is None)."""
    return [own, *(extra.panels if extra is not None else ())]


def stage_typed_cells(panels: Iterable[ItemsPanel]) -> None:
    """Stage what each open cell editor holds (Ctrl+Q, the title bar's close, SIGTERM and a new
    connection move no focus out of the editor, which would have staged it)."""
    for panel in panels:
        commit_open_cell(panel)


def keep_partiql_draft(window: QWidget) -> None:
    """Keep the PartiQL tab's unsent statement for the next start (a tab never opened holds none)."""
    features = getattr(window, "features", None)
    panel = features.get("PartiqlPanel") if isinstance(features, dict) else None
    keep = getattr(panel, "keep_draft", None)
    if callable(keep):
        keep()  # a file that cannot be written is logged: closing goes on


def may_close(window: QWidget, panels: Iterable[ItemsPanel], builder: Any) -> bool:
    """Whether the window goes on closing: what was typed is staged (and the PartiQL statement
    kept) first, then a running import or export is asked about (stopped, waited for), then the
    builder's unsent actions (False: it asks, waits, or the user chose to stay)."""
    from dynoview.ui.transfer.quit_guard import QuitGuard  # Qt only, on the first close

    stage_typed_cells(panels)
    keep_partiql_draft(window)  # kept before any question: a kill while one is open loses nothing
    if not QuitGuard.of(window).confirm_close():
        return False
    confirm = getattr(builder, "confirm_close", None)
    return not (callable(confirm) and not confirm(window))
