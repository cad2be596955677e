"""The records read in the last few seconds, indexed by account and protected value, to find
the other records of a cause's moment (see ``events``) without walking them all."""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Sequence

from dynoview.core.watch.events import MOMENT_LIMIT, MOMENT_S, Cause, gap

#: Records are kept this long after they were read (a change settles well within it).
KEEP_S = 5.0
#: And at most this many (a replay reads thousands at once).
KEEP_MAX = 20_000


class RecentRecords:
    """Recent causes, by account id and by (rule, form)."""

    def __init__(self, keep_s: float = KEEP_S, keep_max: int = KEEP_MAX) -> None:
        self.keep_s = keep_s
        self.keep_max = keep_max
        self._order: deque[tuple[float, Cause]] = deque()
        self._by_key: dict[object, list[Cause]] = {}

    def __len__(self) -> int:
        return len(self._order)

    @staticmethod
    def _keys(cause: Cause) -> list[object]:
        keys: list[object] = [("F", *f) for f in cause.forms]
        if cause.account_id is not None:
            keys.append(("A", cause.account_id))
        return keys

    def add(self, causes: Iterable[Cause], now: float) -> None:
        for cause in causes:
            if cause.event is None or cause.kind == "other":
                continue  # neither an account nor a protected value: never related
            self._order.append((now, cause))
            for key in self._keys(cause):
                self._by_key.setdefault(key, []).append(cause)
        self._prune(now)

    def _prune(self, now: float) -> None:
        while self._order and (now - self._order[0][0] > self.keep_s or len(self._order) > self.keep_max):
            _, old = self._order.popleft()
            for key in self._keys(old):
                bucket = self._by_key.get(key)
                if bucket and bucket[0] is old:
                    bucket.pop(0)
                elif bucket:
                    bucket[:] = [c for c in bucket if c is not old]
                if not bucket:
                    self._by_key.pop(key, None)

    def same_moment(self, causes: Sequence[Cause],
                    limit: int = MOMENT_LIMIT) -> tuple[tuple[Cause, ...], int]:
        """The other records of the causes' moment, nearest in time first, at most ``limit``,
        and how many more there were."""
        mine = {id(c) for c in causes}
        best: dict[int, tuple[float, Cause]] = {}
        for cause in causes:
            for key in self._keys(cause):
                for other in self._by_key.get(key, ()):
                    if id(other) in mine:
                        continue
                    distance = gap(cause.time, other.time)
                    if distance is None or distance > MOMENT_S:
                        continue
                    known = best.get(id(other))
                    if known is None or distance < known[0]:
                        best[id(other)] = (distance, other)
        found = sorted(best.values(), key=lambda t: t[0])
        return tuple(c for _, c in found[:limit]), max(0, len(found) - limit)
