"""Is anything listening at an endpoint URL? Asked before the first request, so a stopped
DynamoDB Local is "unreachable" at once: botocore would first look for credentials, then
retry the connection with back-off for several seconds before saying the same thing.
"""

from __future__ import annotations

import socket
import urllib.request
from urllib.parse import urlparse

from dynoview.core.connection import endpoint_is_local

PROBE_TIMEOUT_S = 2.0


def _through_proxy(url: str) -> bool:
    """True when requests to ``url`` go through a proxy (then only the proxy can tell)."""
    host = urlparse(url).hostname or ""
    proxies = urllib.request.getproxies()
    scheme = urlparse(url).scheme
    return bool(proxies.get(scheme) or proxies.get("all")) and not urllib.request.proxy_bypass(host)


def check_reachable(endpoint_url: str | None, timeout: float = PROBE_TIMEOUT_S) -> None:
    """Raise botocore's ``EndpointConnectionError`` when nothing accepts a TCP connection at
    ``endpoint_url`` (it reads as "Endpoint unreachable" everywhere errors are described).

    No endpoint (AWS itself) and endpoints reached through a proxy are not probed; the
    connection is opened and closed at once, nothing is sent.
    """
    if not endpoint_url or (not endpoint_is_local(endpoint_url) and _through_proxy(endpoint_url)):
        return
    parsed = urlparse(endpoint_url)
    host = parsed.hostname
    if not host:
        return  # not a URL botocore could use either: it says so itself
    try:
        port = parsed.port or (443 if parsed.scheme == "https" else 80)
    except ValueError:
        return  # a port out of range: botocore's own message names it
    try:
        with socket.create_connection((host, port), timeout=timeout):
            return
    except OSError as exc:
        from botocore.exceptions import EndpointConnectionError

        raise EndpointConnectionError(endpoint_url=endpoint_url, error=exc) from exc
