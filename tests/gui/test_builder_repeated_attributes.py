"""An attribute named twice in the builder's typed table: one value would silently vanish from
the request, so it is an error at both rows and nothing can be sent."""

from __future__ import annotations

import pytest

from dynoview.ui.builder import BuilderPanel

pytestmark = pytest.mark.gui


@pytest.fixture
def panel(builder_panel: BuilderPanel) -> BuilderPanel:
    return builder_panel


def test_an_attribute_typed_twice_is_an_error_at_its_rows(panel: BuilderPanel) -> None:
    editor = panel.add_action("Put")
    for name, value in (("PK", "ACCT#twice"), ("SK", "PROFILE"), ("email", "first@x.io"),
                        ("email", "second@x.io")):
        editor.item.add_row(name, {"S": value})
    panel.refresh()
    assert [(p.index, p.field, p.is_error) for p in panel.problems] == [(0, "item.email", True)]
    assert "Rows 3 and 4 both name the attribute email" in panel.problems[0].message
    assert not panel.execute_button.isEnabled()
    for row in (2, 3):  # both rows show why, where the user typed them
        assert "both name the attribute email" in editor.item.table.item(row, 0).toolTip()


def test_distinct_attributes_stay_sendable(panel: BuilderPanel) -> None:
    editor = panel.add_action("Put")
    for name, value in (("PK", "ACCT#once"), ("SK", "PROFILE"), ("email", "a@x.io"), ("Email", "b@x.io")):
        editor.item.add_row(name, {"S": value})
    panel.refresh()
    assert panel.problems == []  # names are case-sensitive: Email is another attribute
    assert '"Email": {"S": "b@x.io"}' in panel.preview and panel.execute_button.isEnabled()
    spaced = panel.add_action("Put")
    for name, value in (("PK", "ACCT#spaced"), ("SK", "PROFILE"), ("email", "a@x.io"), (" email ", "b@x.io")):
        spaced.item.add_row(name, {"S": value})
    panel.refresh()
    assert panel.problems == []  # " email " is another attribute to DynamoDB: kept as typed
    assert '" email ": {"S": "b@x.io"}' in panel.preview
