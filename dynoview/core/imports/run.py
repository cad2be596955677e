"""Writing an import: guarded batches, each one all-or-nothing.

- ``transact`` (always on a table with lock rules): a TransactWriteItems of up to 100 Puts
  per batch, judged first by the builder's preflight (``preflight.check``: the audit of the
  table after the batch). A batch that would break a lock (or raise a warning nobody
  accepted) stops the import before it is sent: nothing of it is written, the batches before
  it stay. Sent through ``tx.execution`` (the action log's intent and outcome, retries with the
  same token, settling by reads). The token of a batch is fixed by the run and batch number.
- ``batch`` (speed, on a table without lock rules only): BatchWriteItem, unprocessed items
  retried (``batch_write``).

With ``skip_existing`` (transact only) each batch's keys are read just before it is judged
(``existing.SkipExisting``): the items the table holds are skipped and counted, never replaced,
and the rest are Puts guarded by ``attribute_not_exists``; the preflight judges what is sent.

A read-only connection refuses before anything is read or sent. Every read (the preflight's
view of the table, the settling reads) records its receipt in ``read_log`` (the window's, so the
read log shows them). ``rate`` caps items per second; ``cancel`` stops between batches (and
between the retries of one); progress is saved after every committed batch (``resume``), so
``resume=True`` skips exactly the committed batches: the progress file records what the batches
are cut by (the format, the key, the lock rules, the batch size), and a resume that would cut them
otherwise is refused before anything is read or sent (``resume.start``).

A batch is read, parsed and judged while the one before it is written (``pipeline``; the
preflight sees the batches in flight as written, ``preflight_view``). A batch judged
lock-breaking, a problem in the file or a cancel waits for the writes in flight, records them,
then stops. Guarded batches go one at a time: nothing after a batch that was not written is
sent. ``batch`` keeps up to ``BATCH_IN_FLIGHT`` requests in flight: when one fails, the ones
after it already sent stay written but are not recorded, and a resume writes them again from
the first batch not written (the same Puts). The stop said is the first in the file's order: the
oldest batch in flight that failed is said before any later one (``run_import``'s ``failed``); a
bug in DynoView after it (a later batch's, or the reading's) is said with it (``stops.with_bugs``).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterable, Iterator, Mapping
from pathlib import Path
from typing import Any

from dynoview.core.errors import CancelledError, DynoViewError, ReadOnlyError, describe_error
from dynoview.core.imports import batch_write, resume
from dynoview.core.imports.batching import Batch, applies, batches
from dynoview.core.imports.checks import checked_size, key_of
from dynoview.core.imports.existing import SkipExisting, guarded_put
from dynoview.core.imports.form_index import KeyId
from dynoview.core.imports.model import Located, Problem, Record
from dynoview.core.imports.pipeline import WritePipeline
from dynoview.core.imports.preflight_view import TableView, preflight_batch
from dynoview.core.imports.reads import SplitGetsReader

# The options, progress and result, and their checks: imported here for the callers of ``run``.
from dynoview.core.imports.run_options import (
    BATCH,
    MIN_RATE,
    MODE_SENTENCES,
    MODES,
    TRANSACT,
    ImportOptions,
    ImportProgress,
    ImportResult,
    check_mode,
    check_rate,
)
from dynoview.core.imports.stops import (
    CancelledMidBatch,
    ImportStopped,
    invalid_batch,
    is_bug,
    maybe_written,
    refused_batch,
    unprocessed_batch,
    with_bugs,
)
from dynoview.core.reads.receipts import ReadLog
from dynoview.core.redaction import redact_url
from dynoview.core.session.answers import NotDynamoDBError
from dynoview.core.session.connection import Connection
from dynoview.core.session.integrity import DamagedResponseError
from dynoview.core.session.signin import SignInError
from dynoview.core.session.tables import TableInfo
from dynoview.core.tx.action_log import ActionLog
from dynoview.core.tx.confirmation import confirmation_for_tables
from dynoview.core.tx.execution import execute_transaction
from dynoview.core.tx.model import MAX_ACTIONS, PUT, Action, Transaction
from dynoview.core.tx.outcomes import APPLIED, SUCCEEDED, UNKNOWN
from dynoview.core.tx.recovery import recover_interrupted
from dynoview.core.tx.validation import has_errors, validate
from dynoview.core.uniqueness.schema import UniquenessSchema, article_schema

__all__ = ["BATCH", "MIN_RATE", "MODES", "MODE_SENTENCES", "TRANSACT", "ImportOptions",
           "ImportProgress", "ImportResult", "ImportStopped", "check_mode", "check_rate",
           "run_import", "stopped_import"]

#: BatchWriteItem requests in flight at once (``pipeline``): while DynamoDB works on one, the
#: next is serialised and sent. Guarded batches go one at a time, in order.
BATCH_IN_FLIGHT = 4


def valid_items(records: Iterable[Record], table: TableInfo) -> Iterator[Located]:
    """The items, stopping at the first problem (the preview lists them all before a write)."""
    for record in records:
        found = record if isinstance(record, Problem) else checked_size(record, table)
        if isinstance(found, Problem):
            raise ImportStopped(f"Item {found.place.index + 1} cannot be imported "
                                f"({found.place.text()}): {found.message}", problem=found)
        assert isinstance(record, Located)
        yield Located(record.item, record.place, found)  # its size, for the batches



class _Pacer:
    """Sleeps so that no more than ``rate`` items a second are sent."""

    def __init__(self, rate: float | None, sleep: Callable[[float], None]) -> None:
        self.rate, self.sleep = rate, sleep
        self.started = time.monotonic()
        self.sent = 0

    def wait(self, items: int, cancel: threading.Event | None) -> None:
        if self.rate:
            delay = self.started + (self.sent + items) / self.rate - time.monotonic()
            while delay > 0:
                if cancel is not None and cancel.is_set():
                    return
                self.sleep(min(delay, 0.2))
                delay = self.started + (self.sent + items) / self.rate - time.monotonic()
        self.sent += items


def run_import(conn: Connection, table: TableInfo, records: Iterable[Record], source: str | Path, *,
               schema: UniquenessSchema | None, has_lock_rules: bool, log: ActionLog,
               options: ImportOptions, total: int | None = None,
               progress: Callable[[ImportProgress], None] | None = None,
               cancel: threading.Event | None = None,
               sleep: Callable[[float], None] = time.sleep,
               read_log: ReadLog | None = None) -> ImportResult:
    """Import ``records`` (read from ``source``) into ``table``: see the module doc."""
    requirement = confirmation_for_tables(conn, [table.name], "the import")
    if not requirement.allowed:
        raise ReadOnlyError(requirement.message)
    check_mode(options.mode, has_lock_rules, skip_existing=options.skip_existing,
               skip_hint=options.skip_hint)
    check_rate(options.rate)
    started = time.perf_counter()
    identity = resume.file_identity(source)
    endpoint = _endpoint(conn)
    path = options.progress_path or resume.default_path(log.path, identity, table.name, endpoint)
    max_items = options.max_items or (MAX_ACTIONS if options.mode == TRANSACT
                                      else batch_write.MAX_REQUEST_ITEMS)
    cut_by = schema if has_lock_rules else None  # the lock rules the batches follow
    inputs = resume.batch_inputs(options.fmt, table, cut_by, max_items=max_items,
                                 schema_label=options.schema_label)
    state, changed = resume.start(path, identity, table.name, endpoint, options, inputs)
    # Saved after every batch: a place it cannot be saved is refused before the first is sent,
    # not found after it was written. A fresh start (or a resume's new cut) is saved now, so a
    # resume after a stop before the first batch knows how this run cut them.
    resume.check_writable(path)
    if changed:
        resume.save(path, state)
    result = ImportResult(table.name, options.mode, progress_path=str(path))
    reader = SplitGetsReader(conn, read_log)
    pacer = _Pacer(options.rate, sleep)
    view = TableView(reader, table, schema) if schema is not None and applies(schema, table) else None
    send = _Sender(conn, table, schema, log, options, cancel, state, read_log)
    if state.batches:
        # A resumed run killed between a send and its answer left an intent without outcome:
        # settled by reads before anything is sent, so a batch it applied is not sent (and
        # logged as applied) again; the settling is said in the result.
        result.notes.extend(r.sentence for r in recover_interrupted(
            conn, log, schema=schema, tables={table.name: table}, reader=send.reader))

    def record(done: tuple[Batch, int] | None) -> None:
        """A batch was written: the resume position moves past it, then the progress."""
        if done is None:
            return
        batch, requests = done
        state.batches += 1
        state.items += len(batch.records)  # (skipped ones too: a resume goes on after them)
        resume.save(path, state)
        written, existing = send.counted(batch)
        result.items += written
        result.existing += existing
        result.batches += 1
        result.requests += requests
        if progress is not None:
            progress(ImportProgress(result.items, result.batches, total,
                                    time.perf_counter() - started, result.skipped_items,
                                    result.existing))

    depth = 1 if options.mode == TRANSACT else BATCH_IN_FLIGHT
    # The batches in flight, oldest first, with their keys (depth > 1; else none).
    flying: dict[int, tuple[Batch, set[KeyId]]] = {}
    # What the writes raised, each with its batch, in the file's order: the first is the stop said.
    failed: list[tuple[Batch | None, BaseException]] = []

    def answered(pipe: WritePipeline[Batch]) -> None:
        """The oldest batch in flight answered: recorded once written, unless a batch before it
        failed (a resume writes it again); a failure (its recording's too) is kept in ``failed``
        and raised."""
        batch = next(iter(flying.values()))[0]  # the one ``wait`` answers
        try:
            done = pipe.wait()
            if not failed:
                record(done)
        except BaseException as failure:
            failed.append((batch, failure))  # every batch still in flight was sent after it
            raise
        finally:
            del flying[batch.number]

    def settle(pipe: WritePipeline[Batch]) -> None:
        """Every write in flight answered, in order; each failure kept in ``failed``, none
        raised: every one is said (a bug after the first stop too), not only the first."""
        while pipe.in_flight:
            try:
                answered(pipe)
            except BaseException:
                continue

    def said(stop: BaseException, batch: Batch | None = None) -> BaseException:
        """``stop`` said with the items the batches before it wrote (a cancel mid-batch too)."""
        if isinstance(stop, SignInError):  # the credentials ended mid-import: a stop like any other
            stopped = ImportStopped(f"{stop.message} The import stopped there; {options.resume_hint} "
                                    "continues from the batch it was at (sent again, the same Puts: "
                                    "its items end the same whether or not it was written).", batch=batch)
            stopped.__cause__ = stop
            stop = stopped
        if isinstance(stop, ImportStopped):
            stop.written = result.items
        if isinstance(stop, CancelledMidBatch):
            cancelled = CancelledError(stop.said(state.items, options.resume_hint))
            cancelled.__cause__ = stop
            return cancelled
        return stop

    interrupted: BaseException | None = None  # what the reading, judging or waiting raised
    with WritePipeline[Batch](depth) as pipe:
        try:
            for batch in batches(valid_items(records, table), table, cut_by, max_items=max_items):
                if batch.number < state.batches:
                    result.skipped_batches += 1
                    result.skipped_items += len(batch.records)
                    continue
                if batch.number == state.batches and result.skipped_items != state.items:
                    raise DynoViewError(f"The progress file {path} says {state.items:,} items were "
                                        f"written, but its batches hold {result.skipped_items:,}: it "
                                        "does not match this file. Remove it to import from the start.",
                                        field="resume")
                write = send.judged(batch, view, first=batch.number == state.batches)
                # Guarded: the batch before it is written before this one is sent. Several in
                # flight: an item whose key a batch in flight also writes waits for that batch,
                # so the file's last one still wins (requests in flight land in any order).
                keys = {key_of(r.item, table) for r in batch.records} if depth > 1 else set()
                while pipe.in_flight and (pipe.full or any(keys & other for _, other in flying.values())):
                    answered(pipe)
                pacer.wait(len(batch.records), cancel)  # (returns at once when cancelled)
                if cancel is not None and cancel.is_set():  # after the pause too: never sent then
                    settle(pipe)  # the batches in flight are written: counted before it is said
                    raise CancelledError(f"The import was cancelled after {result.items:,} item(s); "
                                         f"{options.resume_hint} continues from there.")
                if view is not None:  # what is sent: the items skipped as existing stay as they are
                    view.written((r.item for r in send.kept), in_flight=depth)
                flying[batch.number] = (batch, keys)
                pipe.submit(batch, write)
        except BaseException as exc:
            interrupted = exc  # said below, out of here: not as the context of every later failure
        settle(pipe)  # the batches in flight answered: those written are counted
    # The first stop in the file's order is said: a write that failed comes before every batch sent
    # after it; a batch judged or read (or Ctrl+C) after them. Never a later batch's "nothing of it
    # was written" over an earlier "may have been"; what failed after it on a bug is said with it.
    if interrupted is not None and all(interrupted is not failure for _, failure in failed):
        failed.append((None, interrupted))
    if failed:
        (at, stop), *later = failed
        raise with_bugs(said(stop, at), later, options.resume_hint)
    if state.batches > result.skipped_batches + result.batches:
        raise DynoViewError(f"The progress file {path} counts more batches than this file holds: it "
                            "does not match this file. Remove it to import from the start.",
                            field="resume")
    state.done = True
    resume.save(path, state)
    result.duration_s = time.perf_counter() - started
    return result


def _endpoint(conn: Connection) -> str:
    """The endpoint as a progress file names it (no credentials in a URL)."""
    return redact_url(conn.spec.endpoint_url) or f"aws:{conn.region}"


def stopped_import(conn: Connection, table: TableInfo, source: str | Path,
                   log_path: Path) -> resume.Progress | None:
    """The saved progress of an import of ``source`` into ``table`` that stopped before its end
    (a quit, Cancel, a failure), which ``resume=True`` in its mode continues; else None."""
    identity = resume.file_identity(source)
    path = resume.default_path(log_path, identity, table.name, _endpoint(conn))
    return resume.resumable(path, identity)


def _context(batch: Batch, state: resume.Progress) -> dict[str, Any]:
    return {"import": {"file": Path(state.identity.path).name, "run": state.run, "batch": batch.number + 1,
                       "items": batch.span(), "table": state.table}}


def _put(table: str, record: Located) -> Action:
    # The record's own item, not a copy: the preflight only reads it, and ``to_request`` copies.
    return Action(kind=PUT, table=table, item=record.item, label=f"import item {record.place.index + 1}")


def _check(view: TableView | None, tx: Transaction, batch: Batch, accept_warnings: bool) -> None:
    """The builder's preflight on one batch; refusals (and warnings not accepted) stop it."""
    if view is None:
        return
    preflight = preflight_batch(view, tx)
    if preflight.refused:
        first = preflight.refusals[0]
        raise ImportStopped(f"Batch {batch.number + 1} ({batch.span()}) would break a uniqueness lock, "
                            f"so nothing of it was written: {first.message}", batch=batch,
                            preflight=preflight)
    if preflight.warnings and not accept_warnings:
        raise ImportStopped(f"Batch {batch.number + 1} ({batch.span()}) would create "
                            f"{len(preflight.warnings)} warning(s) that need confirmation "
                            f"({preflight.warnings[0].message}); nothing of it was written.",
                            batch=batch, preflight=preflight)


def _already_applied(log: ActionLog, token: str) -> bool:
    """Whether the log shows this batch applied (a run killed after the send, before saving)."""
    done = (SUCCEEDED, APPLIED)
    return any(isinstance(e.get("outcome"), Mapping) and e["outcome"].get("status") in done
               for e in log.entries_for_token(token))


class _Sender:
    """Each batch judged on the caller's thread (``judged``: the preflight), and written by the
    function it returns, on the pipeline's thread (with a reader of its own for settling)."""

    def __init__(self, conn: Connection, table: TableInfo, schema: UniquenessSchema | None,
                 log: ActionLog, options: ImportOptions, cancel: threading.Event | None,
                 state: resume.Progress, read_log: ReadLog | None = None) -> None:
        self.conn, self.table, self.schema, self.log = conn, table, schema, log
        self.options, self.cancel, self.state = options, cancel, state
        self.reader = SplitGetsReader(conn, read_log)
        self.client = batch_write.writer_client(conn) if options.mode == BATCH else None
        self.skip = SkipExisting(self.reader, table) if options.skip_existing else None
        self.kept: list[Located] = []  # the records of the batch last judged that are sent

    def counted(self, batch: Batch) -> tuple[int, int]:
        """(items written, items skipped as already in the table) of ``batch``, written."""
        if self.skip is None:
            return len(batch.records), 0
        return self.skip.written(batch.number, len(batch.records))

    def judged(self, batch: Batch, view: TableView | None, *, first: bool) -> Callable[[], int]:
        """The batch's write, once the preflight let it through (else ``ImportStopped``).
        ``first``: the first batch of this run, which a killed earlier run may have sent."""
        table, state = self.table.name, self.state
        self.kept = batch.records
        if self.options.mode != TRANSACT:
            if view is not None:  # (a token of its own: this transaction is judged, never sent)
                _check(view, Transaction(actions=[_put(table, r) for r in batch.records],
                                         token="judged-only"), batch, False)
            return lambda: self._batch_write(batch)
        token = resume.batch_token(state, batch.number)
        resent = first and state.batches > 0  # a killed run may have sent it: its log says
        if resent and _already_applied(self.log, token):  # (``run_import`` settled it first)
            return lambda: 1
        if self.skip is not None:  # read now, just before it is judged and sent
            self.kept = self.skip.kept(batch.number, batch.records)
            if not self.kept:
                return lambda: 0  # every item of it is in the table: nothing to send
            actions = [guarded_put(self.table, r) for r in self.kept]
        else:
            actions = [_put(table, r) for r in batch.records]
        tx = Transaction(actions=actions, token=token)
        _check(view, tx, batch, self.options.accept_warnings)
        problems = validate(tx, {table: self.table}, self.schema or article_schema())
        if has_errors(problems):  # (validation serialises the request: the send reuses it)
            raise invalid_batch(batch, problems)  # at the item's line, with the items written
        return lambda: self._transact(batch, tx, fresh=not resent)

    def _batch_write(self, batch: Batch) -> int:
        try:
            return batch_write.write_items(
                self.conn, self.table.name, [r.item for r in batch.records], log=self.log,
                context=_context(batch, self.state), cancel=self.cancel, client=self.client)
        except (DamagedResponseError, NotDynamoDBError) as exc:  # sent; the answer unreadable or a web page
            raise maybe_written(batch, str(exc), self.options.resume_hint) from exc
        except batch_write.CancelledUnprocessed as exc:
            raise CancelledMidBatch(batch, exc) from exc
        except batch_write.LeftUnprocessed as exc:  # a stop at this batch, as any other
            raise unprocessed_batch(batch, exc.sent, exc.unprocessed, exc.tries,
                                    self.options.resume_hint) from exc
        except batch_write.AnswerLost as exc:  # refused after a try whose answer was lost
            raise maybe_written(batch, exc.message, self.options.resume_hint) from exc
        except DynoViewError:
            raise  # cancelled: it says what happened
        except Exception as exc:
            if is_bug(exc):  # never said as DynamoDB's or the network's: its traceback names the batch
                exc.add_note(f"(Raised writing batch {batch.number + 1} ({batch.span()}) of the import: "
                             "it may have been written, in part or whole.)")
                raise
            if batch_write.refused_whole(exc):  # every try refused alike: nothing of it written
                raise refused_batch(batch, exc, self.table.name) from exc
            # Never "could not reach the endpoint" alone: the request may have been applied.
            raise maybe_written(batch, describe_error(exc, operation="BatchWriteItem",
                                                      table=self.table.name).message,
                                self.options.resume_hint) from exc

    def _transact(self, batch: Batch, tx: Transaction, *, fresh: bool) -> int:
        result = execute_transaction(self.conn, tx, confirmation=self.options.confirmation,
                                     tables={self.table.name: self.table}, schema=self.schema,
                                     reader=self.reader, log=self.log,
                                     context=_context(batch, self.state), validated=True,
                                     fresh_token=fresh, assume_new=True)  # no read per batch
        if result.status == UNKNOWN:
            # Sent, the answer lost and the reads failed: it may be in the table. Never "not
            # written": the user would look for a problem in the file that is not there.
            raise ImportStopped(f"Batch {batch.number + 1} ({batch.span()}) may have been written: "
                                f"{result.message} {self.options.resume_hint} sends this batch "
                                "again (the same Puts: its items end the same whether or not it "
                                "was applied).",
                                batch=batch, result=result)
        if result.status not in (SUCCEEDED, APPLIED):
            raced = (f" (An item of it may have been written into {self.table.name} since its key "
                     f"was read: {self.options.resume_hint} reads the keys again and skips it.)"
                     if self.skip is not None and result.error_code == "TransactionCanceledException"
                     else "")
            raise ImportStopped(f"Batch {batch.number + 1} ({batch.span()}) was not written: "
                                f"{result.message}{raced}", batch=batch, result=result)
        return 1
