"""PyInstaller runtime hook: DuckDB is left out of the desktop bundles (it alone is 66 MB, a third
of the Linux bundle; spec_support.NOT_BUNDLED). Only ``dynoview audit --export`` and the "Audit an
export" dialog use it; there ``import duckdb`` now raises a sentence that says what to do instead
of a ModuleNotFoundError traceback. The error is a DynoViewError, so the CLI prints it and the
window shows it as a message, not as a crash report.
"""

import importlib.abc
import sys


class _NotBundled(importlib.abc.MetaPathFinder):
    """Answers for the left-out packages after every real finder has looked (end of meta_path)."""

    MESSAGE = ("Auditing an export needs DuckDB, which the desktop bundle leaves out to keep the "
               "download small. Install DynoView with pipx instead (README: Install with pipx), "
               "or run the rules on Athena with --athena-output s3://bucket/prefix/.")

    def find_spec(self, name: str, path: object = None, target: object = None) -> None:
        if name.split(".", 1)[0] != "duckdb":
            return None
        from dynoview.core.errors import DynoViewError

        class DuckDBNotBundled(DynoViewError, ImportError):
            pass

        raise DuckDBNotBundled(self.MESSAGE)


sys.meta_path.append(_NotBundled())
