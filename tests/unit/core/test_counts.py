"""Counted nouns in the core's sentences: "1 item", "2 items", "1,204 records"."""

from __future__ import annotations

import pytest

from dynoview.core.counts import count_text


@pytest.mark.parametrize(("count", "text"), [(0, "0 items"), (1, "1 item"), (2, "2 items"),
                                             (1204, "1,204 items")])
def test_count_text(count: int, text: str) -> None:
    assert count_text(count, "item") == text


def test_count_text_with_an_irregular_plural() -> None:
    assert count_text(1, "batch", "batches") == "1 batch"
    assert count_text(2, "batch", "batches") == "2 batches"
