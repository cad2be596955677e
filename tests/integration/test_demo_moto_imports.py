"""moto on the demo's server imports what answering DynamoDB needs (dynoview/demo/moto_imports.py):
no IAM access control while moto checks nothing, no Lambda backend for tables without Lambda
mappings, ``cryptography.x509`` and ``yaml`` loaded on first use; with moto's IAM check on,
requests are checked by moto's own code, and other services still get what they use. (Stream
records equal to moto's own server's: test_demo_moto_app.py.)"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.integration

ROOT = Path(__file__).resolve().parents[2]

# A fresh interpreter (what moto imports is the point): the demo's server, a table with a
# stream written to, then what moto imported and counted, then an S3 request (moto's dispatcher).
PROBE = """
import json, sys, importlib.util
from dynoview.demo import backend as demo
from dynoview.demo.json_protocol import HttpSender, SeedRequestError

server, url = demo.start_server()  # moto's first import: here
from moto.core.authorization import ActionAuthenticatorMixin
from tests.helpers import FAKE_KEYS, connect

sender = HttpSender(url, access_key=FAKE_KEYS["aws_access_key_id"],
                    secret_key=FAKE_KEYS["aws_secret_access_key"])
out = {}
try:
    demo.create_accounts_table(sender, "probe")
    sender.call("PutItem", {"TableName": "probe", "Item": {"PK": {"S": "A"}, "SK": {"S": "B"}}})
    out["answered"] = sender.call("ListTables", {})["TableNames"]
except SeedRequestError as exc:
    out["refused"] = str(exc)
lazy = lambda name: isinstance(sys.modules.get(name), importlib.util._LazyModule)
out.update(counted=ActionAuthenticatorMixin.request_count,
           iam_access_control="moto.iam.access_control" in sys.modules,
           awslambda="moto.awslambda" in sys.modules,
           x509_deferred=lazy("cryptography.x509"), yaml_deferred=lazy("yaml"))
if "answered" in out:
    s3 = connect(url).new_client("s3")
    s3.create_bucket(Bucket="probe-bucket")
    out["buckets"] = [b["Name"] for b in s3.list_buckets()["Buckets"]]
    out["x509_after_dispatcher"] = lazy("cryptography.x509")
    from cryptography import x509
    out["x509_usable"] = callable(x509.load_pem_x509_certificate)
server.stop()
print(json.dumps(out))
"""


def _probe(**env: str) -> dict[str, object]:
    out = subprocess.run([sys.executable, "-c", PROBE], cwd=ROOT, capture_output=True, text=True,
                         timeout=180, check=True, env={**os.environ, **env}).stdout
    probed: dict[str, object] = json.loads(out.splitlines()[-1])
    return probed


def test_the_demo_answers_dynamodb_without_imports_it_does_not_use() -> None:
    probed = _probe()
    assert probed["answered"] == ["probe"]
    assert probed["counted"] == 4  # CreateTable, UpdateTimeToLive, PutItem, ListTables: as moto counts
    assert probed["iam_access_control"] is False and probed["awslambda"] is False
    assert probed["x509_deferred"] is True and probed["yaml_deferred"] is True
    # Other services, through moto's dispatcher: what they use is loaded first.
    assert probed["buckets"] == ["probe-bucket"]
    assert probed["x509_after_dispatcher"] is False and probed["x509_usable"] is True


def test_with_motos_iam_check_on_requests_are_checked_by_moto() -> None:
    probed = _probe(INITIAL_NO_AUTH_ACTION_COUNT="0")  # moto checks from the first request
    assert "refused" in probed and "InvalidClientTokenId" in str(probed["refused"])
    assert probed["iam_access_control"] is True
