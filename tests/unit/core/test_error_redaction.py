"""The sentence ``describe_error`` makes never shows a credential a server or an exception
quoted, on any of its paths (an unmapped code, a mapped code that quotes the server's words, a
botocore exception, any other exception, the core's own refusals), and loses nothing else.

An endpoint's error message may echo the signed request (AWS's signature-mismatch text quotes
the canonical request): its ``x-amz-security-token`` and the ``Credential=`` access key id.
Before, the window's error box showed both: only a URL's user info was removed."""

from __future__ import annotations

import pytest
from botocore import exceptions as bce

from dynoview.core.errors import DynoViewError, ReadOnlyError, UserFacingError, describe_error

TOKEN = ("IQoJb3JpZ2luX2VjEJr//////////wEaCXVzLWVhc3QtMSJHMEUCIQDn7MUq7y3ZMCAZ/rcX2Vp8PknpNCoH2"
         "ewPg0Nm+TMa5wIgRE9k3RkDJc8vLSwHFQ8Qmv1+KUHRHKN0RYAt92rCNUcqoQIIMxABGgw2MDc2Mjk1NjM2NjIi")
KEY_ID = "ASIAY34FZKBOKMUTVV7A"
SIGNATURE = "7493ac9a43c2f83fd35dd104d6e091e366850232682d5afaaaa13659bc0c40a3"
CANONICAL = ("Canonical request was\nhost:127.0.0.1:8000\n"
             "x-amz-target:DynamoDB_20120810.ListTables\n"
             f"x-amz-security-token:{TOKEN}\n"
             f"authorization:AWS4-HMAC-SHA256 Credential={KEY_ID}/20261207/us-east-1/dynamodb/"
             f"aws4_request, SignedHeaders=host;x-amz-date, Signature={SIGNATURE}")


@pytest.fixture(autouse=True)
def _no_keys_in_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    """The rules alone must find them: these values are nowhere DynoView was given them."""
    for name in ("AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY", "AWS_SESSION_TOKEN", "AWS_SECURITY_TOKEN"):
        monkeypatch.delenv(name, raising=False)


def client_error(code: str, message: str, op: str = "ListTables", status: int = 400,
                 **extra: object) -> bce.ClientError:
    answer = {"Error": {"Code": code, "Message": message},
              "ResponseMetadata": {"HTTPStatusCode": status}, **extra}
    return bce.ClientError(answer, op)  # type: ignore[arg-type]


def shows_no_credential(err: UserFacingError) -> None:
    for text in (err.title, err.message, err.code or ""):
        for secret in (TOKEN, KEY_ID, SIGNATURE, TOKEN[:40]):
            assert secret not in text, (secret, text)


def test_an_unmapped_code_quoting_the_signed_request_loses_only_the_credentials() -> None:
    err = describe_error(client_error("SerializationException",
                                      f"Could not process the request. {CANONICAL}"),
                         operation="ListTables", endpoint="http://127.0.0.1:8000")
    shows_no_credential(err)
    assert err.title == "SerializationException"
    # The rest of the server's words stay, the headers that are not secrets among them.
    assert err.message.startswith("ListTables failed: Could not process the request. Canonical")
    assert "x-amz-target:DynamoDB_20120810.ListTables" in err.message
    assert "x-amz-security-token:<redacted>" in err.message


def test_a_code_that_quotes_a_key_id_is_no_title_for_it() -> None:
    err = describe_error(client_error(f"InvalidClientTokenId.{KEY_ID}", "The key is not valid."))
    shows_no_credential(err)
    assert err.title.startswith("InvalidClientTokenId.") and "The key is not valid." in err.message


def test_access_denied_quoting_the_server_keeps_the_sentence() -> None:
    said = (f"User: arn:aws:sts::123456789012:assumed-role/dev/ada is not authorized to perform "
            f"dynamodb:Scan. Credential={KEY_ID}/20261207/us-east-1/dynamodb/aws4_request, "
            f"X-Amz-Security-Token={TOKEN}")
    err = describe_error(client_error("AccessDeniedException", said, op="Scan"), table="accounts")
    shows_no_credential(err)
    assert err.title == "Access denied"
    assert "dynamodb:Scan on table accounts" in err.message
    assert "assumed-role/dev/ada is not authorized to perform dynamodb:Scan" in err.message


def test_a_partiql_refusal_quoting_the_request_keeps_the_sentence() -> None:
    err = describe_error(client_error("InternalFailure", f"Statement failed. {CANONICAL}",
                                      op="ExecuteStatement", status=500))
    shows_no_credential(err)
    assert err.title == "Statement refused" and "Statement failed." in err.message


def test_throttling_reasons_are_redacted_too() -> None:
    exc = client_error("ThrottlingException", "Rate exceeded", op="Query",
                       ThrottlingReasons=[{"reason": "TableReadKeyRangeThroughputExceeded",
                                           "resource": f"arn:aws:dynamodb:x?X-Amz-Security-Token={TOKEN}"}])
    err = describe_error(exc, table="accounts")
    shows_no_credential(err)
    assert "TableReadKeyRangeThroughputExceeded" in err.message


def test_a_message_without_a_header_name_loses_the_connections_token(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A bare value (no name before it) is found because it is the credential in use."""
    monkeypatch.setenv("AWS_SESSION_TOKEN", TOKEN)
    monkeypatch.setenv("AWS_ACCESS_KEY_ID", KEY_ID)
    err = describe_error(client_error("SerializationException", f"unexpected values {TOKEN} and {KEY_ID}"))
    shows_no_credential(err)
    assert err.message.startswith("ListTables failed: unexpected values <redacted> and")


@pytest.mark.parametrize("exc", [
    # Mapped: the sentence quotes botocore's text.
    bce.ParamValidationError(report=f"Invalid type for parameter SessionToken, value: {TOKEN}, "
                                    "type: <class 'int'>"),
    # Not mapped: "Unexpected error" quotes the exception's text (a URL, a header).
    bce.SSLError(endpoint_url="https://dynamodb.us-east-1.amazonaws.com",
                 error=f"headers {{'X-Amz-Security-Token': '{TOKEN}', 'Authorization': "
                       f"'AWS4-HMAC-SHA256 Credential={KEY_ID}/x'}}"),
    RuntimeError(f"sent x-amz-security-token: {TOKEN} with Credential={KEY_ID}/20261207"),
    # Mapped, not quoting its text: still nothing of it.
    bce.EndpointConnectionError(endpoint_url=f"http://h:1/?X-Amz-Security-Token={TOKEN}"),
], ids=["param-validation", "ssl-error", "other-exception", "endpoint-unreachable"])
def test_exceptions_other_than_answers_lose_their_credentials(exc: Exception) -> None:
    err = describe_error(exc, endpoint="http://h:1")
    shows_no_credential(err)
    assert err.title and err.message


@pytest.mark.parametrize("cls", [DynoViewError, ReadOnlyError])
def test_a_refusal_quoting_another_exception_loses_its_credentials(cls: type[DynoViewError]) -> None:
    err = describe_error(cls(f"DuckDB refused the settings (x-amz-security-token={TOKEN}): check "
                             "--memory-limit."))
    shows_no_credential(err)
    assert err.message.endswith("): check --memory-limit.")


# DynamoDB's own refusals name attributes, keywords and key values: none of them is a secret,
# even when the attribute is called password or session_token.
ORDINARY = [
    "One or more parameter values were invalid: Missing the key PK in the item",
    "Invalid UpdateExpression: Attribute name is a reserved keyword; reserved keyword: token",
    'ExpressionAttributeNames contains invalid key: Syntax error; key: "#session_token"',
    "Value provided in ExpressionAttributeValues unused in expressions: keys: {:secret}",
    "One or more parameter values were invalid: Type mismatch for key api_key expected: S actual: N",
    "One or more parameter values were invalid: An AttributeValue may not contain an empty "
    "string. Key: password",
    'Invalid ConditionExpression: Syntax error; token: "password", near: "password ="',
    "1 validation error detected: Value 'UNIQ#EMAIL#ada@lovelace.io' at 'key' failed to satisfy "
    "constraint: Member must have length less than or equal to 1024",
    "The provided key element does not match the schema",
    "The security token included in the request is invalid.",
]


@pytest.mark.parametrize("message", ORDINARY)
def test_ordinary_refusals_keep_every_word(message: str) -> None:
    err = describe_error(client_error("ValidationException", message, op="PutItem"))
    assert err.message == f"PutItem failed: {message}"
    assert err.title == "ValidationException"

