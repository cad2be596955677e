"""Attribute names are kept exactly as given: "note " and " lead" are attributes of their own to
DynamoDB, never renamed "note" and "lead". Only an empty or all-space name is refused, at its
row."""

from __future__ import annotations

import json

import pytest

from dynoview.ui.builder import BuilderPanel

pytestmark = pytest.mark.gui


@pytest.fixture
def panel(builder_panel: BuilderPanel) -> BuilderPanel:
    return builder_panel


def test_names_with_edge_spaces_are_sent_as_typed(panel: BuilderPanel) -> None:
    editor = panel.add_action("Put")
    for name, value in (("PK", "ACCT#ws"), ("SK", "PROFILE"), ("note ", "trailing"), (" lead", "leading"),
                        ("note", "plain")):
        editor.item.add_row(name, {"S": value})
    panel.refresh()
    assert panel.problems == []  # "note " and "note" are two attributes
    assert list(panel.transaction.actions[0].item) == ["PK", "SK", "note ", " lead", "note"]
    assert '"note ": {"S": "trailing"}' in panel.preview and '" lead": {"S": "leading"}' in panel.preview


def test_imported_names_with_edge_spaces_round_trip(panel: BuilderPanel, seeded_table: str) -> None:
    item = {"PK": {"S": "ACCT#ws"}, "SK": {"S": "PROFILE"}, "note ": {"S": "t"}, " lead": {"S": "l"}}
    panel.load_request({"TransactItems": [{"Put": {"TableName": seeded_table, "Item": item}}]})
    panel.refresh()
    assert panel.request_json()["TransactItems"][0]["Put"]["Item"] == item
    assert json.loads(panel.preview)["TransactItems"][0]["Put"]["Item"] == item


@pytest.mark.parametrize("blank", ["", "   "])
def test_an_empty_or_all_space_name_is_an_error_at_its_row(panel: BuilderPanel, blank: str) -> None:
    editor = panel.add_action("Put")
    for name, value in (("PK", "ACCT#blank"), ("SK", "PROFILE"), (blank, "lost")):
        editor.item.add_row(name, {"S": value})
    panel.refresh()
    assert [(p.field, p.is_error) for p in panel.problems] == [(f"item.{blank}", True)]
    assert "Row 3" in panel.problems[0].message
    assert not panel.execute_button.isEnabled()
    assert panel.problems[0].message in editor.item.table.item(2, 0).toolTip()  # shown at the row
