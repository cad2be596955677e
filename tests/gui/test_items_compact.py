"""The Items tab at raw speed: pages decoded in the pool and shown in chunks keep every item in
order; the detail pane builds big items lazily and shows what the eager build showed; the
read log appends in constant time."""

from __future__ import annotations

import gc
import threading
from collections.abc import Iterator
from typing import Any

import pytest
from PySide6.QtWidgets import QPlainTextEdit, QTreeWidgetItem

from dynoview.core.reads.browse import BrowseSpec
from dynoview.core.reads.reader import Page
from dynoview.core.reads.receipts import EVENTUAL, ReadReceipt, now_utc
from dynoview.core.reads.rows import RowShape, block_from_items
from dynoview.core.session.connection import Connection
from dynoview.core.session.tables import describe_table
from dynoview.core.values.display import display_text
from dynoview.core.values.dynamodb_json import dynamodb_json
from dynoview.core.values.plain import plain_json
from dynoview.core.values.types import type_code
from dynoview.ui.context import AppContext
from dynoview.ui.items import controller as browse
from dynoview.ui.items import ui_gate
from dynoview.ui.items.controller import BrowseController
from dynoview.ui.items.detail import (
    CUT_NOTE,
    TEXT_LIMIT,
    TREE_BATCH,
    AttributeNode,
    ItemDetail,
    ddb_json_shown,
)
from dynoview.ui.items.model import ItemsModel
from dynoview.ui.items.result_pane import ItemsView, ResultPane
from dynoview.ui.window.read_log import ReadLogModel
from tests.helpers import connect, seeded_accounts_copy

pytestmark = pytest.mark.gui


def scan_all(conn: Connection, table: str) -> list[dict[str, Any]]:
    items: list[dict[str, Any]] = []
    kwargs: dict[str, Any] = {"TableName": table}
    while True:
        page = conn.client.scan(**kwargs)
        items += page["Items"]
        if "LastEvaluatedKey" not in page:
            return items
        kwargs["ExclusiveStartKey"] = page["LastEvaluatedKey"]


def test_pages_shown_in_chunks_hold_every_item_in_order(qtbot: Any, ctx: AppContext, demo_conn: Connection,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(browse, "CHUNK_ROWS", 4)
    assert ctx.table is not None
    expected = scan_all(demo_conn, ctx.table.name)
    model = ItemsModel()
    controller = BrowseController(ctx, model)
    chunks: list[int] = []
    pages: list[Page] = []
    append_page = model.append_page

    def counted(block: Any, exhausted: bool) -> None:
        chunks.append(len(block))
        append_page(block, exhausted)

    model.append_page = counted  # type: ignore[method-assign]
    controller.page_loaded.connect(pages.append)
    assert controller.start(BrowseSpec(table=ctx.table.name, page_size=15))

    def to_the_end() -> bool:
        if model.canFetchMore():
            model.fetchMore()  # as a view scrolled to the bottom asks
        return model.exhausted and not controller.busy

    qtbot.waitUntil(to_the_end, timeout=30000)
    assert model.items() == expected  # every item once, in the order read, losslessly
    assert all(page.block is not None and not page.items for page in pages)
    assert sum(p.count for p in pages) == len(expected) == sum(chunks)
    assert max(chunks) <= 4 and len(chunks) > len(pages)  # shown a chunk at a time
    assert controller.scanned_total == len(expected)
    receipts = ctx.read_log.receipts()
    assert receipts and all(r.operation == "Scan" and r.estimated_capacity for r in receipts)


def test_a_slow_turn_appends_fewer_rows_next_turn(monkeypatch: pytest.MonkeyPatch) -> None:
    assert browse.next_chunk(20_000, browse.SHOW_SLICE_S / 2) == 20_000  # fast enough: as many
    assert browse.next_chunk(20_000, browse.SHOW_SLICE_S * 4) == 5_000  # four times too slow
    assert browse.next_chunk(20_000, 10.0) == browse.MIN_CHUNK_ROWS  # never fewer
    monkeypatch.setattr(browse, "CHUNK_ROWS", 4)
    assert browse.next_chunk(4, 10.0) == 4  # a chunk set below the floor stays as set


def test_pages_are_read_without_full_collections_and_the_thresholds_come_back(
        qtbot: Any, ctx: AppContext, demo_conn: Connection) -> None:
    assert ctx.table is not None
    normal = gc.get_threshold()
    model = ItemsModel()
    controller = BrowseController(ctx, model)
    assert controller.start(BrowseSpec(table=ctx.table.name, page_size=15))
    cursor = controller.cursor
    assert cursor is not None
    seen: list[tuple[int, int, int]] = []
    read_page = cursor.read_page

    def recorded(*args: Any, **kwargs: Any) -> Page:
        seen.append(gc.get_threshold())  # in the worker, while the read task runs
        return read_page(*args, **kwargs)

    cursor.read_page = recorded  # type: ignore[method-assign]

    def to_the_end() -> bool:
        if model.canFetchMore():
            model.fetchMore()
        return model.exhausted and not controller.busy

    qtbot.waitUntil(to_the_end, timeout=30000)
    qtbot.waitUntil(lambda: gc.get_threshold() == normal, timeout=5000)  # the last task ended
    assert seen and all(t[2] > normal[2] * 1000 for t in seen)  # no full collection meanwhile


def test_a_view_held_at_the_end_gets_pages_gathered(qtbot: Any, ctx: AppContext, demo_conn: Connection,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(browse, "EAGER_S", 3600.0)  # every ask counts as right after a page
    monkeypatch.setattr(browse, "EAGER_AFTER_ROWS", 10)
    monkeypatch.setattr(browse, "STREAM_ROWS", 20)
    monkeypatch.setattr(browse, "STREAM_S", 3600.0)  # the count ends each gathering
    pages = read_held_at_the_end(qtbot, ctx, demo_conn)
    assert [p.count for p in pages[:2]] == [5, 5]  # one page at a time at first
    gathered = [p for p in pages if p.requests > 1]
    assert gathered and all(p.count == 20 for p in gathered[:-1])  # 4 requests of 5, shown at once
    assert all(r.request["Limit"] == 5 for r in ctx.read_log.receipts())  # the same requests


def test_a_gathering_read_is_shown_once_its_time_is_up(qtbot: Any, ctx: AppContext, demo_conn: Connection,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """Gathering ends after STREAM_S, whatever the count: a show comes a few times a second."""
    monkeypatch.setattr(browse, "EAGER_S", 3600.0)
    monkeypatch.setattr(browse, "EAGER_AFTER_ROWS", 10)
    monkeypatch.setattr(browse, "STREAM_ROWS", 20)
    monkeypatch.setattr(browse, "STREAM_S", 0.0)  # time is up after each request
    pages = read_held_at_the_end(qtbot, ctx, demo_conn)
    assert len(pages) > 4 and all(p.requests == 1 and p.count <= 5 for p in pages)


@pytest.fixture
def local_ctx(qasync_loop: Any, dynamodb_local_endpoint: str) -> Iterator[tuple[AppContext, Connection]]:
    """A context on DynamoDB Local with a seeded copy of the demo table open."""
    conn = connect(dynamodb_local_endpoint, name="gui-local")
    with seeded_accounts_copy(conn) as table:
        context = AppContext()
        context.set_connection(conn)
        context.set_table(describe_table(conn, table))
        yield context, conn
        context.tasks.shutdown()


@pytest.mark.dynamodb_local
@pytest.mark.parametrize("seconds", [3600.0, 0.0])
def test_gathering_on_dynamodb_local_keeps_every_item(
        qtbot: Any, local_ctx: tuple[AppContext, Connection], monkeypatch: pytest.MonkeyPatch,
        seconds: float) -> None:
    ctx, conn = local_ctx
    monkeypatch.setattr(browse, "EAGER_S", 3600.0)
    monkeypatch.setattr(browse, "EAGER_AFTER_ROWS", 10)
    monkeypatch.setattr(browse, "STREAM_ROWS", 20)
    monkeypatch.setattr(browse, "STREAM_S", seconds)
    pages = read_held_at_the_end(qtbot, ctx, conn)
    most = max(p.requests for p in pages)
    assert most == (4 if seconds else 1)  # gathered by count, or shown after each request


def read_held_at_the_end(qtbot: Any, ctx: AppContext, demo_conn: Connection) -> list[Page]:
    """Read the table in pages of 5 as a view held at the bottom asks; the pages shown."""
    assert ctx.table is not None
    expected = scan_all(demo_conn, ctx.table.name)
    model = ItemsModel()
    controller = BrowseController(ctx, model)
    pages: list[Page] = []
    controller.page_loaded.connect(pages.append)
    assert controller.start(BrowseSpec(table=ctx.table.name, page_size=5))

    def to_the_end() -> bool:
        if model.canFetchMore():
            model.fetchMore()
        return model.exhausted and not controller.busy

    qtbot.waitUntil(to_the_end, timeout=30000)
    assert model.items() == expected
    return pages


class SlowCursor:
    """Two pages; the worker holds the last page before handing it over (``marked``: it is
    on its way). As ``PageCursor``'s, the position moves when the controller takes a page."""

    operation = "Scan"

    def __init__(self) -> None:
        self.exhausted = False
        self.calls = 0
        self.marked = threading.Event()
        self.release = threading.Event()

    def read_page(self, want: int | None = None, cancel: threading.Event | None = None) -> Page:
        self.calls += 1
        last = self.calls > 1
        if last:
            self.marked.set()
            self.release.wait(10)
        items = [{"PK": {"S": f"P{self.calls}#{i}"}} for i in range(3)]
        return Page([], 3, 1, last, block=block_from_items(items, RowShape()))

    def advance(self, page: Page) -> bool:
        self.exhausted = page.exhausted
        return True


def test_a_page_still_on_its_way_when_the_view_asks_is_shown(qtbot: Any, ctx: AppContext) -> None:
    """The view asked while the prefetch of the last page was between the worker and the task:
    the page went to the buffer, nobody asked again, and the tab waited forever."""
    model = ItemsModel()
    controller = BrowseController(ctx, model)
    cursor = SlowCursor()
    controller.cursor = cursor  # type: ignore[assignment]
    controller.spec = BrowseSpec(table="t")
    model.reset(None)
    model.exhausted = False
    controller.fetch_more()
    qtbot.waitUntil(lambda: model.rowCount() == 3 and cursor.marked.is_set(), timeout=10000)
    assert model.canFetchMore()
    model.fetchMore()  # the last page is on its way: not in the buffer yet
    cursor.release.set()
    qtbot.waitUntil(lambda: model.rowCount() == 6, timeout=10000)
    assert model.exhausted and not controller.busy


def eager_rows(item: dict[str, Any]) -> list[tuple[int, str, str, str, str]]:
    """What the detail pane's tree showed when it was built whole: (depth, name, type, value,
    tooltip) of every node, depth first."""
    out: list[tuple[int, str, str, str, str]] = []

    def walk(depth: int, label: str, av: dict[str, Any]) -> None:
        out.append((depth, label, type_code(av), display_text(av, limit=500), display_text(av, limit=5000)))
        code = type_code(av)
        members = (list(av["M"].items()) if code == "M" else
                   [(f"[{i}]", v) for i, v in enumerate(av["L"])] if code == "L" else
                   [("∈", {code[0]: m}) for m in av[code]] if code in {"SS", "NS", "BS"} else [])
        for child_label, child in members:
            walk(depth + 1, child_label, child)

    for name, av in item.items():
        walk(0, name, av)
    return out


def expand_all(detail: ItemDetail, qtbot: Any) -> list[tuple[int, str, str, str, str]]:
    """Expand every node as a user would (placeholders too), and read the tree depth first."""
    tree = detail.tree
    while True:
        pending = []
        stack = [(tree.topLevelItem(i), 0) for i in range(tree.topLevelItemCount())]
        while stack:
            node, depth = stack.pop()
            unbuilt = isinstance(node, AttributeNode) and node.pending and node.built == 0
            if unbuilt or node.text(0).startswith("…"):
                pending.append(node)
            stack.extend((node.child(i), depth + 1) for i in range(node.childCount()))
        if not pending:
            break
        for node in pending:
            tree.expandItem(node)
        qtbot.wait(1)  # a "… N more" placeholder grows its parent after the signal
    rows: list[tuple[int, str, str, str, str]] = []

    def walk(node: QTreeWidgetItem, depth: int) -> None:
        rows.append((depth, node.text(0), node.text(1), node.text(2), node.toolTip(2)))
        for i in range(node.childCount()):
            walk(node.child(i), depth + 1)

    for i in range(tree.topLevelItemCount()):
        walk(tree.topLevelItem(i), 0)
    return rows


def deep_item() -> dict[str, Any]:
    value: dict[str, Any] = {"S": "bottom"}
    for level in range(31, 0, -1):
        value = {"M": {"notes": {"L": [{"S": f"note {level}-{i}"} for i in range(40)]}, "deeper": value}}
    wide = {"L": [{"N": str(i)} for i in range(TREE_BATCH * 2 + 7)]}
    return {"PK": {"S": "DEEP#1"}, "doc": value, "wide": wide, "tags": {"SS": ["a", "b"]},
            "bin": {"BS": [b"\x00", b"\xff"]}, "long": {"S": "x" * 3000}}


def test_the_lazy_tree_shows_what_the_whole_tree_showed(qtbot: Any) -> None:
    detail = ItemDetail()
    qtbot.addWidget(detail)
    item = deep_item()
    detail.show_item(item, "PK = DEEP#1")
    built = sum(1 for _ in _nodes(detail))
    assert built < 300  # the first nodes only: the rest is built on expand
    assert expand_all(detail, qtbot) == eager_rows(item)


def _nodes(detail: ItemDetail) -> Any:
    stack = [detail.tree.topLevelItem(i) for i in range(detail.tree.topLevelItemCount())]
    while stack:
        node = stack.pop()
        yield node
        stack.extend(node.child(i) for i in range(node.childCount()))


def test_json_tabs_are_built_when_first_read_or_shown(qtbot: Any) -> None:
    detail = ItemDetail()
    qtbot.addWidget(detail)
    item = {"PK": {"S": "a"}, "n": {"N": "1.50"}}
    detail.show_item(item)
    assert QPlainTextEdit.toPlainText(detail.ddb_text) == ""  # not built yet
    assert '"N": "1.50"' in detail.ddb_text.toPlainText()
    detail.show()
    detail.tabs.setCurrentWidget(detail.plain_text)
    assert '"n": 1.50' in QPlainTextEdit.toPlainText(detail.plain_text) or \
        "1.50" in QPlainTextEdit.toPlainText(detail.plain_text)
    detail.show_item({"PK": {"S": "b"}})  # the shown tab is built at once
    assert '"b"' in QPlainTextEdit.toPlainText(detail.plain_text)
    assert QPlainTextEdit.toPlainText(detail.ddb_text) == ""
    detail.show_item(None)
    assert detail.ddb_text.toPlainText() == "" and detail.tree.topLevelItemCount() == 0


def test_a_huge_item_shows_the_start_of_its_json_and_copies_it_whole(qtbot: Any) -> None:
    detail = ItemDetail()
    qtbot.addWidget(detail)
    item = {"PK": {"S": "BIG"}, "values": {"L": [{"N": str(i)} for i in range(20000)]}}
    detail.show_item(item)
    whole = dynamodb_json(item)
    shown = detail.ddb_text.toPlainText()
    assert len(whole) > TEXT_LIMIT and shown == whole[:TEXT_LIMIT] + CUT_NOTE
    assert detail.current_text() == whole  # what Copy as JSON copies
    detail.tabs.setCurrentWidget(detail.plain_text)
    assert detail.current_text() == plain_json(item)
    assert detail.plain_text.toPlainText() == plain_json(item)[:TEXT_LIMIT] + CUT_NOTE
    small = {"PK": {"S": "a"}, "n": {"N": "1.50"}, "b": {"B": b"\x00"}}
    detail.show_item(small)
    assert detail.ddb_text.toPlainText() == dynamodb_json(small)


def test_the_json_tab_writes_what_dynamodb_json_writes(qtbot: Any) -> None:
    """The tab converts values as it writes them; the text is the same as converting first."""
    items: list[dict[str, Any]] = [
        {},
        {"PK": {"S": 'é "quoted"'}, "m": {"M": {}}, "l": {"L": []}, "bs": {"BS": [b"\x00\xff"]},
         "ss": {"SS": ["a", "b"]}, "ns": {"NS": ["1", "2.5"]}, "z": {"NULL": True}, "t": {"BOOL": False},
         "deep": {"M": {"x": {"L": [{"N": "1"}, {"M": {"b": {"B": b"zz"}, "e": {"L": []}}}]}}}},
    ]
    for item in items:
        assert ddb_json_shown(item) == dynamodb_json(item)


def test_decoding_workers_wait_while_the_view_paints(qtbot: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ui_gate, "MAX_WAIT_S", 30.0)
    done = threading.Event()

    def decode_a_slice() -> None:
        ui_gate.pause()
        done.set()

    with ui_gate.busy(), ui_gate.busy():  # a paint that lays out
        worker = threading.Thread(target=decode_a_slice)
        worker.start()
        assert not done.wait(0.05)
    worker.join(5)
    assert done.is_set()
    model = ItemsModel()
    pane = ResultPane(AppContext(), model, list, list, lambda: None)
    qtbot.addWidget(pane)
    assert isinstance(pane.view, ItemsView) and pane.view.verticalHeader().sizeHint().width() >= 0


def receipt(n: int) -> ReadReceipt:
    return ReadReceipt(time=now_utc(), operation="Scan", table="t", index=None, consistency=EVENTUAL,
                       consumed_capacity=0.5, count=n, scanned_count=n, duration_ms=1.0, request={})


def test_the_read_log_keeps_the_newest_receipts_trimming_in_chunks(qapp: Any) -> None:
    model = ReadLogModel(max_rows=10, trim_rows=4)
    removed: list[int] = []
    model.rowsRemoved.connect(lambda _parent, first, last: removed.append(last - first + 1))
    for n in range(30):
        model.add(receipt(n))
    assert 10 <= model.rowCount() <= 14
    assert model.receipt(model.rowCount() - 1).count == 29
    assert [model.receipt(r).count for r in range(model.rowCount())] == list(range(30 - model.rowCount(), 30))
    assert removed == [4] * len(removed) and len(removed) == (30 - model.rowCount()) // 4
