"""Counted nouns and shares of a limit, as the window's messages say them."""

from __future__ import annotations

import pytest

from dynoview.ui.counts import count_text, not_on_page_text, share_text


@pytest.mark.parametrize(("count", "text"), [(0, "0 items"), (1, "1 item"), (2, "2 items"),
                                             (1204, "1,204 items")])
def test_count_text(count: int, text: str) -> None:
    assert count_text(count, "item") == text


def test_count_text_with_an_irregular_plural() -> None:
    assert count_text(1, "batch", "batches") == "1 batch"
    assert count_text(3, "batch", "batches") == "3 batches"


def test_not_on_page_text_agrees_in_number(qapp) -> None:  # English plurals: a catalogue (issue 27)
    assert not_on_page_text(1) == ("1 item written by the builder is not on this page: run the "
                                   "read again to see it")
    assert not_on_page_text(3).startswith("3 items written by the builder are not on this page")


@pytest.mark.parametrize(("fraction", "text"), [
    (0, "0%"), (286 / 10_737_418_240, "under 0.01%"), (0.00025, "0.03%"), (0.0345, "3.45%"),
    (0.5, "50%"), (1.2, "120%")])
def test_share_text_rounds_to_what_people_read(fraction: float, text: str) -> None:
    assert share_text(fraction) == text
