"""The demo's moto server: DynamoDB and DynamoDB Streams answered by moto's own handlers.

moto's ``ThreadedMotoServer`` serves every AWS service through one Flask app per service,
chosen per request by ``DomainDispatcherApplication``: before the demo's first request the
child imported Flask, Jinja and every service's URL patterns, and built a Flask app for
DynamoDB on that request, all on the app's start-up path (its first rows wait for the seed).
Here a request whose ``X-Amz-Target`` names DynamoDB or DynamoDB Streams goes straight to
moto's handler for it (``DynamoHandler.dispatch``, what moto's Flask view calls), with the
same backend, models, streams and TTL.

The demo's app (``DemoMotoApp``) answers nothing else: any local user can reach its port, and
moto's dispatcher serves every service plus ``/moto-api`` (reset, and a recorder that reads and
writes a file in the server's working folder, following symbolic links). It answers only
requests signed with its session's access key id, which the app that started it holds
(``DemoBackend.access_key``). The tests' and benchmarks' endpoint (``AllServicesApp``,
``backend.start_server`` without a key) keeps every service and any key.
"""

from __future__ import annotations

import contextlib
import hmac
import json
import socket
import threading
from collections.abc import Callable, Iterable
from typing import Any

from botocore.exceptions import ClientError
from moto.core.request import (
    PRESERVED_HEADER_NAMES_ENVIRON_KEY,
    Request,
    environ_key_for_header,
    should_preserve_original_header_name,
)
from werkzeug.exceptions import HTTPException
from werkzeug.serving import BaseWSGIServer, WSGIRequestHandler, make_server
from werkzeug.wrappers import Response

from dynoview.demo import moto_speedups, moto_tokens

WSGIApp = Callable[[dict[str, Any], Callable[..., Any]], Iterable[bytes]]
#: The X-Amz-Target prefixes answered here (what DomainDispatcherApplication sends to moto's
#: "dynamodb" and "dynamodbstreams" apps); DynamoDB's 2011 API is not (the demo refuses it).
DYNAMODB_TARGET = "DynamoDB_20120810."
STREAMS_TARGET = "DynamoDBStreams_20120810."


class ServerRequest(Request):
    """What moto's Flask app hands its handlers: a request read by a real WSGI server."""

    from_wsgi_server = True


def _handler_for(target: str) -> Any:
    """moto's handler class for a DynamoDB or Streams target, else None."""
    if target.startswith(DYNAMODB_TARGET):
        from moto.dynamodb.responses import DynamoHandler

        return DynamoHandler
    if target.startswith(STREAMS_TARGET):
        from moto.dynamodbstreams.responses import DynamoDBStreamsHandler

        return DynamoDBStreamsHandler
    return None


def _dispatch(handler: Any, environ: dict[str, Any]) -> moto_tokens.Answer:
    """moto's answer (status, headers, body), as its Flask view calls the handler
    (moto.core.utils.convert_to_flask_response)."""
    request = ServerRequest(environ)
    try:
        result = handler.dispatch(request, request.raw_url, dict(request.headers))
    except HTTPException as exc:  # moto's RESTError family: an answer of its own
        answer = exc.get_response(environ)
        return answer.status_code, dict(answer.headers), answer.get_data(as_text=True)
    except ClientError as exc:  # as moto's view answers another service's refusal
        result = 400, {}, exc.response["Error"]["Message"]
    return result if len(result) == 3 else (200, {}, result)


class DynamoDBApp:
    """Answers a DynamoDB or Streams request with moto's handler (the demo's fast path)."""

    def __init__(self) -> None:
        self._tokens = moto_tokens.TokenBook()  # ClientRequestToken, which moto ignores

    def answer(self, handler: Any, environ: dict[str, Any],
               start_response: Callable[..., Any]) -> Iterable[bytes]:
        seed = moto_speedups.from_seeder(environ)
        if environ.get("HTTP_X_AMZ_TARGET") == moto_tokens.TARGET and not seed:
            status, headers, body = self._tokens.answer(environ, lambda: _dispatch(handler, environ))
        else:
            with moto_speedups.without_copies() if seed else contextlib.nullcontext():
                status, headers, body = _dispatch(handler, environ)
        return Response(response=body, status=status, headers=headers)(environ, start_response)


#: DynamoDB's error answers (``__type`` as DynamoDB spells it; botocore reads what follows "#").
NOT_SERVED = ("com.amazon.coral.service#UnknownOperationException",
              "The demo endpoint answers DynamoDB and DynamoDB Streams requests only "
              "(POST / naming their operation in X-Amz-Target).")
BAD_KEY = ("com.amazon.coral.service#UnrecognizedClientException",
           "The security token included in the request is invalid: this demo endpoint answers "
           "only the DynoView session that started it.")


def refusal(status: int, error: tuple[str, str]) -> Response:
    """An error answer as DynamoDB gives it: JSON with ``__type`` and ``message``."""
    return Response(json.dumps({"__type": error[0], "message": error[1]}), status=status,
                    content_type="application/x-amz-json-1.0")


def access_key_id(environ: dict[str, Any]) -> str | None:
    """The access key id a SigV4 ``Authorization`` header names
    (``AWS4-HMAC-SHA256 Credential=<id>/<date>/<region>/<service>/aws4_request, ...``), else None."""
    scheme, _, params = str(environ.get("HTTP_AUTHORIZATION", "")).partition(" ")
    if scheme != "AWS4-HMAC-SHA256":
        return None
    for param in params.split(","):
        name, _, value = param.strip().partition("=")
        if name == "Credential":
            return value.partition("/")[0]
    return None


class DemoMotoApp(DynamoDBApp):
    """The demo's WSGI app: DynamoDB and Streams requests signed with ``access_key`` (the
    session's access key id), and nothing else. Other paths and targets are refused as
    DynamoDB refuses them, never handed to moto's dispatcher (it is not even imported); another
    key id gets DynamoDB's 403 ``UnrecognizedClientException``."""

    def __init__(self, access_key: str) -> None:
        if not access_key:
            raise ValueError("the demo endpoint needs its session's access key id")
        super().__init__()
        self._key = access_key.encode()

    def __call__(self, environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
        if environ.get("REQUEST_METHOD") != "POST" or environ.get("PATH_INFO") != "/":
            return refusal(404, NOT_SERVED)(environ, start_response)
        handler = _handler_for(str(environ.get("HTTP_X_AMZ_TARGET", "")))
        if handler is None:
            return refusal(400, NOT_SERVED)(environ, start_response)
        # Constant time: the key id is the session's only secret (the demo checks no signature).
        if not hmac.compare_digest((access_key_id(environ) or "").encode(), self._key):
            return refusal(403, BAD_KEY)(environ, start_response)
        return self.answer(handler, environ, start_response)


class AllServicesApp(DynamoDBApp):
    """The tests' and benchmarks' moto endpoint (``backend.start_server`` with no key): DynamoDB
    and Streams as the demo answers them, any key; every other request (S3, Athena, ``/moto-api``)
    to moto's dispatcher, imported and built on its first use. Never the demo's."""

    def __init__(self) -> None:
        super().__init__()
        self._lock = threading.Lock()
        self._dispatcher: WSGIApp | None = None

    def __call__(self, environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
        handler = _handler_for(str(environ.get("HTTP_X_AMZ_TARGET", "")))
        if handler is None:
            return self.dispatcher()(environ, start_response)
        return self.answer(handler, environ, start_response)

    def dispatcher(self) -> WSGIApp:
        """moto's all-services dispatcher (Flask), built once, on the first request for it."""
        with self._lock:
            if self._dispatcher is None:
                from moto.moto_server.werkzeug_app import DomainDispatcherApplication, create_backend_app

                from dynoview.demo.moto_imports import load_deferred

                load_deferred()  # what it uses, loaded here under the lock, not by many threads

                self._dispatcher = DomainDispatcherApplication(create_backend_app)
            return self._dispatcher


class DemoRequestHandler(WSGIRequestHandler):
    """werkzeug's handler, keeping header names with underscores as moto's own server does
    (``MotoRequestHandler``, which imports Flask): S3 metadata keys may contain them."""

    def make_environ(self) -> dict[str, Any]:
        environ = super().make_environ()
        dashed = {environ_key_for_header(name) for name in self.headers if "_" not in name}
        names: dict[str, str] = {}
        values: dict[str, list[str]] = {}
        for name, value in self.headers.items():
            key = environ_key_for_header(name)
            if not should_preserve_original_header_name(name) or key in dashed:
                continue  # an underscored header never stands in for a dashed one
            names.setdefault(key, name)
            values.setdefault(key, []).append(value.replace("\r\n", ""))
        for key, key_values in values.items():
            environ[key] = ",".join(key_values)
        environ[PRESERVED_HEADER_NAMES_ENVIRON_KEY] = names
        return environ


class DemoMotoServer:
    """``app`` served on ``host`` (port 0: a free one) by werkzeug's threaded server in a
    daemon thread; the same ``start``/``stop``/``get_host_and_port`` as ThreadedMotoServer.
    ``listener``: a socket bound and listening already, served instead (and closed here: the
    server keeps a duplicate of it)."""

    def __init__(self, app: WSGIApp, host: str = "127.0.0.1", port: int = 0,
                 listener: socket.socket | None = None) -> None:
        self._server: BaseWSGIServer = make_server(
            host, port, app, threaded=True, request_handler=DemoRequestHandler,
            fd=listener.fileno() if listener is not None else None)
        if listener is not None:
            listener.close()
        self._thread = threading.Thread(target=self._server.serve_forever, name="demo-moto",
                                         daemon=True)

    def start(self) -> None:
        self._thread.start()

    def get_host_and_port(self) -> tuple[str, int]:
        host, port = self._server.server_address[:2]
        return str(host), int(port)

    def stop(self) -> None:
        if self._thread.is_alive():
            self._server.shutdown()
            self._thread.join()
        self._server.server_close()
