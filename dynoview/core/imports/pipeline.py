"""A pipeline of depth 2 for the import: one batch is written on a worker thread while the main
thread reads, parses and judges the next. At most one write is in flight, and the next one is
handed over only after it was answered, so batches are written in order and the resume position
(saved by the caller after ``wait``) only ever names batches that were written."""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Generic, TypeVar

T = TypeVar("T")


class WritePipeline(Generic[T]):
    """The one write in flight (``submit``) and its answer (``wait``)."""

    def __init__(self) -> None:
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="dynoview-import-write")
        self._pending: tuple[T, Future[int]] | None = None

    def submit(self, batch: T, write: Callable[[], int]) -> None:
        """Start writing ``batch`` (``write`` returns the requests it took); the write before it
        must have been waited for."""
        if self._pending is not None:
            raise RuntimeError("a write is still in flight: wait for it first")
        self._pending = (batch, self._pool.submit(write))

    def wait(self) -> tuple[T, int] | None:
        """The batch in flight and its requests once it was written, None when there is none;
        raises what its write raised (nothing after it was sent)."""
        if self._pending is None:
            return None
        batch, future = self._pending
        self._pending = None
        return batch, future.result()

    def close(self) -> None:
        """Let the write in flight finish (a kill aside, a write is never cut off midway)."""
        self._pool.shutdown(wait=True)

    def __enter__(self) -> WritePipeline[T]:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
