"""Update check: is a newer DynoView published? Off until the user agrees; never installs anything.

``feed`` reads the project's release feed (PyPI's JSON API), ``state`` keeps the user's answer,
the last check and a skipped version, and ``check`` decides when to ask the feed (at most daily,
only with consent) and what the answer means. Qt-free: the window's part is ``dynoview.ui.updates``.
"""
