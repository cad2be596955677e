"""Where an import stopped: a small JSON file per (file, table, endpoint), next to the action
log (``imports/<id>.json``) or at a path given. It names the file by its identity (size,
modification time, SHA-256 of its first 64 KiB: a changed file does not resume) and counts the
batches and items committed; it is replaced atomically after every committed batch. It also
records whether CSV cells were read raw (``csv_raw``): the same file read the other way holds
other values, so a resume must read it as the stopped import did. A file without the field
(written before it existed) was read with the default, raw off.

A resume skips the batches it counts, so it must cut the file into the same batches: ``inputs``
records what the cut depends on besides the file (``batch_inputs``: the format, the table's key,
the lock rules the batches follow, by a fingerprint of the schema, and the batch size), and a
resume whose inputs differ is refused, saying what differs (``inputs_mismatch``), by
``run.run_import`` (``start``) for every caller: the command and the window. A file without them
(written before they existed) is not checked; the resume records its own."""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import uuid
from dataclasses import asdict, dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Protocol

from dynoview.core.errors import DynoViewError
from dynoview.core.session.private_files import open_private, private_dir, temporary_name
from dynoview.core.session.tables import TableInfo
from dynoview.core.uniqueness.schema import UniquenessSchema


class StartOptions(Protocol):
    """What ``start`` reads of ``run.ImportOptions`` (run imports this module, not the reverse)."""

    @property
    def resume(self) -> bool: ...
    @property
    def mode(self) -> str: ...
    @property
    def csv_raw(self) -> bool: ...
    @property
    def resume_hint(self) -> str: ...
    @property
    def format_hint(self) -> str: ...
    @property
    def csv_raw_hint(self) -> str: ...

HEAD_BYTES = 64 * 1024
VERSION = 1
#: A progress file is a few hundred bytes: a larger file is something else.
MAX_BYTES = 64 * 1024


@dataclass(frozen=True)
class FileIdentity:
    path: str
    size: int
    mtime_ns: int
    head_sha256: str

    def same_file(self, other: FileIdentity) -> bool:
        return (self.size, self.mtime_ns, self.head_sha256) == (other.size, other.mtime_ns,
                                                                other.head_sha256)


def file_identity(path: str | Path) -> FileIdentity:
    """The identity of a file, or of an S3 export folder (by its manifest-files.json)."""
    path = Path(path)
    target = path
    if path.is_dir():
        found = sorted(path.rglob("manifest-files.json"))
        if not found:
            raise DynoViewError(f"{path} holds no manifest-files.json.", field="file")
        target = found[0]
    info = target.stat()
    with target.open("rb") as f:
        head = hashlib.sha256(f.read(HEAD_BYTES)).hexdigest()
    return FileIdentity(str(path.resolve()), info.st_size, info.st_mtime_ns, head)


@dataclass
class Progress:
    identity: FileIdentity
    table: str
    endpoint: str
    mode: str
    run: str = field(default_factory=lambda: uuid.uuid4().hex[:12])  # ties the batch tokens together
    batches: int = 0
    items: int = 0
    done: bool = False
    updated: str = ""
    csv_raw: bool = False  # a leading ' of a CSV cell kept as data (``source.read_records``)
    #: What the batches were cut by (``batch_inputs``); None: not recorded (not checked).
    inputs: dict[str, Any] | None = None

    def to_json(self) -> dict[str, Any]:
        return {"version": VERSION, **asdict(self)}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Progress:
        if data.get("version") != VERSION:
            raise ValueError("version")
        ident = FileIdentity(**data["identity"])
        raw = data.get("csv_raw", False)
        if not isinstance(raw, bool):  # "false" would read as true: damaged, never guessed
            raise ValueError("csv_raw")
        inputs = data.get("inputs")
        if inputs is not None and not (isinstance(inputs, dict) and all(
                isinstance(v, str | int) for v in inputs.values())):
            raise ValueError("inputs")
        return cls(ident, str(data["table"]), str(data["endpoint"]), str(data["mode"]),
                   str(data["run"]), int(data["batches"]), int(data["items"]), bool(data["done"]),
                   str(data.get("updated", "")), raw, inputs)


def batch_inputs(fmt: str, table: TableInfo, schema: UniquenessSchema | None, *, max_items: int,
                 schema_label: str = "") -> dict[str, Any]:
    """What an import's batches are cut by, besides the file: its format, the table's key (items
    with one key never share a batch), the lock rules the batches follow (``schema``, None when
    the table is imported without lock rules: then the file's order alone; kept as a fingerprint
    of the schema, and ``schema_label``, how it was chosen, for the sentences) and the batch size."""
    keys = [table.partition_key, *([table.sort_key] if table.sort_key else [])]
    fingerprint = "" if schema is None else hashlib.sha256(
        json.dumps(schema.to_json(), sort_keys=True).encode()).hexdigest()[:16]
    return {"format": fmt, "key": ", ".join(f"{k.name} ({k.type})" for k in keys),
            "schema": fingerprint, "schema_label": schema_label, "max_items": max_items}


def _rules(inputs: dict[str, Any]) -> str:
    label = inputs.get("schema_label") or "a uniqueness schema"
    return f"the lock rules of {label}" if inputs.get("schema") else "no lock rules (the file's order)"


def inputs_mismatch(path: Path, saved: Progress, inputs: dict[str, Any], *,
                    resume_hint: str = "--resume", format_hint: str = "--format") -> str | None:
    """Why resuming ``saved`` with batches cut by ``inputs`` would skip other items than the
    stopped import wrote, as a sentence; None when it would not (the same cut, nothing written
    yet, or the progress file does not say how its batches were cut). A format not said (""; a
    caller of ``run_import`` that does not name it) is not compared."""
    before = saved.inputs
    if before is None or not saved.batches:
        return None
    differs: list[str] = []
    same: list[str] = []
    if before.get("format") and inputs["format"] and before.get("format") != inputs["format"]:
        differs.append(f"it read the file as {before.get('format')}, this run as {inputs['format']}")
        same.append(f"{format_hint} {before.get('format')}")
    if before.get("schema") != inputs["schema"]:
        differs.append(f"its batches followed {_rules(before)}, this run's follow {_rules(inputs)}")
        same.append(f"the same uniqueness schema ({before.get('schema_label') or 'as before'})"
                    if before.get("schema") else "no lock rules, as before")
    if before.get("max_items") != inputs["max_items"]:
        differs.append(f"its batches held up to {before.get('max_items')} items, this run's "
                       f"{inputs['max_items']}")
        same.append("the same batch size")
    if before.get("key") != inputs["key"]:
        differs.append(f"the table was keyed on {before.get('key')}, it is keyed on {inputs['key']} now")
    if not differs:
        return None
    again = f"Resume with {' and '.join(same)}, or import" if same else "Import"
    return (f"The progress file {path} is of an import whose batches were cut differently: "
            f"{'; '.join(differs)}. A resume skips the first {saved.items:,} item(s) of this run's "
            "batches as written; cut differently, they are not the items the stopped import wrote, "
            f"so some items would never be written. {again} from the start without {resume_hint}.")


def start(path: Path, identity: FileIdentity, table: str, endpoint: str, options: StartOptions,
          inputs: dict[str, Any]) -> tuple[Progress, bool]:
    """Where an import (``run.run_import``) starts, and whether that is to be saved before its
    first batch: a fresh start (``options.resume`` off, or nothing saved at ``path``), or the
    saved progress a resume continues. A resume is refused (``DynoViewError`` at the field to
    change) of another file or version, table, endpoint or mode, of a CSV read the other way, and
    of batches cut otherwise than this run's ``inputs`` (``inputs_mismatch``: it would skip other
    items than the stopped import wrote). The saved progress takes this run's ``inputs``."""
    saved = load(path)
    if not options.resume or saved is None:
        return Progress(identity, table, endpoint, options.mode, csv_raw=options.csv_raw,
                        inputs=inputs), True
    if not saved.identity.same_file(identity):
        raise DynoViewError(f"The file changed since the import stopped ({path} describes another "
                            f"version): import it from the start, without {options.resume_hint}.",
                            field="resume")
    if (saved.table, saved.endpoint) != (table, endpoint) or saved.mode != options.mode:
        raise DynoViewError(f"The progress file {path} is of an import into {saved.table} at "
                            f"{saved.endpoint} by {saved.mode}; resume with the same table, endpoint "
                            "and mode.", field="resume")
    if not saved.done and saved.csv_raw != options.csv_raw:
        raise DynoViewError(_csv_raw_mismatch(saved.csv_raw, options), field="csv_raw")
    if not saved.done:
        refused = inputs_mismatch(path, saved, inputs, resume_hint=options.resume_hint,
                                  format_hint=options.format_hint)
        if refused is not None:
            raise DynoViewError(refused, field="resume")
    changed = saved.inputs != inputs  # not recorded yet, nothing written yet, or another label
    saved.inputs = inputs
    return saved, changed


def _csv_raw_mismatch(saved_raw: bool, options: StartOptions) -> str:
    """Why a resume that reads the CSV the other way is refused, and how to resume."""
    used, now = ("with", "without") if saved_raw else ("without", "with")
    kept = "kept as data" if saved_raw else "taken off"
    return (f"The import that stopped read this CSV {used} {options.csv_raw_hint} (a leading ' "
            f"{kept}); this run reads it {now}, so the rest would be written with other values. "
            f"Resume {used} {options.csv_raw_hint}, or import from the start without "
            f"{options.resume_hint}.")


def default_path(log_path: Path, identity: FileIdentity, table: str, endpoint: str) -> Path:
    digest = hashlib.sha256(f"{identity.path}\0{table}\0{endpoint}".encode()).hexdigest()[:20]
    return log_path.parent / "imports" / f"{digest}.json"


def load(path: Path) -> Progress | None:
    """The progress saved at ``path``; None when there is none. A damaged file is a sentence:
    "remove it" only when it is DynoView's own (``_ours``), never for a file the user named
    that is something else (their data file given as ``--progress-file``)."""
    raw = b""
    try:
        with path.open("rb") as handle:
            raw = handle.read(MAX_BYTES + 1)  # never a whole data file named by mistake
        if len(raw) > MAX_BYTES:
            raise ValueError(f"over {MAX_BYTES // 1024} KiB, far larger than a progress file")
        return Progress.from_json(json.loads(raw.decode("utf-8")))
    except FileNotFoundError:
        return None
    except IsADirectoryError:  # never "remove it": a folder the user named may hold their files
        raise DynoViewError(f"The import progress file {path} is a folder: give a file path for "
                            "--progress-file (or leave it out for the default).", field="resume") from None
    except OSError as exc:
        raise DynoViewError(f"The import progress file {path} cannot be read ({exc.strerror or exc}): "
                            "check its permissions, or give another --progress-file.",
                            field="resume") from None
    except (ValueError, KeyError, TypeError) as exc:
        if _ours(path, raw):
            raise DynoViewError(f"The import progress file {path} cannot be read ({exc}); remove it "
                                "to import from the start.", field="resume") from None
        raise DynoViewError(f"{path} is not a DynoView import progress file ({exc}), so it is left as "
                            "it is: give --progress-file a path of its own (a new file), or leave "
                            "--progress-file out for the default.", field="resume") from None


def _ours(path: Path, raw: bytes) -> bool:
    """Whether a progress file that cannot be read was written by DynoView: at a default path
    (``default_path``), empty (a save cut by a power failure) or starting as ``save`` writes."""
    default = path.parent.name == "imports" and len(path.stem) == 20 and path.suffix == ".json" \
        and all(c in "0123456789abcdef" for c in path.stem)
    if default:
        return True
    return len(raw) <= MAX_BYTES and (not raw.strip() or raw.startswith(b'{"version": 1, "identity": '))


def resumable(path: Path, identity: FileIdentity) -> Progress | None:
    """The progress at ``path`` when a resume of this file would continue it (by its mode): not
    done, items written, the same file. A damaged progress file is None here (the import says
    why when it is asked to resume)."""
    try:
        saved = load(path)
    except DynoViewError:
        return None
    if saved is None or saved.done or not saved.items:
        return None
    return saved if saved.identity.same_file(identity) else None


def _unwritable(path: Path, exc: OSError, *, nothing_sent: bool = False) -> DynoViewError:
    said = "; nothing was sent" if nothing_sent else ""
    return DynoViewError(f"The import progress file {path} cannot be written ({exc.strerror or exc}"
                         f"){said}: save it in a folder you can write to.", field="progress_file")


def check_writable(path: Path) -> None:
    """Refuse, with a sentence naming ``path``, a progress file that ``save`` could not write
    (a read-only or missing-permission folder, a full disk): probed by creating and removing
    a file beside it, as ``save`` does, leaving an existing progress file as it is."""
    try:
        if not path.parent.is_dir():
            private_dir(path.parent)
        temp = temporary_name(path)
        with open_private(temp, "x"):
            pass
        os.unlink(temp)
    except OSError as exc:
        raise _unwritable(path, exc, nothing_sent=True) from None


def save(path: Path, progress: Progress) -> None:
    """Replace the progress file atomically (a kill leaves the old one or the new one), 0600.

    Written under an exclusive, unguessable temporary name (``O_CREAT | O_EXCL | O_NOFOLLOW``):
    a file planted at a guessable name (``--progress-file`` in a shared folder) is never written
    into nor renamed into place, where whoever planted it could edit the count and make a resume
    skip items. A missing folder is made 0700; an existing one is left as it is (the user's
    choice; the app's own is inside its 0700 data folder). Not fsynced (it is saved after every
    batch): a power cut can leave the previous count, so a resume writes some batches again (the
    same Puts), or an empty file, which ``load`` refuses with a sentence; never a count too high."""
    progress.updated = datetime.now(UTC).isoformat()
    try:
        if not path.parent.is_dir():
            private_dir(path.parent)
        temp = temporary_name(path)
    except OSError as exc:
        raise _unwritable(path, exc) from None
    try:
        with open_private(temp, "x") as handle:
            json.dump(progress.to_json(), handle)
        os.replace(temp, path)
    except BaseException as exc:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        if isinstance(exc, OSError):  # the progress file's name, never its temporary one's
            raise _unwritable(path, exc) from None
        raise


def batch_token(progress: Progress, number: int) -> str:
    """The ClientRequestToken of batch ``number`` of this run: the same on a resume, so a batch
    sent just before a kill is not applied twice (DynamoDB keeps a token 10 minutes)."""
    digest = hashlib.sha256(f"{progress.run}\0{progress.table}\0{number}".encode()).hexdigest()
    return f"import-{progress.run}-{digest[:16]}"[:36]
