"""`dynoview transact FILE --export boto3|cli|js` checks --endpoint-url and --region as
read-code and every connection do (``check_endpoint_url``, ``check_region``) before writing
code: never a session token in a URL's query written into code meant to be shared, never an
endpoint no client can use. Nothing is sent either way."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from dynoview.cli import main as cli_main

SECRET = "FQoGZXIvYXdzEXAMPLESESSIONTOKEN"
KINDS = ("boto3", "cli", "js")


@pytest.fixture
def request_file(tmp_path: Path) -> Path:
    path = tmp_path / "tx.json"
    path.write_text(json.dumps({"TransactItems": [{"Put": {"TableName": "accounts", "Item": {
        "PK": {"S": "ACCT#1"}, "SK": {"S": "PROFILE"}}}}], "ClientRequestToken": "tok-1"}),
        encoding="utf-8")
    return path


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize(("endpoint", "says"), [
    (f"https://localhost:8000/?X-Amz-Security-Token={SECRET}", "has a query or a fragment"),
    ("ftp://localhost:21", "is not an http:// or https:// URL"),
    ("file:///etc/passwd", "is not an http:// or https:// URL"),
    ("localhost:8000", "is not an http:// or https:// URL"),
])
def test_an_endpoint_no_connection_takes_is_refused_and_no_code_written(
        request_file: Path, capsys: pytest.CaptureFixture[str], kind: str, endpoint: str,
        says: str) -> None:
    code = cli_main(["transact", str(request_file), "--export", kind, "--endpoint-url", endpoint])
    printed = capsys.readouterr()
    assert code == 2
    assert printed.out == ""
    assert printed.err.startswith("dynoview: --endpoint-url ") and says in printed.err
    assert SECRET not in printed.err  # shown as <redacted>, as read-code shows it


@pytest.mark.parametrize("kind", KINDS)
def test_a_region_no_client_takes_is_refused(request_file: Path, capsys: pytest.CaptureFixture[str],
                                             kind: str) -> None:
    code = cli_main(["transact", str(request_file), "--export", kind, "--region", "us east 1"])
    printed = capsys.readouterr()
    assert code == 2 and printed.out == ""
    assert "is not an AWS region name" in printed.err


@pytest.mark.parametrize("kind", KINDS)
def test_a_usable_endpoint_is_written_without_its_user_and_password(
        request_file: Path, capsys: pytest.CaptureFixture[str], kind: str) -> None:
    code = cli_main(["transact", str(request_file), "--export", kind,
                     "--endpoint-url", "http://ada:s3cret@localhost:8000"])
    printed = capsys.readouterr()
    assert code == 0, printed.err
    assert "localhost:8000" in printed.out and "s3cret" not in printed.out
