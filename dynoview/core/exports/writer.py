"""Write an export folder the way ``ExportTableToPointInTime`` does (DYNAMODB_JSON).

For the demo (audit an export without an AWS account), tests and benchmarks: gzipped
JSON lines in ``data/``, ``manifest-files.json`` with each file's item count, base64
MD5 and ETag, ``manifest-summary.json``, the ``.checksum`` files and ``_started``.
Incremental exports write ``Metadata``/``Keys``/``NewImage``/``OldImage`` lines.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import secrets
import time
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from dynoview.core.exports.checksums import md5_base64
from dynoview.core.exports.manifest import (
    DYNAMODB_JSON,
    EXPORTS_FOLDER,
    FILES,
    FULL_EXPORT,
    INCREMENTAL_EXPORT,
    SUMMARY,
)
from dynoview.core.session.private_files import private_dir, write_private_bytes, write_private_text
from dynoview.core.values.dynamodb_json import to_dynamodb_json

ACCOUNT_ID = "123456789012"


@dataclass(frozen=True)
class Change:
    """One line of an incremental export: the item's keys, its new image (None: deleted)."""

    keys: Mapping[str, Any]
    new_image: Mapping[str, Any] | None
    old_image: Mapping[str, Any] | None = None
    written_at: float | None = None  # epoch seconds of the write


def _json_item(item: Mapping[str, Any]) -> dict[str, Any]:
    return {name: to_dynamodb_json(av) for name, av in item.items()}


def _iso(moment: float) -> str:
    return datetime.fromtimestamp(moment, UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def new_export_id(moment: float) -> str:
    """An id shaped like DynamoDB's: epoch milliseconds, a dash, 8 hex digits."""
    return f"{int(moment * 1000):014d}-{secrets.token_hex(4)}"


def write_export(root: Path, table: str, items: Iterable[Mapping[str, Any]] | None = None, *,
                 changes: Iterable[Change] | None = None, files: int = 3,
                 export_time: float | None = None, from_time: float | None = None,
                 s3_prefix: str = "", bucket: str = "dynoview-exports", region: str = "us-east-1",
                 export_id: str | None = None) -> Path:
    """Write a full export of ``items`` (or, with ``changes``, an incremental export of the
    window ``from_time``..``export_time``) under ``root``; return the export's folder.

    Items are low-level DynamoDB items (binary as bytes), spread over ``files`` data files
    the way the service spreads them over partitions; an empty file is written for an
    empty one, as DynamoDB does.
    """
    moment = time.time() if export_time is None else export_time
    export_id = export_id or new_export_id(moment)
    folder = root / EXPORTS_FOLDER / export_id
    data = folder / "data"
    private_dir(data)
    write_private_bytes(folder / "_started", b"")
    key_prefix = f"{s3_prefix.strip('/')}/" if s3_prefix.strip("/") else ""
    lines = _spread_lines(items, changes, files, moment)
    entries = _write_data_files(data, lines, f"{key_prefix}{EXPORTS_FOLDER}/{export_id}/data/")
    _write_checked(folder, FILES, "manifest-files.checksum", ("\n".join(entries) + "\n").encode())
    table_arn = f"arn:aws:dynamodb:{region}:{ACCOUNT_ID}:table/{table}"
    summary: dict[str, Any] = {
        "version": "2023-08-01" if changes is not None else "2020-06-30",
        "exportArn": f"{table_arn}/export/{export_id}",
        "startTime": _iso(moment + 1), "endTime": _iso(moment + 60),
        "tableArn": table_arn, "tableId": "0a1b2c3d-0000-4000-8000-000000000000",
        "s3Bucket": bucket, "s3Prefix": s3_prefix or None,
        "s3SseAlgorithm": "AES256", "s3SseKmsKeyId": None,
        "manifestFilesS3Key": f"{key_prefix}{EXPORTS_FOLDER}/{export_id}/{FILES}",
        "billedSizeBytes": sum((data / json.loads(e)["dataFileS3Key"].rsplit("/", 1)[1]).stat().st_size
                               for e in entries),
        "itemCount": sum(len(part) for part in lines), "outputFormat": DYNAMODB_JSON,
    }
    if changes is not None:
        summary.update(exportType=INCREMENTAL_EXPORT, outputView="NEW_AND_OLD_IMAGES",
                       exportFromTime=_iso(from_time if from_time is not None else moment - 3600),
                       exportToTime=_iso(moment))
    else:
        summary.update(exportType=FULL_EXPORT, exportTime=_iso(moment))
    _write_checked(folder, SUMMARY, "manifest-summary.checksum", json.dumps(summary).encode())
    return folder


def _change_line(change: Change, moment: float) -> bytes:
    record: dict[str, Any] = {
        "Metadata": {"WriteTimestampMicros": {
            "N": str(int((change.written_at or moment) * 1_000_000))}},
        "Keys": _json_item(change.keys)}
    if change.new_image is not None:
        record["NewImage"] = _json_item(change.new_image)
    if change.old_image is not None:
        record["OldImage"] = _json_item(change.old_image)
    return json.dumps(record, ensure_ascii=False).encode() + b"\n"


def _spread_lines(items: Iterable[Mapping[str, Any]] | None, changes: Iterable[Change] | None,
                  files: int, moment: float) -> list[list[bytes]]:
    """The export's JSON lines, dealt over ``files`` data files in turn."""
    lines: list[list[bytes]] = [[] for _ in range(max(1, files))]
    if changes is not None:
        for i, change in enumerate(changes):
            lines[i % len(lines)].append(_change_line(change, moment))
    else:
        for i, item in enumerate(items or ()):
            lines[i % len(lines)].append(
                json.dumps({"Item": _json_item(item)}, ensure_ascii=False).encode() + b"\n")
    return lines


def _write_data_files(data: Path, lines: list[list[bytes]], key_base: str) -> list[str]:
    """Write each file's lines gzipped; return their manifest-files.json entries."""
    entries: list[str] = []
    for part in lines:
        name = f"{secrets.token_hex(13)}.json.gz"
        # mtime=0: the same lines give the same bytes (and checksum), as a re-run export would.
        body = gzip.compress(b"".join(part), mtime=0)
        write_private_bytes(data / name, body)
        digest = hashlib.md5(body).digest()
        entries.append(json.dumps({
            "itemCount": len(part), "md5Checksum": md5_base64(digest),
            # S3's ETag for an object uploaded in one part: MD5 of the part's MD5, "-1".
            "etag": hashlib.md5(digest).hexdigest() + "-1",
            "dataFileS3Key": f"{key_base}{name}"}))
    return entries


def _write_checked(folder: Path, name: str, checksum_name: str, body: bytes) -> None:
    """A manifest file and its ``.checksum`` (hex MD5), as the service writes them."""
    write_private_bytes(folder / name, body)
    write_private_text(folder / checksum_name, hashlib.md5(body).hexdigest())


def upload_export(client: Any, folder: Path, bucket: str, prefix: str = "") -> str:
    """Upload an export folder written by ``write_export`` to ``s3://bucket/prefix/`` as the
    service lays it out (data files in one part, so their ETags are the manifest's)."""
    key_prefix = f"{prefix.strip('/')}/" if prefix.strip("/") else ""
    base = f"{key_prefix}{EXPORTS_FOLDER}/{folder.name}/"
    for path in sorted(folder.rglob("*")):
        if not path.is_file():
            continue
        key = base + path.relative_to(folder).as_posix()
        body = path.read_bytes()
        if path.parent.name == "data":
            upload = client.create_multipart_upload(Bucket=bucket, Key=key)
            part = client.upload_part(Bucket=bucket, Key=key, PartNumber=1, Body=body,
                                      UploadId=upload["UploadId"])
            client.complete_multipart_upload(
                Bucket=bucket, Key=key, UploadId=upload["UploadId"],
                MultipartUpload={"Parts": [{"PartNumber": 1, "ETag": part["ETag"]}]})
        else:
            client.put_object(Bucket=bucket, Key=key, Body=body)
    return f"s3://{bucket}/{base}"
