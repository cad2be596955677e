"""Counted nouns for the sentences the core writes: "1 item", "2 items", "1,204 records".

A base module (it imports nothing of DynoView), so every core package can use it without an
import cycle; the UI's own texts use ``dynoview.ui.counts``, which says the same.
"""

from __future__ import annotations


def count_text(count: int, singular: str, plural: str | None = None) -> str:
    """``count`` with its noun in the right number, thousands separated."""
    noun = singular if count == 1 else (plural or singular + "s")
    return f"{count:,} {noun}"
