"""A quit while DynamoDB Local starts (the demo child's SIGTERM becomes SystemExit, Ctrl+C a
KeyboardInterrupt) stops the Java process: it was left running, owned by init, holding a port
every interface could reach."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path
from typing import Any

import pytest

from dynoview.demo import dynamodb_local as ddbl

pytestmark = pytest.mark.skipif(os.name != "posix", reason="a shell script stands in for java")


@pytest.mark.parametrize("interruption", [SystemExit(0), KeyboardInterrupt()])
def test_an_interrupted_start_stops_the_engine(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                               interruption: BaseException) -> None:
    java = tmp_path / "java"
    java.write_text("#!/bin/sh\nexec sleep 60\n")  # starts, never answers
    java.chmod(0o700)
    started: list[subprocess.Popen[Any]] = []
    popen = subprocess.Popen

    def recording(*args: Any, **kwargs: Any) -> subprocess.Popen[Any]:
        process = popen(*args, **kwargs)
        started.append(process)
        return process

    real_sleep, raised = ddbl.time.sleep, []

    def interrupted(seconds: float) -> None:  # the first wait of the start is interrupted
        if not raised:
            raised.append(True)
            raise interruption
        real_sleep(seconds)  # then as it is (Popen.wait sleeps too)

    monkeypatch.setattr(ddbl, "_verify", lambda home: home)
    monkeypatch.setattr(ddbl.subprocess, "Popen", recording)
    monkeypatch.setattr(ddbl.DynamoDBLocal, "_answers", lambda self: False)
    monkeypatch.setattr(ddbl.time, "sleep", interrupted)
    with pytest.raises(type(interruption)):
        ddbl.start(tmp_path, java=str(java), timeout=30)
    [process] = started
    try:
        assert process.poll() is not None, "the engine was left running"
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
