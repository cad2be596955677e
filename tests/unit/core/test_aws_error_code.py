"""``errors.aws_error_code``: the one way to read an AWS answer's error code."""

from __future__ import annotations

import pytest
from botocore import exceptions as bce

from dynoview.core.errors import DynoViewError, answer_error_code, aws_error_code


def client_error(code: str | None) -> bce.ClientError:
    error = {"Message": "m"} if code is None else {"Code": code, "Message": "m"}
    return bce.ClientError({"Error": error}, "Query")  # type: ignore[typeddict-item]


@pytest.mark.parametrize("code", ["ResourceNotFoundException", "TransactionCanceledException", "404"])
def test_a_client_errors_code(code: str) -> None:
    assert aws_error_code(client_error(code)) == code


@pytest.mark.parametrize("exc", [
    client_error(None),  # an answer cut short: no code
    client_error(""),
    bce.EndpointConnectionError(endpoint_url="http://localhost:1"),  # no answer at all
    bce.NoCredentialsError(),
    DynoViewError("a refusal of ours"),
    RuntimeError("a bug"),
    None,
])
def test_anything_without_a_code_gives_none(exc: BaseException | None) -> None:
    assert aws_error_code(exc) is None


def test_a_response_that_is_not_an_answer_gives_none() -> None:
    odd = Exception()
    odd.response = {"Error": "not a mapping"}  # type: ignore[attr-defined]
    assert aws_error_code(odd) is None


def test_a_parsed_answer_in_a_botocore_hook() -> None:
    assert answer_error_code({"Error": {"Code": "ThrottlingException", "Message": "slow down"}}) == \
        "ThrottlingException"
    assert answer_error_code({"Items": []}) is None and answer_error_code(None) is None
