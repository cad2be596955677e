"""The window's languages: Qt catalogues, their loading, and locale-aware formatting.

``languages`` names the languages and picks one (settings, ``DYNOVIEW_LANG``, system locale),
``loader`` installs the translators, ``formats`` formats numbers and times in the chosen
language, ``labels`` translates core codes (finding kinds, statuses) shown as labels.
docs/translations.md explains the pipeline.
"""

from PySide6.QtCore import QObject


def QT_TRANSLATE_NOOP(context: str, text: str) -> str:
    """Mark ``text`` for the catalogue under ``context`` and return it unchanged: for constants
    made at import, translated where they are shown (``QCoreApplication.translate(context, x)``).
    PySide6's own is typed as returning ``object``; ``pyside6-lupdate`` knows either by name."""
    del context
    return text


def context(name: str) -> QObject:
    """An object whose ``tr`` translates in context ``name``, for plural texts outside a QObject:
    ``KEPT = context("KEPT")`` then ``KEPT.tr("%n tab(s)", "", n)``. pyside6-lupdate reads
    ``QCoreApplication.translate``'s count only when it is a literal, but takes ``X.tr``'s
    receiver name as the context: so the variable and ``name`` must be the same."""
    return type(name, (QObject,), {})()
