"""DynamoDB exports to S3: find one, read its manifests, and check its data files.

``ExportTableToPointInTime`` (``DYNAMODB_JSON`` format) writes, under
``<prefix>/AWSDynamoDB/<export-id>/``:

- ``manifest-summary.json``: one JSON object (``exportArn``, ``tableArn``,
  ``exportTime``, ``itemCount``, ``outputFormat``, ``manifestFilesS3Key``; an
  incremental export also has ``exportType`` ``INCREMENTAL_EXPORT``,
  ``exportFromTime`` and ``exportToTime``);
- ``manifest-files.json``: one JSON object a line per data file: ``itemCount``,
  ``md5Checksum`` (base64 MD5 of the file's bytes), ``etag`` (the S3 ETag) and
  ``dataFileS3Key`` (the object's key in the bucket);
- ``data/*.json.gz``: gzipped JSON lines, ``{"Item": {...}}`` in DynamoDB JSON
  (incremental: ``{"Metadata": ..., "Keys": ..., "NewImage": ..., "OldImage": ...}``).

A folder on disk and an ``s3://`` prefix are read through the same small ``Store``
interface. Nothing is trusted before it is checked: every listed file must exist and
match its checksum (item counts are checked by the engine that reads the lines).
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import json
import os
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path, PurePosixPath
from typing import Any, BinaryIO, Protocol
from urllib.parse import urlparse

from dynoview.core.errors import DynoViewError

SUMMARY = "manifest-summary.json"
FILES = "manifest-files.json"
EXPORTS_FOLDER = "AWSDynamoDB"
FULL_EXPORT = "FULL_EXPORT"
INCREMENTAL_EXPORT = "INCREMENTAL_EXPORT"
DYNAMODB_JSON = "DYNAMODB_JSON"
_CHUNK = 1 << 20


class ExportError(DynoViewError):
    """An export that cannot be audited as it is; ``file`` names the file at fault."""

    def __init__(self, message: str, *, file: str | None = None) -> None:
        super().__init__(message, field="export")
        self.file = file


# --------------------------------------------------------------------------- stores


class Store(Protocol):
    """Read access to one export folder (keys relative to it, '/'-separated)."""

    where: str  # the folder as a user would type it

    def read(self, rel: str) -> bytes: ...
    def exists(self, rel: str) -> bool: ...
    def open_chunks(self, rel: str) -> Iterator[bytes]: ...
    def open(self, rel: str) -> BinaryIO: ...
    def etag(self, rel: str) -> str | None: ...


class LocalStore:
    """An export folder on disk."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.where = str(root)

    def path(self, rel: str) -> Path:
        return self.root.joinpath(*PurePosixPath(rel).parts)

    def read(self, rel: str) -> bytes:
        return self.path(rel).read_bytes()

    def exists(self, rel: str) -> bool:
        return self.path(rel).is_file()

    def open_chunks(self, rel: str) -> Iterator[bytes]:
        with self.path(rel).open("rb") as f:
            while chunk := f.read(_CHUNK):
                yield chunk

    def open(self, rel: str) -> BinaryIO:
        return self.path(rel).open("rb")

    def etag(self, rel: str) -> str | None:
        return None  # a local copy has no S3 ETag: its MD5 is checked instead


class S3Store:
    """An export folder in S3 (``s3://bucket/prefix/AWSDynamoDB/<id>/``), read with boto3."""

    def __init__(self, client: Any, bucket: str, prefix: str) -> None:
        self.client = client
        self.bucket = bucket
        self.prefix = prefix if not prefix or prefix.endswith("/") else prefix + "/"
        self.where = f"s3://{bucket}/{self.prefix}"

    def key(self, rel: str) -> str:
        return self.prefix + rel

    def url(self, rel: str = "") -> str:
        return f"s3://{self.bucket}/{self.key(rel)}"

    def read(self, rel: str) -> bytes:
        return bytes(self.client.get_object(Bucket=self.bucket, Key=self.key(rel))["Body"].read())

    def exists(self, rel: str) -> bool:
        return self.etag(rel) is not None

    def open_chunks(self, rel: str) -> Iterator[bytes]:
        body = self.client.get_object(Bucket=self.bucket, Key=self.key(rel))["Body"]
        try:
            while chunk := body.read(_CHUNK):
                yield chunk
        finally:
            body.close()

    def open(self, rel: str) -> BinaryIO:
        """The object's body as a stream (read as it arrives, never held whole)."""
        return self.client.get_object(Bucket=self.bucket, Key=self.key(rel))["Body"]  # type: ignore[no-any-return]

    def etag(self, rel: str) -> str | None:
        from botocore.exceptions import ClientError

        try:
            head = self.client.head_object(Bucket=self.bucket, Key=self.key(rel))
        except ClientError as exc:
            if exc.response.get("Error", {}).get("Code") in ("404", "NoSuchKey", "NotFound"):
                return None
            raise
        return str(head.get("ETag", "")).strip('"')

    def folders(self, rel: str) -> list[str]:
        """Sub-folder names directly under ``rel`` (S3 common prefixes)."""
        names: list[str] = []
        paginator = self.client.get_paginator("list_objects_v2")
        for page in paginator.paginate(Bucket=self.bucket, Prefix=self.key(rel), Delimiter="/"):
            for cp in page.get("CommonPrefixes", []):
                names.append(cp["Prefix"][len(self.key(rel)):].rstrip("/"))
        return names


def parse_s3_url(url: str) -> tuple[str, str]:
    """(bucket, prefix) of ``s3://bucket/prefix``; the prefix may be empty."""
    parsed = urlparse(url)
    if parsed.scheme != "s3" or not parsed.netloc:
        raise ExportError(f"{url} is not an S3 location: write it as s3://bucket/prefix/.")
    return parsed.netloc, parsed.path.lstrip("/")


def open_export(path: str, s3_client: Any = None) -> Store:
    """The export folder PATH names: the ``AWSDynamoDB/<export-id>/`` folder itself, the
    ``AWSDynamoDB`` folder above it, or the folder holding ``AWSDynamoDB`` (the export
    prefix). Several exports under PATH is an error that lists them."""
    if path.startswith("s3://"):
        if s3_client is None:
            raise ExportError("Reading an export from S3 needs an S3 client; pass one.")
        bucket, prefix = parse_s3_url(path)
        store = S3Store(s3_client, bucket, prefix)
        if store.exists(SUMMARY):
            return store
        found = [f"{EXPORTS_FOLDER}/{name}" for name in store.folders(f"{EXPORTS_FOLDER}/")]
        found += [name for name in store.folders("") if name != EXPORTS_FOLDER]
        found = [rel for rel in found if store.exists(f"{rel}/{SUMMARY}")]
        return _pick(path, [S3Store(s3_client, bucket, store.key(rel)) for rel in found])
    root = Path(path).expanduser()
    if not root.is_dir():
        raise ExportError(f"{path} is not a folder: give the export's folder (the one holding "
                          f"{SUMMARY}) or the folder above its {EXPORTS_FOLDER} folder.")
    if (root / SUMMARY).is_file():
        return LocalStore(root)
    candidates = sorted(p.parent for p in (*root.glob(f"{EXPORTS_FOLDER}/*/{SUMMARY}"),
                                           *root.glob(f"*/{SUMMARY}")))
    return _pick(path, [LocalStore(p) for p in candidates])


def _pick(path: str, stores: list[Any]) -> Store:
    if len(stores) == 1:
        return stores[0]  # type: ignore[no-any-return]
    if not stores:
        raise ExportError(f"No DynamoDB export was found at {path}: there is no {SUMMARY} in it, "
                          f"in {EXPORTS_FOLDER}/<export-id>/ below it, or one folder down. Give the "
                          "folder an ExportTableToPointInTime wrote.")
    listed = ", ".join(s.where for s in stores)
    raise ExportError(f"{path} holds {len(stores)} exports ({listed}): give the folder of the "
                      "one to audit (several --export flags apply incremental exports over a full one).")


# --------------------------------------------------------------------------- manifests


@dataclass(frozen=True)
class DataFile:
    """One data file as manifest-files.json lists it."""

    key: str  # dataFileS3Key, as written
    rel: str  # the same file relative to the export folder: data/<name>.json.gz
    item_count: int
    md5: str | None  # base64 MD5 of the file's bytes
    etag: str | None  # S3 ETag as the export wrote it ("<hex>" or "<hex>-<parts>")


@dataclass(frozen=True)
class ExportManifest:
    """What an export's manifests say, checked for shape (not yet against the files)."""

    store: Store
    export_id: str
    export_arn: str | None
    table_arn: str | None
    export_type: str  # FULL_EXPORT or INCREMENTAL_EXPORT
    export_time: datetime | None  # full: the snapshot's time
    from_time: datetime | None  # incremental: the window it covers
    to_time: datetime | None
    item_count: int
    files: tuple[DataFile, ...]
    summary: dict[str, Any] = field(repr=False, default_factory=dict)

    @property
    def table_name(self) -> str:
        """The exported table's name (from its ARN), or the export id when it is not given."""
        if self.table_arn and ":table/" in self.table_arn:
            return self.table_arn.split(":table/", 1)[1].split("/", 1)[0]
        return f"export {self.export_id}"

    @property
    def incremental(self) -> bool:
        return self.export_type == INCREMENTAL_EXPORT

    @property
    def as_of(self) -> datetime | None:
        """The moment the export reflects: the snapshot time, or an increment's end."""
        return self.to_time if self.incremental else self.export_time

    def describe(self) -> str:
        kind = "incremental export" if self.incremental else "full export"
        when = (f" of {_iso(self.from_time)} to {_iso(self.to_time)}" if self.incremental
                else f" as of {_iso(self.export_time)}" if self.export_time else "")
        return f"{kind} {self.export_id} of {self.table_name}{when} ({self.store.where})"


def _iso(moment: datetime | None) -> str:
    return moment.isoformat().replace("+00:00", "Z") if moment else "an unknown time"


def _time(summary: dict[str, Any], key: str) -> datetime | None:
    value = summary.get(key)
    if value in (None, ""):
        return None
    try:
        if isinstance(value, (int, float)):
            from datetime import UTC

            return datetime.fromtimestamp(float(value), UTC)
        return datetime.fromisoformat(str(value).replace("Z", "+00:00"))
    except (ValueError, OverflowError):
        raise ExportError(f"{SUMMARY}: {key} is {value!r}, not a time; the export looks damaged.",
                          file=SUMMARY) from None


def data_file_rel(key: str, export_id: str) -> str:
    """A manifest key relative to the export folder, so a copied export still resolves.

    The key is data, never a path to follow: it must stay inside the export folder.
    """
    marker = f"{EXPORTS_FOLDER}/{export_id}/"
    rel = key.split(marker, 1)[1] if marker in key else (
        key if key.startswith("data/") else "data/" + key.rsplit("/", 1)[-1])
    parts = PurePosixPath(rel).parts
    if not rel or rel.startswith("/") or any(p in ("..", ".", "") for p in parts) or "\\" in rel:
        raise ExportError(f"{FILES} lists {key!r}, which points outside the export folder; the "
                          "manifest looks tampered with.", file=FILES)
    return rel


def _json_object(raw: bytes, name: str) -> dict[str, Any]:
    try:
        data = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError) as exc:
        raise ExportError(f"{name} is not valid JSON ({exc}); the export looks damaged: run the "
                          "export again.", file=name) from None
    if not isinstance(data, dict):
        raise ExportError(f"{name} is not a JSON object; the export looks damaged.", file=name)
    return data


def read_manifest(store: Store) -> ExportManifest:
    """Read and check both manifests of the export at ``store``."""
    if not store.exists(SUMMARY):
        raise ExportError(f"{store.where} has no {SUMMARY}: the export is incomplete (still "
                          "running, or failed). Wait for it to finish, or export again.", file=SUMMARY)
    summary = _json_object(store.read(SUMMARY), SUMMARY)
    fmt = summary.get("outputFormat", DYNAMODB_JSON)
    if fmt != DYNAMODB_JSON:
        raise ExportError(f"This export is in {fmt} format; the audit reads DYNAMODB_JSON exports. "
                          "Export the table again with ExportFormat DYNAMODB_JSON.", file=SUMMARY)
    export_arn = summary.get("exportArn")
    export_id = (str(export_arn).rsplit("/", 1)[-1] if export_arn
                 else PurePosixPath(store.where.rstrip("/")).name)
    export_type = str(summary.get("exportType") or FULL_EXPORT)
    if export_type not in (FULL_EXPORT, INCREMENTAL_EXPORT):
        raise ExportError(f"{SUMMARY}: exportType {export_type!r} is not one this audit knows "
                          f"({FULL_EXPORT}, {INCREMENTAL_EXPORT}).", file=SUMMARY)
    files_key = summary.get("manifestFilesS3Key")
    files_rel = data_file_rel(str(files_key), export_id) if files_key else FILES
    if files_rel.startswith("data/"):  # a bare name resolves next to the summary
        files_rel = FILES
    if not store.exists(files_rel):
        raise ExportError(f"{store.where} has no {files_rel}, which {SUMMARY} names: the export is "
                          "incomplete. Copy the whole export folder, or export again.", file=files_rel)
    files: list[DataFile] = []
    text = store.read(files_rel).decode("utf-8", "replace")
    for n, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            entry = json.loads(line)
            key = str(entry["dataFileS3Key"])
            count = int(entry["itemCount"])
        except (ValueError, KeyError, TypeError):
            raise ExportError(f"{files_rel} line {n} is not a data file entry (dataFileS3Key, "
                              "itemCount); the export looks damaged.", file=files_rel) from None
        files.append(DataFile(key, data_file_rel(key, export_id), count,
                              entry.get("md5Checksum") or None, entry.get("etag") or None))
    listed = sum(f.item_count for f in files)
    total = summary.get("itemCount")
    if isinstance(total, int) and total != listed:
        raise ExportError(f"{SUMMARY} counts {total:,} items but {files_rel} lists files holding "
                          f"{listed:,}: the manifests disagree, so the export cannot be trusted. "
                          "Export again.", file=files_rel)
    return ExportManifest(
        store=store, export_id=export_id, export_arn=export_arn, table_arn=summary.get("tableArn"),
        export_type=export_type, export_time=_time(summary, "exportTime"),
        from_time=_time(summary, "exportFromTime"), to_time=_time(summary, "exportToTime"),
        item_count=listed, files=tuple(files), summary=summary)


def order_exports(manifests: list[ExportManifest]) -> list[ExportManifest]:
    """One full export, then incremental exports in time order, each starting no later than
    the state before it ends (no gap), so applying them in order gives the table at the end."""
    full = [m for m in manifests if not m.incremental]
    if len(full) != 1:
        raise ExportError("Give exactly one full export (with any number of incremental exports to "
                          f"apply over it); {len(full)} full exports were given.")
    base = full[0]
    increments = sorted((m for m in manifests if m.incremental),
                        key=lambda m: (m.from_time or datetime.min, m.to_time or datetime.min))
    reached = base.export_time
    for inc in increments:
        if inc.table_arn and base.table_arn and inc.table_arn != base.table_arn:
            raise ExportError(f"The incremental export {inc.export_id} is of {inc.table_name}, not "
                              f"{base.table_name}; give exports of one table.")
        if reached and inc.to_time and inc.to_time <= reached:
            raise ExportError(f"The incremental export {inc.export_id} ends ({_iso(inc.to_time)}) "
                              f"before the state it would be applied to ({_iso(reached)}): applying it "
                              "would roll items back. Leave it out.")
        if reached and inc.from_time and inc.from_time > reached:
            raise ExportError(f"There is a gap between {_iso(reached)} and {_iso(inc.from_time)}, "
                              f"where the incremental export {inc.export_id} starts: changes in it "
                              "would be missing. Add the export that covers it.")
        reached = inc.to_time or reached
    return [base, *increments]


# --------------------------------------------------------------------------- checksums


def md5_base64(digest: bytes) -> str:
    return base64.b64encode(digest).decode("ascii")


def single_part_etag(md5_digest: bytes, parts: int) -> str | None:
    """The ETag S3 gives an object uploaded whole (hex MD5) or in one part (MD5 of MD5, "-1").
    Larger part counts depend on the part size, which the manifest does not give."""
    if parts == 0:
        return md5_digest.hex()
    if parts == 1:
        return hashlib.md5(md5_digest).hexdigest() + "-1"
    return None


def _etag_parts(etag: str) -> int:
    tail = etag.rsplit("-", 1)
    return int(tail[1]) if len(tail) == 2 and tail[1].isdigit() else 0


def check_md5(data_file: DataFile, digest: bytes) -> None:
    """Refuse a file whose MD5 is not the manifest's (md5Checksum, else a computable ETag)."""
    if data_file.md5:
        try:
            expected = base64.b64decode(data_file.md5, validate=True)
        except (binascii.Error, ValueError):
            raise ExportError(f"{FILES} gives {data_file.rel} the checksum {data_file.md5!r}, which is "
                              "not base64; the manifest looks damaged.", file=data_file.rel) from None
        if expected != digest:
            raise ExportError(f"The data file {data_file.rel} is corrupted: its MD5 is "
                              f"{md5_base64(digest)}, the manifest says {data_file.md5}. Copy it again "
                              "from the export (or export again); nothing was audited.",
                              file=data_file.rel)
        return
    if data_file.etag:
        expected_etag = single_part_etag(digest, _etag_parts(data_file.etag))
        if expected_etag is not None and expected_etag != data_file.etag:
            raise ExportError(f"The data file {data_file.rel} is corrupted: its content does not match "
                              f"the ETag {data_file.etag} in the manifest. Copy it again from the "
                              "export; nothing was audited.", file=data_file.rel)


def _missing(manifest: ExportManifest, data_file: DataFile) -> ExportError:
    return ExportError(f"The data file {data_file.rel} listed in {FILES} is missing from "
                       f"{manifest.store.where}: the copy is incomplete. Copy the whole export "
                       "folder (or export again); nothing was audited.", file=data_file.rel)


Progress = Callable[[int, int, str], None]  # (files done, files, what is being done)


def verify_files(manifest: ExportManifest, *, stage_to: Path | None = None,
                 progress: Progress | None = None, cancel: threading.Event | None = None,
                 offset: int = 0, total: int | None = None) -> list[Path]:
    """Check every data file (present, MD5 as the manifest says) and return local paths to read.

    A local export is read where it is; an S3 export is downloaded into ``stage_to``
    (hashed as it arrives, so each byte is read once).
    """
    store = manifest.store
    total = total if total is not None else len(manifest.files)
    out: list[Path] = []
    for i, data_file in enumerate(manifest.files):
        if cancel is not None and cancel.is_set():
            break
        if progress is not None:
            progress(offset + i, total, f"checking {data_file.rel}")
        if not store.exists(data_file.rel):
            raise _missing(manifest, data_file)
        md5 = hashlib.md5()
        if isinstance(store, LocalStore):
            for chunk in store.open_chunks(data_file.rel):
                md5.update(chunk)
            out.append(store.path(data_file.rel))
        else:
            if stage_to is None:
                raise ExportError("An S3 export is downloaded before it is read locally; give a "
                                  "folder to download it to.")
            dest = stage_to / manifest.export_id / PurePosixPath(data_file.rel).name
            dest.parent.mkdir(parents=True, exist_ok=True)
            with dest.open("wb") as f:
                for chunk in store.open_chunks(data_file.rel):
                    md5.update(chunk)
                    f.write(chunk)
            out.append(dest)
        check_md5(data_file, md5.digest())
    if progress is not None:
        progress(offset + len(manifest.files), total, "data files checked")
    return out


def verify_etags(manifest: ExportManifest) -> None:
    """Check every data file of an S3 export without downloading it: present, ETag as written.

    The ETag changes whenever an object is rewritten, so a matching ETag means the file is
    the one the export wrote (the engine then checks each file's item count).
    """
    for data_file in manifest.files:
        etag = manifest.store.etag(data_file.rel)
        if etag is None:
            raise _missing(manifest, data_file)
        if data_file.etag and etag != data_file.etag:
            raise ExportError(f"The data file {data_file.rel} was changed after the export wrote it: "
                              f"its ETag is {etag}, the manifest says {data_file.etag}. Export again; "
                              "nothing was audited.", file=data_file.rel)


def check_item_counts(manifest: ExportManifest, counts: dict[str, int]) -> None:
    """Refuse the export if a file holds another number of lines than its manifest entry.

    ``counts`` maps each file's name (its last path part) to the lines the engine read.
    """
    by_name = {PurePosixPath(f.rel).name: f for f in manifest.files}
    for name in counts:
        if name not in by_name:
            raise ExportError(f"The data file {name} is in the export's data folder but not in "
                              f"{FILES}: the folder holds more than this export wrote. Remove it "
                              "or export again; nothing was audited.", file=f"data/{name}")
    for name, data_file in by_name.items():
        got = counts.get(name, 0)
        if got != data_file.item_count:
            raise ExportError(f"The data file {data_file.rel} holds {got:,} item(s), but {FILES} says "
                              f"{data_file.item_count:,}: it is truncated or corrupted. Copy it again "
                              "from the export; nothing was audited.", file=data_file.rel)


def file_name(path: str) -> str:
    """The last part of a path or URL, as engines report a row's file."""
    return os.path.basename(path.rstrip("/")) if "/" in path or os.sep in path else path
