"""Where the embedded moto server's own output goes: a log file, never the user's terminal.

werkzeug prints a traceback on stderr for every request moto's handlers fail on (its PartiQL
engine fails on statements it does not support, such as ``begins_with`` in a WHERE), and
answers with an HTML error page that names nothing. Here the traceback goes to the demo log,
and the answer is the JSON error DynamoDB's clients read, carrying the engine's own message,
so the app can say what the endpoint refused.

The log is capped: a failed statement's traceback is about 11 KB, so once the log passes
``LOG_LIMIT // 2`` it is renamed to ``demo-server.log.1`` (replacing the one before) and a new
one begun; the two together stay under ``LOG_LIMIT``.
"""

from __future__ import annotations

import contextlib
import json
import logging
import logging.handlers
import traceback
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

LOG_NAME = "demo-server.log"
LOG_LIMIT = 1024 * 1024  # the log and its one older part together: the last 1 MB of records
_LOGGERS = ("werkzeug", "moto")
_HANDLER_ATTR = "_dynoview_demo_log"
_SERVER_ERROR = "com.amazonaws.dynamodb.v20120810#InternalServerError"

WSGIApp = Callable[[dict[str, Any], Callable[..., Any]], Iterable[bytes]]


def demo_log_path() -> Path:
    """The demo server's log, next to the app's crash reports."""
    from dynoview.core.session.profile import log_dir

    return log_dir() / LOG_NAME


class _PrivateLog(logging.handlers.RotatingFileHandler):
    """The demo log, 0600 like every file DynoView writes (its tracebacks quote requests), never
    written through a link planted at its name, and capped (``LOG_LIMIT``)."""

    def _open(self) -> Any:
        from dynoview.core.session.private_files import PrivateFileError, open_private

        try:
            return open_private(self.baseFilename, "a", encoding=self.encoding)
        except (PrivateFileError, OSError):  # a link or a folder there: the records are dropped
            return None  # (FileHandler.emit writes nothing without a stream; never the terminal)

    def shouldRollover(self, record: logging.LogRecord) -> bool:
        if self.stream is None:
            self.stream = self._open()
        return self.stream is not None and bool(super().shouldRollover(record))

    def doRollover(self) -> None:
        # A rename moves a link itself, never what it points to; one that fails (a folder at
        # the older part's name) leaves the log growing rather than printing on the terminal.
        with contextlib.suppress(OSError):
            super().doRollover()


def route_server_logs(path: Path | None = None) -> Path:
    """Send werkzeug's and moto's records to ``path`` (the demo log) and nowhere else (once)."""
    path = path or demo_log_path()
    for name in _LOGGERS:
        logger = logging.getLogger(name)
        if any(getattr(h, _HANDLER_ATTR, False) for h in logger.handlers):
            continue
        try:
            from dynoview.core.session.private_files import private_dir

            private_dir(path.parent)
            handler: logging.Handler = _PrivateLog(path, encoding="utf-8", delay=True,
                                                   maxBytes=LOG_LIMIT // 2, backupCount=1)
        except OSError:  # an unwritable log directory: drop the records rather than print them
            handler = logging.NullHandler()
        handler.setFormatter(logging.Formatter("%(asctime)s %(name)s %(levelname)s %(message)s"))
        setattr(handler, _HANDLER_ATTR, True)
        logger.addHandler(handler)
        logger.propagate = False  # the root logger may print to stderr
        if name == "werkzeug":
            logger.setLevel(logging.WARNING)  # its per-request lines are the read log's job
    return path


def answer_failures(app: WSGIApp) -> WSGIApp:
    """Wrap moto's WSGI app: a handler's exception is logged with its traceback and answered
    as DynamoDB answers a server error (HTTP 500, JSON, ``InternalServerError``), with the
    engine's message instead of werkzeug's HTML page."""
    log = logging.getLogger("moto")

    def wrapped(environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
        try:
            return list(app(environ, start_response))
        except Exception as exc:
            target = str(environ.get("HTTP_X_AMZ_TARGET", "")).rpartition(".")[2] or "the request"
            log.error("%s failed:\n%s", target, traceback.format_exc())
            body = json.dumps({"__type": _SERVER_ERROR,
                               "message": f"the demo's engine (moto) failed on {target}: "
                                          f"{type(exc).__name__}: {exc}"}).encode()
            start_response("500 Internal Server Error",  # replaces any status the app began
                           [("Content-Type", "application/x-amz-json-1.0"),
                            ("Content-Length", str(len(body)))])
            return [body]

    return wrapped
