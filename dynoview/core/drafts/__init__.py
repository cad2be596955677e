"""Work in the transaction builder that is not lost: the current work, saved as it is edited
and restored at the next start, and drafts saved under a name (``store.DraftStore``).

Qt-free: the builder gives a ``Draft`` (its request as Import/Export JSON has it, the open
template forms' field values, the connection and table) and gets one back.
"""
