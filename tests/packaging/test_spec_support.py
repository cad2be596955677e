"""What the PyInstaller spec collects and prunes, checked without building (packaging/spec_support.py)."""

from __future__ import annotations

import importlib.util
import pkgutil
import sys
from pathlib import Path
from types import ModuleType

import pytest

from dynoview import __version__

ROOT = Path(__file__).resolve().parents[2]


def load(name: str, path: Path) -> ModuleType:
    # Loaded by path: a top-level "packaging" import would find the PyPI library of that name.
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def support() -> ModuleType:
    return load("dynoview_spec_support", ROOT / "packaging" / "spec_support.py")


@pytest.mark.parametrize(("dest", "kept"), [
    ("botocore/data/dynamodb/2012-08-10/service-2.json.gz", True),
    ("botocore/data/dynamodbstreams/2012-08-10/service-2.json.gz", True),
    ("botocore/data/sso-oidc/2019-06-10/service-2.json.gz", True),
    ("botocore/data/sts/2011-06-15/endpoint-rule-set-1.json.gz", True),
    ("botocore/data/endpoints.json", True),
    ("botocore/data/ec2/2016-11-15/service-2.json.gz", False),
    ("botocore/data/s3/2006-03-01/service-2.json.gz", True),
    ("botocore/data/lambda/2015-03-31/service-2.json.gz", False),
    ("boto3/data/dynamodb/2012-08-10/resources-1.json", True),
    ("boto3/data/ec2/2016-11-15/resources-1.json", False),
    ("PySide6/Qt/translations/qtbase_de.qm", False),
    ("dynoview/resources/icons/dynoview.svg", True),
    ("dynoview/resources/linux/screenshots/items.png", False),
    ("moto/dynamodb/parsing/reserved_keywords.txt", True),
])
def test_keep_data(support: ModuleType, dest: str, kept: bool) -> None:
    assert support.keep_data(dest) is kept


def test_every_kept_botocore_service_exists(support: ModuleType) -> None:
    import botocore

    data = Path(botocore.__file__).parent / "data"
    assert all((data / name).is_dir() for name in support.KEEP_BOTOCORE_SERVICES)


def test_credential_providers_only_need_kept_models(support: ModuleType) -> None:
    """Every service botocore's credential and token providers create a client for is kept."""
    import re

    import botocore

    source = "".join((Path(botocore.__file__).parent / f).read_text() for f in ("credentials.py",
                                                                                "tokens.py", "utils.py"))
    created = set(re.findall(r"create_client\(\s*['\"]([a-z0-9-]+)['\"]", source))
    created |= set(re.findall(r"_client_creator\(\s*['\"]([a-z0-9-]+)['\"]", source))
    assert created and created <= support.KEEP_BOTOCORE_SERVICES


PROBE = """
import sys
from dynoview.demo.backend import start_demo
backend = start_demo()
conn = backend.connect()
c = conn.client
c.scan(TableName="accounts", Limit=5)
c.query(TableName="accounts", KeyConditionExpression="PK = :p",
        ExpressionAttributeValues={":p": {"S": "ACCT#a1f9c3"}})
try:
    c.transact_write_items(TransactItems=[{"Put": {"TableName": "accounts", "Item": {
        "PK": {"S": "UNIQ#EMAIL#ada@lovelace.io"}, "SK": {"S": "LOCK"}},
        "ConditionExpression": "attribute_not_exists(PK)"}}])
except c.exceptions.TransactionCanceledException:
    pass
c.execute_statement(Statement='SELECT * FROM "accounts" WHERE PK = ?', Parameters=[{"S": "x"}])
c.describe_time_to_live(TableName="accounts")
arn = c.describe_table(TableName="accounts")["Table"]["LatestStreamArn"]
s = conn.streams_client()
shard = s.describe_stream(StreamArn=arn)["StreamDescription"]["Shards"][0]["ShardId"]
it = s.get_shard_iterator(StreamArn=arn, ShardId=shard, ShardIteratorType="TRIM_HORIZON")
s.get_records(ShardIterator=it["ShardIterator"], Limit=5)
backend.stop()
print(" ".join(sorted({m.split(".")[1] for m in sys.modules if m.startswith("moto.")})))
"""


def test_moto_services_the_demo_imports_are_kept(support: ModuleType) -> None:
    """The demo endpoint, driven through reads, a transaction, PartiQL, TTL and streams in a fresh
    interpreter, imports only moto packages the bundle keeps."""
    import subprocess

    import moto

    result = subprocess.run([sys.executable, "-c", PROBE], cwd=ROOT, capture_output=True, text=True,
                            timeout=120, check=True)
    packages = {m.name for m in pkgutil.iter_modules(moto.__path__) if m.ispkg}
    loaded = set(result.stdout.split()) & packages
    assert {"dynamodb", "dynamodbstreams"} <= loaded
    assert loaded <= support.MOTO_KEEP, f"add to MOTO_KEEP: {sorted(loaded - support.MOTO_KEEP)}"
    excluded = support.moto_excludes(sorted(packages))
    assert "moto.dynamodb" not in excluded and "moto.cloudformation" in excluded


def test_moto_folder_markers_exist(support: ModuleType) -> None:
    import moto

    markers = support.moto_folder_markers(str(Path(moto.__file__).parent))
    assert ("moto/dynamodbstreams" in {dest for _src, dest in markers})
    assert all(Path(src).is_file() for src, _dest in markers)


@pytest.mark.parametrize(("version", "expected"), [
    ("0.1.0", (0, 1, 0, 0)), ("1.2.3.4", (1, 2, 3, 4)), ("2.0.0rc1", (2, 0, 0, 0)), ("3", (3, 0, 0, 0)),
])
def test_version_tuple(support: ModuleType, version: str, expected: tuple[int, ...]) -> None:
    assert support.version_tuple(version) == expected


def test_windows_version_resource_is_well_formed(support: ModuleType) -> None:
    """The generated text is what PyInstaller evaluates (its loader needs Windows-only pefile,
    so the same names are evaluated here with recorders)."""
    recorded: dict[str, list] = {}

    def recorder(name: str):
        def make(*args, **kwargs):
            recorded.setdefault(name, []).append((args, kwargs))
            return (name, args, kwargs)
        return make

    names = ("VSVersionInfo", "FixedFileInfo", "StringFileInfo", "StringTable", "StringStruct",
             "VarFileInfo", "VarStruct")
    template = (ROOT / "packaging" / "windows" / "version_info.txt.in").read_text()
    text = support.version_info_text(template, __version__, "DynoView")
    eval(text, {n: recorder(n) for n in names})  # our own template, evaluated as PyInstaller does
    fixed = recorded["FixedFileInfo"][0][1]
    assert fixed["filevers"] == fixed["prodvers"] == support.version_tuple(__version__)
    strings = {args[0]: args[1] for args, _kw in recorded["StringStruct"]}
    assert strings["ProductVersion"] == strings["FileVersion"] == __version__
    assert strings["OriginalFilename"] == "DynoView.exe"


def test_spec_and_scripts_reference_existing_files() -> None:
    spec = (ROOT / "packaging" / "dynoview.spec").read_text()
    for name in ("entry.py", "dynoview.ico", "dynoview.icns", "version_info.txt.in", "BUNDLE(",
                 "NSHighResolutionCapable"):
        assert name in spec
    for path in ("packaging/entry.py", "packaging/linux/AppRun", "packaging/linux/install.sh",
                 "resources/icons/dynoview.ico", "resources/icons/dynoview.icns"):
        assert (ROOT / path).is_file(), path
    assert not (ROOT / "packaging" / "__init__.py").exists(), "would shadow the PyPI 'packaging' library"


@pytest.mark.parametrize(("dest", "kept"), [
    ("PySide6/Qt/plugins/platforms/libqxcb.so", True),
    ("PySide6/Qt/plugins/platforms/libqwayland.so", True),
    ("PySide6/Qt/plugins/platforms/libqoffscreen.so", True),  # --smoke and CI
    ("PySide6/Qt/plugins/platforms/libqeglfs.so", False),
    ("PySide6/Qt/plugins/platforms/libqvnc.so", False),
    ("PySide6/Qt/plugins/platformthemes/libqgtk3.so", False),
    ("PySide6/Qt/plugins/platformthemes/libqxdgdesktopportal.so", True),
    ("PySide6/Qt/plugins/generic/libqtuiotouchplugin.so", False),
    ("PySide6/Qt/plugins/egldeviceintegrations/libqeglfs-x11-integration.so", False),
    ("PySide6/Qt/plugins/imageformats/libqsvg.so", True),  # the SVG icon
    ("PySide6/Qt/plugins/imageformats/libqjpeg.so", False),
    ("PySide6/Qt/plugins/iconengines/libqsvgicon.so", True),
    ("PySide6/Qt/plugins/xcbglintegrations/libqxcb-glx-integration.so", True),
    ("PySide6/Qt/plugins/platforminputcontexts/libibusplatforminputcontextplugin.so", True),
    ("PySide6/Qt/lib/libQt6Gui.so.6", True),
])
def test_keep_qt_plugin(support: ModuleType, dest: str, kept: bool) -> None:
    assert support.keep_qt_plugin(dest) is kept


def test_trim_binaries_drops_only_what_dropped_plugins_alone_needed(support: ModuleType) -> None:
    gtk = "PySide6/Qt/plugins/platformthemes/libqgtk3.so"
    xcb = "PySide6/Qt/plugins/platforms/libqxcb.so"
    entries = [
        (gtk, "/src/gtk", "BINARY"), (xcb, "/src/xcb", "BINARY"),
        ("libgio-2.0.so.0", "/lib/gio", "BINARY"),  # only GTK3 needs it
        ("libglib-2.0.so.0", "/lib/glib", "BINARY"),  # GTK3 and QtCore
        ("PySide6/Qt/lib/libQt6Core.so.6", "/src/core", "BINARY"),
        ("libQt6Core.so.6", "PySide6/Qt/lib/libQt6Core.so.6", "SYMLINK"),
        ("libcairo.so.2", "/lib/cairo", "BINARY"),
        ("libcairo-link.so", "libcairo.so.2", "SYMLINK"),
        ("libdbus-1.so.3", "/lib/dbus", "BINARY"),  # needed by nobody: dlopen'ed, kept
        ("PySide6/QtCore.abi3.so", "/src/qtcore-ext", "EXTENSION"),
    ]
    needed = {gtk: ["libgio-2.0.so.0", "libglib-2.0.so.0", "libcairo.so.2"],
              xcb: ["libQt6Core.so.6"],
              "libgio-2.0.so.0": ["libglib-2.0.so.0"],
              "PySide6/Qt/lib/libQt6Core.so.6": ["libglib-2.0.so.0"],
              "PySide6/QtCore.abi3.so": ["libQt6Core.so.6"]}
    kept, removed = support.trim_binaries(entries, needed)
    assert removed == sorted([gtk, "libgio-2.0.so.0", "libcairo.so.2"])
    assert [e[0] for e in kept] == [xcb, "libglib-2.0.so.0", "PySide6/Qt/lib/libQt6Core.so.6",
                                    "libQt6Core.so.6", "libdbus-1.so.3", "PySide6/QtCore.abi3.so"]


def test_elf_needed_reads_dt_needed() -> None:
    import shutil

    if shutil.which("objdump") is None or not sys.platform.startswith("linux"):
        pytest.skip("needs binutils on Linux")
    support = load("dynoview_spec_support_elf", ROOT / "packaging" / "spec_support.py")
    import PySide6

    ext = next(Path(PySide6.__file__).parent.glob("QtCore*.so"))
    assert any(name.startswith("libQt6Core") for name in support.elf_needed(str(ext)))


def test_duckdb_left_out_of_the_bundle_says_what_to_do(support: ModuleType) -> None:
    """The runtime hook turns ``import duckdb`` into a sentence (a DynoViewError, so the CLI and
    the window show it as a message) once DuckDB is not there."""
    import subprocess

    assert "duckdb" in support.EXCLUDES
    hook = ROOT / "packaging" / "rthooks" / "not_bundled.py"
    # -S: no site-packages, so DuckDB cannot be found, as in the bundle; dynoview is in the cwd.
    code = ("import runpy, sys; runpy.run_path(sys.argv[1])\n"
            "try:\n    import duckdb\n"
            "except ImportError as exc:\n"
            "    from dynoview.core.errors import DynoViewError\n"
            "    print(isinstance(exc, DynoViewError), exc.message)\n")
    result = subprocess.run([sys.executable, "-S", "-c", code, str(hook)], cwd=ROOT,
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("True Auditing an export needs DuckDB")
    assert "pipx" in result.stdout and "--athena-output" in result.stdout
