"""The demo server's log is a private file like every other DynoView writes."""

from __future__ import annotations

import logging
import os
import stat
from collections.abc import Iterator
from pathlib import Path

import pytest

from dynoview.demo.server_log import _HANDLER_ATTR, _LOGGERS, route_server_logs


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


def test_the_log_is_written_0600_in_a_0700_folder(tmp_path: Path, fresh_loggers: None) -> None:
    old = os.umask(0o022)
    try:
        path = route_server_logs(tmp_path / "state" / "log" / "demo-server.log")
        logging.getLogger("moto").error("a request failed: PK=UNIQ#EMAIL#ada@lovelace.io")
    finally:
        os.umask(old)
    assert "UNIQ#EMAIL#ada@lovelace.io" in path.read_text(encoding="utf-8")
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert stat.S_IMODE(path.parent.stat().st_mode) == 0o700


def test_a_link_planted_at_the_log_is_not_followed(tmp_path: Path, fresh_loggers: None) -> None:
    victim = tmp_path / "victim.txt"
    victim.write_text("keep\n")
    folder = tmp_path / "log"
    folder.mkdir()
    (folder / "demo-server.log").symlink_to(victim)
    route_server_logs(folder / "demo-server.log")
    logging.getLogger("moto").error("written through the link?")  # dropped, and no exception
    assert victim.read_text() == "keep\n"
