"""An audit's result is frozen out of the collector's reach once built; a failed one is not."""

from __future__ import annotations

import gc
from collections.abc import Iterator

import pytest

from dynoview.core.audit.collector import _AUDIT_GC_THRESHOLD
from dynoview.ui.gc_pauses import audit_collections


@pytest.fixture(autouse=True)
def _thawed() -> Iterator[None]:
    gc.unfreeze()
    yield
    gc.unfreeze()


def test_what_the_audit_built_is_frozen_before_the_thresholds_return() -> None:
    before = gc.get_threshold()
    with audit_collections():
        assert gc.get_threshold() == _AUDIT_GC_THRESHOLD
        built = [[str(i)] for i in range(1000)]  # containers a young collection would walk
    assert gc.get_freeze_count() >= len(built)
    assert gc.get_threshold() == before


def test_a_failed_audit_freezes_nothing() -> None:
    before = gc.get_threshold()
    with pytest.raises(RuntimeError), audit_collections():
        raise RuntimeError("segment failed")
    assert gc.get_freeze_count() == 0
    assert gc.get_threshold() == before
