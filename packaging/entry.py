"""PyInstaller entry script: the same ``main()`` as ``python -m dynoview`` (GUI and headless commands)."""

import multiprocessing
import sys

from dynoview.__main__ import main

if __name__ == "__main__":
    # The audit's worker processes are spawned from the bundle's own executable: this
    # turns such a start into the worker instead of a second app.
    multiprocessing.freeze_support()
    sys.exit(main())
