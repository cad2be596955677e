"""The Items read form: what it leaves out when the index changes, and refusals marked at the
field that caused them, with nothing sent."""

from __future__ import annotations

import pytest

from dynoview.demo.backend import EMAIL_INDEX
from dynoview.ui.main_window import MainWindow
from dynoview.ui.themed import is_refused
from tests.gui.conftest import open_window

pytestmark = pytest.mark.gui


@pytest.fixture
def window(qtbot, qasync_loop, demo_conn, seeded_table: str) -> MainWindow:
    return open_window(qtbot, demo_conn, seeded_table)


def test_a_sort_key_condition_is_dropped_on_an_index_without_sort_key(qtbot, window: MainWindow) -> None:
    form = window.items_panel.form
    form.mode.setCurrentText("Query")
    form.sk_op.setCurrentText("=")
    form.sk_value.setText("PROFILE")
    form.index.setCurrentIndex(form.index.findData(EMAIL_INDEX))
    assert not form.sk_op.isEnabled()  # the user cannot clear it here: it must not count
    form.pk_value.setText("shared@example.com")
    spec = form.spec()
    assert spec is not None and spec.sk_operator is None
    reader = window.ctx.reader
    assert reader is not None
    with qtbot.waitSignal(window.items_panel.controller.page_loaded, timeout=10000):
        window.items_panel.run()
    assert not form.error_label.isVisible()
    receipt = reader.log.last()
    assert receipt is not None and receipt.index == EMAIL_INDEX
    assert receipt.request["KeyConditionExpression"] == "#n0 = :v0"
    assert window.items_panel.model.rowCount() == 2


def test_a_query_filter_on_the_partition_key_is_refused_at_the_attribute(qtbot, window: MainWindow) -> None:
    form = window.items_panel.form
    reader = window.ctx.reader
    assert reader is not None
    form.mode.setCurrentText("Query")
    form.pk_value.setText("ACCT#a1f9c3")
    form.filter_attr.setEditText("PK")
    form.filter_value.setText("ACCT#a1f9c3")
    sent = len(reader.log)
    window.items_panel.run()
    assert len(reader.log) == sent
    assert not form.error_label.isHidden()
    assert "partition key" in form.error_label.text()
    assert is_refused(form.filter_attr)
    assert "partition key" in form.filter_attr.toolTip()
    form.filter_attr.setEditText("email")  # fixing the field clears the mark and its tooltip
    assert form.error_label.isHidden()
    assert form.filter_attr.styleSheet() == "" and form.filter_attr.toolTip() == ""


def test_a_type_a_filter_operator_cannot_compare_is_refused_at_the_type(qtbot, window: MainWindow) -> None:
    form = window.items_panel.form
    form.filter_attr.setEditText("status")
    form.filter_op.setCurrentText("<")
    form.filter_type.setCurrentText("BOOL")
    form.filter_value.setText("true")
    window.items_panel.run()
    assert is_refused(form.filter_type)
    assert form.error_label.text().startswith("< compares strings, numbers or binary")
    form.filter_type.setCurrentText("N")
    assert form.filter_type.styleSheet() == "" and form.error_label.isHidden()
