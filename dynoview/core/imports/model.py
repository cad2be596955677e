"""What every import reader yields: an item with where it starts in the file, or a located
problem; and the names of the formats."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from dynoview.core.errors import DynoViewError

AUTO = "auto"
JSONL = "jsonl"
JSON_ARRAY = "json"
DDB_JSON = "ddb-json"
CSV = "csv"
S3_EXPORT = "s3-export"
FORMATS = (JSONL, JSON_ARRAY, DDB_JSON, CSV, S3_EXPORT)
FORMAT_LABELS = {
    JSONL: "JSON lines (one plain JSON item a line)",
    JSON_ARRAY: "a JSON array of plain items",
    DDB_JSON: 'DynamoDB JSON lines ({"Item": {...}} a line, as DynoView and S3 exports write)',
    CSV: "CSV with typed headers (email (S)), as DynoView exports it",
    S3_EXPORT: "a DynamoDB export to S3 folder (manifest-summary.json, data/*.json.gz)",
}

Item = dict[str, dict[str, Any]]
#: One key attribute's value as DynamoDB tells keys apart (``checks.key_of``): an S's text, a B's
#: bytes, an N's numeric identity (``values.numbers.number_key``: ``1`` and ``1.0`` are one).
KeyPart = str | bytes | tuple[bool, str, int]
#: An item's key in a table: (type code, value) of each key attribute, in the key's order.
KeyId = tuple[tuple[str, KeyPart], ...]


class ImportFormatError(DynoViewError):
    """The file cannot be read as the format asked (not one item could be located)."""

    def __init__(self, message: str) -> None:
        super().__init__(message, field="file")


@dataclass(frozen=True)
class Place:
    """Where a record starts: its 0-based number among the records, its line and column
    (1-based; for CSV the column is the field's number) and, for an S3 export, its file."""

    index: int
    line: int
    column: int
    file: str = ""

    def text(self) -> str:
        where = f"{self.file} " if self.file else ""
        return f"{where}line {self.line}, column {self.column}"


@dataclass(frozen=True)
class Located:
    """One item read from the file and where it starts."""

    item: Item
    place: Place
    size: int = field(default=-1, compare=False)  # bytes as DynamoDB counts them; -1 not known yet


@dataclass(frozen=True)
class Problem:
    """Why one record cannot be imported, and where."""

    place: Place
    message: str

    def text(self) -> str:
        return f"item {self.place.index + 1} ({self.place.text()}): {self.message}"

    def to_json(self) -> dict[str, Any]:
        return {"item": self.place.index + 1, "line": self.place.line, "column": self.place.column,
                "file": self.place.file or None, "message": self.message}


Record = Located | Problem
