"""Start the Qt application with a qasync event loop and open the main window.

Also the desktop integration: application icon and id, theme, and the crash handler that turns
an unexpected exception into a dialog instead of a dead window.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import os
import sys

# Imported before qasync (in run_app): qasync binds to the Qt binding already imported, else to
# the first one it finds, which could be PyQt5 on a machine that has both.
import PySide6  # noqa: F401

from dynoview import APP_NAME, ORG_NAME, __version__

SMOKE_TIMEOUT_MS = 60_000


def run_app(args: argparse.Namespace) -> int:
    from dynoview.core import profile

    # A demo session (--demo, --smoke) gets files of its own: chosen before anything reads
    # settings or builds the action log, so it never changes the user's saved connections,
    # layout or action log. Restored afterwards for in-process callers (tests).
    with profile.use(profile.DEMO if args.demo or args.smoke else profile.active()):
        return _run_app(args)


def _run_app(args: argparse.Namespace) -> int:
    import qasync
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication

    from dynoview.core.connection import spec_from_environment
    from dynoview.ui.crash import CrashHandler
    from dynoview.ui.main_window import MainWindow
    from dynoview.ui.resources import APP_ID, app_icon
    from dynoview.ui.settings import load_theme, recover_if_corrupt
    from dynoview.ui.theme import ThemeManager

    logging.basicConfig(level=logging.WARNING)
    app = QApplication.instance() or QApplication(sys.argv[:1])
    app.setApplicationName(APP_NAME)
    app.setOrganizationName(ORG_NAME)
    app.setApplicationVersion(__version__)
    app.setDesktopFileName(APP_ID)  # Wayland app id; matches the installed .desktop file
    app.setWindowIcon(app_icon())
    loop = qasync.QEventLoop(app)
    asyncio.set_event_loop(loop)

    # Read the theme only once a damaged settings file has been set aside (the window reports it).
    problem = recover_if_corrupt()
    theme = ThemeManager(app, load_theme())
    theme.apply()
    window = MainWindow(theme=theme, settings_problem=problem)
    crash = CrashHandler(window, context=window.crash_context, secrets=window.crash_secrets)
    crash.install()
    loop.set_exception_handler(crash.asyncio_handler)
    window.show()
    exit_code = 0
    demo = args.demo or args.smoke
    has_target = bool(args.profile or args.endpoint_url or os.environ.get("AWS_PROFILE")
                      or os.environ.get("AWS_ENDPOINT_URL_DYNAMODB")
                      or os.environ.get("AWS_ENDPOINT_URL"))
    if demo:
        window.connect_to(demo=True, read_only=args.read_only, table=args.table or "accounts")
    elif has_target:
        window.connect_to(spec_from_environment(profile=args.profile, region=args.region,
                                                endpoint_url=args.endpoint_url,
                                                read_only=args.read_only), table=args.table)
    else:
        QTimer.singleShot(0, window.show_connection_dialog)

    if args.smoke:
        def shown(name: str) -> None:
            nonlocal exit_code
            rows = window.items_panel.model.rowCount()
            ok = name == "accounts" and rows > 0
            print(f"smoke: table {name} shows {rows} items: {'ok' if ok else 'FAILED'}")
            exit_code = 0 if ok else 1
            window.close()

        def timeout() -> None:
            nonlocal exit_code
            print("smoke: the accounts table did not show in time", file=sys.stderr)
            exit_code = 1
            window.close()

        window.table_shown.connect(shown)
        QTimer.singleShot(SMOKE_TIMEOUT_MS, timeout)

    app.lastWindowClosed.connect(loop.stop)
    with loop:
        loop.run_forever()
    return exit_code
