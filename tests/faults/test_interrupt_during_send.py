"""Ctrl+C while ``dynoview transact`` waits for DynamoDB's answer: the transaction reached the
engine (the fault proxy forwards it and holds the answer), so the command must say it may have
been written, with its token, never only "Interrupted."; the action log keeps the intent for the
next execution to settle. Both engines."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from dynoview.core.session.connection import Connection
from dynoview.core.tx.action_log import NO_OUTCOME, ActionLog
from dynoview.core.tx.templates import sign_up
from dynoview.core.tx.wire import preview_text
from dynoview.core.uniqueness.schema import article_schema
from tests import fault_proxy as fp
from tests.fault_proxy import FaultProxy

pytestmark = [pytest.mark.integration, pytest.mark.faults]
ROOT = Path(__file__).resolve().parents[2]
S = article_schema()


def interrupt_when_written(args: list[str], direct: Connection, table: str, pk: str,
                           signum: int, ignored: bool) -> tuple[int, str, str]:
    """Run the CLI in a child process; send it ``signum`` once the account is in the table.
    ``ignored``: the child starts with SIGINT ignored, as a job a script starts with ``&``."""
    code = "import sys; from dynoview.cli import main; sys.exit(main(sys.argv[1:]))"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    # The child's SIGINT as a shell leaves it, whatever this test process has done with its own.
    disposition = signal.SIG_IGN if ignored else signal.SIG_DFL
    proc = subprocess.Popen([sys.executable, "-c", code, *args], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, env=env, cwd=ROOT,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, disposition))
    try:
        deadline = time.monotonic() + 60
        while "Item" not in direct.client.get_item(TableName=table, ConsistentRead=True, Key={
                "PK": {"S": pk}, "SK": {"S": "PROFILE"}}):
            assert proc.poll() is None, proc.communicate()
            assert time.monotonic() < deadline, "the write never reached the table"
            time.sleep(0.05)
        proc.send_signal(signum)
        out, err = proc.communicate(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate()
    return proc.returncode, out, err


@pytest.mark.parametrize(("fmt", "signum", "ignored"), [
    ("text", signal.SIGINT, False), ("json", signal.SIGINT, False),
    ("text", signal.SIGTERM, False), ("text", signal.SIGINT, True)],
    ids=["ctrl-c", "ctrl-c-json", "sigterm", "ctrl-c-in-a-background-job"])
def test_ctrl_c_while_the_answer_is_awaited_says_it_may_be_written(
        proxy: FaultProxy, direct: Connection, table: str, tmp_path: Path, fmt: str, signum: int,
        ignored: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))  # the child's action log too
    name = f"int{fmt}{signum}{int(ignored)}"
    item = {"PK": {"S": f"ACCT#{name}"}, "SK": {"S": "PROFILE"},
            "email": {"S": f"{name}@x.io"}, "username": {"S": name}}
    request = tmp_path / "signup.json"
    request.write_text(preview_text(sign_up(S, table, item).to_request()))
    proxy.add(fp.DELAY_RESPONSE, operation="TransactWriteItems", seconds=8)  # applied, answer held
    code, out, err = interrupt_when_written(
        ["transact", str(request), "--endpoint-url", proxy.url, "--yes", "--format", fmt],
        direct, table, f"ACCT#{name}", signum, ignored)
    (pending,) = ActionLog().entries()
    assert pending["outcome"]["status"] == NO_OUTCOME
    assert code == 2, out + err
    if fmt == "json":
        said = json.loads(out)
        assert said["status"] == "interrupted" and said["may_be_written"] is True
        assert said["token"] == pending["token"]
        message = said["message"]
    else:
        message = err
    assert f"token {pending['token']}" in message and "may have been written" in message
    assert "nothing was written" not in message.lower()

