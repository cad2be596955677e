"""Worker processes that classify an audit's Scan pages on the other CPU cores.

The calling process keeps every conversation with DynamoDB: its segment threads send
each Scan through the connection's guarded client (read-only refusal, credentials,
retries, CRC32 check, one receipt per page) and hand the page body, as bytes, to a
worker. Workers only parse and classify (``audit.pages``): they get no connection, no
credentials and no boto3, so nothing a worker does can write, and no secret crosses a
process boundary. At the end each worker sends back its classified state (lock values,
account records, holders; see ``Pairing.export_state``) and the caller merges them and
computes the findings.

Pages of one segment always go to the same worker, in order, so items sharing a
partition key (which DynamoDB keeps in one segment) are classified in Scan order, as a
single ``Pairing`` would.

Processes are started with ``spawn`` (never ``fork``: the caller has threads, and in the
app a Qt event loop), so a worker imports this module, ``pairing`` and msgspec only.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import threading
from typing import Any

import msgspec

from dynoview.core.background import background_priority, yield_to_ui
from dynoview.core.errors import DynoViewError
from dynoview.core.uniqueness.pairing import Pairing
from dynoview.core.uniqueness.pairing_state import Batch
from dynoview.core.uniqueness.schema import UniquenessSchema

_END = b""  # no page is empty: an empty message means "no more pages"
# First byte of a worker's messages: a batch (MessagePack), "done", or an error sentence.
_BATCH, _DONE, _ERROR = b"B", b"D", b"E"
# A worker sends what it classified every this many items: the caller builds its dicts
# while the scan goes on, and a worker never holds more than one batch. Small enough that
# decoding and applying one holds the caller's GIL for milliseconds (a 50,000-item batch
# took 34 ms to decode, one C call, during which a window's event loop stood still).
FLUSH_ITEMS = 10_000
WORKER_NICENESS = 5
#: Workers under a window: well below its threads (``BACKGROUND_NICENESS``), which hold the GIL
#: the event loop needs; a worker that took the core from one of them stood the loop still (two
#: workers at ``WORKER_NICENESS``: 280-500 ms stalls). Not the lowest (19): there, other programs
#: on a busy machine left the workers nothing and the audit took 1.4-2.1x the CLI's at 1M items.
LOW_WORKER_NICENESS = 10


class AuditWorkerError(DynoViewError):
    """A worker process failed or stopped before it returned its part of the audit."""


def available_cpus() -> int:
    """CPU cores this process may run on (its affinity mask where the OS has one)."""
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0))
    return os.cpu_count() or 1


def _serve(conn: Any, schema: UniquenessSchema, ttl_attribute: str | None, now: float,
           niceness: int, keep_ttls_ahead: bool = False) -> None:
    """A worker's life: classify page bodies, sending batches, until the end marker."""
    from dynoview.core.audit.pages import PageClassifier

    # Below the process that reads the pages (and, in the app, paints the window): on a busy
    # machine the workers wait, not the reads that feed them or the window's event loop.
    # Started below already (``_start_below``); this makes sure where that did not apply.
    with contextlib.suppress(OSError, AttributeError):
        if os.getpriority(os.PRIO_PROCESS, 0) < niceness:
            os.setpriority(os.PRIO_PROCESS, 0, niceness)
    pairing = Pairing(schema, ttl_attribute, keep_ttls_ahead=keep_ttls_ahead)
    pairing.now = now  # the caller's clock, so TTL expiry is judged at one instant
    classifier = PageClassifier(pairing)
    encode = msgspec.msgpack.Encoder().encode
    try:
        while True:
            body = conn.recv_bytes()
            if body == _END:
                break
            classifier.classify(body)
            if classifier.batch.items >= FLUSH_ITEMS:
                conn.send_bytes(_BATCH + encode(classifier.take()))
        if classifier.batch.items:
            conn.send_bytes(_BATCH + encode(classifier.take()))
        conn.send_bytes(_DONE)
    except BaseException as exc:  # reported to the caller, which raises it as a sentence
        conn.send_bytes(_ERROR + f"{type(exc).__name__}: {exc}".encode())
    conn.close()


def _own_niceness() -> int:
    try:
        return os.getpriority(os.PRIO_PROCESS, 0)
    except (OSError, AttributeError):
        return 0


def _start_below(proc: Any, niceness: int) -> None:
    """Start a worker and lower it to ``niceness`` at once, before its interpreter's start-up and
    imports (~0.3 s of CPU each) are under way: started at this process's priority, two workers
    took both cores from a window for ~0.4 s at the audit's start (the event loop blocked 437 ms).
    Not started from a thread already at ``niceness``: the child inherits it before it execs,
    and the starting thread holds the GIL until then (``vfork``), so while a child that low waited
    for a core on a busy machine, the window's event loop stood still 100-150 ms."""
    proc.start()
    with contextlib.suppress(OSError, AttributeError):  # no such call on Windows
        os.setpriority(os.PRIO_PROCESS, proc.pid, niceness)


class ClassifierPool:
    """``processes`` spawned workers fed page bodies by segment number; their batches are
    applied to ``pairing`` (under ``lock``) by one receiving thread per worker. ``niceness``:
    how far below this process the workers run."""

    def __init__(self, processes: int, pairing: Pairing, lock: threading.Lock,
                 niceness: int = WORKER_NICENESS) -> None:
        ctx = multiprocessing.get_context("spawn")
        self._pairing = pairing
        self._apply_lock = lock
        self._conns: list[Any] = []
        self._procs: list[Any] = []
        self._receivers: list[threading.Thread] = []
        self._errors: dict[int, AuditWorkerError] = {}
        # One sender at a time per pipe: several segment threads may feed one worker.
        self._locks = [threading.Lock() for _ in range(processes)]
        niceness = min(19, _own_niceness() + niceness)
        try:
            for i in range(processes):
                parent, child = ctx.Pipe(duplex=True)
                proc = ctx.Process(target=_serve,
                                   args=(child, pairing.schema, pairing.ttl_attribute, pairing.now,
                                         niceness, pairing.ttls_ahead is not None),
                                   name=f"dynoview-audit-worker-{i}", daemon=True)
                _start_below(proc, niceness)
                child.close()
                self._conns.append(parent)
                self._procs.append(proc)
                receiver = threading.Thread(target=self._receive, args=(i,),
                                            name=f"audit-worker-{i}-receiver", daemon=True)
                receiver.start()
                self._receivers.append(receiver)
        except BaseException:
            self.close()
            raise

    def __len__(self) -> int:
        return len(self._procs)

    def _receive(self, i: int) -> None:
        """Apply worker ``i``'s batches as they come, until it is done or gone."""
        background_priority()
        decode = msgspec.msgpack.Decoder(Batch).decode
        conn = self._conns[i]
        try:
            while True:
                message = conn.recv_bytes()
                kind = message[:1]
                if kind == _BATCH:
                    yield_to_ui()  # a window's event loop that is behind goes first
                    batch = decode(memoryview(message)[1:])
                    del message
                    with self._apply_lock:  # the loop also goes first between the dicts' growth
                        self._pairing.apply(batch, step=yield_to_ui)
                elif kind == _DONE:
                    return
                else:
                    self._errors[i] = self._error(i, message[1:].decode(errors="replace"))
                    return
        except (OSError, EOFError):
            self._errors.setdefault(i, self._gone(i))
        except Exception as exc:  # a batch that does not decode or apply
            self._errors.setdefault(i, self._error(i, f"{type(exc).__name__}: {exc}"))

    def send(self, segment: int, body: bytes) -> None:
        """Hand a page body to the segment's worker (blocks while the worker is behind)."""
        i = segment % len(self._conns)
        yield_to_ui()
        try:
            with self._locks[i]:
                self._conns[i].send_bytes(body)
        except OSError as exc:  # the worker is gone: say why, if it said
            self._receivers[i].join(timeout=5)
            raise self._errors.get(i) or self._gone(i) from exc

    def finish(self) -> None:
        """Tell every worker the pages are over; return once all their batches are applied."""
        for i, conn in enumerate(self._conns):
            try:
                with self._locks[i]:
                    conn.send_bytes(_END)
            except OSError:
                pass  # gone already: its receiver has recorded why
        for i, receiver in enumerate(self._receivers):
            receiver.join()
            if i in self._errors:
                raise self._errors[i]
        for proc in self._procs:
            proc.join(timeout=10)

    def close(self) -> None:
        """Stop the workers (at once if they are still busy) and release the pipes."""
        for proc in self._procs:
            if proc.is_alive():
                proc.terminate()
        for proc in self._procs:
            proc.join(timeout=10)
        for receiver in self._receivers:
            receiver.join(timeout=10)  # a stopped worker's pipe reads as closed: they end
        for conn in self._conns:
            conn.close()

    def _gone(self, i: int) -> AuditWorkerError:
        self._procs[i].join(timeout=1)
        code = self._procs[i].exitcode
        return AuditWorkerError(
            f"Audit worker process {i} stopped unexpectedly (exit code {code}), so the audit "
            "was stopped: no findings are shown. Run the audit again; if it happens again, "
            "check the machine's free memory.", field="segments")

    @staticmethod
    def _error(i: int, detail: str) -> AuditWorkerError:
        return AuditWorkerError(
            f"Audit worker process {i} could not classify a page ({detail}), so the audit was "
            "stopped: no findings are shown. Run the audit again.", field="segments")
