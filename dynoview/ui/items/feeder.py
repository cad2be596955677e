"""Pages read, waiting to be shown, appended to the items model a chunk at a time.

The controller queues pages and calls ``step`` once per turn of the event loop: each step
appends at most ``chunk`` rows in one ``append_page`` (the rest of one page, or several small
pages together), so a large delivery never holds the loop for long, and pages of 100 read
while the view was busy cost one insertion and one repaint, not one each.
"""

from __future__ import annotations

from collections import deque
from typing import TYPE_CHECKING

from dynoview.ui.items.model import ItemsModel

if TYPE_CHECKING:  # the read code loads with the connection, after the first paint
    from dynoview.core.reads.reader import Page
    from dynoview.core.reads.rows import RowBlock


class PageFeeder:
    """The pages read but not fully shown, in the order read."""

    def __init__(self, model: ItemsModel) -> None:
        self.model = model
        self.pages: deque[Page] = deque()
        self.shown = 0  # rows of ``pages[0]`` already in the model

    def __bool__(self) -> bool:
        return bool(self.pages)

    def queue(self, page: Page) -> None:
        self.pages.append(page)

    def clear(self) -> None:
        self.pages.clear()
        self.shown = 0

    def step(self, chunk: int) -> list[Page]:
        """Append up to ``chunk`` rows; the pages that are now shown whole."""
        pages = self.pages
        if not pages:
            return []
        first = pages[0]
        if first.block is None:  # read as items (a cursor without compact rows): whole
            pages.popleft()
            self.model.append_page(first.items, first.exhausted)
            return [first]
        parts: list[RowBlock] = []
        done: list[Page] = []
        room = chunk
        while pages and pages[0].block is not None and room > 0:
            page = pages[0]
            block = page.block
            assert block is not None
            start = self.shown
            end = min(len(block), start + room)
            parts.append(block if start == 0 and end == len(block) else block.slice(start, end))
            room -= end - start
            if end < len(block):
                self.shown = end
                break
            pages.popleft()
            self.shown = 0
            done.append(page)
        exhausted = bool(done) and done[-1].exhausted and not pages
        if len(parts) == 1:
            self.model.append_page(parts[0], exhausted)
        else:
            from dynoview.core.reads.rows import RowBlock  # loaded already: the pages hold blocks

            self.model.append_page(RowBlock.concat(parts), exhausted)
        return done

    def flush(self) -> list[Page]:
        """Append everything queued now, whole; the pages shown."""
        done: list[Page] = []
        while self.pages:
            done.extend(self.step(1 << 30))
        return done
