"""The AWS SDK for JavaScript v3 DynamoDB client, to run the app's JavaScript exports for real.

Fetched once with ``npm install`` into a cache folder outside any checkout (beside DynamoDB
Local's: ``$DYNOVIEW_CACHE/node-sdk/``), pinned to one version, install scripts off. A test
runs an export by writing it next to a ``node_modules`` link to that folder: ES modules
resolve packages from the script's folder upwards (``NODE_PATH`` does not apply to them).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

from dynoview.demo import dynamodb_local as ddbl

PACKAGE = "@aws-sdk/client-dynamodb"
VERSION = "3.1169.0"
#: Exports use top-level await in an ES module, and SDK v3 needs Node.js 18 or later.
MIN_NODE_MAJOR = 18
_INSTALL_TIMEOUT = 600.0


class NodeSdkUnavailable(Exception):
    """node or npm is missing, too old, or the package could not be fetched: one sentence."""


def unavailable_reason() -> str | None:
    """Why exported JavaScript cannot run here, in one sentence, or None."""
    missing = [tool for tool in ("node", "npm") if shutil.which(tool) is None]
    if missing:
        return (f"Running the JavaScript export needs node and npm: {' and '.join(missing)} "
                f"{'is' if len(missing) == 1 else 'are'} not on PATH.")
    done = subprocess.run(["node", "--version"], capture_output=True, text=True, timeout=60, check=False)
    major = done.stdout.strip().lstrip("v").split(".")[0]
    if not major.isdigit() or int(major) < MIN_NODE_MAJOR:
        return (f"Running the JavaScript export needs Node.js {MIN_NODE_MAJOR} or later; this is "
                f"{done.stdout.strip()}.")
    return None


def install_dir(root: Path | None = None) -> Path:
    return (root or ddbl.default_cache_root()) / "node-sdk" / f"client-dynamodb-{VERSION}"


def _installed_version(home: Path) -> str | None:
    manifest = home / "node_modules" / "@aws-sdk" / "client-dynamodb" / "package.json"
    try:
        return str(json.loads(manifest.read_text(encoding="utf-8")).get("version"))
    except (OSError, ValueError):
        return None


def install(root: Path | None = None) -> Path:
    """The folder holding ``node_modules/@aws-sdk/client-dynamodb`` at ``VERSION``.

    Safe when two processes install at once: each installs into its own temporary folder
    and the first rename wins.
    """
    home = install_dir(root)
    if _installed_version(home) == VERSION:
        return home
    reason = unavailable_reason()
    if reason:
        raise NodeSdkUnavailable(reason)
    home.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix=".fetch-", dir=home.parent) as tmp:
        work = Path(tmp) / "sdk"
        work.mkdir()
        (work / "package.json").write_text('{"private": true}\n', encoding="utf-8")
        try:
            done = subprocess.run(
                ["npm", "install", "--no-audit", "--no-fund", "--ignore-scripts", "--omit=dev",
                 "--save-exact", f"{PACKAGE}@{VERSION}"],
                cwd=work, capture_output=True, text=True, timeout=_INSTALL_TIMEOUT, check=False,
                stdin=subprocess.DEVNULL)
        except subprocess.TimeoutExpired as exc:
            raise NodeSdkUnavailable(f"npm install {PACKAGE}@{VERSION} did not finish in "
                                     f"{_INSTALL_TIMEOUT:.0f} s: check that the npm registry can be "
                                     "reached.") from exc
        if done.returncode != 0 or _installed_version(work) != VERSION:
            tail = " ".join((done.stderr or done.stdout).strip().splitlines()[-3:])
            raise NodeSdkUnavailable(f"npm install {PACKAGE}@{VERSION} failed (exit {done.returncode}): "
                                     f"{tail or 'no output'}. Check that the npm registry can be reached.")
        try:
            work.rename(home)
        except OSError:
            if _installed_version(home) != VERSION:  # not a concurrent install that won
                raise
    return home


def run_module(code: str, folder: Path, sdk: Path, *,
               timeout: float = 120.0) -> subprocess.CompletedProcess[str]:
    """Run ``code`` as an ES module in ``folder`` (created), with the SDK reachable from it."""
    folder.mkdir(parents=True, exist_ok=True)
    link = folder / "node_modules"
    if not link.exists():
        link.symlink_to(sdk / "node_modules", target_is_directory=True)
    script = folder / "export.mjs"
    script.write_text(code, encoding="utf-8")
    return subprocess.run(["node", str(script)], cwd=folder, capture_output=True, text=True,
                          timeout=timeout, check=False, env=dict(os.environ), stdin=subprocess.DEVNULL)
