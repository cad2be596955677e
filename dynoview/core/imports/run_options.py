"""What an import is asked to do and what it reports: the modes and their sentences, the options
(``ImportOptions``), the progress after every batch and the result (``run.run_import`` runs it),
and the checks of a mode and a rate made before anything is read or sent."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from dynoview.core.errors import DynoViewError

TRANSACT = "transact"
BATCH = "batch"
MODES = (TRANSACT, BATCH)
MODE_SENTENCES = {
    TRANSACT: "TransactWriteItems of up to 100 items: each batch is written whole or not at all, "
              "after the preflight",
    BATCH: "BatchWriteItem of 25 items, unprocessed items retried: fastest, but a batch can be "
           "half-written when the import stops (only for tables without lock rules)",
}


@dataclass(frozen=True)
class ImportProgress:
    items: int
    batches: int
    total: int | None
    elapsed_s: float
    skipped: int = 0  # items of earlier runs (resume)
    existing: int = 0  # items this run skipped as already in the table (``skip_existing``)

    @property
    def rate(self) -> float:
        return self.items / self.elapsed_s if self.elapsed_s > 0 else 0.0

    @property
    def fraction(self) -> float | None:
        """In [0, 1] for a progress bar, None while the total is unknown."""
        done = self.items + self.skipped + self.existing
        return min(1.0, done / self.total) if self.total else None

    def text(self) -> str:
        total = f" of {self.total:,}" if self.total else ""
        existing = f", {self.existing:,} skipped (already in the table)" if self.existing else ""
        return (f"{self.items + self.skipped:,}{total} items written{existing} "
                f"({self.rate:,.0f} items/s)")


@dataclass
class ImportResult:
    table: str
    mode: str
    items: int = 0  # written by this run
    batches: int = 0
    skipped_items: int = 0  # committed by an earlier run (resume)
    skipped_batches: int = 0
    requests: int = 0
    duration_s: float = 0.0
    progress_path: str = ""
    notes: list[str] = field(default_factory=list)
    existing: int = 0  # skipped by this run: their key was in the table (``skip_existing``)

    def summary(self) -> str:
        again = (f" ({self.skipped_items:,} items of {self.skipped_batches:,} batches were written "
                 "by an earlier run)") if self.skipped_items else ""
        rate = self.items / self.duration_s if self.duration_s else 0.0
        existing = (f" {self.existing:,} item(s) skipped, already in {self.table} (none replaced)."
                    if self.existing else "")
        return (f"{self.items:,} item(s) imported into {self.table} in {self.batches:,} batch(es) by "
                f"{MODE_SENTENCES[self.mode].split(':')[0]} in {self.duration_s:.1f} s "
                f"({rate:,.0f} items/s){again}.{existing}" + "".join(f" {note}" for note in self.notes))

    def to_json(self) -> dict[str, Any]:
        return {"table": self.table, "mode": self.mode, "items": self.items, "batches": self.batches,
                "skipped_items": self.skipped_items, "skipped_batches": self.skipped_batches,
                "duration_s": round(self.duration_s, 3), "progress_file": self.progress_path,
                "skipped_existing": self.existing, "notes": self.notes}


@dataclass
class ImportOptions:
    mode: str = TRANSACT
    rate: float | None = None  # items per second
    accept_warnings: bool = False
    resume: bool = False
    progress_path: Path | None = None
    confirmation: str | bool | None = True
    max_items: int | None = None  # per batch (tests); default 100 or 25
    #: How the caller's user resumes, as the messages name it: the command line's flag, or the
    #: window's check box (a window user has no --resume to pass).
    resume_hint: str = "--resume"
    #: Whether the records were read with CSV cells raw (``read_records(csv_raw=…)``): saved in
    #: the progress file, and a resume must match it (the rest would hold other values).
    csv_raw: bool = False
    #: The raw CSV setting as the messages name it: the flag, or the window's check box.
    csv_raw_hint: str = "--csv-raw"
    #: The file's format (``model.FORMATS``) and how the schema was chosen, as the sentences
    #: name it: saved in the progress file with what the batches are cut by
    #: (``resume.batch_inputs``), and a resume whose batches would be cut otherwise is refused.
    fmt: str = ""
    schema_label: str = ""
    #: The format setting as the messages name it: the flag, or the window's list.
    format_hint: str = "--format"
    #: Items whose key the table holds are skipped and counted, never replaced: each Put guarded
    #: by ``attribute_not_exists`` (``existing``); TransactWriteItems only.
    skip_existing: bool = False
    #: The setting as the messages name it: the flag, or the window's check box.
    skip_hint: str = "--skip-existing"


def check_mode(mode: str, has_lock_rules: bool, *, skip_existing: bool = False,
               skip_hint: str = "--skip-existing", speed_hint: str = "--speed") -> None:
    if mode not in MODES:
        raise DynoViewError(f"Import modes are {', '.join(MODES)}; {mode!r} is not one.", field="mode")
    if mode == BATCH and has_lock_rules:
        raise DynoViewError("This table has uniqueness lock rules, so it is imported by "
                            "TransactWriteItems (each batch whole, after the preflight); BatchWriteItem "
                            "could leave an account without its lock.", field="mode")
    if mode == BATCH and skip_existing:
        raise DynoViewError(f"{skip_hint} needs TransactWriteItems: it guards each Put with "
                            "attribute_not_exists on the key, and BatchWriteItem cannot carry a "
                            f"condition, so it would replace an item written meanwhile. Leave out "
                            f"{speed_hint} to skip them, or leave out {skip_hint} to let the Puts "
                            "replace them.", field="mode")


def check_rate(rate: float | None) -> None:
    """A rate is a finite number of items per second above 0 (None: no limit). NaN would pass
    every comparison and send at full speed; infinity or a tiny rate would never send."""
    if rate is not None and not (math.isfinite(rate) and rate >= MIN_RATE):
        raise DynoViewError(f"The import rate is items per second, at least {MIN_RATE:g}; {rate:g} "
                            "was given (leave the rate out for no limit).", field="rate")


#: One item a minute: below it an import is a typo (1e-9), not a pace (it would sleep for years).
MIN_RATE = 1 / 60
