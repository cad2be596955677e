"""What the Stream tab shows of a record: key values, key and attribute names as visible text
(bidi overrides, line breaks and control characters as escapes, as the Items tab shows them),
while the key filter still reads the raw values; and a record of a one-image stream shown as
the image it has, never as a diff against nothing."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import Qt

from dynoview.core.streams.key_filter import KeyFilter
from dynoview.core.streams.records import parse_record
from dynoview.core.values.visible_text import has_hidden
from dynoview.ui.stream.events_model import COL_CHANGES, COL_KEYS, StreamEventsModel
from dynoview.ui.stream.filter_proxy import StreamFilterProxy, key_filter_texts
from dynoview.ui.stream.record_view import StreamRecordView

pytestmark = pytest.mark.gui

HOSTILE_KEYS = ["user\u202egnp.exe", "ada ", "line1\nline2", "bell\x07\x1b[31m"]


def record(seq: int, pk: str, event: str = "MODIFY", view: str = "NEW_AND_OLD_IMAGES",
           old: dict[str, Any] | None = None, new: dict[str, Any] | None = None) -> dict[str, Any]:
    ddb: dict[str, Any] = {"ApproximateCreationDateTime": 1796040000 + seq,
                           "Keys": {"PK": {"S": pk}}, "SequenceNumber": str(seq),
                           "StreamViewType": view}
    if old is not None:
        ddb["OldImage"] = old
    if new is not None:
        ddb["NewImage"] = new
    return {"eventID": f"e{seq}", "eventName": event, "dynamodb": ddb}


def hostile_events() -> list[Any]:
    return [parse_record(record(i, pk, old={"PK": {"S": pk}},
                                new={"PK": {"S": pk}, "n\u202eame\x00\n": {"S": "x"}}),
                         "shard-1", key_names=("PK",))
            for i, pk in enumerate(HOSTILE_KEYS, 1)]


def test_the_keys_and_changes_cells_escape_what_the_table_wrote(qtbot: Any) -> None:
    model = StreamEventsModel()
    model.add_events(hostile_events())
    keys = [model.index(r, COL_KEYS).data() for r in range(model.rowCount())]
    assert keys == ["PK=user\\u202egnp.exe", 'PK="ada "', "PK=line1⏎line2", "PK=bell\\x07\\x1b[31m"]
    changes = model.index(0, COL_CHANGES).data()
    assert changes == '+n\\u202eame\\x00\\n = x'
    for row in range(model.rowCount()):
        for col in (COL_KEYS, COL_CHANGES):
            assert not has_hidden(model.index(row, col).data())
            assert not has_hidden(model.tooltip(row, col))


def test_a_key_name_is_escaped_too() -> None:
    event = parse_record({"eventName": "INSERT", "dynamodb": {
        "Keys": {"P\u202eK": {"S": "a"}}, "SequenceNumber": "1", "StreamViewType": "KEYS_ONLY"}})
    assert event.key_text() == "P\\u202eK=a"


def test_the_key_filter_still_reads_the_raw_values(qtbot: Any) -> None:
    model = StreamEventsModel()
    model.add_events(hostile_events())
    proxy = StreamFilterProxy()
    proxy.setSourceModel(model)
    item, _ = key_filter_texts(model.event_at(0))
    assert item == "user\u202egnp.exe"  # what to type: the value itself
    proxy.set_filter(KeyFilter.parse(["user\u202egnp.exe"]), None)
    assert proxy.rowCount() == 1
    proxy.set_filter(KeyFilter.parse(["bell\x07\x1b[31m"]), None)
    assert proxy.rowCount() == 1
    assert proxy.index(0, COL_KEYS).data() == "PK=bell\\x07\\x1b[31m"


def test_the_record_view_escapes_the_title_and_attribute_names(qtbot: Any) -> None:
    view = StreamRecordView()
    qtbot.addWidget(view)
    view.show_event(hostile_events()[0])
    title = view.diff_title.text()
    assert "PK=user\\u202egnp.exe" in title and not has_hidden(title)
    assert view.diff_title.textFormat() == Qt.TextFormat.PlainText
    names = [view.diff.item(r, 0).text() for r in range(view.diff.rowCount())]
    assert names == ["n\\u202eame\\x00\\n"]


@pytest.mark.parametrize(("view_type", "old", "new", "shown", "absent"), [
    ("NEW_IMAGE", None, {"PK": {"S": "acct#1"}, "plan": {"S": "pro"}}, 3, 2),
    ("OLD_IMAGE", {"PK": {"S": "acct#1"}, "plan": {"S": "free"}}, None, 2, 3),
])
def test_the_record_view_shows_the_one_image_a_stream_carries(
        qtbot: Any, view_type: str, old: dict[str, Any] | None, new: dict[str, Any] | None,
        shown: int, absent: int) -> None:
    view = StreamRecordView()
    qtbot.addWidget(view)
    event = parse_record(record(1, "acct#1", view=view_type, old=old, new=new), key_names=("PK",))
    view.show_event(event)
    rows = {view.diff.item(r, 0).text(): view.diff.item(r, shown).text()
            for r in range(view.diff.rowCount())}
    assert rows == {"PK": "acct#1", "plan": (new or old or {})["plan"]["S"]}
    kinds = {view.diff.item(r, 1).text() for r in range(view.diff.rowCount())}
    assert not kinds & {"added", "removed", "changed"}
    assert all(view.diff.item(r, absent).text() == "not in this stream"
               for r in range(view.diff.rowCount()))
    assert view_type in view.diff_title.text() and "keys only" not in view.diff_title.text()


def test_an_insert_on_an_old_image_stream_is_not_called_keys_only(qtbot: Any) -> None:
    view = StreamRecordView()
    qtbot.addWidget(view)
    view.show_event(parse_record(record(1, "acct#1", "INSERT", "OLD_IMAGE"), key_names=("PK",)))
    title = view.diff_title.text()
    assert "keys only" not in title and "OLD_IMAGE" in title and "new images" in title
    assert view.diff.rowCount() == 0
