"""Start the Qt application with a qasync event loop and open the main window."""

from __future__ import annotations

import argparse
import asyncio
import logging
import os
import sys

from dynoview import APP_NAME, ORG_NAME, __version__

SMOKE_TIMEOUT_MS = 60_000


def run_app(args: argparse.Namespace) -> int:
    import qasync
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication

    from dynoview.core.connection import spec_from_environment
    from dynoview.ui.main_window import MainWindow

    logging.basicConfig(level=logging.WARNING)
    app = QApplication.instance() or QApplication(sys.argv[:1])
    app.setApplicationName(APP_NAME)
    app.setOrganizationName(ORG_NAME)
    app.setApplicationVersion(__version__)
    loop = qasync.QEventLoop(app)
    asyncio.set_event_loop(loop)

    window = MainWindow()
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
