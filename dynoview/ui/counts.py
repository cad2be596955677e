"""Counted nouns for messages: "1 item", "2 items", "1,204 records"."""

from __future__ import annotations

from dynoview.ui.i18n import context

COUNTS = context("COUNTS")  # plural texts (dynoview.ui.i18n.context)


def count_text(count: int, singular: str, plural: str | None = None) -> str:
    """``count`` with its noun in the right number, thousands separated."""
    noun = singular if count == 1 else (plural or singular + "s")
    return f"{count:,} {noun}"


def not_on_page_text(count: int) -> str:
    """What the Items tab says when the builder wrote items the shown page does not hold."""
    return COUNTS.tr("%Ln item(s) written by the builder (is|are) not on this page: run the read "
                     "again to see (it|them)", "", count)


def share_text(fraction: float) -> str:
    """A share of a limit people can read: "under 0.01%", "0.25%", "12%", never "0.000003%"."""
    if fraction <= 0:
        return "0%"
    if fraction < 0.0001:
        return "under 0.01%"
    if fraction < 0.1:
        return f"{fraction:.2%}"
    return f"{fraction:.0%}"
