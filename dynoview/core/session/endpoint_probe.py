"""Is anything listening at a loopback endpoint? Asked before the first request, so a stopped
DynamoDB Local is "unreachable" at once: botocore would first look for credentials, then
retry the connection with back-off for seconds before saying the same thing.

Only endpoints on this machine are probed: a remote one may sit behind a proxy only botocore
knows how to use, and commands refuse some remote requests before they connect at all.
"""

from __future__ import annotations

import socket
from urllib.parse import urlparse

from dynoview.core.session.endpoints import endpoint_is_local

PROBE_TIMEOUT_S = 2.0


def check_reachable(endpoint_url: str | None, timeout: float = PROBE_TIMEOUT_S) -> None:
    """Raise botocore's ``EndpointConnectionError`` when nothing accepts a TCP connection at a
    loopback ``endpoint_url`` (it reads as "Endpoint unreachable" wherever errors are described).

    The connection is opened and closed at once; nothing is sent.
    """
    if not endpoint_is_local(endpoint_url):
        return
    assert endpoint_url is not None
    parsed = urlparse(endpoint_url)
    try:
        port = parsed.port or (443 if parsed.scheme == "https" else 80)
    except ValueError:
        return  # a port out of range: botocore's own message names it
    try:
        with socket.create_connection((parsed.hostname or "localhost", port), timeout=timeout):
            return
    except OSError as exc:
        from botocore.exceptions import EndpointConnectionError

        raise EndpointConnectionError(endpoint_url=endpoint_url, error=exc) from exc
