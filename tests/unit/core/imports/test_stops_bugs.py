"""What an import raises when more than one thing failed: the first stop in the file's order, and
every bug in DynoView after it said with it (``with_bugs``), never dropped; DynamoDB's answers,
the network, files, a cancel are stops, not bugs (``is_bug``). Items DynamoDB left unprocessed on
every try are a stop at their batch (``unprocessed_batch``)."""

from __future__ import annotations

import pytest
from botocore.exceptions import ClientError, EndpointConnectionError

from dynoview.core.errors import CancelledError, DynoViewError, InputError
from dynoview.core.imports.batching import Batch
from dynoview.core.imports.model import Located, Place
from dynoview.core.imports.stops import ImportStopped, is_bug, refused_batch, unprocessed_batch, with_bugs

EXPIRED = ClientError({"Error": {"Code": "ExpiredTokenException", "Message": "expired"},
                       "ResponseMetadata": {"HTTPStatusCode": 400}}, "BatchWriteItem")


def _batch(number: int, size: int = 25) -> Batch:
    first = number * size
    return Batch(number, [Located({"PK": {"S": f"DOC#{n}"}}, Place(n, n + 1, 1))
                          for n in range(first, first + size)], 0)


@pytest.mark.parametrize("exc", [EXPIRED, EndpointConnectionError(endpoint_url="http://localhost:1"),
                                 DynoViewError("refused"), CancelledError("cancelled"),
                                 InputError("bad value"), ConnectionResetError(), KeyboardInterrupt()],
                         ids=lambda e: type(e).__name__)
def test_what_the_import_expects_is_not_a_bug(exc: BaseException) -> None:
    assert not is_bug(exc)


@pytest.mark.parametrize("exc", [RuntimeError("x"), KeyError("PK"), TypeError(), AttributeError("y")],
                         ids=lambda e: type(e).__name__)
def test_anything_else_is_a_bug(exc: BaseException) -> None:
    assert is_bug(exc)


def test_a_later_bug_is_said_with_the_stop_and_kept_for_its_traceback() -> None:
    stop = refused_batch(_batch(0), EXPIRED, "docs")
    first = stop.message
    bug, reading = RuntimeError("boom"), KeyError("PK")
    later = [(_batch(1), DynoViewError("a later stop")), (_batch(2), bug), (None, reading)]
    assert with_bugs(stop, later, "--resume") is stop
    assert [(b.error, b.batch and b.batch.number) for b in stop.bugs] == [(bug, 2), (reading, None)]
    assert stop.message.startswith(first + " Batch 3 (items 51-75) also failed, with a bug in DynoView "
                                   "(RuntimeError: boom): it may have been written, in part or whole "
                                   "(--resume writes it again after the batch that stopped). Please "
                                   "report this bug. The import also failed, with a bug in DynoView "
                                   "(KeyError: 'PK'), as it read and judged the batches after it."), \
        stop.message
    assert "a later stop" not in stop.message  # a later stop is not said: the first one is
    assert str(stop) == stop.message
    assert [b.to_json() for b in stop.bugs] == [
        {"batch": 3, "items": "items 51-75", "error": "RuntimeError: boom"},
        {"batch": None, "items": None, "error": "KeyError: 'PK'"}]


def test_without_a_later_bug_the_stop_is_said_alone() -> None:
    stop = refused_batch(_batch(0), EXPIRED, "docs")
    message = stop.message
    assert with_bugs(stop, [(_batch(1), EXPIRED), (None, KeyboardInterrupt())], "--resume") is stop
    assert (stop.message, stop.bugs) == (message, [])


def test_a_stop_that_cannot_carry_a_bug_is_noted_on_it() -> None:
    """A cancel (or any stop but ``ImportStopped``) followed by a bug: the bug is raised, its
    traceback noting the cancel, so it reaches the error boundary (a crash report)."""
    bug = RuntimeError("boom")
    raised = with_bugs(CancelledError("The import was cancelled after 25 item(s)."), [(_batch(1), bug)],
                       "Resume")
    assert raised is bug
    assert bug.__notes__[0] == "The import had stopped before it: The import was cancelled after 25 item(s)."
    assert not bug.__notes__[1:]


def test_a_bug_that_is_the_first_stop_is_raised_with_the_later_ones_noted() -> None:
    first, second = RuntimeError("first"), TypeError("second")
    assert with_bugs(first, [(_batch(3), second)], "--resume") is first
    assert first.__notes__ == ["Batch 4 (items 76-100) also failed, with a bug in DynoView (TypeError: "
                               "second): it may have been written, in part or whole (--resume writes "
                               "it again after the batch that stopped). Please report this bug."]


def test_items_left_unprocessed_are_a_stop_at_their_batch() -> None:
    stop = unprocessed_batch(_batch(1, size=5), 5, 2, 12, "--resume")
    assert isinstance(stop, ImportStopped)
    assert stop.batch is not None and stop.batch.number == 1 and stop.unprocessed == 2
    assert stop.message == ("DynamoDB left 2 of the 5 item(s) of batch 2 (items 6-10) unprocessed after "
                            "12 tries (the table's write capacity is exhausted): they were not written; "
                            "the other 3 were written, so the batch is partly written. Wait, or import "
                            "at a lower rate: --resume sends batch 2 again (the same Puts: items "
                            "written already end the same).")
