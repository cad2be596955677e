"""The collector is kept off the page path without leaking: cyclic garbage made while browsing
is reclaimed, and nothing unreachable is ever frozen (dynoview/ui/gc_pauses.py)."""

from __future__ import annotations

import gc
import weakref
from collections.abc import Iterator
from typing import Any

import pytest

from dynoview.core.reads.browse import BrowseSpec
from dynoview.ui.context import AppContext
from dynoview.ui.gc_pauses import settle_after_connect
from dynoview.ui.items.controller import BrowseController
from dynoview.ui.items.model import ItemsModel

pytestmark = pytest.mark.gui


class Node:
    """A weakref-able object in a reference cycle: only the cyclic collector can free it."""

    def __init__(self) -> None:
        self.other: Node | None = None


def cycle() -> weakref.ref[Node]:
    a, b = Node(), Node()
    a.other, b.other = b, a
    return weakref.ref(a)


def not_frozen(ref: weakref.ref[Node]) -> bool:
    """Already collected, or in one of the collector's generations (not the permanent one)."""
    obj = ref()
    return obj is None or any(any(o is obj for o in gc.get_objects(generation=g)) for g in range(3))


@pytest.fixture(autouse=True)
def thawed() -> Iterator[None]:
    """Leave the process as it was: other tests must not see this test's frozen objects."""
    yield
    gc.unfreeze()


def test_cycles_made_between_page_loads_are_collected(qtbot: Any, ctx: AppContext) -> None:
    settle_after_connect()  # as the window does once connected
    model = ItemsModel()
    controller = BrowseController(ctx, model)
    assert ctx.table is not None
    refs = []
    assert controller.start(BrowseSpec(table=ctx.table.name, page_size=3))
    qtbot.waitUntil(lambda: model.rowCount() >= 3, timeout=15000)
    for _ in range(3):  # cycles made before each of the next pages arrives
        refs.append(cycle())
        shown = model.rowCount()
        controller.fetch_more()
        qtbot.waitUntil(lambda shown=shown: model.rowCount() > shown or model.exhausted, timeout=15000)
    assert model.rowCount() > 6, "the seeded table should take several pages of 3"
    # In the collector's reach after the pages arrived (a per-page gc.freeze took them away).
    assert [not_frozen(r) for r in refs] == [True, True, True]
    gc.collect()
    assert [r() for r in refs] == [None, None, None]


def test_connecting_collects_before_freezing() -> None:
    garbage = cycle()
    settle_after_connect()
    assert garbage() is None, "cyclic garbage alive at connect time was frozen instead of collected"


def test_a_new_connection_reclaims_what_the_previous_one_froze() -> None:
    old_client = Node()
    old_client.other = old_client  # botocore clients hold cycles (event hooks, bound methods)
    ref = weakref.ref(old_client)
    settle_after_connect()
    assert not not_frozen(ref), "frozen at connect time"
    del old_client  # the user connects elsewhere: the old client is now cyclic garbage
    settle_after_connect()
    assert ref() is None
