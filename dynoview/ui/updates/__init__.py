"""The window's side of the update check (``dynoview.core.updates`` decides; this asks and tells).

``start_update_check(window)`` once the window shows: the first time it asks the one-time
question (non-modal), later it checks at most daily if the user agreed, and shows a note when a
newer version is out. Nothing is fetched before the user says yes; nothing is ever installed.

Wiring (the window's files belong to its owner): in ``dynoview/ui/app.py`` after the crash
handler's ``after_first_paint`` line, skipped for ``--smoke`` (nobody answers the question there)::

    if not args.smoke:
        from dynoview.ui.updates import start_update_check
        after_first_paint(window, lambda: setattr(window, "updates", start_update_check(window)),
                          at_most_ms=3000)

and, for the Help menu, ``"Check for updates…"`` calling ``check_for_updates(window)``.
"""

from __future__ import annotations

from dynoview.ui.updates.controller import UpdateController, check_for_updates, start_update_check

__all__ = ["UpdateController", "check_for_updates", "start_update_check"]
