"""Start the Qt application with a qasync event loop and open the main window.

Also the desktop integration: application icon and id, theme, and the crash handler that turns
an unexpected exception into a dialog instead of a dead window.
"""

from __future__ import annotations

import argparse
import functools
import gc
import os
import signal
import sys
import time
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from dynoview import APP_NAME, ORG_NAME, __version__
from dynoview.ui import ui_thread_gc
from dynoview.ui.app_signals import close_on_signals, hold_signals

# Qt is imported in run_app, once the demo's child process has been started: it starts and
# seeds on another core while Qt loads, and it is what first rows wait for. asyncio and qasync
# load after the window's first paint (_run_loop).

if TYPE_CHECKING:

    from PySide6.QtGui import QIcon
    from PySide6.QtWidgets import QApplication

    from dynoview.ui.crash import CrashHandler
    from dynoview.ui.main_window import MainWindow

SMOKE_TIMEOUT_MS = 60_000
#: The qasync loop starts after the first paint, or this long after show() without one.
FIRST_PAINT_WAIT_MS = 1000
NO_DISPLAY = ("no display found: set DISPLAY or WAYLAND_DISPLAY, or use the headless commands "
              "(dynoview --help lists them)")
# Platform plugins that draw on a display server; the others (offscreen, minimal, vnc, eglfs,
# linuxfb) need none, so only these are checked before Qt starts.
_DISPLAY_PLATFORMS = ("xcb", "wayland")


def missing_display(environ: Mapping[str, str] | None = None, system: str | None = None) -> bool:
    """True when Qt would look for an X11 or Wayland display and none is set.

    Qt aborts the process (SIGABRT, exit 134) when it finds no display, with a message about
    ``xcb-cursor0`` that sends users looking for a library they have. Checked first, on Linux
    and the BSDs only: macOS and Windows always have their own platform plugin.
    """
    environ = os.environ if environ is None else environ
    system = sys.platform if system is None else system
    if system.startswith(("darwin", "win", "cygwin")):
        return False
    wanted = environ.get("QT_QPA_PLATFORM", "").strip()
    # "wayland;xcb" is a fallback list; "xcb:option=value" carries options after a colon.
    names = [part.split(":", 1)[0].strip().lower() for part in wanted.split(";") if part.strip()]
    if not names:
        names = list(_DISPLAY_PLATFORMS)  # unset: Qt picks Wayland or X11 from the session
    if not all(name.startswith(_DISPLAY_PLATFORMS) for name in names):
        return False  # offscreen and the like draw without a display server
    x11 = any(name.startswith("xcb") for name in names) and bool(environ.get("DISPLAY"))
    wayland = any(name.startswith("wayland") for name in names) and bool(
        environ.get("WAYLAND_DISPLAY") or environ.get("WAYLAND_SOCKET"))
    return not (x11 or wayland)


def x_display_unreachable(environ: Mapping[str, str] | None = None) -> str | None:
    """The X11 display Qt would use when nothing listens there (a stale DISPLAY over ssh or
    in tmux), else None. Qt aborts on it with the same misleading ``xcb-cursor0`` message.

    Only checked when X11 is Qt's one choice (no Wayland session) and DISPLAY has the usual
    ``[host]:N[.screen]`` form. A local display is looked up among the listening sockets
    first (``/proc/net/unix``), without connecting: no ``socket`` import (~4 ms) before the
    window's first paint, and no connection that hangs up unannounced (it keeps Xvfb busy
    ~25 ms: a QApplication made right after waited that long). Else (another network
    namespace's socket, a remote display) the socket is only opened, never spoken to (no X
    auth needed).
    """
    import re

    environ = os.environ if environ is None else environ
    display = environ.get("DISPLAY", "")
    wanted = environ.get("QT_QPA_PLATFORM", "").strip().lower()
    if (not display or (wanted and not wanted.startswith("xcb"))
            or (not wanted and (environ.get("WAYLAND_DISPLAY") or environ.get("WAYLAND_SOCKET")))):
        return None
    match = re.fullmatch(r"(?:unix)?(?P<host>[^:/]*):(?P<number>\d+)(?:\.\d+)?", display)
    if match is None:
        return None  # a path or another form: let Qt try
    host, number = match["host"], int(match["number"])
    path = f"/tmp/.X11-unix/X{number}"
    if not host and not {path, "@" + path}.isdisjoint(listening_unix_sockets()):
        return None
    import socket

    try:
        if host:
            with socket.create_connection((host, 6000 + number), timeout=2):
                return None
        for address in ("\0" + path, path):  # Linux servers listen on both (abstract first)
            with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as sock:
                sock.settimeout(2)
                try:
                    sock.connect(address)
                    return None
                except OSError:
                    continue
    except OSError:
        pass
    return display


#: A listening socket's flags in /proc/net/unix (__SO_ACCEPTCON).
_ACCEPTING = 0x10000


def listening_unix_sockets(table: str = "/proc/net/unix") -> set[str]:
    """The paths of the Unix sockets that accept connections in this network namespace
    (abstract names start with "@"); empty when ``table`` cannot be read (not Linux)."""
    try:
        with open(table, encoding="utf-8", errors="replace") as lines:
            next(lines, None)  # the header
            found = set()
            for line in lines:
                fields = line.split(None, 7)
                if len(fields) == 8 and int(fields[3], 16) & _ACCEPTING:
                    found.add(fields[7].rstrip("\n"))
            return found
    except (OSError, ValueError):
        return set()


def process_age() -> float | None:
    """Seconds since this process started (Linux), so ``--smoke`` can report launch times that
    include the interpreter's and a bundle's own start-up; None elsewhere."""
    try:
        stat = Path("/proc/self/stat").read_text(encoding="ascii")
        start_ticks = int(stat.rsplit(")", 1)[1].split()[19])  # field 22: starttime
        return time.clock_gettime(time.CLOCK_BOOTTIME) - start_ticks / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError, AttributeError):
        return None


def run_app(args: argparse.Namespace) -> int:
    # Before QApplication: Qt would abort (SIGABRT) with a misleading message and no report.
    if missing_display():
        print(f"dynoview: {NO_DISPLAY}", file=sys.stderr)
        return 1
    dead = x_display_unreachable() if sys.platform.startswith("linux") else None
    if dead is not None:
        print(f"dynoview: no X server answers on display {dead}: start one or set DISPLAY to a "
              "running display, or use the headless commands (dynoview --help lists them)",
              file=sys.stderr)
        return 1
    # No cyclic collections while starting: start-up allocates much and frees little, and
    # each full pass over what Qt, the imports and botocore's models made stalls the first
    # paint or the first rows. Back on once the first connection has collected and frozen
    # what it keeps (main_window.settle, dynoview/ui/gc_pauses.py), or after the first
    # paint when nothing connects at start. From then on they run on the UI thread only
    # (dynoview/ui/ui_thread_gc.py), never in a worker.
    collecting_before = gc.isenabled()
    gc.disable()
    demo = None
    held, previous = hold_signals()
    try:
        if args.demo or args.smoke:
            # First thing: the demo endpoint starts and seeds in a child process on another
            # core while Qt loads and the window paints (dynoview/demo/process.py).
            from dynoview.ui.demo_entry import spawn_demo

            demo = spawn_demo()
        from dynoview.core.session import profile

        # A demo session (--demo, --smoke) gets files of its own: chosen before anything reads
        # settings or builds the action log, so it never changes the user's saved connections,
        # layout or action log. Restored afterwards for in-process callers (tests).
        with profile.use(profile.DEMO if demo is not None else profile.active()):
            return _run_app(args, demo, held)
    finally:
        ui_thread_gc.stop()
        for signum, handler in previous.items():
            signal.signal(signum, handler)
        if demo is not None:
            demo.stop()  # already stopped with the window, unless start-up failed first
        if collecting_before:  # as it was, for in-process callers (tests)
            gc.enable()


#: Cyclic garbage collection is back on this long after start-up at the latest.
GC_RESUME_AT_THE_LATEST_MS = 10_000


def _run_app(args: argparse.Namespace, demo_process: Any = None,
             held: Sequence[int] = ()) -> int:
    import logging

    # Before qasync: qasync binds to the Qt binding already imported, else to the first one it
    # finds, which could be PyQt5 on a machine that has both.
    import PySide6  # noqa: F401

    from dynoview.ui.pyside_imports import skip_source_scan

    skip_source_scan()  # before the window's modules (and later botocore's) are imported
    logging.basicConfig(level=logging.WARNING)
    app = _application()
    window = _main_window(app)
    crashes: list[CrashHandler] = []

    def install_crash_handler() -> None:
        if crashes:
            return
        from dynoview.ui.crash import CrashHandler  # its dialog's classes load after the paint

        crash = CrashHandler(window, context=window.crash_context, secrets=window.crash_secrets)
        crash.install()
        crashes.append(crash)

    # Before the first paint an error still prints its traceback and ends the start; after it,
    # what runs once the window has painted (menus, the rows' code) already has the reporter.
    from dynoview.ui.window.first_paint import after_first_paint

    after_first_paint(window, install_crash_handler, at_most_ms=FIRST_PAINT_WAIT_MS)
    # The rest waits for the first rows: on the UI thread it would hold the GIL from the
    # connection's imports in the worker thread (the first rows wait for those).
    _icon_with_first_rows(app, window)
    _after_first_rows(window, _clean_leftovers)
    _after_first_rows(window, lambda: _mention_unsent_work(window))
    # The MFA prompter for connections the window does not open itself (a copy to another
    # profile); the window's own connections make it as they open.
    _after_first_rows(window, window.session_view.ready)
    if not args.smoke:  # nobody answers the one-time question in a smoke run
        def start_updates() -> None:
            from dynoview.ui.updates import start_update_check

            if window.updates is None:  # else Help → Check for updates… made it already
                window.updates = start_update_check(window)

        _after_first_rows(window, start_updates)
    connect = _first_connection(window, args, demo_process)
    window.show()
    # Qt paints the first frame before asyncio and qasync load (about 35 ms of imports):
    # nothing before it awaits.
    painted_at = _until_first_paint(window)
    if not window.isVisible():
        return 0  # closed before it was painted
    install_crash_handler()  # at the paint already, unless the paint's deadline has not come
    return _run_loop(app, window, args, connect, crashes[0], painted_at, held)


def _until_first_paint(window: MainWindow) -> float | None:
    """Handle Qt's events until ``window`` has been painted once (or a second has passed: a
    window started minimised is never painted). Not a nested loop: no other loop runs yet.
    Returns the process's age at the paint (``process_age``)."""
    from PySide6.QtCore import QCoreApplication, QEventLoop

    from dynoview.ui.window.first_paint import after_first_paint

    painted: list[float | None] = []
    after_first_paint(window, lambda: painted.append(process_age()), at_most_ms=FIRST_PAINT_WAIT_MS)
    while not painted:  # each pass sleeps until Qt has an event (the paint, or the deadline)
        QCoreApplication.processEvents(QEventLoop.ProcessEventsFlag.WaitForMoreEvents)
    return painted[0]


def _run_loop(app: QApplication, window: MainWindow, args: argparse.Namespace,
              connect: Callable[[], None] | None, crash: CrashHandler,
              painted_at: float | None, held: Sequence[int]) -> int:
    """The qasync loop, with signals (``held``: those that came before it), the crash
    reporter's loop handler and the first connection, until the last window closes."""
    import asyncio

    import qasync

    loop = qasync.QEventLoop(app)
    asyncio.set_event_loop(loop)

    # Closing every window (dialogs too, so a modal exec() returns) runs the main window's
    # close event, which saves the layout. A signal (logout, kill) has nobody to answer
    # "unsent work: save or discard?": the window closes unattended, and the builder keeps
    # its work as a draft without asking.
    def close_unattended() -> None:
        window.closing_unattended = True
        app.closeAllWindows()

    close_on_signals(loop, close_unattended)
    if held:  # a signal while the window was being built: close as it would have
        loop.call_soon(close_unattended)
    loop.set_exception_handler(crash.asyncio_handler)
    if connect is None:
        ui_thread_gc.resume()  # else once connected (main_window.settle)
    else:
        # Whatever the connection does next (no table to open, a table that fails), cyclic
        # collections resume: a session that never shows rows must not run without them.
        from PySide6.QtCore import QTimer

        QTimer.singleShot(GC_RESUME_AT_THE_LATEST_MS, ui_thread_gc.resume)
        connect()
    smoke = _SmokeCheck(app, window, crash, painted_at) if args.smoke else None
    app.lastWindowClosed.connect(loop.stop)
    with loop:
        loop.run_forever()
    return smoke.exit_code if smoke is not None else 0


#: What waits for the first rows runs this long after the first paint at the latest (no table
#: opens at start, or it fails).
FIRST_ROWS_WAIT_MS = 2000
AFTER_ROWS_MS = 50


def _after_first_rows(window: MainWindow, then: Callable[[], None],
                      at_most_ms: int = FIRST_ROWS_WAIT_MS) -> None:
    """Call ``then`` once, on the UI thread, after the first table's rows have been painted, or
    ``at_most_ms`` after the window's first paint if they have not shown by then."""
    from PySide6.QtCore import QTimer

    from dynoview.ui.window.first_paint import after_first_paint

    done: list[bool] = []

    def run() -> None:
        if not done:
            done.append(True)
            then()

    # A moment after the rows: their own repaint goes first.
    window.table_shown.connect(lambda _name: QTimer.singleShot(AFTER_ROWS_MS, window, run))
    after_first_paint(window, lambda: QTimer.singleShot(at_most_ms, window, run), at_most_ms=1000)


def _mention_unsent_work(window: MainWindow) -> None:
    """The builder tab is built when first opened, and restores the last session's unsent work
    then; a dialog's kept text comes back when that dialog opens again: say at start that the
    work is there, so nobody thinks it was lost. Work whose transaction was sent (the action log
    knows its token) is said to be sent, not unsent."""
    from dynoview.core.drafts.store import DraftStore

    store = DraftStore()
    if store.has_leftover_work():  # work of windows that are gone, not taken over yet
        from dynoview.ui.window.unsent_work import UnsentWorkBar, leftover_sent

        UnsentWorkBar(window, leftover_sent(store)).show()
    from dynoview.core.drafts.dialog_texts import DialogTexts

    texts = DialogTexts()
    if texts.has_kept():  # Edit as JSON… or the schema editor, closed around by the last session
        from dynoview.ui.window.unsent_work import KeptTextsBar

        kept, problems = texts.kept()  # a damaged file is set aside, and said here
        if kept or problems:
            KeptTextsBar(window, [k.subject.describe() for k in kept], problems).show()


def _clean_leftovers() -> None:
    """Partial exports and spools go at exit and on SIGTERM; what a killed run left is swept
    (on the main thread: signal handlers can only be set there)."""
    from dynoview.core.session import leftovers

    leftovers.install_cleanup()
    leftovers.sweep_leftovers()


def _application() -> QApplication:
    """The QApplication, named (the desktop file's id on Wayland); its icon comes with the
    window's, once the first rows show."""
    from PySide6.QtWidgets import QApplication

    from dynoview.ui.resources import APP_ID
    from dynoview.ui.theme import new_application

    existing = QApplication.instance()
    app = existing if isinstance(existing, QApplication) else new_application(sys.argv[:1])
    app.setApplicationName(APP_NAME)
    app.setOrganizationName(ORG_NAME)
    app.setApplicationVersion(__version__)
    app.setDesktopFileName(APP_ID)  # Wayland app id; matches the installed .desktop file
    return app


def _app_icon() -> QIcon:
    """The application icon in every size, each PNG decoded when that size is first asked for
    (on X11 all of them as it is set: 1.4 MB with 128 to 512 px). Resources that are not plain
    files (a zipped install): every size, now."""
    from PySide6.QtCore import QSize
    from PySide6.QtGui import QIcon

    from dynoview.ui.resources import ICON_SIZES, app_icon, resource

    paths = {size: resource("icons", f"dynoview-{size}.png") for size in ICON_SIZES}
    if not all(isinstance(path, Path) and path.is_file() for path in paths.values()):
        return app_icon()
    icon = QIcon()
    for size, path in paths.items():
        icon.addFile(str(path), QSize(size, size))
    return icon


def _icon_with_first_rows(app: QApplication, window: MainWindow) -> None:
    """The icon waits for the first rows too: QIcon's enums and files are ~8 ms the paint does
    without, and a title bar shows it a moment later."""
    _after_first_rows(window, lambda: _set_icon(app, window, _app_icon()))


def _set_icon(app: QApplication, window: MainWindow, icon: QIcon) -> None:
    app.setWindowIcon(icon)
    window.setWindowIcon(icon)  # the window took the first icon as its own


def _main_window(app: QApplication) -> MainWindow:
    from dynoview.ui.i18n import loader
    from dynoview.ui.main_window import MainWindow
    from dynoview.ui.settings import load_language, load_theme, recover_if_corrupt
    from dynoview.ui.theme import ThemeManager

    # The language before any text is made (a damaged file reads as "system": the locale).
    loader.install(load_language(), app)
    # Read the theme only once a damaged settings file has been set aside (the window reports it).
    problem = recover_if_corrupt()
    theme = ThemeManager(app, load_theme())
    theme.apply()
    return MainWindow(theme=theme, settings_problem=problem, after_paint=True)


def _first_connection(window: MainWindow, args: argparse.Namespace,
                      demo_process: Any) -> Callable[[], None] | None:
    """What connects as the arguments and environment say (announced in the window now, started
    once the loop runs), else None: the connection dialog then asks, on the loop's first turn."""
    from PySide6.QtCore import QTimer

    if args.demo or args.smoke:
        window.announce_connection(demo=True)
        # --production opens the demo read-only too, as the headless commands and the
        # connection dialog's Demo row do.
        read_only = args.read_only or bool(getattr(args, "production", False))
        return functools.partial(window.connect_to, demo=True, read_only=read_only,
                                 table=args.table or "accounts", demo_process=demo_process)
    if (args.profile or args.endpoint_url or os.environ.get("AWS_PROFILE")
            or os.environ.get("AWS_DEFAULT_PROFILE")
            or os.environ.get("AWS_ENDPOINT_URL_DYNAMODB") or os.environ.get("AWS_ENDPOINT_URL")):
        from dynoview.core.session.connection import spec_from_environment

        spec = spec_from_environment(profile=args.profile, region=args.region,
                                     endpoint_url=args.endpoint_url, read_only=args.read_only,
                                     production=getattr(args, "production", False))  # H7
        window.announce_connection(spec)
        return functools.partial(window.connect_to, spec, table=args.table)
    QTimer.singleShot(0, window.show_connection_dialog)
    return None


class _SmokeCheck:
    """``--smoke``: exit 0 once the accounts table shows rows without an error report; 1 as soon
    as the demo fails to connect or an error is shown, else when it has not shown in time."""

    def __init__(self, app: QApplication, window: MainWindow, crash: CrashHandler,
                 window_shown: float | None) -> None:
        from PySide6.QtCore import QTimer

        self.app, self.window, self.crash = app, window, crash
        self.exit_code = 0
        self.window_shown = window_shown  # the process's age at the first paint
        window.table_shown.connect(self._shown)
        # Said at once: the table can no longer show, and the timeout would only hide why.
        window.connection.connect_failed.connect(lambda exc, _spec: self._failed("did not connect", exc))
        window.ctx.error_raised.connect(lambda err: self._failed("showed an error", err.message))
        QTimer.singleShot(SMOKE_TIMEOUT_MS, self._timeout)

    def _shown(self, name: str) -> None:
        rows = self.window.items_panel.model.rowCount()
        ok = name == "accounts" and rows > 0
        dialog = self.crash.dialog
        if dialog is not None:  # the table showed, but something broke on the way
            print("smoke: an unexpected error was reported:\n" + dialog.report_text(),
                  file=sys.stderr)
            ok = False
        print(f"smoke: table {name} shows {rows} item{'' if rows == 1 else 's'}: {'ok' if ok else 'FAILED'}")
        table_at = process_age()
        if self.window_shown is not None and table_at is not None:
            print(f"smoke: window shown {self.window_shown:.2f} s, {name} shown {table_at:.2f} s "
                  "after the process started")
        self.exit_code = 0 if ok else 1
        self.app.closeAllWindows()  # an open dialog (a crash report) would keep the loop running

    def _failed(self, what: str, why: BaseException | str) -> None:
        if isinstance(why, BaseException):
            from dynoview.core.errors import describe_error

            why = describe_error(why).message
        print(f"smoke: FAILED: the demo {what}: {why}", file=sys.stderr)
        self.exit_code = 1
        self.app.closeAllWindows()

    def _timeout(self) -> None:
        print("smoke: the accounts table did not show in time", file=sys.stderr)
        self.exit_code = 1
        self.app.closeAllWindows()
