"""Byte sizes and shares of a limit as the capacity panel shows them, in the window's language:
"140 bytes", "1.5 KB" and "0.03%" in English; "140 octets", "1,5 Ko" and "0,03 %" in French.

Core's ``dynoview.core.reads.capacity.human_bytes`` stays English (the CLI and core's own
sentences use it); the units here are the catalogue's, the numbers the default QLocale's.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QLocale

from dynoview.ui.i18n import QT_TRANSLATE_NOOP

#: Sizes in units of 1,024 bytes and up; French writes "{size} Ko", "{size} Mo", "{size} Go".
UNITS = (QT_TRANSLATE_NOOP("scans.sizes", "{size} KB"),
         QT_TRANSLATE_NOOP("scans.sizes", "{size} MB"),
         QT_TRANSLATE_NOOP("scans.sizes", "{size} GB"))
#: A size under 1 KB; French writes "{size} octets".
BYTES = QT_TRANSLATE_NOOP("scans.sizes", "{size} bytes")
#: A percentage; French puts a no-break space before the sign: "{number} %".
PERCENT = QT_TRANSLATE_NOOP("scans.sizes", "{number}%")
#: A share too small to show with two decimals, e.g. "under 0.01%".
UNDER = QT_TRANSLATE_NOOP("scans.sizes", "under {share}")


def _tr(text: str) -> str:
    return QCoreApplication.translate("scans.sizes", text)


def size_text(size: float) -> str:
    """``size`` bytes in bytes under 1 KB, else in KB, MB or GB with one decimal (powers of
    1,024, as ``human_bytes`` counts)."""
    locale = QLocale()
    value = float(size)
    if value < 1024:
        return _tr(BYTES).format(size=locale.toString(round(value)))
    for unit in UNITS:
        value /= 1024
        if value < 1024 or unit == UNITS[-1]:
            break
    return _tr(unit).format(size=locale.toString(value, "f", 1))


def share_text(fraction: float) -> str:
    """A share of a limit people can read: "under 0.01%", "0.25%", "12%", never "0.000003%"."""
    locale = QLocale()
    if fraction <= 0:
        return _tr(PERCENT).format(number=locale.toString(0))
    if fraction < 0.0001:
        return _tr(UNDER).format(share=_tr(PERCENT).format(number=locale.toString(0.01, "f", 2)))
    return _tr(PERCENT).format(number=locale.toString(float(fraction) * 100, "f", 2 if fraction < 0.1 else 0))
