"""The redaction heuristics, reviewed: secrets spelled the ways real outputs spell them.

Each case is a spelling that used to get through ``dynoview.core.redaction`` (in part or whole)
into a crash report, a log line or an error: quoted values with spaces, JSON inside a JSON
string, XML answers, botocore's parameter validation message, and the known credentials
URL-encoded, JSON-escaped, wrapped over lines or cut short. Plus the other side: a report full
of ordinary item values stays readable.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Iterator
from urllib.parse import quote

import boto3
import pytest
from botocore.config import Config
from botocore.exceptions import ParamValidationError

from dynoview.core.crash_report import build_report
from dynoview.core.redaction import REDACTED, install_log_redaction, redact, redact_known_values, redact_obj

pytestmark = pytest.mark.security

# Canaries: a secret key with "/" and "+" (a real key's alphabet), a session token, a
# lowercase-only secret (no digit, no capital: the high-entropy rule cannot see it).
SECRET_KEY = "Zq9/xT3kLmN8pRsUvWy+Ab1Cd2Ef3Gh4Ij5Kl6Mn"
TOKEN = "IQoJb3JpZ2luX2VjEJr//////////wEaCXVzLWVhc3QtMSJHMEUCIQD6" + "Qx7Yz" * 40 + "k9Lm2=="
PLAIN_SECRET = "correcthorsebatterystaplecorrecthorsebat"


@pytest.mark.parametrize("text, leaked", [
    ('password = "correct horse battery"', "horse battery"),
    ("password='a,b;c d'", "b;c d"),
    ("{'Password': 'pa ss,word'}", "ss,word"),
    ('{"clientSecret": "two words"}', "words"),
    ("connect(secret_key='with space')", "space"),
])
def test_a_quoted_secret_is_redacted_to_its_closing_quote(text: str, leaked: str) -> None:
    cleaned = redact(text)
    assert leaked not in cleaned and REDACTED in cleaned
    assert cleaned.endswith(text[-1])  # the closing quote and what follows stay


def test_json_inside_a_json_string_is_redacted() -> None:
    # A server error quoting a JSON body, logged as JSON: the inner quotes are escaped.
    text = json.dumps({"message": json.dumps({"aws_secret_access_key": PLAIN_SECRET, "password": "p w"})})
    cleaned = redact(text)
    assert PLAIN_SECRET not in cleaned and "p w" not in cleaned
    assert json.loads(json.loads(cleaned)["message"]) == {"aws_secret_access_key": REDACTED,
                                                          "password": REDACTED}


def test_a_non_secret_token_s_value_is_still_looked_into() -> None:
    text = "NextToken: 'page 2, then aws_session_token=" + PLAIN_SECRET + "'"
    cleaned = redact(text)
    assert PLAIN_SECRET not in cleaned and cleaned.startswith("NextToken: 'page 2, then ")


def test_credentials_in_an_xml_answer_are_redacted() -> None:
    # STS, IAM and SSO-OIDC errors answer in XML; botocore logs the body at DEBUG.
    body = (f"<Credentials><RequestId>r-1</RequestId><SecretAccessKey>{PLAIN_SECRET}</SecretAccessKey>"
            "<SessionToken>lowercase token</SessionToken><Expiration>2030-01-01</Expiration></Credentials>")
    cleaned = redact(body)
    assert PLAIN_SECRET not in cleaned and "lowercase token" not in cleaned
    assert "<Expiration>2030-01-01</Expiration>" in cleaned and "<RequestId>r-1</RequestId>" in cleaned


@pytest.fixture
def sts(moto_endpoint: str) -> Iterator[object]:
    yield boto3.client("sts", region_name="us-east-1", endpoint_url=moto_endpoint,
                       aws_access_key_id="testing", aws_secret_access_key="testing",
                       config=Config(retries={"max_attempts": 1}))


def test_botocore_s_validation_error_does_not_carry_the_mfa_code(sts: object) -> None:
    """A real ParamValidationError quotes the wrong value: here the MFA code (as a number)."""
    with pytest.raises(ParamValidationError) as caught:
        sts.assume_role(RoleArn="arn:aws:iam::123456789012:role/r",  # type: ignore[attr-defined]
                        RoleSessionName="review", SerialNumber="arn:aws:iam::123456789012:mfa/u",
                        TokenCode=246810)
    assert "246810" in str(caught.value)  # botocore does quote it
    report = build_report(caught.type, caught.value, caught.tb, environment=[])
    assert "246810" not in report
    assert "Invalid type for parameter TokenCode, value: <redacted>, type: <class 'int'>" in report


@pytest.mark.parametrize("spelling", [
    quote(SECRET_KEY, safe=""),  # a query string or form body
    SECRET_KEY.replace("/", "\\/"),  # a JSON writer that escapes "/"
    quote(TOKEN, safe=""),
])
def test_known_credentials_are_redacted_encoded(spelling: str) -> None:
    for cleaned in (redact(f"sent {spelling} to the server", [SECRET_KEY, TOKEN]),
                    redact_known_values(f"sent {spelling}", [SECRET_KEY, TOKEN], environment=False)):
        assert spelling not in cleaned and REDACTED in cleaned


@pytest.mark.parametrize("width", [20, 30, 64])
def test_a_known_token_wrapped_over_lines_is_redacted(width: int) -> None:
    wrapped = "\n".join(TOKEN[i:i + width] for i in range(0, len(TOKEN), width))
    cleaned = redact("token was:\n" + wrapped, [TOKEN])
    for line in wrapped.splitlines():
        if len(line.rstrip("=")) >= 16:
            assert line not in cleaned


def test_a_known_token_cut_short_is_redacted() -> None:
    cleaned = redact(f"token {TOKEN[:24]}… expired; secret {SECRET_KEY[-20:]}", [TOKEN, SECRET_KEY])
    assert TOKEN[:24] not in cleaned and SECRET_KEY[-20:] not in cleaned
    assert cleaned.startswith("token <redacted>… expired; secret ")


def test_a_warning_from_urllib3_is_redacted(caplog: pytest.LogCaptureFixture) -> None:
    install_log_redaction()
    with caplog.at_level(logging.WARNING):
        logging.getLogger("urllib3.connectionpool").warning(
            "Retrying after %s: %s", "ProxyError", {"password": "two words", "token": TOKEN[:30]})
    assert "two words" not in caplog.text and "words" not in caplog.text


def test_a_report_of_ordinary_values_stays_readable() -> None:
    """False positives: item values, ids, ARNs and hashes a report needs stay as they are."""
    item = {"pk": {"S": "user#42"}, "email": {"S": "alice@example.com"},
            "id": {"S": "a9f380b0-3441-4393-8703-b59af2a9725e"},
            "arn": {"S": "arn:aws:dynamodb:us-east-1:123456789012:table/Orders/stream/2024-01-01T00:00"},
            "note": {"S": "password reset requested, token: expired"},
            "md5": {"S": "d41d8cd98f00b204e9800998ecf8427e"},
            "NextToken": "eyJ2IjoxLCJjIjoiYWJjIn0=",
            "ClientRequestToken": "3f2a9c1e-8b7d-4e6f-a5c4-1d2e3f4a5b6c"}
    try:
        raise ValueError(f"could not put {json.dumps(item)} at http://localhost:8000")
    except ValueError as exc:
        report = build_report(ValueError, exc, exc.__traceback__, {"Table": "Orders"}, [TOKEN, SECRET_KEY],
                              environment=[])
    assert REDACTED not in report
    assert json.dumps(item) in report
    assert redact_obj(item, [TOKEN]) == item
