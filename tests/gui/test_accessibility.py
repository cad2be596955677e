"""Every interactive widget of every tab and of the main dialogs has an accessible name.

The walk goes through Qt's accessibility tree (what a screen reader sees), hidden parts too
(the Query fields, the builder's editors, a line edit's clear button): a widget hidden now is
shown later. A field whose only "name" is its own content (a combo box announcing "Scan") or
the title of a group box it shares with other fields (every field of the Read form announced
as "Read") counts as unnamed.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QObject
from PySide6.QtGui import QAccessible, QAccessibleInterface
from PySide6.QtWidgets import QGroupBox, QWidget

from dynoview.core.tx.model import KINDS
from dynoview.ui.main_window import MainWindow
from dynoview.ui.window.feature_tabs import FEATURE_TABS

pytestmark = pytest.mark.gui

Role = QAccessible.Role
INTERACTIVE = {
    Role.PushButton, Role.CheckBox, Role.RadioButton, Role.ComboBox, Role.EditableText,
    Role.SpinBox, Role.Table, Role.Tree, Role.List, Role.PageTab, Role.PageTabList,
    Role.ButtonMenu, Role.ButtonDropDown, Role.Slider, Role.Dial, Role.ToolBar,
}
FIELDS = {Role.ComboBox, Role.EditableText, Role.SpinBox}
# Their children are cells or rows (named by the model) or a combo box's popup list.
LEAVES = {Role.Table, Role.Tree, Role.List, Role.ComboBox}


def object_path(obj: QObject | None) -> str:
    """Object names (class names where there is none) from the window down."""
    parts: list[str] = []
    while obj is not None:
        parts.append(obj.objectName() or type(obj).__name__)
        obj = obj.parent()
    return "/".join(reversed(parts))


def _group_title(widget: QWidget) -> str | None:
    """The title of the group box the widget sits in directly, if it holds other fields."""
    parent = widget.parentWidget()
    if not isinstance(parent, QGroupBox):
        return None
    fields = [w for w in parent.findChildren(QWidget) if w.focusPolicy() and w is not widget
              and w.parentWidget() is parent]
    return parent.title() if fields else None


def problem(iface: QAccessibleInterface) -> str | None:
    """Why this interactive element has no usable name (None: it has one).

    Qt on Linux names a combo box by its current text and exposes its label as a relation
    (AT-SPI "labelled by"); elsewhere it reads the accessible name. Either counts.
    """
    name = iface.text(QAccessible.Text.Name).strip()
    if not name:
        return "no name"
    role, obj = iface.role(), iface.object()
    own = obj.accessibleName() if isinstance(obj, QWidget) else ""
    if role == Role.ComboBox and name == iface.text(QAccessible.Text.Value).strip():
        if own or iface.relations(QAccessible.RelationFlag.Label):
            return None
        return f"named by its content {name!r}"
    if not any(c.isalnum() for c in name):
        return f"named by a symbol {name!r}"
    group = _group_title(obj) if role in FIELDS and isinstance(obj, QWidget) and not own else None
    if group is not None and name.replace("&", "") == group.replace("&", ""):
        return f"named only by its group box {name!r}"
    return None


def unnamed(root: QWidget) -> list[str]:
    """``path (role): why`` for each interactive element under ``root`` without a name."""
    found: list[str] = []

    def walk(iface: QAccessibleInterface | None, where: str) -> None:
        if iface is None or not iface.isValid():
            return
        obj = iface.object()
        here = object_path(obj) if obj is not None else f"{where}/[{iface.text(QAccessible.Text.Name)}]"
        role = iface.role()
        if role in INTERACTIVE:
            why = problem(iface)
            if why is not None:
                found.append(f"{here} ({role.name}): {why}")
        if role in LEAVES:
            return
        for i in range(iface.childCount()):
            walk(iface.child(i), here)

    walk(QAccessible.queryAccessibleInterface(root), object_path(root.parent()))
    return found


def assert_named(root: QWidget) -> None:
    missing = unnamed(root)
    assert not missing, f"{len(missing)} interactive element(s) without a name:\n" + "\n".join(missing)


def _open_every_part(win: MainWindow, index: int) -> QWidget:
    """The tab at ``index`` with the parts that only appear on use put in the tree."""
    win.feature_tabs.show_index(index)
    panel = win.tabs.widget(index)
    assert panel is not None
    if type(panel).__name__ == "BuilderPanel":
        for kind in KINDS:  # one editor per kind of action, with an update and a condition row
            editor = panel.add_action(kind)  # type: ignore[attr-defined]
            editor.update_rows.add_row()
            editor.condition_rows.add_row()
    return panel


@pytest.mark.parametrize("index", range(len(FEATURE_TABS) + 1),
                         ids=["Items", *(title.replace("&&", "&") for _m, _c, title in FEATURE_TABS)])
def test_every_tab_names_its_widgets(connected_window: MainWindow, index: int) -> None:
    assert_named(_open_every_part(connected_window, index))


def test_the_window_around_the_tabs_names_its_widgets(qtbot: Any, connected_window: MainWindow) -> None:
    """Tab bar (with another Items tab and its close button), Tables and Read log docks, status
    bar (the panels are walked above)."""
    win = connected_window
    assert win.ctx.table is not None
    count = win.tabs.count()
    win.open_items_tab(win.ctx.table.name)
    qtbot.waitUntil(lambda: win.tabs.count() == count + 1, timeout=10000)
    stack = win.tabs.findChild(QWidget, "qt_tabwidget_stackedwidget")
    missing = [m for m in unnamed(win) if stack is None or object_path(stack) not in m]
    assert not missing, "\n".join(missing)


def test_the_walk_finds_an_unnamed_field(qtbot: Any) -> None:
    """The check itself: a bare line edit and a combo box named by its content are reported."""
    from PySide6.QtWidgets import QComboBox, QLineEdit, QVBoxLayout

    root = QWidget()
    qtbot.addWidget(root)
    root.setObjectName("root")
    layout = QVBoxLayout(root)
    edit, combo = QLineEdit(), QComboBox()
    edit.setObjectName("bare")
    combo.setObjectName("mode")
    combo.addItems(["Scan", "Query"])
    layout.addWidget(edit)
    layout.addWidget(combo)
    assert [m.split(" ")[0] for m in unnamed(root)] == ["root/bare", "root/mode"]
    edit.setAccessibleName("Value")
    combo.setAccessibleName("Mode")
    assert unnamed(root) == []


# -- dialogs ------------------------------------------------------------------------------------

def _items(win: MainWindow) -> list[dict[str, Any]]:
    return win.items_panel.model.items()


def _account(win: MainWindow) -> dict[str, Any]:
    return next(i for i in _items(win) if i["SK"] == {"S": "PROFILE"} and "email" in i)


def _duplicates(win: MainWindow) -> list[dict[str, Any]]:
    """Two accounts holding the same email (the demo has such a pair)."""
    by_email: dict[str, list[dict[str, Any]]] = {}
    for item in _items(win):
        if item["SK"] == {"S": "PROFILE"} and "email" in item:
            by_email.setdefault(item["email"]["S"].strip().lower(), []).append(item)
    return next(group for group in by_email.values() if len(group) > 1)


def _lock(win: MainWindow) -> dict[str, Any]:
    return next(i for i in _items(win) if i["PK"]["S"].startswith("UNIQ#EMAIL#"))


def _repair(win: MainWindow) -> QWidget:
    from dynoview.core.audit.run import run_audit
    from dynoview.ui.locks.repair_dialog import open_repair_dialog

    ctx = win.ctx
    assert ctx.reader is not None and ctx.table is not None
    audit = run_audit(ctx.reader, ctx.table, ctx.schema, segments=1, consistent=True)
    dialog = open_repair_dialog(win, ctx, audit, ctx.schema)
    assert dialog is not None
    return dialog


def _confirm(win: MainWindow) -> QWidget:
    from dynoview.core.tx.confirmation import confirmation_for
    from dynoview.core.tx.model import Transaction
    from dynoview.ui.builder.dialogs import ConfirmDialog

    assert win.ctx.connection is not None
    return ConfirmDialog(confirmation_for(win.ctx.connection, Transaction()), "{}", win)


def _table(win: MainWindow) -> str:
    assert win.ctx.table is not None
    return win.ctx.table.name


def _dialogs(tmp: Path) -> dict[str, Callable[[MainWindow], QWidget]]:
    from dynoview.core.drafts.model import Draft
    from dynoview.core.drafts.store import DraftStore
    from dynoview.core.session.signin import MfaRequest
    from dynoview.ui.builder import dialogs as builder_dialogs
    from dynoview.ui.builder.code_export_view import CodeExportDialog
    from dynoview.ui.builder.drafts_dialog import OpenDraftDialog, SaveDraftDialog
    from dynoview.ui.builder.lock_forms import ClaimLockForm, ReleaseLockForm, ResolveDuplicateForm
    from dynoview.ui.builder.template_forms import ChangeValueForm, DeleteAccountForm, SignUpForm
    from dynoview.ui.codegen.read_code_dialog import ReadCodeDialog
    from dynoview.ui.crash import CrashDialog
    from dynoview.ui.items.edit_dialog import ItemEditDialog
    from dynoview.ui.items.history_dialog import ReadHistoryDialog
    from dynoview.ui.locks.live_records import RecordsDialog
    from dynoview.ui.locks.schema_dialog import SchemaDialog
    from dynoview.ui.session.mfa_dialog import MfaDialog
    from dynoview.ui.session.write_mode_dialog import WriteModeDialog
    from dynoview.ui.shortcuts import ShortcutsDialog
    from dynoview.ui.tables.create_dialog import CreateTableDialog
    from dynoview.ui.tables.delete_dialog import DeleteTableDialog
    from dynoview.ui.transfer.copy_dialog import CopyItemsDialog
    from dynoview.ui.transfer.export_audit_dialog import ExportAuditDialog
    from dynoview.ui.transfer.export_dialog import ExportDialog
    from dynoview.ui.transfer.import_dialog import ImportDialog as ImportItemsDialog
    from dynoview.ui.window.about_dialog import AboutDialog
    from dynoview.ui.window.command_palette import CommandPalette
    from dynoview.ui.window.connection_dialog import ConnectionDialog

    store = DraftStore(tmp / "drafts")
    store.save_named("first", Draft())
    return {
        "connect": lambda w: ConnectionDialog(w),
        "shortcuts": lambda w: ShortcutsDialog(w),
        "about": lambda w: AboutDialog(w),
        "palette": lambda w: CommandPalette(lambda: [], w),
        "crash": lambda w: CrashDialog(w),
        "edit-item": lambda w: ItemEditDialog(_account(w), w, schema=w.ctx.schema),
        "read-history": lambda w: ReadHistoryDialog("gui-test", _table(w), lambda _s: None, w),
        "export": lambda w: ExportDialog(w.ctx, _items(w), table=w.ctx.table, parent=w),
        "copy": lambda w: CopyItemsDialog(w.ctx, _items(w)[:1], _items(w), parent=w),
        "read-code": lambda w: ReadCodeDialog("Scan", {"TableName": _table(w)}, w.ctx, w),
        "export-audit": lambda w: ExportAuditDialog(w.ctx, w),
        "schema": lambda w: SchemaDialog(w.ctx.schema, parent=w),
        "create-table": lambda w: CreateTableDialog(w.ctx, w),
        "delete-table": lambda w: DeleteTableDialog(w.ctx, _table(w), w),
        "repair": _repair,
        "sign-up": lambda w: SignUpForm(w.ctx.schema, _table(w), w),
        "change-email": lambda w: ChangeValueForm(w.ctx.schema, _table(w), _account(w), "email",
                                                  parent=w),
        "delete-account": lambda w: DeleteAccountForm(w.ctx.schema, _table(w), _account(w), w),
        "claim-lock": lambda w: ClaimLockForm(w.ctx.schema, _table(w), _account(w), "email", w),
        "release-lock": lambda w: ReleaseLockForm(w.ctx.schema, _table(w), _lock(w), parent=w),
        "resolve-duplicate": lambda w: ResolveDuplicateForm(w.ctx.schema, _table(w), "email",
                                                            _duplicates(w), w),
        "confirm": _confirm,
        "import": lambda w: builder_dialogs.ImportDialog(w),
        "builder-export": lambda w: builder_dialogs.ExportDialog("AWS CLI", "aws dynamodb …", parent=w),
        "action-log": lambda w: builder_dialogs.ActionLogDialog([], str(tmp / "log.jsonl"), w),
        "code-export": lambda w: CodeExportDialog("Sign-up: code", {"boto3": "x = 1"},
                                                  {"boto3": "boto3 (Python)"}, w),
        "save-draft": lambda w: SaveDraftDialog(store, Draft(), "draft", w),
        "open-draft": lambda w: OpenDraftDialog(store, w),
        "mfa": lambda w: MfaDialog(MfaRequest("arn:aws:iam::1:mfa/me", "work"), w),
        "write-mode": lambda w: WriteModeDialog(w.ctx.connection, w),  # type: ignore[arg-type]
        "live-records": lambda w: RecordsDialog("ken@thompson.dev", [], w),
        "import-items": lambda w: ImportItemsDialog(w.ctx, w.ctx.table, w),  # type: ignore[arg-type]
    }


DIALOG_NAMES = (
    "connect", "shortcuts", "about", "palette", "crash", "edit-item", "read-history", "export",
    "copy", "read-code", "export-audit", "schema", "create-table", "delete-table", "repair",
    "sign-up", "change-email", "delete-account", "claim-lock", "release-lock", "resolve-duplicate",
    "confirm", "import", "builder-export", "action-log", "code-export", "save-draft", "open-draft",
    "mfa", "write-mode", "live-records", "import-items",
)


def test_every_dialog_is_walked(tmp_path: Path) -> None:
    assert set(_dialogs(tmp_path)) == set(DIALOG_NAMES)


@pytest.mark.parametrize("name", DIALOG_NAMES)
def test_every_dialog_names_its_widgets(qtbot: Any, connected_window: MainWindow, tmp_path: Path,
                                        name: str) -> None:
    dialog = _dialogs(tmp_path)[name](connected_window)
    qtbot.addWidget(dialog)
    dialog.show()
    try:
        assert_named(dialog)
    finally:
        dialog.close()
