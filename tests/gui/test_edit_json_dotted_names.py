"""Edit as JSON… locates a refusal at the attribute that is wrong when another attribute's name
holds dots: an empty map key inside map ``a`` is said at ``a`` (its line), not at the valid
attribute named ``a.b`` the path also starts with."""

from __future__ import annotations

from typing import Any

import pytest

from dynoview.core.session.tables import KeyAttribute, TableInfo
from dynoview.core.tx.model import Problem
from dynoview.ui.items.edit_dialog import ItemEditDialog, problem_attribute

pytestmark = pytest.mark.gui
INFO = TableInfo("accounts", KeyAttribute("PK", "S"), KeyAttribute("SK", "S"))
ITEM = {"PK": {"S": "A"}, "SK": {"S": "B"}, "a.b": {"S": "fine"}, "a": {"M": {"b": {"M": {"k": {"S": "x"}}}}}}
TEXT = """{
  "PK": {"S": "A"},
  "SK": {"S": "B"},
  "a.b": {"S": "fine"},
  "a": {"M": {"b": {"M": {"": {"S": "x"}}}}}
}"""


def test_the_cursor_goes_to_the_attribute_that_is_wrong(qtbot: Any) -> None:
    dialog = ItemEditDialog(ITEM, info=INFO)
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.editor.setPlainText(TEXT)
    dialog.ok.click()
    line = TEXT.count("\n", 0, dialog.editor.textCursor().position()) + 1
    assert line == 5
    assert dialog.error.text().startswith("Not opened at a ")


@pytest.mark.parametrize(("field", "expected"), [
    ("item.a.b", "a.b"), ("item.a.b.c", "a"), ("item.x.y[1].z", "x.y"),
    ("item.x.y", "x.y"), ("item.q", None)])
def test_the_attribute_the_rest_of_the_path_leads_into_wins(field: str, expected: str | None) -> None:
    item = {**ITEM, "a": {"M": {"b": {"M": {"c": {"S": "x"}}}}},
            "x": {"M": {"y": {"S": "s"}}}, "x.y": {"L": [{"S": "0"}, {"M": {"z": {"N": "1"}}}]}}
    if field == "item.a.b":  # nothing further: the exact name
        item["a"] = {"M": {}}
    assert problem_attribute(Problem(0, field, "m"), item) == expected
