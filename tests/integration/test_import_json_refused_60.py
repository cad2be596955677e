"""With --json, an import refused after the preview prints the one document docs/cli-import.md
promises (status ``refused``, its ``message``, the mode and the preview), exit 2. Before, a
--resume refused there (another mode, a changed file, no progress file) printed the sentence on
standard error and nothing on standard output."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from dynoview.cli import main
from dynoview.core.session.connection import Connection
from dynoview.core.session.tables import TableInfo
from tests.helpers import empty_keys_table

pytestmark = pytest.mark.integration


@pytest.fixture
def docs(conn: Connection) -> Iterator[TableInfo]:
    with empty_keys_table(conn, "json-refused") as info:
        yield info


def _import(path: Path, table: str, url: str, *more: str) -> int:
    return main(["import", str(path), "--table", table, "--endpoint-url", url, "--yes",
                 "--progress-file", str(path.with_suffix(".progress")), *more])


def _file(tmp_path: Path, count: int = 30) -> Path:
    path = tmp_path / "items.jsonl"
    path.write_text("".join(json.dumps({"PK": f"doc#{i}", "SK": "D"}) + "\n" for i in range(count)))
    return path


def _refused(capsys: pytest.CaptureFixture[str], said: str) -> None:
    out, err = capsys.readouterr()
    document = json.loads(out)  # the whole of standard output: one document
    assert document["status"] == "refused" and said in document["message"]
    assert document["preview"]["items"] > 0 and "mode" in document
    assert f"dynoview: {document['message']}" in err.replace("\n", " ") or said in err


def test_a_resume_in_another_mode_prints_the_refused_document(
        tmp_path: Path, endpoint_url: str, docs: TableInfo, capsys: pytest.CaptureFixture[str]) -> None:
    path = _file(tmp_path)
    assert _import(path, docs.name, endpoint_url) == 0
    capsys.readouterr()
    assert _import(path, docs.name, endpoint_url, "--resume", "--speed", "--json") == 2
    _refused(capsys, "resume with the same table, endpoint and mode")


def test_a_resume_of_a_changed_file_prints_the_refused_document(
        tmp_path: Path, endpoint_url: str, docs: TableInfo, capsys: pytest.CaptureFixture[str]) -> None:
    path = _file(tmp_path)
    assert _import(path, docs.name, endpoint_url) == 0
    _file(tmp_path, 31)
    capsys.readouterr()
    assert _import(path, docs.name, endpoint_url, "--resume", "--json") == 2
    _refused(capsys, "The file changed since the import stopped")


def test_a_resume_with_nothing_to_resume_prints_the_refused_document(
        tmp_path: Path, endpoint_url: str, docs: TableInfo, capsys: pytest.CaptureFixture[str]) -> None:
    # The default progress path is asked after the preview (a --progress-file one before it).
    path = _file(tmp_path)
    assert main(["import", str(path), "--table", docs.name, "--endpoint-url", endpoint_url, "--yes",
                 "--resume", "--json"]) == 2
    _refused(capsys, "so there is nothing to resume")
