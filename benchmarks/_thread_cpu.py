"""Per-thread CPU of another process, sampled from outside it: who ran during a stall.

A thread in the measured process that samples its own threads needs the GIL to do so, so it
cannot see a stall made of GIL waits as it happens. This sampler runs in the benchmark's own
process and reads ``/proc/<pid>/task/<tid>/schedstat`` (nanoseconds on a CPU, nanoseconds
waiting for one) of every thread every few milliseconds; ``during`` then says, for a time
window (CLOCK_MONOTONIC, as ``time.perf_counter`` in both processes on Linux), how long each
thread ran and waited for a core. With the measured process's names of its native thread ids,
a stall of the UI thread reads as "the batch receiver ran 150 ms of it", or "nothing ran".
"""

from __future__ import annotations

import bisect
import contextlib
import os
import threading
import time
from collections import Counter
from typing import Any

SAMPLE_EVERY_S = 0.004
CHILDREN_EVERY = 50  # sweeps between looks for new child processes (audit workers)


class ThreadCpuSampler(threading.Thread):
    """Samples the CPU and run-queue time of ``pid``'s threads until ``stop``."""

    def __init__(self, pid: int, every: float = SAMPLE_EVERY_S, others: dict[str, int] | None = None) -> None:
        super().__init__(name="thread-cpu-sampler", daemon=True)
        self.pid, self.every = pid, every
        self.times: list[float] = []
        self.samples: list[dict[int, tuple[int, int]]] = []  # tid -> (cpu ns, queued ns)
        # What each thread was in at each sample: "running", or its system call and kernel wait
        # (futex: the GIL or a lock; poll: the event loop idle; read/recv: a pipe or socket).
        self.states: list[dict[int, str]] = []
        # Other processes (the X server, the audit's worker processes): main thread only, as
        # negative ids named in ``self.other_names``.
        self.others = dict(others or {})
        self.other_names: dict[int, str] = {}
        self._fds: dict[int, int] = {}
        self._done = threading.Event()

    def stop(self) -> None:
        self._done.set()
        self.join(timeout=2)
        for fd in self._fds.values():
            with contextlib.suppress(OSError):
                os.close(fd)

    def run(self) -> None:
        task_dir = f"/proc/{self.pid}/task"
        sweeps = 0
        while not self._done.wait(self.every):
            try:
                tids = [int(t) for t in os.listdir(task_dir)]
            except OSError:
                return  # the process ended
            if sweeps % CHILDREN_EVERY == 0:
                self._find_children()
            sweeps += 1
            now = time.perf_counter()
            sample: dict[int, tuple[int, int]] = {}
            states: dict[int, str] = {}
            for tid in tids:
                self._read(sample, tid, f"{task_dir}/{tid}/schedstat")
                states[tid] = self._state(tid)
            for name, pid in self.others.items():
                self.other_names[-pid] = name
                self._read(sample, -pid, f"/proc/{pid}/schedstat")
            self.times.append(now)
            self.samples.append(sample)
            self.states.append(states)

    def _read(self, sample: dict[int, tuple[int, int]], key: int, path: str) -> None:
        fd = self._fds.get(key)
        try:
            if fd is None:
                fd = self._fds[key] = os.open(path, os.O_RDONLY)
            cpu, queued, _ = os.pread(fd, 128, 0).split()
            sample[key] = (int(cpu), int(queued))
        except (OSError, ValueError):
            pass  # the thread just ended

    def _find_children(self) -> None:
        with contextlib.suppress(OSError, ValueError):
            for task in os.listdir(f"/proc/{self.pid}/task"):
                with open(f"/proc/{self.pid}/task/{task}/children") as f:
                    for child in f.read().split():
                        self.others.setdefault(f"child process {child}", int(child))

    def _state(self, tid: int) -> str:
        base = f"/proc/{self.pid}/task/{tid}"
        try:
            with open(f"{base}/syscall") as f:
                call = f.read().split(maxsplit=1)[0]
            if call == "running":
                return call
            with open(f"{base}/wchan") as f:
                return f"{call}:{f.read().strip()}"
        except (OSError, IndexError):
            return "?"

    def states_during(self, start: float, end: float, names: dict[int, str]) -> dict[str, list[list[object]]]:
        """Per thread, [state, samples] within [start, end], most frequent first ("running",
        or "syscall number:kernel wait", 202 being futex: the GIL or a lock)."""
        a, b = bisect.bisect_left(self.times, start), bisect.bisect_right(self.times, end)
        counts: dict[int, Counter[str]] = {}
        for states in self.states[a:b]:
            for tid, state in states.items():
                counts.setdefault(tid, Counter())[state] += 1
        return {names.get(tid, f"tid {tid}"): [[state, n] for state, n in c.most_common(3)]
                for tid, c in counts.items()}

    def _at(self, t: float) -> dict[int, tuple[int, int]]:
        i = bisect.bisect_left(self.times, t)
        return self.samples[min(i, len(self.samples) - 1)] if self.samples else {}

    def during(self, start: float, end: float, names: dict[int, str], top: int = 6) -> list[list[object]]:
        """[thread name, ms on a CPU, ms waiting for one] of the busiest threads in [start, end]
        (sample resolution: ``every``), busiest first."""
        before, after = self._at(start - self.every), self._at(end)
        out: list[list[object]] = []
        for tid, (cpu, queued) in after.items():
            cpu0, queued0 = before.get(tid, (cpu, queued))
            if cpu - cpu0 <= 0 and queued - queued0 <= 0:
                continue
            name = names.get(tid) or self.other_names.get(tid, f"tid {tid}")
            out.append([name, round((cpu - cpu0) / 1e6, 1), round((queued - queued0) / 1e6, 1)])
        out.sort(key=lambda row: -float(row[1]))  # type: ignore[arg-type]
        return out[:top]


def x_server() -> dict[str, int]:
    """The Xvfb this run's windows draw on (DISPLAY ``:n``), if any."""
    display = os.environ.get("DISPLAY", "")
    for pid in filter(str.isdigit, os.listdir("/proc")):
        with contextlib.suppress(OSError):
            with open(f"/proc/{pid}/cmdline", "rb") as f:
                args = f.read().split(b"\0")
            if args and args[0].endswith(b"Xvfb") and display.encode() in args:
                return {"Xvfb": int(pid)}
    return {}


def add_stall_threads(events: list[dict[str, Any]], sampler: ThreadCpuSampler) -> None:
    """Per measurement, for its three longest stalls: the threads of the window's process that
    ran meanwhile ([name, ms on a CPU, ms waiting for one]), busiest first."""
    names = {int(k): v for e in events if e.get("event") == "threads" for k, v in e["names"].items()}
    for event in events:
        spans = event.pop("longest_stalls_at", None)
        if spans:
            event["stall_threads"] = [sampler.during(a, b, names) for a, b in spans[:3]]
            event["stall_thread_states"] = [sampler.states_during(a, b, names) for a, b in spans[:2]]
