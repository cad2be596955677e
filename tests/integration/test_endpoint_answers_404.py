"""An endpoint that is not DynamoDB and answers 404 (a web server, a wrong port, a path-routed
proxy; an empty or plain-text body) is said as such, with what to check next, in the core (so
the window) and in the CLI. Before, the message was botocore's ``An error occurred (404) when
calling the ListTables operation:`` or the server's own ``404 page not found``."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from dynoview.core.errors import describe_error
from dynoview.core.session.connection import Connection, ConnectionSpec

pytestmark = pytest.mark.integration

REPO = Path(__file__).resolve().parents[2]
BODIES = {"empty": b"", "plain text": b"404 page not found"}


@pytest.fixture(params=list(BODIES))
def not_dynamodb(request: pytest.FixtureRequest) -> Iterator[str]:
    """A local HTTP server answering every request 404 with one of ``BODIES``."""
    body = BODIES[request.param]

    class Answer404(BaseHTTPRequestHandler):
        def log_message(self, *_args: object) -> None:
            pass

        def do_POST(self) -> None:
            self.rfile.read(int(self.headers.get("Content-Length") or 0))
            self.send_response(404)
            self.send_header("Content-Type", "text/plain; charset=utf-8")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

    server = ThreadingHTTPServer(("127.0.0.1", 0), Answer404)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


def said(message: str) -> None:
    assert "is not a DynamoDB endpoint" in message
    assert "404 Not Found" in message
    assert "check the endpoint url" in message.lower() and "retry" in message
    assert "An error occurred (404)" not in message and "page not found" not in message


def test_list_tables_on_a_404_server_says_it_is_not_dynamodb(not_dynamodb: str) -> None:
    conn = Connection(ConnectionSpec(name="web", endpoint_url=not_dynamodb, region="us-east-1"))
    with pytest.raises(Exception) as info:
        conn.list_tables()
    err = describe_error(info.value, operation="ListTables", endpoint=not_dynamodb)
    said(err.message)


def test_the_cli_on_a_404_server_says_it_is_not_dynamodb(not_dynamodb: str, tmp_path: Path) -> None:
    env = dict(os.environ, PYTHONPATH=str(REPO))
    result = subprocess.run([sys.executable, "-m", "dynoview", "tables", "--endpoint-url", not_dynamodb],
                            env=env, cwd=tmp_path, capture_output=True, text=True, timeout=60,
                            stdin=subprocess.DEVNULL)
    assert result.returncode == 2, result.stderr
    said(result.stderr)
