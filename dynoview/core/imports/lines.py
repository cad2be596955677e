"""JSON lines: one record a line, plain JSON (``jsonl``) or DynamoDB JSON (``ddb-json``, the
lines of DynoView's export and of DynamoDB's export to S3). Read line by line, never whole."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import Any

from dynoview.core.imports.model import Item, Located, Place, Problem, Record
from dynoview.core.imports.parse import RecordError, load_json, plain_item, typed_item

ItemParser = Callable[[Any, str], Item]


def read_lines(lines: Iterable[bytes], parse: ItemParser, *, file: str = "",
               first_index: int = 0) -> Iterator[Record]:
    """Each non-blank line as an item, or as a problem located at the line and column."""
    index = first_index
    for number, raw in enumerate(lines, 1):
        if number == 1 and raw.startswith(b"\xef\xbb\xbf"):
            raw = raw[3:]  # a UTF-8 byte order mark
        if not raw.strip():
            continue
        place = Place(index, number, 1, file)
        index += 1
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            yield Problem(Place(place.index, number, exc.start + 1, file),
                          "this line is not UTF-8 text; save the file as UTF-8.")
            continue
        try:
            yield Located(parse(load_json(text), text), place)
        except RecordError as exc:
            yield Problem(Place(place.index, number, _column(text, exc.offset), file), exc.message)


def _column(text: str, offset: int) -> int:
    return min(offset, len(text)) + 1


def plain_lines(lines: Iterable[bytes], *, file: str = "") -> Iterator[Record]:
    return read_lines(lines, plain_item, file=file)


def typed_lines(lines: Iterable[bytes], *, file: str = "", first_index: int = 0) -> Iterator[Record]:
    return read_lines(lines, typed_item, file=file, first_index=first_index)
