"""The real entry point's start and end: no display is a sentence and exit 1 (not Qt's SIGABRT),
and SIGTERM/SIGINT close the window the normal way, saving the layout (dynoview/ui/app.py)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from dynoview.ui.app import NO_DISPLAY, listening_unix_sockets, missing_display, x_display_unreachable

pytestmark = pytest.mark.gui
ROOT = Path(__file__).resolve().parents[2]
linux_only = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="Linux signals and /proc")


@pytest.mark.parametrize(("environ", "missing"), [
    ({}, True),
    ({"QT_QPA_PLATFORM": "xcb"}, True),
    ({"QT_QPA_PLATFORM": "wayland"}, True),
    ({"QT_QPA_PLATFORM": "wayland;xcb"}, True),
    ({"QT_QPA_PLATFORM": "xcb", "WAYLAND_DISPLAY": "wayland-0"}, True),  # X11 asked, X11 missing
    ({"DISPLAY": ":0"}, False),
    ({"WAYLAND_DISPLAY": "wayland-0"}, False),
    ({"QT_QPA_PLATFORM": "wayland;xcb", "DISPLAY": ":1"}, False),
    ({"QT_QPA_PLATFORM": "xcb:nograb", "DISPLAY": ":1"}, False),
    ({"QT_QPA_PLATFORM": "offscreen"}, False),
    ({"QT_QPA_PLATFORM": "minimal"}, False),
    ({"QT_QPA_PLATFORM": "vnc"}, False),
])
def test_missing_display(environ: dict[str, str], missing: bool) -> None:
    assert missing_display(environ, "linux") is missing


def test_other_systems_always_have_a_display() -> None:
    assert not missing_display({}, "darwin") and not missing_display({}, "win32")


def test_a_display_nobody_listens_on_is_found() -> None:
    import socket

    with socket.socket() as sock:  # a TCP port with no X server: bound, never listening
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
        if port <= 6000:
            pytest.skip("ephemeral port below the X range")
        dead = f"127.0.0.1:{port - 6000}"
        assert x_display_unreachable({"DISPLAY": dead}) == dead
    assert x_display_unreachable({"DISPLAY": ":4242"}) == ":4242"
    assert x_display_unreachable({"DISPLAY": "unix:4242.0"}) == "unix:4242.0"
    # Not X11's turn, or a form this check does not know: Qt decides.
    assert x_display_unreachable({"DISPLAY": ":4242", "WAYLAND_DISPLAY": "wayland-0"}) is None
    assert x_display_unreachable({"DISPLAY": ":4242", "QT_QPA_PLATFORM": "offscreen"}) is None
    assert x_display_unreachable({"DISPLAY": "/private/tmp/launchd/org.xquartz:0"}) is None
    assert x_display_unreachable({}) is None


@linux_only
def test_a_listening_display_passes(tmp_path: Path) -> None:
    import socket

    with socket.socket(socket.AF_UNIX) as server:
        server.bind("\0/tmp/.X11-unix/X4243")  # the abstract name X servers listen on
        server.listen()
        assert x_display_unreachable({"DISPLAY": ":4243"}) is None


@linux_only
def test_a_listening_display_is_found_without_connecting_to_it() -> None:
    """A probe connection that hangs up unannounced keeps an X server busy (~25 ms on Xvfb)
    just when Qt connects: a listener found in /proc/net/unix is not connected to."""
    import socket

    with socket.socket(socket.AF_UNIX) as server:
        server.bind("\0/tmp/.X11-unix/X4245")
        server.listen()
        server.setblocking(False)
        assert "@/tmp/.X11-unix/X4245" in listening_unix_sockets()
        assert x_display_unreachable({"DISPLAY": ":4245.0"}) is None
        with pytest.raises(BlockingIOError):  # nobody knocked
            server.accept()


@linux_only
def test_a_socket_another_namespace_listens_on_is_probed(monkeypatch: pytest.MonkeyPatch) -> None:
    """A socket file shared into a container (its own network namespace) is not in the
    container's /proc/net/unix: the check then connects, as before."""
    import socket

    import dynoview.ui.app as app_module

    monkeypatch.setattr(app_module, "listening_unix_sockets", lambda: set())
    with socket.socket(socket.AF_UNIX) as server:
        server.bind("\0/tmp/.X11-unix/X4246")
        server.listen()
        assert x_display_unreachable({"DISPLAY": ":4246"}) is None
        server.settimeout(1)
        server.accept()[0].close()  # it knocked
    assert x_display_unreachable({"DISPLAY": ":4246"}) == ":4246"


def test_listening_sockets_are_read_from_the_kernel_table(tmp_path: Path) -> None:
    table = tmp_path / "unix"
    table.write_text(
        "Num       RefCount Protocol Flags    Type St Inode Path\n"
        "0000000000000000: 00000002 00000000 00010000 0001 01 55788 /tmp/.X11-unix/X99\n"
        "0000000000000000: 00000002 00000000 00010000 0001 01 55787 @/tmp/.X11-unix/X99\n"
        "0000000000000000: 00000003 00000000 00000000 0001 03 1077 /run/a connected one\n"
        "0000000000000000: 00000003 00000000 00000000 0001 03  1076\n"
        "0000000000000000: 00000002 00000000 00010000 0001 01 9 /tmp/with space\n")
    assert listening_unix_sockets(str(table)) == {
        "/tmp/.X11-unix/X99", "@/tmp/.X11-unix/X99", "/tmp/with space"}
    assert listening_unix_sockets(str(tmp_path / "absent")) == set()


def run_dynoview(home: Path, *args: str, **env: str) -> subprocess.Popen[str]:
    # An empty environment, as a desktop launcher or `env -i` gives, plus the venv's PATH.
    environ = {"HOME": str(home), "PATH": os.environ.get("PATH", "/usr/bin:/bin"), **env}
    return subprocess.Popen([sys.executable, "-m", "dynoview", *args], cwd=ROOT, env=environ,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


@linux_only
def test_no_display_is_a_sentence_and_exit_1(tmp_path: Path) -> None:
    proc = run_dynoview(tmp_path, "--demo")
    _out, err = proc.communicate(timeout=60)
    assert proc.returncode == 1, err
    assert NO_DISPLAY in err
    assert "xcb-cursor0" not in err and "Aborted" not in err


@linux_only
def test_a_stale_display_is_a_sentence_and_exit_1(tmp_path: Path) -> None:
    proc = run_dynoview(tmp_path, "--demo", DISPLAY=":4244")
    _out, err = proc.communicate(timeout=60)
    assert proc.returncode == 1, err
    assert "no X server answers on display :4244" in err and "xcb-cursor0" not in err


def handler_installed(pid: int, signum: int) -> bool:
    """Whether the process catches ``signum`` (the SigCgt mask in /proc): the app's own handling is on."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except FileNotFoundError:
        return False
    mask = next(int(line.split()[1], 16) for line in status.splitlines() if line.startswith("SigCgt:"))
    return bool(mask & (1 << (signum - 1)))


def signal_once_handled(tmp_path: Path, args: tuple[str, ...], signum: int, settle_s: float,
                        poll_s: float, **env: str) -> tuple[float, str, str]:
    """Start dynoview, wait until it handles SIGTERM itself, wait ``settle_s``, send ``signum``
    and wait for the exit (asserted clean). Returns when it was sent, stdout and stderr."""
    proc = run_dynoview(tmp_path, *args, QT_QPA_PLATFORM="offscreen",
                        AWS_CONFIG_FILE=str(tmp_path / "none"),
                        AWS_SHARED_CREDENTIALS_FILE=str(tmp_path / "none"), **env)
    try:
        deadline = time.monotonic() + 60
        while not handler_installed(proc.pid, signal.SIGTERM):
            assert proc.poll() is None, proc.communicate()[1]
            assert time.monotonic() < deadline, "the app did not start"
            time.sleep(poll_s)
        time.sleep(settle_s)
        sent = time.monotonic()
        proc.send_signal(signum)
        out, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 0, err
    assert "Traceback" not in err and "KeyboardInterrupt" not in err
    return sent, out, err


def assert_layout_saved(path: Path) -> None:
    saved = path.read_text()
    assert "geometry=" in saved and "state=" in saved


@linux_only
@pytest.mark.parametrize(("args", "signum", "settings"), [
    (("--demo",), signal.SIGTERM, ".config/DynoView/demo/settings.ini"),
    (("--demo",), signal.SIGINT, ".config/DynoView/demo/settings.ini"),
    # No connection given: the connection dialog is open (modal) when the signal comes.
    ((), signal.SIGTERM, ".config/DynoView/settings.ini"),
])
def test_signal_closes_the_window_and_saves_the_layout(tmp_path: Path, args: tuple[str, ...],
                                                       signum: int, settings: str) -> None:
    # 2 s: the window is up and the demo starting, a signal in the middle of work.
    signal_once_handled(tmp_path, args, signum, settle_s=2, poll_s=0.1)
    assert_layout_saved(tmp_path / settings)


@linux_only
@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM])
def test_a_signal_before_the_first_paint_closes_the_window_once_shown(tmp_path: Path,
                                                                       signum: int) -> None:
    """Sent while the window is being built, before the loop that closes windows runs: it is
    noted, the window paints, then closes as it would have (layout saved, demo stopped)."""
    sent, out, _err = signal_once_handled(tmp_path, ("--demo",), signum, settle_s=0, poll_s=0.002,
                                          DYNOVIEW_TRACE_STARTUP="1")
    painted = [float(line.split()[2]) for line in out.splitlines()
               if line.startswith("startup-trace window-shown")]
    assert painted and painted[0] > sent  # the signal did come before the first paint
    assert_layout_saved(tmp_path / ".config/DynoView/demo/settings.ini")
