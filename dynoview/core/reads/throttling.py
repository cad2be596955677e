"""Why DynamoDB throttled a request, and reading on when it does.

DynamoDB names the reason and the resource on every throttling answer: ``ThrottlingReasons``
(``throttlingReasons`` on ``ThrottlingException``), a list of ``{reason, resource}`` where the
reason reads ``ResourceType + OperationType + LimitType``, e.g.
``TableWriteKeyRangeThroughputExceeded`` on ``arn:aws:dynamodb:…:table/accounts``
(botocore's model, ``ThrottlingReason``). ``reasons_text`` says it in words.

The audit, the export and the repair read a whole table for one user: their clients use
botocore's adaptive retry mode (client-side rate limiting on top of the back-off) through
``bulk_config``, and a ``ThrottleWatch`` on the client counts the throttled attempts so that
they can say they slowed down, and why.
"""

from __future__ import annotations

import threading
from collections import Counter
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from dynoview.core.errors import THROTTLING_CODES, ThrottleReason, reasons_text, throttling_reasons

if TYPE_CHECKING:
    from botocore.config import Config

    from dynoview.core.reads.reader import Reader

__all__ = ["BULK_RETRY_MODE", "ThrottleReason", "ThrottleWatch", "bulk_config", "bulk_reader", "reasons_text",
           "slowdown_note", "throttling_reasons", "watch_of"]

#: Adaptive mode: botocore's token bucket slows the client when DynamoDB throttles it.
BULK_RETRY_MODE = "adaptive"
_WATCH_ATTR = "_dynoview_throttle_watch"


def bulk_config(config: Config | None) -> Config:
    """``config`` with adaptive retries (its number of attempts kept), for a client that reads
    a whole table."""
    from botocore.config import Config

    retries = dict(getattr(config, "retries", None) or {})
    retries["mode"] = BULK_RETRY_MODE
    bulk = Config(retries=retries)
    return config.merge(bulk) if config is not None else bulk


class ThrottleWatch:
    """Counts a client's throttled attempts (retried or not) and the reasons given."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self.throttled = 0
        self.reasons: Counter[ThrottleReason] = Counter()

    def install(self, client: Any) -> ThrottleWatch:
        """Watch every answer of ``client`` (a DynamoDB client); returns the watch in place."""
        existing = getattr(client, _WATCH_ATTR, None)
        if isinstance(existing, ThrottleWatch):
            return existing
        client.meta.events.register_first("needs-retry.dynamodb", self._on_answer)
        setattr(client, _WATCH_ATTR, self)
        return self

    def _on_answer(self, response: Any = None, **_: Any) -> None:
        parsed = response[1] if isinstance(response, tuple) and len(response) == 2 else None
        if not isinstance(parsed, Mapping):
            return None
        code = (parsed.get("Error") or {}).get("Code")
        if code not in THROTTLING_CODES:
            return None
        with self._lock:
            self.throttled += 1
            self.reasons.update(throttling_reasons(parsed))
        return None  # never decides: botocore's retry handler does

    def note(self) -> str | None:
        """What to tell the user after the work, or None when nothing was throttled."""
        with self._lock:
            count, reasons = self.throttled, list(self.reasons)
        if not count:
            return None
        why = reasons_text(reasons)
        return (f"DynamoDB throttled {count} request{'s' if count != 1 else ''}; DynoView slowed "
                f"down (adaptive retry) and read on.{' ' + why if why else ''}")


def watch_of(client: Any) -> ThrottleWatch | None:
    """The watch installed on a client, if any."""
    found = getattr(client, _WATCH_ATTR, None)
    return found if isinstance(found, ThrottleWatch) else None


def bulk_reader(reader: Reader) -> Reader:
    """A Reader like ``reader`` on its own client with adaptive retries and a ``ThrottleWatch``
    (same session, endpoint, checks and read log), for reading a whole table."""
    import copy

    from dynoview.core.reads.reader import Reader

    conn = getattr(reader, "conn", None)
    if conn is None or not hasattr(conn, "new_client") or watch_of(conn.client) is not None:
        return reader  # already a bulk reader (or a stand-in without a session)
    client = conn.new_client(config=bulk_config(conn.client.meta.config))
    ThrottleWatch().install(client)
    bulk_conn = copy.copy(conn)
    bulk_conn.client = client
    return Reader(bulk_conn, reader.log, estimator=reader.estimator)


def slowdown_note(reader: Reader) -> str | None:
    """What the reader's watch has to say (None: not throttled, or not watched)."""
    watch = watch_of(reader.conn.client)
    return watch.note() if watch is not None else None
