"""A fault-injecting HTTP proxy between the app and the local DynamoDB endpoint.

Loopback only: it listens on 127.0.0.1 and forwards to a loopback upstream (the
moto endpoint). Every request is forwarded on a fresh upstream connection, so the
proxy knows exactly which requests reached the endpoint; client connections are
kept alive, as DynamoDB keeps them, so botocore's connection pool is exercised.

Faults are programmed as rules. A rule matches requests (by DynamoDB operation,
URL path, connection number or any predicate), skips the first ``after`` matches,
then applies its fault to the next ``times`` of them (``times=None``: all). Kinds:

- ``delay``: wait ``seconds``, then forward and answer normally.
- ``delay_response``: forward (the write happens), wait ``seconds``, then answer.
- ``drop_before``: close the connection without forwarding (nothing happens).
- ``drop_after``: forward (the write happens), then close without answering.
- ``cut``: forward, then send the headers and half the body, and close.
- ``http_500``: answer 500 InternalServerError without forwarding.
- ``throttle``: answer 400 ProvisionedThroughputExceededException without forwarding.
- ``expired_token``: answer 400 ExpiredTokenException without forwarding.
- ``respond``: answer ``status`` with ``body`` (and ``headers``) without forwarding.
- ``replace``: forward (the write happens), then answer 200 with ``body`` (and ``headers``)
  instead of the endpoint's answer: what a middlebox that mangles answers sends.

``forget_tokens = True``: each TransactWriteItems is forwarded under a fresh ClientRequestToken
of its own (what the client sent is recorded as sent): an engine that keeps no token, as
DynamoDB after its 10 minutes, so a resend of an applied transaction meets its own writes.

``go_down()`` closes the listening socket and every open connection (the endpoint
goes away: connections are refused); ``come_back()`` listens on the same port again.

Threads are bounded: one acceptor and at most ``max_connections`` handlers; a
connection over the limit waits in the listen backlog.
"""

from __future__ import annotations

import contextlib
import ipaddress
import json
import socket
import threading
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlparse

DELAY = "delay"
DELAY_RESPONSE = "delay_response"
DROP_BEFORE = "drop_before"
DROP_AFTER = "drop_after"
CUT = "cut"
HTTP_500 = "http_500"
THROTTLE = "throttle"
EXPIRED_TOKEN = "expired_token"
RESPOND = "respond"
REPLACE = "replace"
KINDS = (DELAY, DELAY_RESPONSE, DROP_BEFORE, DROP_AFTER, CUT, HTTP_500, THROTTLE, EXPIRED_TOKEN,
         RESPOND, REPLACE)
#: Faults after which the request reached the endpoint (a write there happened).
FORWARDED = frozenset({DELAY, DELAY_RESPONSE, DROP_AFTER, CUT, REPLACE})

_JSON = "application/x-amz-json-1.0"
THROTTLE_BODY = {
    "__type": "com.amazonaws.dynamodb.v20120810#ProvisionedThroughputExceededException",
    "message": "The level of configured provisioned throughput for the table was exceeded. "
               "Consider increasing your provisioning level with the UpdateTable API.",
}
INTERNAL_ERROR_BODY = {
    "__type": "com.amazonaws.dynamodb.v20120810#InternalServerError",
    "message": "Internal server error",
}
EXPIRED_TOKEN_BODY = {
    "__type": "com.amazon.coral.service#ExpiredTokenException",
    "message": "The security token included in the request is expired",
}
_MAX_HEADER_BYTES = 64 * 1024
_MAX_BODY_BYTES = 64 * 1024 * 1024


@dataclass(frozen=True)
class RequestInfo:
    """One request as the proxy saw it."""

    connection: int  # 1-based number of the client connection
    number: int  # 1-based number of the request over the proxy's life
    method: str
    path: str
    operation: str | None  # "Scan", "TransactWriteItems"... from X-Amz-Target
    headers: dict[str, str]  # lower-case names
    body: bytes
    raw_headers: tuple[tuple[str, str], ...] = ()  # as sent, for forwarding

    def json(self) -> dict[str, Any]:
        try:
            data = json.loads(self.body or b"{}")
        except ValueError:
            return {}
        return data if isinstance(data, dict) else {}


@dataclass(eq=False)  # rules compare by identity: two alike rules are still two rules
class Rule:
    """A fault applied to matching requests (see the module docstring)."""

    kind: str
    operation: str | None = None
    path_prefix: str | None = None
    connection: int | None = None
    predicate: Callable[[RequestInfo], bool] | None = None
    after: int = 0
    times: int | None = 1
    seconds: float = 0.0
    status: int = 200
    body: bytes = b""
    headers: dict[str, str] = field(default_factory=dict)
    seen: int = 0
    applied: int = 0

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"unknown fault {self.kind!r}; use one of {', '.join(KINDS)}")

    def matches(self, info: RequestInfo) -> bool:
        if self.operation is not None and info.operation != self.operation:
            return False
        if self.path_prefix is not None and not info.path.startswith(self.path_prefix):
            return False
        if self.connection is not None and info.connection != self.connection:
            return False
        return self.predicate is None or self.predicate(info)

    @property
    def spent(self) -> bool:
        return self.times is not None and self.applied >= self.times


@dataclass(frozen=True)
class Event:
    """What the proxy did with one request."""

    request: RequestInfo
    fault: str | None  # None: forwarded and answered normally
    forwarded: bool
    status: int | None  # status answered to the client, None when dropped


def _is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


class _Closed(Exception):
    """The client closed its connection."""


def _read_until(sock: socket.socket, buf: bytearray, marker: bytes, limit: int) -> int:
    while True:
        index = buf.find(marker)
        if index >= 0:
            return index
        if len(buf) > limit:
            raise _Closed("header too large")
        chunk = sock.recv(65536)
        if not chunk:
            raise _Closed("closed")
        buf.extend(chunk)


def _read_exact(sock: socket.socket, buf: bytearray, size: int) -> bytes:
    while len(buf) < size:
        chunk = sock.recv(max(65536, size - len(buf)))
        if not chunk:
            raise _Closed("closed mid-body")
        buf.extend(chunk)
    data = bytes(buf[:size])
    del buf[:size]
    return data


def _parse_headers(block: bytes) -> tuple[str, list[tuple[str, str]]]:
    lines = block.decode("latin-1").split("\r\n")
    headers = []
    for line in lines[1:]:
        if ":" in line:
            name, value = line.split(":", 1)
            headers.append((name.strip(), value.strip()))
    return lines[0], headers


def _dechunk(data: bytes) -> bytes:
    out = bytearray()
    rest = data
    while rest:
        line, _, rest = rest.partition(b"\r\n")
        size = int(line.split(b";")[0] or b"0", 16)
        if size == 0:
            break
        out.extend(rest[:size])
        rest = rest[size + 2:]
    return bytes(out)


class FaultProxy:
    """A programmable loopback proxy in front of ``upstream_url``."""

    def __init__(self, upstream_url: str, *, max_connections: int = 32) -> None:
        parsed = urlparse(upstream_url)
        host = parsed.hostname or ""
        if not _is_loopback(host):
            raise ValueError(f"the fault proxy only forwards to loopback, not {host!r}")
        self.upstream = (host, parsed.port or 80)
        self.max_connections = max_connections
        self.events: list[Event] = []  # what was done, in order of completion
        self.received: list[RequestInfo] = []  # every request, in order of arrival
        self._rules: list[Rule] = []
        self._lock = threading.Lock()
        self._slots = threading.BoundedSemaphore(max_connections)
        self._clients: set[socket.socket] = set()
        self._handlers: set[threading.Thread] = set()
        self._connections = 0
        self._requests = 0
        self._port = 0
        self._listener: socket.socket | None = None
        self._acceptor: threading.Thread | None = None
        self._up = False
        self.forget_tokens = False
        self.come_back()

    # ------------------------------------------------------------------ control

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self._port}"

    @property
    def up(self) -> bool:
        return self._up

    def add(self, kind: str, **kwargs: Any) -> Rule:
        """Program a fault; returns the rule (its ``applied`` count can be checked)."""
        if "body" in kwargs and not isinstance(kwargs["body"], bytes):
            kwargs["body"] = json.dumps(kwargs["body"]).encode()
        rule = Rule(kind, **kwargs)
        with self._lock:
            self._rules.append(rule)
        return rule

    def remove(self, rule: Rule) -> None:
        """Stop applying one fault."""
        with self._lock:
            if rule in self._rules:
                self._rules.remove(rule)

    def clear(self) -> None:
        """Remove every fault: from now on requests are forwarded untouched."""
        with self._lock:
            self._rules.clear()

    def reset(self) -> None:
        """Remove every fault and forget the requests seen so far."""
        with self._lock:
            self._rules.clear()
            self.events.clear()
            self.received.clear()

    def requests(self, operation: str | None = None) -> list[RequestInfo]:
        """Every request that arrived (whatever was done with it)."""
        with self._lock:
            return [r for r in self.received if operation is None or r.operation == operation]

    def forwarded(self, operation: str | None = None) -> list[RequestInfo]:
        """Requests that reached the endpoint."""
        with self._lock:
            return [e.request for e in self.events if e.forwarded
                    and (operation is None or e.request.operation == operation)]

    def go_down(self) -> None:
        """The endpoint goes away: stop listening and cut every open connection."""
        with self._lock:
            self._up = False
            listener, self._listener = self._listener, None
            clients = list(self._clients)
        if listener is not None:
            listener.close()
        for client in clients:
            with contextlib.suppress(OSError):
                client.shutdown(socket.SHUT_RDWR)
            client.close()
        if self._acceptor is not None:
            self._acceptor.join(timeout=5)
            self._acceptor = None

    def come_back(self) -> None:
        """Listen again, on the same port once one was chosen."""
        if self._up:
            return
        listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        deadline = time.monotonic() + 5
        while True:
            try:
                listener.bind(("127.0.0.1", self._port))
                break
            except OSError:
                if not self._port or time.monotonic() > deadline:
                    listener.close()
                    raise
                time.sleep(0.05)
        listener.listen(64)
        listener.settimeout(0.1)
        self._port = listener.getsockname()[1]
        self._listener = listener
        self._up = True
        self._acceptor = threading.Thread(target=self._accept, args=(listener,),
                                          name="fault-proxy-accept", daemon=True)
        self._acceptor.start()

    def close(self) -> None:
        self.go_down()
        for thread in list(self._handlers):
            thread.join(timeout=5)

    def __enter__(self) -> FaultProxy:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()

    # ------------------------------------------------------------------ serving

    def _accept(self, listener: socket.socket) -> None:
        while self._up and self._listener is listener:
            if not self._slots.acquire(timeout=0.1):
                continue
            try:
                client, _ = listener.accept()
            except (TimeoutError, OSError):
                self._slots.release()
                continue
            client.settimeout(60)
            with self._lock:
                self._connections += 1
                number = self._connections
                self._clients.add(client)
            thread = threading.Thread(target=self._serve, args=(client, number),
                                      name=f"fault-proxy-{number}", daemon=True)
            self._handlers.add(thread)
            thread.start()

    def _serve(self, client: socket.socket, number: int) -> None:
        buf = bytearray()
        try:
            while True:
                info = self._read_request(client, buf, number)
                if not self._handle(client, info):
                    break
        except (_Closed, OSError, ValueError):
            pass
        finally:
            with self._lock:
                self._clients.discard(client)
            try:
                client.close()
            finally:
                self._slots.release()
                self._handlers.discard(threading.current_thread())

    def _read_request(self, client: socket.socket, buf: bytearray, connection: int) -> RequestInfo:
        end = _read_until(client, buf, b"\r\n\r\n", _MAX_HEADER_BYTES)
        head = bytes(buf[:end])
        del buf[:end + 4]
        request_line, header_list = _parse_headers(head)
        method, path, _version = request_line.split(" ", 2)
        headers = {name.lower(): value for name, value in header_list}
        length = int(headers.get("content-length", "0") or 0)
        if length > _MAX_BODY_BYTES:
            raise _Closed("body too large")
        body = _read_exact(client, buf, length) if length else b""
        target = headers.get("x-amz-target", "")
        operation = target.rsplit(".", 1)[-1] if target else None
        with self._lock:
            self._requests += 1
            info = RequestInfo(connection, self._requests, method, path, operation, headers, body,
                               tuple(header_list))
            self.received.append(info)
        return info

    def _pick(self, info: RequestInfo) -> Rule | None:
        with self._lock:
            for rule in self._rules:
                if rule.spent or not rule.matches(info):
                    continue
                rule.seen += 1
                if rule.seen <= rule.after:
                    continue
                rule.applied += 1
                return rule
        return None

    def _record(self, info: RequestInfo, fault: str | None, forwarded: bool, status: int | None) -> None:
        with self._lock:
            self.events.append(Event(info, fault, forwarded, status))

    def _handle(self, client: socket.socket, info: RequestInfo) -> bool:
        """Apply the fault (if any); True when the client connection stays open."""
        rule = self._pick(info)
        kind = rule.kind if rule else None
        if kind == DROP_BEFORE:
            self._record(info, kind, False, None)
            return False
        if kind in (HTTP_500, THROTTLE, EXPIRED_TOKEN, RESPOND):
            assert rule is not None
            status, body, extra = {
                HTTP_500: (500, json.dumps(INTERNAL_ERROR_BODY).encode(), {}),
                THROTTLE: (400, json.dumps(THROTTLE_BODY).encode(), {}),
                EXPIRED_TOKEN: (400, json.dumps(EXPIRED_TOKEN_BODY).encode(), {}),
                RESPOND: (rule.status, rule.body, rule.headers),
            }[kind]
            headers = {"Content-Type": _JSON, "x-amzn-RequestId": f"fault-{info.number}", **extra}
            self._record(info, kind, False, status)
            client.sendall(self._response(status, headers, body))
            return True
        if kind == DELAY and rule is not None:
            time.sleep(rule.seconds)
        status, headers, body = self._forward(info)
        if kind == DROP_AFTER:
            self._record(info, kind, True, None)
            return False
        if kind == DELAY_RESPONSE and rule is not None:
            time.sleep(rule.seconds)
        if kind == REPLACE and rule is not None:
            self._record(info, kind, True, 200)
            client.sendall(self._response(200, {"Content-Type": _JSON, **rule.headers}, rule.body))
            return True
        if kind == CUT:
            self._record(info, kind, True, status)
            whole = self._response(status, headers, body)
            client.sendall(whole[: len(whole) - max(1, len(body) // 2)])
            return False
        self._record(info, kind, True, status)
        client.sendall(self._response(status, headers, body))
        return True

    def _forward(self, info: RequestInfo) -> tuple[int, dict[str, str], bytes]:
        body = info.body
        if self.forget_tokens and info.operation == "TransactWriteItems":
            request = info.json()
            request["ClientRequestToken"] = str(uuid.uuid4())
            body = json.dumps(request).encode()
        lines = [f"{info.method} {info.path} HTTP/1.1"]
        for name, value in info.raw_headers:
            if name.lower() in {"connection", "keep-alive", "proxy-connection", "content-length"}:
                continue
            lines.append(f"{name}: {value}")
        lines += [f"Content-Length: {len(body)}", "Connection: close"]
        raw = ("\r\n".join(lines) + "\r\n\r\n").encode("latin-1") + body
        with socket.create_connection(self.upstream, timeout=60) as up:
            up.sendall(raw)
            chunks = []
            while True:
                chunk = up.recv(65536)
                if not chunk:
                    break
                chunks.append(chunk)
        data = b"".join(chunks)
        head, _, body = data.partition(b"\r\n\r\n")
        status_line, header_list = _parse_headers(head)
        status = int(status_line.split(" ", 2)[1])
        headers: dict[str, str] = {}
        chunked = False
        for name, value in header_list:
            lower = name.lower()
            if lower == "transfer-encoding" and "chunked" in value.lower():
                chunked = True
                continue
            if lower in {"connection", "keep-alive", "content-length"}:
                continue
            headers[name] = value
        if chunked:
            body = _dechunk(body)
        return status, headers, body

    @staticmethod
    def _response(status: int, headers: dict[str, str], body: bytes) -> bytes:
        reason = {200: "OK", 400: "Bad Request", 500: "Internal Server Error"}.get(status, "Status")
        lines = [f"HTTP/1.1 {status} {reason}"]
        lines += [f"{name}: {value}" for name, value in headers.items()]
        lines += [f"Content-Length: {len(body)}", "Connection: keep-alive"]
        return ("\r\n".join(lines) + "\r\n\r\n").encode("latin-1") + body
