"""The progress file records what the batches were cut by (``inputs``), and a resume whose batches
would be cut otherwise is refused with what differs; a file given as the progress file that is
not one is left as it is and never called something to remove (before: "remove it to import from
the start", of the user's own data file)."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from dynoview.core.errors import DynoViewError
from dynoview.core.imports import resume
from dynoview.core.session.tables import KeyAttribute, TableInfo
from dynoview.core.uniqueness.schema import article_schema

TABLE = TableInfo(name="accounts", partition_key=KeyAttribute("PK", "S"),
                  sort_key=KeyAttribute("SK", "S"))


def _progress(tmp_path: Path, inputs: dict[str, object] | None, *, batches: int = 1) -> resume.Progress:
    data = tmp_path / "items.jsonl"
    data.write_text('{"PK": "a"}\n')
    return resume.Progress(resume.file_identity(data), "accounts", "http://localhost:1", "transact",
                           batches=batches, items=100 * batches, inputs=inputs)


def _inputs(schema_label: str = "the article's default layout", *, locks: bool = True,
            fmt: str = "ddb-json", max_items: int = 100) -> dict[str, object]:
    return resume.batch_inputs(fmt, TABLE, article_schema() if locks else None, max_items=max_items,
                               schema_label=schema_label)


def test_the_inputs_are_saved_and_read_back(tmp_path: Path) -> None:
    path = tmp_path / "progress.json"
    resume.save(path, _progress(tmp_path, _inputs()))
    loaded = resume.load(path)
    assert loaded is not None and loaded.inputs == _inputs()
    assert loaded.inputs["key"] == "PK (S), SK (S)" and len(str(loaded.inputs["schema"])) == 16


def test_a_progress_file_without_inputs_still_reads(tmp_path: Path) -> None:
    path = tmp_path / "progress.json"
    resume.save(path, _progress(tmp_path, None))
    loaded = resume.load(path)
    assert loaded is not None and loaded.inputs is None
    assert resume.inputs_mismatch(path, loaded, _inputs()) is None  # not recorded: not checked


def test_another_schema_is_named_with_how_to_resume(tmp_path: Path) -> None:
    saved = _progress(tmp_path, _inputs("--schema other.json"))
    other = article_schema()
    other = dataclasses.replace(other, account_pk_prefix="USER#")
    now = resume.batch_inputs("ddb-json", TABLE, other, max_items=100,
                              schema_label="the article's default layout")
    said = resume.inputs_mismatch(tmp_path / "p.json", saved, now)
    assert said is not None
    assert "its batches followed the lock rules of --schema other.json, this run's follow the lock " \
           "rules of the article's default layout" in said
    assert "Resume with the same uniqueness schema (--schema other.json), or import from the start " \
           "without --resume." in said
    assert "100 item(s)" in said


def test_lock_rules_on_and_off_the_format_and_the_batch_size_are_named(tmp_path: Path) -> None:
    saved = _progress(tmp_path, _inputs())
    said = resume.inputs_mismatch(tmp_path / "p.json", saved,
                                  _inputs(locks=False, fmt="jsonl", max_items=25),
                                  resume_hint="the Resume box")
    assert said is not None
    assert "this run's follow no lock rules (the file's order)" in said
    assert "it read the file as ddb-json, this run as jsonl" in said
    assert "its batches held up to 100 items, this run's 25" in said
    assert said.endswith("without the Resume box.")


def test_the_same_cut_or_nothing_written_is_not_refused(tmp_path: Path) -> None:
    saved = _progress(tmp_path, _inputs("--schema a.json"))
    # The same schema chosen another way cuts the same batches: the label is not compared.
    assert resume.inputs_mismatch(tmp_path / "p.json", saved, _inputs("--preset article")) is None
    fresh = _progress(tmp_path, _inputs(), batches=0)
    assert resume.inputs_mismatch(tmp_path / "p.json", fresh, _inputs(locks=False)) is None


@pytest.mark.parametrize("inputs", ["[]", '{"schema": []}'])
def test_damaged_inputs_are_refused(tmp_path: Path, inputs: str) -> None:
    path = tmp_path / "progress.json"
    resume.save(path, _progress(tmp_path, None))
    path.write_text(path.read_text().replace('"inputs": null', f'"inputs": {inputs}'))
    with pytest.raises(DynoViewError, match="cannot be read"):
        resume.load(path)


# --------------------------------------------------------------------------- not a progress file


@pytest.mark.parametrize("text", ["name,amount\nalice,10\n", '{"pk": "item000"}\n{"pk": "item001"}\n',
                                  '{"pk": "a"}', '{"version": 3, "pk": "a"}\n{"version": 4, "pk": "b"}\n'])
def test_a_file_that_is_not_a_progress_file_is_never_to_be_removed(tmp_path: Path, text: str) -> None:
    path = tmp_path / "my_accounts.csv"
    path.write_text(text)
    with pytest.raises(DynoViewError) as refused:
        resume.load(path)
    said = refused.value.message
    assert "remove" not in said
    assert f"{path} is not a DynoView import progress file" in said
    assert "give --progress-file a path of its own (a new file)" in said
    assert path.read_text() == text


def test_a_large_file_is_not_read_whole(tmp_path: Path) -> None:
    path = tmp_path / "big.jsonl"
    path.write_text('{"version": 1}' + " " * (resume.MAX_BYTES + 10))
    with pytest.raises(DynoViewError, match="far larger than a progress file") as refused:
        resume.load(path)
    assert "remove" not in refused.value.message


def test_a_binary_file_is_not_a_progress_file_either(tmp_path: Path) -> None:
    path = tmp_path / "photo.png"
    path.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00")
    with pytest.raises(DynoViewError, match="is not a DynoView import progress file") as refused:
        resume.load(path)
    assert "remove" not in refused.value.message


@pytest.mark.parametrize("text", ["", '{"version": 1, "identity": {"path": "/x", "si'])
def test_a_damaged_progress_file_of_dynoview_may_be_removed(tmp_path: Path, text: str) -> None:
    path = tmp_path / "progress.json"
    path.write_text(text)
    with pytest.raises(DynoViewError, match="remove it to import from the start"):
        resume.load(path)


def test_at_the_default_path_any_damage_may_be_removed(tmp_path: Path) -> None:
    identity = resume.file_identity(Path(__file__))
    path = resume.default_path(tmp_path / "actions.jsonl", identity, "t", "http://localhost:1")
    path.parent.mkdir()
    path.write_text("garbage")
    with pytest.raises(DynoViewError, match="remove it to import from the start"):
        resume.load(path)
