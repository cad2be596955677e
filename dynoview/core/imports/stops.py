"""Why an import stopped at a batch, said where the file holds it: ``ImportStopped`` and its
sentences for a batch that may have been written, that the transaction validation refused, or
that DynamoDB refused whole. The batches before it stay written (``ImportStopped.written``, set
by ``run.run_import``, says how many items; a resume continues from the batch that stopped)."""

from __future__ import annotations

from collections.abc import Sequence

from dynoview.core.errors import DynoViewError, describe_error
from dynoview.core.imports.batching import Batch
from dynoview.core.imports.checks import said_at_attribute
from dynoview.core.imports.model import Problem
from dynoview.core.preflight.check import Preflight
from dynoview.core.tx.model import Problem as ActionProblem
from dynoview.core.tx.outcomes import ExecutionResult


class ImportStopped(DynoViewError):
    """The import stopped at a batch; what was written before it stays (resume continues)."""

    def __init__(self, message: str, *, batch: Batch | None = None, preflight: Preflight | None = None,
                 result: ExecutionResult | None = None, problem: Problem | None = None) -> None:
        super().__init__(message, field="import")
        self.batch, self.preflight, self.result, self.problem = batch, preflight, result, problem
        self.written = 0  # items this run wrote before it stopped (set by ``run_import``)


def maybe_written(batch: Batch, said: str, resume_hint: str) -> ImportStopped:
    return ImportStopped(f"Batch {batch.number + 1} ({batch.span()}) may have been written, in part "
                         f"or whole: {said} {resume_hint} sends this batch again (the same Puts: its "
                         "items end the same whether or not they were written).", batch=batch)


def invalid_batch(batch: Batch, problems: Sequence[ActionProblem]) -> ImportStopped:
    """The transaction validation refused a batch that the checks of each item let through: said
    at the item's place in the file, never as "Action N" (its place in the batch). Nothing of the
    batch was sent."""
    first = next(p for p in problems if p.is_error)
    number = batch.number + 1
    if first.index is not None and first.index < len(batch.records):
        place = batch.records[first.index].place
        problem = Problem(place, said_at_attribute(first))
        return ImportStopped(f"Item {place.index + 1} ({place.text()}) cannot be imported: "
                             f"{problem.message} Nothing of batch {number} ({batch.span()}) was sent.",
                             batch=batch, problem=problem)
    problem = Problem(batch.records[0].place, first.message)  # the request as a whole (its size)
    return ImportStopped(f"Batch {number} ({batch.span()}, from {problem.place.text()}) cannot be "
                         f"imported: {first.message} Nothing of it was sent.", batch=batch,
                         problem=problem)


def refused_batch(batch: Batch, exc: BaseException, table: str) -> ImportStopped:
    """DynamoDB refused a BatchWriteItem whole, every try of it alike: nothing of it was written.
    Said as a stop at that batch of the file, not as the bare error: the batches before it were."""
    said = describe_error(exc, operation="BatchWriteItem", table=table).message
    return ImportStopped(f"DynamoDB refused batch {batch.number + 1} ({batch.span()}, from "
                         f"{batch.records[0].place.text()}), so nothing of it was written: {said}",
                         batch=batch)
