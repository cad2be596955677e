"""Finding an export folder, reading its manifests, and refusing damaged data files."""

from __future__ import annotations

import gzip
import json
import re
from pathlib import Path

import pytest

from dynoview.core.exports.checksums import check_item_counts, verify_files
from dynoview.core.exports.manifest import (
    ExportError,
    data_file_rel,
    open_export,
    order_exports,
    parse_s3_url,
    read_manifest,
)
from dynoview.core.exports.writer import Change, write_export

ITEMS = [{"PK": {"S": f"ACCT#{i}"}, "SK": {"S": "PROFILE"}, "email": {"S": f"u{i}@x"},
          "raw": {"B": bytes([i, 255])}} for i in range(7)]


def test_writer_lays_out_an_export_like_dynamodb(tmp_path: Path) -> None:
    folder = write_export(tmp_path, "accounts", ITEMS, files=3, s3_prefix="exports/2026")
    assert folder.parent.name == "AWSDynamoDB"
    assert sorted(p.name for p in folder.iterdir()) == [
        "_started", "data", "manifest-files.checksum", "manifest-files.json",
        "manifest-summary.checksum", "manifest-summary.json"]
    summary = json.loads((folder / "manifest-summary.json").read_text())
    assert summary["outputFormat"] == "DYNAMODB_JSON" and summary["itemCount"] == 7
    assert summary["manifestFilesS3Key"] == f"exports/2026/AWSDynamoDB/{folder.name}/manifest-files.json"
    entries = [json.loads(line) for line in (folder / "manifest-files.json").read_text().splitlines()]
    assert sorted(e["itemCount"] for e in entries) == [2, 2, 3]
    assert all(e["etag"].endswith("-1") and e["dataFileS3Key"].startswith("exports/2026/AWSDynamoDB/")
               for e in entries)
    first = entries[0]["dataFileS3Key"].rsplit("/", 1)[1]
    line = gzip.decompress((folder / "data" / first).read_bytes()).splitlines()[0]
    assert json.loads(line)["Item"]["raw"] == {"B": "AP8="}  # binary as base64, as exports write it


@pytest.mark.parametrize("given", ["folder", "AWSDynamoDB", "prefix"])
def test_export_found_from_its_folder_or_above(tmp_path: Path, given: str) -> None:
    folder = write_export(tmp_path, "accounts", ITEMS)
    path = {"folder": folder, "AWSDynamoDB": folder.parent, "prefix": tmp_path}[given]
    manifest = read_manifest(open_export(str(path)))
    assert manifest.export_id == folder.name and manifest.table_name == "accounts"
    assert manifest.item_count == 7 and len(manifest.files) == 3


def test_several_exports_under_a_folder_are_listed(tmp_path: Path) -> None:
    write_export(tmp_path, "accounts", ITEMS)
    write_export(tmp_path, "accounts", ITEMS)
    with pytest.raises(ExportError, match="holds 2 exports"):
        open_export(str(tmp_path))
    (tmp_path / "empty").mkdir()
    with pytest.raises(ExportError, match="No DynamoDB export was found"):
        open_export(str(tmp_path / "empty"))
    with pytest.raises(ExportError, match="is not a folder"):
        open_export(str(tmp_path / "absent"))


def test_missing_and_corrupted_files_are_named(tmp_path: Path) -> None:
    folder = write_export(tmp_path, "accounts", ITEMS)
    manifest = read_manifest(open_export(str(folder)))
    victim = folder / manifest.files[1].rel
    data = bytearray(victim.read_bytes())
    data[-5] ^= 0xFF
    victim.write_bytes(bytes(data))
    with pytest.raises(ExportError, match=f"{manifest.files[1].rel} is corrupted") as err:
        verify_files(manifest)
    assert err.value.file == manifest.files[1].rel
    victim.unlink()
    with pytest.raises(ExportError, match=f"{manifest.files[1].rel} listed in manifest-files.json is "
                                          "missing") as err:
        verify_files(manifest)
    assert err.value.file == manifest.files[1].rel


def test_item_counts_checked_per_file(tmp_path: Path) -> None:
    manifest = read_manifest(open_export(str(write_export(tmp_path, "accounts", ITEMS))))
    counts = {Path(f.rel).name: f.item_count for f in manifest.files}
    check_item_counts(manifest, counts)
    name = next(iter(counts))
    with pytest.raises(ExportError, match=f"data/{name} holds 1 item"):
        check_item_counts(manifest, {**counts, name: 1})
    with pytest.raises(ExportError, match=re.escape("extra.json.gz is in the export's data folder but not")):
        check_item_counts(manifest, {**counts, "extra.json.gz": 4})


def test_manifest_keys_cannot_leave_the_folder() -> None:
    assert data_file_rel("p/AWSDynamoDB/1-a/data/x.json.gz", "1-a") == "data/x.json.gz"
    assert data_file_rel("copied/elsewhere/x.json.gz", "1-a") == "data/x.json.gz"
    with pytest.raises(ExportError, match="outside the export folder"):
        data_file_rel("AWSDynamoDB/1-a/../../../etc/passwd", "1-a")


def test_other_formats_and_mismatched_manifests_are_refused(tmp_path: Path) -> None:
    folder = write_export(tmp_path, "accounts", ITEMS)
    summary_path = folder / "manifest-summary.json"
    summary = json.loads(summary_path.read_text())
    summary_path.write_text(json.dumps({**summary, "itemCount": 8}))
    disagree = re.escape("counts 8 items but manifest-files.json lists files holding 7")
    with pytest.raises(ExportError, match=disagree):
        read_manifest(open_export(str(folder)))
    summary_path.write_text(json.dumps({**summary, "outputFormat": "ION"}))
    with pytest.raises(ExportError, match="ION format"):
        read_manifest(open_export(str(folder)))


def test_incremental_exports_are_ordered_and_gaps_refused(tmp_path: Path) -> None:
    t = 1_800_000_000.0
    full = read_manifest(open_export(str(write_export(tmp_path / "a", "accounts", ITEMS, export_time=t))))
    change = [Change({"PK": {"S": "ACCT#1"}, "SK": {"S": "PROFILE"}}, None)]

    def inc(name: str, start: float, end: float):  # type: ignore[no-untyped-def]
        folder = write_export(tmp_path / name, "accounts", changes=change, from_time=start, export_time=end)
        return read_manifest(open_export(str(folder)))

    first, second = inc("b", t - 60, t + 3600), inc("c", t + 3600, t + 7200)
    assert [m.export_id for m in order_exports([second, full, first])] == [
        full.export_id, first.export_id, second.export_id]
    with pytest.raises(ExportError, match="There is a gap between"):
        order_exports([full, second])
    with pytest.raises(ExportError, match="would roll items back"):
        order_exports([full, inc("d", t - 7200, t - 3600)])
    with pytest.raises(ExportError, match="exactly one full export"):
        order_exports([first])


@pytest.mark.parametrize("url", ["s3://bucket with space/exports/", "s3://my:bucket/x/",
                                 "s3://bücket/x/", "s3://" + "b" * 256 + "/"])
def test_an_s3_location_whose_bucket_no_name_can_be_is_refused_in_words(url: str) -> None:
    with pytest.raises(ExportError) as caught:
        open_export(url, s3_client=object())  # refused before any request: the client is never used
    assert "cannot be an S3 bucket's name" in str(caught.value) and "Copy S3 URI" in str(caught.value)


@pytest.mark.parametrize(("url", "parts"), [
    ("s3://my-bucket/exports/", ("my-bucket", "exports/")),
    ("s3://Legacy_Bucket.2017/x", ("Legacy_Bucket.2017", "x")),  # us-east-1 names of before 2018
    ("s3://b", ("b", "")),
])
def test_real_bucket_names_pass(url: str, parts: tuple[str, str]) -> None:
    assert parse_s3_url(url) == parts
