"""What goes into the PyInstaller bundle, kept out of the spec so it can be tested without building.

- moto imports its service backends by name at run time (``moto.backends.get_backend``), which
  PyInstaller cannot see: the DynamoDB and DynamoDB Streams backends and the server pieces are
  listed here.
- botocore ships models for ~450 services (~25 MB); the app talks to DynamoDB, DynamoDB Streams,
  and, to resolve credentials, STS (assume role, web identity), SSO and SSO-OIDC (IAM Identity
  Center profiles) and Sign-In (``aws login`` sessions); S3 and Athena for auditing an S3
  export. Only those models are kept.
- Qt plugins a Linux desktop never loads, and the libraries only they pulled in, are left out
  (``DROP_QT_PLUGINS``, ``trim_binaries``); so is DuckDB (``NOT_BUNDLED``).
"""

from __future__ import annotations

import subprocess
from pathlib import Path, PurePath

KEEP_BOTOCORE_SERVICES = frozenset({"dynamodb", "dynamodbstreams", "sts", "sso", "sso-oidc", "signin",
                                    "s3", "athena"})  # S3 exports and their audit on Athena
KEEP_BOTO3_SERVICES = frozenset({"dynamodb"})

# Packages collected whole (their modules are imported by name at run time).
COLLECT_PACKAGES = (
    "dynoview",  # feature tabs and CLI commands are imported lazily by module name
    "moto.core",
    "moto.dynamodb",
    "moto.dynamodbstreams",
    "moto.moto_api",
    "moto.moto_server",
    "moto.utilities",
)
HIDDEN_IMPORTS = ("moto.backends", "moto.backend_index", "moto.server", "moto.settings",
                  "flask", "flask_cors", "werkzeug.serving")
# Data files of packages: moto's DynamoDB parser reads reserved_keywords.txt; the server serves
# its dashboard templates.
# confusable_homoglyphs: its confusables.json (lookalike clashes, core/uniqueness/forms.py).
DATA_PACKAGES = ("moto.dynamodb", "moto.moto_server", "confusable_homoglyphs")
# Packages that read their own or others' version from installed metadata at import time.
METADATA = ("dynoview", "boto3", "botocore", "moto", "responses", "werkzeug", "flask")
# moto's service packages the demo endpoint imports while serving DynamoDB and DynamoDB Streams
# (measured: start the demo, scan, query, transact, PartiQL, TTL, tags, stream records, then list
# sys.modules). Every other moto service package is excluded: ``moto.backends`` names all ~200
# of them in a TYPE_CHECKING block, which PyInstaller would otherwise follow into CloudFormation
# linting, sympy, docker and pydantic (~90 MB).
MOTO_KEEP = frozenset({
    "core", "dynamodb", "dynamodbstreams", "moto_api", "moto_server", "utilities",
    "awslambda", "cloudwatch", "ecr", "events", "iam", "kinesis", "logs", "s3", "sqs", "sts",
})
# Third-party packages only those excluded moto services use.
HEAVY_UNUSED = (
    "cfnlint", "sympy", "mpmath", "networkx", "docker", "pydantic", "pydantic_core",
    "pydantic_settings", "openapi_spec_validator", "openapi_schema_validator", "jsonschema",
    "jsonschema_path", "jsonschema_specifications", "referencing", "rpds", "aws_xray_sdk",
    "joserfc", "graphql", "antlr4", "numpy", "PIL", "lxml", "regex", "jsonpath_ng", "multipart",
    "setuptools", "pkg_resources",
)
# Left out of the bundles although the app can use them: DuckDB (66 MB, the export audit's
# local engine) would push the Linux bundle from ~150 to ~217 MB for a feature that needs an S3
# export to audit. rthooks/not_bundled.py makes `import duckdb` say so and what to do instead
# (pipx install, or Athena); the wheel keeps DuckDB as a dependency.
NOT_BUNDLED = ("duckdb",)
EXCLUDES = (
    *NOT_BUNDLED,
    "tkinter", "_tkinter", "pydoc_data", "lib2to3", "IPython", "pytest", "hypothesis", "ruff",
    "PySide6.QtQml", "PySide6.QtQuick", "PySide6.QtQuickWidgets", "PySide6.QtNetwork",
    "PySide6.QtOpenGL", "PySide6.QtOpenGLWidgets", "PySide6.QtPdf", "PySide6.QtSql",
    "PySide6.QtTest", "PySide6.QtDesigner", "PySide6.QtUiTools", "PySide6.QtXml",
    "PySide6.QtConcurrent", "PySide6.QtDBus", "PySide6.QtPrintSupport", "PySide6.QtHelp",
    *HEAVY_UNUSED,
)


# Qt plugins a desktop app on X11 or Wayland never loads, by plugin folder (None: the whole
# folder). Measured: the bundle still passes --smoke on xcb (Xvfb) and offscreen without them.
# - platforms: the embedded and remote back ends (eglfs, linuxfb, vnc, minimal, Vulkan KHR
#   display); xcb, wayland and offscreen (the smoke check, CI) stay;
# - platformthemes/libqgtk3: GTK3 dialogs and palette; it alone pulls GIO, cairo, pango,
#   harfbuzz, pixman and libjpeg into the bundle (~9 MB), and Qt falls back to its own dialogs
#   and the Fusion style (DynoView sets its palette itself); the XDG portal theme stays;
# - egldeviceintegrations and generic (evdev, tslib, TUIO input): only eglfs/linuxfb load them;
#   TUIO alone needs QtNetwork;
# - imageformats: the app draws PNG (built into QtGui) and SVG; the other readers are unused.
DROP_QT_PLUGINS: dict[str, frozenset[str] | None] = {
    "platforms": frozenset({"libqeglfs.so", "libqlinuxfb.so", "libqvnc.so", "libqminimal.so",
                            "libqminimalegl.so", "libqvkkhrdisplay.so"}),
    "platformthemes": frozenset({"libqgtk3.so"}),
    "egldeviceintegrations": None,
    "generic": None,
}
KEEP_IMAGE_FORMATS = frozenset({"libqsvg.so"})


def keep_qt_plugin(dest: str) -> bool:
    """False for a Qt plugin in ``DROP_QT_PLUGINS`` or an unused image format (Linux names)."""
    parts = PurePath(dest).parts
    if parts[:3] != ("PySide6", "Qt", "plugins") or len(parts) != 5:
        return True
    folder, name = parts[3], parts[4]
    if folder == "imageformats":
        return name in KEEP_IMAGE_FORMATS
    dropped = DROP_QT_PLUGINS.get(folder, frozenset())
    return dropped is not None and name not in dropped


def orphaned_libraries(binaries: dict[str, list[str]], dropped: set[str],
                       roots: set[str]) -> set[str]:
    """Libraries only the dropped binaries needed: safe to leave out with them.

    ``binaries`` maps each bundled binary's destination to the sonames it needs (DT_NEEDED);
    ``roots`` are the binaries loaded by something other than DT_NEEDED (the executable's
    libpython, Python extensions, Qt plugins): what they reach, directly or not, stays. Only
    libraries reachable from a dropped binary are candidates, so a library loaded with dlopen
    by name and needed by no dropped binary is never touched.
    """
    by_name = {PurePath(dest).name: dest for dest in binaries}

    def closure(start: set[str]) -> set[str]:
        seen: set[str] = set()
        todo = list(start)
        while todo:
            dest = todo.pop()
            if dest in seen:
                continue
            seen.add(dest)
            todo += [by_name[n] for n in binaries.get(dest, []) if n in by_name]
        return seen

    candidates = closure(dropped) - dropped
    kept = closure((roots - dropped) | (set(binaries) - dropped - candidates))
    return candidates - kept


def elf_needed(path: str) -> list[str]:
    """The sonames an ELF file needs (its DT_NEEDED entries), read with binutils' objdump."""
    out = subprocess.run(["objdump", "-p", path], capture_output=True, text=True, check=True).stdout
    return [line.split()[1] for line in out.splitlines() if line.strip().startswith("NEEDED")]


def trim_binaries(entries: list[tuple[str, str, str]],
                  needed: dict[str, list[str]]) -> tuple[list[tuple[str, str, str]], list[str]]:
    """PyInstaller's binaries TOC without the dropped Qt plugins, the libraries only they
    needed, and the symlinks to either; also returns what was left out (destinations).

    ``needed`` maps each BINARY/EXTENSION destination to its DT_NEEDED sonames.
    """
    files = {dest for dest, _src, kind in entries if kind != "SYMLINK"}
    dropped = {dest for dest in files if not keep_qt_plugin(dest)}
    # Loaded by dlopen or by Python, not through DT_NEEDED: libpython (by the bootloader),
    # extension modules and Qt plugins.
    roots = {dest for dest, _src, kind in entries
             if kind == "EXTENSION" or "plugins" in PurePath(dest).parts
             or PurePath(dest).name.startswith("libpython")}
    removed = dropped | orphaned_libraries({d: needed.get(d, []) for d in files}, dropped, roots)
    kept = [(dest, src, kind) for dest, src, kind in entries
            if dest not in removed and not (kind == "SYMLINK" and src in removed)]
    return kept, sorted(removed)


def moto_folder_markers(moto_dir: str) -> list[tuple[str, str]]:
    """Datas that make ``moto/<service>/`` exist on disk in the bundle for each kept service.

    moto's server routes a request by checking the service name against the *folders* next to
    ``moto/__init__.py`` (``backends.list_of_moto_modules``); DynamoDB Streams requests are routed
    only that way. Modules live in the PYZ archive, so without a file there is no folder.
    """
    markers = []
    for name in sorted(MOTO_KEEP):
        init = Path(moto_dir, name, "__init__.py")
        if init.is_file():  # moto_server is a namespace package; its templates make the folder
            markers.append((str(init), f"moto/{name}"))
    return markers


def moto_excludes(package_names: list[str]) -> list[str]:
    """``moto.<service>`` for every moto subpackage outside ``MOTO_KEEP``."""
    return sorted(f"moto.{name}" for name in package_names if name not in MOTO_KEEP)


QT_CATALOGUES = frozenset({"qtbase_pt_BR.qm", "qtbase_fr.qm"})


def keep_data(dest: str) -> bool:
    """False for data the app never loads: other services' botocore/boto3 models, Qt's
    translations (see the module docstring)."""
    parts = PurePath(dest).parts
    if parts[:4] == ("dynoview", "resources", "linux", "screenshots"):
        return False  # for software centres, by URL (the metainfo); the app never shows them
    if parts[:3] == ("PySide6", "Qt", "translations"):
        # Qt's own UI translations (7 MB): only qtbase for the window's languages (the loader's
        # standard buttons and dialogs; Qt ships none for Indonesian).
        return parts[-1] in QT_CATALOGUES
    if len(parts) > 3 and parts[0] == "botocore" and parts[1] == "data":
        return parts[2] in KEEP_BOTOCORE_SERVICES
    if len(parts) > 3 and parts[0] == "boto3" and parts[1] == "data":
        return parts[2] in KEEP_BOTO3_SERVICES
    return True


def version_tuple(version: str) -> tuple[int, int, int, int]:
    """``0.1.0`` -> (0, 1, 0, 0); a pre-release suffix is dropped (Windows wants four numbers)."""
    numbers: list[int] = []
    for part in version.split(".")[:4]:
        digits = ""
        for ch in part:
            if not ch.isdigit():
                break
            digits += ch
        numbers.append(int(digits or 0))
    return tuple([*numbers, 0, 0, 0, 0][:4])  # type: ignore[return-value]


def version_info_text(template: str, version: str, internal_name: str) -> str:
    """The Windows version resource (PyInstaller's VSVersionInfo text) for this version."""
    return (template.replace("{version_tuple}", repr(version_tuple(version)))
            .replace("{version}", version).replace("{internal_name}", internal_name))
