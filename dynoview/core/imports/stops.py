"""Why an import stopped at a batch, said where the file holds it: ``ImportStopped`` and its
sentences for a batch that may have been written, that the transaction validation refused, that
DynamoDB refused whole or left items of unprocessed (and ``CancelledMidBatch``, a cancel during
the retries of those items). The batches before it stay written (``ImportStopped.written``, set
by ``run.run_import``, says how many items; a resume continues from the batch that stopped).

A bug in DynoView (``is_bug``) is never one of those stops, nor dropped behind one: when a later
batch (or the reading of the file) fails on a bug after the batch the import stops at, the stop
carries it (``ImportStopped.bugs``, said after the stop's sentence; ``with_bugs``).

How to go on after a stop (``next_step``) is chosen here once, for the command and the window,
which each word it in their own terms (a flag, a check box)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any, TypeGuard

from dynoview.core.errors import CancelledError, DynoViewError, describe_error, is_user_facing
from dynoview.core.imports.batch_write import CancelledUnprocessed
from dynoview.core.imports.batching import Batch
from dynoview.core.imports.checks import said_at_attribute
from dynoview.core.imports.model import Problem
from dynoview.core.preflight.check import Preflight
from dynoview.core.tx.model import Problem as ActionProblem
from dynoview.core.tx.outcomes import ExecutionResult


class ImportStopped(DynoViewError):
    """The import stopped at a batch; what was written before it stays (resume continues)."""

    def __init__(self, message: str, *, batch: Batch | None = None, preflight: Preflight | None = None,
                 result: ExecutionResult | None = None, problem: Problem | None = None,
                 unprocessed: int | None = None) -> None:
        super().__init__(message, field="import")
        self.batch, self.preflight, self.result, self.problem = batch, preflight, result, problem
        self.unprocessed = unprocessed  # items of the batch DynamoDB left unprocessed (not written)
        self.written = 0  # items this run wrote before it stopped (set by ``run_import``)
        self.bugs: list[Bug] = []  # what failed on a bug after this stop (``with_bugs``)


class NextStep(Enum):
    """What continues after an ``ImportStopped`` (``next_step``)."""

    #: A send that failed (refused, unprocessed, an answer lost, the endpoint, credentials): the
    #: file is right, so a resume continues from the batch that stopped.
    RESUME = "resume"
    #: An item refused (the validation, or a problem found as the file was read for the write):
    #: fix the file and import it from the start, as a resume refuses a changed file.
    FIX_FILE = "fix-file"
    #: The preflight warned only: the same file goes on once the warnings are accepted (a resume
    #: with them accepted), or the file is fixed and imported from the start.
    ACCEPT_WARNINGS = "accept-warnings"
    #: The preflight refused: fix the file and import it from the start, or change the table so
    #: that the batch passes and resume (the same file, judged against the table as it is then).
    FIX_FILE_OR_TABLE = "fix-file-or-table"


def next_step(stop: ImportStopped) -> NextStep:
    """How to go on after ``stop``. Only the preflight's stop and an item refused are about the
    file; a send that failed is not. A fixed file is another file, which a resume refuses (it
    would skip batches of the old one): it is imported from the start, the items written before
    written again (the same Puts: they end the same, and the preflight lets them through)."""
    if stop.preflight is None:
        return NextStep.RESUME if stop.problem is None else NextStep.FIX_FILE
    return NextStep.FIX_FILE_OR_TABLE if stop.preflight.refused else NextStep.ACCEPT_WARNINGS


def is_bug(exc: BaseException) -> TypeGuard[Exception]:
    """Whether ``exc`` is a bug in DynoView: not a stop the import expects (DynamoDB's answers and
    refusals, the network, a file or the disk, a cancel, Ctrl+C)."""
    return isinstance(exc, Exception) and not (is_user_facing(exc) or isinstance(exc, OSError))


@dataclass(frozen=True)
class Bug:
    """A bug that ended a batch's write, or the reading of the file, after the batch an import
    stopped at: said with that stop."""

    error: Exception
    batch: Batch | None = None  # None: raised as the file was read and its batches cut and judged

    @property
    def what(self) -> str:
        return f"{type(self.error).__name__}: {self.error}" if str(self.error) else type(self.error).__name__

    def sentence(self, resume_hint: str) -> str:
        if self.batch is None:
            return (f"The import also failed, with a bug in DynoView ({self.what}), as it read and "
                    "judged the batches after it. Please report this bug.")
        # Sent, so its fate is unknown; a resume continues from the stop, so it writes it again.
        return (f"Batch {self.batch.number + 1} ({self.batch.span()}) also failed, with a bug in "
                f"DynoView ({self.what}): it may have been written, in part or whole ({resume_hint} "
                "writes it again after the batch that stopped). Please report this bug.")

    def to_json(self) -> dict[str, Any]:
        return {"batch": self.batch.number + 1 if self.batch else None,
                "items": self.batch.span() if self.batch else None, "error": self.what}


def with_bugs(stop: BaseException, later: Iterable[tuple[Batch | None, BaseException]],
              resume_hint: str) -> BaseException:
    """What an import raises for ``stop``, the first in the file's order, given what failed after
    it (each with its batch, None for the reading of the file): a bug among them is never dropped.
    An ``ImportStopped`` carries them, each said after its sentence (the caller reports their
    tracebacks); any other stop is noted on the first bug, which is raised instead (``stop``
    itself when it is a bug)."""
    bugs = [Bug(exc, batch) for batch, exc in later if is_bug(exc)]
    if not bugs:
        return stop
    if isinstance(stop, ImportStopped):
        stop.bugs.extend(bugs)
        stop.message = " ".join([stop.message, *(b.sentence(resume_hint) for b in bugs)])
        stop.args = (stop.message,)
        return stop
    raised = stop if is_bug(stop) else bugs.pop(0).error
    if raised is not stop:  # a cancel or an error said as a sentence: the bug's traceback says it
        raised.add_note(f"The import had stopped before it: {getattr(stop, 'message', None) or repr(stop)}")
    for bug in bugs:
        raised.add_note(bug.sentence(resume_hint))
    return raised


class CancelledMidBatch(CancelledError):
    """Cancelled while DynamoDB had items of ``batch`` unprocessed (``batch_write``): the batch
    is partly written. ``run_import`` says it once the batches before it are counted."""

    def __init__(self, batch: Batch, cause: CancelledUnprocessed) -> None:
        super().__init__(cause.message)
        self.batch, self.sent, self.unprocessed = batch, cause.sent, cause.unprocessed

    def said(self, confirmed: int, resume_hint: str) -> str:
        # A resume skips the batches the progress file counts and writes this one again whole.
        number = self.batch.number + 1
        before = (f"{confirmed:,} item(s) are confirmed written (the batches before it)" if confirmed
                  else "no item is confirmed written yet")
        return (f"The import was cancelled while DynamoDB still had items of batch {number} "
                f"({self.batch.span()}) unprocessed: {before}; of the {self.sent:,} item(s) of batch "
                f"{number}, {self.sent - self.unprocessed:,} were written and {self.unprocessed:,} "
                f"were unprocessed (not written), so that batch is partly written. {resume_hint} "
                f"continues from the last confirmed batch: it writes batch {number} and those after "
                "it again (the same Puts: items written already end the same).")


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


def unprocessed_batch(batch: Batch, sent: int, unprocessed: int, tries: int,
                      resume_hint: str) -> ImportStopped:
    """DynamoDB kept items of a batch unprocessed on every try of its BatchWriteItem: the batch is
    partly written, and a resume sends it again whole (the same Puts)."""
    number = batch.number + 1
    return ImportStopped(f"DynamoDB left {unprocessed:,} of the {sent:,} item(s) of batch {number} "
                         f"({batch.span()}) unprocessed after {tries} tries (the table's write capacity "
                         f"is exhausted): they were not written; the other {sent - unprocessed:,} were "
                         f"written, so the batch is partly written. Wait, or import at a lower rate: "
                         f"{resume_hint} sends batch {number} again (the same Puts: items written "
                         "already end the same).", batch=batch, unprocessed=unprocessed)
