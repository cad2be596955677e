"""The import's writes on worker threads while the main thread reads, parses and judges the next
batch. ``depth`` writes are in flight at most: 1 for guarded batches (a batch is handed over only
after the one before it was answered, so nothing after a batch that was not written is sent),
more for BatchWriteItem (``run.BATCH_IN_FLIGHT``: its Puts are idempotent and not atomic anyway).
Answers are taken in the order the batches were handed over (``wait``), so the resume position
(saved by the caller after ``wait``) only ever names batches that were written, with every batch
before them."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Generic, TypeVar

T = TypeVar("T")


class WritePipeline(Generic[T]):
    """The writes in flight (``submit``) and their answers, oldest first (``wait``)."""

    def __init__(self, depth: int = 1) -> None:
        if depth < 1:
            raise ValueError("a pipeline has at least one write in flight")
        self.depth = depth
        self._pool = ThreadPoolExecutor(max_workers=depth, thread_name_prefix="dynoview-import-write")
        self._pending: deque[tuple[T, Future[int]]] = deque()
        self._failed = False  # a write failed: the ones after it are not answered as written

    @property
    def full(self) -> bool:
        """Whether ``depth`` writes are in flight (the oldest must be waited for first)."""
        return len(self._pending) >= self.depth

    @property
    def in_flight(self) -> int:
        return len(self._pending)

    def submit(self, batch: T, write: Callable[[], int]) -> None:
        """Start writing ``batch`` (``write`` returns the requests it took); raises when
        ``depth`` writes are in flight already."""
        if self.full:
            raise RuntimeError("the pipeline is full: wait for the oldest write first")
        self._pending.append((batch, self._pool.submit(write)))

    def wait(self) -> tuple[T, int] | None:
        """The oldest batch in flight and its requests once it was written, None when there is
        none; raises what its write raised."""
        if not self._pending:
            return None
        batch, future = self._pending.popleft()
        try:
            return batch, future.result()
        except BaseException:
            self._failed = True
            raise

    def drain(self) -> tuple[list[tuple[T, int]], BaseException | None]:
        """Wait for every write in flight, oldest first: those written before the first failure
        (none after a ``wait`` raised), and that failure. Written later batches stay written but
        are not answered: a resume writes them again from the first batch not written."""
        written: list[tuple[T, int]] = []
        failure: BaseException | None = None
        while self._pending:
            batch, future = self._pending.popleft()
            try:
                requests = future.result()
            except BaseException as exc:
                self._failed = True
                failure = failure or exc
                continue
            if not self._failed:
                written.append((batch, requests))
        return written, failure

    def close(self) -> None:
        """Let the writes in flight finish (a kill aside, a write is never cut off midway)."""
        self._pool.shutdown(wait=True)

    def __enter__(self) -> WritePipeline[T]:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
