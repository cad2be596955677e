"""Generated TypeScript, compiled and run for real: tsc (pinned, strict with every extra check)
and Node.js with the real SDK v3 (tests/node_sdk.py).

A project is a folder with the generated modules and a driver script beside a ``node_modules``
link to the SDK; ``compile_project`` type-checks and compiles it to ES modules in ``out/``,
``run_driver`` runs one of the driver's scenarios and returns what it printed as JSON.

TypeScript and Node.js's type definitions are fetched once with npm into the cache folder beside
the SDK's (pinned versions, install scripts off), like the SDK itself. Without node or npm the
tests skip, unless ``DYNOVIEW_REQUIRE_DYNAMODB_LOCAL=1`` makes that a failure (CI).
"""

from __future__ import annotations

import json
import os
import subprocess
import tempfile
from collections.abc import Mapping
from pathlib import Path
from typing import Any, NoReturn

import pytest

from dynoview.demo import dynamodb_local as ddbl
from tests import node_sdk

TYPESCRIPT = "5.9.3"
NODE_TYPES = "20.19.25"
REQUIRE = "DYNOVIEW_REQUIRE_DYNAMODB_LOCAL"
#: The first TypeScript test fetches TypeScript (once per machine) and compiles the modules.
COMPILES = pytest.mark.timeout(600)
#: tsc's options: strict, and every check a careful TypeScript project turns on besides.
TSC_OPTIONS = (
    "--strict", "--noUnusedLocals", "--noUnusedParameters", "--noImplicitReturns",
    "--noFallthroughCasesInSwitch", "--noImplicitOverride", "--noUncheckedIndexedAccess",
    "--exactOptionalPropertyTypes", "--target", "es2022", "--module", "nodenext",
    "--moduleResolution", "nodenext", "--types", "node", "--skipLibCheck",
)


def unavailable(message: str) -> NoReturn:
    """Skip (or, with ``DYNOVIEW_REQUIRE_DYNAMODB_LOCAL=1``, fail) a test that needs Node.js."""
    if os.environ.get(REQUIRE) == "1":
        pytest.fail(f"{message} ({REQUIRE}=1 makes this a failure.)", pytrace=False)
    pytest.skip(message)


def _typescript_home() -> Path:
    return ddbl.default_cache_root() / "node-sdk" / f"typescript-{TYPESCRIPT}-node-types-{NODE_TYPES}"


def _installed(home: Path) -> bool:
    try:
        manifest = json.loads((home / "node_modules" / "typescript" / "package.json").read_text("utf-8"))
    except (OSError, ValueError):
        return False
    types = home / "node_modules" / "@types" / "node"
    return bool(manifest.get("version") == TYPESCRIPT and types.is_dir())


def install_typescript() -> Path:
    """tsc and @types/node, pinned, in the cache (a first install fetches them with npm)."""
    home = _typescript_home()
    if _installed(home):
        return home
    reason = node_sdk.unavailable_reason()
    if reason:
        raise node_sdk.NodeSdkUnavailable(reason)
    home.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix=".fetch-", dir=home.parent) as tmp:
        work = Path(tmp) / "ts"
        work.mkdir()
        (work / "package.json").write_text('{"private": true}\n', encoding="utf-8")
        done = subprocess.run(["npm", "install", "--no-audit", "--no-fund", "--ignore-scripts",
                               "--save-exact", f"typescript@{TYPESCRIPT}", f"@types/node@{NODE_TYPES}"],
                              cwd=work, capture_output=True, text=True, timeout=600, check=False,
                              stdin=subprocess.DEVNULL)
        if done.returncode != 0 or not _installed(work):
            tail = " ".join((done.stderr or done.stdout).strip().splitlines()[-3:])
            raise node_sdk.NodeSdkUnavailable(f"npm install typescript@{TYPESCRIPT} failed: {tail}")
        try:
            work.rename(home)
        except OSError:
            if not _installed(home):
                raise
    return home


def compile_project(folder: Path, sources: Mapping[str, str]) -> Path:
    """``sources`` (file name: TypeScript) written to the new folder ``folder`` beside the SDK,
    type-checked and compiled to ``folder/out``; a tsc error fails the test with its output."""
    try:
        sdk = node_sdk.install()
        typescript = install_typescript()
    except node_sdk.NodeSdkUnavailable as exc:
        unavailable(str(exc))
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "node_modules").symlink_to(sdk / "node_modules", target_is_directory=True)
    (folder / "package.json").write_text('{"type": "module"}\n', encoding="utf-8")
    for name, text in sources.items():
        (folder / name).write_text(text, encoding="utf-8")
    tsc = ["node", str(typescript / "node_modules" / "typescript" / "bin" / "tsc"), *TSC_OPTIONS,
           "--typeRoots", str(typescript / "node_modules" / "@types"), "--outDir", "out", *sources]
    done = subprocess.run(tsc, cwd=folder, capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    return folder


def run_driver(project: Path, *argv: str, **args: str) -> Any:
    """The compiled driver run with ``argv`` then ``args`` as one JSON argument (when given):
    what it printed, parsed as JSON; a failure fails the test with its stderr."""
    command = ["node", "out/driver.js", *argv, *([json.dumps(args)] if args else [])]
    done = subprocess.run(command, cwd=project, capture_output=True, text=True, timeout=300,
                          check=False, stdin=subprocess.DEVNULL)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)
