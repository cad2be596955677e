"""A text column's case-folded sort order, computed by numpy without a Python object per row.

Each step joins ``SORT_STEP`` texts with NUL into one string, case-folds and encodes it whole
(folding is per character, so the joined fold is the texts' folds joined), and cuts it at the
NULs into rows of a fixed-width byte matrix. UTF-8 keeps code point order and numpy compares
fixed-width bytes as unsigned, padding with NUL, so its stable argsort gives Python's order of
the folded texts. A text holding NUL (``"a"`` and ``"a\\0"`` would tie) or a lone surrogate (no
UTF-8 form) leaves the order to the caller's Python sort.

Why not a list of folded texts and their bytes: two million new objects touch some 100 MB of
fresh memory with the GIL held, and on a VM that faults pages in slowly that froze the window
for up to 290 ms and took 0.7-2 s; this takes about 0.2 s and holds the GIL a few ms at a time.
"""

from __future__ import annotations

import threading
from array import array
from collections.abc import Callable

from dynoview.core.audit.folded_text import folded_utf8
from dynoview.core.audit.rows import check, chunks

SORT_STEP = 10_000  # texts per step: a joined string of some 200 KB
#: At most this many bytes of sort keys in the matrix (a million 64-byte keys fit); past it the
#: caller sorts in Python.
MAX_KEY_BYTES = 128_000_000


def folded_order(texts: Callable[[int, int], list[str]], n: int,
                 cancel: threading.Event | None) -> array | None:
    """Rows ``0..n-1`` ordered by ``texts(start, stop)`` case-folded, ties in row order; None
    when numpy would order them otherwise than Python (a NUL, a lone surrogate, too long)."""
    import numpy as np  # imported on the first sort: the window starts without it

    steps = []
    width = 1
    for part in chunks(n, SORT_STEP):
        check(cancel)
        block = texts(part.start, part.stop)
        try:
            folded = folded_utf8(block)
        except UnicodeEncodeError:  # a lone surrogate
            return None
        if folded is None:  # a text holding NUL
            return None
        data, cuts = folded
        flat = np.frombuffer(data, np.uint8)
        starts = np.empty(len(block), np.intp)
        starts[0], starts[1:] = 0, cuts + 1
        ends = np.empty(len(block), np.intp)
        ends[:-1], ends[-1] = cuts, len(flat)
        lengths = ends - starts
        width = max(width, int(lengths.max()))
        if width * n > MAX_KEY_BYTES:
            return None
        steps.append((flat, starts, lengths))
    matrix = np.zeros((n, width), np.uint8)
    columns = np.arange(width)
    row = 0
    for flat, starts, lengths in steps:
        check(cancel)
        inside = columns < lengths[:, None]
        matrix[row:row + len(starts)][inside] = flat[(starts[:, None] + columns)[inside]]
        row += len(starts)
    steps.clear()
    order = np.argsort(matrix.view(f"S{width}").ravel(), kind="stable").astype(np.intc)  # off the GIL
    out = array("i")
    for part in chunks(n):  # copied out a slice at a time: fresh memory, a few ms each
        check(cancel)
        out.frombytes(order[part.start:part.stop].tobytes())
    return out
