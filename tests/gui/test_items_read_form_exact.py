"""The Items read form reads exactly what the user asked: a filter attribute name kept as typed
(edge spaces included, warned about when no item read so far has it), strong consistency
restored after a GSI, and IN / BETWEEN filters, all checked on the request the app sent."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from dynoview.core.session.connection import Connection
from dynoview.demo.backend import EMAIL_INDEX
from dynoview.ui.main_window import MainWindow
from dynoview.ui.themed import is_refused
from tests.gui.conftest import open_window

pytestmark = pytest.mark.gui

ADA = "ada@lovelace.io"


@pytest.fixture
def window(qtbot, qasync_loop, demo_conn: Connection, seeded_table: str) -> MainWindow:
    return open_window(qtbot, demo_conn, seeded_table)


def _run(qtbot, window: MainWindow) -> dict:
    reader = window.ctx.reader
    assert reader is not None
    sent = len(reader.log)
    with qtbot.waitSignal(window.items_panel.controller.page_loaded, timeout=10000):
        window.items_panel.run()
    assert len(reader.log) > sent
    receipt = reader.log.last()
    assert receipt is not None
    return receipt.request


def _type_attribute(qtbot, window: MainWindow, text: str) -> None:
    line = window.items_panel.form.filter_attr.lineEdit()
    assert line is not None
    line.clear()
    qtbot.keyClicks(line, text)
    qtbot.keyClick(line, Qt.Key.Key_Return)  # the combo's own Enter (it may insert or match)


def test_a_filter_attribute_with_edge_spaces_is_sent_exactly_and_warned(
        qtbot, window: MainWindow, demo_conn: Connection, seeded_table: str) -> None:
    form = window.items_panel.form
    _type_attribute(qtbot, window, " email")
    form.filter_op.setCurrentText("=")
    form.filter_value.setText(ADA)
    request = _run(qtbot, window)
    assert request["FilterExpression"] == "#n0 = :v0"
    assert request["ExpressionAttributeNames"] == {"#n0": " email"}
    assert window.items_panel.model.rowCount() == 0  # "email" is another attribute
    assert not form.filter_note.isHidden()  # no item read so far has " email"
    assert '" email"' in form.filter_note.text() and '"email"' in form.filter_note.text()

    # Once an item with " email" has been read, the name is the table's: no warning.
    demo_conn.client.put_item(TableName=seeded_table, Item={
        "PK": {"S": "ACCT#spaced"}, "SK": {"S": "PROFILE"}, " email": {"S": ADA}})
    form.filter_attr.setEditText("")
    _run(qtbot, window)
    _type_attribute(qtbot, window, " email")
    assert form.filter_note.isHidden()
    request = _run(qtbot, window)
    assert request["ExpressionAttributeNames"] == {"#n0": " email"}
    assert [window.items_panel.model.item(r)["PK"]["S"]
            for r in range(window.items_panel.model.rowCount())] == ["ACCT#spaced"]


def test_attribute_names_are_case_sensitive_in_the_filter_box(qtbot, window: MainWindow) -> None:
    form = window.items_panel.form
    _type_attribute(qtbot, window, "EMAIL")  # "email" is offered: it must not be completed to it
    form.filter_op.setCurrentText("attribute_exists")
    request = _run(qtbot, window)
    assert request["ExpressionAttributeNames"] == {"#n0": "EMAIL"}


def test_the_json_preview_shows_the_exact_name(qtbot, window: MainWindow) -> None:
    form = window.items_panel.form
    form.filter_attr.setEditText("email ")
    form.filter_op.setCurrentText("attribute_exists")
    window.items_panel.copy_query_as_code()
    dialog = window.items_panel.code_dialog
    assert dialog.read is not None
    assert dialog.read.params["ExpressionAttributeNames"] == {"#n0": "email "}
    code = dialog.code_of(dialog.language()) or ""
    assert "'email '" in code or '"email "' in code


def test_strong_consistency_comes_back_after_a_gsi(qtbot, window: MainWindow) -> None:
    form = window.items_panel.form
    form.consistent.setChecked(True)
    form.index.setCurrentIndex(form.index.findData(EMAIL_INDEX))
    assert not form.consistent.isChecked() and not form.consistent.isEnabled()
    assert "ConsistentRead" not in _run(qtbot, window)
    form.index.setCurrentIndex(0)
    assert form.consistent.isEnabled() and form.consistent.isChecked()
    request = _run(qtbot, window)
    assert request["ConsistentRead"] is True
    # A choice of eventual reads is kept the same way.
    form.consistent.setChecked(False)
    form.index.setCurrentIndex(form.index.findData(EMAIL_INDEX))
    form.index.setCurrentIndex(0)
    assert not form.consistent.isChecked()
    assert "ConsistentRead" not in _run(qtbot, window)


def test_an_in_filter_reads_the_listed_values(qtbot, window: MainWindow) -> None:
    form = window.items_panel.form
    form.filter_attr.setEditText("email")
    form.filter_op.setCurrentText("in")
    assert form.filter_value.isEnabled() and form.filter_value2.isHidden()
    form.filter_value.setText(f'["{ADA}", "nobody@example.com"]')
    request = _run(qtbot, window)
    assert request["FilterExpression"] == "#n0 IN (:v0, :v1)"
    assert request["ExpressionAttributeValues"] == {":v0": {"S": ADA}, ":v1": {"S": "nobody@example.com"}}
    model = window.items_panel.model
    assert {model.item(r)["email"]["S"] for r in range(model.rowCount())} == {ADA}


def test_a_between_filter_has_two_boxes_and_refuses_bounds_out_of_order(qtbot, window: MainWindow) -> None:
    form = window.items_panel.form
    form.filter_attr.setEditText("email")
    form.filter_op.setCurrentText("between")
    assert not form.filter_value2.isHidden()
    form.filter_value.setText("ada")
    form.filter_value2.setText("adb")
    request = _run(qtbot, window)
    assert request["FilterExpression"] == "#n0 BETWEEN :v0 AND :v1"
    model = window.items_panel.model
    assert {model.item(r)["email"]["S"] for r in range(model.rowCount())} == {ADA}
    reader = window.ctx.reader
    assert reader is not None
    sent = len(reader.log)
    form.filter_value.setText("b")
    form.filter_value2.setText("a")
    window.items_panel.run()
    assert len(reader.log) == sent
    assert is_refused(form.filter_value2)
    assert "below the lower bound" in form.error_label.text()


def test_bad_in_lists_are_refused_at_the_value(qtbot, window: MainWindow) -> None:
    form = window.items_panel.form
    reader = window.ctx.reader
    assert reader is not None
    form.filter_attr.setEditText("email")
    form.filter_op.setCurrentText("in")
    sent = len(reader.log)
    for text, words in ((ADA, "JSON list"), ("[]", "at least one"),
                        (str([str(i) for i in range(101)]).replace("'", '"'), "100"),
                        ("[1]", "string")):
        form.filter_value.setText(text)
        window.items_panel.run()
        assert is_refused(form.filter_value), text
        assert words in form.error_label.text(), (text, form.error_label.text())
    assert len(reader.log) == sent


def test_a_query_filter_between_on_the_sort_key_becomes_its_key_condition(
        qtbot, window: MainWindow) -> None:
    form = window.items_panel.form
    form.mode.setCurrentText("Query")
    form.pk_value.setText("ACCT#a1f9c3")
    form.filter_attr.setEditText("SK")
    form.filter_op.setCurrentText("between")
    form.filter_value.setText("P")
    form.filter_value2.setText("Q")
    request = _run(qtbot, window)
    assert request["KeyConditionExpression"] == "#n0 = :v0 AND #n1 BETWEEN :v1 AND :v2"
    assert "FilterExpression" not in request
    assert window.items_panel.model.rowCount() == 1
    form.filter_value2.setText("")  # an empty upper bound of a key: refused at its box
    window.items_panel.run()
    assert is_refused(form.filter_value2)
    form.filter_op.setCurrentText("in")  # the key condition has no IN
    form.filter_value.setText('["PROFILE"]')
    window.items_panel.run()
    assert is_refused(form.filter_op)
    assert "between" in form.error_label.text()
