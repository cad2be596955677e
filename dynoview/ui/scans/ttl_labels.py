"""The TTL timeline's bar names and spans in the window's language, built from the core's buckets
(their kind and bounds): "expired", "<1 d", "1–2 d", "later" in English, the catalogue's words in
another language. The core's ``Bucket.label`` and ``Bucket.range_text`` stay English, like all core
text (docs/translations.md).
"""

from __future__ import annotations

from datetime import datetime, timedelta

from PySide6.QtCore import QLocale

from dynoview.core.ttl.timeline import HOUR, Bucket, TtlTimeline, utc_span
from dynoview.ui.i18n import context

TTL_LABELS = context("TTL_LABELS")  # lupdate files these under the receiver's name
_STEP = {HOUR: timedelta(hours=1)}  # any other granularity is a day


def bar_label(bucket: Bucket, timeline: TtlTimeline) -> str:
    """The bar's name under the chart: expired, each hour or day ahead, later."""
    if bucket.kind == "expired":
        #: The TTL chart's first bar: items whose TTL has passed but are still in the table.
        return TTL_LABELS.tr("expired")
    if bucket.kind != "ahead" or bucket.start is None:
        #: The TTL chart's last bar: items expiring after the last hour or day shown.
        return TTL_LABELS.tr("later")
    step = round((bucket.start - timeline.now) / _STEP.get(timeline.granularity, timedelta(days=1)))
    first, last = QLocale().toString(step), QLocale().toString(step + 1)
    if timeline.granularity == HOUR:
        if step == 0:
            #: A TTL chart bar: items expiring within the hour ("h" for hours).
            return TTL_LABELS.tr("<1 h")
        #: A TTL chart bar: items expiring between {first} and {last} hours from now.
        return TTL_LABELS.tr("{first}–{last} h").format(first=first, last=last)
    if step == 0:
        #: A TTL chart bar: items expiring within the day ("d" for days).
        return TTL_LABELS.tr("<1 d")
    #: A TTL chart bar: items expiring between {first} and {last} days from now.
    return TTL_LABELS.tr("{first}–{last} d").format(first=first, last=last)


def _stamp(moment: datetime) -> str:
    return f"{moment:%Y-%m-%d %H:%M}"


def bar_span(bucket: Bucket) -> str:
    """The bar's span in local time and UTC, for its tooltip."""
    if bucket.kind == "expired":
        return TTL_LABELS.tr("TTL already passed; DynamoDB has not deleted these yet")
    if bucket.start is None:
        return ""
    start = bucket.start.astimezone()
    if bucket.end is None:
        return TTL_LABELS.tr("after {start} local").format(start=_stamp(start))
    start_utc, end_utc = utc_span(bucket.start, bucket.end)  # dated when crossing UTC midnight
    return TTL_LABELS.tr("{start} – {end} local ({start_utc}–{end_utc} UTC)").format(
        start=_stamp(start), end=_stamp(bucket.end.astimezone()), start_utc=start_utc, end_utc=end_utc)
