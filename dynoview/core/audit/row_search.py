"""Search the audit's view rows for a text, case-insensitively, mostly without the GIL.

A row matches when its account id or one of its values holds the case-folded text (what
``PairRow``'s fields say, field by field). ``SearchIndex`` keeps, per column and per slice of
``SLICE_ROWS`` rows, the slice's texts case-folded and joined by NUL as one UTF-8 buffer, with where
each text ends: built from a few C calls per slice (``str.join``, ``casefold``, ``encode``; no
object per row), and searched by numpy's ``strings.find`` over every text's span of the
buffer, a C loop that releases the GIL. UTF-8 keeps substrings (a code point sequence is in a
text exactly when its bytes are in the text's bytes), so the answer is ``needle in text``'s.

A slice whose texts hold NUL themselves (the separator) and a needle holding NUL are searched
by Python's ``in``, text by text, as are the few rows of a narrowed search.
"""

from __future__ import annotations

import threading
from array import array
from itertools import compress, repeat
from operator import contains
from typing import TYPE_CHECKING, Any

from dynoview.core.audit.folded_text import folded_utf8
from dynoview.core.audit.rows import CHUNK, AuditRows, check, chunks

if TYPE_CHECKING:
    import numpy as np

#: Up to this many rows shown, a search tests those rows' texts one by one (a search that
#: narrows the last one: a few rows, microseconds) instead of scanning the index.
FEW_ROWS = 5_000
#: Rows per slice of the index: its joined text is built with the GIL held, in fresh memory
#: that this VM faults in slowly (50,000 rows a slice froze the window up to 283 ms); a search
#: makes one numpy call per slice and column, each well under a millisecond.
SLICE_ROWS = 10_000
_UTF8 = ("utf-8", "surrogatepass")  # a lone surrogate has a form too (self-synchronising)


class _Slice:
    """One column's texts of rows ``start:stop``: case-folded, NUL-joined UTF-8 and the end
    offset of each text; ``buffer`` None when a text holds NUL (searched text by text)."""

    __slots__ = ("buffer", "ends", "start", "stop")

    def __init__(self, texts: list[str], start: int, stop: int) -> None:
        import numpy as np  # imported on the first search: the window starts without it

        self.start, self.stop = start, stop
        self.buffer: Any = None
        self.ends: Any = None
        folded = folded_utf8(texts[start:stop], "surrogatepass")  # a lone surrogate has a form
        if folded is None or not folded[0]:
            return  # a text holds NUL itself, or one empty text: searched by Python
        joined, cuts = folded
        self.ends = np.append(cuts, len(joined)).astype(np.int32)
        # One element of the buffer's length (numpy ignores its trailing NULs: empty texts).
        self.buffer = np.frombuffer(joined, dtype=f"S{len(joined)}")

    def hits(self, texts: list[str], needle: str, folded: bytes | None) -> np.ndarray:
        """Which rows of the slice hold ``needle`` (``folded``: its UTF-8; None: by Python)."""
        import numpy as np

        if self.buffer is None or folded is None:
            out = np.zeros(self.stop - self.start, dtype=bool)
            found = list(compress(range(self.stop - self.start), map(
                contains, map(str.casefold, texts[self.start:self.stop]), repeat(needle))))
            out[found] = True
            return out
        starts = np.empty_like(self.ends)
        starts[0] = 0
        starts[1:] = self.ends[:-1] + 1
        return np.strings.find(self.buffer, folded, starts, self.ends) >= 0


class SearchIndex:
    """The searchable texts of one audit's rows (built on the first search, then kept)."""

    def __init__(self, rows: AuditRows) -> None:
        self.rows = rows
        self._columns: list[list[str]] = [rows.ids, *rows.values]
        self._slices: list[list[_Slice]] | None = None  # per CHUNK rows, per column
        self._lock = threading.Lock()

    def _built(self, cancel: threading.Event | None) -> list[list[_Slice]]:
        if self._slices is None:
            with self._lock:  # two searches at once build it once
                if self._slices is None:
                    slices = []
                    for part in chunks(len(self.rows), SLICE_ROWS):
                        check(cancel)
                        slices.append([_Slice(column, part.start, part.stop) for column in self._columns])
                    self._slices = slices
        return self._slices

    def prepare(self, cancel: threading.Event | None = None) -> None:
        """Build the index ahead of the first search."""
        self._built(cancel)

    def matching(self, text: str, cancel: threading.Event | None = None) -> np.ndarray:
        """Per row (bool), whether its account id or a value holds ``text`` (case-folded)."""
        import numpy as np

        needle = text.strip().casefold()
        folded = None if "\0" in needle else needle.encode(*_UTF8)
        out = np.zeros(len(self.rows), dtype=bool)
        for row_slices in self._built(cancel):
            check(cancel)
            part = out[row_slices[0].start:row_slices[0].stop] if row_slices else out[:0]
            for column, piece in zip(self._columns, row_slices, strict=True):
                part |= piece.hits(column, needle, folded)
        return out

    def search(self, shown: array, text: str, cancel: threading.Event | None = None) -> array:
        """The rows of ``shown`` (in their order) whose id or a value holds ``text``."""
        if len(shown) <= FEW_ROWS:
            return self._search_few(shown, text.strip().casefold(), cancel)
        import numpy as np

        hit = self.matching(text, cancel)
        rows = np.frombuffer(shown, dtype=np.int32) if len(shown) else np.zeros(0, dtype=np.int32)
        out = array("i")
        for part in chunks(len(rows), CHUNK * 4):
            check(cancel)
            block = rows[part.start:part.stop]
            out.frombytes(block[hit[block]].tobytes())
        return out

    def _search_few(self, shown: array, needle: str, cancel: threading.Event | None) -> array:
        columns = self._columns
        out = array("i")
        for part in chunks(len(shown)):
            check(cancel)
            for row in shown[part.start:part.stop]:
                if any(needle in column[row].casefold() for column in columns):
                    out.append(row)
        return out
