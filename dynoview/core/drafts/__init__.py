"""Work that is not lost: the builder's current work and the Items tab's staged cell edits,
saved as they change and restored at the next start, and drafts saved under a name
(``store.DraftStore``). Each window writes only its own files and holds their lock while it
runs (``window_files``, ``window_lock``), so two windows never drop each other's work; what a
window that is gone left is taken over by the next one.

Qt-free: the builder gives a ``Draft`` (its request as Import/Export JSON has it, the open
template forms' field values, the connection and table) and gets one back.
"""
