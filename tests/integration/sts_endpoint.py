"""A local STS endpoint that checks MFA codes the way AWS does (moto's STS accepts any code):
AssumeRole with ``SerialNumber`` and a ``TokenCode`` other than ``MFA_CODE`` is refused with
AWS's own AccessDenied answer; GetCallerIdentity names the last role assumed. The wire format is
STS's query protocol (form-encoded POST, XML answers)."""

from __future__ import annotations

import threading
from datetime import UTC, datetime, timedelta
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qs

from tests.integration.signin_profiles import ACCOUNT, MFA_CODE

ROLE_SECRET = "StsCanaryRoleSecret/0123456789abcdefGHIJ"
ROLE_TOKEN = "StsCanarySessionToken" + "c2Vzc2lvbg" * 8
NS = "https://sts.amazonaws.com/doc/2011-06-15/"
#: AWS's words for a wrong code (an AccessDenied, like a missing permission).
WRONG_CODE = "MultiFactorAuthentication failed with invalid MFA one time pass code. "
#: A role whose trust policy does not name the caller.
REFUSED_ROLE = "untrusted"
NOT_TRUSTED = (f"User: arn:aws:iam::{ACCOUNT}:user/base is not authorized to perform: "
               f"sts:AssumeRole on resource: arn:aws:iam::{ACCOUNT}:role/{{role}}")


class StsEndpoint:
    def __init__(self) -> None:
        self.calls: list[dict[str, str]] = []
        self.last_role = "support"
        self.server = ThreadingHTTPServer(("127.0.0.1", 0), self._handler())
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()

    def _handler(self) -> type[BaseHTTPRequestHandler]:
        endpoint = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *_args: Any) -> None:
                pass

            def _send(self, status: int, body: str) -> None:
                data = body.encode()
                self.send_response(status)
                self.send_header("Content-Type", "text/xml")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def do_POST(self) -> None:
                length = int(self.headers.get("Content-Length") or 0)
                form = {k: v[0] for k, v in parse_qs(self.rfile.read(length).decode()).items()}
                endpoint.calls.append(form)
                action = form.get("Action")
                if action == "AssumeRole":
                    role = form["RoleArn"].rsplit("/", 1)[-1]
                    refusal = (WRONG_CODE if "SerialNumber" in form and form.get("TokenCode") != MFA_CODE
                               else NOT_TRUSTED.format(role=role) if role == REFUSED_ROLE else None)
                    if refusal:
                        self._send(403, f'<ErrorResponse xmlns="{NS}"><Error><Type>Sender</Type>'
                                        f"<Code>AccessDenied</Code><Message>{refusal}</Message>"
                                        "</Error><RequestId>r-1</RequestId></ErrorResponse>")
                        return
                    endpoint.last_role = role
                    expires = (datetime.now(UTC) + timedelta(hours=1)).strftime("%Y-%m-%dT%H:%M:%SZ")
                    self._send(200, f'<AssumeRoleResponse xmlns="{NS}"><AssumeRoleResult>'
                                    "<Credentials><AccessKeyId>ASIASTSFAKEROLE00001</AccessKeyId>"
                                    f"<SecretAccessKey>{ROLE_SECRET}</SecretAccessKey>"
                                    f"<SessionToken>{ROLE_TOKEN}</SessionToken>"
                                    f"<Expiration>{expires}</Expiration></Credentials>"
                                    "<AssumedRoleUser><AssumedRoleId>AROAFAKE:s</AssumedRoleId>"
                                    f"<Arn>arn:aws:sts::{ACCOUNT}:assumed-role/{role}/s</Arn>"
                                    "</AssumedRoleUser></AssumeRoleResult>"
                                    "<ResponseMetadata><RequestId>r-2</RequestId></ResponseMetadata>"
                                    "</AssumeRoleResponse>")
                elif action == "GetCallerIdentity":
                    self._send(200, f'<GetCallerIdentityResponse xmlns="{NS}"><GetCallerIdentityResult>'
                                    f"<Arn>arn:aws:sts::{ACCOUNT}:assumed-role/{endpoint.last_role}/s</Arn>"
                                    f"<UserId>AROAFAKE:s</UserId><Account>{ACCOUNT}</Account>"
                                    "</GetCallerIdentityResult><ResponseMetadata><RequestId>r-3"
                                    "</RequestId></ResponseMetadata></GetCallerIdentityResponse>")
                else:
                    self._send(400, f'<ErrorResponse xmlns="{NS}"><Error><Code>InvalidAction</Code>'
                                    "<Message>unknown</Message></Error></ErrorResponse>")

        return Handler
