"""A credential_process helper that never finishes ends with DynoView: when the window app or a
headless command is quit (SIGTERM, Ctrl+C), and when the connection it signs is cancelled or
replaced. Before, it outlived the app as an orphan (dynoview/core/session/credential_process.py).

Each test has its own AWS config (as tests/integration/signin_profiles.py builds them) whose
helper writes its process id to a file and then sleeps for ever; moto is the endpoint."""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from dynoview.core.session import credential_process
from dynoview.core.session.connection import Connection, ConnectionSpec
from dynoview.core.session.signin import SignInError

pytestmark = [pytest.mark.integration,
              pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals and /proc")]

REPO = Path(__file__).resolve().parents[2]


def hanging_profile(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Profile ``hang``, whose helper writes its pid to the returned file and never finishes."""
    pid_file = tmp_path / "helper.pid"
    helper = tmp_path / "hang.py"
    helper.write_text("import os, sys, time\n"
                      f"open({str(pid_file)!r}, 'w').write(str(os.getpid()))\n"
                      "time.sleep(100000)\n", encoding="utf-8")
    config = tmp_path / "aws-config"
    config.write_text(f"[profile hang]\nregion = us-east-1\n"
                      f"credential_process = {sys.executable} {helper}\n", encoding="utf-8")
    (tmp_path / "aws-credentials").write_text("", encoding="utf-8")
    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.setenv("AWS_CONFIG_FILE", str(config))
    monkeypatch.setenv("AWS_SHARED_CREDENTIALS_FILE", str(tmp_path / "aws-credentials"))
    monkeypatch.setenv("HOME", str(home))
    for var in ("AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY", "AWS_SESSION_TOKEN", "AWS_PROFILE"):
        monkeypatch.delenv(var, raising=False)
    return pid_file


def started(pid_file: Path, within: float = 60.0) -> int:
    end = time.monotonic() + within
    while time.monotonic() < end:
        text = pid_file.read_text(encoding="utf-8") if pid_file.exists() else ""
        if text.strip():
            return int(text)
        time.sleep(0.05)
    raise AssertionError("the credential_process helper never started")


def running(pid: int) -> bool:
    """Whether ``pid`` is alive (a zombie is not: it has ended, its parent has not reaped it)."""
    try:
        with open(f"/proc/{pid}/stat", encoding="utf-8") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] != "Z"
    except FileNotFoundError:
        return False


def still_running_after(pid: int, seconds: float = 5.0) -> bool:
    """Whether ``pid`` is still alive ``seconds`` from now (killed then, so no test leaves it)."""
    end = time.monotonic() + seconds
    while time.monotonic() < end and running(pid):
        time.sleep(0.05)
    alive = running(pid)
    if alive:
        with contextlib.suppress(OSError):
            os.kill(pid, signal.SIGKILL)
    return alive


def run_until_helper(argv: list[str], pid_file: Path, env: dict[str, str]) -> tuple[Any, int]:
    # The child's SIGINT as a terminal's shell leaves it, whatever this test process has done
    # with its own (an earlier test in this process left it ignored once: the CLI, started with
    # SIGINT ignored, as a job a script starts with "&", did not end on Ctrl+C).
    process = subprocess.Popen([sys.executable, "-m", "dynoview", *argv], env=env, cwd=REPO,
                               stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                               stderr=subprocess.PIPE, text=True,
                               preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    try:
        return process, started(pid_file)
    except BaseException:
        process.kill()
        process.wait()
        raise


@pytest.mark.skipif(not os.path.isdir("/proc"), reason="reads process states from /proc")
@pytest.mark.parametrize("how", [signal.SIGTERM, signal.SIGINT], ids=["SIGTERM", "Ctrl+C"])
def test_a_headless_command_ended_while_its_helper_hangs_ends_the_helper(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, moto_endpoint: str,
        how: signal.Signals) -> None:
    pid_file = hanging_profile(tmp_path, monkeypatch)
    env = dict(os.environ, PYTHONPATH=str(REPO))
    cli, helper = run_until_helper(["tables", "--profile", "hang", "--endpoint-url", moto_endpoint],
                                   pid_file, env)
    cli.send_signal(how)  # to the command only, not its process group: the helper is not told
    try:
        cli.communicate(timeout=30)
    finally:
        if cli.poll() is None:
            cli.kill()
    assert not still_running_after(helper), f"the helper outlived the command ({how.name})"


@pytest.mark.skipif(not os.path.isdir("/proc"), reason="reads process states from /proc")
def test_the_window_quit_while_its_helper_hangs_ends_the_helper(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, moto_endpoint: str) -> None:
    pid_file = hanging_profile(tmp_path, monkeypatch)
    env = dict(os.environ, PYTHONPATH=str(REPO), QT_QPA_PLATFORM="offscreen")
    app, helper = run_until_helper(["--profile", "hang", "--endpoint-url", moto_endpoint],
                                   pid_file, env)
    app.send_signal(signal.SIGTERM)  # the app's normal quit (logout, kill)
    try:
        app.communicate(timeout=60)
    finally:
        if app.poll() is None:
            app.kill()
    assert not still_running_after(helper), "the helper outlived the window"


def test_a_cancelled_connect_ends_its_helper_at_once(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, moto_endpoint: str) -> None:
    pid_file = hanging_profile(tmp_path, monkeypatch)
    cancel = threading.Event()
    failures: list[BaseException] = []

    def connect() -> None:
        with credential_process.ended_with(cancel):
            try:
                Connection(ConnectionSpec(name="hang", profile="hang", endpoint_url=moto_endpoint,
                                          region="us-east-1")).list_tables()
            except BaseException as exc:
                failures.append(exc)

    worker = threading.Thread(target=connect, daemon=True)
    worker.start()
    helper = started(pid_file)
    cancel.set()  # another connection replaced this one
    worker.join(10)
    assert not worker.is_alive(), "the connect still waits for its helper"
    assert not still_running_after(helper, 1.0), "the helper outlived its cancelled connect"
    assert len(failures) == 1 and isinstance(failures[0], SignInError)
    assert "was stopped, as its connection was cancelled" in failures[0].message


def test_a_connect_task_replaced_in_the_task_runner_ends_its_helper(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, moto_endpoint: str, qapp: Any) -> None:
    """The window's path: the connect task runs in the task runner's pool; a newer connect
    cancels it (dynoview/ui/tasks.py), which ends its helper; shutting down ends any left."""
    from dynoview.ui.tasks import TaskRunner

    pid_file = hanging_profile(tmp_path, monkeypatch)
    spec = ConnectionSpec(name="hang", profile="hang", endpoint_url=moto_endpoint,
                          region="us-east-1")

    async def scenario() -> tuple[bool, float]:
        runner = TaskRunner(max_workers=2)
        try:
            async def connect() -> None:
                conn = await runner.call(Connection, spec)
                await runner.call(conn.list_tables)

            stale = runner.start("connect", connect())
            helper = await asyncio.get_running_loop().run_in_executor(None, started, pid_file)
            runner.start("connect", asyncio.sleep(0))  # a newer connection replaces it
            await asyncio.sleep(0)
            end = time.monotonic() + 5
            while running(helper) and time.monotonic() < end:
                await asyncio.sleep(0.05)
            replaced_ends = not still_running_after(helper, 0.0)
            assert stale.cancelled()
        finally:
            began = time.monotonic()
            runner.shutdown(wait_seconds=1.0)
            took = time.monotonic() - began
        return replaced_ends, took

    replaced_ends, shutdown_took = asyncio.run(scenario())
    assert replaced_ends, "the helper outlived its replaced connect"
    assert shutdown_took < 0.5, f"shutting down waited {shutdown_took:.2f} s on the UI thread"
