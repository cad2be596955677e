"""A GetRecords answer checked before anything in it is used: its records a list the parser can
read, and a missing next shard iterator taken for a closed shard only when DescribeStream says
the shard is closed (the reader asks it).

A proxy, VPN or emulator can answer 200 with ``{}``, ``[1]`` or records of the wrong shape. Read
as they came, ``{}`` looked like a closed shard (the shard was never read again, its later
records missed) and the others ended the watch with a traceback. Each is refused as a damaged
answer instead, which the reader asks again after the last record read.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from dynoview.core.session.integrity import DamagedResponseError
from dynoview.core.streams.client import DAMAGE_KEY
from dynoview.core.streams.records import MalformedRecordError, StreamEvent

#: Damaged answers in a row from one shard before the poll gives up (and says why).
DAMAGED_ATTEMPTS = 3
OPEN_SHARD_DAMAGE = "it has no next shard iterator, yet DescribeStream lists the shard as open"


class DamagedPageError(DamagedResponseError):
    """A GetRecords answer that arrived whole but is no answer GetRecords gives; ``damage``
    says what is wrong with it."""

    def __init__(self, shard_id: str, damage: str) -> None:
        super().__init__(
            f"The answer to GetRecords for shard {shard_id} arrived damaged ({damage}) "
            f"{DAMAGED_ATTEMPTS} times in a row, so it was discarded: nothing from it was used. "
            "Something between you and DynamoDB (a proxy, VPN or flaky network), or the endpoint "
            "itself, is changing answers; retry, and check the network if it keeps happening.",
            retried=True)
        self.damage = damage
        self.shard_id = shard_id


@dataclass
class Page:
    """One GetRecords answer as the reader uses it."""

    events: list[StreamEvent]
    next_iterator: str | None  # None: the shard is closed and read to its end


def page_events(response: Mapping[str, Any], shard_id: str, parse: Callable[..., StreamEvent], *,
                key_names: Sequence[str], table: str | None) -> list[StreamEvent]:
    """The answer's records as events; a DamagedPageError when the answer is not one GetRecords
    gives (no Records, not a list of records, a record the parser cannot read)."""
    damage = response.get(DAMAGE_KEY)
    if damage:
        raise DamagedPageError(shard_id, str(damage))
    records = response.get("Records")
    if records is None:
        # GetRecords always sends Records, empty at a shard's tip and at a closed shard's end.
        raise DamagedPageError(shard_id, "it has no Records")
    if not isinstance(records, list):
        raise DamagedPageError(shard_id, "its Records are not a list")
    try:
        return [parse(record, shard_id, key_names=key_names, table=table) for record in records]
    except MalformedRecordError as exc:
        raise DamagedPageError(shard_id, str(exc)) from exc
    except (TypeError, ValueError, AttributeError, KeyError, OverflowError) as exc:
        # A field of a type no stream sends, deeper in a record (a key, a time out of range).
        raise DamagedPageError(shard_id, f"a record DynoView cannot read ({type(exc).__name__})") from exc


def checked_page(response: Mapping[str, Any], shard_id: str, parse: Callable[..., StreamEvent], *,
                 key_names: Sequence[str], table: str | None, still_open: Callable[[], bool]) -> Page:
    """The answer as a Page, or a DamagedPageError for one GetRecords never gives; without a
    next iterator, ``still_open`` (DescribeStream, asked now) says whether the shard is closed."""
    events = page_events(response, shard_id, parse, key_names=key_names, table=table)
    following = next_iterator(response, shard_id)
    if following is None and still_open():
        raise DamagedPageError(shard_id, OPEN_SHARD_DAMAGE)
    return Page(events, following)


def next_iterator(response: Mapping[str, Any], shard_id: str) -> str | None:
    """The answer's NextShardIterator (None when it has none); a DamagedPageError when it is
    not text."""
    value = response.get("NextShardIterator")
    if value is not None and not isinstance(value, str):
        raise DamagedPageError(shard_id, "its NextShardIterator is not text")
    return value or None


def damage_of(exc: DamagedResponseError) -> str:
    """What was wrong with a damaged answer: a DamagedPageError's ``damage``, or the reason the
    integrity check (``session.integrity``) put in its sentence's parentheses."""
    damage = getattr(exc, "damage", None)
    if isinstance(damage, str):
        return damage
    found = re.search(r"arrived damaged \(([^()]*)\)", exc.message)
    return found.group(1) if found else "cut short or changed on the way"


def damaged_notice(exc: DamagedResponseError, shard_id: str) -> str:
    """What the reader says of a damaged answer it discarded and asks again."""
    damage = damage_of(exc)
    return (f"The answer to GetRecords for shard {shard_id} arrived damaged ({damage}), so it "
            "was discarded and asked again from where reading stood: no record is skipped.")
