"""A DynamoDB export to S3, copied to a folder: ``manifest-summary.json``,
``manifest-files.json`` and ``data/*.json.gz`` of ``{"Item": {...}}`` lines. The export audit's
reader (``exports.manifest``, ``exports.checksums``) finds the export and checks every data
file against its MD5 first; the lines are then read file by file, gunzipped as they stream.
A data file that is not a complete gzip file (truncated, in an export whose manifest gives
no checksum to catch it) is named, in a sentence, when the stream breaks."""

from __future__ import annotations

import gzip
from collections.abc import Iterator
from pathlib import Path, PurePosixPath

from dynoview.core.exports.checksums import GZIP_ERRORS, damaged_gzip, verify_files
from dynoview.core.exports.manifest import ExportError, open_export, read_manifest
from dynoview.core.imports.lines import typed_lines
from dynoview.core.imports.model import ImportFormatError, Place, Problem, Record


def export_files(path: str) -> list[tuple[str, Path, int]]:
    """(file as the manifest places it, ``data/<name>.json.gz``; local path; item count) of each
    data file of the export at ``path``, checked."""
    try:
        manifest = read_manifest(open_export(path))
        if manifest.incremental:
            raise ImportFormatError(f"{manifest.describe()} is an incremental export (changes, not "
                                    "items); import the full export instead.")
        paths = verify_files(manifest)
    except ExportError as exc:
        raise ImportFormatError(exc.message) from None
    return [(f.rel, p, f.item_count) for f, p in zip(manifest.files, paths, strict=True)]


def read_export(path: str) -> Iterator[Record]:
    """Every item of every data file in the manifest's order, located by file and line."""
    index = 0
    for rel, local, expected in export_files(path):
        name = PurePosixPath(rel).name
        count = 0
        last: Place | None = None
        extra: Place | None = None  # the first record past the manifest's count
        try:
            with gzip.open(local, "rb") as lines:
                for record in typed_lines(lines, file=name, first_index=index):
                    count += 1
                    last = record.place
                    if count == expected + 1:
                        extra = record.place
                    yield record
        except GZIP_ERRORS as exc:
            raise ImportFormatError(damaged_gzip(rel, exc, done="then run the import again")
                                    .message) from None
        index += count
        if extra is not None:  # at the first line past the count, never "truncated"
            yield Problem(extra, f"the data file holds {count:,} item(s), more than the {expected:,} "
                          "manifest-files.json counts for it: this is the first one past that count. "
                          "The manifest or the data file is damaged; copy the export again.")
        elif count != expected:  # at the line after its last item: where it ends
            yield Problem(Place(index, last.line + 1 if last else 1, 1, name), f"the data file ends "
                          f"after {count:,} item(s), but manifest-files.json says it holds "
                          f"{expected:,}: it is truncated or damaged; copy it again.")
