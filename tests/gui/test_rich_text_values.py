"""Table data and server text are shown as their characters, never rendered as HTML.

Qt renders a tooltip, and a label or message box left at AutoText, as HTML when the text looks
like HTML: a value ``<img src="/dev/zero">`` made the app read that file until it aborted. A
value holding a bold tag, an image and a link (harmless: the image does not exist) stands in for
it here; each text is read back the way Qt would render it.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from botocore.exceptions import ClientError
from PySide6.QtCore import Qt
from PySide6.QtGui import Qt as QtGui_Qt
from PySide6.QtGui import QTextDocument
from PySide6.QtWidgets import QLabel, QMessageBox, QWidget

from dynoview.core.errors import describe_error
from dynoview.core.session.connection import Connection
from dynoview.ui import settings as saved
from dynoview.ui.items.detail import AttributeNode
from dynoview.ui.main_window import MainWindow
from dynoview.ui.row_select import select_only_row
from dynoview.ui.window.error_box import next_step_box
from tests.gui.conftest import open_window

pytestmark = pytest.mark.gui

MARK = '<b>B</b><img src="file:///nonexistent.png"><a href="x">L</a>'
KEY = f"pk{MARK}"  # a key attribute name that looks like HTML
NOTE = f"note{MARK}"  # another attribute name


def rendered(tip: str) -> str:
    """What a tooltip shows: Qt's tooltip label is AutoText, so HTML when it looks like HTML."""
    doc = QTextDocument()
    if QtGui_Qt.mightBeRichText(tip):
        doc.setHtml(tip)
    else:
        doc.setPlainText(tip)
    return doc.toPlainText()


def shown(label: QLabel) -> str:
    """What a label shows: its text, plain or rendered by its format."""
    if label.textFormat() == Qt.TextFormat.PlainText:
        return label.text()
    return rendered(label.text())


@pytest.fixture(autouse=True)
def settings_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "config" / "settings.ini"
    monkeypatch.setattr(saved, "settings_path", lambda: path)
    return path


@pytest.fixture
def hostile_table(demo_conn: Connection) -> Iterator[str]:
    """A table whose key name, attribute names and values all look like HTML."""
    name = f"hostile-{uuid.uuid4().hex[:8]}"
    client = demo_conn.client
    client.create_table(TableName=name, KeySchema=[{"AttributeName": KEY, "KeyType": "HASH"}],
                        AttributeDefinitions=[{"AttributeName": KEY, "AttributeType": "S"}],
                        BillingMode="PAY_PER_REQUEST")
    for i in range(2):
        client.put_item(TableName=name, Item={KEY: {"S": f"{MARK}{i}"}, NOTE: {"S": MARK},
                                              "nested": {"M": {NOTE: {"S": MARK}}}})
    try:
        yield name
    finally:
        client.delete_table(TableName=name)


@pytest.fixture
def window(qtbot, qasync_loop, demo_conn: Connection, hostile_table: str) -> MainWindow:
    return open_window(qtbot, demo_conn, hostile_table)


def test_the_detail_title_and_the_key_label_are_plain_text(qtbot, window: MainWindow) -> None:
    panel = window.items_panel
    select_only_row(panel.view, 0)
    title = panel.detail.title
    qtbot.waitUntil(lambda: MARK in title.text(), timeout=5000)
    assert title.textFormat() == Qt.TextFormat.PlainText
    assert MARK in shown(title)
    pk_label = panel.form.pk_label
    assert pk_label.textFormat() == Qt.TextFormat.PlainText
    assert shown(pk_label) == f"{KEY} (S) ="


def test_cell_and_header_tooltips_show_the_characters(window: MainWindow) -> None:
    model = window.items_panel.model
    columns = model.columns()
    note, key = columns.index(NOTE), columns.index(KEY)
    tip = model.data(model.index(0, note), Qt.ItemDataRole.ToolTipRole)
    assert rendered(tip) == f"S: {MARK}"
    assert MARK in rendered(model.data(model.index(0, key), Qt.ItemDataRole.ToolTipRole))
    header = model.headerData(note, Qt.Orientation.Horizontal, Qt.ItemDataRole.ToolTipRole)
    assert rendered(header) == NOTE
    key_header = model.headerData(key, Qt.Orientation.Horizontal, Qt.ItemDataRole.ToolTipRole)
    assert rendered(key_header) == f"{KEY}: key attribute"


def test_the_detail_tree_tooltips_show_the_characters(qtbot, window: MainWindow) -> None:
    panel = window.items_panel
    select_only_row(panel.view, 0)
    tree = panel.detail.tree
    qtbot.waitUntil(lambda: tree.topLevelItemCount() == 3, timeout=5000)
    nodes = {tree.topLevelItem(i).text(0): tree.topLevelItem(i) for i in range(3)}
    assert rendered(nodes[NOTE].toolTip(2)) == MARK
    nested = nodes["nested"]
    assert isinstance(nested, AttributeNode)
    if nested.pending:
        nested.grow()
    assert rendered(nested.child(0).toolTip(2)) == MARK


def test_an_error_box_shows_the_servers_message_as_plain_text(qtbot) -> None:
    message = f"Invalid UpdateExpression: Two document paths overlap; path one: [{MARK}]"
    exc = ClientError({"Error": {"Code": "SomeNewException", "Message": message},
                       "ResponseMetadata": {"HTTPStatusCode": 400}}, "UpdateItem")
    err = describe_error(exc, operation="UpdateItem", table="t")
    assert MARK in err.message
    parent = QWidget()
    qtbot.addWidget(parent)
    box = next_step_box(parent, err)
    assert box.textFormat() == Qt.TextFormat.PlainText
    label = box.findChild(QLabel, "qt_msgbox_label")
    assert label is not None and label.textFormat() == Qt.TextFormat.PlainText
    assert MARK in label.text()
    box.close()


def test_the_windows_error_box_is_plain_text(qtbot, window: MainWindow) -> None:
    exc = ClientError({"Error": {"Code": "SomeNewException", "Message": MARK},
                       "ResponseMetadata": {"HTTPStatusCode": 400}}, "Scan")
    window._error(describe_error(exc, operation="Scan", table="t"))
    box = window.error_box
    assert isinstance(box, QMessageBox)
    assert box.textFormat() == Qt.TextFormat.PlainText and MARK in box.text()
    box.close()


def test_the_builders_status_shows_a_value_as_its_characters(qtbot, window: MainWindow) -> None:
    """"Only ACCT#1 holds email <img …>" (Templates → Resolve duplicate, Claim): the builder's
    status line drew the image, and a FIFO named by ``src`` hung the window."""
    builder = window.feature("BuilderPanel")
    said = f"Only ACCT#1 holds email {MARK}@x.io: there is no duplicate to resolve."
    builder.templates.runner.status.emit(said)
    assert shown(builder.status) == said


def test_no_label_renders_html_unless_it_is_made_to(window: MainWindow) -> None:
    """Every label of the window and its built tabs is plain text, but those that lay their own
    text out in HTML (escaping what they quote): a text from a table never becomes markup."""
    for name in ("BuilderPanel", "LocksPanel", "PartiqlPanel", "StreamPanel", "TtlTimelinePanel",
                 "CapacityPanel"):
        window.feature(name)
    rich = {"stream-info", "template-summary"}
    found = [f"{type(label.parent()).__name__ if label.parent() is not None else '-'}: "
             f"{label.objectName()!r} {label.text()[:60]!r}"
             for label in window.findChildren(QLabel)
             if label.textFormat() != Qt.TextFormat.PlainText and label.objectName() not in rich]
    assert not found, "labels not plain text:\n" + "\n".join(found)
