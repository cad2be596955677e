"""`dynoview import` refusals that must be plain sentences and must lose nothing:

- two JSON arrays joined in one file: a problem at the second's place, nothing imported (before:
  the first array imported, the second dropped without a word, exit 0);
- ``--preset NAME`` on an empty table: the preset's markers are read from the file too (before:
  "Unexpected error: SchemaError ... check the table"), and a --schema file that cannot be used is
  a sentence (before: "Unexpected error" too);
- ``--progress-file`` naming the data file: refused without telling to remove it (before: "remove
  it to import from the start", of the user's data file);
- ``--resume`` with no progress file at the path: refused, nothing written (before: a silent
  import from the start).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from dynoview.cli import main
from dynoview.core.session.connection import Connection
from tests.helpers import empty_accounts_table
from tests.integration.test_import_items import _scan

pytestmark = pytest.mark.integration


@pytest.fixture
def target(conn: Connection) -> Iterator[str]:
    with empty_accounts_table(conn, "refuse") as name:
        yield name


def _import(path: Path, table: str, url: str, *more: str) -> int:
    return main(["import", str(path), "--table", table, "--endpoint-url", url, *more])


def test_two_joined_json_arrays_import_nothing(tmp_path: Path, endpoint_url: str, conn: Connection,
                                               target: str, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "joined.json"
    path.write_text('[{"PK":"a1","SK":"x"},{"PK":"a2","SK":"x"}]\n[{"PK":"b1","SK":"x"},{"PK":"b2","SK":"x"}]\n')
    assert _import(path, target, endpoint_url, "--yes", "--progress-file", str(tmp_path / "p.json")) == 2
    err = capsys.readouterr().err
    assert "problem: item 3 (line 2, column 1): there is more after the array's closing ]" in err
    assert "nothing was imported" in err
    assert _scan(conn, target) == []


ONETABLE = [{"Item": {"PK": {"S": "User#1"}, "SK": {"S": "User#1"}, "email": {"S": "a@b.c"}}},
            {"Item": {"PK": {"S": "_unique#User#email#a@b.c"}, "SK": {"S": "_unique#"}}}]


def test_a_preset_takes_its_markers_from_the_file_on_an_empty_table(
        tmp_path: Path, endpoint_url: str, conn: Connection, target: str,
        capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "onetable.ddb.json"
    path.write_text("".join(json.dumps(line) + "\n" for line in ONETABLE))
    assert _import(path, target, endpoint_url, "--preset", "onetable", "--yes",
                   "--progress-file", str(tmp_path / "p.json")) == 0
    err = capsys.readouterr().err
    assert "Unexpected error" not in err
    assert "the table has uniqueness lock rules" in err  # the preset's, from the file's marker
    assert len(_scan(conn, target)) == 2


def test_a_preset_without_markers_anywhere_is_a_sentence(
        tmp_path: Path, endpoint_url: str, target: str, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "plain.ddb.json"
    path.write_text(json.dumps({"Item": {"PK": {"S": "DOC#1"}, "SK": {"S": "META"}}}) + "\n")
    assert _import(path, target, endpoint_url, "--preset", "onetable", "--dry-run") == 2
    err = capsys.readouterr().err
    assert "Unexpected error" not in err and "SchemaError" not in err
    assert ("--preset onetable takes the model and attribute names from OneTable (dynamodb-onetable) "
            "markers") in err
    assert f"none of the 0 item(s) read from table {target} nor of the first 1 item(s) of {path} " \
           "is one" in err
    assert "give the layout with --schema FILE" in err


def test_a_schema_file_that_cannot_be_used_is_a_sentence(
        tmp_path: Path, endpoint_url: str, target: str, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "plain.ddb.json"
    path.write_text(json.dumps({"Item": {"PK": {"S": "DOC#1"}, "SK": {"S": "META"}}}) + "\n")
    schema = tmp_path / "schema.json"
    schema.write_text('{"pk_name": 5}')
    assert _import(path, target, endpoint_url, "--schema", str(schema), "--dry-run") == 2
    err = capsys.readouterr().err
    assert "Unexpected error" not in err and "SchemaError" not in err
    assert "pk_name must be a non-empty string" in err


def _lines(path: Path, count: int) -> Path:
    path.write_text("".join(json.dumps({"PK": f"DOC#{n:03d}", "SK": "META"}) + "\n" for n in range(count)))
    return path


def test_the_data_file_given_as_progress_file_is_refused_and_kept(
        tmp_path: Path, endpoint_url: str, conn: Connection, target: str,
        capsys: pytest.CaptureFixture[str]) -> None:
    path = _lines(tmp_path / "data.jsonl", 30)
    before = path.read_bytes()
    assert _import(path, target, endpoint_url, "--yes", "--progress-file", str(path)) == 2
    err = capsys.readouterr().err
    assert "remove" not in err
    assert f"--progress-file names the file being imported ({path}), which was left as it is" in err
    assert "give --progress-file a new path, or leave it out for the default" in err
    assert path.read_bytes() == before and _scan(conn, target) == []
    other = tmp_path / "my_accounts.csv"
    other.write_text("name,amount\nalice,10\n")
    assert _import(path, target, endpoint_url, "--yes", "--progress-file", str(other)) == 2
    err = capsys.readouterr().err
    assert "remove" not in err and f"{other} is not a DynoView import progress file" in err
    assert other.read_text() == "name,amount\nalice,10\n" and _scan(conn, target) == []


def test_resume_without_a_progress_file_is_refused(
        tmp_path: Path, endpoint_url: str, conn: Connection, target: str,
        capsys: pytest.CaptureFixture[str]) -> None:
    path = _lines(tmp_path / "data.jsonl", 30)
    typo = tmp_path / "progres.json"
    assert _import(path, target, endpoint_url, "--yes", "--resume", "--progress-file", str(typo)) == 2
    err = capsys.readouterr().err
    assert f"--resume: there is no import progress file at {typo}, so there is nothing to resume; " \
           "check the --progress-file path." in err
    assert not typo.exists() and _scan(conn, target) == []
    assert _import(path, target, endpoint_url, "--yes", "--resume") == 2  # the default path
    err = capsys.readouterr().err
    assert f"--resume: no stopped import of {path} into {target} at this endpoint was found" in err
    assert _scan(conn, target) == []
