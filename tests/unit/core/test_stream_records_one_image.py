"""Records of a stream that carries one image (NEW_IMAGE or OLD_IMAGE): the other side is not
in the stream, so it is never compared as if empty (which would read as every attribute added
or removed), and the explanation names the image the view type leaves out."""

from __future__ import annotations

from typing import Any

import pytest

from dynoview.core.streams.records import ADDED, REMOVED, StreamEvent, parse_record

ACCOUNT = {"PK": {"S": "acct#1"}, "email": {"S": "a@x.com"}, "plan": {"S": "free"}}
UPGRADED = {**ACCOUNT, "plan": {"S": "pro"}}


def record(event: str, view: str, old: dict[str, Any] | None = None,
           new: dict[str, Any] | None = None) -> dict[str, Any]:
    """A GetRecords record: images only where the view type carries them."""
    ddb: dict[str, Any] = {"ApproximateCreationDateTime": 1796040000,
                           "Keys": {"PK": {"S": "acct#1"}}, "SequenceNumber": "7",
                           "StreamViewType": view}
    if old is not None:
        ddb["OldImage"] = old
    if new is not None:
        ddb["NewImage"] = new
    return {"eventID": "e7", "eventName": event, "dynamodb": ddb}


@pytest.mark.parametrize(("view", "old", "new", "missing"), [
    ("NEW_IMAGE", None, UPGRADED, "old"),
    ("OLD_IMAGE", ACCOUNT, None, "new"),
])
def test_a_modify_with_one_image_is_not_diffed_against_nothing(
        view: str, old: dict[str, Any] | None, new: dict[str, Any] | None, missing: str) -> None:
    event = parse_record(record("MODIFY", view, old, new), key_names=("PK",))
    assert event.diff == ()
    assert event.to_json()["diff"] == []  # the CLI's JSON line
    text = event.diff_text()
    assert f"no {missing} image" in text and view in text
    assert "keys only" not in text and "+email" not in text and "-email" not in text
    assert view in event.text_line()  # the CLI's text line explains it too
    both = parse_record(record("MODIFY", "NEW_AND_OLD_IMAGES", ACCOUNT, UPGRADED))
    assert both.diff_text() == "~plan: free → pro"  # with both images: the diff, as ever


def test_on_an_old_image_stream_an_insert_is_not_called_keys_only() -> None:
    event = parse_record(record("INSERT", "OLD_IMAGE"), key_names=("PK",))
    assert event.diff == ()
    assert "keys only" not in event.diff_text()
    assert "no new image" in event.diff_text() and "OLD_IMAGE" in event.diff_text()
    # A REMOVE has no new image by nature: its old image is what was removed.
    removed = parse_record(record("REMOVE", "OLD_IMAGE", old=ACCOUNT), key_names=("PK",))
    assert {(c.name, c.kind) for c in removed.diff} == {
        ("PK", REMOVED), ("email", REMOVED), ("plan", REMOVED)}
    # A stream of keys only is still called that.
    assert "keys only" in parse_record(record("INSERT", "KEYS_ONLY")).diff_text()


def test_on_a_new_image_stream_a_remove_names_the_missing_old_image() -> None:
    event = parse_record(record("REMOVE", "NEW_IMAGE"), key_names=("PK",))
    assert event.diff == ()
    assert "no old image" in event.diff_text() and "NEW_IMAGE" in event.diff_text()
    # An INSERT has no old image by nature: every attribute of its new image was added.
    inserted = parse_record(record("INSERT", "NEW_IMAGE", new=ACCOUNT), key_names=("PK",))
    assert {(c.name, c.kind) for c in inserted.diff} == {
        ("PK", ADDED), ("email", ADDED), ("plan", ADDED)}


def test_the_json_round_trip_keeps_the_explanation() -> None:
    event = parse_record(record("MODIFY", "NEW_IMAGE", new=UPGRADED), key_names=("PK",))
    again = StreamEvent.from_json(event.to_json())
    assert again.diff == () and again.diff_text() == event.diff_text()
