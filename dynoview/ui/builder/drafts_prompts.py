"""The two questions that keep unsent work from being lost by a click: closing the window with
unsent actions (Save as draft / Discard / Cancel), and loading other work over them (Replace /
Append / Cancel): an import, or a transaction from another tab, a template or an edit."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QMessageBox, QWidget

from dynoview.core.drafts.model import DraftError
from dynoview.core.tx.model import Transaction
from dynoview.ui.i18n import QT_TRANSLATE_NOOP, context

#: Set to True on the window when it closes without a person to answer (SIGTERM, SIGINT).
UNATTENDED = "closing_unattended"
REPLACE = "replace"
APPEND = "append"

CLOSE_TITLE = QT_TRANSLATE_NOOP("builder.drafts_prompts", "Unsent work in the transaction builder")
IMPORT_TITLE = QT_TRANSLATE_NOOP("builder.drafts_prompts", "Import over unsent actions")
OPEN_TITLE = QT_TRANSLATE_NOOP("builder.drafts_prompts", "Open over unsent actions")
DRAFTS_PROMPTS = context("DRAFTS_PROMPTS")  # plural texts (dynoview.ui.i18n.context)


def confirm_close(drafts: Any, parent: QWidget | None) -> bool:
    """The window is closing: True to go on, False while the user is asked.

    With unsent work it asks (window-modal, no nested loop): Save as draft keeps the work under
    a name and brings it back at the next start; Discard empties the builder, so nothing comes
    back; Cancel keeps the window open. After Save as draft or Discard it closes ``parent``
    again, and that close goes on. With nothing unsent, or nobody to ask (the window's
    ``closing_unattended``: a signal closes it), the work is saved as it is and True returned.
    So it is when the builder holds exactly the transaction being sent: the window asked about
    that send already (``transfer.quit_guard``), and it is not unsent work.
    """
    if drafts.closing_answered:
        return True
    draft = drafts.current_draft()
    in_flight = drafts.panel.send_flow.sending_as(drafts.panel.transaction)
    if draft.is_empty() or getattr(parent, UNATTENDED, False) or in_flight:
        drafts.save_now()  # an empty builder clears the file: the next start opens empty
        return True
    box = drafts.close_box
    if box is not None and box.isVisible():  # Ctrl+Q again while it asks: the same question
        return False
    # A name no draft holds: two windows closed in the same minute must not replace each other.
    name = drafts.store.free_name(drafts.default_name())
    holds = QCoreApplication.translate("builder.drafts_prompts", "The transaction builder holds {describe}.")
    drafts.close_box = box = QMessageBox(QMessageBox.Icon.Question, QCoreApplication.translate(
        "builder.drafts_prompts", CLOSE_TITLE),
                                         holds.format(describe=draft.describe()),
                                         QMessageBox.StandardButton.NoButton, parent)
    box.setInformativeText(QCoreApplication.translate(
        "builder.drafts_prompts", "Save as draft keeps the work as “{name}” (Drafts → Open draft…) and shows "
                           "it again when DynoView starts. Discard throws it away.").format(name=name))
    save = box.addButton(QCoreApplication.translate(
        "builder.drafts_prompts", "Save as draft"), QMessageBox.ButtonRole.AcceptRole)
    discard = box.addButton(QCoreApplication.translate(
        "builder.drafts_prompts", "Discard"), QMessageBox.ButtonRole.DestructiveRole)
    box.addButton(QMessageBox.StandardButton.Cancel)
    box.setDefaultButton(save)
    box.setEscapeButton(QMessageBox.StandardButton.Cancel)
    box.setObjectName("close-prompt")

    def answered(_code: int) -> None:
        drafts.close_box = None
        clicked = box.clickedButton()
        if clicked is save:
            try:
                drafts.store.save_new_named(name, draft)
            except (OSError, DraftError) as exc:
                drafts.close_box = QMessageBox(
                    QMessageBox.Icon.Warning, QCoreApplication.translate(
                        "builder.drafts_prompts", CLOSE_TITLE), QCoreApplication.translate(
                        "builder.drafts_prompts", "The draft could not be saved ({exc}), so "
                    "DynoView stays open: export the request (Export) or try again.").format(exc=exc),
                    QMessageBox.StandardButton.Ok, parent)
                drafts.close_box.open()
                return
            drafts.save_now()  # and as the current work, shown again at the next start
        elif clicked is discard:
            drafts.discard_work()
        else:
            return
        if parent is not None:
            drafts.closing_answered = True
            try:
                parent.close()
            finally:
                drafts.closing_answered = False

    box.finished.connect(answered)
    box.open()
    return False


def ask_replace(parent: QWidget, current: int, incoming: Transaction,
                answer: Callable[[str | None], None], kept_as: str | None = None) -> QMessageBox:
    """Replace the builder's ``current`` unsent actions with ``incoming``, append it, or cancel
    (``answer`` gets REPLACE, APPEND or None). Opened without a nested loop.

    ``kept_as`` None: ``incoming`` is an Import JSON; else work from elsewhere (another tab, a
    template, an edit), which Cancel keeps as the draft of that name. Enter appends: the
    default loses nothing; Escape cancels."""
    count = len(incoming.actions)
    actions = DRAFTS_PROMPTS.tr("%Ln action(s)", "", count)
    if kept_as is None:
        title = QCoreApplication.translate("builder.drafts_prompts", IMPORT_TITLE)
        question = DRAFTS_PROMPTS.tr("The builder holds %Ln unsent action(s). Replace (it|them) with the "
                                     "imported {actions}, or append the imported ones after (it|them)?",
                                     "", current)
        more = QCoreApplication.translate("builder.drafts_prompts", "Either way, Ctrl+Z undoes the import.")
    else:
        title = QCoreApplication.translate("builder.drafts_prompts", OPEN_TITLE)
        question = DRAFTS_PROMPTS.tr("The builder holds %Ln unsent action(s). Replace (it|them) with the "
                                     "new transaction's {actions}, or append those after (it|them)?",
                                     "", current)
        more = QCoreApplication.translate(
            "builder.drafts_prompts", "Ctrl+Z undoes Replace or Append. Cancel leaves the builder as it is "
            "and keeps the new transaction as the draft “{name}” (Drafts → Open draft…).")
        more = more.format(name=kept_as)
    box = QMessageBox(QMessageBox.Icon.Question, title, question.format(actions=actions),
                      QMessageBox.StandardButton.NoButton, parent)
    box.setInformativeText(more)
    replace = box.addButton(QCoreApplication.translate(
        "builder.drafts_prompts", "Replace"), QMessageBox.ButtonRole.DestructiveRole)
    append = box.addButton(QCoreApplication.translate(
        "builder.drafts_prompts", "Append"), QMessageBox.ButtonRole.AcceptRole)
    box.addButton(QMessageBox.StandardButton.Cancel)
    box.setDefaultButton(append)
    box.setEscapeButton(QMessageBox.StandardButton.Cancel)
    box.setObjectName("import-prompt" if kept_as is None else "replace-prompt")

    def finished(_code: int) -> None:
        clicked = box.clickedButton()
        answer(REPLACE if clicked is replace else APPEND if clicked is append else None)

    box.finished.connect(finished)
    box.open()
    return box


def appended(current: Transaction, imported: Transaction) -> Transaction:
    """The builder's actions followed by the imported ones, under a new token (a new request)."""
    return Transaction(actions=[*current.actions, *imported.actions])
