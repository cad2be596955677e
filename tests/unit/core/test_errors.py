"""Every failure a user can meet becomes a sentence that says what to do."""

from __future__ import annotations

import pytest
from botocore import exceptions as bce

from dynoview.core.errors import ReadOnlyError, describe_error


def client_error(code: str, message: str = "boom", op: str = "Query") -> bce.ClientError:
    return bce.ClientError({"Error": {"Code": code, "Message": message}}, op)


def test_no_credentials_says_how_to_configure() -> None:
    err = describe_error(bce.NoCredentialsError(), profile="dev")
    assert err.title == "No credentials"
    assert "aws configure --profile dev" in err.message


@pytest.mark.parametrize("exc", [
    bce.SSOTokenLoadError(error_msg="expired"),
    bce.UnauthorizedSSOTokenError(),
    bce.TokenRetrievalError(provider="sso", error_msg="expired"),
])
def test_expired_sso_names_the_login_to_run(exc: Exception) -> None:
    err = describe_error(exc, profile="corp-admin")
    assert err.title == "SSO login needed"
    assert "`aws sso login --profile corp-admin`" in err.message


def test_access_denied_names_the_action() -> None:
    err = describe_error(client_error("AccessDeniedException", op="Scan"), table="accounts")
    assert err.title == "Access denied"
    assert "dynamodb:Scan on table accounts" in err.message


def test_unknown_table() -> None:
    err = describe_error(client_error("ResourceNotFoundException"), table="acounts",
                         region="eu-west-1")
    assert err.message.startswith("Table acounts does not exist in eu-west-1.")


def test_unreachable_endpoint() -> None:
    err = describe_error(bce.EndpointConnectionError(endpoint_url="http://localhost:8000"),
                         endpoint="http://localhost:8000")
    assert err.title == "Endpoint unreachable"
    assert "http://localhost:8000" in err.message and "running" in err.message


@pytest.mark.parametrize("code", ["ProvisionedThroughputExceededException",
                                  "ThrottlingException", "RequestLimitExceeded"])
def test_throttling(code: str) -> None:
    err = describe_error(client_error(code, op="Scan"), table="accounts")
    assert err.title == "Throttled"
    assert "hot partition key" in err.message and "retry" in err.message


def test_expired_temporary_credentials() -> None:
    err = describe_error(client_error("ExpiredTokenException"), profile="p")
    assert "aws sso login --profile p" in err.message


def test_read_only_refusal_passes_through() -> None:
    err = describe_error(ReadOnlyError("This connection is read-only: PutItem writes."))
    assert err.message == "This connection is read-only: PutItem writes."


def test_unexpected_errors_are_still_sentences_without_tracebacks() -> None:
    err = describe_error(RuntimeError("disk on fire"))
    assert err.message == "RuntimeError: disk on fire"
    assert "Traceback" not in err.message


def test_the_operation_named_is_the_one_the_answer_came_from() -> None:
    """``diagnose`` passed operation="GetItem" for every failure: a Query denied on the email
    index was told to ask for dynamodb:GetItem, a permission the user already had."""
    from botocore.exceptions import ClientError

    from dynoview.core.errors import describe_error

    denied = ClientError({"Error": {"Code": "AccessDeniedException", "Message":
                                    "User is not authorized to perform: dynamodb:Query on resource: "
                                    "arn:aws:dynamodb:us-east-1:1:table/accounts/index/email-index"},
                          "ResponseMetadata": {"HTTPStatusCode": 400}}, "Query")
    err = describe_error(denied, operation="GetItem", table="accounts")
    assert "Query" in err.message and "GetItem" not in err.message
