"""Saved schemas' file names (a fixed-width escape, long names bounded, the former escape still
read) and two processes saving one table's schema at once."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from dynoview.core.uniqueness import schema_store
from dynoview.core.uniqueness.schema import article_schema
from dynoview.core.uniqueness.schema_file import schema_to_text
from dynoview.core.uniqueness.schema_store import SchemaStore

ROOT = Path(__file__).resolve().parents[4]


@pytest.mark.parametrize(("a", "b"), [("\u03941", "\u3941"), ("Plan \u01f60", "Plan \u1f60"),
                                      ("\u00e9", "%E9")])
def test_connections_that_shared_a_folder_each_keep_their_schema(tmp_path: Path, a: str, b: str) -> None:
    store = SchemaStore(tmp_path)
    assert store.path(a, "accounts") != store.path(b, "accounts")
    store.save(a, "accounts", article_schema("A"))
    store.save(b, "accounts", article_schema("B"))
    assert store.load(a, "accounts").schema == article_schema("A")
    assert store.load(b, "accounts").schema == article_schema("B")


@pytest.mark.parametrize("connection", ["签到" * 60, "\U0001f642" * 120, "x" * 300])
def test_a_long_connection_or_table_name_is_saved_and_loaded(tmp_path: Path, connection: str) -> None:
    store = SchemaStore(tmp_path)
    table = "t" * 255  # DynamoDB allows 255 characters
    path = store.save(connection, table, article_schema("L"))
    assert all(len(part.encode()) <= 210 for part in path.relative_to(tmp_path).parts)
    assert store.load(connection, table).schema == article_schema("L")
    assert store.path(connection, table[:-1] + "u") != path
    store.delete(connection, table)
    assert store.load(connection, table).schema is None


def old_file(root: Path, folder: str, pk: str) -> Path:
    """A schema as a version before the fixed-width escape saved it, under ``folder``."""
    path = root / folder / "accounts.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(schema_to_text(article_schema(pk)) + "\n", encoding="utf-8")
    return path


def test_a_schema_saved_under_the_former_escape_is_loaded(tmp_path: Path) -> None:
    old = old_file(tmp_path, "Caf%E9%20%1F642", "OLD")  # a space was escaped too
    store = SchemaStore(tmp_path)
    assert store.load("Caf\u00e9 \U0001f642", "accounts").schema == article_schema("OLD")
    store.save("Caf\u00e9 \U0001f642", "accounts", article_schema("NEW"))  # both files now: new wins
    assert old.exists() and store.load("Caf\u00e9 \U0001f642", "accounts").schema == article_schema("NEW")
    store.delete("Caf\u00e9 \U0001f642", "accounts")  # the old one would come back otherwise
    assert not old.exists() and store.load("Caf\u00e9 \U0001f642", "accounts").schema is None


def test_a_save_between_another_saves_write_and_rename_leaves_a_whole_file(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The window of a second process saving the same table while the first is mid-save."""
    store = SchemaStore(tmp_path)
    real = schema_store.write_private_text
    calls: list[Path] = []

    def then_another_save(path: Path | str, text: str) -> Path:
        written = real(path, text)
        calls.append(Path(path))
        if len(calls) == 1:
            SchemaStore(tmp_path).save("local", "accounts", article_schema("SECOND"))
        return written

    monkeypatch.setattr(schema_store, "write_private_text", then_another_save)
    store.save("local", "accounts", article_schema("FIRST"))
    assert len(calls) == 2
    assert store.load("local", "accounts").schema == article_schema("SECOND")  # the last rename wins
    assert sorted(p.name for p in store.path("local", "accounts").parent.iterdir()) == ["accounts.json"]


SAVER = """
import sys
from pathlib import Path
from dynoview.core.uniqueness.schema import article_schema
from dynoview.core.uniqueness.schema_store import SchemaStore
store, errors = SchemaStore(Path(sys.argv[1])), []
for _ in range(200):
    try:
        store.save("local", "accounts", article_schema(sys.argv[2]))
    except Exception as exc:
        errors.append(repr(exc))
print(len(errors), errors[:1])
"""


def test_two_processes_saving_one_schema_each_leave_a_whole_file(tmp_path: Path) -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    procs = [subprocess.Popen([sys.executable, "-c", SAVER, str(tmp_path), pk], env=env, cwd=ROOT,
                              stdout=subprocess.PIPE, text=True) for pk in ("A", "B")]
    outputs = [p.communicate(timeout=120)[0].strip() for p in procs]
    assert outputs == ["0 []", "0 []"]
    final = SchemaStore(tmp_path).load("local", "accounts")
    assert final.problem is None and final.schema in (article_schema("A"), article_schema("B"))
