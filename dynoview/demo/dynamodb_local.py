"""DynamoDB Local, AWS's own engine: fetched once from npm, checked, started.

The jar ships inside the npm package ``amplify-dynamodb-simulator`` 2.9.30 (DynamoDB Local
1.25.1). ``install`` fetches it with ``npm pack`` into a private cache folder outside any
checkout and checks it against the hashes pinned below and in ``dynamodb_local_files`` (every
file, at every start); ``start`` runs it in memory on a free port (Java 17) and returns once it
answers ListTables. Used by the tests and by ``dynoview --demo --engine dynamodb-local``.

DynamoDB Local has no option to choose its address: it listens on every interface, takes any
credentials, and with ``-sharedDb`` everyone reaching the port shares its tables. The app
talks to it on loopback; the demo's tables are fake, and docs/security.md says the rest.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import shutil
import socket
import subprocess
import tarfile
import tempfile
import time
from collections.abc import Mapping
from pathlib import Path

from dynoview.core.errors import DynoViewError
from dynoview.core.session.private_files import private_dir
from dynoview.demo import dynamodb_local_files as files
from dynoview.demo.dynamodb_local_files import ENGINE_VERSION, DynamoDBLocalBroken  # re-exported

PACKAGE = "amplify-dynamodb-simulator"
PACKAGE_VERSION = "2.9.30"
#: sha512 of the npm tarball (the registry's ``dist.integrity``, as hex).
TARBALL_SHA512 = ("c5379e44bbf311fab2779961ddb1f8734907bd21c79a6843e590ec1c5280439836665e89aa515dbad6"
                  "908422c7cf1129e91cb5a3b4c1ea7888a17b9002749ec1")
#: The package's ``emulator/sha256`` file is AWS's checksum of the dynamodb_local tar.gz the jar
#: was unpacked from, not of the jar itself: it names the release. The jar's own hash is pinned too.
RELEASE_SHA256 = "55b425a9a42cfc728436eaf0e4ae64d688b64d177c99c4f4c4d7e3dbb3ac6c09"
JAR = "DynamoDBLocal.jar"
LIB = "DynamoDBLocal_lib"
#: DynamoDB Local refuses access key ids that are not letters and digits
#: (UnrecognizedClientException); any secret will do.
LOCAL_KEYS = {"aws_access_key_id": "dynoviewlocal", "aws_secret_access_key": "local-secret"}

_FETCH_TIMEOUT = 600.0  # the tarball is 57 MB
# A short-lived server on a small machine: C1-only JIT and the serial collector halve the CPU
# it takes to warm up (measured on 2 cores: 3.6 s instead of 7.7 s for 15 seeded tables).
_JVM_OPTIONS = ("-Xmx512m", "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC")


class DynamoDBLocalUnavailable(DynoViewError):
    """DynamoDB Local cannot run here: a tool is missing or the package could not be fetched."""


def default_cache_root(environ: Mapping[str, str] | None = None) -> Path:
    """``$DYNOVIEW_CACHE``, else the user's cache folder for DynoView (``~/.cache/dynoview``)."""
    env = os.environ if environ is None else environ
    if env.get("DYNOVIEW_CACHE"):
        return Path(env["DYNOVIEW_CACHE"]).expanduser()
    from platformdirs import user_cache_dir

    return Path(user_cache_dir("dynoview", appauthor=False))


def install_dir(root: Path | None = None) -> Path:
    """Where this package version lives once unpacked: ``ROOT/dynamodb-local/2.9.30``."""
    return (root or default_cache_root()) / "dynamodb-local" / PACKAGE_VERSION


def missing_tools() -> list[str]:
    """The programs DynamoDB Local needs that are not on PATH (java always, npm to fetch)."""
    return [tool for tool in ("java", "npm") if shutil.which(tool) is None]


def unavailable_reason(root: Path | None = None) -> str | None:
    """One sentence saying why DynamoDB Local cannot run here, or None when it can."""
    missing = missing_tools()
    if "npm" in missing and (install_dir(root) / JAR).is_file():
        missing.remove("npm")  # already fetched: npm is no longer needed
    if not missing:
        return None
    return (f"DynamoDB Local needs java and npm: {' and '.join(missing)} "
            f"{'is' if len(missing) == 1 else 'are'} not on PATH. Install Java 17 "
            "(Debian: apt-get install openjdk-17-jre-headless) and npm, or use the moto engine.")


def _verify(home: Path) -> Path:
    """Raise unless ``home`` holds the pinned release, every file of it and nothing else, safe
    from other users (``dynamodb_local_files``); return it."""
    tree = files.private_tree(home)
    if files.already_checked(tree):
        return home
    jar = home / JAR
    release = (home / "sha256").read_text().strip() if (home / "sha256").is_file() else "(missing)"
    if release != RELEASE_SHA256:
        raise DynamoDBLocalBroken(f"{home} is not DynamoDB Local {ENGINE_VERSION}: its sha256 file says "
                                  f"{release}. Delete that folder so it is fetched again.")
    pinned = files.MANIFEST[JAR]  # the jar first: the file java runs, and the one named
    if not jar.is_file() or files.sha256_of(jar) != pinned:
        raise DynamoDBLocalBroken(f"{jar} does not match its pinned sha256 {pinned}: the file is "
                                  "damaged or was replaced. Delete that folder so it is fetched again.")
    files.check_files(tree, hashed={JAR})
    return home


def _extract_emulator(tarball: Path, into: Path) -> Path:
    """Unpack ``package/emulator/`` only, refusing links and paths that leave ``into``; the
    folders are made 0700 and the files 0600 whatever the umask."""
    with tarfile.open(tarball, "r:gz") as tar:
        members = [m for m in tar.getmembers() if m.name.startswith("package/emulator/")]
        for member in members:
            target = (into / member.name).resolve()
            if not (member.isfile() or member.isdir()) or into.resolve() not in target.parents:
                raise DynamoDBLocalBroken(f"{tarball.name} holds an unexpected entry {member.name!r}; "
                                          "nothing was installed.")
            if hasattr(tarfile, "data_filter"):  # 3.11.4+: and 3.12+ warns without a filter
                tar.extract(member, into, set_attrs=False, filter="data")
            else:
                tar.extract(member, into, set_attrs=False)
    files.make_private(into)
    return into / "package" / "emulator"


def install(root: Path | None = None, *, npm: str = "npm") -> Path:
    """The checked DynamoDB Local folder, fetched with ``npm pack`` the first time.

    Safe when two processes fetch at once: each unpacks into its own temporary folder
    and the first rename wins. The cache folders it creates are 0700 whatever the umask.
    """
    home = install_dir(root)
    if (home / JAR).is_file():
        _verify(home)
        return home
    if shutil.which(npm) is None:
        raise DynamoDBLocalUnavailable(unavailable_reason(root) or "npm is not on PATH.")
    # ``dynamodb-local`` is DynoView's own: made (or tightened to) 0700. Missing folders above it
    # are made 0700 too; an existing cache folder the user chose keeps its mode.
    private_dir(home.parent, top=home.parent)
    with tempfile.TemporaryDirectory(prefix=".fetch-", dir=home.parent) as tmp:
        work = Path(tmp)
        try:
            done = subprocess.run(
                [npm, "pack", f"{PACKAGE}@{PACKAGE_VERSION}", "--json", "--pack-destination", str(work)],
                cwd=work, capture_output=True, text=True, timeout=_FETCH_TIMEOUT, check=False,
                stdin=subprocess.DEVNULL)
        except subprocess.TimeoutExpired as exc:
            raise DynamoDBLocalUnavailable(
                f"npm pack {PACKAGE}@{PACKAGE_VERSION} did not finish in {_FETCH_TIMEOUT:.0f} s: "
                "check that the npm registry can be reached.") from exc
        if done.returncode != 0:
            tail = (done.stderr or done.stdout).strip().splitlines()[-3:]
            raise DynamoDBLocalUnavailable(
                f"npm pack {PACKAGE}@{PACKAGE_VERSION} failed (exit {done.returncode}): "
                f"{' '.join(tail) or 'no output'}. Check that the npm registry can be reached.")
        try:
            filename = json.loads(done.stdout)[0]["filename"]
        except (ValueError, LookupError, TypeError):
            filename = f"{PACKAGE}-{PACKAGE_VERSION}.tgz"
        tarball = work / Path(filename).name
        digest = hashlib.sha512(tarball.read_bytes()).hexdigest()
        if digest != TARBALL_SHA512:
            raise DynamoDBLocalBroken(f"{tarball.name} from npm does not match its pinned sha512; "
                                      "nothing was installed.")
        emulator = _extract_emulator(tarball, work / "unpacked")
        _verify(emulator)
        try:
            emulator.rename(home)
        except OSError as exc:
            if not (home / JAR).is_file():  # not a concurrent fetch that won: a real failure
                raise DynamoDBLocalBroken(f"Could not install DynamoDB Local into {home} ({exc}). "
                                          "Delete that folder so it is fetched again.") from exc
    _verify(home)
    return home


def free_port() -> int:
    """A TCP port free on loopback right now (DynamoDB Local takes a port number, not 0; it
    then listens on every interface, see the module doc)."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class DynamoDBLocal:
    """A running DynamoDB Local; ``stop()`` ends it. Its output goes to ``log_path``."""

    def __init__(self, process: subprocess.Popen[bytes], port: int, log_path: Path,
                 work_dir: Path | None = None) -> None:
        self.process = process
        self.port = port
        self.log_path = log_path
        self.work_dir = work_dir
        self.url = f"http://127.0.0.1:{port}"

    def output(self, lines: int = 40) -> str:
        """The last lines DynamoDB Local printed (stdout and stderr), for failure messages."""
        try:
            text = self.log_path.read_text(errors="replace")
        except OSError:
            return "(no output)"
        return "\n".join(text.splitlines()[-lines:]) or "(no output)"

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=10)
        with contextlib.suppress(OSError):
            self.log_path.unlink()
        if self.work_dir is not None:
            shutil.rmtree(self.work_dir, ignore_errors=True)

    def _answers(self) -> bool:
        from botocore.config import Config

        from dynoview.core.session.connection import Connection, ConnectionSpec

        # Through the app's one client factory; a read-only probe, since it only lists tables.
        spec = ConnectionSpec(name="dynamodb-local", endpoint_url=self.url, region="us-east-1",
                              read_only=True)
        conn = Connection(spec, credentials=LOCAL_KEYS,
                          config=Config(connect_timeout=1, read_timeout=5,
                                        retries={"total_max_attempts": 1}))
        try:
            conn.client.list_tables(Limit=1)
            return True
        except Exception:  # not listening yet, or still starting: poll again
            return False
        finally:
            conn.client.close()


def start(home: Path | None = None, *, java: str = "java", timeout: float = 60.0,
          attempts: int = 3) -> DynamoDBLocal:
    """Start DynamoDB Local in memory with one shared database on a free port, reached on
    loopback (it listens on every interface: the module doc).

    ``-sharedDb``: one database whatever the access key and region (it keeps one per key
    and region otherwise). ``-disableTelemetry``: this machine talks to nothing else.
    A port taken between choosing and binding is retried on another port. A ``home`` given
    is checked as ``install`` checks its own (every file against its pinned sha256).
    """
    home = install() if home is None else _verify(home)
    if shutil.which(java) is None:
        raise DynamoDBLocalUnavailable(unavailable_reason() or "java is not on PATH.")
    last = ""
    for _ in range(attempts):
        port = free_port()
        fd, log_name = tempfile.mkstemp(prefix="dynamodb-local-", suffix=".log")
        # Not the install folder: the engine writes its metadata file into its working folder,
        # and the install must hold only the pinned files (it is on the class path).
        work_dir = Path(tempfile.mkdtemp(prefix="dynamodb-local-run-"))
        with os.fdopen(fd, "wb") as log_file:
            process = subprocess.Popen(
                [java, *_JVM_OPTIONS, f"-Djava.library.path={home / LIB}", "-jar", str(home / JAR),
                 "-inMemory", "-sharedDb", "-disableTelemetry", "-port", str(port)],
                cwd=work_dir, stdin=subprocess.DEVNULL, stdout=log_file, stderr=subprocess.STDOUT)
        server = DynamoDBLocal(process, port, Path(log_name), work_dir)
        deadline = time.monotonic() + timeout
        try:
            while process.poll() is None and time.monotonic() < deadline:
                if server._answers():
                    return server
                time.sleep(0.1)
        except BaseException:  # a quit while it starts (SIGTERM's SystemExit, Ctrl+C): never orphaned
            server.stop()
            raise
        last = server.output()
        exited = process.poll()
        server.stop()
        if exited is None:  # alive but silent: retrying will not help
            break
    raise DynamoDBLocalBroken(f"DynamoDB Local did not answer ListTables within {timeout:.0f} s. "
                              f"Its output:\n{last}")
