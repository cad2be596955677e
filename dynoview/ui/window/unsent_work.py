"""The strip that says, at start, that the last session left work in the builder.

The builder tab is built when first opened and restores that work then; until it is opened the
work is out of sight. A status message said so for 30 seconds and was gone; the strip stays
above the tabs with the way to the work, until the builder is opened or the user says later.

Work whose transaction already left the machine is not unsent work: the action log's word on
its token (``core.drafts.sent``, as the builder's restore reads it) decides what the strip
says first. A transaction sent with no known outcome may have been written; one recorded as
applied is not restored at all.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Sequence
from typing import TYPE_CHECKING

from dynoview.core.drafts.sent import SentBefore, sent_before
from dynoview.core.drafts.store import DraftStore
from dynoview.core.session import profile
from dynoview.core.tx.action_log import ActionLog
from dynoview.ui.message_bar import MessageBar

if TYPE_CHECKING:
    from dynoview.ui.main_window import MainWindow

log = logging.getLogger(__name__)


def leftover_sent(store: DraftStore, action_log: ActionLog | None = None) -> SentBefore | None:
    """What the action log records of the work the builder will restore (the newest a window
    that is gone left): sent and applied, sent with its outcome unknown, or None (never sent,
    or the log could not be read: the builder's own note says so when it opens).

    Without ``action_log``, both profiles' logs are searched, the process's first: the work may
    have been sent through the demo (logged in the demo's) or a real connection (the user's),
    and its token is its own."""
    drafts = store.leftover_drafts()
    if not drafts or not drafts[0].action_count:
        return None
    logs = [action_log] if action_log is not None else [ActionLog(), *(
        ActionLog(profile_name=name) for name in profile.PROFILES if name != profile.active())]
    try:
        answers = [sent for sent in (sent_before(one, drafts[0].request) for one in logs) if sent]
    except (OSError, ValueError):
        log.exception("The action log could not be searched for the unsent work's token")
        return None
    return next((sent for sent in answers if sent.applied), answers[0] if answers else None)


class UnsentWorkBar(MessageBar):
    """``open_builder`` brings the builder forward (its work restored); ``later`` only closes.
    ``sent``: the work's transaction was sent before (``leftover_sent``), said first."""

    def __init__(self, window: MainWindow, sent: SentBefore | None = None) -> None:
        super().__init__(window)
        self.setObjectName("unsent-work")
        if sent is None:
            self.setText(self.tr("Your last session left unsent work in the transaction builder."))
            self.setInformativeText(self.tr("Open the builder (Ctrl+B) to carry on with it or "
                                            "discard it; nothing is sent until you say so."))
        else:
            self._say_sent(sent)
        self.open_builder = self.addButton(self.tr("Open the builder"))
        self.later = self.addButton(self.tr("Later"))
        self.open_builder.clicked.connect(window.router.open_builder)
        self._window = window
        # Opened another way (Ctrl+B, the palette, a request sent to it): the work is in sight.
        window.tabs.currentChanged.connect(self._tab_shown)

    def _say_sent(self, sent: SentBefore) -> None:
        """The transaction was sent: that first, then where it is and what to check."""
        when = time.strftime("%Y-%m-%d %H:%M", time.localtime(sent.at)) if sent.at is not None \
            else self.tr("an unknown time")
        if sent.applied:
            self.setText(self.tr("Your last session's transaction was already applied: it is not "
                                 "unsent work."))
            self.setInformativeText(self.tr(
                "It was applied at {when} (token {token}), so the builder does not bring it back: "
                "executing it again would write it a second time. Open the builder (Ctrl+B) for its "
                "note; Action log shows its request.").format(when=when, token=sent.token))
            return
        self.setText(self.tr("Your last session sent a transaction and its outcome is not known: "
                             "it may have been written."))
        self.setInformativeText(self.tr(
            "It was sent at {when} (token {token}) and is back in the transaction builder. Open the "
            "builder (Ctrl+B) to see it, and check the items or the Action log before you send it "
            "again: Execute sends it again under the same token, which DynamoDB applies at most "
            "once within 10 minutes of its first send.").format(when=when, token=sent.token))

    def _tab_shown(self, _index: int) -> None:
        window = self._window
        if window.tabs.currentWidget() is window.feature_tabs.features.get("BuilderPanel"):
            window.tabs.currentChanged.disconnect(self._tab_shown)
            self.close()


# Kept dialog texts named in the strip; the rest are counted.
NAMED_TEXTS = 3


class KeptTextsBar(MessageBar):
    """Says at start that Edit as JSON…, a cell's value editor or the schema editor kept what was
    typed when the last session closed around them (``core.drafts.dialog_texts``): each comes
    back when its dialog opens again for the same item, cell or table, which nothing else on
    screen tells. ``subjects`` come from ``DialogTexts.kept``, which leaves out a text a dialog
    in another running DynoView process has open (its lock held): that one is being typed, not
    kept by a session that closed."""

    def __init__(self, window: MainWindow, subjects: list[str], problems: Sequence[str] = ()) -> None:
        super().__init__(window)
        self.setObjectName("kept-texts")
        words = []
        if subjects:
            self.setText(self.tr("Your last session kept %n unsent edit(s) typed in a dialog.", "",
                                 len(subjects)))
            named = "; ".join(subjects[:NAMED_TEXTS])
            if len(subjects) > NAMED_TEXTS:
                named += self.tr("; and %n more", "", len(subjects) - NAMED_TEXTS)
            words.append(self.tr(
                "{named}. Open the same dialog on that item (Edit as JSON…), cell (its value editor, "
                "F2) or table (the uniqueness schema) to carry on with it or discard it.").format(
                    named=named))
        else:
            self.setText(self.tr("An unsent edit your last session kept could not be read."))
        # A damaged file was set aside as it was read: said here, or nowhere (its dialog then
        # finds nothing to restore).
        words.extend(problems)
        self.setInformativeText(" ".join(words))
        self.later = self.addButton(self.tr("Later"))
