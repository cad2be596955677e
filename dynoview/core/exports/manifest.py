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

import json
import os
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path, PurePosixPath
from typing import Any, BinaryIO, Protocol
from urllib.parse import urlparse

from dynoview.core.errors import DynoViewError, aws_error_code

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
        """The file at ``rel``, refused (``ExportError``) when a symbolic link (the file's, or a
        folder's on the way) leads outside the export folder: only the export's own files are read."""
        path = self.root.joinpath(*PurePosixPath(rel).parts)
        try:
            target = path.resolve()
            inside = target.is_relative_to(self.root.resolve())
        except (OSError, RuntimeError):  # a loop of links
            raise ExportError(f"{rel} in the export folder {self.where} is a symbolic link that "
                              "leads nowhere (a loop of links): replace it with the file itself, "
                              "copied from the export.", file=rel) from None
        if not inside:
            raise ExportError(f"{rel} in the export folder {self.where} is reached through a "
                              f"symbolic link that leads outside the folder (to {target}): only the "
                              "export's own files are read, so it was not. Copy the file itself "
                              "into the export folder, or remove the link.", file=rel)
        return path

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
            if aws_error_code(exc) in ("404", "NoSuchKey", "NotFound"):
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


#: What any bucket name is made of, legacy us-east-1 names included (botocore's own check).
_BUCKET_NAME = re.compile(r"[A-Za-z0-9._-]{1,255}")


def parse_s3_url(url: str) -> tuple[str, str]:
    """(bucket, prefix) of ``s3://bucket/prefix``; the prefix may be empty. A bucket no name
    can be (a space, a colon) is refused here, in words, before botocore's regex would be."""
    parsed = urlparse(url)
    if parsed.scheme != "s3" or not parsed.netloc:
        raise ExportError(f"{url} is not an S3 location: write it as s3://bucket/prefix/.")
    bucket = parsed.netloc
    if not _BUCKET_NAME.fullmatch(bucket):
        raise ExportError(f"{url}: {bucket!r} cannot be an S3 bucket's name. A bucket's name holds "
                          "only letters, digits, dots, hyphens and underscores; copy the location "
                          "from the S3 console (Copy S3 URI).")
    return bucket, parsed.path.lstrip("/")


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


def _refuse_listed_twice(files_rel: str, rel: str, line: int,
                        listed_at: dict[str, tuple[int, str]]) -> None:
    """Refuse a data file listed a second time (its items would be read, counted and written
    twice), and two files of one name (they are told apart by name); else note where it is."""
    name = PurePosixPath(rel).name
    if name in listed_at:
        first, first_rel = listed_at[name]
        what = (f"the data file {rel} twice (lines {first} and {line})" if first_rel == rel else
                f"two data files named {name} ({first_rel} on line {first}, {rel} on line {line})")
        raise ExportError(f"{files_rel} lists {what}: the manifest looks damaged, and the file's items "
                          f"would be read twice. Copy {files_rel} again from the export (or export "
                          "again); nothing was read.", file=files_rel)
    listed_at[name] = (line, rel)


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
    listed_at: dict[str, tuple[int, str]] = {}  # file name -> (line, rel) where it was listed
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
        rel = data_file_rel(key, export_id)
        _refuse_listed_twice(files_rel, rel, n, listed_at)
        files.append(DataFile(key, rel, count,
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


def file_name(path: str) -> str:
    """The last part of a path or URL, as engines report a row's file."""
    return os.path.basename(path.rstrip("/")) if "/" in path or os.sep in path else path
