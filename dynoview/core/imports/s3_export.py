"""A DynamoDB export to S3, copied to a folder: ``manifest-summary.json``,
``manifest-files.json`` and ``data/*.json.gz`` of ``{"Item": {...}}`` lines. The export audit's
reader (``exports.manifest``, ``exports.checksums``) finds the export and checks every data
file against its MD5 first; the lines are then read file by file, gunzipped as they stream."""

from __future__ import annotations

import gzip
from collections.abc import Iterator
from pathlib import Path, PurePosixPath

from dynoview.core.exports.checksums import verify_files
from dynoview.core.exports.manifest import ExportError, open_export, read_manifest
from dynoview.core.imports.lines import typed_lines
from dynoview.core.imports.model import ImportFormatError, Place, Problem, Record


def export_files(path: str) -> list[tuple[str, Path, int]]:
    """(file name, local path, item count) of each data file of the export at ``path``, checked."""
    try:
        manifest = read_manifest(open_export(path))
        if manifest.incremental:
            raise ImportFormatError(f"{manifest.describe()} is an incremental export (changes, not "
                                    "items); import the full export instead.")
        paths = verify_files(manifest)
    except ExportError as exc:
        raise ImportFormatError(exc.message) from None
    return [(PurePosixPath(f.rel).name, p, f.item_count)
            for f, p in zip(manifest.files, paths, strict=True)]


def read_export(path: str) -> Iterator[Record]:
    """Every item of every data file in the manifest's order, located by file and line."""
    index = 0
    for name, local, expected in export_files(path):
        count = 0
        with gzip.open(local, "rb") as lines:
            for record in typed_lines(lines, file=name, first_index=index):
                count += 1
                yield record
        index += count
        if count != expected:
            yield Problem(Place(index, 0, 0, name), f"the data file holds {count:,} item(s), but "
                          f"manifest-files.json says {expected:,}: it is truncated or damaged.")
