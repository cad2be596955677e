"""A JSON array of items, read element by element from a text stream (never the whole file):
each element is decoded on its own, its line and column kept. An element DynamoDB JSON
(``{"Item": {...}}``) is read as typed, any other object as plain JSON. Nothing but whitespace
may follow the array's closing ]."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import IO

from dynoview.core.imports.model import Located, Place, Problem, Record
from dynoview.core.imports.parse import (
    NESTED_TOO_DEEP,
    RecordError,
    json_problem,
    load_json,
    plain_item,
    typed_item,
)

CHUNK = 1 << 16
#: An element longer than this is a broken file, not an item (DynamoDB's items are 400 KB).
MAX_ELEMENT = 8 << 20

_decoder = json.JSONDecoder()
_WHITESPACE = " \t\r\n"


class _Text:
    """A window over the stream with the line and column of any offset in it."""

    def __init__(self, stream: IO[str]) -> None:
        self.stream = stream
        self.buf = ""
        self.pos = 0
        self.eof = False
        self.line, self.col = 1, 1  # of self.buf[0]
        self._counted = 0  # offset up to which line/col are known
        self._line, self._col = 1, 1

    def more(self) -> bool:
        """Read the next chunk (dropping what was consumed); False at the end of the file."""
        if self.eof:
            return False
        self.place(self.pos)  # carry line/col to the new start
        self.line, self.col = self._line, self._col
        self.buf = self.buf[self.pos:]
        self._counted, self.pos = 0, 0
        chunk = self.stream.read(CHUNK)
        if not chunk:
            self.eof = True
            return False
        if not self.buf and self.line == 1 and self.col == 1 and chunk.startswith("\ufeff"):
            chunk = chunk[1:]
        self.buf += chunk
        return True

    def place(self, offset: int) -> tuple[int, int]:
        """(line, column) of ``offset``; offsets are asked in increasing order."""
        if offset < self._counted:
            self._counted, self._line, self._col = 0, self.line, self.col
        part = self.buf[self._counted:offset]
        newlines = part.count("\n")
        if newlines:
            self._line += newlines
            self._col = len(part) - part.rfind("\n")
        else:
            self._col += len(part)
        self._counted = offset
        return self._line, self._col

    def skip_space(self) -> str:
        """The next character that is not whitespace ("" at the end of the file)."""
        while True:
            while self.pos < len(self.buf) and self.buf[self.pos] in _WHITESPACE:
                self.pos += 1
            if self.pos < len(self.buf):
                return self.buf[self.pos]
            if not self.more():
                return ""


def read_array(stream: IO[str]) -> Iterator[Record]:
    """Each element of the top-level array as an item or a located problem. A break in the
    JSON itself ends the reading with one problem (nothing after it can be placed)."""
    text = _Text(stream)
    first = text.skip_space()
    if first != "[":
        line, col = text.place(text.pos)
        yield Problem(Place(0, line, col), "a JSON array file starts with [; this one does not "
                      "(for one item a line, use the jsonl or ddb-json format).")
        return
    text.pos += 1
    index = 0
    while True:
        nxt = text.skip_space()
        if nxt == "]" and index == 0:
            yield from _after_the_array(text, index)
            return
        start_line, start_col = text.place(text.pos)
        place = Place(index, start_line, start_col)
        if nxt == "":
            yield Problem(place, "the file ends inside the array (no closing ]).")
            return
        element = _element(text)
        if isinstance(element, RecordError):
            line, col = text.place(min(text.pos + element.offset, len(text.buf)))
            yield Problem(Place(index, line, col), element.message)
            return
        raw, end = element
        try:
            obj = load_json(raw)
            is_typed = isinstance(obj, dict) and set(obj) == {"Item"}
            yield Located((typed_item if is_typed else plain_item)(obj, raw), place)
        except RecordError as exc:
            line, col = text.place(text.pos + exc.offset)
            yield Problem(Place(index, line, col), exc.message)
        text.pos = end
        index += 1
        sep = text.skip_space()
        if sep == ",":
            text.pos += 1
            continue
        if sep == "]":
            yield from _after_the_array(text, index)
            return
        line, col = text.place(text.pos)
        yield Problem(Place(index, line, col), "expected , or ] after an element of the array"
                      if sep else "the file ends inside the array (no closing ]).")
        return


def _after_the_array(text: _Text, index: int) -> Iterator[Problem]:
    """Past the array's closing ] (at ``text.pos``) only whitespace may follow: anything else
    (a second array, as ``cat a.json b.json`` makes) is a problem where it starts, never
    dropped."""
    text.pos += 1
    if not text.skip_space():
        return
    line, col = text.place(text.pos)
    yield Problem(Place(index, line, col), "there is more after the array's closing ]: a JSON array "
                  "file holds one array (two files joined into one, say). Put every item in one "
                  "array, or import each file on its own.")


def _element(text: _Text) -> tuple[str, int] | RecordError:
    """The next element's JSON text and the offset after it, reading more as needed."""
    while True:
        try:
            _obj, end = _decoder.raw_decode(text.buf, text.pos)
            if end < len(text.buf) or text.eof:
                return text.buf[text.pos:end], end
        except json.JSONDecodeError as exc:
            if text.eof or len(text.buf) - text.pos > MAX_ELEMENT:
                return RecordError(json_problem(exc), exc.pos - text.pos)
        except RecursionError:  # its end cannot be found: nothing after it can be placed
            return RecordError(NESTED_TOO_DEEP)
        if not text.more():
            continue  # eof now set: decide on what there is
