"""Answers that are not DynamoDB's: a web page where JSON should be.

A captive portal (hotel, train, airport Wi-Fi) or a misconfigured proxy answers any HTTP
request with its own HTML page, often with status 200. botocore reads that body as JSON,
fails, and hands back an almost empty answer: ``DescribeTable`` then lacks ``Table``
(``KeyError: 'Table'``) and ``ListTables`` looks like an account with no tables. DynamoDB
always answers JSON, so an HTML (or any markup) answer, or a redirect, is refused here with
a sentence, whatever the operation and the status. So is a 404 or 405 that is not DynamoDB's
JSON (a web server, a wrong port, a path-routed proxy): DynamoDB never sends either, and
botocore's own message for it ends in an empty or plain-text body with no next step.
"""

from __future__ import annotations

from typing import Any

from dynoview.core.errors import PARTIQL_OPERATIONS, DynoViewError

_HOOK_ATTR = "_dynoview_answer_check"
_MARKUP_START = b"<"  # DynamoDB answers JSON: a body starting with markup is a web page
#: Statuses DynamoDB never answers with: a server answering them with no JSON is another server.
_NOT_DYNAMODB_STATUSES = {404: "404 Not Found", 405: "405 Method Not Allowed"}


class NotDynamoDBError(DynoViewError):
    """The endpoint answered with something other than DynamoDB's JSON (a web page)."""


def _is_markup(http_response: Any) -> bool:
    headers = getattr(http_response, "headers", None) or {}
    content_type = str(headers.get("content-type", "")).lower()
    if "html" in content_type:
        return True
    body = (getattr(http_response, "content", b"") or b"")[:256].lstrip().lower()
    return body.startswith(_MARKUP_START)


def _is_json_object(http_response: Any) -> bool:
    body = (getattr(http_response, "content", b"") or b"")[:256].lstrip()
    return body.startswith(b"{")


def check_answer(http_response: Any = None, model: Any = None, **_: Any) -> None:
    """botocore ``after-call`` hook: raise ``NotDynamoDBError`` for an HTML answer, a redirect,
    or a 404 or 405 without DynamoDB's JSON."""
    if http_response is None:
        return
    status = int(getattr(http_response, "status_code", 0) or 0)
    name = getattr(model, "name", "the request")
    if _is_markup(http_response) and status == 500 and name in PARTIQL_OPERATIONS:
        # A local engine's PartiQL failing on a statement (a bare moto server's error page). Not
        # any 5xx: 501 (a web server without POST) or a proxy's 502-504 is not DynamoDB at all.
        raise NotDynamoDBError(
            f"This endpoint's PartiQL engine cannot run this statement: it answered HTTP {status} "
            "with an error page and no message (its own log says why). Sending it again will not "
            "help: rewrite the statement, or run it on DynamoDB itself.")
    if _is_markup(http_response):
        raise NotDynamoDBError(
            f"The endpoint answered with HTML, not DynamoDB: a captive portal or a proxy? (HTTP "
            f"{status} to {name}.) Open a web page to log in to the network, or check the endpoint "
            "URL and the proxy settings, then retry.")
    if status in _NOT_DYNAMODB_STATUSES and not _is_json_object(http_response):
        raise NotDynamoDBError(
            f"The endpoint is not a DynamoDB endpoint (it answered {name} with "
            f"{_NOT_DYNAMODB_STATUSES[status]}): a web server, another service or a wrong port? "
            "Check the endpoint URL (host, port and path: DynamoDB answers at the root, as in "
            "http://localhost:8000), then retry.")
    if 300 <= status < 400:
        raise NotDynamoDBError(
            f"The endpoint answered {name} with a redirect (HTTP {status}), which DynamoDB never "
            "sends: a captive portal or a proxy? Open a web page to log in to the network, or check "
            "the endpoint URL (http:// or https://) and the proxy settings, then retry.")


def install_answer_check(client: Any) -> None:
    """Register ``check_answer`` first among a client's ``after-call`` handlers (once)."""
    if getattr(client, _HOOK_ATTR, False):
        return
    service = client.meta.service_model.service_id.hyphenize()
    client.meta.events.register_first(f"after-call.{service}", check_answer)
    setattr(client, _HOOK_ATTR, True)
