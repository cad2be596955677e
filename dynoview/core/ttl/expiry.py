"""TTL at read time: DynamoDB deletes expired items lazily, so expiry is computed here.

An item whose TTL has passed stays readable (and writable, and can even be
un-expired) until DynamoDB's background sweep removes it, typically within a
few days. Only a Number holding epoch seconds counts; anything else never
expires, and values more than five years in the past are ignored by DynamoDB.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from datetime import UTC, datetime, timedelta
from decimal import Decimal, InvalidOperation
from functools import lru_cache
from operator import attrgetter
from typing import Any

from dynoview.core.ttl.kinds import EXPIRED, NEVER, NONE, PENDING

__all__ = ["EXPIRED", "FAR_FUTURE", "NEVER", "NONE", "PENDING", "TtlState", "expired_at", "expiry_epochs",
           "humanize", "ignored_before", "ttl_state", "ttl_state_since"]

# Epoch seconds past this (year 5138) are never reached: DynamoDB ignores them, as the app does.
_MILLISECONDS_THRESHOLD = 100_000_000_000
# From here (year 33658 in seconds) a value is almost surely milliseconds or microseconds: a
# TTL written in milliseconds today is about 1.7e12.
_SURELY_MILLISECONDS = 1_000_000_000_000
#: A TTL further ahead than this frees nothing in any lifetime that matters: the TTL timeline
#: calls it "effectively never", and a lock holding it is stuck, not a reservation.
FAR_FUTURE = timedelta(days=100 * 365)


@lru_cache(maxsize=16)  # the audit asks once per item with the same ``now``
def ignored_before(now: float) -> float:
    """The epoch seconds five calendar years before ``now``: DynamoDB ignores a TTL older than
    that. Calendar years, as DynamoDB Local's sweep counts them (five years hold one or two leap
    days: 5 x 365 days kept calling a lock it was about to delete "never expires")."""
    moment = datetime.fromtimestamp(now, UTC)
    try:
        back = moment.replace(year=moment.year - 5)
    except ValueError:  # 29 February, in a year that has none
        back = moment.replace(year=moment.year - 5, day=28)
    return back.timestamp()


@dataclass(frozen=True)
class TtlState:
    kind: str  # NONE, PENDING, EXPIRED or NEVER (NOT_IN_INDEX: the Items tab's, for index rows)
    expires_at: datetime | None = None
    text: str = ""
    reason: str = ""
    cell: str = ""  # the cell's own text, when ``short``'s is not right for it

    @property
    def is_expired(self) -> bool:
        return self.kind == EXPIRED

    @property
    def short(self) -> str:
        """Cell text: "expired 2 h ago, still readable"; ``text`` has the full sentence."""
        if self.cell:
            return self.cell
        return self.text.split(":", 1)[0] + ", still readable" if self.kind == EXPIRED \
            else self.text

    def dates(self) -> str:
        """The expiry as local time and UTC, for a tooltip or detail pane (once, when the
        local zone is UTC)."""
        if self.expires_at is None:
            return ""
        local = self.expires_at.astimezone()
        utc = f"{self.expires_at:%Y-%m-%d %H:%M:%S} UTC"
        if local.utcoffset() == timedelta(0):
            return utc
        return f"{local:%Y-%m-%d %H:%M:%S %Z} (local), {utc}"


def _rounded(value: float) -> int:
    return int(value + 0.5)  # half up: 1.5 days is "2 days", as people say it


def humanize(delta: timedelta) -> str:
    """A short duration, rounded to its unit: "45 s", "9 min", "30 h", "2 days", "3 years".

    Each unit takes over at one and a half of it, so a duration reads the same a moment
    later: 47 h 59 min is "2 days", as 48 h is (it used to flip to "47 h"), and the next
    unit down appears only below 36 h, never as "1 days".
    """
    seconds = abs(delta.total_seconds())
    if seconds < 90:
        return f"{int(seconds)} s"
    if seconds < 90 * 60:
        return f"{_rounded(seconds / 60)} min"
    if seconds < 36 * 3600:
        return f"{_rounded(seconds / 3600)} h"
    if seconds < 86400 * 365 * 2:
        return f"{_rounded(seconds / 86400)} days"
    return f"{_rounded(seconds / (86400 * 365))} years"


def expired_at(text: Any, now: float) -> bool:
    """Whether a TTL Number's text (epoch seconds) has passed at ``now`` (epoch seconds).

    ``ttl_state(...).is_expired`` without the sentence, for hot loops (the audit reads one
    per item): milliseconds, negative, non-finite and more-than-five-years-old values never
    expire, as DynamoDB ignores them.
    """
    if not isinstance(text, str):
        return False
    try:
        seconds = Decimal(text)
    except InvalidOperation:
        return False
    return (seconds.is_finite() and 0 <= seconds < now and seconds < _MILLISECONDS_THRESHOLD
            and float(seconds) >= ignored_before(now))


def ttl_state(value: Any, now: datetime | None = None) -> TtlState:
    """Classify a TTL attribute value (low-level AttributeValue or None)."""
    now = now or datetime.now(UTC)
    if value is None:
        return TtlState(NONE)
    if not isinstance(value, dict) or "N" not in value:
        kind = next(iter(value), "?") if isinstance(value, dict) else type(value).__name__
        return TtlState(NEVER, text="will never expire",
                        reason=f"the TTL attribute is of type {kind}, not a Number of epoch "
                               "seconds, so DynamoDB ignores it")
    try:
        seconds = Decimal(value["N"])
    except (InvalidOperation, TypeError):
        return TtlState(NEVER, text="will never expire", reason="the value is not a number")
    if not seconds.is_finite():
        # Decimal parses "NaN", "sNaN" and "Infinity", and NaN cannot even be compared (that
        # raised InvalidOperation inside the items model). None of them is a point in time.
        return TtlState(NEVER, text="will never expire",
                        reason=f"{value['N']} is not a valid TTL: it is not a number of epoch seconds")
    if seconds >= _SURELY_MILLISECONDS:
        return TtlState(NEVER, text="will never expire",
                        reason="the value looks like milliseconds, not epoch seconds: DynamoDB "
                               "reads it as a date thousands of years ahead")
    if seconds >= _MILLISECONDS_THRESHOLD:  # 253402300799 is 9999-12-31 in seconds, not an error
        return TtlState(NEVER, text="will never expire",
                        reason="the value is epoch seconds thousands of years ahead: DynamoDB "
                               "never reaches it")
    if seconds < 0:
        return TtlState(NEVER, text="will never expire", reason="the value is negative")
    expires_at = datetime.fromtimestamp(float(seconds), UTC)
    if expires_at >= now:  # expired once the TTL "is less than the current time" (AWS)
        return TtlState(PENDING, expires_at, f"expires in {humanize(expires_at - now)}")
    if expires_at.timestamp() < ignored_before(now.timestamp()):
        return TtlState(NEVER, expires_at, "will never expire",
                        reason="DynamoDB ignores TTL values more than five years in the past")
    return TtlState(
        EXPIRED,
        expires_at,
        f"expired {humanize(now - expires_at)} ago: still readable until DynamoDB's background "
        "deletion (typically within days)",
    )


def ttl_state_since(value: Any, read_at: datetime, now: datetime | None = None) -> TtlState:
    """The TTL of an item read at ``read_at``, said at ``now``: times count from now (a row read
    an hour ago does not still "expire in 5 min"). Still readable only as of the read; one that
    expired after it is said so, and may be gone since: DynamoDB deletes it at any time."""
    state = ttl_state(value, read_at)
    expires = state.expires_at
    now = now or datetime.now(UTC)
    if expires is None or now <= read_at or state.kind not in (PENDING, EXPIRED):
        return state
    read = f"read {humanize(now - read_at)} ago"
    if state.kind == EXPIRED:
        return replace(state, text=f"expired {humanize(now - expires)} ago: still readable when it was "
                                   f"{read}, until DynamoDB's background deletion (typically within days)")
    if expires >= now:
        return replace(state, text=f"expires in {humanize(expires - now)}")
    ago = humanize(now - expires)
    return TtlState(EXPIRED, expires, f"expired {ago} ago, after it was {read}: DynamoDB may have "
                    "deleted it since; read it again to see", cell=f"expired {ago} ago, after the read")


@lru_cache(maxsize=8)
def _ttl_decoder(attribute: str) -> Any:
    """A decoder of an item's JSON that reads its TTL Number's text alone (msgspec skips the
    other attributes), or None for a name msgspec cannot match (a quote, a backslash)."""
    import msgspec

    number = msgspec.defstruct("TtlNumber", [("N", str)])
    try:
        item = msgspec.defstruct("TtlItem", [("value", number)], rename={"value": attribute})
    except ValueError:
        return None
    return msgspec.json.Decoder(item)


def expiry_epochs(rows: Iterable[bytes], attribute: str) -> list[float]:
    """When the TTL of each compact row (an item's JSON, ``core.reads.rows``) whose TTL is
    pending or expired passes, in epoch seconds. 0.3 us a row, the TTL text decoded alone
    (decoding the whole row costs 0.75 us): the Items tab does it as a page is shown."""
    rows = list(rows)
    decoder = _ttl_decoder(attribute)
    try:
        if decoder is None:
            raise ValueError(attribute)
        return list(map(float, map(attrgetter("value.N"), map(decoder.decode, rows))))
    except ValueError:  # msgspec refuses an escaped lone surrogate, float a Decimal's own syntax
        from dynoview.core.reads.rows import decode_row

        expiries = (ttl_state(decode_row(row).get(attribute)).expires_at for row in rows)
        return [at.timestamp() if at is not None else float("inf") for at in expiries]
