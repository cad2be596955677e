"""Ctrl+C (a real SIGINT, or SIGTERM) sent to a `dynoview import` subprocess while a batch is in
flight: the batch settles, the command says on a line of its own how many items are written and
that --resume continues, with --json prints one ``stopped`` document, exits 2, and --resume then
writes exactly the rest. A second Ctrl+C ends it at once, as a kill would, and --resume still
writes exactly the rest. On moto, through the fault proxy (``tests/fault_proxy.py``), which holds
the answer of the second batch so that it is in flight when the signal comes."""

from __future__ import annotations

import json
import signal
import time
import uuid
from binascii import crc32
from collections.abc import Iterator
from pathlib import Path

import pytest

from dynoview.core.session.connection import Connection
from tests import fault_proxy as fp
from tests.fault_proxy import FaultProxy
from tests.helpers import connect
from tests.integration.cli_child import CliChild
from tests.integration.test_import_items import _scan

pytestmark = [pytest.mark.integration, pytest.mark.faults]
ROOT = Path(__file__).resolve().parents[2]
ITEMS = 600  # six batches of 100


@pytest.fixture
def direct(moto_endpoint: str) -> Connection:
    return connect(moto_endpoint, name="direct")


@pytest.fixture
def table(direct: Connection) -> Iterator[str]:
    name = f"ctrl-c-{uuid.uuid4().hex[:8]}"
    direct.client.create_table(
        TableName=name, BillingMode="PAY_PER_REQUEST",
        KeySchema=[{"AttributeName": "PK", "KeyType": "HASH"}, {"AttributeName": "SK", "KeyType": "RANGE"}],
        AttributeDefinitions=[{"AttributeName": "PK", "AttributeType": "S"},
                              {"AttributeName": "SK", "AttributeType": "S"}])
    yield name
    direct.client.delete_table(TableName=name)


@pytest.fixture
def proxy(moto_endpoint: str) -> Iterator[FaultProxy]:
    with FaultProxy(moto_endpoint) as held:
        yield held


@pytest.fixture
def items_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))  # the children's action log
    path = tmp_path / "items.jsonl"
    path.write_text("".join(f'{{"PK": "P{i:04d}", "SK": "x", "n": {i}}}\n' for i in range(ITEMS)))
    return path


def _Child(args: list[str]) -> CliChild:
    return CliChild("import", args)


def _in_flight(proxy: FaultProxy, batches: int) -> bool:
    return len(proxy.requests("TransactWriteItems")) >= batches


def _numbers(direct: Connection, table: str) -> list[int]:
    return sorted(int(item["n"]["N"]) for item in _scan(direct, table))


@pytest.mark.parametrize(("signum", "as_json"), [(signal.SIGINT, True), (signal.SIGTERM, False)],
                         ids=["ctrl-c-json", "sigterm"])
def test_ctrl_c_stops_after_the_batch_in_flight_and_resume_writes_the_rest(
        proxy: FaultProxy, direct: Connection, table: str, items_file: Path, tmp_path: Path,
        signum: int, as_json: bool) -> None:
    progress = tmp_path / "progress.json"
    args = [str(items_file), "--table", table, "--endpoint-url", proxy.url, "--yes",
            "--progress-file", str(progress), *(["--json"] if as_json else [])]
    # Batch 2 reaches moto; its answer is held 3 s: it is in flight when the signal comes.
    proxy.add(fp.DELAY_RESPONSE, operation="TransactWriteItems", after=1, times=1, seconds=3)
    child = _Child(args)
    try:
        child.wait_until(lambda: _in_flight(proxy, 2), "sent batch 2")
        child.proc.send_signal(signum)
        code, out, err = child.finish()
    finally:
        child.kill()
    name = "Ctrl+C" if signum == signal.SIGINT else "SIGTERM"
    assert code == 2, err
    # Said at once, on a line of its own (not glued to the progress line).
    assert (f"\ndynoview: {name}: stopping the import once the batch in flight is written (Ctrl+C "
            "again ends it at once, as a kill would; --resume continues either way).\n") in err
    sentence = (f"Stopped by {name} after the batch in flight: 200 of 600 item(s) are written, "
                "nothing after them was sent. Run the same command with --resume to write the other "
                f"400 (the progress is saved in {progress}).")
    assert f"\ndynoview: {sentence}\n" in err and "Interrupted." not in err
    assert err.rstrip("\n").splitlines()[-1] == f"dynoview: {sentence}"
    if as_json:
        document = json.loads(out)  # the whole of standard output: one document
        assert document["status"] == "stopped" and document["message"] == sentence
        assert (document["written"], document["resume_from_batch"]) == (200, 3)
        assert (document["batch"], document["unprocessed"], document["bugs"]) == (None, 0, [])
        assert document["interrupted"] == "SIGINT" and document["progress_file"] == str(progress)
        assert document["mode"] == "transact" and document["preview"]["items"] == ITEMS
    else:
        assert out == ""
    assert _numbers(direct, table) == list(range(200))  # the batch in flight settled, no more sent
    assert len(proxy.requests("TransactWriteItems")) == 2
    assert json.loads(progress.read_text())["items"] == 200

    resumed = _Child([*args, "--resume", "--json"] if not as_json else [*args, "--resume"])
    code, out, err = resumed.finish()
    assert code == 0, err
    result = json.loads(out)
    assert (result["status"], result["skipped_items"], result["items"]) == ("imported", 200, 400)
    assert _numbers(direct, table) == list(range(ITEMS))
    assert len(proxy.requests("TransactWriteItems")) == 2 + 4  # exactly the four batches left


def test_a_second_ctrl_c_ends_the_import_at_once(
        proxy: FaultProxy, direct: Connection, table: str, items_file: Path, tmp_path: Path) -> None:
    progress = tmp_path / "progress.json"
    args = [str(items_file), "--table", table, "--endpoint-url", proxy.url, "--yes",
            "--progress-file", str(progress)]
    # Batch 2 reaches moto and its answer is held far longer than the test waits for the end.
    proxy.add(fp.DELAY_RESPONSE, operation="TransactWriteItems", after=1, times=1, seconds=8)
    child = _Child(args)
    try:
        child.wait_until(lambda: _in_flight(proxy, 2), "sent batch 2")
        child.proc.send_signal(signal.SIGINT)
        child.wait_until(lambda: child.said("stopping the import once the batch in flight"),
                         "said it stops")
        sent = time.monotonic()
        child.proc.send_signal(signal.SIGINT)
        code, _out, err = child.finish(timeout=30)
        took = time.monotonic() - sent
    finally:
        child.kill()
    assert code == -signal.SIGINT, err  # it died of the signal, as the shell expects
    assert took < 4, f"the second Ctrl+C took {took:.1f} s"  # (the answer is held 8 s)
    assert ("\ndynoview: Ctrl+C again: the import ends now, as a kill would end it: the batch in "
            "flight may or may not be written, and --resume settles it and continues from the "
            "progress file.\n") in err
    assert json.loads(progress.read_text())["items"] == 100  # batch 2's answer never came

    resumed = _Child([*args, "--resume", "--json"])
    code, out, err = resumed.finish()
    assert code == 0, err
    result = json.loads(out)
    assert result["status"] == "imported" and result["skipped_items"] + result["items"] == ITEMS
    assert _numbers(direct, table) == list(range(ITEMS))  # every item once, none lost


def test_ctrl_c_while_unprocessed_items_are_retried_names_the_partly_written_batch(
        proxy: FaultProxy, direct: Connection, table: str, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """--speed: batch 2's first answer leaves items 29-30 unprocessed (26-28 written) and every
    retry again; Ctrl+C comes during the retries."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    path = tmp_path / "docs.jsonl"
    path.write_text("".join(f'{{"PK": "P{i:04d}", "SK": "x", "n": {i}}}\n' for i in range(30)))
    progress = tmp_path / "progress.json"
    left = [{"PutRequest": {"Item": {"PK": {"S": f"P{i:04d}"}, "SK": {"S": "x"}, "n": {"N": str(i)}}}}
            for i in (28, 29)]
    body = json.dumps({"UnprocessedItems": {table: left}}).encode()
    children: list[CliChild] = []
    tries = 0

    def batch_two(info: fp.RequestInfo) -> bool:
        nonlocal tries
        writes = info.json().get("RequestItems", {}).get(table, [])
        if not any(w["PutRequest"]["Item"]["PK"]["S"] >= "P0025" for w in writes):
            return False
        tries += 1
        if tries == 1:  # the part DynamoDB processed is in the table
            for i in (25, 26, 27):
                direct.client.put_item(TableName=table, Item={
                    "PK": {"S": f"P{i:04d}"}, "SK": {"S": "x"}, "n": {"N": str(i)}})
        elif tries == 2:
            children[0].proc.send_signal(signal.SIGINT)  # during the retries
        return True

    proxy.add(fp.RESPOND, operation="BatchWriteItem", predicate=batch_two, times=None, body=body,
              headers={"x-amz-crc32": str(crc32(body) & 0xFFFFFFFF)})
    args = [str(path), "--table", table, "--endpoint-url", proxy.url, "--yes", "--speed",
            "--progress-file", str(progress)]
    children.append(_Child([*args, "--json"]))
    try:
        code, out, err = children[0].finish()
    finally:
        children[0].kill()
    assert code == 2, err
    document = json.loads(out)
    assert document["status"] == "stopped" and document["interrupted"] == "SIGINT"
    assert (document["batch"], document["items"], document["unprocessed"]) == (2, "items 26-30", 2)
    assert (document["written"], document["resume_from_batch"]) == (25, 2)
    said = document["message"]
    assert said.startswith("Stopped by Ctrl+C: The import was cancelled while DynamoDB still had "
                           "items of batch 2"), said
    assert said.endswith(f"The progress is saved in {progress}."), said
    assert err.rstrip("\n").splitlines()[-1] == f"dynoview: {said}"

    proxy.clear()  # DynamoDB has capacity again: --resume writes batch 2 again whole
    code, out, err = _Child([*args, "--resume", "--json"]).finish()
    assert code == 0, err
    assert (json.loads(out)["skipped_items"], json.loads(out)["items"]) == (25, 5)
    assert _numbers(direct, table) == list(range(30))
