"""A local HTTP endpoint speaking the IAM Identity Center APIs the device flow uses, as AWS
documents them (the real service cannot be reached from the tests): SSO OIDC's RegisterClient
(``POST /client/register``), StartDeviceAuthorization (``POST /device_authorization``) and
CreateToken (``POST /token``: ``AuthorizationPendingException`` until approved), and the SSO
portal's GetRoleCredentials (``GET /federation/credentials``, the bearer token in
``x-amz-sso_bearer_token``)."""

from __future__ import annotations

import json
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qs, urlparse

ACCESS_TOKEN = "SsoCanaryAccessToken" + "QWxhZGRpbjpvcGVu" * 8
REFRESH_TOKEN = "SsoCanaryRefreshToken" + "c2VzYW1l" * 8
CLIENT_SECRET = "SsoCanaryClientSecret" + "b3BlbnNlc2FtZQ" * 8
ROLE_KEY = "ASIASSOROLECREDS0001"
ROLE_SECRET = "SsoCanaryRoleSecret/0123456789abcdefGHIJKLMN"
USER_CODE = "WDJB-MJHT"


class SsoEndpoint:
    def __init__(self) -> None:
        self.approved = threading.Event()
        self.verification_page = "https://device.sso.example/"  # what the service says to open
        self.calls: list[tuple[str, dict[str, Any]]] = []
        self.server = ThreadingHTTPServer(("127.0.0.1", 0), self._handler())
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()

    def paths(self) -> list[str]:
        return [path for path, _ in self.calls]

    def _handler(self) -> type[BaseHTTPRequestHandler]:
        endpoint = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *_args: Any) -> None:
                pass

            def _send(self, status: int, body: dict[str, Any], error: str | None = None) -> None:
                data = json.dumps(body).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                if error:
                    self.send_header("x-amzn-ErrorType", error)
                self.end_headers()
                self.wfile.write(data)

            def do_POST(self) -> None:
                length = int(self.headers.get("Content-Length") or 0)
                body = json.loads(self.rfile.read(length) or b"{}")
                path = urlparse(self.path).path
                endpoint.calls.append((path, body))
                if path == "/client/register":
                    self._send(200, {"clientId": "dynoview-client", "clientSecret": CLIENT_SECRET,
                                     "clientIdIssuedAt": int(time.time()),
                                     "clientSecretExpiresAt": int(time.time()) + 90 * 86400})
                elif path == "/device_authorization":
                    self._send(200, {"deviceCode": "device-code-1", "userCode": USER_CODE,
                                     "verificationUri": endpoint.verification_page,
                                     "verificationUriComplete":
                                         f"{endpoint.verification_page}?user_code={USER_CODE}",
                                     "expiresIn": 600, "interval": 1})
                elif path == "/token":
                    if not endpoint.approved.is_set():
                        self._send(400, {"error": "authorization_pending",
                                         "error_description": "Not yet approved"},
                                   "AuthorizationPendingException")
                    else:
                        self._send(200, {"accessToken": ACCESS_TOKEN, "tokenType": "Bearer",
                                         "expiresIn": 28800, "refreshToken": REFRESH_TOKEN})
                else:
                    self._send(404, {"message": "unknown"}, "ResourceNotFoundException")

            def do_GET(self) -> None:
                url = urlparse(self.path)
                query = {k: v[0] for k, v in parse_qs(url.query).items()}
                endpoint.calls.append((url.path, query))
                if url.path != "/federation/credentials":
                    self._send(404, {"message": "unknown"}, "ResourceNotFoundException")
                elif self.headers.get("x-amz-sso_bearer_token") != ACCESS_TOKEN:
                    self._send(401, {"message": "Session token not found or invalid"},
                               "UnauthorizedException")
                else:
                    self._send(200, {"roleCredentials": {
                        "accessKeyId": ROLE_KEY, "secretAccessKey": ROLE_SECRET,
                        "sessionToken": "SsoRoleSessionToken", "expiration": int(time.time() + 3600) * 1000}})

        return Handler
