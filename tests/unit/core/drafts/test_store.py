"""The drafts folder: atomic private files, restore, named drafts, damaged files set aside;
the current work of windows that are gone taken over (the newest), the rest kept as named drafts."""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path

import pytest

from dynoview.core.drafts.model import Draft, DraftError, count_text, draft_from_json
from dynoview.core.drafts.store import DraftStore
from dynoview.core.session import profile

posix_only = pytest.mark.skipif(os.name != "posix", reason="POSIX modes")
REQUEST = {"TransactItems": [
    {"Put": {"TableName": "accounts", "Item": {"PK": {"S": "ACCT#a1"}, "SK": {"S": "PROFILE"}}}},
    {"Put": {"TableName": "accounts", "Item": {"PK": {"S": "UNIQ#EMAIL#a@x.io"}, "SK": {"S": "LOCK"}},
             "ConditionExpression": "attribute_not_exists(PK)"}},
], "ClientRequestToken": "tok-1"}
FORM = {"template": "sign_up", "title": "Sign up (new account)", "fields": {"value-email": "a@x.io"}}


def work(**changes: object) -> Draft:
    base = {"request": REQUEST, "forms": (FORM,), "connection": "local", "table": "accounts"}
    return Draft(**{**base, **changes})  # type: ignore[arg-type]


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def files(store: DraftStore) -> list[str]:
    """The files in the folder of the windows' current work (this window's and its lock)."""
    return sorted(p.name for p in store.current.folder.iterdir() if p.is_file())


def own(store: DraftStore) -> list[str]:
    return sorted([store.current_path.name, store.current_path.with_suffix(".lock").name])


def test_the_current_work_round_trips(tmp_path: Path) -> None:
    store = DraftStore(tmp_path / "drafts")
    saved = store.save_current(work())
    loaded = store.load_current()
    assert loaded.problem is None and loaded.draft is not None
    assert loaded.draft == saved
    assert loaded.draft.request == REQUEST and loaded.draft.forms == (FORM,)
    assert (loaded.draft.connection, loaded.draft.table) == ("local", "accounts")
    assert loaded.draft.saved_at > 0 and loaded.draft.action_count == 2


def test_nothing_saved_is_nothing_restored(tmp_path: Path) -> None:
    assert DraftStore(tmp_path / "drafts").load_current().draft is None


def test_empty_work_clears_the_current_file(tmp_path: Path) -> None:
    store = DraftStore(tmp_path / "drafts")
    store.save_current(work())
    store.save_current(Draft(request={"TransactItems": []}))
    assert not store.current_path.exists()
    assert store.load_current().draft is None
    store.clear_current()  # again: nothing there, no error


@posix_only
def test_files_are_0600_in_0700_folders_whatever_the_umask(tmp_path: Path) -> None:
    previous = os.umask(0)
    try:
        store = DraftStore(tmp_path / "drafts")
        store.save_current(work())
        store.save_named("signup", work())
    finally:
        os.umask(previous)
    assert mode(store.root) == 0o700 and mode(store.root / "named") == 0o700
    assert mode(store.current.folder) == 0o700
    assert mode(store.current_path.with_suffix(".lock")) == 0o600
    assert mode(store.current_path) == 0o600 and mode(store.named_path("signup")) == 0o600


def test_a_save_replaces_the_file_whole_and_leaves_no_temporary_file(tmp_path: Path) -> None:
    store = DraftStore(tmp_path / "drafts")
    store.save_current(work())
    inode = store.current_path.stat().st_ino
    store.save_current(work(table="other"))
    # A new file renamed over the old one (os.replace), not the old one rewritten in place.
    assert store.current_path.stat().st_ino != inode
    assert files(store) == own(store)
    assert store.load_current().draft.table == "other"  # type: ignore[union-attr]


def test_a_kill_mid_save_leaves_the_previous_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = DraftStore(tmp_path / "drafts")
    store.save_current(work())

    def killed(*_args: object) -> None:
        raise KeyboardInterrupt  # what a signal looks like between the write and the rename

    monkeypatch.setattr(os, "replace", killed)
    with pytest.raises(KeyboardInterrupt):
        store.save_current(work(table="half-written"))
    monkeypatch.undo()
    assert store.load_current().draft.table == "accounts"  # type: ignore[union-attr]
    assert files(store) == own(store)


@pytest.mark.parametrize("content", [b"{not json", b"\x00\xff\xfe", b'{"format": 99}', b"[]",
                                     b'{"format": 1, "request": {"TransactItems": 3}}',
                                     b'{"format": 1, "request": {}, "saved_at": "soon"}'])
@pytest.mark.parametrize("left_by", ["a window that is gone", "an older version"])
def test_a_damaged_current_file_is_set_aside_and_said(tmp_path: Path, content: bytes, left_by: str) -> None:
    store = DraftStore(tmp_path / "drafts")
    if left_by == "an older version":  # its single drafts/current.json
        store.root.mkdir()
        (store.root / "current.json").write_bytes(content)
    else:
        store.current.folder.mkdir(parents=True)
        (store.current.folder / "gone.json").write_bytes(content)
    loaded = store.load_current()
    assert loaded.draft is None
    assert loaded.moved_to is not None and loaded.moved_to.read_bytes() == content
    assert not (store.root / "current.json").exists() and store.current.leftovers() == []
    assert loaded.problem is not None and "could not be read" in loaded.problem
    assert str(loaded.moved_to) in loaded.problem
    assert store.load_current().draft is None and store.load_current().problem is None  # once


def test_named_drafts_are_saved_listed_opened_and_deleted(tmp_path: Path) -> None:
    store = DraftStore(tmp_path / "drafts")
    store.save_named("sign up ada", work())
    store.save_named("a/b: odd name", work(request={"TransactItems": [REQUEST["TransactItems"][0]]}))
    infos, problems = store.list_named()
    assert problems == []
    assert [i.name for i in infos] == ["a/b: odd name", "sign up ada"]  # newest first
    assert [i.action_count for i in infos] == [1, 2]
    assert "1 action," in infos[0].describe() and "2 actions," in infos[1].describe()
    opened = store.open_named("sign up ada")
    assert opened.request == REQUEST and opened.name == "sign up ada"
    store.save_named("sign up ada", work(table="again"))  # the same name replaces it
    assert len(store.list_named()[0]) == 2
    assert store.open_named("sign up ada").table == "again"
    store.delete_named("sign up ada")
    assert [i.name for i in store.list_named()[0]] == ["a/b: odd name"]
    with pytest.raises(DraftError, match="no draft named 'sign up ada'"):
        store.open_named("sign up ada")


def test_a_new_named_draft_never_replaces_one(tmp_path: Path) -> None:
    """Two windows closed in the same minute both offer "Draft <minute>": the second is kept
    beside the first, as is a name a case-blind file system takes for another's."""
    store = DraftStore(tmp_path / "drafts")
    assert store.free_name("Draft 15:25") == "Draft 15:25"
    first, _ = store.save_new_named("Draft 15:25", work(table="first"))
    assert store.free_name("Draft 15:25") == "Draft 15:25 (2)"
    second, saved = store.save_new_named("Draft 15:25", work(table="second"))
    assert (first, second, saved.name) == ("Draft 15:25", "Draft 15:25 (2)", "Draft 15:25 (2)")
    assert store.open_named(first).table == "first" and store.open_named(second).table == "second"
    # A file already at the name (another spelling on a case-blind file system) is left alone.
    store.named_path("Fix").write_text("someone else's")
    name, _ = store.save_new_named("Fix", work())
    assert name == "Fix (2)" and store.named_path("Fix").read_text() == "someone else's"


@pytest.mark.parametrize("name", ["a", "A%2F", "a/", "a:", ".", "..", ".hidden", "%2E.hidden"])
def test_distinct_names_get_distinct_files_inside_the_folder(tmp_path: Path, name: str) -> None:
    store = DraftStore(tmp_path / "drafts")
    path = store.named_path(name)
    assert path.parent == store.root / "named" and not path.name.startswith(".")
    others = {"a", "A%2F", "a/", "a:", ".", "..", ".hidden", "%2E.hidden"} - {name}
    assert all(store.named_path(o) != path for o in others)


def test_a_name_is_required_and_bounded(tmp_path: Path) -> None:
    store = DraftStore(tmp_path / "drafts")
    with pytest.raises(DraftError, match="Type a name"):
        store.save_named("   ", work())
    with pytest.raises(DraftError, match="at most 120 characters"):
        store.save_named("x" * 121, work())


def test_a_damaged_named_draft_is_set_aside_when_listed_or_opened(tmp_path: Path) -> None:
    store = DraftStore(tmp_path / "drafts")
    store.save_named("good", work())
    store.named_path("bad").write_text("{broken")
    infos, problems = store.list_named()
    assert [i.name for i in infos] == ["good"]
    assert len(problems) == 1 and "bad.json could not be read" in problems[0]
    store.named_path("worse").write_text('{"format": 1, "request": []}')
    with pytest.raises(DraftError, match="could not be read"):
        store.open_named("worse")
    assert not store.named_path("worse").exists()


def test_unserialisable_work_is_a_sentence_not_a_crash(tmp_path: Path) -> None:
    store = DraftStore(tmp_path / "drafts")
    with pytest.raises(DraftError, match="could not be written as JSON"):
        store.save_current(work(request={"TransactItems": [{"Put": {"Item": {1, 2}}}]}))
    with pytest.raises(DraftError):
        store.save_current(work(request={"TransactItems": [float("nan")]}))


def test_the_default_folder_is_the_profiles_config_folder() -> None:
    assert DraftStore().root == profile.config_dir() / "drafts"
    with profile.use(profile.DEMO):
        assert DraftStore().root == profile.config_root() / "demo" / "drafts"


def test_describe_counts_with_plurals() -> None:
    assert count_text(1, "action") == "1 action" and count_text(4, "action") == "4 actions"
    assert count_text(0, "entry", "entries") == "0 entries"
    one = Draft(request={"TransactItems": [{}]})
    assert one.describe() == "1 unsent action"
    assert work().describe() == "2 unsent actions and the Sign up (new account) form"
    assert Draft(forms=(FORM, FORM)).describe().endswith("forms")
    assert Draft().is_empty() and not Draft(forms=(FORM,)).is_empty()


def test_a_draft_reads_back_from_its_json() -> None:
    draft = work(saved_at=12.5, name="n")
    assert draft_from_json(json.loads(json.dumps(draft.to_json()))) == draft
