"""When to ask the release feed, and what its answer means for this user.

Nothing is fetched unless the user said yes (``consent is True``), and at most once a day: each
attempt, failed ones included, is recorded, so an offline machine does not retry at every start.
A newer version the user skipped is not announced again; a later one is.
"""

from __future__ import annotations

import enum
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from packaging.version import InvalidVersion, Version

from dynoview import __version__
from dynoview.core.updates import state as store
from dynoview.core.updates.feed import FeedError, Release, feed_url, fetch_latest

DAY_S = 24 * 3600


class Outcome(enum.Enum):
    NOT_ALLOWED = "not allowed"  # the user has not agreed (or said no)
    NOT_DUE = "not due"  # checked less than a day ago
    NEWER = "newer"
    CURRENT = "current"  # this version or an older one is the newest
    SKIPPED = "skipped"  # newer, but the user chose to skip that version
    FAILED = "failed"


@dataclass(frozen=True)
class Result:
    outcome: Outcome
    release: Release | None = None
    error: str = ""


class UpdateChecker:
    """The update check's rules over one state file and one feed."""

    def __init__(self, path: Path | None = None, url: str | None = None,
                 current: str = __version__, clock: Callable[[], float] = time.time,
                 fetch: Callable[[str], Release] = fetch_latest) -> None:
        self.path = path or store.default_path()
        self.url = url or feed_url()
        self.current = Version(current)
        self.clock = clock
        self.fetch = fetch

    def state(self) -> store.UpdateState:
        return store.load(self.path)

    def needs_answer(self) -> bool:
        """True until the user has answered the one-time question."""
        return self.state().consent is None

    def answer(self, agree: bool) -> None:
        state = self.state()
        state.consent = agree
        state.asked_version = str(self.current)
        store.save(self.path, state)

    def skip(self, version: Version | str) -> None:
        state = self.state()
        state.skipped = str(version)
        store.save(self.path, state)

    def due(self) -> bool:
        state = self.state()
        if state.consent is not True:
            return False
        now = self.clock()
        # A clock set back (last check "in the future") would otherwise block checks for days.
        return state.last_check is None or not 0 <= now - state.last_check < DAY_S

    def check(self, force: bool = False) -> Result:
        """Ask the feed if allowed and due (``force``: due or not, never without consent)."""
        state = self.state()
        if state.consent is not True:
            return Result(Outcome.NOT_ALLOWED)
        if not force and not self.due():
            return Result(Outcome.NOT_DUE)
        state.last_check = self.clock()
        store.save(self.path, state)
        try:
            release = self.fetch(self.url)
        except FeedError as exc:
            return Result(Outcome.FAILED, error=str(exc))
        if release.version <= self.current:
            return Result(Outcome.CURRENT, release)
        if _same(state.skipped, release.version):
            return Result(Outcome.SKIPPED, release)
        return Result(Outcome.NEWER, release)


def _same(skipped: str | None, version: Version) -> bool:
    if skipped is None:
        return False
    try:
        return Version(skipped) == version
    except InvalidVersion:
        return False
