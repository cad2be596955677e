"""Numbers and times in the window's language (the default QLocale ``loader.install`` set):
"1,204" in English, "1.204" in Portuguese and Indonesian, "1 204" in French."""

from __future__ import annotations

from datetime import datetime

from PySide6.QtCore import QDateTime, QLocale, QTime


def number(value: float, decimals: int = 0) -> str:
    """``value`` with the language's group and decimal separators."""
    locale = QLocale()
    if decimals == 0 and float(value).is_integer():
        return locale.toString(int(value))
    return locale.toString(float(value), "f", decimals)


def clock_text(moment: datetime) -> str:
    """The time of day, hours and minutes: 24-hour "07:36" in English as the window always wrote
    it, else as the language writes it ("07.36" in Indonesian)."""
    locale = QLocale()
    time = QTime(moment.hour, moment.minute)
    if locale.language() == QLocale.Language.English:
        return time.toString("HH:mm")
    return locale.toString(time, QLocale.FormatType.ShortFormat)


def date_time_text(moment: datetime) -> str:
    """Date and time, short, as the language writes them."""
    when = QDateTime.fromSecsSinceEpoch(int(moment.timestamp()))
    return QLocale().toString(when, QLocale.FormatType.ShortFormat)
