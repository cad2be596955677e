"""The PartiQL statement editor: highlighting from the core's lexer, and completion of
keywords, table names and the attribute names seen in the results.

Highlighting runs the same lexer that decides what is sent (``dynoview.core.reads.partiql``), one
line at a time with the state a comment or a string carries to the next line, so what
looks like a comment is exactly what is dropped before sending. Colours come from the
palette, so they read in the light and the dark theme.
"""

from __future__ import annotations

import re

from PySide6.QtCore import QEvent, QStringListModel, Qt
from PySide6.QtGui import (
    QColor,
    QFont,
    QKeyEvent,
    QPalette,
    QSyntaxHighlighter,
    QTextCharFormat,
    QTextDocument,
)
from PySide6.QtWidgets import QAbstractItemView, QCompleter, QPlainTextEdit, QWidget

from dynoview.core.reads import partiql_statements as partiql
from dynoview.ui.items.detail import monospace
from dynoview.ui.tones import is_dark

# (light, dark) colours per token kind: contrast checked against both themes' Base.
_COLOURS: dict[str, tuple[str, str]] = {
    partiql.KEYWORD: ("#0b4fa8", "#82b1ff"),
    partiql.FUNCTION: ("#6a1b9a", "#ce93d8"),
    partiql.STRING: ("#2e7d32", "#a5d6a7"),
    partiql.QUOTED_NAME: ("#8d4e00", "#ffcc80"),
    partiql.ION: ("#2e7d32", "#a5d6a7"),
    partiql.NUMBER: ("#ad1457", "#f48fb1"),
    partiql.PARAMETER: ("#c62828", "#ff8a80"),
    partiql.COMMENT: ("#6b6b6b", "#9aa0a6"),
}


class PartiqlHighlighter(QSyntaxHighlighter):
    """Keywords, functions, strings, quoted names, numbers, ``?`` parameters and comments."""

    def __init__(self, document: QTextDocument, palette: QPalette) -> None:
        super().__init__(document)
        self.formats: dict[str, QTextCharFormat] = {}
        self.set_palette(palette)

    def set_palette(self, palette: QPalette) -> None:
        dark = is_dark(palette)
        self.formats = {}
        for kind, (light_colour, dark_colour) in _COLOURS.items():
            fmt = QTextCharFormat()
            fmt.setForeground(QColor(dark_colour if dark else light_colour))
            if kind in (partiql.KEYWORD, partiql.PARAMETER):
                fmt.setFontWeight(QFont.Weight.Bold)
            if kind == partiql.COMMENT:
                fmt.setFontItalic(True)
            self.formats[kind] = fmt
        self.rehighlight()

    def highlightBlock(self, text: str) -> None:
        state = self.previousBlockState()
        tokens, end_state = partiql.scan(text, state if state > 0 else partiql.NORMAL)
        for token in tokens:
            fmt = self.formats.get(token.kind)
            if fmt is not None:
                self.setFormat(token.start, token.end - token.start, fmt)
        self.setCurrentBlockState(end_state)


# What completion replaces: a run of name characters before the cursor, maybe after a quote.
_PREFIX = re.compile(r'"?[A-Za-z0-9_$#.\-]*$')


class StatementEdit(QPlainTextEdit):
    """A plain-text editor for one statement, completing names as they are typed (the panel
    binds Ctrl+Space to ``complete(forced=True)`` and the keys that run it)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setFont(monospace())
        self.setLineWrapMode(QPlainTextEdit.LineWrapMode.WidgetWidth)
        self.setTabChangesFocus(True)
        self.setAccessibleName(self.tr("PartiQL statement"))
        self.setPlaceholderText(self.tr('SELECT * FROM "accounts" WHERE PK = ?   (Ctrl+Enter runs; '
                                "Ctrl+Space completes)"))
        self.highlighter = PartiqlHighlighter(self.document(), self.palette())
        self._names: set[str] = set()
        self._model = QStringListModel(self)
        self.completer = QCompleter(self._model, self)
        self.completer.setWidget(self)
        self.completer.setCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        self.completer.setCompletionMode(QCompleter.CompletionMode.PopupCompletion)
        self.completer.activated.connect(self.insert_completion)
        self.set_names([], [])

    # -- completion ---------------------------------------------------------------
    def set_names(self, tables: list[str], attributes: list[str]) -> None:
        """What completion offers besides the dialect's words: the connection's tables and the
        attributes seen in the current results."""
        self._names = set(tables) | set(attributes)
        words = sorted(partiql.KEYWORDS) + sorted(f.lower() for f in partiql.FUNCTIONS)
        self._model.setStringList(sorted(self._names, key=str.lower) + words)

    def _popup(self) -> QAbstractItemView:
        popup = self.completer.popup()
        assert popup is not None  # QCompleter makes one in its constructor
        return popup

    def completions(self) -> list[str]:
        return self._model.stringList()

    def _prefix(self) -> str:
        cursor = self.textCursor()
        line = cursor.block().text()[: cursor.positionInBlock()]
        match = _PREFIX.search(line)
        return match.group() if match else ""

    def complete(self, *, forced: bool = False) -> bool:
        """Show the completions for the word at the cursor (2+ characters, or when forced)."""
        prefix = self._prefix()
        bare = prefix.lstrip('"')
        if not forced and len(bare) < 2:
            self._popup().hide()
            return False
        self.completer.setCompletionPrefix(bare)
        if self.completer.completionCount() == 0:
            self._popup().hide()
            return False
        if self.completer.completionCount() == 1 and self.completer.currentCompletion() == bare:
            self._popup().hide()  # already typed in full
            return False
        rect = self.cursorRect()
        rect.setWidth(self._popup().sizeHintForColumn(0)
                      + self._popup().verticalScrollBar().sizeHint().width() + 8)
        self.completer.complete(rect)
        return True

    def insert_completion(self, text: str) -> None:
        """Replace the word at the cursor: keywords as they are, names quoted as PartiQL needs
        (always when the user opened a quote)."""
        prefix = self._prefix()
        if text in self._names:
            insert = ('"' + text.replace('"', '""') + '"') if prefix.startswith('"') \
                else partiql.quote_name(text)
        else:
            insert = text
        cursor = self.textCursor()
        cursor.movePosition(cursor.MoveOperation.Left, cursor.MoveMode.KeepAnchor, len(prefix))
        cursor.insertText(insert)
        self.setTextCursor(cursor)

    # -- keys ---------------------------------------------------------------------
    def keyPressEvent(self, event: QKeyEvent) -> None:
        popup = self._popup()
        if popup.isVisible() and event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Tab,
                                                 Qt.Key.Key_Escape, Qt.Key.Key_Backtab):
            event.ignore()  # the completer's popup takes these
            return
        super().keyPressEvent(event)
        if event.text() and (event.text().isalnum() or event.text() in '_"-'):
            self.complete()
        elif event.text() or event.key() in (Qt.Key.Key_Left, Qt.Key.Key_Right, Qt.Key.Key_Home,
                                             Qt.Key.Key_End):
            popup.hide()  # a space, an operator or a move: the word is done

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.PaletteChange:
            # The theme switched: recolour. Rehighlighting marks the document's contents
            # changed, so the editor emits textChanged; a recolour is no edit, and the panel
            # took it for one and cleared the field's error style (setStyleSheet) while Qt was
            # still polishing this very widget for the new app stylesheet: a use after free
            # (SIGBUS/SIGSEGV in QApplication.setStyleSheet). So the editor stays quiet.
            blocked = self.blockSignals(True)
            try:
                self.highlighter.set_palette(self.palette())
            finally:
                self.blockSignals(blocked)
