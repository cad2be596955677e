"""The demo's seeding requests without a botocore client (dynoview/demo/json_protocol.py): the
same body and the same SigV4 signature botocore would send, and refusals as sentences."""

from __future__ import annotations

import socket
from typing import Any

import pytest
from botocore.auth import SigV4Auth
from botocore.awsrequest import AWSRequest
from botocore.credentials import Credentials

from dynoview.core.tx.model import signup_request
from dynoview.core.tx.wire import request_body as botocore_body
from dynoview.demo.json_protocol import (
    ClientSender,
    HttpSender,
    SeedRequestError,
    refusal,
    request_body,
    signed_headers,
)


def test_a_signup_goes_out_as_the_bytes_botocore_sends() -> None:
    request = signup_request("accounts", {"PK": {"S": "ACCT#1"}, "SK": {"S": "PROFILE"},
                                          "name": {"S": "Zoë \u00e9 \u4e2d"}, "n": {"N": "1.50"}},
                             [{"PK": {"S": "UNIQ#EMAIL#z@x.io"}, "SK": {"S": "LOCK"}}], token="t-1")
    assert request_body(request) == botocore_body(request)


def test_binary_goes_out_as_base64() -> None:
    body = request_body({"Item": {"raw": {"B": bytes([3, 0, 255, 128])}}})
    assert body == b'{"Item": {"raw": {"B": "AwD/gA=="}}}'


def test_a_value_that_is_not_dynamodb_json_is_refused() -> None:
    with pytest.raises(TypeError, match="set is not a DynamoDB JSON value"):
        request_body({"Item": {"tags": {"SS": {"a", "b"}}}})  # a set where a list belongs


def test_the_signature_is_the_one_botocore_computes() -> None:
    body = b'{"TableName": "accounts"}'
    headers = signed_headers(host="127.0.0.1:8000", target="DynamoDB_20120810.DescribeTable", body=body,
                             access_key="demo", secret_key="demo-secret", region="us-east-1")
    request = AWSRequest(method="POST", url="http://127.0.0.1:8000/", data=body, headers={
        "Content-Type": headers["content-type"], "X-Amz-Target": headers["x-amz-target"]})
    # add_auth's steps, at the same instant (add_auth itself reads the clock).
    request.context["timestamp"] = request.headers["X-Amz-Date"] = headers["x-amz-date"]
    auth = SigV4Auth(Credentials("demo", "demo-secret"), "dynamodb", "us-east-1")
    signature = auth.signature(auth.string_to_sign(request, auth.canonical_request(request)), request)
    scope = f"{headers['x-amz-date'][:8]}/us-east-1/dynamodb/aws4_request"
    assert headers["authorization"] == (f"AWS4-HMAC-SHA256 Credential=demo/{scope}, SignedHeaders="
                                        f"content-type;host;x-amz-date;x-amz-target, Signature={signature}")


def test_a_refusal_names_the_operation_the_error_and_its_message() -> None:
    answer = (b'{"__type": "com.amazonaws.dynamodb.v20120810#ResourceInUseException", '
              b'"message": "Table already exists: accounts"}')
    error = refusal("CreateTable", 400, answer)
    assert isinstance(error, SeedRequestError)
    assert str(error) == ("the endpoint refused CreateTable: ResourceInUseException: "
                          "Table already exists: accounts")


def test_a_refusal_that_is_not_json_still_says_what_came_back() -> None:
    assert str(refusal("Scan", 502, b"<html>Bad Gateway</html>")) == (
        "the endpoint refused Scan: HTTP 502: <html>Bad Gateway</html>")


def test_an_endpoint_that_does_not_listen_is_a_sentence() -> None:
    with socket.socket() as sock:  # a port nobody listens on once closed
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    sender = HttpSender(f"http://127.0.0.1:{port}", access_key="demo", secret_key="demo-secret")
    unreached = rf"^ListTables did not reach the endpoint at 127.0.0.1:{port}: "
    with pytest.raises(SeedRequestError, match=unreached):
        sender.call("ListTables", {})


def test_only_plain_http_urls_are_taken() -> None:
    with pytest.raises(SeedRequestError, match="plain http"):
        HttpSender("https://dynamodb.us-east-1.amazonaws.com", access_key="a", secret_key="b")


class _Client:
    def __init__(self) -> None:
        self.calls: list[tuple[str, dict[str, Any]]] = []

    def __getattr__(self, method: str) -> Any:
        def call(**params: Any) -> dict[str, str]:
            self.calls.append((method, params))
            return {"ok": method}

        return call


@pytest.mark.parametrize(("operation", "method"), [
    ("ListTables", "list_tables"), ("BatchWriteItem", "batch_write_item"),
    ("UpdateTimeToLive", "update_time_to_live"), ("TransactWriteItems", "transact_write_items")])
def test_a_client_sender_calls_the_clients_method(operation: str, method: str) -> None:
    client = _Client()
    assert ClientSender(client).call(operation, {"TableName": "t"}) == {"ok": method}
    assert client.calls == [(method, {"TableName": "t"})]
