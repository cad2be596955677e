"""Dialogs' unsent texts in the drafts folder: kept as typed (invalid JSON too), one file per
dialog, connection, table and item key; private and whole; a damaged file set aside and said."""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path

import pytest

from dynoview.core.drafts.dialog_texts import (
    FOLDER,
    ITEM_EDIT,
    SCHEMA_EDIT,
    DialogTexts,
    KeptText,
    Subject,
    connection_label,
    item_subject,
    kept_from_json,
    schema_subject,
)
from dynoview.core.session import profile

posix_only = pytest.mark.skipif(os.name != "posix", reason="POSIX modes")
LOCAL = "local @ http://127.0.0.1:8000, us-east-1"
KEY = {"PK": {"S": "ACCT#1"}, "SK": {"S": "PROFILE"}}
ITEM = item_subject(LOCAL, "accounts", KEY)
BASE = {"json": '{\n  "PK": {"S": "ACCT#1"}\n}'}
HALF_TYPED = {"json": '{\n  "PK": {"S": "ACCT#1"},\n  "note": {"S": "unfinished'}  # not JSON


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_a_half_typed_text_is_kept_as_it_is_and_read_back(tmp_path: Path) -> None:
    texts = DialogTexts(tmp_path / "drafts")
    saved = texts.keep(ITEM, HALF_TYPED, BASE)
    kept, problem = texts.load(ITEM)
    assert problem is None
    assert kept == saved
    assert kept.fields == HALF_TYPED and kept.base == BASE and kept.subject == ITEM
    assert kept.saved_at > 0
    assert texts.path(ITEM).parent == tmp_path / "drafts" / FOLDER


def test_nothing_kept_is_nothing_read(tmp_path: Path) -> None:
    assert DialogTexts(tmp_path / "drafts").load(ITEM) == (None, None)
    assert DialogTexts(tmp_path / "drafts").kept() == ([], [])
    assert not DialogTexts(tmp_path / "drafts").has_kept()


def test_update_keeps_only_what_differs_from_what_the_dialog_opened_with(tmp_path: Path) -> None:
    texts = DialogTexts(tmp_path / "drafts")
    assert texts.update(ITEM, HALF_TYPED, BASE) is not None
    assert texts.path(ITEM).exists()
    assert texts.update(ITEM, dict(BASE), BASE) is None  # typed back to what it was
    assert not texts.path(ITEM).exists()
    assert texts.load(ITEM) == (None, None)


def test_discard_removes_the_file_and_twice_is_no_error(tmp_path: Path) -> None:
    texts = DialogTexts(tmp_path / "drafts")
    texts.keep(ITEM, HALF_TYPED, BASE)
    texts.discard(ITEM)
    assert not texts.path(ITEM).exists()
    texts.discard(ITEM)


@pytest.mark.parametrize("other", [
    item_subject(LOCAL, "accounts", {"PK": {"S": "ACCT#2"}, "SK": {"S": "PROFILE"}}),
    item_subject(LOCAL, "accounts-copy", KEY),
    item_subject("local @ http://127.0.0.1:8001, us-east-1", "accounts", KEY),
    schema_subject(LOCAL, "accounts"),
], ids=["another item", "another table", "another endpoint", "the schema editor"])
def test_each_subject_has_its_own_file(tmp_path: Path, other: Subject) -> None:
    texts = DialogTexts(tmp_path / "drafts")
    texts.keep(ITEM, HALF_TYPED, BASE)
    assert texts.path(other) != texts.path(ITEM)
    assert texts.load(other) == (None, None)
    texts.keep(other, {"json": "theirs"}, {"json": ""})
    assert texts.load(ITEM)[0].fields == HALF_TYPED  # type: ignore[union-attr]
    assert texts.load(other)[0].fields == {"json": "theirs"}  # type: ignore[union-attr]


def test_an_item_key_is_the_same_subject_whatever_the_order_of_its_attributes() -> None:
    swapped = item_subject(LOCAL, "accounts", {"SK": {"S": "PROFILE"}, "PK": {"S": "ACCT#1"}})
    assert swapped == ITEM and swapped.file_name == ITEM.file_name
    assert ITEM.key == '{"PK":{"S":"ACCT#1"},"SK":{"S":"PROFILE"}}'
    binary = item_subject(LOCAL, "blobs", {"id": {"B": b"\x00\xff"}})
    assert binary.key == '{"id":{"B":"AP8="}}'  # base64, as DynamoDB JSON writes binary


def test_a_file_name_is_safe_whatever_the_key_holds() -> None:
    hostile = item_subject(LOCAL, "accounts", {"PK": {"S": "../../etc/passwd\x00" + "é" * 300}})
    name = hostile.file_name
    assert name.startswith(f"{ITEM_EDIT}-") and name.endswith(".json")
    assert "/" not in name and len(name) < 80
    assert schema_subject(LOCAL, "accounts").file_name.startswith(f"{SCHEMA_EDIT}-")


def test_a_file_that_names_another_subject_is_not_used(tmp_path: Path) -> None:
    texts = DialogTexts(tmp_path / "drafts")
    other = schema_subject(LOCAL, "accounts")
    texts.keep(other, {"json": "{}"}, {"json": "[]"})
    texts.path(other).rename(texts.path(ITEM))  # copied or renamed by hand
    assert texts.load(ITEM) == (None, None)


@posix_only
def test_files_are_0600_in_0700_folders_whatever_the_umask(tmp_path: Path) -> None:
    previous = os.umask(0)
    try:
        texts = DialogTexts(tmp_path / "drafts")
        texts.keep(ITEM, HALF_TYPED, BASE)
    finally:
        os.umask(previous)
    assert mode(texts.root) == 0o700 and mode(texts.folder) == 0o700
    assert mode(texts.path(ITEM)) == 0o600


def test_a_keep_replaces_the_file_whole_and_leaves_no_temporary_file(tmp_path: Path) -> None:
    texts = DialogTexts(tmp_path / "drafts")
    texts.keep(ITEM, HALF_TYPED, BASE)
    inode = texts.path(ITEM).stat().st_ino
    texts.keep(ITEM, {"json": "second"}, BASE)
    assert texts.path(ITEM).stat().st_ino != inode  # renamed over, not rewritten in place
    assert [p.name for p in texts.folder.iterdir()] == [ITEM.file_name]
    assert texts.load(ITEM)[0].fields == {"json": "second"}  # type: ignore[union-attr]


def test_a_kill_mid_keep_leaves_the_previous_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    texts = DialogTexts(tmp_path / "drafts")
    texts.keep(ITEM, HALF_TYPED, BASE)

    def killed(*_args: object) -> None:
        raise KeyboardInterrupt  # a signal between the write and the rename

    monkeypatch.setattr(os, "replace", killed)
    with pytest.raises(KeyboardInterrupt):
        texts.keep(ITEM, {"json": "half-written"}, BASE)
    monkeypatch.undo()
    assert texts.load(ITEM)[0].fields == HALF_TYPED  # type: ignore[union-attr]
    assert [p.name for p in texts.folder.iterdir()] == [ITEM.file_name]


def test_any_text_is_kept_exactly_even_what_utf8_cannot_encode(tmp_path: Path) -> None:
    texts = DialogTexts(tmp_path / "drafts")
    odd = {"json": '{"PK": {"S": "\ud800 é 😀 \u0000"}', "locks_table": "\r\n"}  # a lone surrogate, pasted
    texts.keep(ITEM, odd, BASE)
    assert texts.load(ITEM)[0].fields == odd  # type: ignore[union-attr]


@pytest.mark.parametrize("content", [b"{not json", b"\x00\xff\xfe", b"[]", b'{"format": 99}',
                                     b'{"format": 1, "subject": {"dialog": "item-edit"}}',
                                     b'{"format": 1, "subject": {"dialog": "x", "connection": "c", '
                                     b'"table": "t", "key": ""}, "fields": {}, "saved_at": 1}',
                                     b'{"format": 1, "subject": {"dialog": "item-edit", "connection": "c", '
                                     b'"table": "t", "key": ""}, "fields": {"json": 3}, "saved_at": 1}',
                                     b'{"format": 1, "subject": {"dialog": "item-edit", "connection": "c", '
                                     b'"table": "t", "key": ""}, "fields": {}, "saved_at": "soon"}',
                                     # No date to show (the dialog raised OverflowError, ValueError)
                                     b'{"format": 1, "subject": {"dialog": "item-edit", "connection": "c", '
                                     b'"table": "t", "key": ""}, "fields": {}, "saved_at": 1e20}',
                                     b'{"format": 1, "subject": {"dialog": "item-edit", "connection": "c", '
                                     b'"table": "t", "key": ""}, "fields": {}, "saved_at": NaN}',
                                     b'{"format": true, "subject": {"dialog": "item-edit", '
                                     b'"connection": "c", "table": "t", "key": ""}, "fields": {}, '
                                     b'"saved_at": 1}'])
def test_a_damaged_file_is_set_aside_and_said_never_raised(tmp_path: Path, content: bytes) -> None:
    texts = DialogTexts(tmp_path / "drafts")
    texts.folder.mkdir(parents=True)
    texts.path(ITEM).write_bytes(content)
    kept, problem = texts.load(ITEM)
    assert kept is None
    assert problem is not None and "could not be read" in problem and "set aside" in problem
    (aside,) = [p for p in texts.folder.iterdir() if ".corrupt-" in p.name]
    assert aside.read_bytes() == content and str(aside) in problem
    assert texts.load(ITEM) == (None, None)  # said once


def test_every_kept_text_is_listed_newest_first_with_the_damaged_ones_said(tmp_path: Path) -> None:
    texts = DialogTexts(tmp_path / "drafts")
    older = texts.keep(ITEM, HALF_TYPED, BASE)
    schema = schema_subject(LOCAL, "accounts")
    newer = texts.keep(schema, {"json": "{", "locks_table": ""}, {"json": "{}", "locks_table": ""})
    os.utime(texts.path(schema))  # the order is by the time inside, not the file's
    data = json.loads(texts.path(ITEM).read_text())
    data["saved_at"] = newer.saved_at - 60
    texts.path(ITEM).write_text(json.dumps(data))
    (texts.folder / "item-edit-broken.json").write_text("{")
    assert texts.has_kept()
    kept, problems = texts.kept()
    assert [k.subject for k in kept] == [schema, older.subject]
    assert len(problems) == 1 and "item-edit-broken.json" in problems[0]


def test_the_json_form_round_trips() -> None:
    kept = KeptText(ITEM, HALF_TYPED, BASE, 1700000000.5)
    assert kept_from_json(json.loads(json.dumps(kept.to_json()))) == kept


def test_connection_labels_say_where_without_credentials() -> None:
    assert connection_label("local", "http://127.0.0.1:8000", "us-east-1") == LOCAL
    assert connection_label("prod", None, "eu-west-1", "admin") == "prod @ AWS, eu-west-1, profile admin"
    secret = connection_label("lab", "http://user:hunter2@10.0.0.5:8000", "us-east-1")
    assert "hunter2" not in secret and "10.0.0.5:8000" in secret
    # The demo's endpoint changes at every start: its kept texts must still be found.
    assert connection_label("Demo (embedded)", "http://127.0.0.1:40001", "us-east-1", demo=True) == \
        connection_label("Demo (embedded)", "http://127.0.0.1:40002", "us-east-1", demo=True)


def test_the_app_keeps_them_in_the_active_profiles_drafts_folder() -> None:
    assert DialogTexts().folder == profile.config_dir() / "drafts" / FOLDER
    with profile.use(profile.DEMO):
        assert DialogTexts().folder == profile.config_root() / "demo" / "drafts" / FOLDER


def test_a_subject_is_described_as_messages_show_a_key() -> None:
    item = item_subject("lab (http://127.0.0.1:8000, us-east-1)", "accounts",
                        {"SK": {"S": "PROFILE"}, "PK": {"S": "ACCT#1"}})
    assert item.describe() == ("Edit as JSON of PK=ACCT#1, SK=PROFILE in accounts "
                               "(lab (http://127.0.0.1:8000, us-east-1))")
    assert schema_subject("lab", "accounts").describe() == "The uniqueness schema in accounts (lab)"
