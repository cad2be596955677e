"""A resume skips the batches the progress file counts, so it must cut the file into the same
batches: the command records what they are cut by (the format, the table's key, the lock rules
the batches follow, the batch size) and refuses a resume that would cut them otherwise, saying
what differs. Before: an import stopped under one uniqueness schema and resumed under another
skipped other items than it had written: "150 of 150 items written", exit 0, and 25 email locks
never written (the audit's MISSING_LOCK)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from dynoview.cli import main
from dynoview.core.imports import resume
from dynoview.core.session.connection import Connection
from dynoview.core.session.tables import describe_table
from dynoview.core.uniqueness.schema_file import schema_from_json
from tests.helpers import empty_accounts_table
from tests.integration.test_import_items import _scan

pytestmark = pytest.mark.integration
ROOT = Path(__file__).resolve().parents[2]

#: Accounts as USER#, locks as MAIL#: this file's accounts and locks are none of them, so its
#: batches follow the file's order; the article's layout holds each account back for its lock.
OTHER_SCHEMA = {"pk_name": "PK", "sk_name": "SK", "account_pk_prefix": "USER#",
                "account_sk_value": "PROFILE",
                "rules": [{"name": "email", "attribute": "email", "pk_template": "MAIL#{value}",
                           "sk_value": "LOCK", "normalisation": "none"}]}


@pytest.fixture
def target(conn: Connection) -> Iterator[str]:
    with empty_accounts_table(conn, "resin") as name:
        yield name


def article_items() -> list[dict[str, Any]]:
    """50 accounts with their email locks and 50 other items: 150, two batches."""
    accounts = [{"PK": {"S": f"ACCT#{i:03d}"}, "SK": {"S": "PROFILE"}, "email": {"S": f"u{i}@ex.com"}}
                for i in range(50)]
    notes = [{"PK": {"S": f"NOTE#{i:03d}"}, "SK": {"S": "NOTE"}, "text": {"S": "x"}} for i in range(50)]
    locks = [{"PK": {"S": f"UNIQ#EMAIL#u{i}@ex.com"}, "SK": {"S": "LOCK"},
              "account": {"S": f"ACCT#{i:03d}"}} for i in range(50)]
    return accounts + notes + locks


def _progress(path: Path) -> dict[str, Any]:
    try:
        return dict(json.loads(path.read_text()))
    except (OSError, ValueError):
        return {}


def _stopped_after_batch_1(args: list[str], progress: Path) -> dict[str, Any]:
    """The command run as a process, killed once its first batch is committed."""
    child = subprocess.Popen([sys.executable, "-m", "dynoview", *args], cwd=ROOT, env={**os.environ},
                             stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        deadline = time.monotonic() + 120
        while _progress(progress).get("batches", 0) < 1 and time.monotonic() < deadline:
            assert child.poll() is None, child.stderr.read() if child.stderr else ""
            time.sleep(0.02)
    finally:
        child.send_signal(signal.SIGKILL)
        child.wait()
        if child.stderr:
            child.stderr.close()
    return _progress(progress)


def test_a_resume_under_another_schema_is_refused_and_the_same_schema_finishes(
        tmp_path: Path, endpoint_url: str, conn: Connection, target: str,
        capsys: pytest.CaptureFixture[str]) -> None:
    items = article_items()
    data = tmp_path / "data.ddb.json"
    data.write_text("".join(json.dumps({"Item": item}) + "\n" for item in items))
    other = tmp_path / "other_schema.json"
    other.write_text(json.dumps(OTHER_SCHEMA))
    progress = tmp_path / "progress.json"
    base = ["import", str(data), "--table", target, "--endpoint-url", endpoint_url, "--yes",
            "--progress-file", str(progress)]
    # --rate 5: batch 2 (items 101-150) waits 10 s after batch 1 is written; killed meanwhile
    # (at --rate 20 its 2.5 s were once not enough on a loaded CI machine: batch 2 was written).
    killed_at = _stopped_after_batch_1([*base, "--schema", str(other), "--rate", "5"], progress)
    assert (killed_at["batches"], killed_at["items"], killed_at["done"]) == (1, 100, False)
    assert len(_scan(conn, target)) == 100  # the accounts and the notes, in the file's order

    assert main([*base, "--resume"]) == 2  # the article's layout: other batches
    err = capsys.readouterr().err
    assert f"The progress file {progress} is of an import whose batches were cut differently" in err
    assert f"its batches followed the lock rules of --schema {other}, this run's follow the lock " \
           "rules of the article's default layout" in err
    assert f"Resume with the same uniqueness schema (--schema {other}), or import from the start " \
           "without --resume." in err
    assert len(_scan(conn, target)) == 100  # nothing more was written
    assert _progress(progress)["batches"] == 1

    assert main([*base, "--resume", "--schema", str(other), "--json"]) == 0
    out = capsys.readouterr().out
    result = json.loads(out[out.index('{\n  "status": "imported"'):])
    assert (result["skipped_items"], result["items"]) == (100, 50)
    keys = {(i["PK"]["S"], i["SK"]["S"]) for i in _scan(conn, target)}
    assert keys == {(i["PK"]["S"], i["SK"]["S"]) for i in items}  # every lock written


def test_a_fresh_import_records_what_its_batches_are_cut_by(
        tmp_path: Path, endpoint_url: str, conn: Connection, target: str) -> None:
    data = tmp_path / "data.ddb.json"
    data.write_text("".join(json.dumps({"Item": item}) + "\n" for item in article_items()))
    progress = tmp_path / "progress.json"
    assert main(["import", str(data), "--table", target, "--endpoint-url", endpoint_url, "--yes",
                 "--progress-file", str(progress)]) == 0
    saved = _progress(progress)
    assert saved["done"] and saved["items"] == 150
    assert saved["inputs"]["format"] == "ddb-json" and saved["inputs"]["key"] == "PK (S), SK (S)"
    assert saved["inputs"]["schema_label"] == "the article's default layout"
    assert saved["inputs"]["schema"] and saved["inputs"]["max_items"] == 100


def test_a_resume_of_an_import_stopped_before_its_first_batch_records_its_own_cut(
        tmp_path: Path, endpoint_url: str, conn: Connection, target: str) -> None:
    """Nothing written yet: the resume cuts the batches its own way and records that cut, so a
    later resume is judged against the batches really written."""
    data = tmp_path / "data.ddb.json"
    data.write_text("".join(json.dumps({"Item": item}) + "\n" for item in article_items()))
    progress = tmp_path / "progress.json"
    other = schema_from_json(OTHER_SCHEMA)
    # As the command begins it under --schema other.json, killed before its first batch.
    resume.save(progress, resume.Progress(
        resume.file_identity(data), target, endpoint_url, "transact",
        inputs=resume.batch_inputs("ddb-json", describe_table(conn, target), other, max_items=100,
                                   schema_label="--schema other.json")))
    assert main(["import", str(data), "--table", target, "--endpoint-url", endpoint_url, "--yes",
                 "--progress-file", str(progress), "--resume"]) == 0
    done = _progress(progress)
    assert done["done"] and done["items"] == 150
    assert done["inputs"]["schema_label"] == "the article's default layout"
    assert len(_scan(conn, target)) == 150
