"""DynoView's shipped files (icons, stylesheets, desktop entry, AppStream metadata).

This folder sits at the top of the repository but installs as the ``dynoview.resources`` package
(pyproject's ``[tool.setuptools.package-dir]``), so ``importlib.resources.files("dynoview.resources")``
finds it from an editable install, a wheel and the PyInstaller bundle alike
(``dynoview/ui/resources.py``). No code lives here.
"""
