"""Take the AppStream screenshots from the demo under Xvfb: the window as a user first sees it.

    python packaging/screenshots.py            # writes resources/linux/screenshots/*.png

Needs xvfb-run, xdotool and ImageMagick's ``import`` (Debian: apt-get install xvfb xauth xdotool
imagemagick). The app runs from this checkout (``python -m dynoview --demo``) with an empty home
folder, so no saved layout or theme changes the picture. The metainfo names the files by URL
(resources/linux/io.github.dynoview.DynoView.metainfo.xml); commit them (PNGs under
resources/ are not ignored).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "resources" / "linux" / "screenshots"
SIZE = (1360, 860)  # the window's own first-start size on a large screen (MainWindow._fit_to_screen)
# (file, keys pressed before the picture, seconds to wait for what they start)
SHOTS = (
    ("items.png", [], 0.0),
    ("accounts-and-locks.png", ["ctrl+2"], 4.0),  # the audit reads small demo tables on open
    ("ttl-timeline.png", ["ctrl+5"], 4.0),
)

# Runs inside xvfb-run: start the app, wait for its window and the first table, take each shot.
INNER = r"""
set -eu
out="$1"; shift
env -i HOME="$HOME_DIR" PATH="$PATH" DISPLAY="$DISPLAY" XAUTHORITY="$XAUTHORITY" LANG=C.UTF-8 \
  QT_QPA_PLATFORM=xcb "$PYTHON" -m dynoview --demo >"$HOME_DIR/app.log" 2>&1 &
app=$!
# The title names the open table once its first page showed ("DynoView — accounts — Demo …").
win=$(timeout 120 xdotool search --sync --onlyvisible --name 'accounts')
xdotool windowmove "$win" 0 0
# No window manager under Xvfb: give the window the keyboard, then type (XTEST, not
# XSendEvent, which Qt ignores).
xdotool windowfocus --sync "$win" 2>/dev/null
sleep 2  # the first page is painted and the read log filled
while [ $# -gt 0 ]; do
  file="$1"; keys="$2"; wait_s="$3"; shift 3
  for key in $keys; do xdotool key "$key" 2>/dev/null; done
  sleep "$wait_s"
  import -window "$win" "$out/$file"
done
kill -TERM "$app"; wait "$app"  # closes the window the normal way
"""


def main() -> int:
    missing = [tool for tool in ("xvfb-run", "xdotool", "import") if shutil.which(tool) is None]
    if missing:
        raise SystemExit(f"missing {', '.join(missing)}: apt-get install xvfb xauth xdotool imagemagick")
    OUT.mkdir(parents=True, exist_ok=True)
    args: list[str] = []
    for name, keys, wait_s in SHOTS:
        args += [name, " ".join(keys), str(wait_s)]
    with tempfile.TemporaryDirectory(prefix="dynoview-screenshots-") as home:
        env = {**os.environ, "HOME_DIR": home, "PYTHON": sys.executable}
        screen = f"-screen 0 {SIZE[0]}x{SIZE[1]}x24"
        subprocess.run(["xvfb-run", "-a", "-s", screen, "sh", "-c", INNER, "sh", str(OUT), *args],
                       cwd=ROOT, env=env, check=True, timeout=180)
    for name, _keys, _wait in SHOTS:
        path = OUT / name
        # 256 colours: a UI screenshot stays sharp and shrinks to a fraction of its size.
        subprocess.run(["convert", str(path), "-strip", "-colors", "256", f"PNG8:{path}"], check=True)
        print(f"{path.relative_to(ROOT)}: {path.stat().st_size / 1000:.0f} kB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
