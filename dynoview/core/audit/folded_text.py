"""Many texts case-folded into one NUL-joined UTF-8 buffer, cut where each text ends.

``casefold`` maps each code point on its own (no context), so folding the joined texts folds
each one and NUL stays NUL; ASCII folds as it lowers, in a third of the time. A few C calls per
block of texts (``join``, ``casefold``, ``encode``, one numpy comparison) and no Python object
per text: what the search index and the folded sort build on, with the GIL held only briefly.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import numpy as np


def folded_utf8(texts: Sequence[str], errors: str = "strict") -> tuple[bytes, np.ndarray] | None:
    """The texts case-folded, joined by NUL, as UTF-8, and the offsets of the ``len(texts) - 1``
    NULs between them; None when a text holds NUL itself (the cuts would not separate them).
    ``errors`` is the encoder's: "strict" raises ``UnicodeEncodeError`` on a lone surrogate."""
    import numpy as np  # imported on first use: the window starts without it

    joined = "\0".join(texts)
    data = joined.lower().encode() if joined.isascii() else joined.casefold().encode("utf-8", errors)
    cuts = np.flatnonzero(np.frombuffer(data, np.uint8) == 0)
    if len(cuts) != max(len(texts) - 1, 0):
        return None
    return data, cuts
