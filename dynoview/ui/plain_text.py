"""Text from a table or a server shown as the characters it holds, never as HTML.

Qt renders a string as rich text when ``Qt.mightBeRichText`` says it looks like HTML: every
tooltip, and a QLabel or QMessageBox left at ``AutoText``. Item values, attribute and key names
and server error messages are chosen by whoever writes the table, so a value such as
``<img src="/dev/zero">`` would make Qt read that file (forever: the app aborts) as soon as the
cell's tooltip shows. Labels and message boxes take ``plain_label`` (PlainText format);
tooltips, which have no format of their own, take ``plain_tooltip``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, TypeVar

from PySide6.QtGui import Qt  # QtGui's Qt namespace: TextFormat, and mightBeRichText

if TYPE_CHECKING:  # QMessageBox is loaded with the first box, after the first paint
    from PySide6.QtWidgets import QLabel, QMessageBox

LabelOrBox = TypeVar("LabelOrBox", "QLabel", "QMessageBox")


def plain_tooltip(text: str) -> str:
    """``text`` as a tooltip that shows its literal characters.

    Unchanged when Qt would show it as plain text anyway; otherwise escaped HTML. Not Qt's own
    ``convertFromPlainText``: that folds blank lines and turns tabs and spaces into
    non-breaking ones (a long value then cannot wrap); ``pre-wrap`` keeps every character.
    """
    if not Qt.mightBeRichText(text):
        return text
    import html  # only for such a text: the window's first paint imports none of it

    return f"<p style='white-space:pre-wrap'>{html.escape(text, quote=False)}</p>"


def plain_label(widget: LabelOrBox) -> LabelOrBox:
    """Show ``widget``'s text (now and later) as plain text; returns it, for chaining."""
    widget.setTextFormat(Qt.TextFormat.PlainText)
    return widget
