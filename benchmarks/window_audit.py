"""Window audit: the "Accounts & locks" tab's full audit in the real window, against
``dynoview audit`` (the CLI) on the same table, with the window's memory, event-loop stalls
and the sorts, search and filter that follow on a million accounts.

For each size (default 100k, 1M and 3M items, three per account: 33k, 333k and 1M accounts;
``--sizes`` chooses) one ``fake_scan_endpoint.py`` serves the table (the 4-segment audit's
pages generated before timing) to two processes, one after the other:

- the CLI: ``dynoview-cli audit --endpoint-url URL --table bench-accounts --format json
  --no-receipts``, timed from spawn to exit (interpreter start, DescribeTable and all);
- the window: ``_window_audit_child.py`` starts the app through ``dynoview``'s own entry point
  (``python -m dynoview --endpoint-url URL --table bench-accounts``) shown on Xvfb when
  ``xvfb-run`` exists (this script re-runs itself under it, as startup.py does), else on
  ``QT_QPA_PLATFORM`` (offscreen). Once the table shows (and one more page and one item by key
  were read), it opens the "Accounts & locks" tab and times ``panel.run_audit()`` to the rows
  shown: ``audit_finished``, rows in the view, one paint of it. A 5 ms heartbeat timer in the
  window gives the longest event-loop stall. On the largest size it then times, each with its
  stall: sort by Account (sorted ahead in the pool once the rows show) and by email (not),
  sort by Status, search "user000123" and clear it, the Problems filter
  and back to all rows, each to the panel's ``rows_ready`` signal (to the return of the call
  when the panel has no such signal).

To say where a stall's time went, the JSON also gives, per measurement, its five longest gaps
(seconds after the start, ms), the cyclic collections within it, and samples of what the UI
thread and the busy threads ran while it lasted (their innermost frames, every 20 ms). Each of
the five gaps is split into the UI thread's own CPU, its wait for a core and the rest, blocked
(``stall_split_ms``: the GIL, mostly); for the three longest, this script, from outside the
window's process (``_thread_cpu.py``: no GIL needed), says which threads ran and waited for a
core meanwhile (``stall_threads``; the X server and the audit's worker processes too) and what
each thread was in, sample by sample (``stall_thread_states``: running, or its system call and
kernel wait, 202 being futex: the GIL). A GIL holder that waits for a core (a loaded machine)
shows as the UI thread blocked while the holder's queue time grows.

Both get empty AWS config files, fake keys and private settings folders. The RSS of each
process tree (the process and its descendants, /proc VmRSS) is sampled from outside every
10 ms; its peak is reported. The findings (status, rule, value) and counts the window's
``audit_finished`` result carries are compared with the CLI's JSON and the planted ones
(``fake_scan_endpoint.expected_findings``). A process that overruns its limit (generous:
``--timeout-scale``) is killed with its process group and its goals count as missed.

Goals: window trigger->rows shown <= 1.5x the CLI's audit at 1M and 3M items; window peak RSS
at 1M items <= 600 MB; the longest event-loop stall during the audit, a sort, a search or a
filter on 1M accounts (3M items) <= 100 ms; a sort or a search done within 1 s there; the
window's findings identical to the CLI's and to the planted ones at every size. A run that
leaves out the sizes a goal needs misses it, saying so. ``--quick`` (100k only) checks the
ratio at 100k and the findings. Writes benchmarks/results/window_audit.json, prints one
summary line, exits 1 when a goal is missed.

Run: ``.venv/bin/python benchmarks/window_audit.py [--quick] [--sizes 100000,1000000]``
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import selectors
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path
from typing import IO, Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(HERE))

from _common import tree_rss_mb, write_result  # noqa: E402 - isolates the AWS config on import
from _thread_cpu import ThreadCpuSampler, add_stall_threads, x_server  # noqa: E402
from fake_scan_endpoint import TABLE, expected_findings  # noqa: E402

GOAL_RATIO = 1.5  # window trigger->rows shown over the CLI's spawn->exit
GOAL_RATIO_SIZES = (1_000_000, 3_000_000)
GOAL_PEAK_MB = 600
GOAL_PEAK_SIZE = 1_000_000
GOAL_STALL_MS = 100
GOAL_OP_S = 1.0  # sorts and searches
OPS_GOAL_SIZE = 3_000_000  # 1M accounts
TIMED_OPS = ("sort_account", "sort_email", "sort_status", "search", "search_clear")
DEFAULT_SIZES = (100_000, 1_000_000, 3_000_000)
QUICK_SIZES = (100_000,)
SEGMENTS = 4  # the CLI's and the panel's default
INSIDE_XVFB = "DYNOVIEW_BENCH_UNDER_XVFB"
CHILD = HERE / "_window_audit_child.py"


# ----------------------------------------------------------------------------- processes

def _kill_group(proc: subprocess.Popen[Any]) -> None:
    """Kill a child started in its own session, with whatever it started (audit workers)."""
    with contextlib.suppress(ProcessLookupError):
        os.killpg(proc.pid, signal.SIGKILL)
    proc.wait()


def _tail(f: IO[bytes], chars: int = 3000) -> str:
    f.seek(0)
    return f.read().decode(errors="replace")[-chars:]


def child_env(home: Path, platform: str) -> dict[str, str]:
    """Private settings, state and action log (the schema saved for a table is read from
    there): neither process may read or change the user's."""
    env = {**os.environ, "QT_QPA_PLATFORM": platform,
           "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))}
    for var, sub in (("HOME", "home"), ("XDG_CONFIG_HOME", "config"), ("XDG_DATA_HOME", "data"),
                     ("XDG_STATE_HOME", "state"), ("XDG_CACHE_HOME", "cache")):
        env[var] = str(home / sub)
        (home / sub).mkdir(parents=True, exist_ok=True)
    for name in ("AWS_PROFILE", "AWS_ENDPOINT_URL", "AWS_ENDPOINT_URL_DYNAMODB", "DYNOVIEW_TRACE_STARTUP"):
        env.pop(name, None)
    return env


def start_endpoint(items: int, log: IO[bytes]) -> tuple[subprocess.Popen[str], str, int]:
    """The fake endpoint, its stderr (refusals and unknown targets) going to ``log``."""
    cache_mb = max(400, items // 7_000)  # every page stays cached: the server only sends
    server = subprocess.Popen([sys.executable, str(HERE / "fake_scan_endpoint.py"), "--items", str(items),
                               "--warm-segments", str(SEGMENTS), "--cache-mb", str(cache_mb)],
                              stdout=subprocess.PIPE, stderr=log, text=True)
    assert server.stdout is not None
    ready = server.stdout.readline().split()
    if not ready or ready[0] != "READY":
        server.terminate()
        raise SystemExit(f"The fake endpoint did not start:\n{_tail(log)}")
    fields = dict(part.split("=") for part in ready[2:])
    return server, ready[1], int(fields["items"])


def run_cli(url: str, env: dict[str, str], limit_s: float) -> dict[str, Any]:
    """``dynoview-cli audit`` timed spawn to exit, its tree's RSS sampled meanwhile."""
    script = Path(sys.executable).with_name("dynoview-cli")
    command = ([str(script)] if script.exists() else [sys.executable, "-m", "dynoview"]) + [
        "audit", "--endpoint-url", url, "--region", "us-east-1", "--table", TABLE,
        "--segments", str(SEGMENTS), "--format", "json", "--no-receipts"]
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        ended: list[float] = []
        started = time.perf_counter()
        proc = subprocess.Popen(command, cwd=ROOT, env=env, stdin=subprocess.DEVNULL, stdout=out,
                                stderr=err, start_new_session=True)
        # Its exit is timed by a thread blocked in wait(): exact, while this one samples RSS.
        def wait() -> None:
            proc.wait()
            ended.append(time.perf_counter())

        waiter = threading.Thread(target=wait)
        waiter.start()
        peak, killed = 0.0, False
        while waiter.is_alive():
            peak = max(peak, tree_rss_mb(proc.pid))
            if time.perf_counter() - started > limit_s:
                killed = True
                _kill_group(proc)
                break
            time.sleep(0.01)
        waiter.join()
        data: dict[str, Any] = {"command": " ".join(command), "exit_code": proc.returncode,
                                "seconds": ended[0] - started, "peak_rss_mb": round(peak, 1),
                                "killed_after_s": limit_s if killed else None}
        if killed or proc.returncode not in (0, 1):  # 1: findings, as expected here
            data["error"] = (f"killed after {limit_s:.0f} s" if killed else
                             f"exit {proc.returncode}: {_tail(err, 1500)}")
            return data
        out.seek(0)
        report = json.loads(out.read())
    data.update(core_seconds=report["scan"]["duration_s"], path=report["scan"]["path"],
                workers=report["scan"]["workers"], items_read=report["scan"]["items_read"],
                counts=report["counts"],
                findings=sorted([f["status"], f["rule"], f["value"]] for f in report["findings"]))
    return data


def run_window(url: str, env: dict[str, str], *, ops: bool, limits: dict[str, float]) -> dict[str, Any]:
    """The window child: its JSON lines as they come, its tree's RSS sampled every 10 ms; each
    phase has its own limit, after which the child and its process group are killed."""
    # The child gives up on a rows_ready first (and goes on to the next operation); the
    # parent's limits stop a window that hangs.
    command = [sys.executable, str(CHILD), "--url", url, "--table", TABLE,
               "--op-wait", str(0.9 * limits["op"])] + (["--ops"] if ops else [])
    events: list[dict[str, Any]] = []
    peak = peak_audit = 0.0
    phase, killed = "start", None
    with tempfile.TemporaryFile() as err:
        started = time.perf_counter()
        proc = subprocess.Popen(command, cwd=ROOT, env=env, stdin=subprocess.DEVNULL,
                                stdout=subprocess.PIPE, stderr=err, start_new_session=True)
        assert proc.stdout is not None
        # Who ran during each stall, seen from outside (the X server too, under Xvfb).
        threads_cpu = ThreadCpuSampler(proc.pid, others=x_server())
        threads_cpu.start()
        os.set_blocking(proc.stdout.fileno(), False)
        deadline = started + limits["start"]
        buffer, eof = b"", False
        with selectors.DefaultSelector() as selector:
            selector.register(proc.stdout, selectors.EVENT_READ)
            while True:
                if eof:
                    if proc.poll() is not None:
                        break
                    time.sleep(0.01)  # closed its stdout but still exiting: keep sampling
                elif selector.select(timeout=0.01):
                    chunk = proc.stdout.read()
                    if chunk == b"":
                        eof = True
                        selector.unregister(proc.stdout)
                    buffer += chunk or b""
                    while b"\n" in buffer:
                        line, buffer = buffer.split(b"\n", 1)
                        try:
                            event = json.loads(line)
                        except ValueError:
                            continue  # not ours: something the app printed
                        events.append(event)
                        kind = event.get("event")
                        if kind == "audit":
                            peak_audit = max(peak, tree_rss_mb(proc.pid))
                        # The next phase and its limit start now.
                        phase = {"audit_started": "audit", "op_started": f"op {event.get('name')}",
                                 "done": "closing"}.get(kind, phase if kind == "error" else "between")
                        deadline = time.perf_counter() + limits.get(phase.split()[0], limits["between"])
                elif proc.poll() is not None:
                    break
                peak = max(peak, tree_rss_mb(proc.pid))
                if time.perf_counter() > deadline:
                    killed = phase
                    _kill_group(proc)
                    break
        proc.wait()
        threads_cpu.stop()
        add_stall_threads(events, threads_cpu)
        data: dict[str, Any] = {"command": " ".join(command), "exit_code": proc.returncode,
                                "process_seconds": time.perf_counter() - started,
                                "peak_rss_mb": round(peak, 1), "events": events}
        if peak_audit:
            data["peak_rss_mb_to_audit_end"] = round(peak_audit, 1)
        if killed:
            data["killed_in"] = killed
            limit = limits.get(killed.split()[0], limits["between"])
            data["error"] = f"killed during {killed} after its limit ({limit:.0f} s)"
        elif proc.returncode != 0:
            data["error"] = f"exit {proc.returncode}"
        if killed or proc.returncode != 0:
            data["stderr_tail"] = _tail(err)
    return data


# ----------------------------------------------------------------------------- one size

def _nonzero(counts: dict[str, int]) -> dict[str, int]:
    """Counts by status without the zeros (the CLI's JSON lists every status, the result may not)."""
    return {k: v for k, v in counts.items() if v}


def phase_limits(size: int, scale: float) -> dict[str, float]:
    """Seconds each phase of the window child may take at ``size`` items (``run_window``)."""
    # Generous: before the locks view's rewrite the window took ~12 s at 100k.
    audit_limit = scale * max(300.0, 600.0 * size / 1_000_000)
    return {"start": 120.0 * scale, "audit": audit_limit, "op": 600.0 * scale, "between": 120.0 * scale,
            "closing": 60.0 * scale}


def planted_findings(items: int) -> list[list[str]]:
    """The planted findings of a table of ``items`` items, as [status, rule, value] in the order
    the window's ``audit`` event and the CLI's findings are compared in."""
    return sorted(list(t) for t in expected_findings(items // 3))


def events_by_kind(events: list[dict[str, Any]]) -> dict[str, list[dict[str, Any]]]:
    """The window child's events grouped by their ``event``, in the order they came."""
    by_kind: dict[str, list[dict[str, Any]]] = {}
    for event in events:
        by_kind.setdefault(event["event"], []).append(event)
    return by_kind


def window_errors(by_kind: dict[str, list[dict[str, Any]]]) -> list[str]:
    """What the window child reported going wrong, each once."""
    # "done" repeats the errors reported on the way.
    return list(dict.fromkeys([e["message"] for e in by_kind.get("error", [])]
                              + (by_kind.get("done", [{}])[0].get("errors") or [])))


def measure(size: int, *, ops: bool, scale: float, env: dict[str, str]) -> dict[str, Any]:
    limits = phase_limits(size, scale)
    audit_limit = limits["audit"]
    with tempfile.TemporaryFile() as endpoint_log:
        server, url, items = start_endpoint(size, endpoint_log)
        try:
            cli = run_cli(url, env, audit_limit)
            window = run_window(url, env, ops=ops, limits=limits)
        finally:
            server.terminate()
            server.wait(timeout=10)
        refused = [line for line in _tail(endpoint_log, 20_000).splitlines() if line.strip()]
    by_kind = events_by_kind(window["events"])
    audit = by_kind.get("audit", [None])[0]
    expected = planted_findings(items)
    row: dict[str, Any] = {
        "items": items, "accounts": items // 3, "segments": SEGMENTS, "limits_s": limits,
        "cli": {**{k: v for k, v in cli.items() if k != "findings"},
                "findings": len(cli["findings"]) if "findings" in cli else None},
        "window": {k: v for k, v in window.items() if k != "events"},
        "endpoint_refusals": refused[:20],
        "planted_by_status": dict(sorted(Counter(f[0] for f in expected).items())),
    }
    shown = by_kind.get("table_shown", [{}])[0]
    browsed = by_kind.get("browsed", [{}])[0]
    row["window"].update(table_shown_s=shown.get("seconds"), items_first_page=shown.get("rows"),
                         browsed=({k: v for k, v in browsed.items() if k not in ("event", "monotonic")}
                                  or None),
                         errors=window_errors(by_kind))
    if audit is not None:
        row["window"]["audit"] = {k: v for k, v in audit.items()
                                  if k not in ("event", "monotonic", "findings")}
        row["window_findings_equal_cli"] = audit["findings"] == cli.get("findings") and (
            _nonzero(audit["counts"]) == _nonzero(cli.get("counts") or {}))
        row["window_findings_equal_planted"] = audit["findings"] == expected
        row["cli_findings_equal_planted"] = cli.get("findings") == expected
        row["findings_identical"] = (row["window_findings_equal_cli"] and row["window_findings_equal_planted"]
                                     and row["cli_findings_equal_planted"])
        if "findings" in cli:
            row["ratio_to_cli"] = audit["seconds"] / cli["seconds"]
        if not row["findings_identical"]:
            theirs = cli.get("findings") or []
            row["findings_window_only"] = [f for f in audit["findings"] if f not in theirs]
            row["findings_cli_only"] = [f for f in theirs if f not in audit["findings"]]
            row["findings_missing_vs_planted"] = [f for f in expected if f not in audit["findings"]][:20]
    else:
        row["findings_identical"] = None  # nothing to compare: the window's audit never ended
    if ops:
        row["operations"] = {e["name"]: {k: v for k, v in e.items()
                                         if k not in ("event", "monotonic", "name")}
                             for e in by_kind.get("op", [])}
    return row


# ----------------------------------------------------------------------------- goals

def check(results: list[dict[str, Any]], quick: bool) -> list[str]:
    problems: list[str] = []

    def at(size: int) -> dict[str, Any] | None:
        return next((r for r in results if abs(r["items"] - size) <= size // 10), None)

    for r in results:
        where = f"{r['items']:,} items"
        for side in ("cli", "window"):
            if r[side].get("error"):
                problems.append(f"{side} at {where}: {r[side]['error']}")
        if r["window"].get("errors"):
            problems.append(f"the window reported at {where}: {'; '.join(r['window']['errors'])[:300]}")
        if r["endpoint_refusals"]:
            problems.append(f"the endpoint refused {len(r['endpoint_refusals'])} requests at {where} "
                            f"(first: {r['endpoint_refusals'][0][:200]})")
        if r["findings_identical"] is None:
            problems.append(f"no window findings to compare at {where}")
        elif not r["findings_identical"]:
            problems.append(f"findings not identical at {where} (window vs CLI vs planted)")
    for size in QUICK_SIZES if quick else GOAL_RATIO_SIZES:
        ratio_row = at(size)
        if ratio_row is None:
            problems.append(f"the ratio goal needs {size:,} items, not measured (add it to --sizes)")
        elif ratio_row.get("ratio_to_cli") is None:
            problems.append(f"no window/CLI ratio at {size:,} items")
        elif ratio_row["ratio_to_cli"] > GOAL_RATIO:
            problems.append(f"window audit {ratio_row['ratio_to_cli']:.2f}x the CLI at "
                            f"{ratio_row['items']:,} items (goal <= {GOAL_RATIO:g}x)")
    if quick:
        return problems
    peak_row = at(GOAL_PEAK_SIZE)
    if peak_row is None:
        problems.append(f"the memory goal needs {GOAL_PEAK_SIZE:,} items, not measured")
    elif peak_row["window"]["peak_rss_mb"] > GOAL_PEAK_MB:
        problems.append(f"window peak {peak_row['window']['peak_rss_mb']:.0f} MB at "
                        f"{peak_row['items']:,} items (goal <= {GOAL_PEAK_MB} MB)")
    ops_row = at(OPS_GOAL_SIZE)
    if ops_row is None:
        problems.append(f"the stall, sort and search goals need {OPS_GOAL_SIZE:,} items (1M accounts), "
                        "not measured")
        return problems
    audit = ops_row["window"].get("audit")
    if audit is not None and audit["stall_ms"] > GOAL_STALL_MS:
        problems.append(f"audit stalled the window {audit['stall_ms']:.0f} ms (goal <= {GOAL_STALL_MS} ms)")
    operations = ops_row.get("operations") or {}
    for name in (*TIMED_OPS, "filter_problems", "filter_all"):
        op = operations.get(name)
        if op is None:
            problems.append(f"{name} was not measured")
            continue
        if op["stall_ms"] > GOAL_STALL_MS:
            problems.append(f"{name} stalled {op['stall_ms']:.0f} ms (goal <= {GOAL_STALL_MS} ms)")
        if name in TIMED_OPS and (op["seconds"] is None or op["seconds"] > GOAL_OP_S):
            took = "never ended" if op["seconds"] is None else f"took {op['seconds']:.2f} s"
            problems.append(f"{name} {took} (goal <= {GOAL_OP_S:g} s)")
    return problems


def _line(r: dict[str, Any]) -> str:
    audit = r["window"].get("audit")
    cli = "CLI failed" if r["cli"].get("error") else f"CLI {r['cli']['seconds']:.2f} s"
    if audit is None:
        return f"{r['items']:,}: {cli}, window audit not measured ({r['window'].get('error', 'no result')})"
    ops = ""
    if r.get("operations"):
        ops = ", " + ", ".join(
            f"{name} {'-' if op['seconds'] is None else format(op['seconds'], '.2f')} s/"
            f"{op['stall_ms']:.0f} ms" for name, op in r["operations"].items())
    ratio = f" ({r['ratio_to_cli']:.2f}x)" if r.get("ratio_to_cli") is not None else ""
    return (f"{r['items']:,}: {cli}, window {audit['seconds']:.2f} s{ratio}, "
            f"stall {audit['stall_ms']:.0f} ms, {r['window']['peak_rss_mb']:.0f} MB{ops}")


def rerun_under_xvfb(argv: list[str]) -> int | None:
    """Run this script again under ``xvfb-run -a`` when it exists; None to carry on here."""
    if os.environ.get(INSIDE_XVFB) or not shutil.which("xvfb-run"):
        return None
    command = ["xvfb-run", "-a", "-s", "-screen 0 1920x1080x24", sys.executable, __file__, *argv]
    return subprocess.call(command, env={**os.environ, INSIDE_XVFB: "1"})


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", help="comma-separated item counts (default 100000,1000000,3000000)")
    parser.add_argument("--quick", action="store_true",
                        help="100k items only; goals on the ratio and the findings only")
    parser.add_argument("--ops-at", type=int,
                        help="time the sorts, search and filter at this size (default: the largest)")
    parser.add_argument("--timeout-scale", type=float, default=1.0,
                        help="multiply every limit (start, audit, each operation) by this")
    parser.add_argument("--no-xvfb", action="store_true", help="use QT_QPA_PLATFORM as it is")
    args = parser.parse_args(argv)
    if args.quick and args.sizes:
        parser.error("--quick measures 100,000 items: leave out --sizes")
    if not args.no_xvfb:
        code = rerun_under_xvfb(argv)
        if code is not None:
            return code
    under_xvfb = bool(os.environ.get(INSIDE_XVFB) and os.environ.get("DISPLAY"))
    platform = "xcb" if under_xvfb else os.environ.get("QT_QPA_PLATFORM", "offscreen")
    sizes = [int(s) for s in args.sizes.split(",")] if args.sizes else list(
        QUICK_SIZES if args.quick else DEFAULT_SIZES)
    ops_at = args.ops_at or max(sizes)
    if not args.quick and ops_at not in sizes:
        parser.error(f"--ops-at {ops_at} is not one of the sizes measured ({', '.join(map(str, sizes))})")
    # Bytecode as an installed app has it, so neither process pays for compiling sources.
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(ROOT / "dynoview")], check=True,
                   stdout=subprocess.DEVNULL)
    load_before = list(os.getloadavg())
    home = Path(tempfile.mkdtemp(prefix="dynoview-bench-window-audit-"))
    try:
        env = child_env(home, platform)
        results = []
        for size in sizes:
            results.append(measure(size, ops=not args.quick and size == ops_at, scale=args.timeout_scale,
                                   env=env))
            print(_line(results[-1]), flush=True)
    finally:
        shutil.rmtree(home, ignore_errors=True)
    problems = check(results, args.quick)
    verdicts = {r["findings_identical"] for r in results}
    exact = "MISMATCH" if False in verdicts else "not all compared" if None in verdicts else "identical"
    display = "xcb on Xvfb" if under_xvfb else platform
    summary = (f"window_audit{' --quick' if args.quick else ''}: " + "; ".join(_line(r) for r in results)
               + f"; findings {exact}; {display}: "
               + ("all goals met" if not problems else "MISSED: " + "; ".join(problems)))
    write_result("window_audit", {
        "sizes": results, "quick": args.quick, "display": display, "ops_at": ops_at,
        "goals": {"ratio_to_cli": GOAL_RATIO, "ratio_sizes": list(GOAL_RATIO_SIZES),
                  "window_peak_rss_mb": GOAL_PEAK_MB, "peak_rss_size": GOAL_PEAK_SIZE,
                  "stall_ms": GOAL_STALL_MS, "sort_search_seconds": GOAL_OP_S,
                  "stall_and_ops_size": OPS_GOAL_SIZE, "findings": "identical"},
        "problems": problems, "load_average_before": load_before,
        "load_average_after": list(os.getloadavg()), "cpus": os.cpu_count(),
    }, summary)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
