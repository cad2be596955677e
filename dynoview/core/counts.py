"""Counted nouns and capacity figures for the sentences the core writes: "1 item", "2 items",
"1,204 records", "1,464,844 RCU".

A base module (it imports nothing of DynoView), so every core package can use it without an
import cycle; the UI's own texts use ``dynoview.ui.counts``, which says the same.
"""

from __future__ import annotations

#: Decimal places a capacity figure keeps at most: DynamoDB bills in halves, but an estimate or a
#: sum of per-table figures may be finer; trailing zeros are dropped ("0.5", "1").
UNIT_PLACES = 6


def count_text(count: int, singular: str, plural: str | None = None) -> str:
    """``count`` with its noun in the right number, thousands separated."""
    noun = singular if count == 1 else (plural or singular + "s")
    return f"{count:,} {noun}"


def units_text(units: float, group: str = ",", point: str = ".") -> str:
    """Capacity units (RCU, WCU) as people read them: every digit, thousands grouped, halves kept
    ("0.5", "1", "131,072.5", "1,464,844"), never "1.46484e+06" as ``:g`` writes them. The UI
    passes its language's ``group`` and decimal ``point`` separators."""
    text = f"{units:,.{UNIT_PLACES}f}"
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    if text == "-0":  # a tiny negative float rounding error is no figure
        text = "0"
    return text.translate({ord(","): group, ord("."): point})
