"""Checking an export's files before an audit reads them: MD5s and S3 ETags against the
manifest, and each file's item count, so a truncated or corrupted copy is refused."""

from __future__ import annotations

import base64
import binascii
import gzip
import hashlib
import threading
import zlib
from collections.abc import Callable, Sequence
from pathlib import Path, PurePosixPath

from dynoview.core.counts import count_text
from dynoview.core.exports.manifest import FILES, DataFile, ExportError, ExportManifest, LocalStore
from dynoview.core.session.private_files import open_private, private_dir


def _component(name: str) -> str:
    """A name from a manifest as one safe path component (never "..", never a separator)."""
    safe = "".join(c if c.isalnum() or c in "-_.=" else "_" for c in name).lstrip(".")
    return safe or "_"


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


def md5_checkable(data_file: DataFile) -> bool:
    """Whether ``check_md5`` can check the file: an md5Checksum, or an ETag whose MD5 can be
    computed (a multi-part one depends on the part size, which the manifest does not give)."""
    if data_file.md5:
        return True
    return bool(data_file.etag) and _etag_parts(data_file.etag or "") <= 1


def unchecked_files(manifests: Sequence[ExportManifest], *, by_etag: bool = False) -> list[DataFile]:
    """The data files whose content no checksum can confirm: no md5Checksum and no computable
    ETag (``by_etag``, the Athena path that compares S3's ETags: no etag)."""
    return [f for m in manifests for f in m.files
            if not (f.etag if by_etag else md5_checkable(f))]


def unchecked_note(files: Sequence[DataFile], *, by_etag: bool = False) -> str | None:
    """One sentence naming the data files whose content could not be verified, or None."""
    if not files:
        return None
    shown = ", ".join(f.rel for f in files[:5]) + (f" and {len(files) - 5:,} more" if len(files) > 5 else "")
    given = "no etag" if by_etag else "no md5Checksum and no single-part etag"
    its, count = ("its", "item count was") if len(files) == 1 else ("their", "item counts were")
    return (f"{FILES} gives {given} for {shown}, so {its} content could not be verified: only "
            f"{its} {count} checked.")


def damaged_gzip(data_file: DataFile | str, exc: BaseException, *, done: str = "nothing was audited",
                 ) -> ExportError:
    """The sentence for a data file that is not a complete gzip file."""
    rel = data_file if isinstance(data_file, str) else data_file.rel
    why = str(exc).rstrip(".") or type(exc).__name__
    return ExportError(f"The data file {rel} is not a complete gzip file ({why}): it is truncated "
                       f"or corrupted. Copy it again from the export (or export again); {done}.",
                       file=rel)


_READ = 1 << 20
#: What gunzipping a truncated or corrupted file raises.
GZIP_ERRORS: tuple[type[BaseException], ...] = (EOFError, zlib.error, gzip.BadGzipFile)


def check_gzip(data_file: DataFile, path: Path) -> None:
    """Gunzip the whole file (nothing kept) and refuse it, naming it, if it is not complete."""
    try:
        with gzip.open(path, "rb") as f:
            while f.read(_READ):
                pass
    except GZIP_ERRORS as exc:
        raise damaged_gzip(data_file, exc) from None


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
            name = _component(PurePosixPath(data_file.rel).name)
            dest = stage_to / _component(manifest.export_id) / name
            private_dir(dest.parent)
            with open_private(dest, "wb") as f:  # never through a link planted in --temp-dir
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
            raise ExportError(f"The data file {data_file.rel} holds {count_text(got, 'item')}, but "
                              f"{FILES} says "
                              f"{data_file.item_count:,}: it is truncated or corrupted. Copy it again "
                              "from the export; nothing was audited.", file=data_file.rel)
