"""What `dynoview import` settles before it writes (``import_items``): the uniqueness schema (a
preset's markers read from the file too, ``import_schema``), and the progress file
(``progress_path``), and how the schema was chosen, as a resume refused for
another one names it (``schema_label``).

The progress file is refused before the preview when it cannot serve: the data file itself given
as ``--progress-file``, a file that is not a progress file (left as it is), or ``--resume`` with
no progress at the path. What it records of the batches' cut (``resume.batch_inputs``), and the
refusal of a resume that would cut them otherwise, are ``run_import``'s (``resume.start``), as
for the window's import.
"""

from __future__ import annotations

import argparse
import itertools
import os
from pathlib import Path
from typing import Any

from dynoview.cli.audit import DETECT_SAMPLE, describe_locks_table, resolve_schema
from dynoview.core.errors import DynoViewError
from dynoview.core.imports import resume
from dynoview.core.imports.model import Located
from dynoview.core.imports.run import _endpoint as endpoint_of  # how a progress file names it
from dynoview.core.imports.source import read_records
from dynoview.core.reads.reader import Reader
from dynoview.core.session.connection import Connection
from dynoview.core.session.tables import TableInfo
from dynoview.core.tx.action_log import ActionLog
from dynoview.core.uniqueness.locks_table import with_accounts_table, with_locks_table
from dynoview.core.uniqueness.presets import get_preset, preset_schema
from dynoview.core.uniqueness.schema import SchemaError, UniquenessSchema

SAVED = "the schema saved for this connection and table"


def import_schema(args: argparse.Namespace, conn: Connection, reader: Reader, info: TableInfo,
                  fmt: str) -> tuple[UniquenessSchema, str]:
    """``resolve_schema``, but a library's ``--preset`` takes its model and attribute names from
    the markers of the table and of the file's first items: the usual target of an import is
    an empty table, and the file holds the markers."""
    if not getattr(args, "preset", None) or get_preset(args.preset).parse is None:
        return resolve_schema(args, conn, reader, info)
    table_items: list[dict[str, Any]] = []
    file_items: list[dict[str, Any]] = []

    def sample() -> list[dict[str, Any]]:
        table_items.extend(reader.read("Scan", {"TableName": info.name,
                                                "Limit": DETECT_SAMPLE}).get("Items", []))
        file_items.extend(_first_items(args, fmt, DETECT_SAMPLE))
        return [*table_items, *file_items]

    try:
        schema, origin = preset_schema(args.preset, sample, info)
    except SchemaError:
        preset = get_preset(args.preset)
        raise DynoViewError(
            f"--preset {args.preset} takes the model and attribute names from {preset.title} "
            f"markers (like {preset.example}), and none of the {len(table_items):,} item(s) read from "
            f"table {info.name} nor of the first {len(file_items):,} item(s) of {args.file} is one. "
            "Check that the file holds that library's items, or give the layout with --schema FILE.",
            field="schema") from None
    if getattr(args, "locks_table", None):  # (as ``resolve_schema`` does)
        schema = with_locks_table(schema, describe_locks_table(conn, args.locks_table), info.name)
        origin += f", locks in table {args.locks_table}"
    elif schema.locks is not None and info.name != schema.locks.name:
        schema = with_accounts_table(schema, [info.name])
    return schema, origin


def _first_items(args: argparse.Namespace, fmt: str, count: int) -> list[dict[str, Any]]:
    """The first ``count`` items of the file (its problems are the preview's to say)."""
    records = read_records(args.file, fmt, csv_raw=args.csv_raw)
    try:
        located = (r for r in records if isinstance(r, Located))
        return [r.item for r in itertools.islice(located, count)]
    finally:
        records.close()


def schema_label(args: argparse.Namespace, origin: str) -> str:
    """How the schema was chosen, as a resume refused for another one names it."""
    if getattr(args, "schema", None):
        label = f"--schema {args.schema}"
    elif getattr(args, "preset", None):
        label = f"--preset {args.preset}"
    elif getattr(args, "detect", False):
        label = "--detect"
    else:
        label = SAVED if origin.startswith(SAVED) else "the article's default layout"
    return label + (f" --locks-table {args.locks_table}" if getattr(args, "locks_table", None) else "")


def progress_path(args: argparse.Namespace, conn: Connection, info: TableInfo) -> Path:
    """Where the progress is saved, once it is known to serve (see the module doc), else a
    sentence; asked before the preview too when ``--progress-file`` names it."""
    if args.progress_file:
        path = Path(args.progress_file)
        if _same_file(path, Path(args.file)):
            raise DynoViewError(f"--progress-file names the file being imported ({path}), which was "
                                "left as it is: the progress is saved in a file of its own, so give "
                                "--progress-file a new path, or leave it out for the default.",
                                field="progress_file")
    else:
        identity = resume.file_identity(args.file)
        path = resume.default_path(ActionLog().path, identity, info.name, endpoint_of(conn))
    saved = resume.load(path)  # a file that is not a progress file is refused, never written over
    if args.resume and saved is None:
        raise _nothing_to_resume(args, path, info)
    return path


def _nothing_to_resume(args: argparse.Namespace, path: Path, info: TableInfo) -> DynoViewError:
    if args.progress_file:
        return DynoViewError(f"--resume: there is no import progress file at {path}, so there is "
                             "nothing to resume; check the --progress-file path. Nothing was "
                             "written: import without --resume to start from the beginning.",
                             field="resume")
    return DynoViewError(f"--resume: no stopped import of {args.file} into {info.name} at this "
                         f"endpoint was found (its progress would be at {path}), so there is "
                         "nothing to resume. Nothing was written: import without --resume to start "
                         "from the beginning, or give --progress-file if the stopped import saved "
                         "its progress elsewhere.", field="resume")


def _same_file(path: Path, other: Path) -> bool:
    try:
        return os.path.samefile(path, other)
    except (OSError, ValueError):  # one of them missing (a new progress file), or a NUL in a name
        return False

