"""A local release feed for the update-check tests: PyPI's JSON shape, over real HTTP."""

from __future__ import annotations

import http.server
import json
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field


@dataclass
class Feed:
    """What the server answers, changeable during a test; ``requests`` counts GETs."""

    body: bytes = b""
    status: int = 200
    requests: list[str] = field(default_factory=list)
    url: str = ""
    delay: float = 0.0  # seconds each answer waits (its body is the one at the request's time)

    def release(self, version: str) -> None:
        self.body = json.dumps({"info": {
            "name": "dynoview", "version": version,
            "release_url": f"https://pypi.org/project/dynoview/{version}/"},
            "releases": {version: []}}).encode()


@contextmanager
def feed_server() -> Iterator[Feed]:
    feed = Feed()

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            feed.requests.append(self.path)
            body, status = feed.body, feed.status
            time.sleep(feed.delay)
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, format: str, *args: object) -> None:
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    feed.url = f"http://127.0.0.1:{server.server_address[1]}/pypi/dynoview/json"
    try:
        yield feed
    finally:
        server.shutdown()
        server.server_close()
        thread.join(5)


def unreachable_url() -> str:
    """A loopback port nothing listens on (bound, then closed)."""
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    return f"http://127.0.0.1:{port}/pypi/dynoview/json"
