"""The demo server's log does not grow without end: a failed statement's traceback is about
11 KB, so past 1 MB of them only the newest records are kept, still 0600."""

from __future__ import annotations

import logging
import os
import stat
from collections.abc import Iterator
from pathlib import Path

import pytest

from dynoview.demo.server_log import _HANDLER_ATTR, _LOGGERS, route_server_logs

LOG_LIMIT = 1024 * 1024  # docs/security.md: the last 1 MB of records

TRACEBACK = "Traceback (most recent call last):\n" + "  File \"moto/dynamodb/parsing.py\", line 1\n" * 250


@pytest.fixture
def fresh_loggers() -> Iterator[None]:
    """The routing is once per process: undo it around each test."""
    def ours() -> list[tuple[logging.Logger, logging.Handler]]:
        return [(logging.getLogger(n), h) for n in _LOGGERS for h in logging.getLogger(n).handlers
                if getattr(h, _HANDLER_ATTR, False)]

    saved = ours()
    for logger, handler in saved:
        logger.removeHandler(handler)
    yield
    for logger, handler in ours():
        logger.removeHandler(handler)
        handler.close()
    for logger, handler in saved:
        logger.addHandler(handler)


def log_files(folder: Path) -> list[Path]:
    return sorted(folder.iterdir())


def test_the_log_keeps_only_its_newest_records(tmp_path: Path, fresh_loggers: None) -> None:
    old = os.umask(0o022)
    try:
        path = route_server_logs(tmp_path / "log" / "demo-server.log")
        for n in range(400):  # about 4.5 MB of tracebacks
            logging.getLogger("moto").error("ExecuteStatement %04d failed:\n%s", n, TRACEBACK)
    finally:
        os.umask(old)
    files = log_files(path.parent)
    assert [f.name for f in files] == ["demo-server.log", "demo-server.log.1"]
    assert sum(f.stat().st_size for f in files) <= LOG_LIMIT
    assert all(stat.S_IMODE(f.stat().st_mode) == 0o600 for f in files)
    assert "ExecuteStatement 0399 failed" in path.read_text(encoding="utf-8")  # the newest kept
    assert "ExecuteStatement 0000 failed" not in "".join(f.read_text(encoding="utf-8") for f in files)


def test_a_link_at_the_older_part_is_replaced_not_written_through(tmp_path: Path, fresh_loggers: None,
                                                                   capfd: pytest.CaptureFixture[str]) -> None:
    victim = tmp_path / "victim.txt"
    victim.write_text("keep\n")
    victim.chmod(0o644)
    folder = tmp_path / "log"
    folder.mkdir()
    (folder / "demo-server.log.1").symlink_to(victim)
    path = route_server_logs(folder / "demo-server.log")
    for n in range(200):
        logging.getLogger("moto").error("ExecuteStatement %04d failed:\n%s", n, TRACEBACK)
    assert victim.read_text() == "keep\n" and stat.S_IMODE(victim.stat().st_mode) == 0o644
    assert not (folder / "demo-server.log.1").is_symlink() and path.exists()
    assert capfd.readouterr().err == ""  # never on the terminal
