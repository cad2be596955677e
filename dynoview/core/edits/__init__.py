"""Cell edits staged in the Items tab before anything is written: the staged set and its
undo (``staging``), each change as a sentence (``diff``), the one guarded transaction that
sends them (``transaction``) and their JSON form in the drafts folder (``persist``).

Qt-free: the Items tab stages a typed value for a cell and gets a ``Transaction`` back.
"""
