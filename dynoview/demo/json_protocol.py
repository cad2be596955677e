"""Seeding requests sent in DynamoDB's own JSON protocol, without a botocore client.

The demo's child seeds its endpoint on the app's start-up path (the first rows wait for it).
A botocore client costs that path about a fifth of a second before its first request (a
session, the DynamoDB model parsed, its handlers registered) and more per request (every
value validated in pure Python); the server side of moto needs none of it. The seed's
requests are already in the wire's form (DynamoDB JSON, as ``signup_request`` builds them),
so ``HttpSender`` posts them as they are over one keep-alive connection, signed with SigV4
as any DynamoDB client signs them: moto and DynamoDB Local take them as the app's own.
"""

from __future__ import annotations

import base64
import http.client
import json
from typing import Any, Protocol, runtime_checkable
from urllib.parse import urlsplit

from dynoview.core.errors import DynoViewError

TARGET_PREFIX = "DynamoDB_20120810."
CONTENT_TYPE = "application/x-amz-json-1.0"
_TIMEOUT_S = 120.0  # a loopback endpoint; its first answer imports its models (seconds on a busy machine)


class SeedRequestError(DynoViewError):
    """A seeding request was refused or could not reach the endpoint; the message says which."""


@runtime_checkable
class Sender(Protocol):
    """Sends one DynamoDB operation (``"BatchWriteItem"``) with its parameters, returns the
    answer's JSON; raises ``SeedRequestError`` (or the client's own error) when refused."""

    def call(self, operation: str, params: dict[str, Any]) -> dict[str, Any]: ...


def _wire_value(value: object) -> str:
    """json.dumps' fallback: binary goes on the wire as base64, as botocore sends a blob."""
    if isinstance(value, (bytes, bytearray)):
        return base64.b64encode(value).decode("ascii")
    raise TypeError(f"{type(value).__name__} is not a DynamoDB JSON value")


def request_body(params: dict[str, Any]) -> bytes:
    """The JSON body DynamoDB's clients send for these parameters (ASCII, default separators)."""
    return json.dumps(params, default=_wire_value).encode("ascii")


def signed_headers(*, host: str, target: str, body: bytes, access_key: str, secret_key: str,
                   region: str) -> dict[str, str]:
    """The headers of a DynamoDB JSON request signed with AWS Signature Version 4, by botocore's
    own signer (moto has imported botocore already; what the child avoids is a client, whose
    service model costs ~100 ms to load)."""
    from botocore.auth import SigV4Auth
    from botocore.awsrequest import AWSRequest
    from botocore.credentials import Credentials

    request = AWSRequest(method="POST", url=f"http://{host}/", data=body,
                         headers={"Content-Type": CONTENT_TYPE, "X-Amz-Target": target})
    SigV4Auth(Credentials(access_key, secret_key), "dynamodb", region).add_auth(request)
    return {name.lower(): str(value) for name, value in request.headers.items()}


def refusal(operation: str, status: int, answer: bytes) -> SeedRequestError:
    """The endpoint's error answer as a sentence: its error type and its own message."""
    try:
        said = json.loads(answer)
    except ValueError:
        said = {}
    said = said if isinstance(said, dict) else {}
    kind = str(said.get("__type", "")).rpartition("#")[2] or f"HTTP {status}"
    message = said.get("message") or said.get("Message") or answer[:200].decode(errors="replace")
    return SeedRequestError(f"the endpoint refused {operation}: {kind}: {message}".rstrip(": "))


class HttpSender:
    """DynamoDB JSON requests over one HTTP/1.1 keep-alive connection to ``endpoint_url``."""

    def __init__(self, endpoint_url: str, *, access_key: str, secret_key: str,
                 region: str = "us-east-1", extra_headers: dict[str, str] | None = None) -> None:
        parts = urlsplit(endpoint_url)
        if parts.scheme != "http" or not parts.hostname:
            raise SeedRequestError(f"The demo seeds over plain http on loopback, not {endpoint_url!r}.")
        self._host = parts.netloc
        self._connection = http.client.HTTPConnection(parts.hostname, parts.port or 80, timeout=_TIMEOUT_S)
        self._access_key, self._secret_key, self._region = access_key, secret_key, region
        self._extra = dict(extra_headers or {})  # sent unsigned, after the signed ones

    def call(self, operation: str, params: dict[str, Any]) -> dict[str, Any]:
        body = request_body(params)
        headers = signed_headers(host=self._host, target=TARGET_PREFIX + operation, body=body,
                                 access_key=self._access_key, secret_key=self._secret_key,
                                 region=self._region)
        headers.update(self._extra)
        try:
            self._connection.request("POST", "/", body, headers)
            response = self._connection.getresponse()
            answer = response.read()
        except (OSError, http.client.HTTPException) as exc:
            self._connection.close()
            raise SeedRequestError(f"{operation} did not reach the endpoint at {self._host}: "
                                   f"{exc or type(exc).__name__}") from exc
        if response.status != 200:
            raise refusal(operation, response.status, answer)
        said = json.loads(answer) if answer else {}
        return said if isinstance(said, dict) else {}

    def close(self) -> None:
        self._connection.close()


class ClientSender:
    """The same calls through a botocore DynamoDB client (a ``Connection``'s): for callers
    that hold a connection already (tests, benchmarks), where the client's cost is paid."""

    def __init__(self, client: Any) -> None:
        self.client = client

    def call(self, operation: str, params: dict[str, Any]) -> dict[str, Any]:
        method = "".join("_" + c.lower() if c.isupper() else c for c in operation).lstrip("_")
        answer: dict[str, Any] = getattr(self.client, method)(**params)
        return answer
