"""Every keyboard shortcut of the app in one table, and the Help > Keyboard shortcuts dialog.

The main window binds the entries it owns (``owner == "window"``) from this table. Panels that
bind their own keys (the items view, the transaction builder) are listed here with their owner;
tests check that each panel really binds what the table says, so the dialog never lies.
A panel that adds a shortcut adds a row here.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QDialog, QWidget

from dynoview.ui.accessible import name_clear_button, tab_leaves
from dynoview.ui.i18n import QT_TRANSLATE_NOOP
from dynoview.ui.plain_text import plain_label
from dynoview.ui.themed import set_role

WINDOW = "window"
ITEMS = "items"
LOCKS = "locks"
BUILDER = "builder"
PARTIQL = "partiql"
WHERE = {WINDOW: QT_TRANSLATE_NOOP("shortcuts", "Anywhere"), ITEMS: QT_TRANSLATE_NOOP(
    "shortcuts", "Items tab"), LOCKS: QT_TRANSLATE_NOOP("shortcuts", "Accounts & locks tab"),
         BUILDER: QT_TRANSLATE_NOOP(
             "shortcuts", "Transaction builder tab"), PARTIQL: QT_TRANSLATE_NOOP("shortcuts", "PartiQL tab")}
# The panel class that binds each owner's keys (the window binds its own).
PANELS = {ITEMS: "ItemsPanel", LOCKS: "LocksPanel", BUILDER: "BuilderPanel", PARTIQL: "PartiqlPanel"}


@dataclass(frozen=True)
class Shortcut:
    """One command and its keys (portable QKeySequence text; the first is the main one)."""

    command: str
    keys: tuple[str, ...]
    description: str
    owner: str = WINDOW

    @property
    def where(self) -> str:
        return QCoreApplication.translate("shortcuts", WHERE[self.owner])

    def sequences(self) -> list[QKeySequence]:
        return [QKeySequence(k) for k in self.keys]

    def portable_keys(self) -> list[str]:
        return [s.toString(QKeySequence.SequenceFormat.PortableText) for s in self.sequences()]

    def native_text(self) -> str:
        """The keys as this platform writes them (Ctrl+K here, ⌘K on macOS); a run of keys
        such as Ctrl+1 … Ctrl+9 is shortened."""
        texts = [s.toString(QKeySequence.SequenceFormat.NativeText) for s in self.sequences()]
        return f"{texts[0]} … {texts[-1]}" if len(texts) > 3 else ", ".join(texts)


SHORTCUTS: tuple[Shortcut, ...] = (
    Shortcut("connect", ("Ctrl+O",), QT_TRANSLATE_NOOP(
        "shortcuts", "Connect: saved connections, AWS profiles, the demo")),
    Shortcut("command-palette", ("Ctrl+K", "Ctrl+P"),
             QT_TRANSLATE_NOOP("shortcuts", "Command palette: open a table or run a command by name")),
    Shortcut("switch-table", ("Ctrl+T",), QT_TRANSLATE_NOOP(
        "shortcuts", "Switch table: type to filter the table list, Enter opens")),
    Shortcut("refresh-tables", ("Ctrl+Shift+R",), QT_TRANSLATE_NOOP(
        "shortcuts", "Reload the list of tables")),
    Shortcut("run-query", ("Ctrl+R", "F5"), QT_TRANSLATE_NOOP(
        "shortcuts", "Run the read (Scan or Query)"), ITEMS),
    Shortcut("cancel-read", ("Esc",), QT_TRANSLATE_NOOP("shortcuts", "Stop the read in progress"), ITEMS),
    Shortcut("next-page", ("Ctrl+L",), QT_TRANSLATE_NOOP("shortcuts", "Load the next page"), ITEMS),
    Shortcut("copy-item-json", ("Ctrl+Shift+C",), QT_TRANSLATE_NOOP(
        "shortcuts", "Copy the selected item as JSON"), ITEMS),
    Shortcut("read-history", ("Ctrl+H",), QT_TRANSLATE_NOOP(
        "shortcuts", "This table's saved and recent reads: run one again"),
             ITEMS),
    Shortcut("edit-item", ("F2",), QT_TRANSLATE_NOOP(
        "shortcuts", "Edit the current cell in place: the change is staged (a double click too)"),
             ITEMS),
    Shortcut("undo-staged", ("Ctrl+Z",), QT_TRANSLATE_NOOP(
        "shortcuts", "Undo the last change to the staged cells"), ITEMS),
    Shortcut("delete-item", ("Del",), QT_TRANSLATE_NOOP(
        "shortcuts", "Delete the selected item (a guarded Delete, in the builder)"),
             ITEMS),
    Shortcut("open-builder", ("Ctrl+B",), QT_TRANSLATE_NOOP("shortcuts", "Open the transaction builder")),
    Shortcut("execute", ("Ctrl+Return",), QT_TRANSLATE_NOOP(
        "shortcuts", "Execute the transaction shown in the preview (the preflight "
             "runs first)"), BUILDER),
    Shortcut("check-preflight", ("Ctrl+Shift+K",), QT_TRANSLATE_NOOP(
        "shortcuts", "Show the accounts and locks after this transaction, "
             "without sending it"), BUILDER),
    Shortcut("move-action-up", ("Ctrl+Up",), QT_TRANSLATE_NOOP(
        "shortcuts", "Move the selected action up"), BUILDER),
    Shortcut("move-action-down", ("Ctrl+Down",), QT_TRANSLATE_NOOP(
        "shortcuts", "Move the selected action down"), BUILDER),
    Shortcut("undo-edit", ("Ctrl+Z",), QT_TRANSLATE_NOOP(
        "shortcuts", "Undo the last edit of the transaction (in a field too)"), BUILDER),
    Shortcut("redo-edit", ("Ctrl+Shift+Z",), QT_TRANSLATE_NOOP(
        "shortcuts", "Redo the edit undone last"), BUILDER),
    Shortcut("run-statement", ("Ctrl+Return", "F5"), QT_TRANSLATE_NOOP(
        "shortcuts", "Run the PartiQL statement (SELECT)"), PARTIQL),
    Shortcut("cancel-statement", ("Esc",), QT_TRANSLATE_NOOP(
        "shortcuts", "Stop the statement in progress"), PARTIQL),
    Shortcut("more-results", ("Ctrl+L",), QT_TRANSLATE_NOOP(
        "shortcuts", "Load more of the result (NextToken)"), PARTIQL),
    Shortcut("complete-name", ("Ctrl+Space",), QT_TRANSLATE_NOOP(
        "shortcuts", "Complete a keyword, table or attribute name"), PARTIQL),
    Shortcut("live-mode", ("Ctrl+L",), QT_TRANSLATE_NOOP(
        "shortcuts", "Live mode: follow the table's stream and update the rows as "
             "writes arrive"), LOCKS),
    Shortcut("find-account", ("Ctrl+F",), QT_TRANSLATE_NOOP(
        "shortcuts", "Go to the search (values or account ids)"), LOCKS),
    Shortcut("go-to-tab", tuple(f"Ctrl+{n}" for n in range(1, 10)),
             QT_TRANSLATE_NOOP("shortcuts", "Show tab 1, 2, 3… in the order of the tabs (Items is 1)")),
    Shortcut("keyboard-shortcuts", ("F1", "Ctrl+/"), QT_TRANSLATE_NOOP(
        "shortcuts", "Show this list of shortcuts")),
    Shortcut("quit", ("Ctrl+Q",), QT_TRANSLATE_NOOP("shortcuts", "Quit DynoView")),
)
BY_COMMAND = {s.command: s for s in SHORTCUTS}


def shortcut(command: str) -> Shortcut:
    return BY_COMMAND[command]


def conflicts(table: tuple[Shortcut, ...] = SHORTCUTS) -> list[str]:
    """Key sequences bound twice where both bindings can be active at once (should be empty).

    Window-wide keys clash with every other key; a panel's keys only with the same panel's.
    """
    found: list[str] = []
    for i, a in enumerate(table):
        for b in table[i + 1:]:
            if WINDOW not in (a.owner, b.owner) and a.owner != b.owner:
                continue
            for key in set(a.portable_keys()) & set(b.portable_keys()):
                found.append(f"{key}: {a.command} and {b.command}")
    return found


class ShortcutsDialog(QDialog):
    """Help > Keyboard shortcuts: the table above, filterable, non-modal."""

    def __init__(self, parent: QWidget | None = None, owners: set[str] | None = None) -> None:
        # The dialog's own classes load when it opens: the window imports this module for the
        # table, before its first paint, and each Qt class brings its enums (issue 19).
        from PySide6.QtWidgets import (
            QAbstractItemView,
            QDialogButtonBox,
            QHeaderView,
            QLabel,
            QLineEdit,
            QTableWidget,
            QTableWidgetItem,
            QVBoxLayout,
        )

        super().__init__(parent)
        self.setWindowTitle(self.tr("Keyboard shortcuts"))
        self.resize(720, 480)
        self.entries = [s for s in SHORTCUTS if owners is None or s.owner in owners]
        self.filter = QLineEdit()
        self.filter.setPlaceholderText(self.tr("Filter by command or key"))
        self.filter.setClearButtonEnabled(True)
        name_clear_button(self.filter)
        self.filter.setAccessibleName(self.tr("Filter shortcuts"))
        self.table = tab_leaves(QTableWidget(len(self.entries), 3))
        self.table.setAccessibleName(self.tr("Keyboard shortcuts"))
        self.table.setHorizontalHeaderLabels([self.tr("Keys"), self.tr("Command"), self.tr("Where")])
        self.table.verticalHeader().hide()
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setAlternatingRowColors(True)
        self.table.setWordWrap(False)
        for row, entry in enumerate(self.entries):
            for col, text in enumerate((entry.native_text(), QCoreApplication.translate(
                "shortcuts", entry.description),
                                        entry.where)):
                self.table.setItem(row, col, QTableWidgetItem(text))
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.ResizeToContents)
        note = plain_label(QLabel(self.tr("The command palette (Ctrl+K) finds every command by name too.")))
        set_role(note, "hint")
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.filter)
        layout.addWidget(self.table, 1)
        layout.addWidget(note)
        layout.addWidget(buttons)
        self.filter.textChanged.connect(self._apply_filter)
        self.filter.setFocus(Qt.FocusReason.OtherFocusReason)

    def _apply_filter(self, text: str) -> None:
        needle = text.strip().lower()
        for row in range(self.table.rowCount()):
            cells = (self.table.item(row, c) for c in range(3))
            hay = " ".join(cell.text().lower() for cell in cells if cell is not None)
            self.table.setRowHidden(row, bool(needle) and needle not in hay)

    def visible_commands(self) -> list[str]:
        return [e.command for row, e in enumerate(self.entries) if not self.table.isRowHidden(row)]
