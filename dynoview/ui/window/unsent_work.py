"""The strip that says, at start, that the last session left unsent work in the builder.

The builder tab is built when first opened and restores that work then; until it is opened the
work is out of sight. A status message said so for 30 seconds and was gone; the strip stays
above the tabs with the way to the work, until the builder is opened or the user says later.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from dynoview.ui.message_bar import MessageBar

if TYPE_CHECKING:
    from dynoview.ui.main_window import MainWindow


class UnsentWorkBar(MessageBar):
    """``open_builder`` brings the builder forward (its work restored); ``later`` only closes."""

    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self.setObjectName("unsent-work")
        self.setText(self.tr("Your last session left unsent work in the transaction builder."))
        self.setInformativeText(self.tr("Open the builder (Ctrl+B) to carry on with it or "
                                        "discard it; nothing is sent until you say so."))
        self.open_builder = self.addButton(self.tr("Open the builder"))
        self.later = self.addButton(self.tr("Later"))
        self.open_builder.clicked.connect(window.router.open_builder)
        self._window = window
        # Opened another way (Ctrl+B, the palette, a request sent to it): the work is in sight.
        window.tabs.currentChanged.connect(self._tab_shown)

    def _tab_shown(self, _index: int) -> None:
        window = self._window
        if window.tabs.currentWidget() is window.feature_tabs.features.get("BuilderPanel"):
            window.tabs.currentChanged.disconnect(self._tab_shown)
            self.close()


# Kept dialog texts named in the strip; the rest are counted.
NAMED_TEXTS = 3


class KeptTextsBar(MessageBar):
    """Says at start that Edit as JSON… or the schema editor kept what was typed when the last
    session closed around them (``core.drafts.dialog_texts``): each comes back when its dialog
    opens again for the same item or table, which nothing else on screen tells."""

    def __init__(self, window: MainWindow, subjects: list[str]) -> None:
        super().__init__(window)
        self.setObjectName("kept-texts")
        self.setText(self.tr("Your last session kept %n unsent edit(s) typed in a dialog.", "",
                             len(subjects)))
        named = "; ".join(subjects[:NAMED_TEXTS])
        if len(subjects) > NAMED_TEXTS:
            named += self.tr("; and %n more", "", len(subjects) - NAMED_TEXTS)
        self.setInformativeText(self.tr(
            "{named}. Open the same dialog on that item (Edit as JSON…) or table (the uniqueness "
            "schema) to carry on with it or discard it.").format(named=named))
        self.later = self.addButton(self.tr("Later"))
