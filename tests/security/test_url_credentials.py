"""A user and password in the endpoint URL (``http://user:pass@host:8000``) never leave the process.

A real session against the moto endpoint, reached through a URL with credentials in it:
reads and their receipts, a transaction and its action log entry, the confirmation text,
a crash report (shown and saved), error sentences, the headless commands' output and
Python logging at DEBUG (botocore logs the URL of every request).
"""

from __future__ import annotations

import json
import logging
from collections.abc import Iterator
from pathlib import Path

import pytest
from botocore.config import Config

from dynoview.cli import main as cli_main
from dynoview.core.errors import describe_error
from dynoview.core.reads.reader import Reader
from dynoview.core.session.connection import Connection, ConnectionSpec
from dynoview.core.tx.action_log import ActionLog
from dynoview.core.tx.confirmation import confirmation_for
from dynoview.core.tx.execution import execute_transaction
from dynoview.core.tx.model import Transaction
from dynoview.core.tx.outcomes import SUCCEEDED
from dynoview.core.tx.templates import sign_up
from dynoview.core.tx.wire import preview_text
from dynoview.core.uniqueness.schema import article_schema
from tests.helpers import FAKE_KEYS, seeded_accounts_copy

pytestmark = [pytest.mark.security, pytest.mark.integration]

USER = "urlcanaryuser"
PASSWORD = "UrlCanaryPassw0rd"


def with_credentials(url: str) -> str:
    scheme, rest = url.split("://", 1)
    return f"{scheme}://{USER}:{PASSWORD}@{rest}"


def leaks(text: str) -> list[str]:
    return [s for s in (USER, PASSWORD) if s in text]


@pytest.fixture
def conn(moto_endpoint: str) -> Connection:
    spec = ConnectionSpec(name="lab", endpoint_url=with_credentials(moto_endpoint), region="us-east-1")
    return Connection(spec, credentials=FAKE_KEYS)


@pytest.fixture
def table(conn: Connection) -> Iterator[str]:
    with seeded_accounts_copy(conn, "urlcreds") as name:
        yield name


def signup(table: str, acct: str) -> Transaction:
    item = {"PK": {"S": f"ACCT#{acct}"}, "SK": {"S": "PROFILE"}, "email": {"S": f"{acct}@x.io"},
            "username": {"S": acct}}
    return sign_up(article_schema(), table, item)


def test_url_credentials_appear_nowhere(conn: Connection, table: str, tmp_path: Path,
                                        caplog: pytest.LogCaptureFixture,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    from dynoview.ui import crash

    caplog.set_level(logging.DEBUG)
    outputs: dict[str, str] = {}
    assert conn.list_tables()  # the URL with credentials does reach the endpoint

    reader = Reader(conn)
    reader.get_item(table, {"PK": {"S": "ACCT#a1f9c3"}, "SK": {"S": "PROFILE"}})
    tx = signup(table, "urlc1")
    outputs["confirmation"] = confirmation_for(conn, tx).message
    outputs["title"] = conn.spec.describe()
    log = ActionLog(tmp_path / "actions.jsonl")
    result = execute_transaction(conn, tx, confirmation=True, log=log, reader=reader)
    assert result.status == SUCCEEDED
    outputs["action log"] = log.path.read_text(encoding="utf-8")
    # Two lines per send (its intent before, its outcome after): neither names the password.
    lines = [json.loads(line) for line in outputs["action log"].splitlines()]
    assert [line["phase"] for line in lines] == ["intent", "outcome"]
    assert all(line["connection"]["endpoint"].startswith("http://<redacted>@") for line in lines)
    outputs["result"] = json.dumps(result.to_json())
    outputs["receipts"] = "".join(json.dumps(r.to_json()) + r.summary() for r in reader.log.receipts())

    # A crash with the URL in its message and in the window's context line.
    try:
        raise ConnectionError(f"lost {conn.spec.endpoint_url} mid-request")
    except ConnectionError as exc:
        report = crash.build_report(type(exc), exc, exc.__traceback__,
                                    context={"Connection": conn.spec.describe()})
    saved = crash.save_report(report, tmp_path / "reports")
    assert saved is not None and "lost http://<redacted>@127.0.0.1" in report
    outputs["crash report"] = report
    outputs["crash file"] = saved.read_text(encoding="utf-8")

    # An unreachable endpoint: botocore's own message quotes the URL.
    dead = ConnectionSpec(name="dead", endpoint_url=with_credentials("http://127.0.0.1:9"),
                          region="us-east-1")
    dead_conn = Connection(dead, credentials=FAKE_KEYS,
                           config=Config(retries={"total_max_attempts": 1}, connect_timeout=2))
    with pytest.raises(Exception) as raised:
        dead_conn.list_tables()
    assert PASSWORD not in str(raised.value)  # botocore is never given it (user info is dropped)...
    err = describe_error(raised.value, endpoint=dead.endpoint_url)
    outputs["error sentence"] = f"{err.title}: {err.message}"  # ...the sentence does not
    assert "http://<redacted>@127.0.0.1:9" in err.message

    # The headless commands, on the live endpoint.
    request = tmp_path / "signup.json"
    request.write_text(preview_text(signup(table, "urlc2").to_request()))
    for argv in (["transact", str(request), "--endpoint-url", conn.spec.endpoint_url or "", "--yes"],
                 ["tables", "--endpoint-url", conn.spec.endpoint_url or ""]):
        status = cli_main(argv)
        captured = capsys.readouterr()
        outputs[f"cli {argv[0]}"] = captured.out + captured.err
        assert status == 0, outputs[f"cli {argv[0]}"]

    outputs["python logging"] = "\n".join(r.getMessage() for r in caplog.records) + caplog.text
    assert any(r.name.startswith("botocore") for r in caplog.records)
    assert "http://127.0.0.1" in outputs["python logging"]  # botocore logged the URL it was given
    for where, text in outputs.items():
        assert not leaks(text), f"{where} contains {leaks(text)}"
