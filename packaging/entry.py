"""PyInstaller entry script: the same ``main()`` as ``python -m dynoview`` (GUI and headless commands)."""

import sys

from dynoview.__main__ import main

if __name__ == "__main__":
    sys.exit(main())
