"""benchmarks/_window_audit_child.py run end to end as benchmarks/window_audit.py runs it (its
own ``start_endpoint``, ``child_env``, ``run_window`` and limits), on a small table: 1,000
accounts, every planted case once. A change to the window's APIs that breaks the child (it
then waits until its limit and the benchmark measures no audit at all) fails here, not in a
benchmark run nobody reads. No timing is asserted: speed is measured in the benchmark."""

from __future__ import annotations

import importlib.util
import os
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any
from unittest import mock

import pytest

ITEMS = 3000  # three per account: 1,000 accounts
BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"

# run_window kills the child (and its process group) once a phase overruns its limit (120 s
# to start, 300 s for the audit): this test's own bound must come later, or the child would
# be left running.
pytestmark = pytest.mark.timeout(900)


def _load() -> ModuleType:
    """benchmarks/window_audit.py, without what importing it does to this process: its
    ``_common`` puts the benchmark's keys into os.environ (DynamoDB Local, which other tests in
    this process use, refuses their access key id) and benchmarks/ goes first on sys.path."""
    path, modules = list(sys.path), set(sys.modules)
    try:
        with mock.patch.dict(os.environ):
            spec = importlib.util.spec_from_file_location("window_audit", BENCHMARKS / "window_audit.py")
            assert spec is not None and spec.loader is not None
            module = importlib.util.module_from_spec(spec)
            spec.loader.exec_module(module)
    finally:
        sys.path[:] = path
        for name in set(sys.modules) - modules:  # _common, _thread_cpu, fake_scan_endpoint
            if str(BENCHMARKS) in str(getattr(sys.modules[name], "__file__", "")):
                del sys.modules[name]
    return module


bench = _load()


@pytest.fixture(scope="module")
def window_run(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[dict[str, Any], int, str]]:
    """One run of the child on the fake endpoint: its result, the table's items, the endpoint's
    stderr (refusals: requests the fake does not answer as DynamoDB would)."""
    home = tmp_path_factory.mktemp("window-audit-home")
    with tempfile.TemporaryFile() as log:
        server, url, items = bench.start_endpoint(ITEMS, log)
        try:
            # As the benchmark's main(): empty AWS config files and fake keys (this process's,
            # tests/conftest.py), private HOME and XDG folders, offscreen Qt.
            env = bench.child_env(home, "offscreen")
            # With the sorts, search and filters, as at the benchmark's largest size; each of
            # those waits 27 s (not 540) for the panel's rows, so that seven operations that
            # never end still fail well within this test's bound.
            limits = {**bench.phase_limits(ITEMS, 1.0), "op": 30.0}
            result = bench.run_window(url, env, ops=True, limits=limits)
        finally:
            server.terminate()
            server.wait(timeout=10)
        log.seek(0)
        yield result, items, log.read().decode(errors="replace")


def test_the_child_reports_an_audit(window_run: tuple[dict[str, Any], int, str]) -> None:
    result, _items, endpoint_log = window_run
    by_kind = bench.events_by_kind(result["events"])
    context = "\n".join([str(result.get("error")), *bench.window_errors(by_kind),
                         result.get("stderr_tail", "")])
    assert "killed_in" not in result, f"the child was killed (a hang): {context}"
    assert result["exit_code"] == 0, context
    assert bench.window_errors(by_kind) == []
    assert "audit" in by_kind, f"no audit result; events: {[e['event'] for e in result['events']]}"
    assert endpoint_log.strip() == "", "the fake endpoint refused requests"


def test_the_child_browses_and_reads_a_key(window_run: tuple[dict[str, Any], int, str]) -> None:
    """The steps before the audit (a next page, an item by key) ran, as the benchmark needs."""
    result, _items, _log = window_run
    browsed = bench.events_by_kind(result["events"]).get("browsed")
    assert browsed, f"no browse; events: {[e['event'] for e in result['events']]}"
    assert browsed[0]["rows_after_next_page"] > browsed[0]["rows_first_page"] > 0
    assert browsed[0]["get_item_found"] is True


def test_the_findings_are_the_planted_ones(window_run: tuple[dict[str, Any], int, str]) -> None:
    result, items, _log = window_run
    assert items == ITEMS
    audit = bench.events_by_kind(result["events"]).get("audit")
    assert audit, "no audit result"
    planted = bench.planted_findings(items)
    assert len(planted) == 6  # one of each planted case (an account without profile: two orphans)
    assert audit[0]["findings"] == planted
    assert audit[0]["complete"] is True


def test_the_sorts_search_and_filters_end(window_run: tuple[dict[str, Any], int, str]) -> None:
    """Each operation the benchmark times ended with the panel's rows (none gave up waiting)."""
    result, _items, _log = window_run
    by_kind = bench.events_by_kind(result["events"])
    ops = {op["name"]: op for op in by_kind.get("op", [])}
    assert list(ops) == [*bench.TIMED_OPS, "filter_problems", "filter_all"]
    assert [name for name, op in ops.items() if op["timed_out"]] == []
    assert ops["filter_all"]["rows_shown"] == by_kind["audit"][0]["rows_shown"]
