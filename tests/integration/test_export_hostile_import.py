"""`dynoview import` of a hostile S3-export folder, against moto: a truncated gzip data file with
no checksum, a manifest listing a data file twice and a data file linked from outside the folder
are each refused with a sentence naming the file (exit 2, never "a bug in DynoView"), before
anything is written."""

from __future__ import annotations

import gzip
import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from dynoview.cli import main
from tests.helpers import connect, empty_accounts_table
from tests.unit.core.imports.samples import dataset, write_s3_export

pytestmark = pytest.mark.integration


@pytest.fixture
def table(moto_endpoint: str) -> Iterator[str]:
    with empty_accounts_table(connect(moto_endpoint), "import-hostile") as name:
        yield name


def _entries(folder: Path) -> list[dict[str, object]]:
    text = (folder / "manifest-files.json").read_text()
    return [json.loads(line) for line in text.splitlines() if line.strip()]


def _save(folder: Path, entries: list[dict[str, object]]) -> None:
    (folder / "manifest-files.json").write_text("".join(json.dumps(e) + "\n" for e in entries))
    summary = json.loads((folder / "manifest-summary.json").read_text())
    summary["itemCount"] = sum(int(str(e["itemCount"])) for e in entries)
    (folder / "manifest-summary.json").write_text(json.dumps(summary))


def _import(capsys: pytest.CaptureFixture[str], folder: Path, table: str, url: str) -> tuple[int, str]:
    code = main(["import", str(folder), "--table", table, "--endpoint-url", url, "--yes"])
    return code, capsys.readouterr().err


def _items(url: str, table: str) -> int:
    return int(connect(url).client.scan(TableName=table, Select="COUNT")["Count"])


def test_a_truncated_gzip_file_without_checksum_is_named(
        tmp_path: Path, moto_endpoint: str, table: str, capsys: pytest.CaptureFixture[str]) -> None:
    folder = write_s3_export(tmp_path, dataset(6, 2), files=2)
    _save(folder, [{k: v for k, v in e.items() if k not in ("md5Checksum", "etag")}
                   for e in _entries(folder)])
    data = folder / "data" / "part1.json.gz"
    data.write_bytes(data.read_bytes()[: len(data.read_bytes()) // 2])
    code, err = _import(capsys, folder, table, moto_endpoint)
    assert code == 2, err
    assert "a bug in DynoView" not in err
    assert "The data file data/part1.json.gz is not a complete gzip file" in err
    assert "Copy it again from the export" in err
    assert _items(moto_endpoint, table) == 0


def test_a_manifest_listing_a_file_twice_is_refused(
        tmp_path: Path, moto_endpoint: str, table: str, capsys: pytest.CaptureFixture[str]) -> None:
    folder = write_s3_export(tmp_path, dataset(6, 2), files=2)
    entries = _entries(folder)
    _save(folder, [*entries, dict(entries[0])])
    code, err = _import(capsys, folder, table, moto_endpoint)
    assert code == 2, err
    assert "manifest-files.json lists the data file data/part0.json.gz twice (lines 1 and 3)" in err
    assert _items(moto_endpoint, table) == 0


def test_a_data_file_linked_from_outside_the_folder_is_refused(
        tmp_path: Path, moto_endpoint: str, table: str, capsys: pytest.CaptureFixture[str]) -> None:
    folder = write_s3_export(tmp_path / "exp", dataset(6, 2), files=2)
    private = tmp_path / "private.json.gz"
    private.write_bytes(gzip.compress(b'{"Item": {"PK": {"S": "DOC#victim"}, "SK": {"S": "META"}, '
                                      b'"email": {"S": "stolen@victim.example"}}}\n'))
    (folder / "data" / "zz.json.gz").symlink_to(private)
    key = f"prefix/AWSDynamoDB/{folder.name}/data/zz.json.gz"
    _save(folder, [*_entries(folder), {"itemCount": 1, "dataFileS3Key": key}])
    code, err = _import(capsys, folder, table, moto_endpoint)
    assert code == 2, err
    assert "data/zz.json.gz" in err and "leads outside the folder" in err
    assert _items(moto_endpoint, table) == 0
