"""An MFA role's session that ends in the middle of ``dynoview import --yes --json`` (no
terminal: no new code can be asked) is a stop like any other: the ``stopped`` document on
standard output, the items written before it, the batch --resume continues from. Before, the
sign-in sentence went to the error boundary: no JSON at all, nothing about what was written."""

from __future__ import annotations

import datetime
import json
from pathlib import Path
from typing import Any

import boto3
import botocore.client
import pytest
from botocore import credentials

from dynoview.cli import main

pytestmark = [pytest.mark.integration]
ITEMS = 600


@pytest.fixture
def profiles(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, moto_endpoint: str) -> None:
    for name in ("AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY", "AWS_SESSION_TOKEN", "AWS_PROFILE"):
        monkeypatch.delenv(name, raising=False)
    (tmp_path / "credentials").write_text("[base]\naws_access_key_id = AKIABASEPROFILE00001\n"
                                          "aws_secret_access_key = base-secret-key-00000000000000000000\n")
    (tmp_path / "config").write_text(
        "[profile base]\nregion = us-east-1\n[profile mfa-short]\n"
        "role_arn = arn:aws:iam::123456789012:role/support-short\nsource_profile = base\n"
        "mfa_serial = arn:aws:iam::123456789012:mfa/ada\nduration_seconds = 905\nregion = us-east-1\n")
    monkeypatch.setenv("AWS_CONFIG_FILE", str(tmp_path / "config"))
    monkeypatch.setenv("AWS_SHARED_CREDENTIALS_FILE", str(tmp_path / "credentials"))
    monkeypatch.setenv("AWS_ENDPOINT_URL_STS", moto_endpoint)  # moto's STS takes any code
    monkeypatch.setenv("AWS_EC2_METADATA_DISABLED", "true")


def test_the_session_ending_mid_import_is_a_stop_with_its_document(
        profiles: None, tmp_path: Path, moto_endpoint: str, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    ddb = boto3.client("dynamodb", endpoint_url=moto_endpoint, region_name="us-east-1",
                       aws_access_key_id="x", aws_secret_access_key="y")
    table = f"expiry-{tmp_path.name[-8:]}"
    ddb.create_table(TableName=table, KeySchema=[{"AttributeName": "id", "KeyType": "HASH"}],
                     AttributeDefinitions=[{"AttributeName": "id", "AttributeType": "S"}],
                     BillingMode="PAY_PER_REQUEST")
    items = tmp_path / "items.jsonl"
    items.write_text("".join(json.dumps({"id": f"i{i:04d}", "v": i}) + "\n" for i in range(ITEMS)))
    # The third batch's send finds the 905-second session 5 s from its end: botocore must refresh,
    # which asks for a new code (tests/integration/test_signin_roles.py moves the clock the same way).
    real_now, shift, writes = credentials._local_now, [0.0], [0]
    monkeypatch.setattr(credentials, "_local_now", lambda: real_now() + datetime.timedelta(seconds=shift[0]))
    call = botocore.client.BaseClient._make_api_call

    def counting(self: Any, operation: str, params: Any) -> Any:
        if operation == "TransactWriteItems":
            writes[0] += 1
            if writes[0] == 3:
                shift[0] = 400.0
        return call(self, operation, params)

    monkeypatch.setattr(botocore.client.BaseClient, "_make_api_call", counting)
    try:
        code = main(["import", str(items), "--table", table, "--profile", "mfa-short", "--endpoint-url",
                     moto_endpoint, "--mfa-code", "123456", "--yes", "--json"])
        out = capsys.readouterr().out
        written = ddb.scan(TableName=table, Select="COUNT")["Count"]
    finally:
        ddb.delete_table(TableName=table)
    assert code == 2
    document = json.loads(out)
    assert document["status"] == "stopped" and document["written"] == written == 200
    assert document["resume_from_batch"] == 3 and document["items"] == "items 201-300"
    assert "needs an MFA code" in document["message"] and "--resume continues" in document["message"]
