"""A loopback endpoint that answers every request with an error quoting the request's signed
headers, as AWS's signature-mismatch text quotes the canonical request: what the redaction of
error sentences is tested against (tests/integration/test_error_echo_redaction.py and the
window's error box, tests/gui/test_error_box_redaction.py)."""

from __future__ import annotations

import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

#: Temporary credentials of the right shapes (an ASIA key id, a 40-character secret, a token).
TOKEN = ("IQoJb3JpZ2luX2VjEJr//////////wEaCXVzLWVhc3QtMSJHMEUCIQDn7MUq7y3ZMCAZ/rcX2Vp8PknpNCoH2"
         "ewPg0Nm+TMa5wIgRE9k3RkDJc8vLSwHFQ8Qmv1+KUHRHKN0RYAt92rCNUcqoQIIMxABGgw2MDc2Mjk1NjM2NjIiDB2c")
KEY_ID = "ASIAY34FZKBOKMUTVV7A"
SECRET = "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"
LEAD = "Could not process the request. Canonical request was"


def echo_server(named: bool) -> ThreadingHTTPServer:
    """A loopback endpoint answering every request with a SerializationException that quotes
    the request's headers: ``name:value`` lines, or (``named=False``) their values alone."""

    class Echo(BaseHTTPRequestHandler):
        def log_message(self, *_args: object) -> None:
            pass

        def do_POST(self) -> None:
            self.rfile.read(int(self.headers.get("Content-Length") or 0))
            if named:
                quoted = "\n".join(f"{k.lower()}:{v}" for k, v in self.headers.items())
            else:
                quoted = " ".join(self.headers.values())
            body = json.dumps({"__type": "com.amazon.coral.service#SerializationException",
                               "message": f"{LEAD}\n{quoted}"}).encode()
            self.send_response(400)
            self.send_header("Content-Type", "application/x-amz-json-1.0")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

    server = ThreadingHTTPServer(("127.0.0.1", 0), Echo)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server
