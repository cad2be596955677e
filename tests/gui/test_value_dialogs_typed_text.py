"""What the user types in the value dialogs is what is staged: a no-break space typed in a
string's plain text, or in a set member one per line, stays one (``toPlainText`` gave a space,
so the table got another string than the one typed); typed into a JSON form, where it would be
read back as a space too, it is refused at its line and column and nothing is staged."""

from __future__ import annotations

from typing import Any

import pytest

from dynoview.ui.items.value_dialogs import SetEditorDialog, TextEditorDialog
from tests.helpers import s

pytestmark = pytest.mark.gui


def test_a_no_break_space_typed_in_plain_text_is_staged_as_typed(qtbot: Any) -> None:
    got: list[tuple[str, str]] = []
    text = TextEditorDialog("note", s("old"), lambda c, t: got.append((c, t)) or None)
    members = SetEditorDialog("tags", {"SS": ["a"]}, lambda c, t: got.append((c, t)) or None)
    for dialog in (text, members):
        qtbot.addWidget(dialog)
        assert not dialog.as_json
    text.editor.setPlainText("new\u00a0value\u2028next")  # a typed line separator is a new line
    text.stage()
    members.editor.setPlainText("a\nb\u00a0c")
    members.stage()
    assert text.error.text() == members.error.text() == ""
    assert got == [("S", "new\u00a0value\nnext"), ("SS", '["a", "b\u00a0c"]')]


def test_a_no_break_space_typed_in_json_text_is_refused_at_its_place(qtbot: Any) -> None:
    got: list[tuple[str, str]] = []
    text = TextEditorDialog("odd", s("cr\rhere"), lambda c, t: got.append((c, t)) or None)
    qtbot.addWidget(text)
    assert text.as_json  # its carriage return is shown escaped
    text.editor.setPlainText('"cr\\rhere\u00a0"')
    text.stage()
    assert text.error.text().startswith("Line 1, column 10 holds a no-break space (U+00A0)")
    assert got == []  # nothing staged: the text stays to fix
    text.editor.setPlainText('"cr\\rhere\\u00a0"')  # as the sentence says
    text.stage()
    assert got == [("S", "cr\rhere\u00a0")]
