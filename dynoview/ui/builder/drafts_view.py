"""The builder's work is never lost: saved as it is edited, restored at the next start.

``BuilderDrafts`` (made by ``install``) keeps the current work in the drafts folder
(``dynoview.core.drafts``), in this window's own file (two windows never write over each
other's): 500 ms after the last edit, while a template form is being filled in, and when the
application quits. At the next start, after a quit, a crash or a kill, the builder shows that
work again with a note saying so and a Discard button; work that other windows which are gone
left as well is kept as named drafts, and the note names them. Work made for another
connection or table is said to be, and keeps that origin in its file (``draft_origin``). It
also holds the builder's undo stack, the Drafts menu (Save draft as…, Open draft…, Undo,
Redo) and the quit prompt (``confirm_close``).
"""

from __future__ import annotations

import json
import logging
import time
from dataclasses import replace
from typing import Any

from PySide6.QtCore import QCoreApplication, QObject, QTimer
from PySide6.QtWidgets import (
    QApplication,
    QBoxLayout,
    QLayout,
    QMenu,
    QMessageBox,
    QToolButton,
    QWidget,
)

from dynoview.core.drafts.model import Draft, DraftError
from dynoview.core.drafts.sent import SentBefore, sent_before
from dynoview.core.drafts.store import DraftStore
from dynoview.core.tx.model import Transaction, TransactionImportError, parse_request
from dynoview.core.tx.seen_names import seen_entries
from dynoview.ui.builder.draft_origin import DraftOrigin
from dynoview.ui.builder.drafts_forms import form_from_state, form_state
from dynoview.ui.builder.drafts_prompts import APPEND, REPLACE, appended, ask_replace, confirm_close
from dynoview.ui.builder.drafts_typed import apply_typed, typed_entries
from dynoview.ui.builder.editing import request_json
from dynoview.ui.builder.restore_note import RestoreNote
from dynoview.ui.builder.undo import BuilderUndo
from dynoview.ui.dialog_lifetime import forget_on_close

log = logging.getLogger(__name__)
SAVE_DELAY_MS = 500  # after the last edit
FORM_POLL_MS = 1000  # while a template form is open (its fields do not tell the builder)
EMPTY_REQUEST: dict[str, Any] = {"TransactItems": []}


def _items(tx: Transaction) -> str:
    """The actions as one comparable text (binary by repr)."""
    return json.dumps(tx.to_request()["TransactItems"], sort_keys=True, default=repr)


def _sent_when(sent: SentBefore) -> str:
    """When the action log says ``sent`` was sent, local time to the minute."""
    if sent.at is None:
        return QCoreApplication.translate("BuilderDrafts", "an unknown time")
    return time.strftime("%Y-%m-%d %H:%M", time.localtime(sent.at))


def _sent_draft_text(sent: SentBefore) -> str:
    """What opening a named draft whose transaction the action log records as sent says first."""
    when = _sent_when(sent)
    if sent.applied:
        return QCoreApplication.translate(
            "BuilderDrafts",
            "This draft's transaction was already applied at {when} (token {token}, in the action "
            "log): executing it again would write it a second time.").format(when=when, token=sent.token)
    return QCoreApplication.translate(
        "BuilderDrafts",
        "This draft's transaction was sent at {when} (token {token}) and its outcome is not known: "
        "it may have been written. Check the items first: Execute sends it again under the same "
        "token, which DynamoDB applies at most once within 10 minutes of its first send.").format(
            when=when, token=sent.token)


class BuilderDrafts(QObject):
    """Autosave, restore, named drafts, undo and the quit prompt for one builder panel."""

    def __init__(self, panel: Any, store: DraftStore | None = None) -> None:
        super().__init__(panel)
        self.panel = panel
        self.store = store or DraftStore()
        self._saved_text: str | None = None  # what the file holds now (without its time)
        self._saved_forms = False  # the file holds an open form (closing it is a change too)
        self._saved_typed: tuple[dict[str, Any] | None, ...] = ()  # the editors' text it holds
        self._problem_said: str | None = None
        self.dialog: QWidget | None = None  # a drafts dialog open now (kept alive while shown)
        self.import_box: QMessageBox | None = None  # Replace / Append / Cancel, while it is asked
        self.logged_token: str | None = None  # a restored draft's token the action log has sent
        self.close_box: QMessageBox | None = None  # the quit prompt, while it is asked
        self.closing_answered = False  # the close that follows the quit prompt's answer
        self.button: QToolButton | None = None  # the toolbar's Drafts menu, once attached
        self.note = RestoreNote()
        self.note.discard_button.clicked.connect(self.discard_restored)
        self.timer = QTimer(self)
        self.timer.setSingleShot(True)
        self.timer.setInterval(SAVE_DELAY_MS)
        self.timer.timeout.connect(self.save_now)
        self.form_timer = QTimer(self)
        self.form_timer.setInterval(FORM_POLL_MS)
        self.form_timer.timeout.connect(self._form_tick)
        self.form_timer.start()
        self.undo = BuilderUndo(panel, panel)
        self.undo.applied.connect(self._edited)  # an undo loads without transaction_changed
        self._request: dict[str, Any] | None = None  # the unsent request, until the next edit
        # Work made for another connection or table (restored, opened, or carried off by a
        # switch): its file keeps saying so while its actions are the same ones.
        self.origin = DraftOrigin(panel, self.note)
        panel.transaction_changed.connect(self._edited)
        app = QApplication.instance()
        if app is not None:
            app.aboutToQuit.connect(self.save_now)
        # The window's file stays for the next start; its lock goes with the window.
        self.destroyed.connect(self.store.release)

    # ---------------------------------------------------------------- the current work

    def current_draft(self, *, fresh: bool = True) -> Draft:
        """The builder's work now: the unsent actions, the open form, where they are meant to go
        (not ``fresh``: the request as at the last edit, for a form's values changing alone)."""
        panel = self.panel
        if self._request is None or fresh:
            self._request = panel.request_json() if panel.has_unsent_actions() else dict(EMPTY_REQUEST)
        request = self._request
        form = panel.template_runner.current_form
        forms = (form_state(form),) if form is not None and form.isVisible() else ()
        where = self.origin.where(request)  # edited: this window's work; undone: the origin's again
        seen = tuple(seen_entries(panel.transaction.actions)) if request.get("TransactItems") else ()
        typed = typed_entries(panel.action_pane.editor_stack.editors) if request.get("TransactItems") else ()
        return Draft(request=request, forms=forms, connection=where[0], table=where[1], seen=seen,
                     typed=typed)

    def _edited(self) -> None:
        self._request = None
        self.timer.start()

    def has_unsent_work(self) -> bool:
        return not self.current_draft().is_empty()

    def save_now(self, *, fresh: bool = True) -> None:
        """Write the current work if it changed (an empty builder clears the file)."""
        self.timer.stop()
        draft = self.current_draft(fresh=fresh)
        text = json.dumps(draft.to_json(), sort_keys=True, default=str)
        if text == self._saved_text:
            return
        try:
            self.store.save_current(draft)
        except (OSError, DraftError) as exc:
            sentence = (self.tr("The builder's work could not be saved to {current_path} ({exc}); "
                        "it is kept in the window, but would be lost if DynoView quit now.").format(
                            current_path=self.store.current_path, exc=exc))
            log.warning("%s", sentence)
            if sentence != self._problem_said:
                self._problem_said = sentence
                self.panel.ctx.status_message.emit(sentence)
            return
        self._saved_text = text
        self._saved_forms, self._saved_typed = bool(draft.forms), draft.typed

    def _form_tick(self) -> None:
        # A form typed in, opened or closed since the last save; or text typed in an action's
        # field that its action cannot hold yet (the request, and so no edit, said it).
        if (self.panel.template_runner.current_form is not None or self._saved_forms
                or self.current_draft(fresh=False).typed != self._saved_typed):
            self.save_now(fresh=False)

    # ---------------------------------------------------------------- restore

    def restore(self) -> Draft | None:
        """Show the work the last session left (the note says so); None if there was none."""
        kept, problem = "", None
        try:  # the store sets a damaged file aside (said in its problem); the rest must not stop it
            loaded = self.store.load_current()
            draft, kept, problem = loaded.draft, self._kept_text(loaded.kept_as), loaded.problem
            if draft is None or draft.is_empty():
                if problem or kept:
                    self.note.show_text(" ".join(p for p in (kept, problem) if p), restored=False)
                return None
            return self._show_restored(draft, kept, problem)
        except TransactionImportError as exc:
            reason = self.tr("its request cannot be opened: {problems}").format(
                problems="; ".join(f"{p.location()}: {p.message}" for p in exc.problems))
        except Exception as exc:  # whatever the files hold, the builder must still open
            log.exception("The builder's work from the last session could not be restored")
            reason = str(exc) or type(exc).__name__
        self._restore_failed(reason, kept, problem)
        return None

    def _show_restored(self, draft: Draft, kept: str, problem: str | None) -> Draft:
        sent = self._sent_before(draft) if draft.action_count else None
        # Applied work is not restored: a serious database tool does not bring a committed
        # change back as pending after a crash (a second Execute would write it twice: an
        # increment, a Put over later edits; the token's 10 minutes may be over). The note
        # says when it was applied, and the action log keeps its exact request. Work that may
        # have been applied is restored with its own token: a resend under it is what DynamoDB
        # applies at most once, which a fresh token would turn into a second write.
        applied = sent is not None and sent.applied
        shown = replace(draft, request=dict(EMPTY_REQUEST)) if applied else draft
        if shown.action_count:
            # Drafts hold request_json(): DynamoDB JSON, binary as base64 text, read as such.
            tx = parse_request(draft.request, dynamodb_json=True)
            self.panel.seen_names.load_json(list(draft.seen))
            self.panel.load_request(tx, notify=False)
            apply_typed(self.panel.action_pane.editor_stack.editors, draft.typed)
            self.logged_token = sent.token if sent is not None else None
        problems = self.open_forms(shown)
        self.undo.reset()
        # A transaction that was sent is said first: it is not unsent work, and may be written.
        parts = [] if sent is None else [self._sent_text(sent, draft.action_count)]
        if not shown.is_empty():
            parts.append(self.tr("Restored {describe} from your last session (saved {strftime}).").format(
                describe=shown.describe(unsent=sent is None),
                strftime=time.strftime('%H:%M', time.localtime(draft.saved_at))))
        warning = None if shown.is_empty() else self.origin.made_for(draft, self.current_draft().request)
        if warning:
            parts.append(warning)
        if kept:
            parts.append(kept)
        if problem:
            parts.append(problem)
        parts.extend(problems)
        self.note.show_text(" ".join(parts), restored=not shown.is_empty())
        self.save_now()  # the file now says what is shown (a form that could not open is gone)
        return draft

    def _sent_before(self, draft: Draft) -> SentBefore | None:
        try:
            return sent_before(self.panel.action_log, draft.request)
        except (OSError, ValueError):  # the log unreadable: the work comes back as it was saved
            log.exception("The action log could not be searched for the restored work's token")
            return None

    def _sent_text(self, sent: SentBefore, count: int) -> str:
        when = _sent_when(sent)
        if sent.applied:
            return self.tr(
                "Not restored: the transaction your last session left in the builder (%n action(s)) was "
                "already applied at {when} (token {token}, in the action log). Executing it again would "
                "write it a second time; Action log shows its request.", "", count).format(
                    when=when, token=sent.token)
        return self.tr(
            "Your last session sent this transaction and its outcome is not known: it may have been "
            "written. It was sent at {when} (token {token}). Execute sends it again under the same "
            "token, which DynamoDB applies at most once within 10 minutes of its first send: check "
            "the items first.").format(when=when, token=sent.token)

    def _restore_failed(self, reason: str, kept: str, problem: str | None) -> None:
        """The restored work could not be shown: its file is set aside (kept, never deleted, so
        it is not read again at every start), the note says where, and the builder is empty."""
        what = self.tr("The builder's work from your last session")

        def refuse(_data: Any) -> None:
            raise DraftError(reason)

        # parse_file sets a file aside when its parser refuses it: the store's own wording.
        _none, aside = self.store.parse_file(self.store.current_path, refuse, what)
        aside = aside or self.tr("{what} could not be shown ({reason}), so it was not restored.").format(
            what=what, reason=reason)
        try:
            form = self.panel.template_runner.current_form
            if form is not None:
                form.reject()
            self.panel.load_request(dict(EMPTY_REQUEST), notify=False)
        except Exception:  # half-shown work must not stop the builder opening either
            log.exception("The builder could not be emptied after a failed restore")
        self.undo.reset()
        self.note.show_text(" ".join(p for p in (kept, problem, aside) if p), restored=False)

    def _kept_text(self, names: tuple[str, ...]) -> str:
        """Other windows that are gone left work too: where it is now."""
        if not names:
            return ""
        return self.tr("Other windows left unsent work too: kept as %n named draft(s) ({names}); "
                       "open them with Drafts → Open draft…", "", len(names)).format(
                           names=", ".join(f"“{name}”" for name in names))

    def open_forms(self, draft: Draft) -> list[str]:
        """Open the draft's template forms again, with their values; sentences for those that
        could not be."""
        runner, problems = self.panel.template_runner, []
        for state in draft.forms:
            table = state.get("table")  # made again by its own table's rules, not the main tab's
            schema = self.panel.ctx.schema_for(table) if isinstance(table, str) else self.panel.schema
            try:
                form = form_from_state(state, schema, self.panel)
            except ValueError as exc:
                problems.append(str(exc))
                continue
            runner.open_form(form)
        return problems

    def discard_restored(self) -> None:
        """The note's Discard: an empty builder (undoable) and nothing to restore next time."""
        self.undo.label_next(self.tr("Discard restored work"))
        self.discard_work()
        self.undo.record()
        self.note.hide()

    def discard_work(self) -> None:
        """Empty the builder and close its form: nothing is restored at the next start."""
        form = self.panel.template_runner.current_form
        if form is not None:
            form.reject()
        self.panel.load_request(dict(EMPTY_REQUEST))
        self.save_now()

    def end(self) -> None:
        """The window ends: its work is written, and stays in its file for the next start (or
        another window) to take over; its lock goes."""
        self.timer.stop()
        self.form_timer.stop()
        self.save_now()
        self.store.release()

    def confirm_close(self, parent: QWidget | None) -> bool:
        """Closing the window: True to go on, False while asking (``drafts_prompts.confirm_close``)."""
        return confirm_close(self, parent)

    # ---------------------------------------------------------------- work from elsewhere

    def import_transaction(self, tx: Transaction, pinned: bool) -> None:
        """An accepted Import JSON: over unsent actions, ask Replace / Append / Cancel first."""
        self._offer(tx, pinned, self.tr("Import JSON"), "", imported=True)

    def receive(self, request: dict[str, Any] | Transaction, label: str | None = None,
                status: str = "") -> None:
        """Open work from elsewhere (another tab's request in memory form, a template, an edit, a
        delete): at once into a builder without unsent actions, else after the same question as
        Import JSON. Its Cancel leaves the builder and its draft file as they were, and keeps
        the new transaction as a named draft: a form or a dialog it came from is gone."""
        if isinstance(request, Transaction):
            tx = request
        else:
            try:
                tx = parse_request(request, dynamodb_json=False)
            except TransactionImportError:
                self.panel.load_request(request, dynamodb_json=False)  # refused: the status says why
                return
        self._offer(tx, False, label, status, imported=False, sent=request)

    def load_template(self, tx: Transaction, status: str) -> None:
        """A template's (or a browser edit's or delete's) transaction is ready."""
        self.receive(tx, self.tr("Load template"), status)

    def _offer(self, tx: Transaction, pinned: bool, label: str | None, status: str, *,
               imported: bool, sent: object = None) -> None:
        """``sent``: the request as another tab sent it (``builder_declined`` names it)."""
        panel = self.panel
        panel.refresh()  # an edit still waiting for its pause is part of what is asked about
        if not panel.has_unsent_actions():
            self._load(tx, pinned, label, status)  # nothing unsent would be lost
            return
        if not imported and _items(panel.transaction) == _items(tx):
            # These very actions (Review and send… again): kept with their token, so a resend
            # after an unknown outcome stays one request to DynamoDB (and its status line stays).
            if status:
                self._say(status)
            return
        if self.import_box is not None:
            self.import_box.reject()  # a question still open (another window sent work): Cancel
        kept_as = None if imported else self.store.free_name(self.default_name())

        def answer(choice: str | None) -> None:
            self.import_box = None
            if choice == REPLACE:
                self._load(tx, pinned, label, status)
            elif choice == APPEND:
                self._load(appended(panel.transaction, tx), False, label, status)
            elif kept_as is None:
                self._say(self.tr("Import cancelled: the builder's actions are as they were."))
            else:
                self._keep_aside(tx, kept_as)
                self.panel.ctx.builder_declined.emit(sent)

        self.import_box = ask_replace(panel, len(panel.transaction.actions), tx, answer, kept_as)

    def _load(self, tx: Transaction, pinned: bool, label: str | None, status: str) -> None:
        self.undo.label_next(label)
        self.panel.set_transaction(tx, pinned=pinned)
        self.undo.record()
        if status:
            self._say(status)

    def _keep_aside(self, tx: Transaction, name: str) -> None:
        """Cancel over unsent actions: the builder is left alone, the new work kept by name."""
        conn, table = self.panel.ctx.connection, self.panel.ctx.table
        draft = Draft(request=request_json(tx, ""), connection=conn.spec.name if conn is not None else None,
                      table=table.name if table is not None else None, seen=tuple(seen_entries(tx.actions)))
        try:
            name = self.store.save_new_named(name, draft)[0]  # "(2)" if taken since the question
        except (OSError, DraftError) as exc:
            text = self.tr("Not opened: the builder's actions are as they were. The new transaction could "
                           "not be kept as a draft ({exc}): open it again from where it came.")
            text = text.format(exc=exc)
        else:
            text = self.tr("Not opened: the builder's actions are as they were, and the new transaction is "
                           "kept as the draft “{name}” (Drafts → Open draft…).").format(name=name)
        self._say(text)
        self.panel.ctx.status_message.emit(text)  # the window's status bar: it came from another tab

    # ---------------------------------------------------------------- named drafts

    def default_name(self) -> str:
        return self.tr("Draft {strftime}").format(strftime=time.strftime('%Y-%m-%d %H:%M'))

    def save_as(self) -> None:
        from dynoview.ui.builder.drafts_dialog import SaveDraftDialog

        name = self.store.free_name(self.default_name())  # never offers to replace a draft
        self.dialog = dialog = SaveDraftDialog(self.store, self.current_draft(), name, self.panel)
        dialog.saved.connect(lambda name, draft: self._say(
            self.tr("Saved the draft “{name}”: %Ln action(s). Open it again with Drafts → Open draft…",
                    "", draft.action_count).format(name=name)))
        forget_on_close(self, "dialog", dialog)  # made for this open: deleted once closed
        dialog.open()

    def open_dialog(self) -> None:
        from dynoview.ui.builder.drafts_dialog import OpenDraftDialog

        self.dialog = dialog = OpenDraftDialog(self.store, self.panel)
        dialog.chosen.connect(self.open_draft)
        forget_on_close(self, "dialog", dialog)  # made for this open: deleted once closed
        dialog.open()

    def open_draft(self, draft: Draft) -> None:
        """Replace the builder's work with a named draft (one Ctrl+Z brings the old work back)."""
        self.undo.label_next(self.tr("Open draft “{name}”").format(name=draft.name))
        # Saved as request_json(): DynamoDB JSON, binary as base64 text, read as such.
        self.panel.seen_names.load_json(list(draft.seen))
        if not self.panel.load_request(draft.request if draft.action_count else dict(EMPTY_REQUEST),
                                       dynamodb_json=True):
            self.undo.label_next(None)
            return  # the status says why; the builder's work is as it was
        apply_typed(self.panel.action_pane.editor_stack.editors, draft.typed)
        self.undo.record()
        problems = self.open_forms(draft)
        opened = self.tr("Opened the draft “{name}”: %Ln action(s). Ctrl+Z brings back what the builder "
                         "held.", "", draft.action_count).format(name=draft.name)
        # Made for another connection or table: said as a restore says it, and kept as its origin.
        warning = self.origin.made_for(draft, self.current_draft().request)
        if warning:
            self.note.show_text(warning, restored=False)
        # A draft another window left may hold a transaction it sent: said first, as a restore does.
        sent = self._sent_before(draft) if draft.action_count else None
        self.logged_token = sent.token if sent is not None else None
        said = [_sent_draft_text(sent) if sent else "", opened, warning or "", *problems]
        self._say(" ".join(part for part in said if part))
        self.save_now()

    def _say(self, text: str) -> None:
        self.panel.status.setText(text)

    # ---------------------------------------------------------------- in the panel

    def attach(self, layout: QLayout | None, toolbar: QWidget | None) -> None:
        """The note at the top of the panel's ``layout``; the Drafts menu button at the end of
        ``toolbar``'s row (the token row: the button row is full at 1024 px), or after its
        Action log button if it has one."""
        if isinstance(layout, QBoxLayout):
            layout.insertWidget(0, self.note)
        row = toolbar.layout() if toolbar is not None else None
        if isinstance(row, QBoxLayout):
            after = getattr(toolbar, "log_button", None)
            index = row.indexOf(after) + 1 if isinstance(after, QWidget) and row.indexOf(after) >= 0 \
                else row.count()
            self.button = self.menu_button()
            row.insertWidget(index, self.button)

    def menu_button(self) -> QToolButton:
        """Drafts: Save draft as…, Open draft…, Undo, Redo."""
        button = QToolButton()
        button.setText(self.tr("Drafts"))
        button.setToolTip(self.tr("Drafts: save the builder's work under a name, open a saved draft, undo or "
                          "redo an edit"))
        button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        menu = QMenu(button)
        menu.addAction(self.tr("Save draft as…"), self.save_as)
        menu.addAction(self.tr("Open draft…"), self.open_dialog)
        menu.addSeparator()
        menu.addAction(self.undo.undo_action)
        menu.addAction(self.undo.redo_action)
        button.setMenu(menu)
        return button


def install(panel: Any, layout: QBoxLayout | None, store: DraftStore | None = None) -> BuilderDrafts:
    """Give ``panel`` its drafts: the note at the top of ``layout``, the work restored."""
    drafts = BuilderDrafts(panel, store)
    drafts.attach(layout, None)
    drafts.restore()
    return drafts
