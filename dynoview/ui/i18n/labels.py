"""Core codes shown as labels, translated in the window by their code.

``dynoview.core`` stays English and Qt-free: its label tables (``findings.LABELS``,
``origin.LABELS``) feed the CLI and reports. The window shows the same codes through these
tables; a code missing here falls back to the core's English label.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from dynoview.core.uniqueness import findings
from dynoview.ui.i18n import QT_TRANSLATE_NOOP

CONTEXT = "labels"
FINDINGS: dict[str, str] = {
    findings.OK: QT_TRANSLATE_NOOP("labels", "OK"),
    findings.MISSING_LOCK: QT_TRANSLATE_NOOP("labels", "Missing lock"),
    findings.ORPHAN_LOCK: QT_TRANSLATE_NOOP("labels", "Orphan lock"),
    findings.DUPLICATE_VALUE: QT_TRANSLATE_NOOP("labels", "Duplicate value"),
    findings.EXPIRED: QT_TRANSLATE_NOOP("labels", "Expired"),
    findings.CASE_CLASH: QT_TRANSLATE_NOOP("labels", "Case or normalisation clash"),
    findings.LOOKALIKE_CLASH: QT_TRANSLATE_NOOP("labels", "Lookalike clash"),
    findings.NO_VALUE: QT_TRANSLATE_NOOP("labels", "No value"),
}
# core.uniqueness.origin's codes, spelled here: importing it loads botocore, which the window
# must not do before its first paint (tests/unit/ui/test_first_paint_imports.py).
ORIGINS: dict[str, str] = {
    "stuck-signup": QT_TRANSLATE_NOOP("labels", "stuck signup"),
    "left-by-change": QT_TRANSLATE_NOOP("labels", "left behind by a change"),
    "left-by-delete": QT_TRANSLATE_NOOP("labels", "left by a deleted account"),
    "unknown": QT_TRANSLATE_NOOP("labels", "origin unknown"),
}
CONSISTENCY: dict[str, str] = {
    "strong": QT_TRANSLATE_NOOP("labels", "strong"),  # a strongly consistent read
    "eventual": QT_TRANSLATE_NOOP("labels", "eventual"),  # an eventually consistent read
    "mixed": QT_TRANSLATE_NOOP("labels", "mixed"),  # a BatchGetItem reading tables both ways
}


def finding_label(status: str) -> str:
    """"Orphan lock" in the window's language (the core's label for an unknown code)."""
    english = FINDINGS.get(status)
    if english is None:
        return findings.LABELS.get(status, status)
    return QCoreApplication.translate(CONTEXT, english)


def origin_label(kind: str) -> str:
    english = ORIGINS.get(kind)
    if english is None:
        from dynoview.core.uniqueness import origin

        return origin.LABELS.get(kind, kind)
    return QCoreApplication.translate(CONTEXT, english)


def consistency_label(mode: str) -> str:
    english = CONSISTENCY.get(mode)
    return mode if english is None else QCoreApplication.translate(CONTEXT, english)
