"""Where ``run_import`` starts (``resume.start``): for every caller (the command line and the
window), a fresh start records what its batches are cut by, and a resume whose batches would be
cut otherwise is refused at the Resume field, in the caller's words; a format a caller does not
name is not compared. (Before: only the command line checked it, by writing the progress file
itself; the window's resume skipped other items than the stopped import wrote.)"""

from __future__ import annotations

from pathlib import Path

import pytest

from dynoview.core.errors import DynoViewError
from dynoview.core.imports import resume
from dynoview.core.imports.run import ImportOptions
from dynoview.core.session.tables import KeyAttribute, TableInfo
from dynoview.core.uniqueness.schema import article_schema

TABLE = TableInfo(name="accounts", partition_key=KeyAttribute("PK", "S"),
                  sort_key=KeyAttribute("SK", "S"))
ENDPOINT = "http://localhost:1"
WINDOW = ImportOptions(resume=True, resume_hint="“Resume”", format_hint="the format")


def _inputs(fmt: str = "jsonl", *, locks: bool = True, label: str = "the article's default layout",
            ) -> dict[str, object]:
    return resume.batch_inputs(fmt, TABLE, article_schema() if locks else None, max_items=100,
                               schema_label=label)


def _stopped(tmp_path: Path, inputs: dict[str, object], *, done: bool = False) -> tuple[Path, Path]:
    data = tmp_path / "items.jsonl"
    data.write_text('{"PK": "a", "SK": "b"}\n')
    path = tmp_path / "progress.json"
    resume.save(path, resume.Progress(resume.file_identity(data), TABLE.name, ENDPOINT, "transact",
                                      batches=2, items=200, done=done, inputs=inputs))
    return data, path


def test_a_fresh_start_records_its_cut(tmp_path: Path) -> None:
    data, path = _stopped(tmp_path, _inputs())
    state, save = resume.start(path, resume.file_identity(data), TABLE.name, ENDPOINT,
                               ImportOptions(resume=False), _inputs(locks=False))
    assert save and (state.batches, state.items) == (0, 0)
    assert state.inputs == _inputs(locks=False)


def test_a_resume_cut_otherwise_is_refused_at_the_resume_field_in_the_callers_words(
        tmp_path: Path) -> None:
    data, path = _stopped(tmp_path, _inputs("ddb-json", label="the schema saved for this table"))
    with pytest.raises(DynoViewError) as refused:
        resume.start(path, resume.file_identity(data), TABLE.name, ENDPOINT, WINDOW,
                     _inputs("jsonl", locks=False))
    assert refused.value.field == "resume"
    said = refused.value.message
    assert "its batches followed the lock rules of the schema saved for this table, this run's " \
           "follow no lock rules (the file's order)" in said
    assert "Resume with the format ddb-json and the same uniqueness schema (the schema saved for " \
           "this table), or import from the start without “Resume”." in said


def test_the_same_cut_resumes_and_takes_this_runs_label(tmp_path: Path) -> None:
    data, path = _stopped(tmp_path, _inputs(label="--schema s.json"))
    state, save = resume.start(path, resume.file_identity(data), TABLE.name, ENDPOINT, WINDOW,
                               _inputs(label="the article's default layout"))
    assert save and (state.batches, state.items) == (2, 200)
    assert state.inputs == _inputs(label="the article's default layout")


def test_a_format_not_named_is_not_compared(tmp_path: Path) -> None:
    data, path = _stopped(tmp_path, _inputs(""))
    state, save = resume.start(path, resume.file_identity(data), TABLE.name, ENDPOINT, WINDOW,
                               _inputs("csv"))
    assert save and state.batches == 2
    data, path = _stopped(tmp_path, _inputs("csv"))
    state, save = resume.start(path, resume.file_identity(data), TABLE.name, ENDPOINT, WINDOW,
                               _inputs(""))
    assert state.batches == 2


def test_a_finished_import_is_not_judged_by_its_cut(tmp_path: Path) -> None:
    data, path = _stopped(tmp_path, _inputs(), done=True)
    state, _save = resume.start(path, resume.file_identity(data), TABLE.name, ENDPOINT, WINDOW,
                                _inputs(locks=False))
    assert state.done
