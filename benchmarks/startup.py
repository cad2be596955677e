"""Startup: seconds from process start to the main window shown, against the floor of
`python -c "import PySide6.QtWidgets"`; demo seeding time reported separately.

Goal: window shown within 1.5x the floor (seeding excluded).
Run: QT_QPA_PLATFORM=offscreen .venv/bin/python benchmarks/startup.py [--rounds N]
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _common import write_result

FLOOR = "import PySide6.QtWidgets\nimport time\nprint(time.time())"
# The same path as `dynoview` up to the first paint: imports, QApplication, qasync loop,
# MainWindow construction and show, then one round of events so the window is exposed.
WINDOW = """
import asyncio, sys
from PySide6.QtWidgets import QApplication
import qasync
from dynoview.ui.main_window import MainWindow
app = QApplication(sys.argv[:1])
asyncio.set_event_loop(qasync.QEventLoop(app))
w = MainWindow()
w.show()
app.processEvents()
import time
print(time.time())
"""
# A second, fairer floor: an empty QMainWindow shown with the same event loop.
EMPTY_WINDOW = """
import asyncio, sys
from PySide6.QtWidgets import QApplication, QMainWindow
import qasync
app = QApplication(sys.argv[:1])
asyncio.set_event_loop(qasync.QEventLoop(app))
w = QMainWindow()
w.show()
app.processEvents()
import time
print(time.time())
"""
SEED = """
import time
t = time.perf_counter()
from dynoview.core.demo import start_demo
b = start_demo()
print(time.perf_counter() - t)
b.stop()
"""


def timed(code: str) -> float:
    """Seconds from spawning the process to the moment it prints (window shown), so the
    process's own exit and teardown are not counted."""
    started = time.time()
    done = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True,
                          text=True)
    return float(done.stdout.strip().splitlines()[-1]) - started


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    timed(WINDOW)  # warm the file cache for both
    floors, empties, windows = [], [], []
    for _ in range(args.rounds):
        floors.append(timed(FLOOR))
        empties.append(timed(EMPTY_WINDOW))
        windows.append(timed(WINDOW))
    seed = float(subprocess.run([sys.executable, "-c", SEED], check=True, capture_output=True,
                                text=True).stdout.strip().splitlines()[-1])
    floor, window = statistics.median(floors), statistics.median(windows)
    empty = statistics.median(empties)
    ratio = window / floor
    summary = (f"startup: window shown in {window:.2f} s vs import floor {floor:.2f} s = "
               f"{ratio:.2f}x (goal <= 1.5x); empty Qt window {empty:.2f} s "
               f"({window / empty:.2f}x); demo start+seed {seed:.2f} s (separate)")
    write_result("startup", {"rounds": args.rounds, "floor_seconds": floors,
                             "empty_window_seconds": empties, "window_seconds": windows,
                             "ratio": ratio, "ratio_to_empty_window": window / empty,
                             "demo_seed_seconds": seed}, summary)
    return 0


if __name__ == "__main__":
    sys.exit(main())
